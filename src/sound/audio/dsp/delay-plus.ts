import { DelayLine } from './delay-line.js';
import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { OnePole } from './filters.js';
import { bool, choice, freq, pct, SYNC_NOTE_VALUES, time } from './params.js';
import type { PlanParams } from './plan.js';

/**
 * Delay+: stereo delay with feedback through low- and high-cut filters, ping-pong option. Its
 * time is TIME in ms, or with SYNC on TIME_SYNC's note value at the transport's tempo; either
 * way at most 4 s.
 */
class DelayPlus implements Effect {
  private readonly lines: DelayLine[];
  private readonly lc = [new OnePole(), new OnePole()];
  private readonly hc = [new OnePole(), new OnePole()];
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
    private readonly secondsPerBeat: number,
  ) {
    this.lines = [new DelayLine(sr * 4.1), new DelayLine(sr * 4.1)];
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const d = Math.max(1, Math.min(this.sr * 4, this.seconds() * this.sr));
    const fb = p.FEEDBACK;
    const wet = p.MIX;
    const pp = p.PING_PONG > 0.5;
    for (let c = 0; c < 2; c++) {
      this.lc[c].set(p.LOW_CUT, this.sr);
      this.hc[c].set(p.HIGH_CUT, this.sr);
    }
    const [L, R] = this.lines;
    for (let i = 0; i < n; i++) {
      const yl = L.read(d);
      const yr = R.read(d);
      const fl = this.hc[0].lp(this.lc[0].hp(yl)) * fb;
      const fr = this.hc[1].lp(this.lc[1].hp(yr)) * fb;
      const xl = l[i];
      const xr = r[i];
      if (pp) {
        L.write((xl + xr) * 0.5 + fr);
        R.write(fl);
      } else {
        L.write(xl + fl);
        R.write(xr + fr);
      }
      l[i] = xl * (1 - wet) + yl * wet;
      r[i] = xr * (1 - wet) + yr * wet;
    }
  }
  reset(): void {
    for (const x of this.lines) x.clear();
  }
  tail(): number {
    // Each echo loses 20·log10(FEEDBACK) dB; −90 dB takes this many repeats.
    const fb = Math.min(0.999, Math.max(1e-3, this.p.FEEDBACK));
    const repeats = 1 + Math.log(10 ** (-90 / 20)) / Math.log(fb);
    return this.seconds() * repeats + 0.05;
  }
  private seconds(): number {
    return this.p.SYNC > 0.5 ? this.p.TIME_BEATS * this.secondsPerBeat : this.p.TIME / 1000;
  }
}

export const DELAY_PLUS: DeviceDef = {
  name: 'Delay+',
  kind: 'audio_effect',
  category: 'Delay',
  params: [
    time('TIME', 'Time', 0.55, 1, 4000),
    pct('FEEDBACK', 'Feedback', 0.35),
    freq('LOW_CUT', 'Low Cut', 0.1),
    freq('HIGH_CUT', 'High Cut', 0.85),
    pct('MIX', 'Mix', 0.3),
    bool('PING_PONG', 'Ping Pong', false),
    bool('SYNC', 'Tempo Sync', false),
    choice(
      'TIME_SYNC',
      'Time (synced)',
      SYNC_NOTE_VALUES.map((r) => r.label),
      3,
    ),
  ],
  // The synced time is an enum of note values; the DSP gets it in beats.
  derive: (p) => {
    p.TIME_BEATS = SYNC_NOTE_VALUES[p.TIME_SYNC | 0]?.beats ?? 0.5;
  },
  build: (d, ctx) => new DelayPlus(d.p, ctx.sampleRate, ctx.secondsPerBeat),
};
