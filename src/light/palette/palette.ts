// The color palette (LX's LXPalette) at `/lx/palette`.
//
// API for devices (read inside `run`, allocation-free; indices are 0-based):
//
//   palette.swatchSize()           number of colors in the live swatch (1–5)
//   palette.swatchColor(i)         ARGB of live color i (past the end: the last color)
//   palette.swatchHue(i)           its hue in degrees, valid even when the color is black
//   palette.swatchSaturation(i)    its saturation 0–100 as LX's getSaturation() reports it (Fixed:
//                                  the primary's parameter, not the ARGB's)
//   palette.swatchBrightness(i)    its brightness 0–100 (float, from the ARGB)
//   palette.getSwatchColor(i)      the DynamicColor itself (mode, period, primary, secondary)
//   palette.getColor(), getHue(), getSaturation(), getBrightness()   color 0
//   linkedColor(param, palette)    a LinkedColorParameter's color: its own hsb in Static mode,
//                                  live swatch color `index − 1` in Palette mode
//
// Saved swatches (`/lx/palette/swatches/N`) are recalled into the live swatch with `setSwatch`,
// optionally with a transition (every live color frozen to Fixed and blended from the old to
// the new colors by `transitionMode`), and auto-cycled NEXT or RANDOM (seeded).
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import type { LinkedColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { SeededRandom } from '../../engine/random.js';
import { ColorStops, GRADIENT_BLEND_MODES, type GradientBlendMode } from '../color/gradient.js';
import { blendMaskf, lerp } from '../color/blend-kernel.js';
import { b as brightnessOf, h as hueOf, hsb, s as saturationOf } from '../color/lx-color.js';
import { LXComponent } from '../component/lx-component.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import type { DynamicColor } from './dynamic-color.js';
import { Swatch } from './swatch.js';

const NO_SWATCH = -1;

/**
 * The hue, saturation and brightness (float32) of a new color parameter (LX's default red: 0°,
 * 100 %, 100 %) after its color is set to `argb`: brightness follows the ARGB, saturation only
 * when brightness is above 0, hue only when saturation is above 0.
 */
function staticHsb(argb: number): [number, number, number] {
  const b = brightnessOf(argb);
  const s = b > 0 ? saturationOf(argb) : 100;
  const h = b > 0 && s > 0 ? hueOf(argb) : 0;
  return [h, s, b];
}

/** A saved swatch as JSON with ids stripped and `recall` dropped (LX's toJsonSwatch). */
function swatchJson(s: Swatch): LxObject {
  const obj = stripIds(s.save()) as LxObject;
  if (obj.parameters !== undefined) delete obj.parameters.recall;
  return obj;
}

function stripIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripIds);
  if (isLxObject(v)) {
    const out: LxObject = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'id') out[k] = stripIds(x);
    return out;
  }
  return v;
}

const LOAD_CONTEXT_STUB = (ctx?: LoadContext): LoadContext =>
  ctx ?? {
    ids: new Map(),
    defer: (fn) => fn(),
    warn: () => undefined,
    registry: { byClassName: () => undefined } as unknown as LoadContext['registry'],
  };

