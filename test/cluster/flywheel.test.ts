// The flywheel's start (docs/cluster.md, "A node is cut off"): a render node flywheels only when the
// log went quiet — no record in hand and none read for a second — not while it is still applying a
// slow record with more behind it, and it projects its frames from when the log went quiet. Otherwise
// a node busy with a slow call runs frames past the calls waiting behind it (the soak's late calls).
// The flywheel's clock is stepped by hand: no wall-clock time is asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Flywheel } from '../../src/cluster/flywheel.js';

/** A flywheel on a clock the test moves, with a tick at frame 100 read at t = 0. */
function atFrame100(): { flywheel: Flywheel; clock: { t: number } } {
  const clock = { t: 0 };
  const flywheel = new Flywheel(5, 'hold', () => clock.t);
  flywheel.ticked(100, 50_000);
  return { flywheel, clock };
}

test('a node cut off from the log flywheels a second after its last tick, from that tick on', () => {
  const { flywheel, clock } = atFrame100();
  clock.t = 999;
  assert.equal(flywheel.state(), 'following');
  assert.equal(flywheel.due(), undefined);
  clock.t = 1600;
  assert.equal(flywheel.state(), 'flywheel');
  assert.deepEqual(flywheel.due(), { frame: 136, wallMs: 50_000 + 36 * (1000 / 60) });
  // A call the leader logs at frame 136 or before would arrive late: the flywheel presented that frame.
  assert.equal(flywheel.passed(136), true);
  assert.equal(flywheel.passed(137), false);
  clock.t = 5999;
  assert.equal(flywheel.state(), 'flywheel');
  clock.t = 6000;
  assert.equal(flywheel.state(), 'held');
});

test('a node applying a slow record does not flywheel, and counts the quiet from the end of it', async () => {
  const { flywheel, clock } = atFrame100();
  let finish = (): void => {};
  // A call that keeps the node busy for three seconds: the records behind it wait, so the node is behind, not cut off.
  const slow = flywheel.applying(
    () =>
      new Promise<string>((resolve) => {
        finish = () => resolve('applied');
      }),
  );
  clock.t = 3000;
  assert.equal(flywheel.state(), 'following', 'no flywheel while a record is in hand');
  assert.equal(flywheel.due(), undefined);
  finish();
  assert.equal(await slow, 'applied');
  // The next record is read at once: still following.
  clock.t = 3500;
  assert.equal(flywheel.state(), 'following', 'a second from the last record read, not from the last tick');
  // Nothing more for a second: the log went quiet at t = 3000, and the frames count from there (not from the tick at t = 0).
  clock.t = 4600;
  assert.equal(flywheel.state(), 'flywheel');
  assert.equal(flywheel.due()!.frame, 136);
});

test('a record that fails to apply still ends its hold on the flywheel', async () => {
  const { flywheel, clock } = atFrame100();
  clock.t = 2000;
  await assert.rejects(
    flywheel.applying(() => Promise.reject(new Error('broken record'))),
    /broken record/,
  );
  clock.t = 3100;
  assert.equal(flywheel.state(), 'flywheel');
});
