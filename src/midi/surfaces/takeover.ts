// Soft takeover for a surface's fader, as the show's CC mappings do it (docs/midi.md): a fader drives
// its parameter while the parameter still holds what the fader last wrote; once something else moved
// the parameter, the fader waits until it crosses the parameter's value or comes within 1/127 of it.

/** One fader's memory: what it last wrote and where it last was (both 0–1), or undefined. */
export interface Takeover {
  wrote: number | undefined;
  at: number | undefined;
}

const NEAR = 1 / 127;

/** Whether the fader, now at `value`, drives the parameter that holds `current` (all 0–1); updates `t`. */
export function takesOver(t: Takeover, value: number, current: number): boolean {
  const held = t.wrote !== undefined && Math.abs(t.wrote - current) < 1e-6;
  const crossed = t.at !== undefined && (t.at - current) * (value - current) <= 0;
  t.at = value;
  if (held || crossed || Math.abs(value - current) <= NEAR) {
    t.wrote = value;
    return true;
  }
  t.wrote = undefined;
  return false;
}
