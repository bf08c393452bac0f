// The divergence check's rules (src/cluster/divergence.ts): a node without a slice compares the
// leader's whole-frame digest, a node with one (or any node when the leader has a slice) the canary
// digest; a repair is due after three differing checks in a row, not after one, and a match or a
// repair starts the count again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../src/engine/log.js';
import { DivergenceCheck } from '../../src/cluster/divergence.js';
import type { TickRecord } from '../../src/cluster/records.js';

const tick = (frame: number, digests: { digest?: string; canary?: string }): TickRecord => ({
  kind: 'tick',
  frame,
  position: 0,
  playing: false,
  wallMs: 0,
  ...digests,
});

test('whole frames or the canary: whichever both nodes render', { timeout: 10_000 }, () => {
  const check = new DivergenceCheck(silentLogger);
  check.keepCanary(60, 'c');
  // Neither has a slice: the whole frame decides, though the canaries agree.
  check.check(tick(60, { digest: 'W', canary: 'c' }), 'w', false);
  assert.deepEqual(check.status, { checks: 1, diverged: { since: 60, frame: 60 } });
  // This node has a slice: its whole frame is not the show's, the canary is compared.
  check.check(tick(60, { digest: 'W', canary: 'c' }), 'w', true);
  assert.deepEqual(check.status, { checks: 2 }, 'a matching check clears it');
  // The leader has a slice (no whole digest): the canary again; a frame this node did not render is not counted.
  check.check(tick(120, { canary: 'c' }), undefined, false);
  assert.deepEqual(check.status, { checks: 2 });
  check.keepCanary(120, 'x');
  check.check(tick(120, { canary: 'c' }), undefined, false);
  assert.deepEqual(check.status, { checks: 3, diverged: { since: 120, frame: 120 } });
});

test('a repair is due after three differing checks in a row', { timeout: 10_000 }, () => {
  const check = new DivergenceCheck(silentLogger);
  const differ = (frame: number) => check.check(tick(frame, { digest: 'leader' }), 'mine', false);
  differ(60);
  differ(120);
  assert.equal(check.repairDue, undefined, 'two are not enough');
  check.check(tick(180, { digest: 'same' }), 'same', false);
  differ(240);
  differ(300);
  assert.equal(check.repairDue, undefined, 'a match in between starts the count again');
  differ(360);
  assert.match(check.repairDue ?? '', /^3 divergence checks in a row differed \(since frame 240\)$/);
  check.repaired();
  assert.equal(check.repairDue, undefined, 'a repair starts the count again');
  assert.deepEqual(check.status.diverged, { since: 240, frame: 360 }, 'still reported until a check matches');
});
