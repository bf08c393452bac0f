import type { BooleanOptions } from '../../engine/parameters/boolean.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';

/**
 * A trigger that waits for the next tempo boundary (LX's QuantizedTriggerParameter). Firing it
 * while its division is set marks it pending; whoever owns it calls `resolve()` when that
 * division next ticks, and then `out` fires. With no division (`division < 0`) `out` fires at
 * once. Trigger modulations and listeners that care about the timing listen to `out`.
 */
export class QuantizedTriggerParameter extends TriggerParameter {
  /** The trigger that fires on the boundary. Not a registered parameter (LX's `out`). */
  readonly out: TriggerParameter;
  /** True between a press and the boundary that releases it. */
  pending = false;
  private readonly division: () => number;

  constructor(label: string, division: () => number, options: BooleanOptions = {}) {
    super(label, options);
    this.out = new TriggerParameter(`${label} Out`, { description: `Fires when ${label} lands on its tempo boundary` });
    this.division = division;
    this.onChange(() => {
      if (this.division() < 0) this.out.fire();
      else this.pending = true;
    });
  }

  /** Fires `out` if a press is waiting (called on the division's boundary). */
  resolve(): void {
    if (!this.pending) return;
    this.pending = false;
    this.out.fire();
  }

  /** Drops a waiting press. */
  cancel(): void {
    this.pending = false;
  }
}
