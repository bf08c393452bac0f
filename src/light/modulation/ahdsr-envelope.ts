import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { javaPow } from '../math/java-math.js';
import { Modulator } from './modulator.js';

/** Envelope stages, in LX's order. */
const enum Stage {
  DELAY,
  ATTACK,
  HOLD,
  DECAY,
  SUSTAIN,
  RELEASE,
  OFF,
}

/** LX's `AHDSREnvelope.StageMode`: which stages an envelope goes through, in enum order. */
const STAGE_MODES = Object.freeze([
  { name: 'AHDSR', label: 'AHDSR', stages: [Stage.ATTACK, Stage.HOLD, Stage.DECAY, Stage.SUSTAIN, Stage.RELEASE] },
  { name: 'ADSR', label: 'ADSR', stages: [Stage.ATTACK, Stage.DECAY, Stage.SUSTAIN, Stage.RELEASE] },
  { name: 'AHD', label: 'AHD', stages: [Stage.ATTACK, Stage.HOLD, Stage.DECAY] },
  { name: 'AD', label: 'AD', stages: [Stage.ATTACK, Stage.DECAY] },
  { name: 'DAHDSR', label: 'DAHDSR', stages: [Stage.DELAY, Stage.ATTACK, Stage.HOLD, Stage.DECAY, Stage.SUSTAIN, Stage.RELEASE] },
  { name: 'DADSR', label: 'DADSR', stages: [Stage.DELAY, Stage.ATTACK, Stage.DECAY, Stage.SUSTAIN, Stage.RELEASE] },
  { name: 'DAHD', label: 'DAHD', stages: [Stage.DELAY, Stage.ATTACK, Stage.HOLD, Stage.DECAY] },
  { name: 'DAD', label: 'DAD', stages: [Stage.DELAY, Stage.ATTACK, Stage.DECAY] },
]);

