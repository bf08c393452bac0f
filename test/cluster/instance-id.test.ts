// One sound-host instance id for the whole cluster (docs/cluster.md, "Writes on a render node"): a
// render node adopts its leader's from the log's start, so a selection token the leader issued holds
// when the render node replays a line bound to it, and a token read on the render node is accepted
// by the leader when a line bound to it goes through the render node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { deviceByName } from '../../src/sound/model/catalog.js';
import { rawExchange } from '../protocol3/helpers.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';

const exchange = async (port: number, lines: string): Promise<any[]> => (await rawExchange(port, lines)).map((l) => JSON.parse(l));
const state = async (port: number): Promise<any> => (await exchange(port, 'state\n'))[0];
const TOOL = deviceByName('Tool').uuid;

test('tokens hold across nodes: a leader token replays on the render node, a render-node token is accepted by the leader', {
  skip: !existsSync(NATS_SERVER),
  timeout: 180_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [leader, render] = await Promise.all([startNode(t, url, 'lead', 'leader'), startNode(t, url, 'r1', 'render')]);
  const before = await state(leader.protocol3);
  assert.deepEqual(await state(render.protocol3), before, 'the same state, selection token included');

  // A line bound to the leader's token: the render node replays it without failing.
  const [inserted] = await exchange(leader.protocol3, `insert end ${TOOL} ${before.selection_token}\n`);
  assert.equal(inserted.ok, true, JSON.stringify(inserted));
  await until('the render node to replay the line', async () => ((await render.status()).calls === 1 ? true : undefined));
  assert.equal((await render.status()).failed, 0, 'the replayed line held on the render node');
  const after = await state(leader.protocol3);
  assert.notDeepEqual(after, before);
  assert.deepEqual(await state(render.protocol3), after);

  // A token read on the render node, bound to a line sent through it: the leader accepts it.
  const [read] = await exchange(render.protocol3, 'state\n');
  const [again, seen] = await exchange(render.protocol3, `insert end ${TOOL} ${read.selection_token}\nstate\n`);
  assert.equal(again.ok, true, JSON.stringify(again));
  assert.deepEqual(await state(leader.protocol3), seen, 'the leader ran it; the render node replayed it');
  assert.equal((await leader.status()).calls, 2);
  assert.equal((await render.status()).failed, 0);

  // Undo both through the render node: both histories go back to where they started, and the nodes agree.
  for (const _ of [1, 2]) assert.equal((await exchange(render.protocol3, 'undo\n'))[0].ok, true);
  for (const node of [leader, render]) assert.deepEqual((await node.call('get_history', { limit: 20 })).steps, [], `${node.name}: nothing left to undo`);
  assert.deepEqual(await state(render.protocol3), await state(leader.protocol3));
});
