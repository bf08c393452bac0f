import { NumericParameter, type NumericOptions } from './numeric.js';

/** How the exponent shapes the knob (LX's NormalizationCurve). */
type NormalizationCurve = 'normal' | 'reverse' | 'biasCenter' | 'biasOuter';

interface BoundedOptions extends NumericOptions {
  /** Value at normalized 0 (may be above `v1` for an inverted knob). Default 0. */
  readonly v0?: number;
  /** Value at normalized 1. Default 1. */
  readonly v1?: number;
  /** Curve exponent, > 0. Default 1. */
  readonly exponent?: number;
  readonly curve?: NormalizationCurve;
}

function shape(n: number, e: number, curve: NormalizationCurve, inverse: boolean): number {
  if (e === 1) return n;
  const p = inverse ? e : 1 / e;
  switch (curve) {
    case 'reverse':
      return 1 - Math.pow(1 - n, p);
    case 'biasCenter':
      // Exponent applied symmetrically away from the center: flat around 0.5.
      return n < 0.5 ? 0.5 - 0.5 * Math.pow(1 - 2 * n, p) : 0.5 + 0.5 * Math.pow(2 * n - 1, p);
    case 'biasOuter':
      // Exponent applied toward the center: steep around 0.5.
      return n < 0.5 ? 0.5 * Math.pow(2 * n, p) : 1 - 0.5 * Math.pow(2 - 2 * n, p);
    default:
      return Math.pow(n, p);
  }
}

/**
 * A continuous value in a range (LX's BoundedParameter, or CompoundParameter when
 * `modulatable`). The range runs from `v0` (normalized 0) to `v1` (normalized 1); values are
 * clamped to it.
 */
export class BoundedParameter extends NumericParameter {
  readonly kind = 'bounded' as const;
  readonly v0: number;
  readonly v1: number;
  readonly min: number;
  readonly max: number;
  readonly exponent: number;
  readonly curve: NormalizationCurve;

  constructor(label: string, value: number, options: BoundedOptions = {}) {
    const v0 = options.v0 ?? 0;
    const v1 = options.v1 ?? 1;
    const min = Math.min(v0, v1);
    const max = Math.max(v0, v1);
    super(label, value < min ? min : value > max ? max : value, options);
    if (!(options.exponent === undefined || options.exponent > 0)) throw new Error(`${label}: exponent must be > 0`);
    this.v0 = v0;
    this.v1 = v1;
    this.min = min;
    this.max = max;
    this.exponent = options.exponent ?? 1;
    this.curve = options.curve ?? 'normal';
  }

  protected constrain(v: number): number {
    return v < this.min ? this.min : v > this.max ? this.max : v;
  }

  normalize(v: number): number {
    const range = this.v1 - this.v0;
    if (range === 0) return 0;
    const c = v < this.min ? this.min : v > this.max ? this.max : v;
    return shape((c - this.v0) / range, this.exponent, this.curve, false);
  }

  denormalize(n: number): number {
    return this.v0 + (this.v1 - this.v0) * shape(n, this.exponent, this.curve, true);
  }

  /**
   * LX's CompoundParameter.getNormalized(): under modulation, the clamped (or wrapped) sum of
   * the base's normalized value and every modulation amount itself, not a round trip through
   * the value (which can differ in the last bit when the knob has an exponent). A modulated knob
   * used as a modulation source reads this.
   */
  override getNormalized(): number {
    const mods = this.modulations;
    let n = this.normalize(this.base);
    if (mods.length === 0) return n;
    for (let i = 0; i < mods.length; i++) n += mods[i].modulationAmount();
    return this.combine(n);
  }

  get value(): number {
    return this.getValue();
  }

  get baseValue(): number {
    return this.base;
  }

  accept(input: unknown): number {
    if (typeof input !== 'number' || !Number.isFinite(input)) this.reject(`takes a number in ${this.min}–${this.max}; got ${describe(input)}`);
    if (input < this.min || input > this.max) this.reject(`takes ${this.min}–${this.max}; got ${input}`);
    return this.withinLimit(input);
  }

  setBase(value: number | string | boolean): void {
    this.setValue(value as number);
  }
}

export function describe(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  if (typeof input === 'number') return String(input);
  if (input === null) return 'null';
  return typeof input;
}
