import type { Meter } from '../audio/dsp/engine.js';
import type { RenderPlan } from '../audio/dsp/plan.js';
import type { Payload } from '../host/host.js';
import type { WorkerTick } from './messages.js';

export interface MeterWindow {
  readonly tracks: readonly Meter[];
  readonly frames: number;
}

/** dBFS rounded to 0.1 dB; null for digital silence. */
export const dbfs = (linear: number): number | null => (linear > 0 ? Math.round(200 * Math.log10(linear)) / 10 : null);

/** Peak (max) and RMS (power mean) of one track over the window's ticks. */
export function combine(window: readonly MeterWindow[], i: number): Meter {
  let peak = 0;
  let energy = 0;
  let frames = 0;
  for (const w of window) {
    const m = w.tracks[i];
    if (m === undefined) continue;
    peak = Math.max(peak, m.peak);
    energy += m.rms * m.rms * w.frames;
    frames += w.frames;
  }
  return { peak, rms: frames > 0 ? Math.sqrt(energy / frames) : 0 };
}

/**
 * Song-state's meters: post-fader peak and RMS per track and the master over the last ticks of
 * the live engine (about 300 ms), in dBFS (null: digital silence), with the observation time.
 */
export function metersPayload(window: readonly MeterWindow[], plan: RenderPlan, last: WorkerTick, output: string): Payload {
  const frames = window.reduce((n, w) => n + w.frames, 0);
  const shape = (m: Meter): Payload => ({ peak_dbfs: dbfs(m.peak), rms_dbfs: dbfs(m.rms), clipping: m.peak >= 1 });
  const masterIndex = plan.tracks.length - 1;
  return {
    available: true,
    source: 'live engine (post-fader)',
    output,
    observed_at: {
      sample: last.sample,
      seconds: Number((last.sample / 48000).toFixed(3)),
      beat: Number(last.beat.toFixed(4)),
      playing: last.playing,
      time: new Date().toISOString(),
    },
    window_ms: Math.round((frames / 48000) * 1000),
    master: shape(combine(window, masterIndex)),
    tracks: plan.tracks.slice(0, masterIndex).map((t, i) => ({ index: t.index, name: t.name, ...shape(combine(window, i)) })),
    late_blocks: last.lateBlocks,
  };
}
