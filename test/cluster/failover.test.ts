// Kill tests for a cluster (docs/cluster.md, "Failure"): nats-server, a leader and render nodes as real
// processes. The leader is killed with SIGKILL: a render node takes the lapsed lease, keeps the history
// (no acknowledged call lost), takes writes, and every node renders the same frames after it; a killed
// render node leaves the others going. The NATS server is killed and started again: the leader holds
// writes up to its outbox's bound, refuses the next with nothing changed, and appends the held ones in
// order when the server is back; a render node flywheels, holds, and follows the log again.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, type Node, startNats, startNode as startClusterNode, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';
/** The lease the nodes run with, in seconds: a lapsed leader is replaced within about 1.5× this. */
const LEASE = '3';

/** A node of these tests: the lease above, then `extra`. */
const startNode = (t: TestContext, url: string, node: string, role: 'leader' | 'render', extra: string[] = []): Promise<Node> =>
  startClusterNode(t, url, node, role, ['--lease', LEASE, ...extra]);

const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });

/** Waits until every node rendered `frames`, then asserts their digests are equal (and present). */
async function sameFrames(nodes: Node[], frames: number[]): Promise<void> {
  const end = Math.max(...frames);
  for (const n of nodes) await until(`${n.name} to pass frame ${end}`, async () => ((await n.status()).frame >= end ? true : undefined));
  const [first, ...rest] = await Promise.all(nodes.map(async (n) => (await n.status(frames)).digests));
  assert.ok(
    first.every((d: { digest: string | null }) => d.digest !== null),
    `${nodes[0].name} keeps the digests`,
  );
  for (const [i, d] of rest.entries()) assert.deepEqual(d, first, `${nodes[i + 1].name} rendered the frames ${nodes[0].name} rendered`);
}

test('a killed leader: a render node takes the lease, keeps every acknowledged call, takes writes; a killed render node leaves the rest going', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  // Render nodes wait for the leader's log: the three start together.
  const [lead, r1, r2] = await Promise.all([startNode(t, url, 'lead', 'leader'), startNode(t, url, 'r1', 'render'), startNode(t, url, 'r2', 'render')]);
  assert.deepEqual((await lead.status()).lease.holder, 'lead');

  await lead.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  await lead.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await lead.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.8 });
  // The last acknowledged write, then the kill while another write may be under way.
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  const acknowledged = await lead.call('get_history', { limit: 20 });
  const inFlight = lead.client.callTool({ name: 'set_parameter', arguments: { path: `${CH1}/fader`, value: 0.9 } }).catch(() => undefined);
  await lead.kill();
  await inFlight;

  // r1 and r2 applied the same log: the tie goes to the smaller name.
  const took = await until('r1 to take the lease', async () => {
    const s = await r1.status();
    return s.role === 'leader' ? s : undefined;
  });
  assert.equal(took.leader, 'r1');
  assert.equal(took.lease.holder, 'r1');
  assert.equal(took.lease.term, 2);
  await until('r2 to follow r1', async () => ((await r2.status()).leader === 'r1' ? true : undefined));
  assert.equal((await r2.status()).role, 'render');

  // Every acknowledged call is in both histories (the one in flight at the kill may be too).
  const h1 = await r1.call('get_history', { limit: 20 });
  const h2 = await r2.call('get_history', { limit: 20 });
  assert.deepEqual(steps(h1), steps(h2), 'r1 and r2 hold the same history');
  assert.deepEqual(steps(h1).undo.slice(0, acknowledged.steps.length), steps(acknowledged).undo, 'no acknowledged call lost');

  // The new leader takes writes; r2 replays them, and a write made on r2 goes to the new leader.
  await r1.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await until('r2 to replay the write', async () => ((await r2.call('get_parameter', { path: `${CH1}/fader` })).parameter.value === 0.6 ? true : undefined));
  await r2.call('set_parameter', { path: `${CH1}/fader`, value: 0.65 });
  assert.equal((await r1.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.65, 'r2 forwarded the write to r1');
  assert.equal((await r2.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.65);
  assert.deepEqual(steps(await r2.call('get_history', { limit: 20 })), steps(await r1.call('get_history', { limit: 20 })));
  const after = (await r1.status()).frame as number;
  await sameFrames([r1, r2], [after, ...Array.from({ length: 8 }, (_, i) => after + 10 * (i + 1))]);
  assert.equal((await r2.status()).failed, 0, 'r2 never diverged');

  // A render node dies: the leader and its writes go on.
  await r2.kill();
  await r1.call('set_parameter', { path: `${CH1}/fader`, value: 0.7 });
  const frame = (await r1.status()).frame as number;
  await until('r1 to go on rendering', async () => ((await r1.status()).frame > frame + 30 ? true : undefined));
  assert.equal((await r1.status()).role, 'leader');
});

