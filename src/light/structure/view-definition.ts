import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { LXComponent } from '../component/lx-component.js';
import { invalidArgument } from '../../engine/errors.js';
import { type Model, type PointSet, type View, ModelInputError, buildView, parseSelector } from '../model/index.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';

/** A view selector string: surfaces may only set one that parses (§6.3 grammar). */
class SelectorParameter extends StringParameter {
  override accept(input: unknown): string {
    const text = super.accept(input);
    if (text.trim().length > 0) {
      try {
        parseSelector(text);
      } catch (err) {
        if (err instanceof ModelInputError) throw invalidArgument(`${this.path || this.label}: ${err.message}`);
        throw err;
      }
    }
    return text;
  }
}

/**
 * A named subset of the model (LX's LXViewDefinition), `/lx/structure/views/view/N`. Its
 * selector picks fixtures and submodels by tag (§6.3); channels and devices that select it
 * render only those points, with coordinates renormalized to the view (RELATIVE) or kept
 * (ABSOLUTE). A disabled view, an empty selector or a selector that does not parse selects
 * nothing, so its users render the whole model, as in LX.
 */
export class ViewDefinition extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.view.LXViewDefinition';
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether this view applies; a disabled view renders as the whole model' });
  readonly selector = new SelectorParameter('View Selector', '', {
    description: 'Tags that pick the points, e.g. "strip", "arc, point", "panel[0-3]"',
    maxLength: 1024,
  });
  readonly normalization = new EnumParameter(
    'View Normalization',
    [
      { label: 'Constrain to view bounds', name: 'RELATIVE' },
      { label: 'Preserve absolute bounds', name: 'ABSOLUTE' },
    ],
    0,
    { description: "RELATIVE renormalizes coordinates to the view; ABSOLUTE keeps the whole model's" },
  );
  readonly orientation = new EnumParameter(
    'View Orientation',
    [
      { label: 'Global', name: 'GLOBAL' },
      { label: 'Group', name: 'GROUP' },
    ],
    0,
    { description: "GROUP normalizes each group in its fixture's own frame (RELATIVE only, one fixture per group)" },
  );
  readonly priority = new BooleanParameter('Priority', true, { description: "Listed on the devices' priority view selector" });
  readonly cueActive = new BooleanParameter('Cue', false, { mode: 'momentary', description: "Previews the view's points in the cue output" });
  /** The built view, or null when the definition selects nothing (disabled, empty or invalid). */
  private built: View | null = null;
  /** Why the selector did not build, when it did not parse. */
  error: string | undefined;
  private model: Model | null = null;
  private loading = false;
  /** Called when the definition's options change (label, priority, enabled). */
  onStateChange: ((v: ViewDefinition, what: 'label' | 'priority' | 'view') => void) | undefined;

  constructor(label = 'View') {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('selector', this.selector);
    this.addParameter('normalization', this.normalization);
    this.addParameter('orientation', this.orientation);
    this.addParameter('priority', this.priority);
    this.addParameter('cueActive', this.cueActive);
  }

  /** The view's points (global indices in `index`), or null to render the whole model. */
  get points(): PointSet | null {
    return this.built === null ? null : this.built.points;
  }

  get view(): View | null {
    return this.built;
  }

  /** Rebuilds the view against `model` (after a model change or an edit of the definition). */
  rebuild(model: Model | null = this.model): void {
    this.model = model;
    this.built = null;
    this.error = undefined;
    if (this.loading || model === null) return;
    const selector = this.selector.getString().trim();
    if (model.size === 0 || !this.enabled.isOn() || selector.length === 0) return;
    try {
      this.built = buildView(model, selector, {
        normalization: this.normalization.getValue() === 1 ? 'ABSOLUTE' : 'RELATIVE',
        orientation: this.orientation.getValue() === 1 ? 'GROUP' : 'GLOBAL',
      });
    } catch (err) {
      if (!(err instanceof ModelInputError)) throw err;
      this.error = err.message;
    }
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p === this.enabled || p === this.selector || p === this.normalization || p === this.orientation) {
      this.rebuild();
      this.onStateChange?.(this, 'view');
    } else if (p === this.label) this.onStateChange?.(this, 'label');
    else if (p === this.priority) this.onStateChange?.(this, 'priority');
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    this.loading = true;
    try {
      super.load(obj, ctx);
    } finally {
      this.loading = false;
    }
    this.rebuild();
  }
}
