// A cluster's core (docs/cluster.md): a NATS server with JetStream (started here, stopped by pid), a
// leader and a render node as two real `footlight serve` processes. The leader is driven over MCP
// (add a pattern, activate it, set parameters, undo, redo); the render node replays the show's log
// and renders the same frames: their digests for the same frame numbers are equal, their histories
// hold the same steps, and a protocol-3 read on the render node answers there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rawExchange } from '../protocol3/helpers.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';

test("a render node replays the leader's log: equal frame digests and history, protocol-3 reads answered", {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');

  // The leader's writes: each is acknowledged by the log before its reply.
  const before = (await leader.status()).frame as number;
  const added = await leader.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  assert.equal(added.pattern.path, `${CH1}/pattern/1`);
  await leader.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.8 });
  await leader.call('undo');
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await leader.call('undo');
  await leader.call('redo');
  const history = await leader.call('get_history', { limit: 20 });
  assert.equal((await leader.status()).calls, 8, 'every write was appended');

  // The same frames on both nodes, from before the first write to after the last.
  const last = (await leader.status()).frame as number;
  const frames = [before, ...Array.from({ length: 12 }, (_, i) => last + 5 * i)];
  const end = frames[frames.length - 1];
  await until('the leader to pass the frames', async () => ((await leader.status()).frame >= end ? true : undefined));
  await until('the render node to replay them', async () => ((await render.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  const theirs = await render.status(frames);
  assert.equal(theirs.leader, 'lead');
  assert.equal(theirs.failed, 0, 'every replayed call succeeded');
  assert.equal(theirs.calls, 8, 'every call was replayed');
  assert.ok(
    ours.every((d: { digest: string | null }) => d.digest !== null),
    'the leader keeps the digests',
  );
  assert.deepEqual(theirs.digests, ours, 'the render node rendered the same frames');

  // The same history (steps and labels), the same parameter values.
  const replayed = await render.call('get_history', { limit: 20 });
  const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });
  assert.deepEqual(steps(replayed), steps(history));
  assert.ok(replayed.steps.every((s: any) => s.surface === 'cluster'));
  assert.equal((await render.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.6);

  // Protocol 3 from an outside client on the render node: reads answer there (its writes go to the leader: forward-protocol3-render.test.ts).
  const [ping] = (await rawExchange(render.protocol3, 'ping\n')).map((l) => JSON.parse(l));
  assert.equal(ping.ok, true);
  assert.deepEqual(steps(await render.call('get_history', { limit: 20 })), steps(history), 'the read left the history as it was');
});
