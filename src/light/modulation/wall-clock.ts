import type { Component } from '../../engine/component.js';

/**
 * Time of day for the two LX modulators that read a wall clock (Timer, and Damper's engage and
 * release times). Devices never read the system clock themselves: the light root may carry a
 * `wallClockMs()` function (epoch milliseconds) that the process wires in live mode; without it
 * (offline renders, tests) there is no time of day and those timers never fire.
 */
export function wallClockMsOf(c: Component): number | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) {
      const f = (p as { wallClockMs?: unknown }).wallClockMs;
      return typeof f === 'function' ? (f as () => number).call(p) : undefined;
    }
  }
  return undefined;
}

// One reusable Date: local-time fields without an allocation per frame.
const scratch = new Date(0);

/** Local seconds since midnight of an epoch time. */
export function secondsOfDay(epochMs: number): number {
  scratch.setTime(epochMs);
  return scratch.getHours() * 3600 + scratch.getMinutes() * 60 + scratch.getSeconds();
}

/** Local day of the week of an epoch time: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(epochMs: number): number {
  scratch.setTime(epochMs);
  return scratch.getDay();
}
