// Two render threads never slower than one (issue #35): a helper that holds the chunk it claimed
// (descheduled, on a busy machine) does not hold up the engine thread, which takes the chunk back
// and runs it; the helper's late result is dropped. And when sharing keeps losing, the pool runs
// the jobs alone for a spell. The output is the same either way; `adaptive = false` (benches)
// always shares.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultRenderThreads } from '../../../src/engine/render-threads.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { KERNEL_WRITES, KERNELS } from './lagging-helper-kernels.js';

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

test('a helper descheduled holding a chunk: the engine thread takes it back and returns, and the helper writes nothing later', async () => {
  const points = 1 << 20;
  const big = new Int32Array(new SharedArrayBuffer(4 * points));
  const gate = new Int32Array(new SharedArrayBuffer(8));
  const expectExact = (what: string): void => {
    for (let i = 0; i < points; i++) if (big[i] !== 3 * i + 1) assert.fail(`${what}: point ${i} is ${big[i]}, not ${3 * i + 1}`);
  };
  const gatedJob = (): void => {
    big.fill(0);
    const j = pointPool.begin();
    j.arrays.push(big, gate);
    pointPool.run(KERNELS[1], points);
  };
  pointPool.setThreads(2);
  pointPool.useKernels(KERNELS, KERNEL_WRITES, new URL('./lagging-helper-kernels.ts', import.meta.url).href);
  pointPool.adaptive = false;
  Atomics.store(gate, 0, 1); // open: the helper runs chunks as any helper would
  for (let tries = 0; tries < 200 && pointPool.helperChunks === 0; tries++) {
    gatedJob();
    expectExact('gate open');
    await sleep(10);
  }
  assert.ok(pointPool.helperChunks > 0, 'the helper ran chunks');

  Atomics.store(gate, 1, 0);
  Atomics.store(gate, 0, 0); // closed: a helper that claims a chunk holds it until the test opens the gate
  const before = pointPool.stats();
  for (let tries = 0; tries < 200 && pointPool.stats().takenBack === before.takenBack; tries++) {
    gatedJob();
    expectExact('a chunk held');
    if (pointPool.stats().takenBack === before.takenBack) await sleep(10);
  }
  assert.ok(pointPool.stats().takenBack > before.takenBack, 'the engine thread took a held chunk back');
  assert.equal(Atomics.load(gate, 1), 0, 'the job returned while the helper still held its chunk');

  big.fill(-7);
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
  for (let tries = 0; tries < 500 && Atomics.load(gate, 1) === 0; tries++) await sleep(10);
  assert.equal(Atomics.load(gate, 1), 1, 'the helper let go of its chunk');
  await sleep(100);
  for (let i = 0; i < points; i++) if (big[i] !== -7) assert.fail(`the helper wrote point ${i} after its chunk was taken back`);

  const helped = pointPool.helperChunks;
  for (let tries = 0; tries < 200 && pointPool.helperChunks === helped; tries++) {
    gatedJob();
    expectExact('after the late helper');
    await sleep(10);
  }
  assert.ok(pointPool.helperChunks > helped, 'the helper commits chunks again');
});

test('a helper that holds its chunks sends the jobs to the engine thread alone, with the same output; adaptive off, every job is shared', async () => {
  pointPool.setThreads(2);
  pointPool.useKernels(KERNELS, KERNEL_WRITES, new URL('./lagging-helper-kernels.ts', import.meta.url).href);
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
  // The judge's spells or the probe (share-probe.ts), whichever sees the loss first.
  assert.ok(judged.soloSpells > before.soloSpells || judged.probesAlone > before.probesAlone, 'a spell alone began or a probe chose one thread');
  const alone = 200 - (judged.sharedJobs - before.sharedJobs);
  assert.ok(alone > 100, `most jobs ran alone (${alone} of 200)`);

  // Another thread count judges afresh: the next job is shared again.
  pointPool.setThreads(1);
  pointPool.setThreads(2);
  const fresh = pointPool.stats();
  job();
  assert.equal(pointPool.stats().sharedJobs - fresh.sharedJobs, 1, 'shared after setThreads');
});
