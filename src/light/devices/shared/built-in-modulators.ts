// Code-level LX modulators that stock patterns run inside themselves (LX's SawLFO, LinearEnvelope
// and Click, §10.5 of the reference). They have no LX constructor a project can name, are not
// saved, and the owning pattern recreates them: a Device adds them with `startModulator` (or
// keeps them stopped, as LX's `addModulator`). The stepping is lfo-math's PeriodicState, the
// same code the modulation engine's LFOs use.

import { PeriodicState, rangeValue } from '../../math/lfo-math.js';
import { Modulator } from '../../modulation/modulator.js';

/** A period in milliseconds, read live every frame (LX passes an LXParameter). */
type PeriodSource = () => number;

/** LX's SawLFO: value = start + basis·(end − start), looping, period read every frame. */
export class SawLFO extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'state'];
  }

  readonly lxClass = 'heronarts.lx.modulator.SawLFO';
  readonly state = new PeriodicState();

  constructor(
    private readonly start0: number,
    private readonly end0: number,
    private readonly period: PeriodSource,
  ) {
    super('SAW');
    this.value = start0;
  }

  /** LX's getValuef(). */
  override getValuef(): number {
    return Math.fround(this.value);
  }

  protected computeValue(deltaMs: number): number {
    this.state.advance(deltaMs, this.period(), true);
    return rangeValue(this.start0, this.end0, this.state.basis);
  }
}

/**
 * LX's LinearEnvelope: a one-shot ramp from start to end over the period. Built stopped at its
 * start value; `setRangeFromHereTo(end)` then `trigger` ramps from the current value.
 */
export class LinearEnvelope extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'state', 'startValue', 'endValue'];
  }

  readonly lxClass = 'heronarts.lx.modulator.LinearEnvelope';
  readonly state = new PeriodicState();
  private startValue: number;
  private endValue: number;

  constructor(
    start: number,
    end: number,
    private readonly periodMs: number,
  ) {
    super('LENV');
    this.startValue = start;
    this.endValue = end;
    this.value = start;
  }

  /** Ramps from the current value to `end` on the next trigger. */
  setRangeFromHereTo(end: number): this {
    this.startValue = this.value;
    this.endValue = end;
    return this;
  }

  protected override onReset(): void {
    super.onReset();
    this.state.reset();
    this.value = this.startValue;
  }

  protected computeValue(deltaMs: number): number {
    if (this.state.advance(deltaMs, this.periodMs, false)) this.stop();
    return rangeValue(this.startValue, this.endValue, this.state.basis);
  }
}

/** LX's Click: 1 on the frame its period wraps, 0 otherwise; `click()` tests it. */
export class Click extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'state'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Click';
  readonly state = new PeriodicState();

  constructor(private readonly period: PeriodSource) {
    super('CLICK');
  }

  click(): boolean {
    return this.value === 1;
  }

  protected computeValue(deltaMs: number): number {
    this.state.advance(deltaMs, this.period(), true);
    return this.state.looped ? 1 : 0;
  }
}
