import type { Component } from '../../engine/component.js';
import type { PointSet } from '../model/index.js';
import type { Pattern } from '../devices/patterns/pattern.js';
import type { Placeholder } from '../component/placeholder.js';
import { isLxObject, lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { AbstractChannel } from './bus.js';
import { type CueSink, PatternEngine } from '../devices/patterns/pattern-engine.js';
import { colorBuffer } from '../parallel/shared-arrays.js';
import { inSubset } from '../model/subset.js';

/** A group channel (LX's LXGroup) as its members see it. */
interface GroupLike extends Component {
  readonly isAnimating: boolean;
  modelView(model: PointSet): PointSet;
}

/**
 * A mixer channel (LX's LXChannel): a fader, an on switch, a blend mode and a pattern engine
 * (playlist or blend) rendering into the channel's buffer, then the channel's effects. A channel
 * may belong to a group, which sits just before its members in the mixer's flat channel list.
 */
export class Channel extends AbstractChannel {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'patternEngine'];
  }

  readonly lxClass = 'heronarts.lx.mixer.LXChannel';
  protected readonly clipKind = 'channel' as const;
  readonly patterns = this.addArray<Pattern | Placeholder>('pattern');
  readonly patternEngine: PatternEngine;
  /** The group this channel belongs to, if any. */
  group: GroupLike | null = null;

  constructor(label: string) {
    super(label);
    this.patternEngine = new PatternEngine(this, this.patterns);
    this.patternEngine.register((key, p) => this.addParameter(key, p));
  }

  override get clipPatternEngine(): PatternEngine {
    return this.patternEngine;
  }

  get compositeMode() {
    return this.patternEngine.compositeMode;
  }
  get transitionEnabled() {
    return this.patternEngine.transitionEnabled;
  }
  get transitionTimeSecs() {
    return this.patternEngine.transitionTimeSecs;
  }
  get transitionBlendMode() {
    return this.patternEngine.transitionBlendMode;
  }
  get autoCycleEnabled() {
    return this.patternEngine.autoCycleEnabled;
  }
  get autoCycleTimeSecs() {
    return this.patternEngine.autoCycleTimeSecs;
  }

  /** 0-based index of the active pattern (-1 when there is none). */
  get activePatternIndex(): number {
    return this.patternEngine.activeIndex;
  }

  get activePattern(): Pattern | Placeholder | undefined {
    return this.patternEngine.activePattern;
  }

  /** Channels in a group with the Default view render the group's view (LX). */
  override modelView(model: PointSet): PointSet {
    const own = this.view.selected?.points ?? null;
    if (own !== null) return own;
    return this.group !== null ? this.group.modelView(model) : model;
  }

  /** LX's animating rule: cued, or on and not auto-muted and (no group, or the group animates). */
  computeAnimating(): boolean {
    if (this.cue.isOn() || this.aux.isOn()) return true;
    if (!this.enabled.isOn() || this.isAutoMuted) return false;
    return this.group === null || this.group.isAnimating;
  }

  /** Adds a pattern at `index` (default: the end), keeping the playlist's active pattern. */
  addPattern(pattern: Pattern | Placeholder, index?: number): void {
    this.patternEngine.add(pattern, index);
  }

  /** Removes a pattern, finishing or cancelling a transition that involves it. */
  removePattern(pattern: Pattern | Placeholder): number {
    return this.patternEngine.remove(pattern);
  }

  /** Moves a pattern; the active and next patterns follow it. */
  movePattern(pattern: Pattern | Placeholder, index: number): void {
    this.patternEngine.move(pattern, index);
  }

  /**
   * One frame: the channel's clips (even when it is off), its modulators, then (when animating) the pattern engine into the
   * channel buffer over the channel's view, then the channel's effects.
   */
  loop(model: PointSet, deltaMs: number, cue: CueSink | null): void {
    if (this.colors.length !== model.size) this.colors = colorBuffer(model.size);
    this.runClips(deltaMs);
    this.isAnimating = this.computeAnimating();
    if (!this.isAnimating) return;
    this.modulation.loop(deltaMs);
    const view = inSubset(this.modelView(model));
    this.patternEngine.loop(this.colors, view, view === model ? null : view.index, deltaMs, cue);
    this.runEffects(this.colors, view, deltaMs);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['effects', 'clips', 'patternIndex', 'patterns', 'group'];
  }

  protected override saveExtra(obj: LxObject): void {
    super.saveExtra(obj);
    this.patternEngine.save(obj);
    if (this.group !== null) obj.group = this.group.id;
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    // LX adds the patterns before it reads the parameters, so the focused pattern fits its range.
    const n = lxArray(obj.patterns).length;
    this.patternEngine.focusedPattern.setRange(0, Math.max(0, n - 1));
    super.load(obj, ctx);
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    super.loadExtra(obj, ctx);
    this.patternEngine.load(obj, ctx);
    const focused = isLxObject(obj.parameters) ? obj.parameters.focusedPattern : undefined;
    if (typeof focused === 'number') this.patternEngine.focusedPattern.load(focused);
  }
}
