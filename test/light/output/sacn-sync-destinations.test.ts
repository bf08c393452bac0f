// E1.31 universe synchronization across destinations (ANSI E1.31-2018 §6.6), unicast on loopback:
// a fixture file sends universes to two controllers (two ports on 127.0.0.1), interleaved; each
// controller gets its own sync packet right after its own universes, once per frame, with its own
// sequence that wraps 255 → 0 as the data's does. Read by the decoder written from the standard,
// by the `sacn` package's Receiver (which knows the synchronization address of data packets but
// not the sync packet: it reports each one as corrupt, never as data), and by tshark (data packets).
// With fps limits, a destination's sync packet goes only in frames where one of its synchronized
// universes goes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Receiver, type Packet } from 'sacn';
import { JSON_FIXTURE_CLASS } from '../../../src/light/model/index.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { decodeE131, type E131Packet } from './e131-decoder.js';
import { outputRig } from './helpers.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

function summary(p: E131Packet): string {
  return p.kind === 'sync' ? `sync ${p.syncAddress} seq ${p.sequence}` : `data ${p.universe} sync ${p.syncAddress} seq ${p.sequence}`;
}

/** A `sacn` Receiver on an ephemeral loopback port, with a raw copy of every datagram it gets. */
async function sacnReceiver(t: { after(fn: () => unknown): void }, universes: number[]) {
  const probe = dgram.createSocket('udp4');
  await new Promise<void>((r) => probe.bind(0, '127.0.0.1', r));
  const port = probe.address().port;
  await new Promise<void>((r) => probe.close(() => r()));
  const receiver = new Receiver({ universes, port, iface: '127.0.0.1', reuseAddr: true });
  const socket = (receiver as unknown as { socket: dgram.Socket }).socket;
  const rx = { port, packets: [] as Packet[], corrupt: [] as Error[], outOfOrder: [] as Error[], raw: [] as Buffer[] };
  receiver.on('packet', (p) => rx.packets.push(p));
  receiver.on('PacketCorruption', (e) => rx.corrupt.push(e));
  receiver.on('PacketOutOfOrder', (e) => rx.outOfOrder.push(e));
  receiver.on('error', () => undefined); // a sandbox without multicast on loopback: unicast still arrives
  socket.on('message', (m) => rx.raw.push(Buffer.from(m)));
  await new Promise((r) => socket.once('listening', r));
  t.after(() => new Promise<void>((r) => receiver.close(() => r())));
  return rx;
}

async function until(pred: () => boolean, ms = 10000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  assert.ok(pred(), 'timed out waiting for packets');
}

const FRAMES = 257;

test('sACN sync: one sync packet per destination after its own universes, every frame, sequences wrapping 255 → 0', { skip }, async (t) => {
  const a = await sacnReceiver(t, [1, 3]);
  const b = await udpCapture();
  t.after(() => b.close());
  // Controller A gets universes 1 and 3, controller B universe 2 between them.
  const doc = {
    label: 'Two controllers',
    components: [{ type: 'strip', numPoints: 15 }],
    outputs: [
      { protocol: 'sacn', host: '127.0.0.1', port: a.port, universe: 1, num: 5 },
      { protocol: 'sacn', host: '127.0.0.1', port: b.port, universe: 2, start: 5, num: 5 },
      { protocol: 'sacn', host: '127.0.0.1', port: a.port, universe: 3, start: 10, num: 5 },
    ],
  };
  const dir = await mkdtemp(join(tmpdir(), 'footlight-sacnsync-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Fixtures'));
  await writeFile(join(dir, 'Fixtures', 'Two controllers.lxf'), JSON.stringify(doc));

  const rig = await outputRig(t);
  rig.light.structure.resolveLxf = mediaResolvers(dir).resolveLxf;
  const f = new Fixture(JSON_FIXTURE_CLASS);
  f.fixtureType!.setString('Two controllers');
  f.enabled.setValue(1);
  rig.light.structure.addFixture(f);
  rig.light.lx.output.sacnSync.setValue(1);
  rig.light.lx.output.sacnSyncUniverse.setValue(5000);
  await rig.frames(FRAMES);
  await until(() => a.raw.length >= 3 * FRAMES && b.packets.length >= 2 * FRAMES);
  await new Promise((r) => setTimeout(r, 30));

  const seq = (frame: number) => frame & 0xff;
  const expectA: string[] = [];
  const expectB: string[] = [];
  for (let n = 1; n <= FRAMES; n++) {
    expectA.push(`data 1 sync 5000 seq ${seq(n)}`, `data 3 sync 5000 seq ${seq(n)}`, `sync 5000 seq ${seq(n)}`);
    expectB.push(`data 2 sync 5000 seq ${seq(n)}`, `sync 5000 seq ${seq(n)}`);
  }
  assert.deepEqual(a.raw.map(decodeE131).map(summary), expectA, 'controller A: its universes, then its sync packet');
  assert.deepEqual(b.packets.map(decodeE131).map(summary), expectB, 'controller B: its universe, then its own sync packet');
  assert.equal(a.raw[2].readUInt32BE(18), 0x00000008, 'VECTOR_ROOT_E131_EXTENDED');
  assert.equal(a.raw[2].readUInt32BE(40), 0x00000001, 'VECTOR_E131_EXTENDED_SYNCHRONIZATION');

  // The sacn Receiver: every data packet with its synchronization address, in order across the
  // wrap; every sync packet refused as corrupt (it parses data packets only).
  assert.deepEqual(
    a.packets.slice(-6).map((p) => [p.universe, p.syncUniverse, p.sequence]),
    [
      [1, 5000, 255],
      [3, 5000, 255],
      [1, 5000, 0],
      [3, 5000, 0],
      [1, 5000, 1],
      [3, 5000, 1],
    ],
  );
  assert.equal(a.packets.length, 2 * FRAMES);
  assert.ok(a.packets.every((p) => p.syncUniverse === 5000));
  assert.equal(a.corrupt.length, FRAMES, 'one sync packet per frame, which the sacn Receiver does not parse');
  assert.deepEqual(a.outOfOrder, []);

  // tshark reads the data packets of both controllers (tshark 4.0 does not dissect sync packets).
  const data = [...a.raw.slice(0, 3), ...b.packets.slice(0, 2)].filter((p) => p.length !== 49);
  const layers = (await tsharkDecode(data, 'acn', a.port)).map((l) => JSON.stringify(l.acn));
  assert.deepEqual(
    layers.map((text) => [
      Number(text.match(/"acn.dmx.universe":"(\d+)"/)?.[1]),
      Number(text.match(/"acn.dmx.(?:reserved|sync_universe|synchronization_address)":"(\d+)"/)?.[1]),
    ]),
    [
      [1, 5000],
      [3, 5000],
      [2, 5000],
    ],
  );

  // Off again: no synchronization address, no sync packet, at either controller.
  rig.light.lx.output.sacnSync.setValue(0);
  const [fromA, fromB] = [a.raw.length, b.packets.length];
  await rig.frames(1);
  await until(() => a.raw.length >= fromA + 2 && b.packets.length >= fromB + 1);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(a.raw.slice(fromA).map(decodeE131).map(summary), ['data 1 sync 0 seq 1', 'data 3 sync 0 seq 1']);
  assert.deepEqual(b.packets.slice(fromB).map(decodeE131).map(summary), ['data 2 sync 0 seq 1']);
});