/** The numbers an AHDSR envelope reads live each frame (times in ms, levels 0–1). */
interface EnvelopeSource {
  delay(): number;
  attack(): number;
  hold(): number;
  decay(): number;
  sustain(): number;
  release(): number;
  initial(): number;
  peak(): number;
  /** Exponent of the attack/decay/release curves. */
  shape(): number;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * LX's AHDSREnvelope: a stage machine DELAY → ATTACK → HOLD → DECAY → SUSTAIN → RELEASE → OFF,
 * limited to the stages of `stageMode`. Engaging starts the first stage (the attack begins from
 * the current value unless `resetMode`); disengaging jumps to the end stage unless `oneshot`.
 * Sustain and Off last until something changes, except that a one-shot that is no longer
 * engaged leaves sustain at once. Time left over at the end of a stage carries into the next one
 * within the same frame. Values: attack lerp(from, peak, t^p); hold peak; decay lerp(sustain or
 * initial, from, (1 − t)^p); sustain lerp(initial, peak, sustain); release lerp(initial, from,
 * (1 − t)^p); off initial.
 */
export abstract class AHDSREnvelope extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'stage', 'stageBasis', 'attackFrom', 'decayFrom', 'releaseFrom'];
  }

  readonly engage = new BooleanParameter('Engage', false, { mode: 'momentary', description: 'Gate: on starts the envelope, off releases it' });
  readonly retrig = new TriggerParameter('Retrig', { description: 'Restarts the envelope from its current value without changing the gate' });
  readonly stageMode = new EnumParameter('Stage Mode', STAGE_MODES, 0, { description: 'Which stages the envelope goes through' });
  readonly resetMode = new BooleanParameter('Reset', false, { description: 'Every engage restarts from the initial value' });
  readonly oneshot = new BooleanParameter('Oneshot', false, { description: 'Play the whole envelope even when the gate closes early' });
  private stage = Stage.OFF;
  private stageBasis = 0;
  private attackFrom = 0;
  private decayFrom = 1;
  private releaseFrom = 1;

  constructor(
    label: string,
    private readonly env: EnvelopeSource,
  ) {
    super(label);
    this.addParameter('engage', this.engage);
    this.addParameter('retrig', this.retrig);
    this.addParameter('stageMode', this.stageMode);
    this.addParameter('resetMode', this.resetMode);
    this.addParameter('oneshot', this.oneshot);
  }

  /** The stage the envelope is in. */
  get currentStage(): Stage {
    return this.stage;
  }

  override getTriggerSource(): BooleanParameter {
    return this.engage;
  }

  private get mode(): readonly Stage[] {
    return STAGE_MODES[this.stageMode.getValue()].stages;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    const mode = this.mode;
    if (p === this.stageMode) {
      if (this.stage !== Stage.OFF && (!mode.includes(this.stage) || !this.engage.isOn())) {
        this.stageBasis = 0;
        this.stage = mode[mode.length - 1];
        this.decayFrom = this.releaseFrom = this.value;
      }
    } else if (p === this.retrig) {
      this.stageBasis = 0;
      this.stage = mode[0];
      this.attackFrom = this.value;
    } else if (p === this.engage) {
      if (this.engage.isOn()) {
        const first = mode[0];
        if (this.resetMode.isOn()) {
          this.stageBasis = 0;
          this.stage = first;
          this.attackFrom = this.env.initial();
        } else if (this.stage !== first) {
          this.stageBasis = 0;
          this.stage = first;
          this.attackFrom = this.value;
        }
      } else if (this.stage !== Stage.OFF && !this.oneshot.isOn()) {
        const end = mode[mode.length - 1];
        if (this.stage !== end) {
          this.stageBasis = 0;
          this.stage = end;
          this.decayFrom = this.releaseFrom = this.value;
        }
      }
    }
  }

  protected computeValue(deltaMs: number): number {
    let guard = 16;
    while (deltaMs > 0 && guard-- > 0) deltaMs = this.processStage(deltaMs);
    return this.stageValue();
  }

  private stageMs(): number {
    switch (this.stage) {
      case Stage.DELAY:
        return this.env.delay();
      case Stage.ATTACK:
        return this.env.attack();
      case Stage.HOLD:
        return this.env.hold();
      case Stage.DECAY:
        return this.env.decay();
      case Stage.RELEASE:
        return this.env.release();
      case Stage.SUSTAIN:
        return this.oneshot.isOn() && !this.engage.isOn() ? 0 : -1;
      default:
        return -1;
    }
  }

  private processStage(deltaMs: number): number {
    const stageMs = this.stageMs();
    if (stageMs < 0) return 0;
    const remaining = (1 - this.stageBasis) * stageMs;
    if (stageMs === 0 || deltaMs >= remaining) {
      this.stage = this.nextStage();
      this.stageBasis = 0;
      return deltaMs - remaining;
    }
    this.stageBasis += deltaMs / stageMs;
    return 0;
  }

  private nextStage(): Stage {
    const mode = this.mode;
    switch (this.stage) {
      case Stage.DELAY:
        return Stage.ATTACK;
      case Stage.ATTACK:
        // LX takes the decay's start from the peak as the attack ends (ADSR has no hold to do it).
        this.decayFrom = this.env.peak();
        return mode.includes(Stage.HOLD) ? Stage.HOLD : Stage.DECAY;
      case Stage.HOLD:
        this.decayFrom = this.env.peak();
        return Stage.DECAY;
      case Stage.DECAY:
        return mode.includes(Stage.SUSTAIN) ? Stage.SUSTAIN : Stage.OFF;
      case Stage.SUSTAIN:
        this.releaseFrom = this.sustainValue();
        return Stage.RELEASE;
      default:
        return Stage.OFF;
    }
  }

  private sustainValue(): number {
    return lerp(this.env.initial(), this.env.peak(), this.env.sustain());
  }

  private stageValue(): number {
    const p = this.env.shape();
    switch (this.stage) {
      case Stage.DELAY:
        return this.attackFrom;
      case Stage.ATTACK:
        return lerp(this.attackFrom, this.env.peak(), javaPow(this.stageBasis, p));
      case Stage.HOLD:
        return this.env.peak();
      case Stage.DECAY:
        return lerp(this.mode.includes(Stage.SUSTAIN) ? this.sustainValue() : this.env.initial(), this.decayFrom, javaPow(1 - this.stageBasis, p));
      case Stage.SUSTAIN:
        return this.sustainValue();
      case Stage.RELEASE:
        return lerp(this.env.initial(), this.releaseFrom, javaPow(1 - this.stageBasis, p));
      default:
        return this.env.initial();
    }
  }
}
