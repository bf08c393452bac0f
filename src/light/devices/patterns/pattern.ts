import type { Component } from '../../../engine/component.js';
import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { Device } from '../shared/device.js';
import { Effect as EffectBase, type Effect } from '../effects/effect.js';
import { loadEffects } from '../effects/load-effects.js';
import type { Placeholder } from '../../component/placeholder.js';
import { CHANNEL_BLEND_CHOICES } from '../../color/blend-tables.js';
import type { LoadContext, LxObject } from '../../component/lxp-types.js';
import { QuantizedTriggerParameter } from '../../tempo/quantized-trigger.js';

/** What a pattern's container offers it: a channel or a pattern rack, each with a pattern engine. */
interface PatternHost {
  readonly patternEngine: {
    goPattern(pattern: Pattern): void;
    readonly patterns: readonly (Pattern | Placeholder)[];
    patternEnabledChanged(pattern: Pattern): void;
  };
}

function hostOf(c: Component | null): PatternHost | undefined {
  return c !== null && (c as Partial<PatternHost>).patternEngine !== undefined ? (c as unknown as PatternHost) : undefined;
}

/**
 * A pattern renders colors into its channel's buffer each frame (LX's LXPattern). Subclasses
 * declare their parameters in LX's order and implement `run`, which must not allocate.
 *
 * Engine-facing parts (used by the pattern engine of a channel or rack):
 * - `recall` makes the pattern active in its playlist; `launch` does the same on the tempo's
 *   launch quantization and cancels other pending launches on the same engine;
 * - in blend mode, `compositeBlend` at `compositeLevel` × the damping level (which follows
 *   `enabled` over the engine's damping time) mixes the pattern into its channel;
 * - `onActive` runs on the pattern's first frame after it became active (and, as in LX, when
 *   its blend-mode damping leaves 0); `onInactive` when it stops being shown.
 */
