// Two render threads never slower than one (issue #35): a helper that holds the chunks it claims
// (descheduled, on a busy machine) makes the engine thread wait, so the pool judges each window of
// shared jobs against one thread's time and runs the jobs alone for a spell when sharing lost.
// The output is the same either way; `adaptive = false` (benches) always shares.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultRenderThreads } from '../../../src/engine/render-threads.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { KERNELS } from './lagging-helper-kernels.js';

const POINTS = 65_536;
const out = new Int32Array(new SharedArrayBuffer(4 * POINTS));

/** One job over every point, then a check of every point. */
function job(): void {
  out.fill(0);
  const j = pointPool.begin();
  j.arrays.push(out);
  pointPool.run(KERNELS[0], POINTS);
  for (let i = 0; i < POINTS; i++) if (out[i] !== 3 * i + 1) assert.fail(`point ${i}: ${out[i]}, not ${3 * i + 1}`);
}

after(() => {
  pointPool.adaptive = true;
  pointPool.setThreads(defaultRenderThreads());
});

test('a helper that holds its chunks sends the jobs to the engine thread alone, with the same output; adaptive off, every job is shared', async () => {
  pointPool.setThreads(2);
  pointPool.useKernels(KERNELS, new URL('./lagging-helper-kernels.ts', import.meta.url).href);
  pointPool.adaptive = false;
  for (let tries = 0; tries < 200 && pointPool.helperChunks === 0; tries++) {
    job();
    await sleep(10);
  }
  assert.ok(pointPool.helperChunks > 0, 'the helper ran chunks');

  const always = pointPool.stats();
  for (let i = 0; i < 40; i++) job();
  const shared = pointPool.stats();
  assert.equal(shared.sharedJobs - always.sharedJobs, 40, 'always shared: every job');
  assert.equal(shared.soloJobs, always.soloJobs);

  pointPool.adaptive = true;
  const before = pointPool.stats();
  for (let i = 0; i < 200; i++) job();
  const judged = pointPool.stats();
  assert.ok(judged.soloSpells > before.soloSpells, 'a window that lost time began a spell alone');
  assert.ok(judged.soloJobs - before.soloJobs > 100, `most jobs ran alone (${judged.soloJobs - before.soloJobs} of 200)`);

  // Another thread count judges afresh: the next job is shared again.
  pointPool.setThreads(1);
  pointPool.setThreads(2);
  const fresh = pointPool.stats();
  job();
  assert.equal(pointPool.stats().sharedJobs - fresh.sharedJobs, 1, 'shared after setThreads');
});
