import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { refreshViewSelectors } from '../structure/view-selector.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { CROSSFADER_BLENDS, createBlend } from '../color/blend-modes.js';
import { multiply as multiplyKernel } from '../color/blend-kernel.js';
import { gray } from '../color/lx-color.js';
import { LXComponent } from '../component/lx-component.js';
import type { PointSet } from '../model/index.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import type { AbstractChannel } from './bus.js';
import { CROSSFADER_BLEND_CHOICES, blendSet } from '../color/blend-tables.js';
import { Channel } from './channel.js';
import { Group } from './group.js';
import { MasterBus } from './master-bus.js';
import type { CueSink } from '../devices/patterns/pattern-engine.js';
import { colorBuffer } from '../parallel/shared-arrays.js';
import { type RenderSubset, applySubset, inSubset } from '../model/subset.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { Effect } from '../devices/effects/effect.js';
import type { Bus } from './bus.js';
import type { BlendMode } from '../color/blend-modes.js';
import { rangeView } from '../parallel/range-views.js';

const BLACK = 0xff000000;
const GROUP_CLASSES = new Set(['heronarts.lx.mixer.LXGroup', 'heronarts.lx.LXGroup']);

/** The buffers one mixer frame writes: main, cue and aux, frame-sized ARGB. */
export interface MixerFrame {
  main: Uint32Array;
  cue: Uint32Array;
  aux: Uint32Array;
  cueOn: boolean;
  auxOn: boolean;
  /**
   * Whether cue (aux) holds only opaque black: the mixer then skips clearing it. The mixer sets
   * it after a frame that wrote nothing there; whoever else writes a color there clears it.
   */
  cueBlack: boolean;
  auxBlack: boolean;
}

/**
 * The mixer (LX's LXMixerEngine), `/lx/mixer`. Each frame (§4.4):
 * 1. five blend stacks start as opaque black: main, cue, aux, crossfader side A and side B;
 * 2. every channel runs in list order (a group before its members), then the master bus;
 * 3. animating groups composite their members;
 * 4. each channel not in a group blends its buffer onto its stack (BYPASS → main, A, B) with
 *    its blend mode at its fader, over its view, if on and the fader is above 0; cued channels
 *    add into cue, aux'd channels (performance mode) into aux;
 * 5. crossfader: with content on both sides, A ← crossfaderBlend.lerp(A, B, x) then main += A;
 *    with only A, main += A at min(1, 2(1−x)); with only B, main += B at min(1, 2x);
 * 6. master effects run over main; in POST preview mode main is scaled by the master fader.
 */
export class Mixer extends LXComponent implements CueSink {
  readonly lxClass = 'heronarts.lx.mixer.LXMixerEngine';
  readonly crossfader = new BoundedParameter('Crossfader', 0.5, {
    modulatable: true,
    polarity: 'bipolar',
    units: 'percentNormalized',
    description: 'Balance between crossfade groups A (0) and B (1)',
  });
  readonly crossfaderBlendMode = new EnumParameter('Crossfader Blend', CROSSFADER_BLEND_CHOICES, 0, {
    objectChooser: true,
    description: 'How sides A and B are mixed by the crossfader',
  });
  readonly focusedChannel = new DiscreteParameter('Channel', 0, 0, 0, { description: 'Channel focused in the console (the channel count means the master)' });
  readonly focusedChannelAux = new DiscreteParameter('Aux', 0, 0, 0, { description: 'Channel focused in the aux console' });
  readonly cueA = new BooleanParameter('Cue-A', false, { description: 'Cues crossfade side A' });
  readonly cueB = new BooleanParameter('Cue-B', false, { description: 'Cues crossfade side B' });
  readonly auxA = new BooleanParameter('Aux-A', false, { description: 'Sends crossfade side A to aux (performance mode)' });
  readonly auxB = new BooleanParameter('Aux-B', false, { description: 'Sends crossfade side B to aux (performance mode)' });
  readonly autoMuteDefault = new BooleanParameter('Auto-Mute Default', true, { description: 'Whether new channels auto-mute at fader 0' });
  readonly autoMutePatternDefault = new BooleanParameter('Auto-Mute Pattern Default', true, {
    description: 'Whether new patterns auto-mute at level 0 in blend mode',
  });
  readonly viewCondensed = new BooleanParameter('View Condensed', false, { description: 'Console: condensed mixer' });
  readonly viewStacked = new BooleanParameter('View Stacked', false, { description: 'Console: mixer stacked on the device bin' });
  readonly viewDeviceBin = new BooleanParameter('View Device Bin', true, { description: 'Console: device bin shown in stacked view' });
  /** Channels and groups in mixer order (a group immediately before its members). */
  readonly channels = this.addArray<AbstractChannel>('channel');
  readonly master: MasterBus;
  private readonly crossfaderBlends = blendSet(CROSSFADER_BLENDS);
  private readonly add = createBlend('Add');
  private left: Uint32Array = new Uint32Array(0);
  private right: Uint32Array = new Uint32Array(0);
  /** Whether left (right) holds only opaque black: a frame with no A (B) channel leaves it so, and skips clearing it. */
  private leftBlack = false;
  private rightBlack = false;
  private cueStack: Uint32Array = new Uint32Array(0);
  private auxStack: Uint32Array = new Uint32Array(0);
  private cueCalled = false;
  private auxCalled = false;
  /** Engine performance mode: aux sends are mixed (set by the engine each frame). */
  performanceMode = false;
  /**
   * The points each frame must compute exactly (set by the show, null for all): see `render`.
   * Points outside it may hold anything after a frame.
   */
  subset: RenderSubset | null = null;