export abstract class Pattern extends Device {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'runMs', 'isActive', 'compositeDampingLevel', 'isAutoMuted'];
  }

  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Playlist: eligible for auto-cycle. Blend mode: rendered and mixed in' });
  readonly recall = new TriggerParameter('Recall', { description: 'Makes this the active pattern of its playlist' });
  readonly launch = new QuantizedTriggerParameter('Launch', () => this.recall.fire(), {
    description: 'Makes this the active pattern at the next launch-quantization boundary',
  });
  readonly compositeBlend = new EnumParameter('Composite Blend', CHANNEL_BLEND_CHOICES, 0, {
    objectChooser: true,
    description: 'How this pattern mixes into its channel in blend mode',
  });
  readonly compositeLevel = new BoundedParameter('Composite Level', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Mix level in blend mode',
  });
  readonly hasCustomCycleTime = new BooleanParameter('Custom Cycle', false, { description: "Use this pattern's own auto-cycle time" });
  readonly customCycleTimeSecs = new BoundedParameter('Cycle Time', 60, {
    v0: 0.1,
    v1: 14400,
    units: 'seconds',
    description: 'Auto-cycle time for this pattern, when custom',
  });
  readonly autoMute = new BooleanParameter('Auto-Mute', true, { description: 'In blend mode, skip rendering while the composite level is 0' });
  readonly cueActive = new BooleanParameter('Cue', false, { mode: 'momentary', description: 'Shows this pattern in the cue output (one pattern per channel)' });
  readonly auxActive = new BooleanParameter('Aux', false, { mode: 'momentary', description: 'Shows this pattern in the aux output (one pattern per channel)' });
  readonly effects = this.addArray<Effect | Placeholder>('effect');
  /** Milliseconds run since the pattern was created. */
  protected runMs = 0;
  private isActive = false;
  /** Blend mode: how far the pattern is faded in (0–1), following `enabled`. */
  compositeDampingLevel = 1;
  /** Set by the engine: true while blend mode skips the pattern for its level of 0. */
  isAutoMuted = false;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('recall', this.recall);
    this.addParameter('launch', this.launch);
    this.addParameter('compositeBlend', this.compositeBlend);
    this.addParameter('compositeLevel', this.compositeLevel);
    this.addParameter('hasCustomCycleTime', this.hasCustomCycleTime);
    this.addParameter('customCycleTimeSecs', this.customCycleTimeSecs);
    this.addParameter('autoMute', this.autoMute);
    this.addParameter('cueActive', this.cueActive);
    this.addParameter('auxActive', this.auxActive);
    this.legacyKeys.set('autoCycleEligible', 'enabled');
    this.recall.onChange(() => {
      if (this.recall.getBaseValue() > 0) hostOf(this.parent)?.patternEngine.goPattern(this);
    });
    this.launch.onSchedule = () => {
      const host = hostOf(this.parent);
      if (host === undefined) return;
      for (const p of host.patternEngine.patterns) if (p !== this && p instanceof Pattern) p.launch.cancel();
    };
    this.enabled.onChange(() => hostOf(this.parent)?.patternEngine.patternEnabledChanged(this));
    this.cueActive.onChange(() => this.exclusive('cueActive'));
    this.auxActive.onChange(() => this.exclusive('auxActive'));
  }

  private exclusive(key: 'cueActive' | 'auxActive'): void {
    if (!this[key].isOn()) return;
    const host = hostOf(this.parent);
    if (host === undefined) return;
    for (const p of host.patternEngine.patterns) if (p !== this && p instanceof Pattern) p[key].setOn(false);
  }

  /** Whether auto-cycle may pick this pattern (LX: enabled, and inside its daily interval if any). */
  get isAutoCycleEligible(): boolean {
    return this.enabled.isOn();
  }

  /** Renders one frame (after `colors` and `points` are set): modulators, run, then effects. */
  loop(deltaMs: number): void {
    this.runModulators(deltaMs);
    if (!this.isActive) {
      this.isActive = true;
      this.onActive();
    }
    this.runMs += deltaMs;
    this.run(deltaMs);
    const fx = this.effects.items;
    for (let i = 0; i < fx.length; i++) {
      const e = fx[i];
      if (!(e instanceof EffectBase)) continue;
      e.colors = this.colors;
      e.points = e.modelView(this.points);
      e.loop(deltaMs);
    }
  }

  /** The engine will show this pattern (LX's activate: onActive runs lazily on its next frame). */
  activate(): void {}

  /** Called when the pattern stops being shown (playlist change, blend level reaching 0). */
  deactivate(): void {
    if (this.isActive) {
      this.isActive = false;
      this.onInactive();
    }
  }

  /** Blend mode entered: the level jumps to the enabled state (LX's initCompositeDamping). */
  initCompositeDamping(wasActivePattern: boolean): void {
    const on = this.enabled.isOn();
    this.compositeDampingLevel = on ? 1 : 0;
    if (on && !wasActivePattern) this.onActive();
    else if (!on && wasActivePattern) this.onInactive();
  }

  /** Blend mode, each frame: move the level toward the enabled state (LX's updateCompositeDamping). */
  updateCompositeDamping(deltaMs: number, dampingOn: boolean, dampingTimeSecs: number): void {
    const on = this.enabled.isOn();
    if (!dampingOn) {
      this.compositeDampingLevel = on ? 1 : 0;
    } else if (on) {
      if (this.compositeDampingLevel < 1) {
        if (this.compositeDampingLevel === 0) this.onActive();
        this.compositeDampingLevel = Math.min(1, this.compositeDampingLevel + deltaMs / (dampingTimeSecs * 1000));
      }
    } else if (this.compositeDampingLevel > 0) {
      this.compositeDampingLevel = Math.max(0, this.compositeDampingLevel - deltaMs / (dampingTimeSecs * 1000));
      if (this.compositeDampingLevel === 0) this.onInactive();
    }
  }

  protected onActive(): void {}
  protected onInactive(): void {}
  /** A transition into this pattern starts (after onActive) / ends. */
  onTransitionStart(): void {}
  onTransitionEnd(): void {}

  /** Writes this frame's colors into `colors[points.index[k]]` for every point k of `points`. */
  protected abstract run(deltaMs: number): void;

  protected override extraSaveKeys(): readonly string[] {
    return ['deviceVersion', 'effects'];
  }

  override save(): LxObject {
    const obj = super.save();
    // LX still writes the old key for the composite blend.
    obj.parameters!.compositeMode = this.compositeBlend.getBaseValue();
    return obj;
  }

  /** LX's device version, written as `deviceVersion` (-1 unless a class overrides it). */
  protected get deviceVersion(): number {
    return -1;
  }

  protected override saveExtra(obj: LxObject): void {
    obj.deviceVersion = this.deviceVersion;
    obj.effects = this.effects.items.map((e) => e.save());
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    super.load(obj, ctx);
    const params = obj.parameters;
    // Files before the pattern rack (LX < 1.1.1) wrote the composite blend as compositeMode.
    if (params !== undefined && !('compositeBlend' in params) && typeof params.compositeMode === 'number') this.compositeBlend.load(params.compositeMode);
    this.compositeDampingLevel = this.enabled.isOn() ? 1 : 0;
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    loadEffects(this.effects, obj, ctx);
  }
}
