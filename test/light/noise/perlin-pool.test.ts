import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { perlinNoise3Batch } from '../../../src/light/noise/perlin.js';
import { perlinNoise3Shared, perlinSharedStats, sharedFloat32 } from '../../../src/light/noise/perlin-pool.js';

test('perlinNoise3Shared: the same bits as perlinNoise3Batch, whichever thread runs a chunk', async (t) => {
  const n = 100003; // not a multiple of the chunk size
  const xs = sharedFloat32(n);
  const ys = sharedFloat32(n);
  const zs = sharedFloat32(n);
  const out = sharedFloat32(n);
  const expected = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = ((i % 400) / 399) * 5.3 - 1;
    ys[i] = Math.floor(i / 400) * 0.021;
    zs[i] = i % 7 === 0 ? -0 : 37.25;
  }
  for (const seed of [0, 77]) {
    perlinNoise3Batch(xs, ys, zs, expected, n, seed);
    // The helper starts on the first large batch; repeat so later batches are shared with it.
    for (let round = 0; round < 20; round++) {
      out.fill(Number.NaN);
      perlinNoise3Shared(xs, ys, zs, out, n, seed);
      assert.deepEqual(new Uint32Array(out.buffer), new Uint32Array(expected.buffer), `seed ${seed}, round ${round}`);
      await sleep(10);
    }
  }
  const stats = perlinSharedStats();
  t.diagnostic(`helper ran ${stats.helperChunks} of ${stats.chunks} chunks`);
});

test('perlinNoise3Shared: plain (non-shared) arrays run on the calling thread, same values', () => {
  const n = 40000;
  const xs = new Float32Array(n).map((_, i) => i * 0.013);
  const ys = new Float32Array(n).fill(2.5);
  const zs = new Float32Array(n).fill(0.75);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  perlinNoise3Batch(xs, ys, zs, a, n, 3);
  perlinNoise3Shared(xs, ys, zs, b, n, 3);
  assert.deepEqual(b, a);
});
