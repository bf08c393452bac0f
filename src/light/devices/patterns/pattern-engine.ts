import type { Component, ComponentArray } from '../../../engine/component.js';
import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { SeededRandom } from '../../../engine/random.js';
import { CHANNEL_BLENDS, TRANSITION_BLENDS, type BlendMode } from '../../color/blend-modes.js';
import { lightContextOf } from '../shared/device.js';
import type { PointSet } from '../../model/index.js';
import { Pattern } from './pattern.js';
import { Placeholder } from '../../component/placeholder.js';
import { lxArray, type LoadContext, type LxObject } from '../../component/lxp-types.js';
import { QuantizedTriggerParameter } from '../../tempo/quantized-trigger.js';
import { TRANSITION_BLEND_CHOICES, blendSet } from '../../color/blend-tables.js';
import { refreshViewSelectors } from '../../structure/view-selector.js';
import { colorBuffer } from '../../parallel/shared-arrays.js';

const NO_PATTERN = -1;

/** Where blend-mode patterns that are cued send their colors (the mixer's cue and aux stacks). */
export interface CueSink {
  blendCue(colors: Uint32Array, indices: Int32Array | null): void;
  blendAux(colors: Uint32Array, indices: Int32Array | null): void;
}

/**
 * The pattern engine of a channel or a pattern rack (LX's LXPatternEngine). Its parameters
 * live on the owner (`/lx/mixer/channel/1/compositeMode`). Two modes:
 *
 * PLAYLIST: one active pattern renders into the owner's buffer. `goPattern` starts a transition
 * to another (or switches at once when transitions are off); the next pattern renders into a
 * scratch buffer and `transitionBlendMode.lerp(active, next, progress)` mixes them. Progress and
 * auto-cycle are timed on the engine's wall clock `nowMillis` (integer ms), not on `deltaMs`, so
 * engine speed does not change them: progress = (now − start) / (1000 · transitionTimeSecs);
 * auto-cycle fires when (now − last change) / (1000 · cycle time) ≥ 1, to the next eligible
 * pattern or a random one (from the engine's seeded generator).
 *
 * BLEND: every pattern whose damping level is above 0 (and that is not auto-muted at level 0)
 * renders into the scratch buffer over its view and is composited onto the owner's buffer with
 * its `compositeBlend` at damping × `compositeLevel`.
 *
 * The owner's buffer is cleared to transparent first in both modes. The scratch buffer is not
 * cleared between patterns (as in LX): each pattern writes its own view's points, and only those
 * are read back.
 */
export class PatternEngine {
  /** The playlist's position, transition and random sequence (component/runtime-state.ts). */
  runtimeFields(): readonly string[] {
    return ['activeIndex', 'nextIndex', 'transitionSlot', 'transitionMillis', 'transitionOverrideMs', 'autoCycleProgress', 'transitionProgress', 'rng'];
  }

