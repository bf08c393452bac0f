import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import type { ParameterOptions, Parameter } from '../../engine/parameters/parameter.js';

const DAY = 86400;

/**
 * A time of day (LX's TimeParameter): seconds since midnight, 0–86399, made of the
 * sub-parameters `hours` (0–23), `minutes` and `seconds` (0–59), which are what LX saves and
 * what surfaces set (`.../engageTime/hours`). Setting the whole value moves the subs; moving a
 * sub moves the whole. The aggregate itself is not saved.
 */
export class TimeParameter extends DiscreteParameter {
  readonly hours: DiscreteParameter;
  readonly minutes: DiscreteParameter;
  readonly seconds: DiscreteParameter;
  private syncing = false;

  constructor(label: string, options: ParameterOptions = {}) {
    super(label, 0, 0, DAY - 1, { units: 'clock', ...options });
    this.hours = new DiscreteParameter('Hours', 0, 0, 23, { units: 'clock', description: `${label}: hour of the day` });
    this.minutes = new DiscreteParameter('Minutes', 0, 0, 59, { units: 'clock', description: `${label}: minute` });
    this.seconds = new DiscreteParameter('Seconds', 0, 0, 59, { units: 'clock', description: `${label}: second` });
    for (const sub of [this.hours, this.minutes, this.seconds]) {
      sub.parent = this;
      sub.onChange(() => this.fromSubs());
    }
  }

  subEntries(): [string, Parameter][] {
    return [
      ['hours', this.hours],
      ['minutes', this.minutes],
      ['seconds', this.seconds],
    ];
  }

  /** Seconds since midnight. */
  getSecondsOfDay(): number {
    return this.getValue();
  }

  override setValue(v: number): void {
    const before = this.getBaseValue();
    super.setValue(v);
    if (this.syncing || this.getBaseValue() === before) return;
    const s = this.getBaseValue();
    this.syncing = true;
    this.hours.setValue(Math.trunc(s / 3600));
    this.minutes.setValue(Math.trunc(s / 60) % 60);
    this.seconds.setValue(s % 60);
    this.syncing = false;
  }

  private fromSubs(): void {
    if (this.syncing) return;
    this.syncing = true;
    this.setValue(this.hours.getValue() * 3600 + this.minutes.getValue() * 60 + this.seconds.getValue());
    this.syncing = false;
  }

  override save(): unknown {
    return undefined;
  }

  override load(_json: unknown): void {
    // The sub-parameters carry the saved values.
  }

  override reset(): void {
    this.hours.reset();
    this.minutes.reset();
    this.seconds.reset();
  }
}
