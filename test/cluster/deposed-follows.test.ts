// A deposed leader follows the new one (docs/cluster.md, "Failure"): nats-server, a leader and a render
// node as real processes. The leader is paused (SIGSTOP) until its lease lapses and the render node
// takes over, then resumed (SIGCONT): its next renewal or append finds the show moved on, and instead
// of stopping it follows the new leader with the new leader's history, forwards writes to it and
// renders its frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';
// Two seconds: a loaded leader (CI runs many files at once) keeps a 1 s lease only just, and losing it before the pause fails the test.
const LEASE = ['--lease', '2'];
const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });
const fader = async (n: Node): Promise<number> => (await n.call('get_parameter', { path: `${CH1}/fader` })).parameter.value;

test('a leader paused past its lease is deposed and follows the new leader with its history', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [lead, r1] = await Promise.all([startNode(t, url, 'lead', 'leader', LEASE), startNode(t, url, 'r1', 'render', LEASE)]);
  await lead.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  await lead.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  await until('r1 to replay the calls', async () => ((await fader(r1)) === 0.35 ? true : undefined));

  process.kill(lead.pid, 'SIGSTOP');
  try {
    await until('r1 to take the lease', async () => ((await r1.status()).role === 'leader' ? true : undefined));
    // The new leader takes writes while the old one sleeps.
    await r1.call('set_parameter', { path: `${CH1}/fader`, value: 0.5 });
  } finally {
    process.kill(lead.pid, 'SIGCONT');
  }
  const deposed = await until('the old leader to follow r1', async () => {
    const s = await lead.status();
    return s.role === 'render' && s.deposed !== undefined && s.presenting === 'following' ? s : undefined;
  });
  assert.equal(deposed.leader, 'r1');
  assert.deepEqual({ by: deposed.deposed.by, term: deposed.deposed.term }, { by: 'r1', term: 2 });
  assert.equal(deposed.stopped, undefined, 'it did not stop');
  await until('the old leader to replay the new leader’s write', async () => ((await fader(lead)) === 0.5 ? true : undefined));
  assert.deepEqual(steps(await lead.call('get_history', { limit: 20 })), steps(await r1.call('get_history', { limit: 20 })), 'the same history');

  // A write sent to the old leader goes to r1 now; its undo, sent there too, restores both.
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.65 });
  assert.equal(await fader(r1), 0.65, 'the old leader forwarded the write to r1');
  assert.equal(await fader(lead), 0.65);
  await lead.call('undo', {});
  assert.equal(await fader(r1), 0.5, 'undo restored the fader on the leader');
  assert.equal(await fader(lead), 0.5);
  assert.deepEqual(steps(await lead.call('get_history', { limit: 20 })), steps(await r1.call('get_history', { limit: 20 })));

  const after = (await r1.status()).frame as number;
  const frames = [after, ...Array.from({ length: 6 }, (_, i) => after + 10 * (i + 1))];
  const end = frames[frames.length - 1];
  await until('r1 to pass the frames', async () => ((await r1.status()).frame >= end ? true : undefined));
  await until('the old leader to render them', async () => ((await lead.status()).frame >= end ? true : undefined));
  const ours = (await r1.status(frames)).digests;
  assert.ok(ours.every((d: { digest: string | null }) => d.digest !== null));
  assert.deepEqual((await lead.status(frames)).digests, ours, "the old leader renders the new leader's frames");
  assert.equal((await lead.status()).diverged, undefined, "its checked frames equal the new leader's");
});
