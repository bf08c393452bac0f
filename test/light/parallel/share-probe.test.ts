// The share probe's rules (share-probe.ts): a probe runs each job shared and alone in turn, in
// blocks of four runs (the first of each block not counted), and the jobs' median times, summed,
// decide how they run until the next probe; probes come 5 s apart, then less often while nothing
// changes, and at once when the pool says the machine changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ShareProbe } from '../../../src/light/parallel/share-probe.js';

/** Cost of a job: its time alone, and shared as a factor of that. */
interface Job {
  readonly aloneMs: number;
  readonly sharedRatio: number;
}

/**
 * Frames one every 16 ms from `fromMs`, each running `jobs` (keys 0, 1, …) as the probe says;
 * returns how many runs of each job were shared.
 */
function frames(probe: ShareProbe, count: number, jobs: readonly Job[], fromMs: number): number[] {
  const shared = jobs.map(() => 0);
  for (let f = 0; f < count; f++) {
    const now = fromMs + 16 * f;
    jobs.forEach((job, key) => {
      const s = probe.shares(key, now);
      if (s) shared[key]++;
      probe.ran(key, s, s ? job.aloneMs * job.sharedRatio : job.aloneMs, now + 1);
    });
  }
  return shared;
}

const pays: Job = { aloneMs: 1, sharedRatio: 0.7 };
const loses: Job = { aloneMs: 0.3, sharedRatio: 1.3 };

test('a probe runs each job in blocks of four runs, shared first, three blocks of each', () => {
  const probe = new ShareProbe();
  const seen: string[] = [];
  for (let f = 0; f < 26; f++) {
    const s = probe.shares(7, 16 * f);
    seen.push(s ? 'S' : 'a');
    probe.ran(7, s, s ? 0.7 : 1, 16 * f + 1);
  }
  assert.equal(seen.join(''), 'SSSSaaaaSSSSaaaaSSSSaaaaSS');
  assert.deepEqual(probe.stats(), { probes: 1, probesAlone: 0 });
});

test('the jobs are judged together: by the sum of their median times, shared against alone', () => {
  // 0.7 + 0.39 ms shared against 1 + 0.3 alone: sharing pays for the frame, the small job included.
  const probe = new ShareProbe();
  frames(probe, 24, [pays, loses], 0);
  assert.deepEqual(probe.stats(), { probes: 1, probesAlone: 0 });
  assert.deepEqual(frames(probe, 100, [pays, loses], 1000), [100, 100]);

  const losing = new ShareProbe();
  frames(losing, 24, [loses, loses], 0);
  assert.deepEqual(losing.stats(), { probes: 1, probesAlone: 1 });
  assert.deepEqual(frames(losing, 100, [loses, loses], 1000), [0, 0]);
  // The next probe, 5 s after the one that changed the decision, finds sharing paying again.
  frames(losing, 24, [pays, pays], 6000);
  assert.deepEqual(losing.stats(), { probes: 2, probesAlone: 1 });
  assert.deepEqual(frames(losing, 50, [pays, pays], 7000), [50, 50]);
});

test('the first run of each block is not counted: a cold start does not decide', () => {
  const probe = new ShareProbe();
  // Shared runs 1, 5 and 9 (the first of their blocks) take 10 times as long: a helper woken cold.
  for (let f = 0; f < 24; f++) {
    const s = probe.shares(0, 16 * f);
    const cold = s && f % 4 === 0;
    probe.ran(0, s, s ? (cold ? 7 : 0.7) : 1, 16 * f + 1);
  }
  assert.deepEqual(frames(probe, 10, [pays], 1000), [10]);
});

test('sharing goes on while within 2 % of alone, and starts again only when 5 % faster', () => {
  const probe = new ShareProbe();
  frames(probe, 24, [{ aloneMs: 1, sharedRatio: 1.015 }], 0);
  assert.deepEqual(frames(probe, 10, [pays], 1000), [10], 'within 2 %: still shared');
  frames(probe, 24, [{ aloneMs: 1, sharedRatio: 1.03 }], 11_000);
  assert.equal(probe.alone, true, '3 % slower: alone');
  frames(probe, 24, [{ aloneMs: 1, sharedRatio: 0.97 }], 17_000);
  assert.equal(probe.alone, true, '3 % faster is not enough to share again');
  frames(probe, 24, [{ aloneMs: 1, sharedRatio: 0.94 }], 40_000);
  assert.equal(probe.alone, false, '6 % faster: shared again');
});

test('probes come twice as far apart each time nothing changes; soon() probes at the next job', () => {
  const probe = new ShareProbe();
  const decided: number[] = [];
  for (let t = 0; t < 80_000; t += 16) {
    const s = probe.shares(0, t);
    probe.ran(0, s, s ? 0.7 : 1, t);
    if (probe.stats().probes !== decided.length) decided.push(t);
  }
  // Each probe takes 24 runs (0.38 s); none changed a decision, so the next starts 10, 20, 40 s after.
  assert.deepEqual(
    decided.slice(1).map((t, i) => Math.round((t - decided[i]) / 1000)),
    [10, 20, 40],
  );
  probe.soon();
  assert.equal(probe.shares(0, 80_000), true);
  for (let i = 0; i < 4; i++) probe.ran(0, true, 0.7, 80_000);
  assert.equal(probe.shares(0, 80_100), false, 'a probe began: its second block runs alone');
});

test('a job that leaves the scene does not hold the probe open past its time; reset shares every job again', () => {
  const probe = new ShareProbe();
  frames(probe, 24, [loses], 0);
  assert.deepEqual(frames(probe, 10, [loses], 1000), [0]);
  // A probe at 5 s sees job 1 once and job 0 throughout: it ends after 1.5 s with job 0 decided.
  frames(probe, 1, [loses, loses], 5000);
  frames(probe, 200, [loses], 5016);
  assert.deepEqual(probe.stats(), { probes: 2, probesAlone: 2 });
  probe.reset();
  assert.deepEqual(frames(probe, 1, [loses], 20_000), [1], 'after reset: a probe at the next job, shared first');
});
