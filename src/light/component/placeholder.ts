import { LXComponent } from './lx-component.js';
import type { LoadContext, LxObject } from './lxp-types.js';

/**
 * A saved pattern, effect or modulator whose class Footlight does not have, or cannot run here.
 * It keeps the saved JSON, renders nothing, says so when listed, and is written back unchanged.
 */
export class Placeholder extends LXComponent {
  readonly lxClass: string;
  readonly reason: string;
  private json: LxObject;

  constructor(
    readonly kind: 'pattern' | 'effect' | 'modulator',
    json: LxObject,
    reason?: string,
  ) {
    super(typeof json.parameters?.label === 'string' ? json.parameters.label : 'Placeholder');
    this.lxClass = typeof json.class === 'string' ? json.class : 'unknown';
    this.reason = reason ?? "this class is not part of Footlight's library";
    this.json = json;
  }

  override save(): LxObject {
    return { ...this.json, id: this.id, parameters: { ...this.json.parameters, label: this.label.getString() } };
  }

  /** A parameter value as the file saved it. */
  savedParameter(key: string): unknown {
    return this.json.parameters?.[key];
  }

  override load(json: LxObject, ctx: LoadContext): void {
    this.json = json;
    if (typeof json.id === 'number') {
      ctx.ids.set(json.id, this);
      // Keep the saved id while the object is not live yet (the graph re-assigns it on a clash).
      if (this.graph === null) this.id = json.id;
    }
    if (typeof json.parameters?.label === 'string') this.label.setString(json.parameters.label);
  }
}
