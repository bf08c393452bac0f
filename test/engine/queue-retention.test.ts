// The queue keeps no per-call state once a call has left it: a task's closure holds the call's
// arguments and context (for an MCP call, its session's server), so a finished, failed or
// expired task that stayed referenced kept a closed session alive (the soak's heap growth).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineQueue } from '../../src/engine/queue.js';

const gc = (globalThis as { gc?: () => void }).gc;

/** Submits `n` tasks whose closures each hold a 64 KiB buffer; returns weak references to the buffers. */
function submitHeavy(
  q: EngineQueue,
  n: number,
  options: (i: number) => Parameters<EngineQueue['submit']>[1],
): { refs: WeakRef<object>[]; done: Promise<unknown>[] } {
  const refs: WeakRef<object>[] = [];
  const done: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const payload = new Uint8Array(64 * 1024);
    refs.push(new WeakRef(payload));
    done.push(
      q
        .submit(() => {
          if (i % 7 === 3) throw new Error('refused');
          return payload.length;
        }, options(i))
        .catch(() => undefined),
    );
  }
  return { refs, done };
}

async function collected(refs: readonly WeakRef<object>[], expected: number): Promise<number> {
  // WeakRefs keep their target until the current job ends: collect after a macrotask. Timers
  // and promise jobs of a loaded machine can hold the last few a little longer: a few rounds.
  let alive = refs.length;
  for (let round = 0; round < 5 && alive !== expected; round++) {
    await new Promise((r) => setTimeout(r, 20 * round));
    gc?.();
    alive = refs.filter((r) => r.deref() !== undefined).length;
  }
  return alive;
}

test('queue: N queued calls (reads and writes, run, failed or expired) leave no per-call state behind', {
  skip: gc === undefined && 'needs --expose-gc',
}, async () => {
  const q = new EngineQueue();
  const before = q.stats();
  q.pause(); // everything goes through the lanes, not the immediate path
  const writes = submitHeavy(q, 200, (i) => ({ label: 'set_parameter', session: `w${i % 5}` }));
  const reads = submitHeavy(q, 200, (i) => ({ label: 'get_status', session: `r${i}`, read: true }));
  const expiring = submitHeavy(q, 20, () => ({ label: 'add_pattern', deadlineMs: 1 }));
  await Promise.all(expiring.done); // refused at their deadline while paused
  assert.ok(q.depth >= 400, 'the expired ones leave the lanes at the next drain');
  assert.equal(await collected([...writes.refs, ...reads.refs], 400), 400, 'queued calls are held');
  q.resume();
  await Promise.all([...writes.done, ...reads.done]);
  const after = q.stats();
  assert.equal(q.depth, 0);
  assert.equal(after.completed - before.completed + after.failed - before.failed, 400);
  assert.equal(after.expired - before.expired, 20);
  assert.equal(await collected([...writes.refs, ...reads.refs, ...expiring.refs], 0), 0, 'no call that left the queue is still referenced');
  // The lanes go on working after being emptied.
  assert.equal(await q.submit(() => 'again'), 'again');
});
