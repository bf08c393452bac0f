// The DMX input over real UDP on loopback: Art-Net packets built from the specification, sACN from
// the `sacn` package (its Sender, unicast to 127.0.0.1), the receiver thread's counters, the levels
// the engine latches, sACN's priority, sequence and termination rules, filters and ports.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { Sender } from 'sacn';
import { silentLogger } from '../../../src/engine/log.js';
import { dmxInConfig } from '../../../src/light/input/dmx-in-config.js';
import { DmxInput } from '../../../src/light/input/dmx-input.js';
import { artDmx, cid, sacnData } from './packets.js';
import { udpSender, until } from '../../helpers/udp.js';

const golden = JSON.parse(readFileSync(new URL('../../golden/lx-1.2.1-dmx/dmx_devices.golden.json', import.meta.url), 'utf8'));

async function input(t: TestContext, receivers: string[]): Promise<DmxInput> {
  const dmx = new DmxInput(dmxInConfig({ receivers }), silentLogger);
  t.after(() => dmx.close());
  await dmx.start();
  return dmx;
}

const universe = (data: Uint8Array, u: number, n = 8): number[] => Array.from(data.subarray(u * 512, u * 512 + n));

test('Art-Net in: levels land in the universe the port-address names, a shorter packet keeps the rest, as LX does', async (t) => {
  const dmx = await input(t, ['artnet:0']);
  const send = await udpSender(t);
  const port = dmx.bound[0].port;
  const data = new Uint8Array(512 * 512);
  const probes = new Map<string, { universe: number; bytes: number[] }>(golden.receiverProbes.map((p: { what: string }) => [p.what, p]));
  await send(artDmx({ portAddress: 7, data: new Uint8Array(512).fill(0xaa) }), port);
  await send(artDmx({ portAddress: 7, data: [1, 2, 3, 4] }), port);
  await send(artDmx({ portAddress: 8, data: [9, 8, 7] }), port);
  await send(artDmx({ portAddress: 0x0113, data: [42, 43] }), port);
  // The source's address comes by message from the receiver thread, after the levels.
  await until('four packets applied, their source known', () => dmx.status().receivers[0].applied === 4 && dmx.status().universes[0]?.source !== 'unknown');
  dmx.latch(data);
  for (const what of ['universe 7: 512 × 0xAA, then a 4-byte packet', 'universe 8: an odd length of 3', 'Net 1, SubUni 0x13: port-address 275']) {
    const lx = probes.get(what)!;
    assert.deepEqual(universe(data, lx.universe, lx.bytes.length), lx.bytes, what);
  }
  const status = dmx.status({ universes: [7], values: true });
  assert.equal(status.enabled, true);
  assert.equal(status.receiving, true);
  const u7 = status.universes[0];
  assert.equal(u7.universe, 7);
  assert.equal(u7.protocol, 'artnet');
  assert.match(u7.source, /^127\.0\.0\.1:\d+$/);
  assert.deepEqual([u7.packets, u7.channels, u7.nonZero, u7.max], [2, 4, 512, 0xaa]);
  assert.deepEqual(u7.first, [1, 2, 3, 4, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa]);
  assert.equal(u7.values?.length, 512);
  assert.equal(u7.values?.[511], 0xaa);
  assert.equal(dmx.status().universes.length, 3, 'universes 7, 8 and 275');
  assert.equal(dmx.status().universes[0].values, undefined, 'compact unless asked');
});

test('Art-Net in: what LX accepts and Footlight drops is counted by reason, and nothing of it lands', async (t) => {
  const dmx = await input(t, ['artnet:0/0-20']);
  const send = await udpSender(t);
  const port = dmx.bound[0].port;
  const lx = new Map<string, { bytes: number[] }>(golden.receiverProbes.map((p: { what: string }) => [p.what, p]));
  assert.deepEqual(lx.get('universe 9 with ProtVer 0')!.bytes, [5, 6], 'LX takes an old protocol version');
  await send(artDmx({ portAddress: 9, data: [5, 6], protVer: 0 }), port);
  await send(artDmx({ portAddress: 10, data: new Uint8Array(10).fill(1), length: 512 }), port);
  await send(artDmx({ portAddress: 11, data: new Uint8Array(600).fill(0x33) }), port);
  await send(artDmx({ portAddress: 12, data: [7, 7], length: 0 }), port);
  await send(Buffer.concat([Buffer.from('Art-Nyt\0'), Buffer.alloc(12)]), port);
  await send(artDmx({ portAddress: 512, data: [9, 9] }), port);
  await send(artDmx({ portAddress: 21, data: [1, 1] }), port);
  await send(artDmx({ portAddress: 0, data: [], opcode: 0x2000 }), port);
  await send(Buffer.from([1, 2, 3]), port);
  await until('nine packets counted', () => dmx.status().receivers[0].packets === 9);
  const r = dmx.status().receivers[0];
  assert.deepEqual(r.dropped, { short: 1, id: 1, version: 1, length: 3, universe: 1 });
  assert.deepEqual(r.ignored, { filtered: 1, notData: 1 });
  assert.equal(r.applied, 0);
  assert.deepEqual(
    r.universes,
    Array.from({ length: 21 }, (_, i) => i),
  );
  const data = new Uint8Array(512 * 512);
  dmx.latch(data);
  assert.ok(
    data.every((v) => v === 0),
    'no level landed',
  );
  assert.deepEqual(dmx.status().universes, []);
  assert.equal(dmx.status().receiving, false);
});

