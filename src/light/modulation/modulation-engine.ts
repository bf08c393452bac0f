import type { Component } from '../../engine/component.js';
import { resolvePath } from '../../engine/paths.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../lx-component.js';
import { Placeholder } from '../placeholder.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../project/lxp-types.js';
import { CompoundModulation } from './compound-modulation.js';
import { Modulator } from './modulator.js';
import type { NormalizedSource } from './normalized-source.js';

/**
 * A modulation scope (LX's LXModulationEngine): its modulators, run in list order each frame,
 * and the modulations wired from sources to targets. The global engine is `/lx/modulation`;
 * every bus and device has its own at `.../modulation`.
 */
export class ModulationEngine extends LXComponent {
  readonly lxClass = 'heronarts.lx.modulation.LXModulationEngine';
  readonly modulators = this.addArray<Modulator | Placeholder>('modulator');
  readonly modulations = this.addArray<CompoundModulation>('modulation');
  readonly triggers = this.addArray<LXComponent>('trigger');

  constructor(label = 'Modulation') {
    super(label);
  }

  /** The component whose modulation this engine holds (the engine root for the global scope). */
  get scopeOwner(): Component {
    return this.parent ?? this;
  }

  loop(deltaMs: number): void {
    const items = this.modulators.items;
    for (let i = 0; i < items.length; i++) {
      const m = items[i];
      if (m instanceof Modulator) m.loop(deltaMs);
    }
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['modulators', 'modulations', 'triggers'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.modulators = this.modulators.items.map((m) => m.save());
    obj.modulations = this.modulations.items.map((m) => this.saveModulation(m));
    obj.triggers = [...this.triggers.items.map((t) => t.save()), ...this.keepUnresolved];
  }

  private relative(c: Component | Parameter): string {
    const owner = this.scopeOwner.path;
    return c.path.startsWith(owner) ? c.path.slice(owner.length) : c.path;
  }

  private saveModulation(m: CompoundModulation): LxObject {
    const obj = m.save();
    const src = m.source;
    const source = src instanceof Modulator
      ? { id: src.id, path: this.relative(src) }
      : { componentId: (src as NumericParameter).owner?.id, parameterPath: (src as NumericParameter).key, path: this.relative(src as NumericParameter) };
    const target = { componentId: m.target.owner?.id, parameterPath: m.target.key, path: this.relative(m.target) };
    return { source, target, ...obj };
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.modulators)) {
      const className = typeof json.class === 'string' ? json.class : '';
      const entry = ctx.registry.byClassName(className);
      const m = entry?.create !== undefined ? entry.create() : new Placeholder('modulator', json, entry?.unavailable);
      if (!(m instanceof Modulator || m instanceof Placeholder)) continue;
      this.modulators.insert(m);
      m.load(json, ctx);
      if (m instanceof Placeholder) ctx.warn(`modulator ${className} is not available (${m.reason}); kept as a placeholder`);
    }
    const modulations = lxArray(obj.modulations);
    const triggers = lxArray(obj.triggers);
    // References resolve once the whole project exists.
    ctx.defer(() => {
      for (const json of modulations) this.loadModulation(json, ctx);
      for (const json of triggers) this.keepUnresolved.push(json);
    });
  }

  /** Trigger modulations that no loader handles yet, written back as they were. */
  private readonly keepUnresolved: LxObject[] = [];

  private resolveRef(ref: unknown, ctx: LoadContext): Component | Parameter | undefined {
    if (!isLxObject(ref)) return undefined;
    const root = rootOf(this);
    if (typeof ref.path === 'string') {
      try {
        const r = resolvePath(root, `${this.scopeOwner.path}${ref.path}`);
        return r.kind === 'component' ? r.component : r.parameter;
      } catch {
        // fall through to ids
      }
    }
    const id = typeof ref.componentId === 'number' ? ref.componentId : typeof ref.id === 'number' ? ref.id : undefined;
    const c = id === undefined ? undefined : ctx.ids.get(id);
    if (c === undefined) return undefined;
    return typeof ref.parameterPath === 'string' ? c.parameters.get(ref.parameterPath) : c;
  }

  private loadModulation(json: LxObject, ctx: LoadContext): void {
    const source = this.resolveRef(json.source, ctx);
    const target = this.resolveRef(json.target, ctx);
    const src: NormalizedSource | undefined = source instanceof Modulator ? source : source instanceof NumericParameter ? source : undefined;
    if (src === undefined || !(target instanceof NumericParameter) || !target.modulatable) {
      ctx.warn(`a modulation in ${this.path} could not be restored (source or target missing or not modulatable)`);
      return;
    }
    const m = new CompoundModulation(src, target);
    this.modulations.insert(m);
    m.load(json, ctx);
    m.connect();
  }
}

function rootOf(c: Component): Component {
  let r = c;
  while (r.parent !== null) r = r.parent;
  return r;
}