  constructor() {
    super('Mixer');
    this.addParameter('crossfader', this.crossfader);
    this.addParameter('crossfaderBlendMode', this.crossfaderBlendMode);
    this.addParameter('focusedChannel', this.focusedChannel);
    this.addParameter('focusedChannelAux', this.focusedChannelAux);
    this.addParameter('cueA', this.cueA);
    this.addParameter('cueB', this.cueB);
    this.addParameter('auxA', this.auxA);
    this.addParameter('auxB', this.auxB);
    this.addParameter('autoMuteDefault', this.autoMuteDefault);
    this.addParameter('autoMutePatternDefault', this.autoMutePatternDefault);
    this.addParameter('viewCondensed', this.viewCondensed);
    this.addParameter('viewStacked', this.viewStacked);
    this.addParameter('viewDeviceBin', this.viewDeviceBin);
    this.master = this.addChild('master', new MasterBus());
    this.cueA.onChange(() => this.exclusiveCue(this.cueA, this.cueB, 'cue'));
    this.cueB.onChange(() => this.exclusiveCue(this.cueB, this.cueA, 'cue'));
    this.auxA.onChange(() => this.exclusiveCue(this.auxA, this.auxB, 'aux'));
    this.auxB.onChange(() => this.exclusiveCue(this.auxB, this.auxA, 'aux'));
  }

  private exclusiveCue(on: BooleanParameter, other: BooleanParameter, key: 'cue' | 'aux'): void {
    if (!on.isOn()) return;
    other.setOn(false);
    for (const c of this.channels.items) c[key].setOn(false);
  }

  /** The group that owns `channel`, or null. */
  groupOf(channel: AbstractChannel): Group | null {
    return channel instanceof Channel ? (channel.group as Group | null) : null;
  }

  /** Keeps the focus selectors' range at 0..channel count (the count means the master). */
  updateFocusRange(): void {
    const n = this.channels.length;
    this.focusedChannel.setRange(0, n);
    this.focusedChannelAux.setRange(0, n);
  }

  // ---- CueSink (blend-mode patterns with cue/aux on) ----------------------------------------

  blendCue(colors: Uint32Array, indices: Int32Array | null): void {
    this.add.blend(this.cueStack, colors, 1, this.cueStack, indices);
    this.cueCalled = true;
  }

  blendAux(colors: Uint32Array, indices: Int32Array | null): void {
    this.add.blend(this.auxStack, colors, 1, this.auxStack, indices);
    this.auxCalled = true;
  }

  // ---- frame ------------------------------------------------------------------------------

  /**
   * Renders every animating channel and mixes them into `frame` (see the class comment). With a
   * `subset`, only its points come out exact (the others may hold anything): the blends run over
   * the subset; a channel whose patterns and effects are all subset-capable (and whose group's
   * effects are) renders only the subset; any other renders every point, as does the whole frame
   * when a master effect is not subset-capable.
   */
  render(model: PointSet, deltaMs: number, frame: MixerFrame): void {
    const subset = this.subset !== null && effectsCapable(this.master) ? this.subset : null;
    try {
      this.renderFrame(model, deltaMs, frame, subset);
    } finally {
      applySubset(null);
    }
  }

