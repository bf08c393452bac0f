// A helper watches for the next job only while the machine has a core to spare for it
// (src/light/parallel/helper-watch.ts): beside other work its spinning takes the engine thread's
// core, and two threads were slower than one (issue #35).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CpuSample } from '../../../src/engine/machine-load.js';
import { defaultRenderThreads } from '../../../src/engine/render-threads.js';
import { HelperWatch } from '../../../src/light/parallel/helper-watch.js';
import { pointPool } from '../../../src/light/parallel/point-pool.js';
import { KERNELS, KERNEL_WRITES } from './lagging-helper-kernels.js';

after(() => {
  pointPool.adaptive = true;
  pointPool.setThreads(defaultRenderThreads());
});

type LoadReader = ConstructorParameters<typeof HelperWatch>[0];

/** Readings of a machine, one a second, where others use the given cores in each second. */
function machine(othersBySecond: readonly number[], cores = 2): LoadReader {
  let i = 0;
  let busy = 0;
  return {
    available: true,
    cores,
    read(): CpuSample {
      if (i > 0) busy += othersBySecond[i - 1] * 100;
      const at = i * 1000;
      i++;
      return { busyTicks: busy, allTicks: (at / 1000) * 100 * cores, ownUs: 0, atMs: at };
    },
  };
}

/** Whether helpers watch after each second of `othersBySecond`. */
function states(othersBySecond: readonly number[], cores = 2, threads = 2): boolean[] {
  const watch = new HelperWatch(machine(othersBySecond, cores));
  const out: boolean[] = [];
  for (let t = 0; t <= othersBySecond.length; t++) {
    watch.update(t * 1000, threads);
    out.push(watch.watching);
  }
  return out;
}

test('helpers watch while the machine leaves a core for each render thread, with a quarter core of slack', () => {
  assert.deepEqual(states([0.25]), [true, true]);
  assert.deepEqual(states([0.3]), [true, false]);
  assert.deepEqual(states([1]), [true, false]);
  assert.deepEqual(states([1.9], 4), [true, true]);
  assert.deepEqual(states([2.5], 4), [true, false]);
  assert.deepEqual(states([1.5], 4, 3), [true, false]);
});

test('one busy sample stops the watch, two quiet ones restart it', () => {
  // t=0 first reading; t=1 quiet; t=2 busy → off; t=3 quiet once; t=4 quiet twice → on; t=5 busy → off; t=6 quiet once.
  assert.deepEqual(states([0, 1, 0, 0, 0.5, 0]), [true, true, false, false, true, false, false]);
});

test('samples are taken at most every 250 ms', () => {
  let reads = 0;
  const reader: LoadReader = {
    available: true,
    cores: 2,
    read: () => {
      reads++;
      return { busyTicks: 0, allTicks: reads * 50, ownUs: 0, atMs: reads * 250 };
    },
  };
  const watch = new HelperWatch(reader);
  for (let t = 0; t < 1000; t += 10) watch.update(t, 2);
  assert.equal(reads, 4);
});

test('beside a busy loop the pool stops its helpers watching', { skip: process.platform !== 'linux' && 'reads /proc/stat' }, async () => {
  pointPool.setThreads(2);
  pointPool.adaptive = false; // share every job: the pool samples the machine on shared jobs
  pointPool.useKernels(KERNELS, KERNEL_WRITES, new URL('./lagging-helper-kernels.ts', import.meta.url).href);
  const points = 65_536;
  const out = new Int32Array(new SharedArrayBuffer(4 * points));
  const job = (): void => {
    const j = pointPool.begin();
    j.arrays.push(out);
    pointPool.run(KERNELS[0], points);
  };
  const loop: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    // Jobs for up to 5 s: the pool samples the machine on shared jobs, every 250 ms.
    for (let i = 0; i < 100 && pointPool.helpersWatching; i++) {
      job();
      await sleep(50);
    }
    assert.equal(pointPool.helpersWatching, false, 'helpers still watch beside a busy loop');
    for (let i = 0; i < points; i++) if (out[i] !== 3 * i + 1) assert.fail(`point ${i}: ${out[i]}`);
  } finally {
    loop.kill('SIGKILL');
  }
});