test('sACN sync with fps limits: the sync packet goes in the frames its synchronized universes go, and only then', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  // Universes 1 (30 fps) and 2 (20 fps) synchronized; universe 9 (a fixture opting out, every frame) to the same controller.
  const doc = {
    label: 'Limited',
    components: [{ type: 'strip', numPoints: 10 }],
    outputs: [
      { protocol: 'sacn', host: '127.0.0.1', port: cap.port, universe: 1, num: 5, fps: 30 },
      { protocol: 'sacn', host: '127.0.0.1', port: cap.port, universe: 2, start: 5, num: 5, fps: 20 },
    ],
  };
  const dir = await mkdtemp(join(tmpdir(), 'footlight-sacnsync-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'Fixtures'));
  await writeFile(join(dir, 'Fixtures', 'Limited.lxf'), JSON.stringify(doc));

  const rig = await outputRig(t, { sacn: cap.port });
  rig.light.structure.resolveLxf = mediaResolvers(dir).resolveLxf;
  const f = new Fixture(JSON_FIXTURE_CLASS);
  f.fixtureType!.setString('Limited');
  f.enabled.setValue(1);
  rig.light.structure.addFixture(f);
  rig.fixture('StripFixture', { numPoints: 5, protocol: 'SACN', artNetUniverse: 9, sacnSync: 'Off', enabled: true });
  rig.light.lx.output.sacnSync.setValue(1);
  rig.light.lx.output.sacnSyncUniverse.setValue(5000);
  const frames = 12;
  await rig.outputs.whenConnected();
  for (let i = 0; i < frames; i++) {
    rig.engine.clock.stepFixed(1, 1000 / 60);
    await rig.outputs.flush();
  }
  await until(() => cap.packets.map(decodeE131).filter((p) => p.kind === 'data' && p.universe === 9).length === frames);
  await new Promise((r) => setTimeout(r, 30));

  const decoded = cap.packets.map(decodeE131);
  const letter = (p: E131Packet): string => (p.kind === 'sync' ? 's' : ({ 1: 'a', 2: 'b', 9: 'n' } as Record<number, string>)[p.universe]);
  const stream = decoded.map(letter).join('');
  const perFrame = [...stream.matchAll(/a?b?ns?/g)].map((m) => m[0]);
  assert.equal(perFrame.join(''), stream, `one frame is universes 1, 2 (when due), 9, then the sync: ${stream}`);
  assert.equal(perFrame.length, frames);
  for (const fr of perFrame) assert.equal(fr.endsWith('s'), /[ab]/.test(fr), `a sync packet exactly when a synchronized universe went: ${stream}`);
  assert.ok(perFrame.some((fr) => fr === 'n') && perFrame.some((fr) => fr.includes('a')) && perFrame.some((fr) => fr.includes('b')), stream);
  const syncs = decoded.filter((p) => p.kind === 'sync');
  assert.deepEqual(
    syncs.map((p) => p.sequence),
    syncs.map((_, i) => i + 1),
    'the sync sequence advances only when a sync packet is sent',
  );
  assert.ok(decoded.every((p) => p.kind === 'sync' || p.syncAddress === (p.universe === 9 ? 0 : 5000)));
});
