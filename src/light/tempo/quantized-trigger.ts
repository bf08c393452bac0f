import type { Component } from '../../engine/component.js';
import type { BooleanOptions } from '../../engine/parameters/boolean.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import type { Division } from './divisions.js';

/** What a quantized trigger needs from the tempo clock. */
export interface QuantizingClock {
  /** The launch quantization's division, or null for None (fire at once). */
  launchDivision(): Division | null;
  /** Whether `division` crossed a boundary during the last frame. */
  isActive(division: Division): boolean;
  /** Holds a trigger until `division`'s next boundary. */
  schedule(trigger: QuantizedTriggerParameter, division: Division): void;
  unschedule(trigger: QuantizedTriggerParameter): void;
}

function clockOf(c: Component | null): QuantizingClock | undefined {
  for (let p = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { launchClock?: QuantizingClock }).launchClock;
  }
  return undefined;
}

/**
 * A trigger that waits for the next boundary of the tempo's launch quantization (LX's
 * QuantizedTriggerParameter.Launch): firing it runs `action` at once when the quantization is
 * None (or the division ticked this frame), otherwise it is `pending` until the tempo clock
 * reaches the next boundary of that division, where the tempo resolves it. Firing again while
 * pending keeps one pending launch (LX's SINGLE output mode). `cancel()` drops it.
 */
export class QuantizedTriggerParameter extends TriggerParameter {
  private isPending = false;
  /** Called when the trigger is scheduled (LX's onSchedule), e.g. to cancel sibling launches. */
  onSchedule: (() => void) | undefined;

  constructor(
    label: string,
    private readonly action: () => void,
    options: BooleanOptions = {},
  ) {
    super(label, options);
  }

  /** True while waiting for the quantization boundary. */
  get pending(): boolean {
    return this.isPending;
  }

  override fire(): void {
    super.fire();
    const clock = clockOf(this.owner);
    const division = clock?.launchDivision() ?? null;
    if (clock === undefined || division === null || clock.isActive(division)) {
      this.cancel();
      this.action();
      return;
    }
    this.isPending = true;
    clock.schedule(this, division);
    this.onSchedule?.();
  }

  /** Waits again, as it waited in another show (runtime state): the clock that restores it schedules it. */
  holdPending(): void {
    this.isPending = true;
  }

  /** Runs the held action (called by the tempo clock at the boundary). */
  resolve(): void {
    if (!this.isPending) return;
    this.isPending = false;
    this.action();
  }

  /** Drops a pending launch. */
  cancel(): void {
    if (!this.isPending) return;
    this.isPending = false;
    clockOf(this.owner)?.unschedule(this);
  }
}
