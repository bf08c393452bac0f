import type { DeviceDef } from './device.js';
import { Rng, seedOf } from './math.js';
import type { NoteFx } from './note-fx.js';
import { bool, choice, linear, num, pct, rate, SYNC_NOTE_VALUES } from './params.js';
import type { PlanParams } from './plan.js';
import type { NoteEvent } from './voices.js';

/**
 * Arpeggiator: while keys are held it plays them one at a time at RATE (steps per second), or
 * with SYNC on at the RATE_SYNC note value of the transport's tempo, over OCTAVES octaves, each step lasting GATE of the
 * step. The first step sounds on the sample the first key goes down.
 */
class Arpeggiator implements NoteFx {
  private readonly held: { pitch: number; velocity: number }[] = [];
  private step = 0;
  /** Samples until the next step; 0 fires at once. */
  private untilStep = 0;
  private playing: number | null = null;
  private untilOff = 0;
  private readonly rng: Rng;

  constructor(
    private readonly p: PlanParams,
    private readonly sampleRate: number,
    private readonly secondsPerBeat: number,
    seed: number,
  ) {
    this.rng = new Rng(seed);
  }

  get idle(): boolean {
    return this.held.length === 0 && this.playing === null;
  }

  private period(): number {
    const p = this.p;
    // SYNC on: a step is RATE_SYNC's note value (the plan gives it in beats as RATE_BEATS).
    const seconds = p.SYNC > 0.5 ? p.RATE_BEATS * this.secondsPerBeat : 1 / p.RATE;
    return Math.max(1, Math.round(seconds * this.sampleRate));
  }

  private sequence(): number[] {
    const keys = [...this.held].sort((a, b) => a.pitch - b.pitch).map((h) => h.pitch);
    const octaves = Math.max(1, Math.round(this.p.OCTAVES));
    const out: number[] = [];
    for (let o = 0; o < octaves; o++) for (const k of keys) if (k + 12 * o <= 127) out.push(k + 12 * o);
    return out;
  }

  private nextPitch(): number {
    const seq = this.sequence();
    const mode = this.p.MODE | 0;
    let i: number;
    if (mode === 3) i = Math.floor(this.rng.next() * seq.length);
    else if (mode === 1) i = seq.length - 1 - (this.step % seq.length);
    else if (mode === 2 && seq.length > 1) {
      const cycle = 2 * seq.length - 2;
      const s = this.step % cycle;
      i = s < seq.length ? s : cycle - s;
    } else i = this.step % seq.length;
    this.step++;
    return seq[i];
  }

  process(events: readonly NoteEvent[], n: number): NoteEvent[] {
    const out: NoteEvent[] = [];
    let e = 0;
    let t = 0;
    while (t < n) {
      while (e < events.length && events[e].offset <= t) {
        const ev = events[e++];
        if (ev.on) {
          if (this.held.length === 0) {
            this.step = 0;
            this.untilStep = 0;
          }
          this.held.push({ pitch: ev.pitch, velocity: ev.velocity });
        } else {
          const k = this.held.findIndex((h) => h.pitch === ev.pitch);
          if (k >= 0) this.held.splice(k, 1);
        }
      }
      if (this.playing !== null && this.untilOff <= 0) {
        out.push({ offset: t, on: false, pitch: this.playing, velocity: 0 });
        this.playing = null;
      }
      if (this.held.length > 0 && this.untilStep <= 0) {
        if (this.playing !== null) out.push({ offset: t, on: false, pitch: this.playing, velocity: 0 });
        const period = this.period();
        const pitch = this.nextPitch();
        const velocity = this.held[this.held.length - 1].velocity;
        out.push({ offset: t, on: true, pitch, velocity });
        this.playing = pitch;
        this.untilOff = Math.max(1, Math.round(period * Math.min(1, Math.max(0.01, this.p.GATE))));
        this.untilStep = period;
      }
      // Advance to the next thing that happens: an input event, a step, a note-off or the block end.
      let next = n;
      if (e < events.length) next = Math.min(next, events[e].offset);
      if (this.held.length > 0) next = Math.min(next, t + this.untilStep);
      if (this.playing !== null) next = Math.min(next, t + this.untilOff);
      const d = Math.max(1, next - t);
      this.untilStep -= d;
      this.untilOff -= d;
      t += d;
    }
    if (this.held.length === 0) this.untilStep = 0;
    return out;
  }

  reset(): NoteEvent[] {
    const out: NoteEvent[] = this.playing !== null ? [{ offset: 0, on: false, pitch: this.playing, velocity: 0 }] : [];
    this.held.length = 0;
    this.playing = null;
    this.untilStep = 0;
    return out;
  }
}

export const ARPEGGIATOR: DeviceDef = {
  name: 'Arpeggiator',
  kind: 'note_effect',
  category: 'Note FX',
  params: [
    rate('RATE', 'Rate', 0.6),
    choice('MODE', 'Mode', ['Up', 'Down', 'Up/Down', 'Random']),
    num('OCTAVES', 'Octaves', 1, 4, 1, linear('')),
    pct('GATE', 'Gate', 0.5),
    bool('SYNC', 'Tempo Sync', true),
    choice(
      'RATE_SYNC',
      'Rate (synced)',
      SYNC_NOTE_VALUES.map((r) => r.label),
      4,
    ),
  ],
  // The synced rate is an enum of note values; the DSP gets it in beats.
  derive: (p) => {
    p.RATE_BEATS = SYNC_NOTE_VALUES[p.RATE_SYNC | 0]?.beats ?? 0.25;
  },
  build: (d, ctx) => new Arpeggiator(d.p, ctx.sampleRate, ctx.secondsPerBeat, seedOf(d.path)),
};
