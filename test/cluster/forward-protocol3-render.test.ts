// Protocol-3 writes on a render node go to the leader (docs/cluster.md, "Writes on a render node"):
// a write line from an outside client runs on the leader through its dispatcher, is logged as its
// line, and the render node answers with the leader's reply once it has replayed it, so a read on
// the same connection right after sees the change. Undo through the render node undoes the leader's
// one history; a bad line gets the leader's reply and changes nothing anywhere; without a leader the
// line is refused with `unavailable` and reads still answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rawExchange } from '../protocol3/helpers.js';
import { NATS_SERVER, startNats, startNode, until, type ClusterProcess } from './nodes.js';

const exchange = async (port: number, lines: string): Promise<any[]> => (await rawExchange(port, lines)).map((l) => JSON.parse(l));
/** A `state` reply without its selection token, which carries the host's own instance id. */
const withoutToken = ({ selection_token, ...rest }: any): any => {
  assert.match(selection_token, /^[0-9a-f]{64}$/);
  return rest;
};
const state = async (port: number): Promise<any> => withoutToken((await exchange(port, 'state\n'))[0]);
const steps = async (node: ClusterProcess): Promise<string[]> =>
  (await node.call('get_history', { limit: 20 })).steps.map((s: any) => `${s.label} (${s.surface})`);

test('a protocol-3 client writes on a render node: the leader runs and logs it, undo goes back, bad lines change nothing', {
  skip: !existsSync(NATS_SERVER),
  timeout: 300_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');
  const before = await state(leader.protocol3);
  assert.deepEqual(await state(render.protocol3), before);

  // The write, then a read on the same connection: the reply came after the render node replayed the line.
  const [set, read] = await exchange(render.protocol3, 'set 1 0.25\nstate\n');
  assert.equal(set.ok, true, JSON.stringify(set));
  const after = withoutToken(read);
  assert.notDeepEqual(after, before, 'the line changed the sound host');
  assert.deepEqual(await state(leader.protocol3), after, 'the leader ran it');
  const status = await leader.status();
  assert.equal(status.calls, 1, 'the leader logged the line once');
  const leaderSteps = await steps(leader);
  assert.equal(leaderSteps.length, 1, 'one step in the leader history');
  assert.match(leaderSteps[0], /\(protocol3\)$/, "the outside client's surface");
  assert.deepEqual(
    await steps(render),
    leaderSteps.map((s) => s.replace(/\(protocol3\)$/, '(cluster)')),
    'the render node holds the same step, replayed',
  );

  // Undo through the render node: the leader's one history goes back, and both nodes with it.
  const [undo, undone] = await exchange(render.protocol3, 'undo\nstate\n');
  assert.equal(undo.ok, true, JSON.stringify(undo));
  assert.deepEqual(withoutToken(undone), before, 'read after undo on the render node');
  assert.deepEqual(await state(leader.protocol3), before, 'the leader undid it');
  assert.deepEqual(await steps(leader), []);
  const [redo] = await exchange(render.protocol3, 'redo\n');
  assert.equal(redo.ok, true, JSON.stringify(redo));
  assert.deepEqual(await state(render.protocol3), after);

  // Bad lines: the reply a single process gives (the leader's own dispatcher), and nothing changed anywhere, history included.
  const history = { leader: await steps(leader), render: await steps(render) };
  const calls = (await leader.status()).calls;
  for (const line of ['set 0 0.5', 'set 1 loud', 'set 1', 'track 99']) {
    const [here] = await exchange(render.protocol3, `${line}\n`);
    const [there] = await exchange(leader.protocol3, `${line}\n`);
    assert.equal(here.ok, false, `${line}: ${JSON.stringify(here)}`);
    assert.notEqual(here.code, 'unavailable', line);
    assert.deepEqual(here, there, `${line}: the same reply as on the leader`);
  }
  assert.deepEqual(await state(leader.protocol3), after);
  assert.deepEqual(await state(render.protocol3), after);
  assert.deepEqual({ leader: await steps(leader), render: await steps(render) }, history);
  assert.equal((await leader.status()).calls, calls, 'nothing logged');
  await until('the render node to stay clean', async () => ((await render.status()).calls === calls ? true : undefined), 20_000);
  assert.equal((await render.status()).failed, 0);

  // No leader: the write is refused with unavailable and nothing changes; reads still answer.
  await leader.stop();
  const [refused, stillRead] = await exchange(render.protocol3, 'set 1 0.75\nstate\n');
  assert.equal(refused.ok, false);
  assert.equal(refused.code, 'unavailable');
  assert.equal(refused.command, 'set');
  assert.match(refused.error, /^no leader serves this show's writes \(leader: lead; .*\), so set was not run and nothing changed\./);
  assert.deepEqual(withoutToken(stillRead), after, 'reads answer; nothing changed');
  assert.deepEqual(await steps(render), history.render);
});
