import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineQueue } from '../../src/engine/queue.js';
import { EngineClock } from '../../src/engine/clock.js';
import { FootlightError } from '../../src/engine/errors.js';
import { digest, canonicalJson, isDigest } from '../../src/engine/guards.js';

test('queue: tasks run one at a time in submission order', async () => {
  const q = new EngineQueue();
  const order: number[] = [];
  const results = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      q.submit(() => {
        order.push(n);
        return n * 10;
      }),
    ),
  );
  assert.deepEqual(order, [1, 2, 3, 4]);
  assert.deepEqual(results, [10, 20, 30, 40]);
});

test('queue: a task still queued at its deadline is refused with timeout and never runs', async () => {
  const q = new EngineQueue();
  q.pause();
  let ran = false;
  const p = q.submit(
    () => {
      ran = true;
    },
    { deadlineMs: 30, label: 'set_parameter' },
  );
  await assert.rejects(p, (e: unknown) => e instanceof FootlightError && e.code === 'timeout' && /not applied/.test(e.message));
  q.resume();
  await q.submit(() => undefined);
  assert.equal(ran, false);
  assert.equal(q.stats().expired, 1);
});

test('queue: a throwing task rejects its caller and the queue goes on', async () => {
  const q = new EngineQueue();
  await assert.rejects(
    q.submit(() => {
      throw new Error('bad');
    }),
    /bad/,
  );
  assert.equal(await q.submit(() => 'ok'), 'ok');
});

test('queue: frames coalesce while one is waiting', async () => {
  const q = new EngineQueue();
  q.pause();
  let frames = 0;
  assert.equal(
    q.submitFrame(() => frames++),
    true,
  );
  assert.equal(
    q.submitFrame(() => frames++),
    false,
  );
  q.resume();
  await q.submit(() => undefined);
  assert.equal(frames, 1);
  assert.equal(
    q.submitFrame(() => frames++),
    true,
  );
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

/** A queue on a fake clock: a task "takes" time by advancing it. No wall-clock time is asserted. */
function fakeQueue(): { q: EngineQueue; clock: { t: number }; turn: () => Promise<void> } {
  const clock = { t: 1000 };
  const q = new EngineQueue(30_000, () => clock.t);
  // Two macrotask turns: the drain runs in one, its rescheduled continuation in the next.
  const turn = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));
  return { q, clock, turn };
}

test('queue: a frame runs ahead of the calls queued before it', async () => {
  const q = new EngineQueue();
  const order: string[] = [];
  q.pause();
  const calls = [q.submit(() => order.push('call 1')), q.submit(() => order.push('call 2'))];
  q.submitFrame(() => order.push('frame'));
  q.resume();
  await Promise.all(calls);
  assert.deepEqual(order, ['frame', 'call 1', 'call 2']);
});

test('queue: calls run only in the slack before the planned frame, the rest right after it', async () => {
  const { q, clock, turn } = fakeQueue();
  const ran: number[] = [];
  const slow = (n: number) => () => {
    clock.t += 4;
    ran.push(n);
  };
  await q.submit(slow(0), { label: 'slow' }); // learns that 'slow' takes 4 ms
  assert.equal(q.estimate('slow'), 4);
  q.submitFrame(() => {
    clock.t += 8;
  });
  // 10.5 ms of slack: two 4 ms calls and their reply work (0.25..1 ms each) fit, not three.
  q.planFrame(clock.t + 10.5);
  const pending = [1, 2, 3, 4].map((n) => q.submit(slow(n), { label: 'slow' }));
  await turn();
  await turn();
  assert.deepEqual(ran, [0, 1, 2]);
  assert.ok(q.stats().deferred >= 1);
  assert.equal(q.depth, 2);
  // The frame comes (the clock plans the next one): the waiting calls run in its slack, in order.
  clock.t += 6;
  q.submitFrame(() => {
    clock.t += 8;
  });
  q.planFrame(clock.t + 16);
  await Promise.all(pending);
  assert.deepEqual(ran, [0, 1, 2, 3, 4]);
});

test('queue: a call longer than any slack runs first after a frame and is not starved', async () => {
  const { q, clock } = fakeQueue();
  const ran: string[] = [];
  await q.submit(
    () => {
      clock.t += 50;
    },
    { label: 'open project' },
  );
  q.submitFrame(() => {
    clock.t += 8;
    ran.push('frame');
  });
  q.planFrame(clock.t + 9);
  await q.submit(
    () => {
      clock.t += 5;
      ran.push('small');
    },
    { label: 'small' },
  ); // the first after the frame
  const big = q.submit(
    () => {
      clock.t += 50;
      ran.push('big');
    },
    { label: 'open project' },
  );
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(ran, ['frame', 'small']);
  q.submitFrame(() => {
    clock.t += 8;
    ran.push('frame');
  });
  q.planFrame(clock.t + 9);
  await big;
  assert.deepEqual(ran, ['frame', 'small', 'frame', 'big']);
});

