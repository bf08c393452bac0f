import type { Component } from '../../engine/component.js';
import type { QuantizingClock } from '../tempo/quantized-trigger.js';

/**
 * What clips need from the show's clock: quantized launches (pending until a division's next
 * boundary) and, for TEMPO clips, the transport position in beats. LX's tempo provides it
 * today; a song transport can provide it instead by replacing `LXEngineComponent.launchClock`.
 */
export interface ClipClock extends QuantizingClock {
  /** Transport position: whole beats plus the position inside the current beat. */
  beatCount(): number;
  basis(): number;
}

/** The clock of the light engine holding `c` (its `launchClock`), or null while detached. */
export function clipClockOf(c: Component | null): ClipClock | null {
  for (let p = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { launchClock?: ClipClock }).launchClock ?? null;
  }
  return null;
}
