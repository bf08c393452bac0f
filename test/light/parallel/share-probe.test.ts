// The share probe's rules (share-probe.ts): every few seconds each job runs alone and shared in
// turn, and the median ratio of neighbouring runs decides how jobs run until the next probe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ShareProbe } from '../../../src/light/parallel/share-probe.js';

/**
 * Frames of `keys` jobs, one frame every 16 ms from `fromMs`, on a machine where a job takes
 * `aloneMs` alone and `ratio ×` that shared; returns how many ran shared.
 */
function frames(probe: ShareProbe, count: number, ratio: number, fromMs: number, keys = 3, aloneMs = 1): number {
  let shared = 0;
  for (let f = 0; f < count; f++) {
    const now = fromMs + 16 * f;
    for (let key = 0; key < keys; key++) {
      const s = probe.shares(key, now);
      if (s) shared++;
      probe.ran(key, s, s ? aloneMs * ratio : aloneMs, now + 1);
    }
  }
  return shared;
}

test('a probe alternates each job between shared and alone, frame by frame', () => {
  const probe = new ShareProbe();
  const seen: boolean[] = [];
  for (let f = 0; f < 4; f++) {
    seen.push(probe.shares(7, 16 * f));
    probe.ran(7, seen[f], 1, 16 * f + 1);
  }
  assert.deepEqual(seen, [true, false, true, false]);
});

test('sharing that pays: the probe keeps sharing; sharing that loses: jobs run alone until the next probe', () => {
  const paying = new ShareProbe();
  frames(paying, 60, 0.7, 0);
  assert.deepEqual(paying.stats(), { probes: 1, probesAlone: 0 });
  assert.equal(frames(paying, 100, 0.7, 2000), 300, 'between probes every job is shared');

  const losing = new ShareProbe();
  frames(losing, 60, 1.2, 0);
  assert.deepEqual(losing.stats(), { probes: 1, probesAlone: 1 });
  assert.equal(frames(losing, 100, 1.2, 2000), 0, 'between probes every job runs alone');
  // The next probe, 5 s after the last, finds sharing paying again.
  frames(losing, 60, 0.8, 6000);
  assert.deepEqual(losing.stats(), { probes: 2, probesAlone: 1 });
  assert.equal(losing.alone, false);
});

test('within 2 % counts as even: sharing goes on', () => {
  const probe = new ShareProbe();
  frames(probe, 60, 1.015, 0);
  assert.equal(probe.alone, false);
});

test('a probe with too few pairs in its second decides nothing; reset probes at the next job', () => {
  const probe = new ShareProbe();
  frames(probe, 60, 1.5, 0);
  assert.equal(probe.alone, true);
  // One job a second: a 1 s probe sees one pair.
  for (let t = 6000; t < 8000; t += 600) {
    const s = probe.shares(1, t);
    probe.ran(1, s, s ? 0.5 : 1, t);
  }
  assert.equal(probe.alone, true, 'the last decision stands');
  probe.reset();
  assert.equal(probe.alone, false);
  assert.equal(probe.shares(1, 8100), true, 'a new probe starts with a shared run');
});
