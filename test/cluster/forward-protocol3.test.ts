// Protocol-3 writes from outside clients in a cluster (docs/cluster.md): on the leader they are
// logged as their command lines and a render node runs the same lines through its own dispatcher,
// so its sound host matches (sent to a render node, they go to the leader: forward-protocol3-render.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rawExchange } from '../protocol3/helpers.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const exchange = async (port: number, lines: string): Promise<any[]> => (await rawExchange(port, lines)).map((l) => JSON.parse(l));
const labels = (h: any): string[] => h.steps.map((s: any) => s.label);
/** A `state` reply without its selection token, which carries the host's own instance id. */
const state = async (port: number): Promise<any> => {
  const [{ selection_token, ...rest }] = await exchange(port, 'state\n');
  assert.match(selection_token, /^[0-9a-f]{64}$/);
  return rest;
};

test('a protocol-3 client writes on the leader; the render node replays its lines', { skip: !existsSync(NATS_SERVER), timeout: 240_000 }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  const before = await state(render.protocol3);
  const replies = await exchange(leader.protocol3, 'track 1\nset 1 0.25\nset 0 0.5\nset 2 0.75\nundo\n');
  assert.deepEqual(
    replies.map((r) => r.ok),
    [true, true, false, true, true],
    JSON.stringify(replies),
  );
  assert.equal((await leader.status()).calls, 4, 'each write line that ran is logged, the refused one is not');
  const after = await state(leader.protocol3);
  assert.notDeepEqual(after, before, 'the lines changed the sound host');
  const history = labels(await leader.call('get_history', { limit: 20 }));
  await until('the render node to replay the lines', async () => ((await render.status()).calls === 4 ? true : undefined), 30_000);
  assert.equal((await render.status()).failed, 0, 'every line ran on the render node');
  assert.deepEqual(await state(render.protocol3), after, 'the same sound host state');
  assert.deepEqual(labels(await render.call('get_history', { limit: 20 })), history, 'the same history');
});
