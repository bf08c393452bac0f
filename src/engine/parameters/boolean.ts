import { describe } from './bounded.js';
import { NumericParameter, type NumericOptions } from './numeric.js';

export type BooleanMode = 'toggle' | 'momentary';

export interface BooleanOptions extends NumericOptions {
  readonly mode?: BooleanMode;
}

/** On/off (LX's BooleanParameter): stored as 1 or 0; any value above 0 is on. */
export class BooleanParameter extends NumericParameter {
  readonly kind: 'boolean' | 'trigger' = 'boolean';
  readonly mode: BooleanMode;

  constructor(label: string, value = false, options: BooleanOptions = {}) {
    super(label, value ? 1 : 0, options);
    this.mode = options.mode ?? 'toggle';
  }

  protected constrain(v: number): number {
    return v > 0 ? 1 : 0;
  }

  normalize(v: number): number {
    return v > 0 ? 1 : 0;
  }

  denormalize(n: number): number {
    return n >= 0.5 ? 1 : 0;
  }

  /** True for a trigger or a momentary button: it is pressed (fired), never set to a value. */
  get isMomentary(): boolean {
    return this.mode === 'momentary';
  }

  isOn(): boolean {
    return this.getValue() > 0;
  }

  setOn(on: boolean): void {
    this.setValue(on ? 1 : 0);
  }

  toggle(): void {
    this.setValue(this.base > 0 ? 0 : 1);
  }

  get value(): boolean {
    return this.getValue() > 0;
  }

  get baseValue(): boolean {
    return this.base > 0;
  }

  accept(input: unknown): boolean {
    if (typeof input === 'boolean') return input;
    if (input === 0 || input === 1) return input === 1;
    return this.reject(`takes true or false; got ${describe(input)}`);
  }

  setBase(value: number | string | boolean): void {
    this.setValue(value === true || value === 1 ? 1 : 0);
  }

  override save(): unknown {
    return this.base > 0;
  }
}
