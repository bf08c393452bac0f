import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { LXComponent } from '../component/lx-component.js';
import { lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { DynamicColor } from './dynamic-color.js';

/** A swatch holds 1 to 5 colors. */
export const MAX_SWATCH_COLORS = 5;

/**
 * A set of up to five dynamic colors (LX's LXSwatch). The palette's live swatch is
 * `/lx/palette/swatch`; saved swatches are `/lx/palette/swatches/N`. Asking for a color past the
 * last one gives the last (LX's getColor(i)).
 */
export class Swatch extends LXComponent {
  readonly lxClass = 'heronarts.lx.color.LXSwatch';
  readonly colors = this.addArray<DynamicColor>('color');
  readonly recall = new TriggerParameter('Recall', { description: "Makes this saved swatch the live one (with the palette's transition, if on)" });
  readonly autoCycleEligible = new BooleanParameter('Cycle', true, { description: 'Whether palette auto-cycle may pick this swatch' });
  /** Called when `recall` fires (set by the palette). */
  onRecall: ((s: Swatch) => void) | undefined;

  constructor(label = 'Swatch') {
    super(label);
    this.addParameter('recall', this.recall);
    this.addParameter('autoCycleEligible', this.autoCycleEligible);
    this.colors.insert(new DynamicColor());
    this.recall.onChange(() => {
      if (this.recall.getBaseValue() > 0) this.onRecall?.(this);
    });
  }

  /** The color at `index` (0-based); past the end, the last color. */
  getColor(index: number): DynamicColor {
    const items = this.colors.items;
    return items[index < items.length ? (index < 0 ? 0 : index) : items.length - 1];
  }

  get size(): number {
    return this.colors.length;
  }

  /** Appends a color that starts as a copy of the last one's current color (LX's addColor). */
  addColor(): DynamicColor {
    if (this.colors.length >= MAX_SWATCH_COLORS) throw new RangeError(`a swatch holds at most ${MAX_SWATCH_COLORS} colors`);
    const last = this.colors.items[this.colors.length - 1].getColor();
    const color = new DynamicColor(last);
    this.colors.insert(color);
    return color;
  }

  /** Removes the last color (never the first). */
  removeColor(): DynamicColor {
    if (this.colors.length <= 1) throw new RangeError('a swatch keeps at least one color');
    const color = this.colors.items[this.colors.length - 1];
    this.colors.remove(color);
    return color;
  }

  loop(deltaMs: number): void {
    const items = this.colors.items;
    for (let i = 0; i < items.length; i++) items[i].loop(deltaMs);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['colors'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.colors = this.colors.items.map((c) => c.save());
  }

  /** LX's load: colors load into the existing ones, extra ones are added, surplus ones removed, all retriggered. */
  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    const saved = Array.isArray(obj.colors) ? lxArray(obj.colors).slice(0, MAX_SWATCH_COLORS) : undefined;
    let n = 0;
    if (saved !== undefined) {
      for (const json of saved) {
        if (n < this.colors.length) this.colors.items[n].load(json, ctx);
        else {
          const c = new DynamicColor();
          this.colors.insert(c);
          c.load(json, ctx);
        }
        n++;
      }
    } else {
      n = 1;
    }
    while (this.colors.length > Math.max(1, n)) this.colors.remove(this.colors.items[this.colors.length - 1]);
    for (const c of this.colors.items) c.trigger();
  }
}