test('queue: with no frame planned, calls are not held back', async () => {
  const { q, clock } = fakeQueue();
  q.planFrame(clock.t + 1);
  q.planFrame(undefined); // the clock stopped
  const ran: number[] = [];
  await Promise.all(
    [1, 2, 3].map((n) =>
      q.submit(
        () => {
          clock.t += 10;
          ran.push(n);
        },
        { label: 'x' },
      ),
    ),
  );
  assert.deepEqual(ran, [1, 2, 3]);
  assert.equal(q.stats().deferred, 0);
});

test("queue: a read skips other sessions' queued writes, never its own session's", async () => {
  const q = new EngineQueue();
  const order: string[] = [];
  q.pause();
  const all = [
    q.submit(() => order.push('a write'), { session: 'a' }),
    q.submit(() => order.push('a read'), { session: 'a', read: true }),
    q.submit(() => order.push('b read'), { session: 'b', read: true }),
    q.submit(() => order.push('b write'), { session: 'b' }),
    q.submit(() => order.push('b read 2'), { session: 'b', read: true }),
  ];
  q.resume();
  await Promise.all(all);
  assert.deepEqual(order, ['b read', 'a write', 'a read', 'b write', 'b read 2']);
});

test('queue: a read that fits runs at once, between whole tasks; a paused queue holds it', async () => {
  const q = new EngineQueue();
  let value = 0;
  const read = q.submit(() => value, { session: 's', read: true });
  // It ran inside submit (nothing was queued, no frame due), so the write below cannot be in it.
  value = 1;
  assert.equal(await read, 0);
  q.pause();
  let ran = false;
  const held = q.submit(
    () => {
      ran = true;
    },
    { session: 's', read: true },
  );
  await new Promise((r) => setImmediate(r));
  assert.equal(ran, false);
  q.resume();
  await held;
  assert.equal(ran, true);
});

test('queue: a call held back for frames still meets its deadline semantics', async () => {
  const { q, clock } = fakeQueue();
  await q.submit(
    () => {
      clock.t += 5;
    },
    { label: 'w' },
  );
  q.submitFrame(() => undefined);
  await q.submit(
    () => {
      clock.t += 5;
    },
    { label: 'w' },
  ); // first after the frame
  clock.t += 10; // past the call floor
  q.planFrame(clock.t + 2); // no slack: the next call waits for a frame that does not come in time
  let ran = false;
  await assert.rejects(
    q.submit(
      () => {
        ran = true;
      },
      { label: 'w', deadlineMs: 20 },
    ),
    (e: unknown) => e instanceof FootlightError && e.code === 'timeout',
  );
  q.submitFrame(() => undefined);
  await q.submit(() => undefined);
  assert.equal(ran, false);
});

test('clock: tells the queue when the next frame is due, and that none is once stopped', () => {
  const plans: (number | undefined)[] = [];
  let frames = 0;
  const clock = new EngineClock(
    (run) => {
      run();
      return true;
    },
    (due) => plans.push(due),
  );
  clock.onFrame(() => frames++);
  const before = performance.now();
  clock.start(60);
  clock.stop();
  assert.equal(frames, 1);
  assert.equal(plans.length, 2);
  assert.ok(typeof plans[0] === 'number' && plans[0] >= before);
  assert.equal(plans[1], undefined);
});

test('queue: admit lets request work start only in slack, at the latest just after the next frame', async () => {
  const { q, clock } = fakeQueue();
  q.planFrame(undefined);
  assert.equal(q.admit(), undefined); // no frame planned
  q.submitFrame(() => undefined);
  await q.submit(
    () => {
      clock.t += 1;
    },
    { label: 'w' },
  ); // the first call after the frame
  q.planFrame(clock.t + 100);
  clock.t += 5; // past the call floor
  assert.equal(q.admit(), undefined); // plenty of slack
  q.planFrame(clock.t + 0.1); // less than the least allowance for request work
  const waiting = q.admit();
  assert.ok(waiting instanceof Promise);
  let admitted = false;
  void waiting.then(() => {
    admitted = true;
  });
  await new Promise((r) => setImmediate(r));
  assert.equal(admitted, false);
  let framed = false;
  q.submitFrame(() => {
    framed = true;
  });
  await waiting;
  assert.equal(framed, true);
  q.planFrame(clock.t + 0.5);
  q.pause();
  assert.equal(q.admit(), undefined); // a paused queue holds tasks, not requests
  q.resume();
});

test('queue: after a frame longer than its period, calls still get a quarter of its time', async () => {
  const { q, clock, turn } = fakeQueue();
  const ran: number[] = [];
  q.submitFrame(() => {
    clock.t += 40;
  }); // an overloaded render: 40 ms
  q.planFrame(clock.t); // the next frame is due at once
  const pending = [1, 2, 3, 4, 5, 6].map((n) =>
    q.submit(
      () => {
        clock.t += 3;
        ran.push(n);
      },
      { label: 'c' },
    ),
  );
  await turn();
  await turn();
  // 10 ms of calls after the 40 ms frame: the calls starting at 0, 3, 6 and 9 ms.
  assert.deepEqual(ran, [1, 2, 3, 4]);
  q.submitFrame(() => {
    clock.t += 8;
  });
  q.planFrame(clock.t + 16);
  await Promise.all(pending);
  assert.deepEqual(ran, [1, 2, 3, 4, 5, 6]);
});