  private renderFrame(model: PointSet, deltaMs: number, frame: MixerFrame, subset: RenderSubset | null): void {
    const size = model.size;
    if (this.left.length !== size) {
      this.left = colorBuffer(size);
      this.right = colorBuffer(size);
      this.leftBlack = this.rightBlack = false;
    }
    const main = frame.main;
    this.cueStack = frame.cue;
    this.auxStack = frame.aux;
    // Clearing five full buffers was most of an empty frame's cost: the side stacks, cue and
    // aux are cleared only when the last frame wrote into them.
    main.fill(BLACK);
    if (!frame.cueBlack) frame.cue.fill(BLACK);
    if (!frame.auxBlack) frame.aux.fill(BLACK);
    if (!this.leftBlack) this.left.fill(BLACK);
    if (!this.rightBlack) this.right.fill(BLACK);
    let leftWritten = false;
    let rightWritten = false;
    this.cueCalled = false;
    this.auxCalled = false;
    const crossfade = this.crossfader.getValue();
    const leftActive = crossfade < 1;
    const rightActive = crossfade > 0;
    const performance = this.performanceMode;

    const channels = this.channels.items;
    for (let i = 0; i < channels.length; i++) {
      const c = channels[i];
      if (c instanceof Channel) {
        applySubset(subset !== null && channelCapable(c) ? subset : null);
        c.loop(model, deltaMs, this);
      } else if (c instanceof Group) c.loop(model, deltaMs);
    }
    applySubset(null);
    this.master.loop(deltaMs);
    for (let i = 0; i < channels.length; i++) {
      const c = channels[i];
      if (!(c instanceof Group) || !c.isAnimating) continue;
      applySubset(subset !== null && effectsCapable(c) ? subset : null);
      c.composite(model, deltaMs);
    }
    // From here on every blend reads only points of the subset, whoever computed them.
    applySubset(subset);
    const whole = subset === null ? null : subset.index;
    const wholeView = subset === null ? model : subset.restrict(model);

    let cueOn = this.cueCalled;
    let auxOn = this.auxCalled;
    const blendLeft = leftActive || this.cueA.isOn() || (performance && this.auxA.isOn());
    const blendRight = rightActive || this.cueB.isOn() || (performance && this.auxB.isOn());
    let leftExists = false;
    let rightExists = false;
    for (let i = 0; i < channels.length; i++) {
      const c = channels[i];
      const view = inSubset(c.modelView(model));
      const indices = view === model ? null : view === wholeView ? whole : view.index;
      if (!(c instanceof Channel && c.group !== null)) {
        let stack: Uint32Array | null;
        const side = c.crossfadeGroup.getValue();
        if (side === 1) {
          leftExists = true;
          stack = blendLeft ? this.left : null;
        } else if (side === 2) {
          rightExists = true;
          stack = blendRight ? this.right : null;
        } else {
          stack = main;
        }
        if (stack !== null && c.enabled.isOn()) {
          const alpha = c.fader.getValue();
          if (alpha > 0) {
            this.over(c.blend, stack, c.colors, alpha, stack, indices, subset);
            if (stack === this.left) leftWritten = true;
            else if (stack === this.right) rightWritten = true;
          }
        }
      }
      if (c.cue.isOn()) {
        cueOn = true;
        this.over(this.add, frame.cue, c.colors, 1, frame.cue, indices, subset);
      }
      if (performance && c.aux.isOn()) {
        auxOn = true;
        this.over(this.add, frame.aux, c.colors, 1, frame.aux, indices, subset);
      }
    }
    if (this.cueA.isOn()) {
      frame.cue.set(this.left);
      cueOn = true;
    } else if (this.cueB.isOn()) {
      frame.cue.set(this.right);
      cueOn = true;
    }
    if (performance) {
      if (this.auxA.isOn()) {
        frame.aux.set(this.left);
        auxOn = true;
      } else if (this.auxB.isOn()) {
        frame.aux.set(this.right);
        auxOn = true;
      }
    }

    const leftContent = leftActive && leftExists;
    const rightContent = rightActive && rightExists;
    if (leftContent && rightContent) {
      const blend = this.crossfaderBlends[this.crossfaderBlendMode.getValue()] ?? this.crossfaderBlends[0];
      this.over(blend, this.left, this.right, crossfade, this.left, whole, subset, true);
      leftWritten = true;
      this.over(this.add, main, this.left, 1, main, whole, subset);
    } else if (leftContent) {
      this.over(this.add, main, this.left, Math.min(1, 2 * (1 - crossfade)), main, whole, subset);
    } else if (rightContent) {
      this.over(this.add, main, this.right, Math.min(1, 2 * crossfade), main, whole, subset);
    }

    this.master.applyEffects(main, inSubset(model), deltaMs);

    if (this.master.previewMode.getValue() === 1) {
      const fader = this.master.fader.getValue();
      if (fader === 0) main.fill(BLACK);
      else if (fader < 1) {
        const mult = gray(100 * fader);
        for (let i = 0; i < main.length; i++) main[i] = multiplyKernel(main[i], mult, 0x100);
      }
    }
    frame.cueOn = cueOn;
    frame.auxOn = auxOn;
    // Every write into cue or aux above turns cueOn or auxOn on.
    frame.cueBlack = !cueOn;
    frame.auxBlack = !auxOn;
    this.leftBlack = !leftWritten;
    this.rightBlack = !rightWritten;
  }