test('the log is lost: the leader holds writes up to its bound, refuses more with nothing changed, appends the held ones when it returns', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const nats = await startNats(t);
  const [lead, r1] = await Promise.all([
    startNode(t, nats.url, 'lead', 'leader', ['--outbox', '2']),
    startNode(t, nats.url, 'r1', 'render', ['--flywheel', '4']),
  ]);
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.4 });
  const lastFollowed = (await r1.status()).frame as number;

  await nats.stop('SIGKILL');
  // Watched from now on: under load the steps below can outlast the flywheel's 4 s.
  const flywheeled = until('r1 to flywheel', async () => ((await r1.status()).presenting === 'flywheel' ? true : undefined), 60_000);
  // Two writes wait in the outbox: their replies wait for the log (as long as the outage, so past the client's default timeout).
  const held = [0.5, 0.55].map((value) => lead.client.callTool({ name: 'set_parameter', arguments: { path: `${CH1}/fader`, value } }, { timeout: 200_000 }));
  await until('the leader to hold two writes', async () => ((await lead.status()).held === 2 ? true : undefined));
  const before = await lead.call('get_history', { limit: 20 });
  const refused = await lead.client.callTool({ name: 'set_parameter', arguments: { path: `${CH1}/fader`, value: 0.9 } });
  assert.equal(refused.isError, true);
  assert.match((refused.content as { text: string }[])[0].text, /^unavailable: the show's command log \(NATS\) is unreachable and 2 writes already wait/);
  assert.equal((await lead.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.55, 'the refusal changed nothing');
  assert.deepEqual(steps(await lead.call('get_history', { limit: 20 })), steps(before), 'nor the history');

  // r1 gets no ticks: it presents frames on its own clock, then holds its last frame.
  await flywheeled;
  const holding = await until('r1 to hold', async () => {
    const s = await r1.status();
    return s.presenting === 'held' ? s : undefined;
  });
  assert.ok(holding.frame > lastFollowed, 'r1 presented frames while it flywheeled');
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await r1.status()).frame, holding.frame, 'a held node presents its last frame');

  await nats.start();
  for (const r of await Promise.all(held)) assert.notEqual(r.isError, true, 'a held write succeeds once the log has it');
  await until('the outbox to empty', async () => ((await lead.status()).held === undefined ? true : undefined));
  assert.equal((await lead.status()).role, 'leader', 'the outage elected nobody');
  await until('r1 to follow again', async () => ((await r1.status()).presenting === 'following' ? true : undefined));
  await until('r1 to replay the held writes', async () =>
    (await r1.call('get_parameter', { path: `${CH1}/fader` })).parameter.value === 0.55 ? true : undefined,
  );
  assert.deepEqual(steps(await r1.call('get_history', { limit: 20 })), steps(await lead.call('get_history', { limit: 20 })));
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  const after = (await lead.status()).frame as number;
  await sameFrames([lead, r1], [after, after + 10, after + 20, after + 40]);
  // r1 may count the held writes in `failed`: it flywheeled past the frames they ran at (docs/cluster.md, known gaps).
  assert.equal((await r1.status()).leader, 'lead');
});
