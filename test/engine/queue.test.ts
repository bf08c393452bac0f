import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineQueue } from '../../src/engine/queue.js';
import { EngineClock } from '../../src/engine/clock.js';
import { FootlightError } from '../../src/engine/errors.js';
import { digest, canonicalJson, isDigest } from '../../src/engine/guards.js';

test('queue: tasks run one at a time in submission order', async () => {
  const q = new EngineQueue();
  const order: number[] = [];
  const results = await Promise.all([1, 2, 3, 4].map((n) => q.submit(() => { order.push(n); return n * 10; })));
  assert.deepEqual(order, [1, 2, 3, 4]);
  assert.deepEqual(results, [10, 20, 30, 40]);
});

test('queue: a task still queued at its deadline is refused with timeout and never runs', async () => {
  const q = new EngineQueue();
  q.pause();
  let ran = false;
  const p = q.submit(() => { ran = true; }, { deadlineMs: 30, label: 'set_parameter' });
  await assert.rejects(p, (e: unknown) => e instanceof FootlightError && e.code === 'timeout' && /not applied/.test(e.message));
  q.resume();
  await q.submit(() => undefined);
  assert.equal(ran, false);
  assert.equal(q.stats().expired, 1);
});

test('queue: a throwing task rejects its caller and the queue goes on', async () => {
  const q = new EngineQueue();
  await assert.rejects(q.submit(() => { throw new Error('bad'); }), /bad/);
  assert.equal(await q.submit(() => 'ok'), 'ok');
});

test('queue: frames coalesce while one is waiting', async () => {
  const q = new EngineQueue();
  q.pause();
  let frames = 0;
  assert.equal(q.submitFrame(() => frames++), true);
  assert.equal(q.submitFrame(() => frames++), false);
  q.resume();
  await q.submit(() => undefined);
  assert.equal(frames, 1);
  assert.equal(q.submitFrame(() => frames++), true);
});

test('clock: stepped frames give LX nowMillis = floor((k+1)·1000/60)', () => {
  const clock = new EngineClock(() => true);
  const seen: number[] = [];
  clock.onFrame((f) => seen.push(f.nowMillis));
  clock.stepFixed(61, 1000 / 60);
  assert.deepEqual(seen.slice(0, 6), [16, 33, 50, 66, 83, 100]);
  assert.equal(seen[59], 1000);
  assert.equal(seen[60], 1016);
});

test('guards: canonical JSON sorts keys; digests are 64 lowercase hex', () => {
  assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] }), '{"a":[{"d":2}],"b":1}');
  assert.equal(digest({ a: 1, b: 2 }), digest({ b: 2, a: 1 }));
  assert.notEqual(digest({ a: 1 }), digest({ a: 2 }));
  assert.ok(isDigest(digest('x')));
  assert.equal(isDigest('ABC'), false);
});