  readonly compositeMode = new EnumParameter(
    'Composite Mode',
    [
      { label: 'Playlist', name: 'PLAYLIST' },
      { label: 'Blend', name: 'BLEND' },
    ],
    0,
    { description: 'Playlist: one active pattern at a time. Blend: every enabled pattern mixed by its level' },
  );
  readonly compositeDampingEnabled = new BooleanParameter('Damping', true, { description: 'Blend mode: fade patterns in and out when enabled or disabled' });
  readonly compositeDampingTimeSecs = new BoundedParameter('Damping Time', 0.1, {
    v0: 0.05,
    v1: 5,
    units: 'seconds',
    modulatable: true,
    description: 'Blend mode: fade time when a pattern is enabled or disabled',
  });
  readonly autoCycleEnabled = new BooleanParameter('Auto-Cycle', false, { description: 'Cycle through the playlist automatically' });
  readonly autoCycleMode = new EnumParameter(
    'Auto-Cycle Mode',
    [
      { label: 'Next', name: 'NEXT' },
      { label: 'Random', name: 'RANDOM' },
    ],
    0,
    { description: 'Auto-cycle to the next eligible pattern or a random one' },
  );
  readonly autoCycleTimeSecs = new BoundedParameter('Cycle Time', 60, {
    v0: 0.1,
    v1: 14400,
    units: 'seconds',
    description: 'Seconds between automatic pattern changes',
  });
  readonly transitionEnabled = new BooleanParameter('Transitions', false, { description: 'Blend between patterns when the active one changes' });
  readonly transitionTimeSecs = new BoundedParameter('Transition Time', 5, { v0: 0.05, v1: 180, units: 'seconds', description: 'Length of a transition' });
  readonly transitionBlendMode = new EnumParameter('Transition Blend', TRANSITION_BLEND_CHOICES, 0, {
    objectChooser: true,
    description: 'How patterns are mixed during a transition',
  });
  readonly focusedPattern = new DiscreteParameter('Focused Pattern', 0, 0, 0, { description: 'Which pattern has focus in the console' });
  readonly triggerPatternCycle = new TriggerParameter('Trigger Pattern Cycle', {
    description: 'Moves to the next pattern now (or finishes a running transition)',
  });
  readonly launchPatternCycle = new QuantizedTriggerParameter('Launch Pattern Cycle', () => this.triggerPatternCycle.fire(), {
    description: 'Moves to the next pattern at the next launch-quantization boundary',
  });

  private readonly transitionBlends = blendSet(TRANSITION_BLENDS);
  /** One instance per channel blend, for blend-mode compositing (indexed like compositeBlend). */
  readonly compositeBlends = blendSet(CHANNEL_BLENDS);
  activeIndex = NO_PATTERN;
  nextIndex = NO_PATTERN;
  private transition: BlendMode | null = null;
  private transitionMillis = 0;
  /** The running transition's length when a caller set it (a light cue's fade), in ms; 0: the channel's own Transition Time. */
  private transitionOverrideMs = 0;
  autoCycleProgress = 0;
  transitionProgress = 0;
  /** Scratch buffer for the next pattern and for blend-mode patterns (never cleared). */
  private renderBuffer: Uint32Array = new Uint32Array(0);
  /** Seeded from the owner's id on first use, so two channels do not cycle in lockstep. */
  private random: SeededRandom | null = null;
  private readonly eligible: (Pattern | Placeholder)[] = [];
  /** Told the index of the pattern a change goes to, whatever asked for it (a clip take records it). */
  readonly goListeners: ((index: number) => void)[] = [];

  constructor(
    readonly owner: Component,
    readonly patternArray: ComponentArray<Pattern | Placeholder>,
  ) {
    this.transitionMillis = this.nowMillis();
    this.autoCycleEnabled.onChange(() => {
      if (this.transition === null) this.transitionMillis = this.nowMillis();
    });
    this.compositeMode.onChange(() => this.compositeModeChanged());
    this.triggerPatternCycle.onChange(() => {
      if (this.triggerPatternCycle.getBaseValue() === 0) return;
      if (this.transition !== null) this.finishTransition();
      else this.doPatternCycle();
    });
  }

  private readonly keys = new Set<string>();

