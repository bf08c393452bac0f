// Writes on a render node go to the leader (docs/cluster.md, "Writes on a render node"): over MCP
// and OSC, a write sent to a render node runs on the leader with the caller's origin, lands in the
// leader's one history and the log, and is visible on the render node when the reply arrives; bad
// input fails with the leader's code and changes nothing anywhere; without a leader, `unavailable`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Client as OscClient } from 'node-osc';
import { NATS_SERVER, startNats, startNode, until, type ClusterProcess } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';
const skip = !existsSync(NATS_SERVER);

const steps = (h: any) => ({ undo: h.steps.map((s: any) => `${s.label} (${s.surface})`), redo: h.redo.map((s: any) => s.label) });
const fader = async (node: ClusterProcess): Promise<number> => (await node.call('get_parameter', { path: `${CH1}/fader` })).parameter.value;

test('a write sent to a render node runs on the leader, one history step, and undo through the render node', { skip, timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  const before = await fader(leader);
  const emptyHistory = steps(await leader.call('get_history', { limit: 20 }));

  // The write: the reply comes after the render node replayed it, so a read there sees it at once.
  const set = await render.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  assert.equal(set.parameter.value, 0.35, "the leader's payload");
  assert.equal(await fader(render), 0.35, 'read after write on the render node');
  assert.equal(await fader(leader), 0.35, 'the leader ran it');
  const history = await leader.call('get_history', { limit: 20 });
  assert.equal(history.steps.length, emptyHistory.undo.length + 1, 'one step on the leader');
  assert.equal(history.steps[0].surface, 'mcp', "the caller's surface");
  assert.equal(history.steps[0].client, 'test-r1', "the caller's client");
  assert.equal((await leader.status()).calls, 1, 'logged once');
  assert.deepEqual(
    steps(await render.call('get_history', { limit: 20 })).undo,
    history.steps.map((s: any) => `${s.label} (cluster)`),
    'the render node holds the same step, replayed',
  );

  // Undo through the render node: the leader's history goes back, both nodes follow.
  await render.call('undo');
  assert.equal(await fader(render), before);
  assert.equal(await fader(leader), before);
  const undone = await leader.call('get_history', { limit: 20 });
  assert.deepEqual(undone.steps, [], 'nothing left to undo');
  assert.equal(undone.redo.length, 1, 'the step is offered to redo');
  await render.call('redo');
  assert.equal(await fader(render), 0.35);

  // Bad input: the leader's error, code and words, and nothing changed anywhere, history included.
  const leaderHistory = steps(await leader.call('get_history', { limit: 20 }));
  const renderHistory = steps(await render.call('get_history', { limit: 20 }));
  const calls = (await leader.status()).calls;
  for (const args of [
    { path: `${CH1}/nothing`, value: 0.5 },
    { path: `${CH1}/fader`, value: 'loud' },
  ]) {
    const there = await leader.refused('set_parameter', args);
    const here = await render.refused('set_parameter', args);
    assert.match(here, /^(not_found|invalid_argument): /);
    assert.equal(here, there, 'the same code and message as on the leader');
  }
  assert.match(await render.refused('set_parameter', { value: 0.5 }), /^invalid_argument: /, 'a schema failure answers without a round trip');
  assert.equal(await fader(leader), 0.35);
  assert.equal(await fader(render), 0.35);
  assert.deepEqual(steps(await leader.call('get_history', { limit: 20 })), leaderHistory);
  assert.deepEqual(steps(await render.call('get_history', { limit: 20 })), renderHistory);
  assert.equal((await leader.status()).calls, calls, 'nothing logged');

  // Equal frames on both nodes after the forwarded writes.
  const last = (await leader.status()).frame as number;
  const frames = [last + 5, last + 10];
  await until('the render node to pass the frames', async () => ((await render.status()).frame >= last + 10 ? true : undefined));
  assert.deepEqual((await render.status(frames)).digests, (await leader.status(frames)).digests);
  assert.equal((await render.status()).failed, 0);
});

test('an OSC fader stream on a render node merges into one step on the leader', { skip, timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  const osc = new OscClient('127.0.0.1', render.osc);
  t.after(() => osc.close());
  const start = (await leader.call('get_history', { limit: 50 })).steps.length;
  for (const value of [0.2, 0.3, 0.4, 0.5, 0.625]) await osc.send(`${CH1}/fader`, { type: 'float', value });
  await until('the leader to take the stream', async () => ((await fader(leader)) === 0.625 ? true : undefined), 20_000);
  await until('the render node to replay it', async () => ((await fader(render)) === 0.625 ? true : undefined), 20_000);
  const history = await leader.call('get_history', { limit: 50 });
  assert.equal(history.steps.length - start, 1, 'five writes, one step');
  assert.equal(history.steps[0].surface, 'osc');
  assert.equal((await render.call('get_history', { limit: 50 })).steps.length - start, 1, 'merged alike on the render node');
});

test('a write on a render node without a leader is refused with unavailable and changes nothing', { skip, timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  await render.call('set_parameter', { path: `${CH1}/fader`, value: 0.4 });
  const history = steps(await render.call('get_history', { limit: 20 }));
  await leader.stop();
  const text = await render.refused('set_parameter', { path: `${CH1}/fader`, value: 0.9 });
  assert.match(text, /^unavailable: no leader serves this show's writes \(leader: lead; .*\), so set_parameter was not run and nothing changed\./);
  assert.equal(await fader(render), 0.4);
  assert.deepEqual(steps(await render.call('get_history', { limit: 20 })), history);
});
