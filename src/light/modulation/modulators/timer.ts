import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { Modulator } from '../modulator.js';
import { TimeParameter } from '../time-parameter.js';
import { dayOfWeek, secondsOfDay, wallClockMsOf } from '../wall-clock.js';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * LX's Timer (global only): `triggerOut` is on during the wall-clock second equal to `time` on
 * the enabled days of the week, checked every frame; value 1 then. Needs the show's wall clock
 * (see wall-clock.ts); without one it never fires.
 */
export class Timer extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.Timer';
  readonly time = new TimeParameter('Time', { description: 'Time of day the timer fires' });
  readonly days: readonly BooleanParameter[];
  readonly triggerOut = new BooleanParameter('Trigger Out', false, { mode: 'momentary', description: 'On during the second the timer fires' });

  constructor(label = 'Timer') {
    super(label);
    this.addParameter('time', this.time);
    this.days = DAYS.map((d) =>
      this.addParameter(
        d,
        new BooleanParameter(d[0].toUpperCase() + d.slice(1), true, { description: `Whether the timer fires on ${d[0].toUpperCase() + d.slice(1)}` }),
      ),
    );
    this.addParameter('triggerOut', this.triggerOut);
  }

  override getTriggerSource(): BooleanParameter {
    return this.triggerOut;
  }

  protected computeValue(_deltaMs: number): number {
    const now = wallClockMsOf(this);
    const active = now !== undefined && this.days[dayOfWeek(now)].isOn() && secondsOfDay(now) === this.time.getSecondsOfDay();
    this.triggerOut.setOn(active);
    return active ? 1 : 0;
  }
}
