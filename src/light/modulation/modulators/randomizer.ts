import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import type { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import type { LoadContext, LxObject } from '../../component/lxp-types.js';
import { DampedValue } from '../damped-value.js';
import { intervalPeriodParameter, randomIntervalParameter } from './interval.js';
import { PeriodicModulator } from '../periodic-modulator.js';

export const TRIGGER_MODES = Object.freeze([
  { label: 'Internal', name: 'INTERNAL' },
  { label: 'External', name: 'EXTERNAL' },
] as const);

const LERP_MODES = Object.freeze([
  { label: 'Direct', name: 'DIRECT' },
  { label: 'Damped', name: 'DAMPED' },
  { label: 'Smooth', name: 'SMOOTH' },
] as const);

/**
 * LX's Randomizer ("Random"): picks a random target in [min, max] every (interval + r·random) ms
 * with probability chance % (Internal), or on `triggerIn` (External), and fires `triggerOut` on
 * each new target. The output goes there Directly, Damped (at `speed` units/s, reaching it after
 * `accelTimeSecs` of acceleration) or Smoothly (exponential approach over window × range ms).
 * LX quirk kept: the mode is saved as `leprMode`. Old projects' `damping` and `accel` load into
 * the lerp mode and acceleration time. Randomness comes from the modulator's seeded generator.
 */
export class Randomizer extends PeriodicModulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'randomInterval', 'target', 'damped'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Randomizer';
  readonly triggerMode = new EnumParameter('Trig Mode', TRIGGER_MODES, 0, { description: 'Internal: on its own interval. External: on Trigger In' });
  readonly lerpMode = new EnumParameter('Lerp Mode', LERP_MODES, 0, { description: 'How the output moves to each new target' });
  readonly periodMs = intervalPeriodParameter('Base time between new targets');
  readonly randomMs = randomIntervalParameter();
  readonly chance = new BoundedParameter('Chance', 100, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'Chance that each interval picks a new target',
  });
  readonly speed = new BoundedParameter('Speed', 5, {
    v0: 0.01,
    v1: 10,
    exponent: 2,
    modulatable: true,
    description: 'Damped mode: top speed, in full ranges per second',
  });
  readonly accelTimeSecs = new BoundedParameter('Accel Time', 0.5, {
    v1: 5,
    exponent: 2,
    units: 'seconds',
    modulatable: true,
    description: 'Damped mode: time to reach top speed (0: at once)',
  });
  readonly smoothingWindow = new BoundedParameter('Time', 0.5, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Smooth mode: approach time, as a fraction of Range',
  });
  readonly smoothingWindowRangeMs = new BoundedParameter('Range', 1000, {
    v0: 100,
    v1: 60000,
    units: 'milliseconds',
    description: 'Smooth mode: longest approach time',
  });
  readonly min = new BoundedParameter('Minimum', 0, { modulatable: true, units: 'percentNormalized', description: 'Lowest target' });
  readonly max = new BoundedParameter('Maximum', 1, { modulatable: true, units: 'percentNormalized', description: 'Highest target' });
  readonly triggerIn = new TriggerParameter('Trigger In', { description: 'External mode: picks a new target' });
  readonly triggerOut = new TriggerParameter('Trigger Out', { description: 'Fires on every new target' });
  private randomInterval = 0;
  private target = 0.5;
  private readonly damped = new DampedValue(0.5);

  constructor(label = 'Random') {
    super(label);
    this.addParameter('triggerMode', this.triggerMode);
    this.addParameter('leprMode', this.lerpMode);
    this.addParameter('periodMs', this.periodMs);
    this.addParameter('randomMs', this.randomMs);
    this.addParameter('chance', this.chance);
    this.addParameter('speed', this.speed);
    this.addParameter('accelTimeSecs', this.accelTimeSecs);
    this.addParameter('smoothingWindow', this.smoothingWindow);
    this.addParameter('smoothingWindowRangeMs', this.smoothingWindowRangeMs);
    this.addParameter('min', this.min);
    this.addParameter('max', this.max);
    this.addParameter('triggerIn', this.triggerIn);
    this.addParameter('triggerOut', this.triggerOut);
    this.value = 0.5;
    this.triggerIn.onChange(() => {
      if (this.running.isOn() && this.triggerMode.getValue() === 1) this.newTarget();
    });
  }

  override getTriggerSource(): BooleanParameter {
    return this.triggerOut;
  }

  /** Sets the target directly (LX's setNormalized). */
  setNormalized(value: number): void {
    this.target = value;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.triggerMode && this.triggerMode.getValue() === 1) this.tempoSync.setOn(false);
  }

  protected currentPeriodMs(): number {
    if (this.triggerMode.getValue() === 1) return Infinity;
    return this.periodMs.getValue() + this.randomInterval * this.randomMs.getValue();
  }

  protected override computeBasis(_basis: number, _value: number): number {
    return 0;
  }

  private newTarget(): void {
    if (this.random.next() * 100 >= this.chance.getValue()) return;
    this.randomInterval = this.random.next();
    const lo = this.min.getValue();
    this.target = lo + (this.max.getValue() - lo) * this.random.next();
    this.triggerOut.fire();
  }

  protected computeBasisValue(deltaMs: number, _basis: number): number {
    if (this.triggerMode.getValue() === 0 && (this.looped() || this.finished())) this.newTarget();
    switch (this.lerpMode.getValue()) {
      case 1: {
        const speed = this.speed.getValue();
        const t = this.accelTimeSecs.getValue();
        const v = this.damped.step(deltaMs, this.target, speed, t > 0 ? speed / t : 0);
        return v < 0 ? 0 : v > 1 ? 1 : v;
      }
      case 2: {
        const a = this.value;
        const k = Math.min(1, deltaMs / (this.smoothingWindow.getValue() * this.smoothingWindowRangeMs.getValue()));
        this.damped.set(a + (this.target - a) * k);
        return this.damped.value;
      }
      default:
        this.damped.set(this.target);
        return this.target;
    }
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    super.loadExtra(obj, ctx);
    const params = obj.parameters ?? {};
    // Projects from before the lerp modes: `damping` (on = Damped) and `accel` (units/s²).
    if (!('leprMode' in params) && typeof params.damping === 'boolean') this.lerpMode.setValue(params.damping ? 1 : 0);
    if (!('accelTimeSecs' in params) && typeof params.accel === 'number' && params.accel > 0) {
      this.accelTimeSecs.setValue(Math.min(5, this.speed.getValue() / params.accel));
    }
  }
}
