import { Parameter, type ParameterOptions } from './parameter.js';
import { recording, type StoredValue } from './recording.js';
import type { Polarity, Units } from './units.js';

/** A source of modulation riding on a numeric parameter (a compound modulation in LX). */
export interface ModulationInput {
  /** Amount added to the target's normalized base value this frame. */
  modulationAmount(): number;
}

export interface NumericOptions extends ParameterOptions {
  readonly units?: Units;
  readonly polarity?: Polarity;
  /** Modulation may ride on it (LX's CompoundParameter family). */
  readonly modulatable?: boolean;
  /** Modulation wraps around instead of clamping (hue, phase). */
  readonly wrappable?: boolean;
}

/**
 * A narrower range than a parameter's own that a layer above imposes on what may be set (the
 * song's tempo range on the light's tempo, when the two are one clock); `why` ends the refusal.
 */
interface AcceptLimit {
  readonly min: number;
  readonly max: number;
  readonly why: string;
}

/**
 * The numeric core shared by bounded, discrete, enum, boolean and trigger parameters: a double
 * base value, a normalized view of it and, for modulatable ones, modulation inputs summed in
 * normalized space (LX's compound rule).
 */
export abstract class NumericParameter extends Parameter {
  readonly units: Units;
  readonly polarity: Polarity;
  readonly modulatable: boolean;
  readonly wrappable: boolean;
  protected base: number;
  protected readonly defaultBase: number;
  readonly modulations: ModulationInput[] = [];
  private acceptLimit: AcceptLimit | undefined;

  constructor(label: string, value: number, options: NumericOptions = {}) {
    super(label, options);
    this.units = options.units ?? 'none';
    this.polarity = options.polarity ?? 'unipolar';
    this.modulatable = options.modulatable ?? false;
    this.wrappable = options.wrappable ?? false;
    this.base = value;
    this.defaultBase = value;
  }

  /**
   * Narrows what `accept` takes (every surface's set goes through it) without touching the
   * range, normalization, modulation or saved values; undefined lifts it.
   */
  limitAccepted(limit: AcceptLimit | undefined): void {
    this.acceptLimit = limit;
  }

  /** The narrower range imposed from above, if any (a surface may show it). */
  get acceptedLimit(): AcceptLimit | undefined {
    return this.acceptLimit;
  }

  /** Refuses an otherwise accepted value outside the imposed limit. */
  protected withinLimit(v: number): number {
    const l = this.acceptLimit;
    if (l !== undefined && !(v >= l.min && v <= l.max)) this.reject(`takes ${l.min}–${l.max} (${l.why}); got ${v}`);
    return v;
  }

  /** LX's rule for a raw value: clamp, wrap or quantize. */
  protected abstract constrain(v: number): number;
  abstract normalize(v: number): number;
  abstract denormalize(n: number): number;

  get isModulated(): boolean {
    return this.modulations.length > 0;
  }

  getBaseValue(): number {
    return this.base;
  }

  /** The effective value: the base, plus modulation in normalized space when any is wired. */
  getValue(): number {
    const mods = this.modulations;
    if (mods.length === 0) return this.base;
    let n = this.normalize(this.base);
    for (let i = 0; i < mods.length; i++) n += mods[i].modulationAmount();
    return this.modulatedValue(this.combine(n));
  }

  /** Java's `getValuef()`: the effective value rounded to float32. */
  getValuef(): number {
    return Math.fround(this.getValue());
  }

  /** Maps a combined normalized value back to a value; discrete kinds quantize here. */
  protected modulatedValue(n: number): number {
    return this.denormalize(n);
  }

  protected combine(n: number): number {
    if (this.wrappable) {
      if (n < 0) return 1 + (n % 1);
      if (n > 1) return n % 1;
      return n;
    }
    return n < 0 ? 0 : n > 1 ? 1 : n;
  }

  getNormalized(): number {
    if (this.modulations.length === 0) return this.normalize(this.base);
    return this.normalize(this.getValue());
  }

  getBaseNormalized(): number {
    return this.normalize(this.base);
  }

  /** Sets the raw base value with LX's constrain rule, notifying listeners on change. */
  setValue(v: number): void {
    const c = this.constrain(v);
    if (c === this.base || (Number.isNaN(c) && Number.isNaN(this.base))) return;
    const r = recording.current;
    if (r !== null) r.changing(this, this.base);
    this.base = c;
    this.notify();
  }

  override get storedBase(): StoredValue {
    return this.base;
  }

  override restoreStoredBase(value: StoredValue): void {
    this.setValue(value as number);
  }

  setNormalized(n: number): void {
    this.setValue(this.denormalize(n < 0 ? 0 : n > 1 ? 1 : n));
  }

  addModulation(m: ModulationInput): void {
    this.modulations.push(m);
    this.notify();
  }

  removeModulation(m: ModulationInput): void {
    const i = this.modulations.indexOf(m);
    if (i < 0) return;
    this.modulations.splice(i, 1);
    this.notify();
  }

  override reset(): void {
    this.setValue(this.defaultBase);
  }

  get defaultValue(): number {
    return this.defaultBase;
  }

  override save(): unknown {
    return this.base;
  }

  override load(json: unknown): void {
    if (typeof json === 'number' && Number.isFinite(json)) this.setValue(json);
    else if (typeof json === 'boolean') this.setValue(json ? 1 : 0);
  }
}
