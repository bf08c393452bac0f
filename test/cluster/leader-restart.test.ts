// A leader started again continues its show (docs/cluster.md, "Leader lease and failover"): nats-server,
// a leader and a render node that may never lead (--no-lead), as real processes. The leader is killed
// (SIGKILL) and started again with the same command: it joins from the newest checkpoint and the log,
// takes the lapsed lease with the next term and leads on from a frame past the log's. The render node
// keeps following without a restart; both hold the history the first leader built, undo works, and
// they render the same frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../helpers/show.js';
import { NATS_SERVER, type Node, runServe, startNats, startNode, startServe, until } from './nodes.js';

const CH1 = '/lx/mixer/channel/1';
// A 2 s lease: the restarted leader starts past r1's frame as r1 last reported it within a lease; under a
// proof run's load a 1 s lease let r1's report go stale, the start fell behind r1's flywheel and the frames differed.
const LEASE = ['--lease', '2', '--checkpoint', '2'];
const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });
const fader = async (n: Node): Promise<number> => (await n.call('get_parameter', { path: `${CH1}/fader` })).parameter.value;

test('a leader killed and started again continues the log: its render node keeps following, history and undo survive', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [lead, r1] = await Promise.all([startNode(t, url, 'lead', 'leader', LEASE), startNode(t, url, 'r1', 'render', ['--no-lead', ...LEASE])]);
  assert.equal((await r1.status()).mayLead, false);
  await lead.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  await lead.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await lead.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.8 });
  const initial = await fader(lead);
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  const history = await lead.call('get_history', { limit: 20 });
  // A checkpoint after the calls: the restarted leader joins from it.
  const called = (await lead.status()).frame as number;
  await until('a checkpoint after the calls', async () => ((await lead.status()).checkpoint?.frame > called ? true : undefined));
  await until('r1 to replay the calls', async () => ((await fader(r1)) === 0.35 ? true : undefined));

  await lead.kill();
  // r1 may never lead: it flywheels, and nothing takes the lease until the leader is back.
  const again = await startServe(t, 'lead again', ['--cluster', url, '--node', 'lead', '--role', 'leader', ...LEASE]);
  const status = () => again.call('get_cluster_status', {});
  const led = await until('the restarted leader to lead', async () => {
    const s = await status();
    return s.role === 'leader' ? s : undefined;
  });
  assert.equal(led.lease.holder, 'lead');
  assert.equal(led.lease.term, 2, 'it took the lease with the next term');
  assert.equal(led.resuming, undefined);
  assert.ok(led.joined !== undefined, 'it joined from a checkpoint');
  assert.equal(led.failed, 0);
  assert.deepEqual(steps(await again.call('get_history', { limit: 20 })), steps(history), 'the history survived the restart');
  assert.equal((await again.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.35);

  // r1 follows the same log: no second start, no restart.
  const followed = await until('r1 to follow the restarted leader', async () => {
    const s = await r1.status();
    return s.lease?.term === 2 && s.presenting === 'following' ? s : undefined;
  });
  assert.equal(followed.role, 'render', 'a --no-lead node never took the lease');
  assert.equal(followed.stopped, undefined);
  assert.equal(followed.leader, 'lead');

  // A write on the restarted leader, then its undo: both nodes change, then both are restored.
  await again.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await until('r1 to replay the write', async () => ((await fader(r1)) === 0.6 ? true : undefined));
  await again.call('undo', {});
  assert.equal((await again.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.35, 'undo restored the fader');
  await until('r1 to replay the undo', async () => ((await fader(r1)) === 0.35 ? true : undefined));
  assert.deepEqual(steps(await r1.call('get_history', { limit: 20 })), steps(await again.call('get_history', { limit: 20 })));
  // The undo before the restart's first write undoes the first leader's last step.
  await again.call('undo', {});
  assert.equal((await again.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, initial, 'undo reaches the steps made before the restart');
  await until('r1 to replay it', async () => ((await fader(r1)) === initial ? true : undefined));

  const after = (await status()).frame as number;
  const frames = [after, ...Array.from({ length: 6 }, (_, i) => after + 10 * (i + 1))];
  const end = frames[frames.length - 1];
  await until('the leader to pass the frames', async () => ((await status()).frame >= end ? true : undefined));
  await until('r1 to render them', async () => ((await r1.status()).frame >= end ? true : undefined));
  const ours = (await again.call('get_cluster_status', { frames })).digests;
  assert.ok(ours.every((d: { digest: string | null }) => d.digest !== null));
  assert.deepEqual((await r1.status(frames)).digests, ours, "r1 renders the restarted leader's frames");
  assert.equal((await r1.status()).failed, 0, 'r1 never diverged');

  // --fresh starts the show over: a new log, an empty history; the running render node stops and says why.
  await again.stop();
  const fresh = await startNode(t, url, 'lead', 'leader', ['--fresh', ...LEASE]);
  assert.equal((await fresh.status()).lease.term, 3);
  assert.deepEqual((await fresh.call('get_history', { limit: 20 })).steps, []);
  const stopped = await until('r1 to stop', async () => (await r1.status()).stopped);
  assert.match(stopped, /started the show again/);
});

test('--fresh is a leader’s and --no-lead a render node’s: elsewhere the start stops with the reason', { timeout: 120_000 }, async (t) => {
  const home = await tempHome(t);
  const url = 'nats://127.0.0.1:4222';
  const fresh = await runServe(home, ['--cluster', url, '--node', 'a', '--role', 'render', '--fresh']);
  assert.equal(fresh.code, 2);
  assert.match(fresh.stderr, /--fresh is for a cluster's leader \(--role leader\)/);
  const noLead = await runServe(home, ['--cluster', url, '--node', 'a', '--role', 'leader', '--no-lead']);
  assert.equal(noLead.code, 2);
  assert.match(noLead.stderr, /--no-lead is for a render node \(--role render\)/);
  const alone = await runServe(home, ['--fresh']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--fresh is for a cluster's leader/);
  assert.equal(existsSync(join(home, 'status.json')), false, 'nothing started');
});