  /** Whether `key` is one of the engine's parameters on its owner. */
  ownsKey(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds the engine's parameters to its owner in LX's order. */
  register(addParameter: (key: string, p: Parameter) => void): void {
    const add = (key: string, p: Parameter): void => {
      this.keys.add(key);
      addParameter(key, p);
    };
    add('compositeMode', this.compositeMode);
    add('compositeDampingEnabled', this.compositeDampingEnabled);
    add('compositeDampingTimeSecs', this.compositeDampingTimeSecs);
    add('autoCycleEnabled', this.autoCycleEnabled);
    add('autoCycleMode', this.autoCycleMode);
    add('autoCycleTimeSecs', this.autoCycleTimeSecs);
    add('transitionEnabled', this.transitionEnabled);
    add('transitionTimeSecs', this.transitionTimeSecs);
    add('transitionBlendMode', this.transitionBlendMode);
    add('focusedPattern', this.focusedPattern);
    add('triggerPatternCycle', this.triggerPatternCycle);
    add('launchPatternCycle', this.launchPatternCycle);
  }

  /** The running transition's length in ms: a caller's override, else the channel's Transition Time. */
  private transitionLengthMs(): number {
    return this.transitionOverrideMs > 0 ? this.transitionOverrideMs : 1000 * this.transitionTimeSecs.getValue();
  }

  private nowMillis(): number {
    return lightContextOf(this.owner)?.nowMillis ?? 0;
  }

  get patterns(): readonly (Pattern | Placeholder)[] {
    return this.patternArray.items;
  }

  get isPlaylist(): boolean {
    return this.compositeMode.getValue() === 0;
  }

  get inTransition(): boolean {
    return this.transition !== null;
  }

  get activePattern(): Pattern | Placeholder | undefined {
    return this.activeIndex >= 0 ? this.patternArray.at(this.activeIndex) : undefined;
  }

  get nextPattern(): Pattern | Placeholder | undefined {
    return this.nextIndex >= 0 ? this.patternArray.at(this.nextIndex) : undefined;
  }

  /** The pattern the playlist is heading to: the next one during a transition, else the active one. */
  get targetPattern(): Pattern | Placeholder | undefined {
    return this.transition !== null ? this.nextPattern : this.activePattern;
  }

  private compositeModeChanged(): void {
    if (this.transition !== null) this.finishTransition();
    const active = this.activePattern;
    if (!this.isPlaylist) {
      for (const p of this.patterns) if (p instanceof Pattern) p.initCompositeDamping(p === active);
    } else {
      for (const p of this.patterns) {
        if (!(p instanceof Pattern)) continue;
        p.isAutoMuted = false;
        if (p !== active && p.compositeDampingLevel > 0) p.deactivate();
        p.cueActive.setOn(false);
        p.auxActive.setOn(false);
      }
      if (active instanceof Pattern && !active.enabled.isOn()) active.activate();
    }
  }

  /** A pattern's `enabled` changed; in blend mode without damping it switches at once. */
  patternEnabledChanged(pattern: Pattern): void {
    if (this.isPlaylist || this.compositeDampingEnabled.isOn()) return;
    if (pattern.enabled.isOn()) pattern.activate();
    else pattern.deactivate();
  }

  // ---- playlist ------------------------------------------------------------------------------

  /** Makes `pattern` active (playlist only): finishes a running transition, then starts one. */
  goPattern(pattern: Pattern | Placeholder): void {
    const index = this.patternArray.indexOf(pattern);
    if (index >= 0) this.goPatternIndex(index);
  }

  /**
   * Makes the pattern at `index` active (playlist only). `transitionMs` overrides the channel's
   * transition for this change (a light cue's fade): 0 switches at once, more runs a transition
   * of that length in the channel's Transition Blend mode even when its transitions are off.
   */
  goPatternIndex(index: number, transitionMs?: number): void {
    if (!this.isPlaylist) return;
    if (index < 0 || index >= this.patterns.length) return;
    // A cue's fade already heading there runs on (its clip's first frame plays the event it launched on again).
    if (this.transition !== null && this.transitionOverrideMs > 0 && index === this.nextIndex) return;
    if (this.transition !== null) this.finishTransition();
    this.nextIndex = index;
    this.startTransition(transitionMs);
  }

  /** The next pattern that is eligible for auto-cycle; nothing while a transition runs. */
  goNextPattern(): void {
    if (this.transition !== null || this.patterns.length <= 1) return;
    const n = this.patterns.length;
    let next = this.activeIndex;
    do {
      next = (next + 1) % n;
    } while (next !== this.activeIndex && !isEligible(this.patterns[next]));
    this.nextIndex = next;
    if (next !== this.activeIndex) this.startTransition();
  }

  goPreviousPattern(): void {
    if (this.transition !== null || this.patterns.length <= 1) return;
    this.nextIndex = this.activeIndex - 1 < 0 ? this.patterns.length - 1 : this.activeIndex - 1;
    this.startTransition();
  }

  /** A random eligible pattern other than the active one, from the seeded generator. */
  goRandomPattern(): void {
    if (this.transition !== null || this.patterns.length <= 1) return;
    const active = this.activePattern;
    this.eligible.length = 0;
    for (const p of this.patterns) if (p !== active && isEligible(p)) this.eligible.push(p);
    if (this.eligible.length === 0) return;
    this.goPattern(this.eligible[this.rng.nextInt(this.eligible.length)]);
  }

  /** The random generator, made on first use from the owner's id (the same in every show of the project). */
  private get rng(): SeededRandom {
    if (this.random === null) this.random = new SeededRandom((0x5eed ^ Math.imul(this.owner.id, 0x9e3779b1)) >>> 0);
    return this.random;
  }

  /** The running transition as its index among the transition blends, -1 when none runs (for runtime state). */
  get transitionSlot(): number {
    return this.transition === null ? -1 : this.transitionBlends.indexOf(this.transition);
  }

  set transitionSlot(slot: number) {
    this.transition = slot < 0 ? null : (this.transitionBlends[slot] ?? null);
  }

  private doPatternCycle(): void {
    if (this.autoCycleMode.getValue() === 0) this.goNextPattern();
    else this.goRandomPattern();
  }

  private startTransition(transitionMs?: number): void {
    const active = this.activePattern;
    const next = this.nextPattern;
    if (active === next || next === undefined) return;
    for (const l of this.goListeners) l(this.nextIndex);
    if (next instanceof Pattern) next.activate();
    this.transitionOverrideMs = transitionMs !== undefined && transitionMs > 0 ? transitionMs : 0;
    if (transitionMs === undefined ? this.transitionEnabled.isOn() : transitionMs > 0) {
      this.transition = this.transitionBlends[this.transitionBlendMode.getValue()] ?? this.transitionBlends[0];
      if (next instanceof Pattern) next.onTransitionStart();
      this.transitionMillis = this.nowMillis();
    } else {
      this.finishTransition();
    }
  }

  /** Drops a running transition and stays on the active pattern. */
  cancelTransition(): void {
    if (this.transition === null) return;
    const next = this.nextPattern;
    if (next instanceof Pattern) {
      next.onTransitionEnd();
      next.deactivate();
    }
    this.transition = null;
    this.transitionOverrideMs = 0;
    this.transitionMillis = this.nowMillis();
    this.nextIndex = this.activeIndex;
  }

  /** Completes a running transition (or a direct switch): the next pattern becomes active. */
  finishTransition(): void {
    const previous = this.activePattern;
    if (previous instanceof Pattern) previous.deactivate();
    this.activeIndex = this.nextIndex;
    const active = this.activePattern;
    if (this.transition !== null && active instanceof Pattern) active.onTransitionEnd();
    this.transition = null;
    this.transitionOverrideMs = 0;
    this.transitionMillis = this.nowMillis();
    this.focusedPatternFollows();
  }

  private focusedPatternFollows(): void {
    // LX moves focus only with the focusActivePattern flag, which is off by default.
  }

  /**
   * Makes the pattern at `index` active at once, dropping any transition (used by undo and
   * snapshot recalls that must not fade). -1 leaves no pattern active.
   */
  setActiveImmediately(index: number): void {
    if (this.transition !== null) this.cancelTransition();
    if (index === this.activeIndex) return;
    const previous = this.activePattern;
    if (previous instanceof Pattern && this.isPlaylist) previous.deactivate();
    this.activeIndex = this.nextIndex = index >= 0 && index < this.patterns.length ? index : NO_PATTERN;
    const active = this.activePattern;
    if (active instanceof Pattern) active.activate();
    this.transitionMillis = this.nowMillis();
  }

  // ---- list changes ------------------------------------------------------------------------

  /** Inserts a pattern at `index` (default: the end), keeping the playlist's active pattern. */
  add(pattern: Pattern | Placeholder, index = this.patterns.length): void {
    this.patternArray.insert(pattern, index);
    refreshViewSelectors(pattern);
    this.patternAdded(pattern, index);
  }

  /** Removes a pattern, finishing or cancelling a transition that involves it; returns its index. */
  remove(pattern: Pattern | Placeholder): number {
    const index = this.patternArray.indexOf(pattern);
    this.patternWillBeRemoved(pattern, index);
    this.patternArray.remove(pattern);
    this.patternRemoved(index);
    return index;
  }

  /** Moves a pattern to `index`; the active and next patterns stay the same patterns. */
  move(pattern: Pattern | Placeholder, index: number): void {
    const active = this.activePattern;
    const next = this.nextPattern;
    this.patternArray.move(pattern, index);
    this.patternsMoved(active, next);
  }

  /** After a pattern was inserted at `index`: keeps active/next on the same patterns. */
  private patternAdded(pattern: Pattern | Placeholder, index: number): void {
    const n = this.patterns.length;
    this.focusedPattern.setRange(0, Math.max(0, n - 1));
    if (n === 1) {
      this.activeIndex = this.nextIndex = 0;
      if (pattern instanceof Pattern) pattern.activate();
      return;
    }
    if (this.activeIndex >= index) this.activeIndex++;
    if (this.nextIndex >= index) this.nextIndex++;
    if (!this.isPlaylist && pattern instanceof Pattern && pattern.enabled.isOn()) pattern.activate();
  }

  /** Before a pattern at `index` is removed: finishes or cancels transitions that involve it. */
  private patternWillBeRemoved(pattern: Pattern | Placeholder, index: number): void {
    const wasActive = this.activeIndex === index;
    const wasNext = this.transition !== null && this.nextIndex === index;
    if (this.transition !== null) {
      if (wasNext) this.cancelTransition();
      else if (wasActive) this.finishTransition();
    } else if (wasActive && pattern instanceof Pattern) {
      pattern.deactivate();
    }
  }

  /** After a pattern at `index` was removed. */
  private patternRemoved(index: number): void {
    const n = this.patterns.length;
    if (this.activeIndex > index) this.activeIndex--;
    else if (this.activeIndex >= n) this.activeIndex = n - 1;
    if (this.nextIndex > index) this.nextIndex--;
    else if (this.nextIndex >= n) this.nextIndex = n - 1;
    this.focusedPattern.setRange(0, Math.max(0, n - 1));
  }

  /** After patterns were reordered: active/next follow their patterns. */
  private patternsMoved(active: Pattern | Placeholder | undefined, next: Pattern | Placeholder | undefined): void {
    this.activeIndex = active === undefined ? NO_PATTERN : this.patternArray.indexOf(active);
    this.nextIndex = next === undefined ? NO_PATTERN : this.patternArray.indexOf(next);
  }

  // ---- render -----------------------------------------------------------------------------

  /**
   * Renders one frame into `colors` (frame-sized, cleared to transparent here). `view` is the
   * owner's model view (its points; `indices` null for the whole model). Patterns inherit it.
   */
  loop(colors: Uint32Array, view: PointSet, indices: Int32Array | null, deltaMs: number, cue: CueSink | null): void {
    if (this.renderBuffer.length !== colors.length) this.renderBuffer = colorBuffer(colors.length);
    colors.fill(0);
    const patterns = this.patterns;
    const scratch = this.renderBuffer;
    if (!this.isPlaylist) {
      const dampingOn = this.compositeDampingEnabled.isOn();
      const dampingSecs = this.compositeDampingTimeSecs.getValue();
      for (let i = 0; i < patterns.length; i++) {
        const p = patterns[i];
        if (!(p instanceof Pattern)) continue;
        p.updateCompositeDamping(deltaMs, dampingOn, dampingSecs);
        const damping = p.compositeDampingLevel;
        const level = p.compositeLevel.getValue();
        const autoMuted = p.autoMute.isOn() && level === 0;
        p.isAutoMuted = autoMuted;
        const render = !autoMuted && damping > 0;
        const cueOn = p.cueActive.isOn();
        const auxOn = p.auxActive.isOn();
        if (!render && !cueOn && !auxOn) continue;
        const points = p.modelView(view);
        const pIndices = points === view ? indices : points.index;
        p.colors = scratch;
        p.points = points;
        p.loop(deltaMs);
        if (render) {
          const blend = this.compositeBlends[p.compositeBlend.getValue()] ?? this.compositeBlends[0];
          blend.blend(colors, scratch, damping * level, colors, pIndices);
        }
        if (cueOn) cue?.blendCue(scratch, pIndices);
        if (auxOn) cue?.blendAux(scratch, pIndices);
      }
      return;
    }

    const now = this.nowMillis();
    if (this.transition !== null) {
      const override = this.transitionOverrideMs;
      const done =
        override > 0 ? now - this.transitionMillis >= override : !this.transitionEnabled.isOn() || now - this.transitionMillis >= this.transitionLengthMs();
      if (done) this.finishTransition();
    }
    const active = this.activePattern;
    if (this.transition === null) {
      const cycleSecs =
        active instanceof Pattern && active.hasCustomCycleTime.isOn() ? active.customCycleTimeSecs.getValue() : this.autoCycleTimeSecs.getValue();
      this.autoCycleProgress = (now - this.transitionMillis) / (1000 * cycleSecs);
      if (this.autoCycleProgress >= 1) {
        this.autoCycleProgress = 1;
        if (this.autoCycleEnabled.isOn()) this.doPatternCycle();
      }
    }
    if (active instanceof Pattern) {
      active.colors = colors;
      active.points = active.modelView(view);
      active.loop(deltaMs);
    } else if (active === undefined) {
      colors.fill(0xff000000);
    }
    if (this.transition !== null) {
      this.autoCycleProgress = 1;
      this.transitionProgress = (now - this.transitionMillis) / this.transitionLengthMs();
      const next = this.nextPattern;
      if (next instanceof Pattern) {
        next.colors = scratch;
        next.points = next.modelView(view);
        next.loop(deltaMs);
      }
      this.transition.lerp(colors, scratch, this.transitionProgress, colors, indices);
    } else {
      this.transitionProgress = 0;
    }
  }

  // ---- files ------------------------------------------------------------------------------

  save(obj: LxObject): void {
    obj.patternIndex = this.activeIndex;
    obj.patterns = this.patterns.map((p) => p.save());
  }

  /** Builds the saved patterns (placeholders for unknown classes) and sets the active one at once. */
  load(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.patterns)) {
      const className = typeof json.class === 'string' ? json.class : '';
      const entry = ctx.registry.byClassName(className);
      const made = entry?.create !== undefined ? entry.create() : undefined;
      const pattern = made instanceof Pattern ? made : new Placeholder('pattern', json, entry?.unavailable);
      const index = this.patterns.length;
      this.patternArray.insert(pattern, index);
      pattern.load(json, ctx);
      this.patternAdded(pattern, index);
      if (pattern instanceof Placeholder)
        ctx.warn(`pattern ${className || '(no class)'} is not available (${pattern.reason}); kept as a placeholder`, { obj: json, key: 'class' });
    }
    this.activeIndex = this.nextIndex = NO_PATTERN;
    const index = typeof obj.patternIndex === 'number' ? obj.patternIndex : 0;
    if (index >= 0 && index < this.patterns.length) this.activeIndex = this.nextIndex = index;
    this.transition = null;
    this.transitionMillis = this.nowMillis();
  }
}

/** Auto-cycle eligibility; a placeholder keeps its saved `enabled` (LX cycles to placeholders too). */
function isEligible(p: Pattern | Placeholder | undefined): boolean {
  if (p instanceof Pattern) return p.isAutoCycleEligible;
  return p !== undefined && p.savedParameter('enabled') !== false;
}
