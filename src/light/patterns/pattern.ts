import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { Device } from '../device.js';
import { Effect as EffectBase, type Effect } from '../effects/effect.js';
import { loadEffects } from '../effects/load-effects.js';
import type { Placeholder } from '../placeholder.js';
import { CHANNEL_BLEND_CHOICES } from '../mixer/blends.js';
import type { LoadContext, LxObject } from '../project/lxp-types.js';

/**
 * A pattern renders colors into its channel's buffer each frame (LX's LXPattern). Subclasses
 * declare their parameters in LX's order and implement `run`, which must not allocate.
 */
export abstract class Pattern extends Device {
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Playlist: eligible for auto-cycle. Blend mode: rendered and mixed in' });
  readonly recall = new TriggerParameter('Recall', { description: 'Makes this the active pattern of its playlist' });
  readonly compositeBlend = new EnumParameter('Blend', CHANNEL_BLEND_CHOICES, 0, { objectChooser: true, description: 'How this pattern mixes into its channel in blend mode' });
  readonly compositeLevel = new BoundedParameter('Level', 1, { modulatable: true, units: 'percentNormalized', description: 'Mix level in blend mode' });
  readonly hasCustomCycleTime = new BooleanParameter('Custom Cycle', false, { description: 'Use this pattern\'s own auto-cycle time' });
  readonly customCycleTimeSecs = new BoundedParameter('Cycle Time', 60, { v0: 0.1, v1: 14400, units: 'seconds', description: 'Auto-cycle time for this pattern, when custom' });
  readonly autoMute = new BooleanParameter('Auto-Mute', true, { description: 'Skip rendering while its blend level is 0' });
  readonly effects = this.addArray<Effect | Placeholder>('effect');
  /** Milliseconds run since the pattern became active. */
  protected runMs = 0;
  private activated = false;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('recall', this.recall);
    this.addParameter('compositeBlend', this.compositeBlend);
    this.addParameter('compositeLevel', this.compositeLevel);
    this.addParameter('hasCustomCycleTime', this.hasCustomCycleTime);
    this.addParameter('customCycleTimeSecs', this.customCycleTimeSecs);
    this.addParameter('autoMute', this.autoMute);
    this.legacyKeys.set('autoCycleEligible', 'enabled');
  }

  /** Renders one frame (after `colors` and `points` are set): modulators, run, then effects. */
  loop(deltaMs: number): void {
    this.runModulators(deltaMs);
    if (!this.activated) {
      this.activated = true;
      this.onActive();
    }
    this.runMs += deltaMs;
    this.run(deltaMs);
    const fx = this.effects.items;
    for (let i = 0; i < fx.length; i++) {
      const e = fx[i];
      if (!(e instanceof EffectBase)) continue;
      e.colors = this.colors;
      e.points = this.points;
      e.loop(deltaMs);
    }
  }

  /** Called when the pattern stops being shown (playlist change, blend level reaching 0). */
  deactivate(): void {
    if (this.activated) {
      this.activated = false;
      this.onInactive();
    }
  }

  protected onActive(): void {}
  protected onInactive(): void {}

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

  protected override saveExtra(obj: LxObject): void {
    obj.deviceVersion = -1;
    obj.effects = this.effects.items.map((e) => e.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    loadEffects(this.effects, obj, ctx);
  }
}
