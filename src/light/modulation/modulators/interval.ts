import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import type { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { PeriodicModulator } from '../periodic-modulator.js';

/** The base time between firings: Interval's and Randomizer's `periodMs` (LX gives both one range). */
export function intervalPeriodParameter(description: string): BoundedParameter {
  return new BoundedParameter('Interval', 1000, { v0: 10, v1: 60000, exponent: 3, units: 'milliseconds', modulatable: true, description });
}

/** The random time added to each interval: Interval's and Randomizer's `randomMs`. */
export function randomIntervalParameter(): BoundedParameter {
  return new BoundedParameter('Random', 0, {
    v1: 60000,
    exponent: 3,
    units: 'milliseconds',
    modulatable: true,
    description: 'Up to this much random time is added to each interval',
  });
}

/**
 * LX's Interval: a periodic trigger. Every (interval + r·random) ms — r re-rolled after each
 * firing — it fires `triggerOut` with probability chance %, and its value is 1 on that frame.
 * It can sync to the tempo through the periodic controls. Randomness comes from the
 * modulator's seeded generator.
 */
export class Interval extends PeriodicModulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'randomInterval'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Interval';
  readonly periodMs = intervalPeriodParameter('Base time between firings');
  readonly randomMs = randomIntervalParameter();
  readonly chance = new BoundedParameter('Chance', 100, { v1: 100, units: 'percent', modulatable: true, description: 'Chance that each interval fires' });
  readonly triggerOut = new TriggerParameter('Trigger Out', { description: 'Fires when the interval elapses' });
  private randomInterval = 0;

  constructor(label = 'Interval') {
    super(label);
    this.mappingSource = false;
    this.addParameter('periodMs', this.periodMs);
    this.addParameter('randomMs', this.randomMs);
    this.addParameter('chance', this.chance);
    this.addParameter('triggerOut', this.triggerOut);
  }

  override getTriggerSource(): BooleanParameter {
    return this.triggerOut;
  }

  protected currentPeriodMs(): number {
    return this.periodMs.getValue() + this.randomInterval * this.randomMs.getValue();
  }

  protected override computeBasis(_basis: number, _value: number): number {
    return 0;
  }

  protected computeBasisValue(_deltaMs: number, _basis: number): number {
    if (this.looped() || this.finished()) {
      if (this.random.next() * 100 < this.chance.getValue()) {
        this.randomInterval = this.random.next();
        this.triggerOut.fire();
        return 1;
      }
    }
    return 0;
  }
}
