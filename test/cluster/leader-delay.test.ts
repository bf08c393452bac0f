// The leader presents on the render nodes' delay (docs/cluster.md, "Presenting frames together"): a
// leader with a slice of its own holds each frame's packets, ArtSync included, until the frame's wall
// clock plus --cluster-delay, as a render node renders then. The four-bar rig: the leader sends bar
// Left (universe 1), the render node bar Right (universe 4), both with a large delay, to one Art-Net
// receiver that stamps arrivals. Each step sets the channel's fader to a new level: the first frame
// that shows it runs after the call was sent, so none of its packets may arrive before the send plus
// the delay, from either node. A lower bound only: a loaded machine makes packets later, never earlier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { NATS_SERVER, startNats, startServe, until } from './nodes.js';
import { CH1, clustered } from './slices/rig.js';

const DELAY = 500;
const LEVELS = [0.3, 0.9, 0.5, 1, 0.2, 0.7, 0.4, 0.8, 0.6, 0.35, 0.95, 0.45];

/** An Art-Net packet as it arrived: the sending socket's port, when (epoch ms), ArtDmx's universe and data or an ArtSync. */
interface Arrival {
  readonly from: number;
  readonly at: number;
  readonly sync: boolean;
  readonly universe: number;
  readonly data: string;
}

/** An Art-Net receiver on 127.0.0.1 that stamps each ArtDmx and ArtSync packet with its arrival time; closed after the test. */
async function stampingReceiver(t: TestContext): Promise<{ port: number; packets: Arrival[] }> {
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  const packets: Arrival[] = [];
  socket.on('message', (msg, rinfo) => {
    const at = Date.now();
    if (msg.length < 10 || msg.toString('latin1', 0, 8) !== 'Art-Net\0') return;
    const op = msg.readUInt16LE(8);
    if (op === 0x5200) packets.push({ from: rinfo.port, at, sync: true, universe: -1, data: '' });
    else if (op === 0x5000 && msg.length >= 18)
      packets.push({ from: rinfo.port, at, sync: false, universe: msg.readUInt16LE(14), data: msg.subarray(18, 18 + msg.readUInt16BE(16)).toString('hex') });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return { port: socket.address().port, packets };
}

test('a leader with outputs of its own sends each frame no earlier than the render nodes present it', {
  skip: !existsSync(NATS_SERVER),
  timeout: 240_000,
}, async (t) => {
  const { url } = await startNats(t);
  const wire = await stampingReceiver(t);
  const delay = ['--cluster-delay', String(DELAY)];
  const leader = await startServe(t, 'lead', [...clustered(url, 'lead', 'leader', 'Left'), ...delay]);
  const render = await startServe(t, 'r1', [...clustered(url, 'r1', 'render', 'Right'), ...delay]);
  const status = (n: typeof leader): Promise<any> => n.call('get_cluster_status');
  assert.equal((await status(leader)).presentDelayMs, DELAY, "the leader's presentation delay");
  assert.equal((await status(render)).presentDelayMs, DELAY);
  const file = JSON.parse(await readFile(join(leader.home, 'status.json'), 'utf8'));
  assert.equal(file.cluster.presentDelayMs, DELAY, 'status.json shows it too');

  const fixtures = (await leader.call('get_output_map')).fixtures.map((f: { path: string }) => f.path);
  for (const path of fixtures) await leader.call('set_fixture_params', { path, params: { port: wire.port, enabled: true } });
  await leader.call('set_parameter', { path: '/lx/output/artNetSync', value: true });
  await leader.call('add_channel', { class: 'Gradient', fader: 0.1 });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/colorMode`, value: 'FIXED' });

  /** The first packet of `universe` carrying `data` at or after index `since`. */
  const first = (universe: number, data: string, since: number): Arrival | undefined =>
    wire.packets.slice(since).find((p) => !p.sync && p.universe === universe && p.data === data);
  /** The data `universe` settled on after index `since`: its last 10 packets equal and unlike `before`. */
  const settledOn = (universe: number, since: number, before: string | undefined): Promise<string> =>
    until(`universe ${universe} to settle`, async () => {
      const mine = wire.packets.slice(since).filter((p) => !p.sync && p.universe === universe);
      const last = mine.slice(-10);
      if (last.length < 10 || last.some((p) => p.data !== last[0].data) || last[0].data === before) return undefined;
      return last[0].data;
    });
  // The scene so far, once every node sends it (the leader's packets trail its frames by the delay).
  await new Promise((r) => setTimeout(r, 2 * DELAY));
  const now = wire.packets.length;
  let before: [string | undefined, string | undefined] = await Promise.all([settledOn(1, now, undefined), settledOn(4, now, undefined)]);
  assert.equal(before[0], before[1], 'both bars show the same scene');
  const early: string[] = [];
  for (const level of LEVELS) {
    const since = wire.packets.length;
    const sent = Date.now();
    await leader.call('set_parameter', { path: `${CH1}/fader`, value: level });
    const [left, right] = await Promise.all([settledOn(1, since, before[0]), settledOn(4, since, before[1])]);
    assert.equal(left, right, `fader ${level}: both bars show the same frame, one from each node`);
    for (const [who, universe, data] of [
      ['leader', 1, left],
      ['render node', 4, right],
    ] as const) {
      const arrival = first(universe, data, since)!;
      if (arrival.at < sent + DELAY) early.push(`fader ${level}: the ${who}'s first packet ${arrival.at - sent} ms after the call`);
    }
    before = [left, right];
  }
  assert.deepEqual(early, [], `no node sends a frame before its presentation time (${DELAY} ms after it ran)`);

  // Each universe from one process; the leader's ArtSync packets leave with its frames, one after each.
  const ports = new Map<number, Set<number>>();
  for (const p of wire.packets) if (!p.sync) ports.set(p.universe, (ports.get(p.universe) ?? new Set()).add(p.from));
  assert.deepEqual([...ports.keys()].sort(), [1, 4], 'only the two slices are sent');
  const [leaderPort] = [...ports.get(1)!];
  assert.equal(ports.get(1)!.size, 1, 'universe 1 from the leader alone');
  assert.equal(ports.get(4)!.size, 1, 'universe 4 from the render node alone');
  assert.notEqual(leaderPort, [...ports.get(4)!][0]);
  const fromLeader = wire.packets.filter((p) => p.from === leaderPort).map((p) => (p.sync ? 'S' : 'D'));
  const syncs = fromLeader.filter((k) => k === 'S').length;
  assert.ok(syncs > 100, `the leader sent ArtSync (${syncs})`);
  assert.doesNotMatch(fromLeader.slice(fromLeader.indexOf('S')).join(''), /SS/, 'each ArtSync follows its frame');
});
