import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { DIVISIONS } from '../../tempo/divisions.js';
import { javaSin } from '../../math/java-math.js';
import { Modulator } from '../modulator.js';
import { QUARTER, TEMPO_DIVISION_CHOICES } from '../tempo-division.js';
import { TimeParameter } from '../time-parameter.js';
import { secondsOfDay, wallClockMsOf } from '../wall-clock.js';

const HALF_PI = Math.PI / 2;

/**
 * LX's Damper: a value that travels toward 1 while `toggle` is on and back toward 0 while it is
 * off, at Δt / interval per frame, optionally eased with a sine. Engage/Release triggers set the
 * toggle; with Timing on, the engage and release times of day fire them (from the show's wall
 * clock). LX quirk kept: in tempo sync the interval is the beat period × the division's
 * multiplier (so 1/16 is four beats long and 4 bars a sixteenth of a beat).
 */
export class Damper extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'basis'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Damper';
  readonly toggle = new BooleanParameter('Toggle', false, { description: 'Whether the damper is engaged (moving toward 1)' });
  readonly triggerEngage = new TriggerParameter('Engage', { description: 'Engages the damper' });
  readonly triggerRelease = new TriggerParameter('Release', { description: 'Releases the damper' });
  readonly periodMs = new BoundedParameter('Interval', 1000, {
    v0: 10,
    v1: 300000,
    exponent: 3,
    units: 'milliseconds',
    modulatable: true,
    description: 'Time to travel all the way',
  });
  readonly tempoSync = new BooleanParameter('Sync', false, { description: 'Take the interval from the tempo' });
  readonly tempoDivision = new EnumParameter('Division', TEMPO_DIVISION_CHOICES, QUARTER, { description: 'Tempo division when in sync mode' });
  readonly sinShaping = new BooleanParameter('Ease', false, { description: 'Sine easing at both ends' });
  readonly timing = new BooleanParameter('Timing', false, { description: 'Engage and release at the set times of day' });
  readonly engageTime = new TimeParameter('Engage Time', { description: 'Time of day the damper engages' });
  readonly releaseTime = new TimeParameter('Release Time', { description: 'Time of day the damper releases' });
  readonly engageTimerOut = new BooleanParameter('Engage Timer', false, { mode: 'momentary', description: 'On during the second the engage time is reached' });
  readonly releaseTimerOut = new BooleanParameter('Release Timer', false, {
    mode: 'momentary',
    description: 'On during the second the release time is reached',
  });
  private basis = 0;

  constructor(label = 'Damper') {
    super(label);
    this.addParameter('toggle', this.toggle);
    this.addParameter('triggerEngage', this.triggerEngage);
    this.addParameter('triggerRelease', this.triggerRelease);
    this.addParameter('periodMs', this.periodMs);
    this.addParameter('tempoSync', this.tempoSync);
    this.addParameter('tempoDivision', this.tempoDivision);
    this.addParameter('sinShaping', this.sinShaping);
    this.addParameter('timing', this.timing);
    this.addParameter('engageTime', this.engageTime);
    this.addParameter('releaseTime', this.releaseTime);
    this.addParameter('engageTimerOut', this.engageTimerOut);
    this.addParameter('releaseTimerOut', this.releaseTimerOut);
  }

  override getTriggerSource(): BooleanParameter {
    return this.toggle;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.toggle) this.start();
    else if (p === this.engageTimerOut) {
      if (this.engageTimerOut.isOn()) this.triggerEngage.fire();
    } else if (p === this.releaseTimerOut) {
      if (this.releaseTimerOut.isOn()) this.triggerRelease.fire();
    } else if (p === this.triggerEngage) {
      this.toggle.setOn(true);
      this.start();
    } else if (p === this.triggerRelease) {
      this.toggle.setOn(false);
      this.start();
    }
  }

  /** Moves the damper to a position (LX's setNormalized), through the easing when it is on. */
  setNormalized(value: number): void {
    this.basis = this.sinShaping.isOn() ? (Math.asin(2 * (value - 0.5)) + HALF_PI) / Math.PI : value;
  }

  protected computeValue(deltaMs: number): number {
    if (this.timing.isOn()) {
      const now = wallClockMsOf(this);
      if (now !== undefined) {
        const s = secondsOfDay(now);
        this.engageTimerOut.setOn(this.engageTime.getSecondsOfDay() === s);
        this.releaseTimerOut.setOn(this.releaseTime.getSecondsOfDay() === s);
      }
    }
    const tempo = this.tempoSync.isOn() ? this.tempo : undefined;
    const period = tempo !== undefined ? tempo.period.getValue() * DIVISIONS[this.tempoDivision.getValue()].multiplier : this.periodMs.getValue();
    const b = this.basis + ((this.toggle.isOn() ? 1 : -1) * deltaMs) / period;
    this.basis = b < 0 ? 0 : b > 1 ? 1 : b;
    return this.sinShaping.isOn() ? 0.5 + 0.5 * javaSin(-HALF_PI + Math.PI * this.basis) : this.basis;
  }
}
