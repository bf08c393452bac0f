// Mix moves while sound plays do not click (issue #28's second row): a fader jump, a pan, a send
// level and a mute reach the engine between two blocks, and the engine moves each gain over 10 ms.
// sox measures it: a low sine's render high-passed at 3 kHz around each move, in dB below the peak.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import type { PlanTrack, RenderPlan } from '../../../src/sound/audio/dsp/plan.js';
import type { OfflineRender } from '../../../src/sound/audio/offline.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { clip, project, renderBlocks, sine, clickDb, soxStat, track } from './helpers.js';

const RATE = 48000;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Renders an A2 sine held for eight beats; `moves` change the plan between blocks at their times (s). */
function renderWithMoves(moves: [seconds: number, move: (t: Mutable<PlanTrack>, e: AudioEngine) => void][], seconds: number): OfflineRender {
  const plan: RenderPlan = buildPlan(project([track('Bass', [sine()], [clip(0, 8, [[45, 0, 8]])])]));
  const engine = new AudioEngine(plan, RATE);
  // Moves land mid-cycle: 110 Hz is not a divisor of the block rate.
  return renderBlocks(
    engine,
    RATE,
    seconds,
    moves.map(([at, move]) => [at, () => move(plan.tracks[0] as Mutable<PlanTrack>, engine)]),
  );
}

test('a fader jump, a pan and a mute while a sine plays each move over 10 ms: no click above −80 dB (sox)', () => {
  const r = renderWithMoves(
    [
      [1, (t) => (t.gain *= 10 ** (-10 / 20))],
      [1.5, (t) => (t.pan = 0.8)],
      [
        2,
        (t, e) => {
          t.mute = true;
          e.updateAudibility();
        },
      ],
    ],
    2.5,
  );
  for (const at of [1, 1.5, 2]) {
    const db = clickDb(r, at);
    assert.ok(db < -80, `click at ${at} s: ${db.toFixed(1)} dB`);
  }
  // The moves happened: quieter after the fader, silent after the mute.
  const level = (from: number, to: number) =>
    soxStat({ ...r, left: r.left.slice(from * RATE, to * RATE), right: r.right.slice(from * RATE, to * RATE) })['RMS amplitude'];
  assert.ok(level(1.1, 1.4) < level(0.6, 0.9) / 2.5, 'the fader went down 10 dB');
  assert.equal(
    soxStat({ ...r, left: r.left.slice(2.05 * RATE), right: r.right.slice(2.05 * RATE) })['Maximum amplitude'],
    0,
    'the mute is silence after 10 ms',
  );
});

test('a steady mix renders exactly as before: the first gain is taken at once, no fade-in', () => {
  const r = renderWithMoves([], 0.2);
  // The note's own attack (0.1 ms) is the only rise: by 1 ms the sine is at full level.
  let peak = 0;
  for (let i = 48; i < 48 + 480; i++) peak = Math.max(peak, Math.abs(r.left[i]));
  let later = 0;
  for (let i = 4800; i < 4800 + 480; i++) later = Math.max(later, Math.abs(r.left[i]));
  assert.ok(Math.abs(peak - later) / later < 0.01, `${peak} vs ${later}`);
});