test('sACN in: a desk (the sacn package, unicast) lands with its name, CID and priority; the latch copies only what changed', async (t) => {
  const dmx = await input(t, ['sacn:0']);
  const port = dmx.bound[0].port;
  const desk = new Sender({
    universe: 3,
    port,
    useUnicastDestination: '127.0.0.1',
    defaultPacketOptions: { sourceName: 'Desk A', priority: 120, cid: cid(7), useRawDmxValues: true },
  });
  t.after(() => desk.close());
  await desk.send({ payload: { 1: 255, 2: 128, 512: 1 } });
  // The levels land in shared memory; the source's name and CID come by message from the receiver thread.
  await until('a packet applied, its source named', () => dmx.status().receivers[0].applied === 1 && dmx.status().universes[0]?.sourceName !== undefined);
  const data = new Uint8Array(512 * 512);
  dmx.latch(data);
  assert.deepEqual(universe(data, 3, 3), [255, 128, 0]);
  assert.equal(data[3 * 512 + 511], 1);
  const u = dmx.status().universes[0];
  assert.deepEqual([u.universe, u.protocol, u.sourceName, u.cid, u.priority, u.channels], [3, 'sacn', 'Desk A', cid(7).toString('hex'), 120, 512]);
  data.fill(9, 3 * 512, 4 * 512);
  dmx.latch(data);
  assert.equal(data[3 * 512], 9, 'nothing new arrived: the latch leaves the frame buffer alone');
  const other = new Uint8Array(512 * 512);
  dmx.latch(other);
  assert.equal(other[3 * 512], 255, 'a new buffer (another project opened) gets every universe');
});

test('sACN in: the higher priority holds a universe while it is live; out-of-order packets and a terminated stream', async (t) => {
  const dmx = await input(t, ['sacn:0/1-9']);
  const send = await udpSender(t);
  const port = dmx.bound[0].port;
  const data = new Uint8Array(512 * 512);
  const applied = (): number => dmx.status().receivers[0].applied;
  const packet = (source: number, priority: number, sequence: number, level: number, options = 0): Buffer =>
    sacnData({ universe: 5, data: [level], priority, sequence, cid: cid(source), sourceName: `S${source}`, options });
  await send(packet(1, 150, 10, 11), port);
  await until('S1 applied', () => applied() === 1);
  await send(packet(2, 100, 0, 22), port);
  await send(packet(1, 150, 5, 12), port);
  await send(packet(1, 150, 11, 13), port);
  await until('S1 again', () => applied() === 2);
  dmx.latch(data);
  assert.equal(data[5 * 512], 13);
  const r = dmx.status().receivers[0];
  assert.deepEqual([r.ignored.priority, r.dropped.sequence], [1, 1]);
  await send(packet(2, 200, 1, 23), port);
  await until('a higher priority takes over', () => applied() === 3);
  await send(packet(2, 200, 2, 0, 0x40), port);
  await send(packet(1, 150, 12, 14), port);
  await until('S1 back after S2 terminated', () => applied() === 4);
  dmx.latch(data);
  assert.equal(data[5 * 512], 14);
  assert.equal(dmx.status().receivers[0].ignored.terminated, 1);
  await until('S1 named again', () => dmx.status().universes[0]?.sourceName === 'S1');
  await send(sacnData({ universe: 10, data: [1] }), port);
  await send(sacnData({ universe: 600, data: [1] }), port);
  await until('two more counted', () => dmx.status().receivers[0].packets === 9);
  assert.deepEqual([dmx.status().receivers[0].ignored.filtered, dmx.status().receivers[0].dropped.universe], [1, 1]);
});

test('DMX input: a port in use is reported and the other receivers still listen; close frees the ports', async (t) => {
  const busy = dgram.createSocket('udp4');
  await new Promise<void>((r) => busy.bind(0, '127.0.0.1', () => r()));
  const taken = busy.address().port;
  const dmx = new DmxInput(dmxInConfig({ receivers: [`artnet:${taken}`, 'sacn:0'] }), silentLogger);
  t.after(() => dmx.close());
  await dmx.start();
  const [a, s] = dmx.status().receivers;
  assert.equal(a.listening, false);
  assert.match(a.error ?? '', /EADDRINUSE/);
  assert.equal(s.listening, true);
  assert.deepEqual(
    dmx.bound.map((b) => b.protocol),
    ['sacn'],
  );
  busy.close();
  const port = s.port;
  await dmx.close();
  const again = dgram.createSocket('udp4');
  await new Promise<void>((r, j) => {
    again.once('error', j);
    again.bind(port, '127.0.0.1', () => r());
  });
  again.close();
  assert.equal(dmx.status().receivers[1].listening, false);
});

test('DMX input: none configured runs no thread and latches nothing', async (t) => {
  const dmx = await input(t, []);
  assert.equal(dmx.enabled, false);
  const data = new Uint8Array(512 * 512).fill(3);
  dmx.latch(data);
  assert.equal(data[0], 3);
  assert.deepEqual(dmx.status(), { enabled: false, receiving: false, rate: 0, receivers: [], universes: [] });
});
