import type { Component } from '../../engine/component.js';
import { LXComponent } from '../component/lx-component.js';
import type { Model } from '../model/index.js';
import { lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { ViewDefinition } from './view-definition.js';
import { ViewSelectorParameter, type ViewSource } from './view-selector.js';

/**
 * The structure's view definitions (LX's LXViewEngine), `/lx/structure/views`. Every channel
 * and device has `view` selectors over this list; when the list or a view's name or priority
 * changes, every selector in the show is refreshed so it keeps its view.
 */
export class ViewEngine extends LXComponent implements ViewSource {
  readonly lxClass = 'heronarts.lx.structure.view.LXViewEngine';
  readonly views = this.addArray<ViewDefinition>('view');
  private model: Model | null = null;
  /** The component whose subtree holds the selectors to refresh (the light root). */
  selectorRoot: (() => Component | null) | undefined;

  constructor() {
    super('LX');
  }

  get definitions(): readonly ViewDefinition[] {
    return this.views.items;
  }

  /** Rebuilds every view against a new model (LX: on model generation change). */
  setModel(model: Model): void {
    this.model = model;
    for (const v of this.views.items) v.rebuild(model);
  }

  /** Adds a view definition at `index` (default: the end) and refreshes every selector. */
  addView(view: ViewDefinition, index = this.views.length): ViewDefinition {
    this.views.insert(view, index);
    this.wire(view);
    view.rebuild(this.model);
    this.refreshSelectors();
    return view;
  }

  /** Removes a view; selectors that pointed at it fall back to Default. */
  removeView(view: ViewDefinition): number {
    const index = this.views.remove(view);
    view.onStateChange = undefined;
    this.refreshSelectors();
    return index;
  }

  moveView(view: ViewDefinition, index: number): void {
    this.views.move(view, index);
    this.refreshSelectors();
  }

  private wire(view: ViewDefinition): void {
    view.onStateChange = (_v, what) => {
      if (what === 'label' || what === 'priority') this.refreshSelectors();
    };
  }

  /** Re-reads the view list into every view selector under the light root. */
  refreshSelectors(): void {
    const root = this.selectorRoot?.() ?? null;
    if (root === null) return;
    for (const c of root.descendants()) {
      for (const p of c.parameters.values()) if (p instanceof ViewSelectorParameter) p.refresh(this);
    }
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['views'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.views = this.views.items.map((v) => v.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.views)) {
      const view = new ViewDefinition();
      this.views.insert(view);
      view.load(json, ctx);
      this.wire(view);
      view.rebuild(this.model);
    }
    this.refreshSelectors();
  }
}
