// The clock runs from start() to stop(), its first frame included: a cluster leader logs a tick only
// for frames its running clock made, and the first frame after a takeover runs before start() returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClock } from '../../src/engine/clock.js';

test('clock: the first frame, run at once by start(), sees the clock running; a frame that stops it ends it', { timeout: 10_000 }, (t) => {
  const clock = new EngineClock((run) => {
    run();
    return true;
  });
  t.after(() => clock.stop());
  const seen: boolean[] = [];
  clock.onFrame(() => {
    seen.push(clock.running);
    if (seen.length === 1) clock.stop();
  });
  assert.equal(clock.running, false);
  clock.start(60);
  assert.deepEqual(seen, [true], 'the first frame ran with the clock running');
  assert.equal(clock.running, false, 'stopped by its own frame, the clock sets no timer for the next one');
  assert.equal(clock.frames, 1);
});
