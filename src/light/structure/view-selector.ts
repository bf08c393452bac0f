import type { Component } from '../../engine/component.js';
import { EnumParameter, type EnumOption } from '../../engine/parameters/enum.js';
import type { ViewDefinition } from './view-definition.js';

/** The first option of every view selector: no view, render the inherited model. */
const DEFAULT_VIEW_OPTION = 'Default';

/** Where a selector finds the structure's views (the structure's view engine). */
export interface ViewSource {
  readonly definitions: readonly ViewDefinition[];
}

/** Finds the view engine a component's selectors follow, by walking up to the light root. */
type ViewSourceLookup = (owner: Component) => ViewSource | undefined;

let lookup: ViewSourceLookup = () => undefined;
let refreshing = 0;

/** True while selectors are re-reading the view list (their owners should not react to it). */
export function refreshingViewSelectors(): boolean {
  return refreshing > 0;
}

/** Installed once by the structure module so selectors can find their views without an import cycle. */
export function setViewSourceLookup(fn: ViewSourceLookup): void {
  lookup = fn;
}

/**
 * A view chooser (LX's LXViewEngine.Selector): option 0 is "Default" (no view), then the
 * structure's views in order, or, for a priority selector, only the views marked `priority`.
 * Saved as the option index, as LX does. The options follow the view list: when views are
 * added, removed, moved or renamed the selector keeps pointing at the same view, and falls back
 * to Default when its view is removed.
 */
export class ViewSelectorParameter extends EnumParameter {
  private defs: (ViewDefinition | null)[] = [null];
  /** A saved index read before the selector could see its views; applied on the next refresh. */
  private pending: number | undefined;

  constructor(
    label: string,
    readonly priorityOnly: boolean,
    description: string,
  ) {
    super(label, [{ label: DEFAULT_VIEW_OPTION }], 0, { objectChooser: true, mappable: false, description });
  }

  /** The selected view definition, or null for Default. */
  get selected(): ViewDefinition | null {
    return this.defs[this.getBaseValue()] ?? null;
  }

  /** Re-reads the view list, keeping the selected view (or Default if it is gone). */
  refresh(source: ViewSource | undefined = this.owner === null ? undefined : lookup(this.owner)): void {
    if (source === undefined) return;
    refreshing++;
    try {
      this.refreshFrom(source);
    } finally {
      refreshing--;
    }
  }

  private refreshFrom(source: ViewSource): void {
    const previous = this.selected;
    const defs: (ViewDefinition | null)[] = [null];
    const choices: EnumOption[] = [{ label: DEFAULT_VIEW_OPTION }];
    for (const d of source.definitions) {
      if (this.priorityOnly && !d.priority.isOn()) continue;
      defs.push(d);
      choices.push({ label: d.label.getString() });
    }
    this.defs = defs;
    this.setChoices(choices);
    if (this.pending !== undefined) {
      const i = this.pending;
      this.pending = undefined;
      this.setValue(i >= 0 && i < defs.length ? i : 0);
      return;
    }
    const at = previous === null ? 0 : defs.indexOf(previous);
    this.setValue(at < 0 ? 0 : at);
  }

  /** Selects a view definition (null for Default); a view not on this selector selects Default. */
  select(view: ViewDefinition | null): void {
    const i = this.defs.indexOf(view);
    this.setValue(i < 0 ? 0 : i);
  }

  override load(json: unknown): void {
    const source = this.owner === null ? undefined : lookup(this.owner);
    if (source === undefined) {
      if (typeof json === 'number' && Number.isInteger(json)) this.pending = json;
      return;
    }
    this.refresh(source);
    if (typeof json === 'number' && Number.isInteger(json) && json >= 0 && json < this.defs.length) this.setValue(json);
  }

  override save(): unknown {
    return this.pending ?? this.getBaseValue();
  }
}

/** Re-reads the view list into every view selector of a subtree (after it joins the show). */
export function refreshViewSelectors(subtree: Component): void {
  for (const c of subtree.descendants()) {
    for (const p of c.parameters.values()) if (p instanceof ViewSelectorParameter) p.refresh();
  }
}
