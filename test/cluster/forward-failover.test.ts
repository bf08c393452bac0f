// A write forwarded as the leader dies (docs/cluster.md, "Writes on a render node"): render nodes keep
// sending writes while the leader freezes (SIGSTOP: the writes sent to it wait there) and is killed
// (SIGKILL). When a new leader takes over, each pending forward is answered from the replayed log or
// sent to the new leader — run by it once, never twice — instead of waiting out the request's timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { writesThroughFailover } from './writes-through-failover.js';

/** A history's steps by label and calling client (a replayed step's client is `leader/surface/client`). */
const steps = (h: any): string[] => h.steps.map((s: any) => `${s.label} (${String(s.client).split('/').pop()})`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a write through a node came to: its value and the reply (ok, or the error text). */
interface Outcome {
  readonly value: number;
  readonly ok: boolean;
  readonly text: string;
}

/** Sends set_parameter writes through `node` one after another (each a history step of its own) until `done()`. */
async function writer(node: Node, channel: number, done: () => boolean, out: Outcome[]): Promise<void> {
  for (let i = 1; !done(); i++) {
    const value = Math.round(channel * 100 + i) / 1000;
    const r = await node.client.callTool({ name: 'set_parameter', arguments: { path: `/lx/mixer/channel/${channel}/fader`, value } });
    const text = (r.content as { text: string }[])[0]?.text ?? '';
    out.push({ value, ok: r.isError !== true, text });
    await sleep(20);
  }
}

test('writes forwarded while the leader dies are answered once a new leader leads, each run exactly once', {
  skip: !existsSync(NATS_SERVER),
  timeout: 180_000,
}, async (t) => {
  const { url } = await startNats(t);
  // A lease of 2 s: short enough for a quick takeover, long enough that a loaded leader keeps it while alive.
  const [lead, r1, r2] = await Promise.all(['lead', 'r1', 'r2'].map((n, i) => startNode(t, url, n, i === 0 ? 'leader' : 'render', ['--lease', '2'])));
  for (const n of [r1, r2]) await until(`${n.name} to follow lead`, async () => ((await n.status()).lease?.holder === 'lead' ? true : undefined));
  await r2.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.5 });
  const before = (await r1.call('get_history', { limit: 200 })).steps.length;

  const { outcomes, sentAtKill } = await writesThroughFailover(lead, r1, r2, writer);

  const all = outcomes.flat();
  const refused = all.filter((o) => !o.ok);
  // A write that found no leader was not run (said so at once); none waited out a dead leader.
  for (const o of refused) assert.match(o.text, /^unavailable: no leader serves this show's writes .* was not run and nothing changed\./, o.text);
  const acknowledged = all.filter((o) => o.ok);
  // The write each node had in flight at the freeze was answered, not refused: r2's by the new leader, r1's run by r1 itself.
  for (const [i, o] of outcomes.entries()) assert.equal(o[sentAtKill[i]].ok, true, `the write in flight through r${2 - i}: ${o[sentAtKill[i]].text}`);

  // Each acknowledged write is in the one history exactly once, on both nodes.
  const h1 = await r1.call('get_history', { limit: 200 });
  await until('r2 to replay the last write', async () => (steps(await r2.call('get_history', { limit: 200 })).length === h1.steps.length ? true : undefined));
  assert.deepEqual(steps(await r2.call('get_history', { limit: 200 })), steps(h1), 'r1 and r2 hold the same history');
  assert.equal(h1.steps.length - before, acknowledged.length, 'one step per acknowledged write, none twice, none refused');
  for (const [i, o] of outcomes.entries()) {
    const last = o.filter((w) => w.ok).at(-1)!.value;
    for (const n of [r1, r2]) assert.equal((await n.call('get_parameter', { path: `/lx/mixer/channel/${i + 1}/fader` })).parameter.value, last);
  }

  // The same frames on both nodes after it all.
  const after = (await r1.status()).frame as number;
  const frames = [after + 5, after + 20];
  await until('r2 to pass the frames', async () => ((await r2.status()).frame >= after + 20 ? true : undefined));
  assert.deepEqual((await r2.status(frames)).digests, (await r1.status(frames)).digests);
  assert.equal((await r2.status()).failed, 0, 'r2 never diverged');
});
