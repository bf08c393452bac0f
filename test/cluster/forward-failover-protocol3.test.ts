// Protocol-3 lines forwarded as the leader dies (docs/cluster.md, "Writes on a render node"): outside
// clients keep sending write lines to two render nodes while the leader freezes (SIGSTOP: the lines
// sent to it wait there) and is killed (SIGKILL). Each pending line is answered from the replayed log
// or sent to the new leader — run once, never twice — so every acknowledged line is one step of the one
// history on both nodes, and they hold the same sound host and render the same frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rawExchange } from '../protocol3/helpers.js';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { writesThroughFailover } from './writes-through-failover.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const steps = async (node: Node): Promise<string[]> => (await node.call('get_history', { limit: 200 })).steps.map((s: any) => s.label);
/** A `state` reply without its selection token (it carries the node's own instance id). */
const state = async (node: Node): Promise<any> => {
  const { selection_token, ...rest } = JSON.parse((await rawExchange(node.protocol3, 'state\n'))[0]);
  return rest;
};

/** What a line through a node came to: the value it set and the reply. */
interface Outcome {
  readonly value: number;
  readonly reply: any;
}

/** Sends `set <control> <value>` lines through `node`, one connection each, one after another, until `done()`. */
async function writer(node: Node, control: number, done: () => boolean, out: Outcome[]): Promise<void> {
  for (let i = 1; !done(); i++) {
    const value = ((control * 37 + i * 13) % 97) / 100;
    const [line] = await rawExchange(node.protocol3, `set ${control} ${value}\n`, { timeoutMs: 60_000 });
    out.push({ value, reply: JSON.parse(line) });
    await sleep(20);
  }
}

test('protocol-3 lines forwarded while the leader dies are answered once a new leader leads, each run exactly once', {
  skip: !existsSync(NATS_SERVER),
  timeout: 180_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [lead, r1, r2] = await Promise.all(['lead', 'r1', 'r2'].map((n, i) => startNode(t, url, n, i === 0 ? 'leader' : 'render', ['--lease', '2'])));
  for (const n of [r1, r2]) await until(`${n.name} to follow lead`, async () => ((await n.status()).lease?.holder === 'lead' ? true : undefined));
  const before = (await steps(r1)).length;

  const { outcomes, sentAtKill } = await writesThroughFailover(lead, r1, r2, writer);

  const all = outcomes.flat();
  // A line that found no leader was not run (said so at once); none waited out a dead leader or failed otherwise.
  for (const o of all.filter((o) => !o.reply.ok)) {
    assert.equal(o.reply.code, 'unavailable', JSON.stringify(o.reply));
    assert.match(o.reply.error, /^no leader serves this show's writes .* was not run and nothing changed\./, o.reply.error);
  }
  // The line each node had in flight at the freeze was answered: r2's by the new leader, r1's run by r1 itself.
  for (const [i, o] of outcomes.entries())
    assert.equal(o[sentAtKill[i]].reply.ok, true, `the line in flight through r${2 - i}: ${JSON.stringify(o[sentAtKill[i]].reply)}`);
  const acknowledged = all.filter((o) => o.reply.ok);

  // Each acknowledged line is one step of the one history, on both nodes; the same sound host on both.
  const h1 = await steps(r1);
  await until('r2 to replay the last line', async () => ((await steps(r2)).length === h1.length ? true : undefined));
  assert.deepEqual(await steps(r2), h1, 'r1 and r2 hold the same history');
  assert.equal(h1.length - before, acknowledged.length, 'one step per acknowledged line, none twice, none refused');
  const [s1, s2] = [await state(r1), await state(r2)];
  assert.deepEqual(s2, s1, 'the same sound host');
  for (const [i, o] of outcomes.entries()) {
    const last = o.filter((w) => w.reply.ok).at(-1)!;
    assert.equal(s1.controls.find((c: any) => c.index === i + 1).value, last.reply.value, `control ${i + 1} holds the last acknowledged line's value`);
  }

  const after = (await r1.status()).frame as number;
  const frames = [after + 5, after + 20];
  await until('r2 to pass the frames', async () => ((await r2.status()).frame >= after + 20 ? true : undefined));
  assert.deepEqual((await r2.status(frames)).digests, (await r1.status(frames)).digests);
  assert.equal((await r2.status()).failed, 0, 'r2 never diverged');
});
