// Other processes' CPU use, as render helpers see it (src/engine/machine-load.ts): the machine's
// busy ticks less this process's own time. Checked against real busy loops started here.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CpuSample, MachineLoad, othersCores } from '../../src/engine/machine-load.js';

const sample = (busyTicks: number, allTicks: number, ownUs: number, atMs: number): CpuSample => ({ busyTicks, allTicks, ownUs, atMs });

test('othersCores: the machine busy less this process', () => {
  // 2 cores, 1 s: 200 ticks in all; 150 busy = 1.5 cores, of which this process used 0.5 s.
  assert.equal(othersCores(sample(0, 0, 0, 0), sample(150, 200, 500_000, 1000), 2), 1);
  // This process was everything that ran: nobody else.
  assert.equal(othersCores(sample(10, 100, 0, 0), sample(110, 300, 1_000_000, 1000), 2), 0);
  // Tick rounding can make the own time exceed the busy ticks: clamped at 0.
  assert.equal(othersCores(sample(0, 0, 0, 0), sample(90, 200, 1_000_000, 1000), 2), 0);
  // No time between the samples.
  assert.equal(othersCores(sample(5, 5, 0, 10), sample(5, 5, 0, 10), 2), 0);
});

test('MachineLoad sees a busy loop in another process', { skip: new MachineLoad().available ? false : 'no /proc/stat here' }, async () => {
  const load = new MachineLoad();
  assert.ok(load.cores >= 1);
  const loop: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    await sleep(200);
    const from = load.read() as CpuSample;
    await sleep(500);
    const to = load.read() as CpuSample;
    // The loop alone is nearly a core, whatever else runs; nothing exceeds the machine.
    const others = othersCores(from, to, load.cores);
    assert.ok(others > 0.6, `others ${others.toFixed(2)} cores beside a busy loop`);
    assert.ok(others <= load.cores + 0.2, `others ${others.toFixed(2)} cannot exceed the ${load.cores} cores`);
  } finally {
    loop.kill('SIGKILL');
    load.close();
  }
});
