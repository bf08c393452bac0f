import { describe } from './bounded.js';
import { NumericParameter, type NumericOptions } from './numeric.js';

type BooleanMode = 'toggle' | 'momentary';

export interface BooleanOptions extends NumericOptions {
  readonly mode?: BooleanMode;
  /**
   * A momentary button whose press is an event that leaves no value behind (tempo tap): its
   * listeners release it at once, so it can only be fired, never set. Other momentary buttons
   * (a pattern's Cue, Freeze's Hold) hold their value while pressed and are set like toggles.
   */
  readonly pulse?: boolean;
}

/** On/off (LX's BooleanParameter): stored as 1 or 0; any value above 0 is on. */
export class BooleanParameter extends NumericParameter {
  readonly kind: 'boolean' | 'trigger' = 'boolean';
  readonly mode: BooleanMode;
  private readonly pulse: boolean;

  constructor(label: string, value = false, options: BooleanOptions = {}) {
    super(label, value ? 1 : 0, options);
    this.mode = options.mode ?? 'toggle';
    this.pulse = options.pulse === true && this.mode === 'momentary';
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

  /** True for a trigger or a pulse button: it is fired, never set to a value (see BooleanOptions.pulse). */
  get isPulse(): boolean {
    return this.pulse || this.kind === 'trigger';
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
