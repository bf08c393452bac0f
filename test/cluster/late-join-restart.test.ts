// Rejoining (docs/cluster.md, "Joining late"): nats-server, a leader and a render node as real
// processes. The render node is killed (SIGKILL) mid-show, the leader goes on taking calls, and the
// node is started again under the same name: it replays the log from its start, reports what its
// catch-up took, has compared the leader's logged digests on every checked frame it replayed, and
// renders the leader's frames with the leader's history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';

/** `count` calls on channel 1 of the demo show (its first pattern is a Noise). */
async function calls(node: { call(name: string, args?: Record<string, unknown>): Promise<any> }, count: number, from: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const path = i % 2 === 0 ? `${CH1}/pattern/1/scale` : `${CH1}/fader`;
    await node.call('set_parameter', { path, value: 0.3 + (i % 50) / 100 });
  }
}

test('a render node killed mid-show and started again catches up and renders the leader’s frames', {
  skip: !existsSync(NATS_SERVER),
  timeout: 360_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [leader, r1] = await Promise.all([startNode(t, url, 'lead', 'leader'), startNode(t, url, 'r1', 'render')]);
  await calls(leader, 60, 0);
  const before = (await leader.status()).frame as number;
  await until('r1 to follow', async () => ((await r1.status()).frame >= before ? true : undefined));
  const first = await r1.status();
  assert.ok(first.caughtUp !== undefined && first.catchingUp === undefined, 'a node started with its leader catches up at once');

  await r1.kill();
  await calls(leader, 150, 60);
  const killedAt = (await leader.status()).frame as number;
  await until('the leader to run 20 s more', async () => ((await leader.status()).frame >= killedAt + 1200 ? true : undefined));
  const logged = (await leader.status()).calls as number;

  const again = await startNode(t, url, 'r1', 'render');
  const done = await until(
    'r1 to catch up again',
    async () => {
      const s = await again.status();
      return s.caughtUp === undefined ? undefined : s;
    },
    240_000,
  );
  assert.equal(done.catchingUp, undefined);
  assert.equal(done.failed, 0, 'every replayed call succeeded');
  assert.equal(done.caughtUp.calls, logged, 'the catch-up replayed every call the leader logged');
  assert.ok(done.caughtUp.frames > killedAt, `the catch-up replayed the show from its start (${done.caughtUp.frames} frames)`);
  assert.ok(done.checks >= killedAt / 60, `the node compared the leader's digests while it replayed (${done.checks})`);
  assert.equal(done.diverged, undefined, "every checked frame equals the leader's");

  await calls(leader, 10, 210);
  const last = (await leader.status()).frame as number;
  const frames = Array.from({ length: 12 }, (_, i) => last + 5 * i);
  const end = frames[frames.length - 1];
  await until('the leader to pass the frames', async () => ((await leader.status()).frame >= end ? true : undefined));
  await until('r1 to render them', async () => ((await again.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  assert.ok(
    ours.every((d: { digest: string | null }) => d.digest !== null),
    'the leader keeps the digests',
  );
  assert.deepEqual((await again.status(frames)).digests, ours, "the restarted node renders the leader's frames");
  const steps = (h: any) => h.steps.map((s: any) => s.label);
  assert.deepEqual(steps(await again.call('get_history', { limit: 20 })), steps(await leader.call('get_history', { limit: 20 })));
  assert.equal((await again.status()).failed, 0);
});
