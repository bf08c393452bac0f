import { invalidArgument } from '../../../engine/errors.js';
import { lxArray, type LoadContext, type LxObject } from '../../component/lxp-types.js';
import { javaPow } from '../../math/java-math.js';
import { VariablePeriodModulator } from '../variable-period-modulator.js';

/** One breakpoint of a MultiStageEnvelope: where in the cycle, what value, and the curve into it. */
export interface EnvelopeStage {
  basis: number;
  value: number;
  /** Exponent of the curve from the previous stage (1 = straight). */
  shape: number;
}

/**
 * LX's MultiStageEnvelope ("Envelope", label "Env"): a breakpoint envelope over the cycle. The
 * first stage is pinned at basis 0 and the last at 1; between two stages the value is
 * lerp(previous, next, t^shape). One-shot and free-running (tempo lock off) by default, with the
 * LFO's clock modes. Saved with a `stages` array of {basis, value, shape}.
 */
export class MultiStageEnvelope extends VariablePeriodModulator {
  readonly lxClass = 'heronarts.lx.modulator.MultiStageEnvelope';
  private readonly stageList: EnvelopeStage[] = [
    { basis: 0, value: 0, shape: 1 },
    { basis: 1, value: 1, shape: 1 },
  ];

  constructor(label = 'Env') {
    super(label, { loop: false, tempoLock: false });
  }

  /** The stages in order (first at basis 0, last at 1). Copies: change them through the methods. */
  get stages(): readonly EnvelopeStage[] {
    return this.stageList.map((s) => ({ ...s }));
  }

  /** Inserts a stage (basis and value clamped to 0–1) between the stages around it; returns its index. */
  addStage(basis: number, value: number, shape = 1): number {
    const b = clamp01(basis);
    for (let i = 1; i < this.stageList.length; i++) {
      if (b <= this.stageList[i].basis) {
        this.stageList.splice(i, 0, { basis: b, value: clamp01(value), shape });
        return i;
      }
    }
    return this.stageList.length - 1;
  }

  /** Removes an inner stage (the first and last stay). */
  removeStage(index: number): void {
    if (index <= 0 || index >= this.stageList.length - 1)
      throw invalidArgument(`stage ${index} cannot be removed: the first and last stages are fixed (inner stages are 1–${this.stageList.length - 2})`);
    this.stageList.splice(index, 1);
  }

  /** Moves a stage: inner stages stay between their neighbours; the end stages only change value. */
  setStage(index: number, basis: number, value: number, shape?: number): void {
    const s = this.stageList[index];
    if (s === undefined) throw invalidArgument(`stage ${index} does not exist; stages are 0–${this.stageList.length - 1}`);
    if (index > 0 && index < this.stageList.length - 1) {
      const lo = this.stageList[index - 1].basis;
      const hi = this.stageList[index + 1].basis;
      s.basis = basis < lo ? lo : basis > hi ? hi : basis;
    }
    s.value = value;
    if (shape !== undefined) s.shape = shape;
  }

  /**
   * Replaces every stage at once (first at basis 0, last at 1, bases ascending, values 0–1,
   * shapes > 0). Throws `invalid_argument` naming the first bad stage; changes nothing then.
   */
  setStages(stages: readonly EnvelopeStage[]): void {
    checkStages(stages);
    this.stageList.splice(0, this.stageList.length, ...stages.map((s) => ({ basis: s.basis, value: s.value, shape: s.shape })));
  }

  /** The envelope's value at `basis`. */
  compute(basis: number): number {
    let prevValue = 0;
    let prevBasis = 0;
    const stages = this.stageList;
    for (let i = 0; i < stages.length; i++) {
      const s = stages[i];
      if (basis < s.basis) {
        const t = (basis - prevBasis) / (s.basis - prevBasis);
        return prevValue + (s.value - prevValue) * javaPow(t, s.shape);
      } else if (basis === s.basis) {
        return s.value;
      }
      prevBasis = s.basis;
      prevValue = s.value;
    }
    return 0;
  }

  protected computeBasisValue(_deltaMs: number, basis: number): number {
    return this.compute(basis);
  }

  protected override extraSaveKeys(): readonly string[] {
    return [...super.extraSaveKeys(), 'stages'];
  }

  protected override saveExtra(obj: LxObject): void {
    super.saveExtra(obj);
    obj.stages = this.stageList.map((s) => ({ basis: s.basis, value: s.value, shape: s.shape }));
  }

  override load(obj: LxObject, ctx: LoadContext): void {
    // LX reads the stages before the parameters and the basis.
    const stages = lxArray(obj.stages);
    stages.forEach((json, i) => {
      const num = (k: string, d: number): number => (typeof json[k] === 'number' ? (json[k] as number) : d);
      if (i === 0) Object.assign(this.stageList[0], { basis: num('basis', 0), value: num('value', 0), shape: num('shape', 1) });
      else if (i === stages.length - 1)
        Object.assign(this.stageList[this.stageList.length - 1], { basis: num('basis', 1), value: num('value', 1), shape: num('shape', 1) });
      else {
        const b = num('basis', 0.5);
        for (let k = 1; k < this.stageList.length; k++) {
          if (b <= this.stageList[k].basis) {
            this.stageList.splice(k, 0, { basis: b, value: num('value', 0), shape: num('shape', 1) });
            break;
          }
        }
      }
    });
    super.load(obj, ctx);
  }
}

/** Validates a full stage list (see setStages). */
export function checkStages(stages: readonly EnvelopeStage[]): void {
  if (!Array.isArray(stages) || stages.length < 2)
    throw invalidArgument('stages takes a list of at least 2 stages {basis, value, shape}, the first at basis 0 and the last at 1');
  stages.forEach((s, i) => {
    const where = `stage ${i}`;
    if (typeof s !== 'object' || s === null) throw invalidArgument(`${where} must be an object {basis, value, shape}`);
    for (const k of ['basis', 'value', 'shape'] as const)
      if (typeof s[k] !== 'number' || !Number.isFinite(s[k])) throw invalidArgument(`${where}: ${k} must be a number`);
    if (s.value < 0 || s.value > 1) throw invalidArgument(`${where}: value takes 0–1; got ${s.value}`);
    if (s.shape <= 0) throw invalidArgument(`${where}: shape must be > 0 (1 is a straight line); got ${s.shape}`);
    if (i === 0 && s.basis !== 0) throw invalidArgument(`${where}: the first stage sits at basis 0; got ${s.basis}`);
    if (i === stages.length - 1 && s.basis !== 1) throw invalidArgument(`${where}: the last stage sits at basis 1; got ${s.basis}`);
    if (i > 0 && s.basis < stages[i - 1].basis) throw invalidArgument(`${where}: bases must not decrease (${s.basis} after ${stages[i - 1].basis})`);
  });
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
