// sACN / E1.31: packets received by the `sacn` package's Receiver (an independent, strict
// E1.31 parser) on a loopback ephemeral port, and the layer lengths checked by tshark's ACN
// dissector; pixel bytes compared with the engine's frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { Receiver, type Packet } from 'sacn';
import { tsharkAvailable, tsharkDecode } from '../../helpers/pcap.js';
import { expectedBytes, outputRig, range } from './helpers.js';

async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function sacnReceiver(
  t: { after(fn: () => unknown): void },
  universes: number[],
): Promise<{ port: number; packets: Packet[]; raw: Buffer[]; corrupt: Error[] }> {
  const port = await freePort();
  const receiver = new Receiver({ universes, port, iface: '127.0.0.1', reuseAddr: true });
  const packets: Packet[] = [];
  const corrupt: Error[] = [];
  receiver.on('packet', (p) => packets.push(p));
  receiver.on('PacketCorruption', (e) => corrupt.push(e));
  receiver.on('PacketOutOfOrder', (e) => corrupt.push(e));
  // A raw copy of each datagram for tshark, from the receiver's own socket.
  const raw: Buffer[] = [];
  (receiver as unknown as { socket: dgram.Socket }).socket.on('message', (m) => raw.push(Buffer.from(m)));
  await new Promise((r) => (receiver as unknown as { socket: dgram.Socket }).socket.once('listening', r));
  t.after(() => new Promise<void>((r) => receiver.close(() => r())));
  return { port, packets, raw, corrupt };
}

async function until(pred: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  assert.ok(pred(), 'timed out waiting for packets');
}

test('sACN: universe, priority, sequence, CID, source name and RGBW pixels as the sacn Receiver decodes them', async (t) => {
  const rx = await sacnReceiver(t, [7, 8]);
  const cid = Uint8Array.from(range(1, 16));
  const rig = await outputRig(t, { sacn: rx.port }, cid);
  rig.fixture('StripFixture', { numPoints: 150, protocol: 'SACN', artNetUniverse: 7, dmxChannel: 4, sacnPriority: 150, byteOrder: 'WRGB', enabled: true });
  await rig.frames(3);
  await until(() => rx.packets.length >= 6);
  assert.deepEqual(rx.corrupt, []);
  assert.deepEqual(
    rx.packets.map((p) => [p.universe, p.sequence]),
    [
      [7, 1],
      [8, 1],
      [7, 2],
      [8, 2],
      [7, 3],
      [8, 3],
    ],
  );
  for (const p of rx.packets) {
    assert.equal(p.priority, 150);
    assert.equal(p.sourceName, 'Footlight');
    assert.deepEqual([...p.cid], [...cid]);
    assert.equal(p.propertyValueCount, (p.payloadAsBuffer?.length ?? 0) + 1);
  }
  // 4-byte pixels from channel 4: 127 pixels fill universe 7 up to channel 512; 23 continue in 8 at channel 0.
  const [u7, u8] = rx.packets.slice(4).map((p) => [...(p.payloadAsBuffer ?? [])]);
  assert.equal(u7.length, 512);
  assert.deepEqual(u7.slice(0, 4), [0, 0, 0, 0]);
  assert.deepEqual(u7.slice(4), expectedBytes(rig.light.main, range(0, 127), 'WRGB', 255));
  assert.equal(u8.length, 92, 'sized to the data, not padded to 512');
  assert.deepEqual(u8, expectedBytes(rig.light.main, range(127, 23), 'WRGB', 255));
});

test("sACN: tshark's ACN dissector accepts the root, framing and DMP layer lengths", {
  skip: tsharkAvailable() || process.env.CI === 'true' ? false : 'tshark is not installed',
}, async (t) => {
  const rx = await sacnReceiver(t, [1]);
  const rig = await outputRig(t, { sacn: rx.port });
  // 30 slots: tshark 4.0's DMX display reads past packets of fewer than about 18 slots and
  // reports them malformed; E1.31 allows them, and the sacn Receiver test covers short sizes.
  rig.fixture('StripFixture', { numPoints: 30, protocol: 'SACN', artNetUniverse: 1, byteOrder: 'W', enabled: true });
  await rig.frames(1);
  await until(() => rx.raw.length >= 1);
  const [layers] = await tsharkDecode(rx.raw.slice(0, 1), 'acn', rx.port);
  const text = JSON.stringify(layers.acn);
  // Root PDU length = packet − 16, framing PDU = packet − 38, DMP PDU = packet − 115.
  const lengths = [...text.matchAll(/"acn.pdu.length":"(\d+)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(lengths, [156 - 16, 156 - 38, 156 - 115]);
  assert.ok(!/[Mm]alformed|[Ee]xpert/.test(JSON.stringify(layers)), `tshark flags the packet: ${JSON.stringify(layers).slice(0, 400)}`);
  assert.match(text, /"acn.dmx.universe":"1"/);
  assert.match(text, /"acn.dmx.count":"31"/, 'property value count = 1 + 30 slots');
  assert.match(text, /"acn.dmx.priority":"100"/);
  assert.match(text, /"acn.dmx.source_name":"Footlight"/);
  assert.equal(rx.raw[0].length, 126 + 30);
});
