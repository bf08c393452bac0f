import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ThreadClock, currentThreadId } from '../../src/engine/thread-time.js';

test('ThreadClock: this thread’s CPU time grows with work and never goes back; off Linux it is unavailable, never wrong', () => {
  const clock = new ThreadClock();
  if (!clock.available) {
    assert.equal(clock.read(), undefined);
    return;
  }
  const t0 = clock.read();
  assert.ok(t0 !== undefined && t0.cpuMs > 0 && t0.waitMs >= 0);
  const until = performance.now() + 30;
  let x = 0;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  const t1 = clock.read();
  assert.ok(t1 !== undefined && x > 0);
  assert.ok(t1.cpuMs > t0.cpuMs, 'CPU time grew over 30 ms of work');
  assert.ok(t1.waitMs >= t0.waitMs);
  const id = currentThreadId();
  assert.equal(id, process.pid, 'the main thread’s id is the process id');
  const byId = new ThreadClock(id);
  const t2 = byId.read();
  assert.ok(t2 !== undefined && t2.cpuMs >= t1.cpuMs);
  byId.close();
  clock.close();
  assert.equal(clock.read(), undefined, 'closed');
  assert.equal(new ThreadClock(2 ** 30).available, false, 'no such thread');
});
