// Trimming the log behind the checkpoints (docs/cluster.md, "Trimming the log"): a leader hearing a
// desk on four DMX universes (every tick carries them) and storing a checkpoint every two seconds.
// Past its third checkpoint the stream's ticks and bytes stop growing while the show runs on; a
// node started then still joins and renders the leader's frames and history, and a node told to
// replay the whole log (--checkpoint 0) refuses to, saying why, instead of rendering another show.
// Real processes, a real NATS server (its stream read with the NATS client), ArtDmx over loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { artDmx } from '../light/input/packets.js';
import { NATS_SERVER, startNats, startNode, until } from './nodes.js';
import { sameFrames } from './agree.js';

const CH1 = '/lx/mixer/channel/1';
const STREAM = 'footlight-demo';
/** The leader's --checkpoint (seconds) and the frames between its checkpoints. */
const CHECKPOINT_S = 2;
const INTERVAL = CHECKPOINT_S * 60;
const UNIVERSES = 4;
const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });

test('the log is trimmed behind the checkpoints: its size stops growing, and a late node still joins', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader', ['--dmx-in', 'artnet:0', '--checkpoint', String(CHECKPOINT_S)]);
  const port = leader.info.dmxIn.receivers[0].port as number;
  const nc = await connect({ servers: url });
  t.after(() => nc.close());
  const jsm = await jetstreamManager(nc);
  const size = async () => {
    const info = await jsm.streams.info(STREAM, { subjects_filter: `${STREAM}.>` });
    const subjects = info.state.subjects ?? {};
    return { bytes: info.state.bytes, ticks: subjects[`${STREAM}.tick`] ?? 0, calls: subjects[`${STREAM}.call`] ?? 0 };
  };

  // Channel 1 shows universe 0 through a DMX pattern; a desk changes four universes about every frame.
  await leader.call('add_pattern', { containerPath: CH1, class: 'DMX', index: 0 });
  await leader.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 1 });
  const desk = createSocket('udp4');
  let sequence = 0;
  const sending = setInterval(() => {
    sequence = (sequence % 255) + 1;
    for (let u = 0; u < UNIVERSES; u++)
      desk.send(artDmx({ portAddress: u, sequence, data: Array.from({ length: 512 }, (_, i) => (sequence * 3 + u + 7 * i) % 256) }), port, '127.0.0.1');
  }, 16);
  t.after(() => {
    clearInterval(sending);
    desk.close();
  });
  const checkpointAt = (frame: number) =>
    until(`a checkpoint at frame ${frame} or later`, async () => {
      const c = (await leader.status()).checkpoint;
      return c !== undefined && c.frame >= frame ? c : undefined;
    });

  // From the third checkpoint on, for eight more intervals: ticks and bytes sampled, with calls and an undo between.
  const third = await checkpointAt(3 * INTERVAL);
  let written = 3;
  const samples: { frame: number; bytes: number; ticks: number; calls: number }[] = [];
  for (let k = 0; ; k++) {
    const frame = (await leader.status()).frame as number;
    samples.push({ frame, ...(await size()) });
    if (frame >= third.frame + 8 * INTERVAL) break;
    if (k % 4 === 0) await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.5 + (k % 10) / 20 });
    if (k === 9) await leader.call('undo');
    written += Number(k % 4 === 0) + Number(k === 9);
    await new Promise((r) => setTimeout(r, 500));
  }
  const half = samples.findIndex((s) => s.frame >= third.frame + 4 * INTERVAL);
  const most = (list: typeof samples, key: 'bytes' | 'ticks') => Math.max(...list.map((s) => s[key]));
  const ran = samples.at(-1)!.frame;
  // The ticks after the older kept checkpoint, and those since the newest: at most about three intervals' worth.
  assert.ok(most(samples, 'ticks') <= 3 * INTERVAL + 60, `the log holds at most ~3 intervals of ticks, not all ${ran} frames: ${most(samples, 'ticks')}`);
  assert.ok(
    most(samples.slice(half), 'bytes') < 1.35 * most(samples.slice(0, half), 'bytes'),
    `the log's bytes stopped growing: ${most(samples.slice(0, half), 'bytes')} then ${most(samples.slice(half), 'bytes')}`,
  );
  // Calls stay: every write of the show is still in the log.
  assert.equal((await size()).calls, written, 'every call stays');

  // A node started now joins from the newest checkpoint and renders the leader's frames and history.
  const r1 = await startNode(t, url, 'r1', 'render');
  const status = await until('r1 to join', async () => {
    const s = await r1.status();
    return s.joined !== undefined || s.stopped !== undefined ? s : undefined;
  });
  assert.equal(status.stopped, undefined, 'r1 stopped');
  const joined = status.joined;
  assert.equal((await r1.status()).failed, 0);
  await sameFrames([leader, r1], [...Array.from({ length: 10 }, (_, i) => joined.frame + 1 + i), joined.frame + 40, joined.frame + 90]);
  assert.deepEqual(steps(await r1.call('get_history', { limit: 30 })), steps(await leader.call('get_history', { limit: 30 })), 'one history');
  await leader.call('undo');
  await until("r1's undo", async () => {
    const [a, b] = [await leader.call('get_history', { limit: 30 }), await r1.call('get_history', { limit: 30 })];
    return JSON.stringify(steps(a)) === JSON.stringify(steps(b)) ? true : undefined;
  });
  await sameFrames([leader, r1], [(await leader.status()).frame + 20]);
  assert.equal((await r1.status()).failed, 0, 'r1 ran every call at its frame while the log was trimmed under it');

  // A node told to replay the whole log refuses: the frames before the checkpoints are gone.
  const r0 = await startNode(t, url, 'r0', 'render', ['--checkpoint', '0']);
  const refused = await until('r0 to stop', async () => (await r0.status()).stopped);
  assert.match(refused, /no longer holds the frames before frame \d+ .*--checkpoint 0 to keep the whole log/);
  assert.equal((await r0.status()).frame, null, 'r0 rendered no frame');
});
