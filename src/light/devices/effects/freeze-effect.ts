import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { BLEND_ALPHA_FULL, blendMask, lightest, multiply } from '../../color/blend-kernel.js';
import { grayn } from '../../color/lx-color.js';
import { Interval } from '../../modulation/modulators/interval.js';
import { Effect } from './effect.js';
import { FREEZE_MODES, choicesOf } from './effect-support.js';

const REPLACE = 0;

/**
 * Freeze-frames the output (LX's FreezeEffect). Engaging `lock` or `hold`, firing `resample`,
 * or a firing of the built-in Interval modulator (`.../interval`, stopped until started, e.g.
 * to resample on the beat) captures the current frame; while engaged a basis ramps up over `attackMs`,
 * otherwise down over `releaseMs`, and the frozen frame is blended over the live one at basis ×
 * mix × enabled with the chosen mode. Replace while engaged takes the lightest of the frozen
 * frame (scaled by mix) and the live frame faded by the inverse amount.
 */
export class FreezeEffect extends Effect {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'frozen', 'capture', 'engage', 'basis'];
  }

  readonly lxClass = 'heronarts.lx.effect.FreezeEffect';
  readonly lock = new BooleanParameter('Lock', false, { description: 'Locks the freeze effect active' });
  readonly hold = new BooleanParameter('Hold', false, { mode: 'momentary', description: 'Freezes the frame only while held' });
  readonly resample = new TriggerParameter('Resample', { description: 'Samples a new underlying frame' });
  readonly mix = new BoundedParameter('Mix', 1, { units: 'percentNormalized', modulatable: true, description: 'Level of the frozen frame' });
  readonly attackMs = new BoundedParameter('Attack', 0, {
    v1: 1000,
    units: 'millisecondsRaw',
    modulatable: true,
    description: 'Time to blend into the frozen frame',
  });
  readonly releaseMs = new BoundedParameter('Release', 50, {
    v1: 10000,
    exponent: 2,
    units: 'millisecondsRaw',
    modulatable: true,
    description: 'Time to blend out from the frozen frame',
  });
  readonly mode = new EnumParameter('Mode', choicesOf(FREEZE_MODES), REPLACE, { description: 'How to blend the frozen frame' });
  /**
   * Resamples the frozen frame each time it fires (LX adds it stopped: start it to use it). A saved
   * child (`.../interval`), so its running state, interval and chance load and save with the effect.
   */
  readonly interval = new Interval();
  private frozen = new Uint32Array(0);
  private capture = false;
  private engage = false;
  private basis = 0;

  constructor() {
    super('Freeze');
    this.addParameter('lock', this.lock);
    this.addParameter('hold', this.hold);
    this.addParameter('resample', this.resample);
    this.addParameter('mix', this.mix);
    this.addParameter('attackMs', this.attackMs);
    this.addParameter('releaseMs', this.releaseMs);
    this.addParameter('mode', this.mode);
    this.addChild('interval', this.interval);
    // LX's mappings name it as the device's second built-in modulator (the enable ramp is the first).
    this.interval.lxSegment = 'modulator/2';
    this.interval.triggerOut.onChange((p) => {
      if (p.value === true) this.capture = true;
    });
  }

  /** LX runs the interval after the enable ramp, as the device's second modulator. */
  protected override loopBuiltIns(deltaMs: number): void {
    super.loopBuiltIns(deltaMs);
    this.interval.loop(deltaMs);
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p === this.lock) {
      if (!this.hold.isOn() && this.lock.isOn()) this.capture = this.engage = true;
    } else if (p === this.hold) {
      if (!this.lock.isOn() && this.hold.isOn()) this.capture = this.engage = true;
    } else if (p === this.resample) {
      this.capture = true;
    }
  }

  protected run(deltaMs: number, enabledAmount: number): void {
    const colors = this.colors;
    if (this.frozen.length !== colors.length) this.frozen = new Uint32Array(colors.length);
    const frozen = this.frozen;
    const index = this.points.index;
    if (this.capture) {
      for (let k = 0; k < index.length; k++) frozen[index[k]] = colors[index[k]];
      this.capture = false;
      if (this.engage && this.attackMs.getValue() === 0) this.basis = 1;
      this.engage = false;
    }
    const mode = this.mode.getValue();
    const engaged = this.lock.isOn() || this.hold.isOn();
    let replaceMask = -1;
    if (engaged) {
      this.basis = Math.min(1, this.basis + deltaMs / this.attackMs.getValue());
      if (mode === REPLACE) replaceMask = grayn(this.mix.getValue());
    } else {
      this.basis = Math.max(0, this.basis - deltaMs / this.releaseMs.getValue());
    }
    if (!(this.basis > 0)) return;
    const alpha = blendMask(this.basis * this.mix.getValue() * enabledAmount);
    if (alpha <= 0) return;
    if (replaceMask >= 0) {
      const inverse = BLEND_ALPHA_FULL - alpha;
      for (let k = 0; k < index.length; k++) {
        const i = index[k];
        colors[i] = lightest(multiply(frozen[i], replaceMask, BLEND_ALPHA_FULL), colors[i], inverse);
      }
    } else {
      const blend = FREEZE_MODES[mode].blend;
      for (let k = 0; k < index.length; k++) {
        const i = index[k];
        colors[i] = blend(colors[i], frozen[i], alpha);
      }
    }
  }
}
