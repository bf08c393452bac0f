// The engine thread's view of the live output: which sample plays now (the output's clock from
// the newest tick), the song position heard there, and the light's samples up to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLOCK } from '../../../src/sound/audio/dsp/math.js';
import type { WorkerTick } from '../../../src/sound/live/messages.js';
import { Playout } from '../../../src/sound/live/playout.js';

const TICK = 19;

/** A tick of blocks [first, first + TICK): light samples numbered by their index, beats from `beatAt`. */
function tick(first: number, playedBlocks: number, postedAt: number, beatAt: (block: number) => number): WorkerTick {
  const n = TICK * BLOCK;
  return {
    type: 'tick',
    beat: beatAt(first + TICK - 1),
    playing: true,
    seq: 1,
    sample: (first + TICK) * BLOCK,
    tracks: [],
    lateBlocks: 0,
    blocks: first + TICK,
    renderMs: 0,
    left: new Float32Array(n),
    right: new Float32Array(n),
    light: Float32Array.from({ length: n }, (_, i) => first * BLOCK + i),
    blockBeats: Float64Array.from({ length: TICK }, (_, k) => beatAt(first + k)),
    playedBlocks,
    postedAt,
    seqBlock: 0,
    notes: [],
  };
}

// 120 bpm at 48 kHz: 24,000 samples a beat, so a 128-sample block moves 1/187.5 beat.
const beatAfter = (block: number): number => ((block + 1) * BLOCK) / 24000;

test("playout: the sample heard runs on the newest tick's clock, never backwards and never past what arrived", () => {
  const p = new Playout();
  assert.equal(p.playedSample(1000), 0, 'nothing before the first tick');
  // Posted at t = 1000 ms with 10 blocks played out and 19 rendered.
  p.take(tick(0, 10, 1000, beatAfter));
  assert.equal(p.playedSample(1000), 10 * BLOCK);
  // 5 ms later: 240 samples more.
  assert.equal(p.playedSample(1005), 10 * BLOCK + 240);
  // Far later without a new tick: held at what arrived (the output is starving).
  assert.equal(p.playedSample(5000), TICK * BLOCK);
  // A tick whose clock is behind (the worker resynced after late blocks): the sample holds, then moves on.
  p.take(tick(TICK, 15, 5000, beatAfter));
  assert.equal(p.playedSample(5001), TICK * BLOCK);
  assert.equal(p.playedSample(5020), 15 * BLOCK + 20 * 48);
});

test('playout: the position heard interpolates inside a block, jumps where the song jumped, and is unknown outside what is held', () => {
  const p = new Playout();
  // A seek from beat 0.1 to beat 32 after block 9.
  const beats = (b: number): number => (b < 10 ? beatAfter(b) : 32 + ((b - 9) * BLOCK) / 24000);
  p.take(tick(0, 5, 0, beats));
  assert.equal(p.positionAt(5 * BLOCK + 64), beatAfter(4) + (beatAfter(5) - beatAfter(4)) / 2);
  assert.equal(p.positionAt(10 * BLOCK + 5), beats(10), 'the block after the seek reads its end');
  assert.equal(p.positionAt(11 * BLOCK), beats(10), 'its start is the previous end');
  assert.equal(p.positionAt(TICK * BLOCK), beats(TICK - 1), 'the end of the newest block');
  assert.equal(p.positionAt(TICK * BLOCK + 1), null, 'not rendered yet');
});

test("playout: the light's samples come out in order up to the sample heard, across the ring's wrap; older ones than it holds are skipped", () => {
  const p = new Playout();
  const out: number[] = [];
  const each = (mono: Float32Array, offset: number, n: number): void => {
    for (let i = 0; i < n; i++) out.push(mono[offset + i]);
  };
  let first = 0;
  for (; first < 2100; first += TICK) p.take(tick(first, first, 0, beatAfter));
  // 2,109 blocks arrived; the ring holds the newest 2,048: sample 5,000 is gone, 10,000 is held.
  const end = p.readLight(5000, (first - 2000) * BLOCK, each);
  assert.equal(end, (first - 2000) * BLOCK);
  assert.equal(out[0], (first - 2048) * BLOCK, 'starts at the oldest sample held');
  assert.ok(
    out.every((v, i) => v === out[0] + i),
    'in order, across the wrap',
  );
  out.length = 0;
  assert.equal(p.readLight(end, first * BLOCK + 500, each), first * BLOCK, 'stops at what arrived');
  assert.equal(out.length, 2000 * BLOCK);
});