export class Palette extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [
      ...super.runtimeFields(),
      'autoCycleProgress',
      'inTransition',
      'transitionFrom',
      'transitionTo',
      'transitionFromHsb',
      'transitionToHsb',
      'transitionTarget',
      'transitionBasis',
      'random',
    ];
  }

  readonly lxClass = 'heronarts.lx.color.LXPalette';
  readonly transitionEnabled = new BooleanParameter('Transitions', false, { description: 'Blend into a recalled swatch over the transition time' });
  readonly transitionTimeSecs = new BoundedParameter('Transition Time', 5, {
    v0: 0.1,
    v1: 180,
    units: 'seconds',
    description: 'Length of a swatch transition',
  });
  readonly transitionMode = new EnumParameter(
    'Transition Mode',
    GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })),
    0,
    { description: 'How colors are blended during a swatch transition' },
  );
  readonly autoCycleEnabled = new BooleanParameter('Auto-Cycle', false, { description: 'Cycle through the saved swatches automatically' });
  readonly autoCycleMode = new EnumParameter(
    'Auto-Cycle Mode',
    [
      { label: 'Next', name: 'NEXT' },
      { label: 'Random', name: 'RANDOM' },
    ],
    0,
    { description: 'Next eligible swatch or a random one' },
  );
  readonly autoCycleTimeSecs = new BoundedParameter('Cycle Time', 60, {
    v0: 0.1,
    v1: 14400,
    units: 'seconds',
    description: 'Seconds between automatic swatch changes',
  });
  readonly autoCycleCursor = new DiscreteParameter('Auto-Cycle', NO_SWATCH, NO_SWATCH, NO_SWATCH, { description: 'The saved swatch last recalled (-1: none)' });
  readonly triggerSwatchCycle = new TriggerParameter('Trigger Cycle', { description: 'Moves to the next swatch now (or finishes a running transition)' });
  readonly expandedPerformance = new BooleanParameter('Enabled', true, { description: 'Console: palette pane expanded in performance mode' });
  readonly labels: readonly StringParameter[];
  readonly swatch: Swatch;
  readonly swatches = this.addArray<Swatch>('swatches');
  private autoCycleProgress = 0;
  private inTransition: Swatch | null = null;
  private transitionFrom: number[] = [];
  private transitionTo: number[] = [];
  private transitionFromHsb: [number, number, number][] = [];
  private transitionToHsb: [number, number, number][] = [];
  private transitionTarget: LxObject | null = null;
  private transitionBasis = 0;
  private readonly stops = new ColorStops();
  private readonly random = new SeededRandom(0xc0105);

  constructor() {
    super('Color Palette');
    this.swatch = this.addChild('swatch', new Swatch('Swatch'));
    this.addParameter('transitionEnabled', this.transitionEnabled);
    this.addParameter('transitionTimeSecs', this.transitionTimeSecs);
    this.addParameter('transitionMode', this.transitionMode);
    this.addParameter('autoCycleEnabled', this.autoCycleEnabled);
    this.addParameter('autoCycleMode', this.autoCycleMode);
    this.addParameter('autoCycleTimeSecs', this.autoCycleTimeSecs);
    this.addParameter('autoCycleCursor', this.autoCycleCursor);
    this.addParameter('triggerSwatchCycle', this.triggerSwatchCycle);
    this.addParameter('expandedPerformance', this.expandedPerformance);
    const labels: StringParameter[] = [];
    for (let i = 1; i <= 5; i++) {
      const p = new StringParameter(`Label ${i}`, String(i), { description: `Name of palette color slot ${i}`, maxLength: 64 });
      this.addParameter(`label${i}`, p);
      labels.push(p);
    }
    this.labels = labels;
    this.triggerSwatchCycle.onChange(() => {
      if (this.triggerSwatchCycle.getBaseValue() === 0) return;
      if (this.transitionTarget !== null) this.finishTransition();
      else this.doSwatchCycle();
    });
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p === this.autoCycleEnabled) this.autoCycleProgress = 0;
    else if (p === this.transitionEnabled && !this.transitionEnabled.isOn()) this.finishTransition();
  }

  // ---- reading --------------------------------------------------------------------------

  swatchSize(): number {
    return this.swatch.colors.length;
  }

  getSwatchColor(index: number): DynamicColor {
    return this.swatch.getColor(index);
  }

  swatchColor(index: number): number {
    return this.swatch.getColor(index).getColor();
  }

  swatchHue(index: number): number {
    return this.swatch.getColor(index).getHue();
  }

  swatchSaturation(index: number): number {
    return this.swatch.getColor(index).getSaturation();
  }

  swatchBrightness(index: number): number {
    return this.swatch.getColor(index).getBrightness();
  }

  /** The live swatch's first color (LX's palette.color). */
  get color(): DynamicColor {
    return this.swatch.getColor(0);
  }

  getColor(): number {
    return this.color.getColor();
  }

  getHue(): number {
    return this.color.getHue();
  }

  getSaturation(): number {
    return this.color.getSaturation();
  }

  getBrightness(): number {
    return brightnessOf(this.getColor());
  }

  /** Whether a swatch transition is running. */
  get transitioning(): boolean {
    return this.transitionTarget !== null;
  }

  get transitionProgress(): number {
    return this.transitionTarget !== null ? this.transitionBasis : 0;
  }

  // ---- saved swatches ---------------------------------------------------------------------

  /** Wires a saved swatch's recall trigger and keeps the auto-cycle cursor's range. */
  attachSwatch(s: Swatch, index = this.swatches.length): Swatch {
    this.swatches.insert(s, index);
    s.onRecall = (sw) => this.setSwatch(sw);
    this.autoCycleCursor.setRange(NO_SWATCH, this.swatches.length - 1);
    const cursor = this.autoCycleCursor.getValue();
    if (index <= cursor) this.autoCycleCursor.setValue(cursor + 1);
    return s;
  }

  detachSwatch(s: Swatch): number {
    if (this.inTransition === s) this.finishTransition();
    const index = this.swatches.remove(s);
    s.onRecall = undefined;
    const cursor = this.autoCycleCursor.getValue();
    if (index <= cursor) this.autoCycleCursor.setValue(cursor - 1);
    this.autoCycleCursor.setRange(NO_SWATCH, this.swatches.length - 1);
    return index;
  }

  /** A new saved swatch copied from the live one, labelled `Swatch-<n>` (LX's saveSwatch). */
  newSwatchFromLive(ctx?: LoadContext): Swatch {
    const saved = new Swatch('Swatch');
    saved.load(swatchJson(this.swatch), LOAD_CONTEXT_STUB(ctx));
    saved.label.setString(`Swatch-${this.swatches.length + 1}`);
    return saved;
  }

  /**
   * Makes a saved swatch live. Without a transition the live swatch loads it at once; with one,
   * the live colors freeze to Fixed and blend to the saved colors over the transition time.
   * Recalling the swatch already transitioning finishes the transition. Returns false then.
   */
  setSwatch(s: Swatch): boolean {
    if (this.inTransition === s) {
      this.finishTransition();
      return false;
    }
    const target = swatchJson(s);
    this.autoCycleCursor.setValue(s.index);
    this.autoCycleProgress = 0;
    if (this.transitionEnabled.isOn()) {
      this.inTransition = s;
      // LX blends static copies (LXSwatch.staticCopy): each color's current ARGB (a Cycle or Osc
      // color where it is now) set into a new color parameter, so the hue, saturation and
      // brightness blended are the ARGB's, not the swatch's own settings.
      this.transitionFrom = this.swatch.colors.items.map((c) => c.getColor());
      this.transitionFromHsb = this.transitionFrom.map(staticHsb);
      this.transitionTo = s.colors.items.map((c) => c.getColor());
      this.transitionToHsb = this.transitionTo.map(staticHsb);
      this.transitionTarget = target;
      this.transitionBasis = 0;
      for (const c of this.swatch.colors.items) {
        const now = c.getColor();
        c.mode.setValue(0);
        c.setPrimaryColor(now);
      }
      const n = Math.max(this.transitionFrom.length, this.transitionTo.length);
      while (this.swatch.colors.length < n) this.swatch.addColor();
      while (this.swatch.colors.length > n) this.swatch.removeColor();
    } else {
      this.swatch.load(target, LOAD_CONTEXT_STUB());
    }
    return true;
  }

  /** Drops a running transition where it is, without loading its target (undo of a recall). */
  cancelTransition(): void {
    this.transitionTarget = null;
    this.inTransition = null;
  }

  private finishTransition(): void {
    if (this.transitionTarget === null) return;
    const target = this.transitionTarget;
    this.transitionTarget = null;
    this.inTransition = null;
    this.swatch.load(target, LOAD_CONTEXT_STUB());
  }

  private doSwatchCycle(): void {
    if (this.autoCycleMode.getValue() === 0) this.goNextSwatch();
    else this.goRandomSwatch();
  }

  private goNextSwatch(): void {
    const n = this.swatches.length;
    if (n <= 1) return;
    let start = this.autoCycleCursor.getValue();
    let next = (start + 1) % n;
    while (next !== start) {
      if (start < 0) start = 0;
      const s = this.swatches.items[next];
      if (s.autoCycleEligible.isOn()) {
        this.setSwatch(s);
        return;
      }
      next = (next + 1) % n;
    }
  }

  private goRandomSwatch(): void {
    const n = this.swatches.length;
    if (n <= 1) return;
    const cursor = this.autoCycleCursor.getValue();
    const eligible = this.swatches.items.filter((s, i) => i !== cursor && s.autoCycleEligible.isOn());
    if (eligible.length > 0) this.setSwatch(eligible[this.random.nextInt(eligible.length)]);
  }

  // ---- frame ------------------------------------------------------------------------------

  /** Advances the swatch transition or the dynamic colors and auto-cycle (after global modulators). */
  loop(deltaMs: number): void {
    if (this.transitionTarget !== null) {
      const periodMs = 1000 * this.transitionTimeSecs.getValue();
      this.transitionBasis = Math.min(1, this.transitionBasis + deltaMs / periodMs);
      if (this.transitionBasis >= 1) this.finishTransition();
      else {
        const t = Math.fround(this.transitionBasis);
        const items = this.swatch.colors.items;
        for (let i = 0; i < items.length; i++) items[i].setPrimaryColor(this.transitionColor(i, t));
      }
      this.autoCycleProgress = 0;
      return;
    }
    this.swatch.loop(deltaMs);
    if (this.autoCycleEnabled.isOn()) {
      this.autoCycleProgress += deltaMs / (1000 * this.autoCycleTimeSecs.getValue());
      if (this.autoCycleProgress >= 1) {
        this.autoCycleProgress = 0;
        this.doSwatchCycle();
      }
    }
  }

  private transitionColor(i: number, t: number): number {
    const mode = this.transitionMode.getValue() as GradientBlendMode;
    // RGB: LXColor.lerp of the two ARGBs with the float mask (BlendFunction.RGB on color parameters).
    if (mode === 0) {
      const from = this.transitionFrom[Math.min(i, this.transitionFrom.length - 1)];
      return lerp(from, this.transitionTo[Math.min(i, this.transitionTo.length - 1)], blendMaskf(t));
    }
    const from = this.transitionFromHsb[Math.min(i, this.transitionFromHsb.length - 1)];
    const to = this.transitionToHsb[Math.min(i, this.transitionToHsb.length - 1)];
    const stops = this.stops;
    stops.setStop(0, from[0], from[1], from[2]);
    stops.setStop(1, to[0], to[1], to[2]);
    stops.setNumStops(2);
    return stops.blendStops(0, 1, t, mode);
  }

  // ---- files ------------------------------------------------------------------------------

  protected override extraSaveKeys(): readonly string[] {
    return ['swatches'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.swatches = this.swatches.items.map((s) => s.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    const n = lxArray(obj.swatches).length;
    this.autoCycleCursor.setRange(NO_SWATCH, n - 1);
    super.load(obj, ctx);
    const cursor = isLxObject(obj.parameters) ? obj.parameters.autoCycleCursor : undefined;
    if (typeof cursor === 'number') this.autoCycleCursor.load(cursor);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.swatches)) {
      const s = new Swatch(`Swatch-${this.swatches.length + 1}`);
      this.attachSwatch(s);
      s.load(json, ctx);
    }
  }
}

/**
 * A LinkedColorParameter's current ARGB: Static mode is its own hue/saturation/brightness
 * (effective values, so modulation applies); Palette mode is the live swatch's color at
 * `index − 1` (LX's LinkedColorParameter.calcColor).
 */
export function linkedColor(param: LinkedColorParameter, palette: Palette | undefined): number {
  if (param.mode.getValue() === 1 && palette !== undefined) return palette.swatchColor(param.index.getValue() - 1);
  return hsb(param.hue.getValuef(), param.saturation.getValuef(), param.brightness.getValuef());
}