  /**
   * `blend.blend(dst, src, alpha, out, indices)` (`lerp`: `blend.lerp`); over the subset's own
   * indices, as one plain range per run of consecutive points when it has few (the same pixels,
   * without the gather: the whole-range kernels, WebAssembly for a full Add).
   */
  private over(
    blend: BlendMode,
    dst: Uint32Array,
    src: Uint32Array,
    alpha: number,
    out: Uint32Array,
    indices: Int32Array | null,
    subset: RenderSubset | null,
    lerp = false,
  ): void {
    const runs = subset?.runs ?? null;
    if (indices === null || runs === null || indices !== subset?.index) {
      if (lerp) blend.lerp(dst, src, alpha, out, indices);
      else blend.blend(dst, src, alpha, out, indices);
      return;
    }
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r];
      const b = runs[r + 1];
      if (lerp) blend.lerp(rangeView(dst, a, b), rangeView(src, a, b), alpha, rangeView(out, a, b), null);
      else blend.blend(rangeView(dst, a, b), rangeView(src, a, b), alpha, rangeView(out, a, b), null);
    }
  }

  // ---- channel list -----------------------------------------------------------------------

  /** Inserts a channel or group at `index` in the flat list. Membership is set by the caller. */
  insertChannel(c: AbstractChannel, index = this.channels.length): void {
    this.channels.insert(c, index);
    refreshViewSelectors(c);
    this.updateFocusRange();
  }

  // ---- files ------------------------------------------------------------------------------

  protected override extraSaveKeys(): readonly string[] {
    return ['channels'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.channels = this.channels.items.map((c) => c.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    // LX restores the channels before the mixer's parameters, so the focus fits its range.
    const n = lxArray(obj.channels).length;
    this.focusedChannel.setRange(0, n);
    this.focusedChannelAux.setRange(0, n);
    super.load(obj, ctx);
    const params = isLxObject(obj.parameters) ? obj.parameters : {};
    if (typeof params.focusedChannel === 'number') this.focusedChannel.load(params.focusedChannel);
    if (typeof params.focusedChannelAux === 'number') this.focusedChannelAux.load(params.focusedChannelAux);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.channels)) {
      const className = typeof json.class === 'string' ? json.class : '';
      const isGroup = GROUP_CLASSES.has(className) || json.isGroup !== undefined;
      const n = this.channels.length + 1;
      const c: AbstractChannel = isGroup ? new Group(`Group-${n}`) : new Channel(`Channel-${n}`);
      this.channels.insert(c);
      c.load(json, ctx);
      if (c instanceof Channel && typeof json.group === 'number') {
        const group = ctx.ids.get(json.group);
        if (group instanceof Group) {
          group.members.push(c);
          c.group = group;
        } else {
          ctx.warn(`${c.label.getString()}: its group (id ${json.group}) was not found; the channel is ungrouped`, { obj: json, key: 'group' });
        }
      }
    }
    this.updateFocusRange();
  }
}

/** Whether every effect of `bus`'s chain may render only a subset. */
function effectsCapable(bus: Bus | Pattern): boolean {
  const fx = bus.effects.items;
  for (let i = 0; i < fx.length; i++) {
    const e = fx[i];
    if (e instanceof Effect && !e.subsetCapable) return false;
  }
  return true;
}

/**
 * Whether a channel may render only a subset: its effects, every pattern it holds (the active one
 * changes without notice) with their effects, and its group's effects (which read the members' points).
 */
function channelCapable(c: Channel): boolean {
  if (!effectsCapable(c) || (c.group instanceof Group && !effectsCapable(c.group))) return false;
  const patterns = c.patterns.items;
  for (let i = 0; i < patterns.length; i++) {
    const p = patterns[i];
    if (p instanceof Pattern && (!p.subsetCapable || !effectsCapable(p))) return false;
  }
  return true;
}
