import { describe } from './bounded.js';
import { NumericParameter, type NumericOptions } from './numeric.js';
import { recording } from './recording.js';

interface DiscreteOptions extends NumericOptions {
  /** Display names of the values, one per integer from `min`. */
  readonly options?: readonly string[];
}

/**
 * An integer in [min, max] inclusive (LX's DiscreteParameter; LX's constructor takes an
 * exclusive max, this one does not). LX wraps out-of-range raw values modulo the range; a
 * surface write outside the range is refused instead.
 */
export class DiscreteParameter extends NumericParameter {
  readonly kind: 'discrete' | 'enum' = 'discrete';
  min: number;
  max: number;
  options: readonly string[] | null;

  constructor(label: string, value: number, min: number, max: number, options: DiscreteOptions = {}) {
    super(label, value, { units: 'integer', ...options });
    this.min = min;
    this.max = max;
    this.options = options.options ?? null;
    this.base = this.constrain(value);
  }

  get range(): number {
    return this.max - this.min + 1;
  }

  protected constrain(v: number): number {
    const range = this.range;
    if (range <= 0) return this.min;
    let i = Math.trunc(v) - this.min;
    i = ((i % range) + range) % range;
    return this.min + i;
  }

  normalize(v: number): number {
    const range = this.range;
    return range <= 1 ? 0 : (v - this.min) / (range - 1);
  }

  denormalize(n: number): number {
    const range = this.range;
    let i = Math.floor(n * range);
    if (i < 0) i = 0;
    if (i > range - 1) i = range - 1;
    return this.min + i;
  }

  /** Re-ranges the parameter (e.g. a selector whose list grew); keeps the value if it still fits. */
  setRange(min: number, max: number, options: readonly string[] | null = this.options): void {
    this.min = min;
    this.max = max;
    this.options = options;
    const v = this.base < min ? min : this.base > max ? max : this.base;
    if (v !== this.base) {
      const r = recording.current;
      if (r !== null) r.changing(this, this.base);
      this.base = v;
    }
    this.notify();
  }

  /** The display name of the current value (the effective one under modulation). */
  get option(): string | undefined {
    if (this.options === null) return undefined;
    return this.options[this.getValue() - this.min];
  }

  get value(): number {
    return this.getValue();
  }

  get baseValue(): number {
    return this.base;
  }

  protected acceptOptionName(name: string): number | undefined {
    if (this.options === null) return undefined;
    const i = this.options.indexOf(name);
    return i >= 0 ? this.min + i : undefined;
  }

  accept(input: unknown): number {
    if (typeof input === 'string') {
      const v = this.acceptOptionName(input);
      if (v !== undefined) return this.withinLimit(v);
      if (this.options !== null) this.reject(`unknown option ${describe(input)}; options: ${this.optionList()}`);
      this.reject(`takes an integer in ${this.min}–${this.max}; got ${describe(input)}`);
    }
    if (typeof input !== 'number' || !Number.isFinite(input)) this.reject(`takes an integer in ${this.min}–${this.max}; got ${describe(input)}`);
    if (!Number.isInteger(input)) this.reject(`takes an integer in ${this.min}–${this.max}; got ${input}`);
    if (input < this.min || input > this.max) this.reject(`takes ${this.min}–${this.max}; got ${input}`);
    return this.withinLimit(input);
  }

  protected optionList(): string {
    return (this.options ?? []).map((o, i) => `${i + this.min}=${JSON.stringify(o)}`).join(', ');
  }

  setBase(value: number | string | boolean): void {
    this.setValue(value as number);
  }

  protected override modulatedValue(n: number): number {
    return this.denormalize(n);
  }
}
