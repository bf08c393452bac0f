// Trimming the log across a failover (docs/cluster.md, "Trimming the log"): a leader storing a
// checkpoint every two seconds trims the log's ticks behind them, and is killed. The render node that
// takes over goes on checkpointing and trimming — only behind a checkpoint it or the old leader stored,
// never behind the newest — so the ticks stay bounded; a node started then joins from the new leader's
// checkpoint, renders its frames, holds its history, and an undo reaches back across the failover.
// Real processes, a real NATS server (the stream's records read with the NATS client).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';
import { history, sameFrames } from './agree.js';

const CH1 = '/lx/mixer/channel/1';
const STREAM = 'footlight-demo';
/** Every node's --checkpoint (seconds) and the frames between a leader's checkpoints. */
const CHECKPOINT_S = 2;
const INTERVAL = CHECKPOINT_S * 60;
const OPTIONS = ['--checkpoint', String(CHECKPOINT_S), '--lease', '2'];

/** A record of the stream other than a tick: its sequence, the outbox that wrote it (`node-term`), the record. */
interface Entry {
  readonly seq: number;
  readonly writer: string;
  readonly record: any;
}

test('a trimmed log across a failover: the new leader trims behind stored checkpoints only, and a late node joins from a checkpoint the new leader stored', {
  skip: !existsSync(NATS_SERVER),
  timeout: 180_000,
}, async (t) => {
  const { url } = await startNats(t);
  const [lead, r1] = await Promise.all([startNode(t, url, 'lead', 'leader', OPTIONS), startNode(t, url, 'r1', 'render', OPTIONS)]);
  const nc = await connect({ servers: url });
  t.after(() => nc.close());
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const ticks = async (): Promise<number> => (await jsm.streams.info(STREAM, { subjects_filter: `${STREAM}.tick` })).state.subjects?.[`${STREAM}.tick`] ?? 0;
  /** Every record but the ticks, in the stream's order (one ordered consumer a kind: nats-server 2.9 filters on one subject). */
  const entries = async (): Promise<Entry[]> => {
    const counts = (await jsm.streams.info(STREAM, { subjects_filter: `${STREAM}.>` })).state.subjects ?? {};
    const out: Entry[] = [];
    for (const kind of ['call', 'line', 'start', 'lead', 'checkpoint', 'trim']) {
      let left = counts[`${STREAM}.${kind}`] ?? 0;
      if (left === 0) continue;
      const consumer = await js.consumers.get(STREAM, { filter_subjects: `${STREAM}.${kind}` });
      for await (const m of await consumer.consume()) {
        out.push({ seq: m.seq, writer: (m.headers?.get('Nats-Msg-Id') ?? '').replace(/-\d+$/, ''), record: m.json() });
        if (--left === 0) break;
      }
    }
    return out.sort((a, b) => a.seq - b.seq);
  };
  const checkpointAt = (node: Node, frame: number) =>
    until(`${node.name}'s checkpoint at frame ${frame} or later`, async () => {
      const c = (await node.status()).checkpoint;
      return c !== undefined && c.frame >= frame ? c : undefined;
    });
  const fader = async (node: Node) => (await node.call('get_parameter', { path: `${CH1}/fader` })).parameter.value;

  // A show whose frames change every frame, and two fader steps by the old leader.
  await lead.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  await lead.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.3 });
  await lead.call('set_parameter', { path: `${CH1}/fader`, value: 0.4 });
  // The old leader trims behind its third checkpoint (the older kept one is its second).
  await checkpointAt(lead, 3 * INTERVAL);
  await until("the old leader's trim", async () => ((await entries()).some((e) => e.record.kind === 'trim') ? true : undefined));
  await until('r1 to replay the calls', async () => ((await r1.status()).calls >= 4 ? true : undefined));

  await lead.kill();
  const took = await until('r1 to lead', async () => {
    const s = await r1.status();
    return s.role === 'leader' ? s : undefined;
  });
  await r1.call('set_parameter', { path: `${CH1}/fader`, value: 0.5 });
  await r1.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await r1.call('undo');

  // The new leader stores three checkpoints of its own (the lead record's frame is its start).
  const started = (await entries()).find((e) => e.record.kind === 'lead')!;
  assert.equal(started.record.leader, 'r1');
  await checkpointAt(r1, started.record.frame + 3 * INTERVAL);
  assert.equal(took.lease.holder, 'r1');
  const log = await entries();
  const after = log.filter((e) => e.seq > started.seq);
  const trims = after.filter((e) => e.record.kind === 'trim');
  assert.ok(trims.length >= 2, `the new leader trims behind its checkpoints: ${JSON.stringify(trims)}`);
  for (const trim of trims) {
    assert.match(trim.writer, /^r1-\d+$/, 'the new leader wrote the trim, through its fenced outbox');
    // Behind a checkpoint stored before it, never the newest one then: a node may be loading the newest.
    const stored = log.filter((e) => e.record.kind === 'checkpoint' && e.seq < trim.seq);
    const behind = stored.find((e) => e.seq === trim.record.before);
    assert.ok(behind !== undefined, `trim ${JSON.stringify(trim)} is at a checkpoint's record: ${JSON.stringify(stored.map((e) => e.seq))}`);
    assert.notEqual(behind, stored.at(-1), 'never behind the newest checkpoint');
    assert.equal(trim.record.frame, behind.record.frame + 1);
  }
  // The stream keeps about three intervals of ticks, not every frame since the show started.
  const frame = (await r1.status()).frame as number;
  const held = await ticks();
  assert.ok(held <= 3 * INTERVAL + 60, `the log holds at most ~3 intervals of ticks, not all ${frame} frames: ${held}`);

  // A node started now joins from the new leader's newest checkpoint.
  const r3 = await startNode(t, url, 'r3', 'render', OPTIONS);
  const status = await until('r3 to join', async () => {
    const s = await r3.status();
    return s.joined !== undefined || s.stopped !== undefined ? s : undefined;
  });
  assert.equal(status.stopped, undefined, 'r3 stopped');
  assert.ok(status.joined.frame > started.record.frame, `r3 joined from the new leader's checkpoint: ${JSON.stringify(status.joined)}`);
  await sameFrames([r1, r3], [...Array.from({ length: 5 }, (_, i) => status.joined.frame + 1 + i), status.joined.frame + 60]);
  await until('r3 to hold the history', async () => (JSON.stringify(await history(r3)) === JSON.stringify(await history(r1)) ? true : undefined));
  assert.equal(await fader(r3), 0.5);

  // Undo through r3 (forwarded to r1) reaches the old leader's steps: 0.5 → 0.4 → 0.3; each shows on both nodes.
  for (const want of [0.4, 0.3]) {
    await r3.call('undo');
    for (const n of [r1, r3]) assert.equal(await fader(n), want, `${n.name} after an undo`);
  }
  assert.deepEqual(await history(r3), await history(r1), 'one history');
  await sameFrames([r1, r3], [(await r1.status()).frame + 20]);
  assert.equal((await r3.status()).failed, 0, 'r3 ran every call at its frame');
});
