// DDP, OPC and KiNET over real loopback sockets. No maintained npm receiver exists for these
// protocols and Debian's tshark 4.0 has no dissector for them, so the datagrams are read here
// by field offsets taken from the protocol documents (DDP: 3waylabs; OPC: openpixelcontrol.org;
// KiNET: LX's layout) — not by Footlight's own encoder code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { udpCapture } from '../../helpers/pcap.js';
import { expectedBytes, outputRig, range } from './helpers.js';

test('DDP: one datagram per data offset with push set, as LX sends it', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { ddp: cap.port });
  rig.fixture('StripFixture', { numPoints: 400, protocol: 'DDP', ddpDataOffset: 300, byteOrder: 'BGR', enabled: true });
  await rig.frames(1);
  await cap.waitFor(1);
  const main = rig.light.main;
  const parsed = cap.packets.map((p) => ({
    flags: p[0],
    sequence: p[1],
    type: p[2],
    id: p[3],
    offset: p.readUInt32BE(4),
    length: p.readUInt16BE(8),
    data: [...p.subarray(10)],
  }));
  // Flags 0x41: version 1, push. Sequence 0 (unused), data type 0, destination 1 (default output device).
  assert.deepEqual(
    parsed.map((p) => [p.flags, p.sequence, p.type, p.id, p.offset, p.length, p.data.length]),
    [[0x41, 0, 0, 1, 300, 1200, 1200]],
  );
  assert.deepEqual(parsed[0].data, expectedBytes(main, range(0, 400), 'BGR', 255));
});

test('OPC over TCP: one message per frame on a persistent connection, channel and offset as set', async (t) => {
  const chunks: Buffer[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (d) => chunks.push(d));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(
    () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  );
  const port = (server.address() as net.AddressInfo).port;
  const rig = await outputRig(t);
  rig.fixture('StripFixture', { numPoints: 20, protocol: 'OPC', transport: 'TCP', port, opcChannel: 2, opcOffset: 6, enabled: true });
  await rig.frames(2);
  const end = Date.now() + 3000;
  while (Buffer.concat(chunks).length < 2 * (4 + 66) && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  const stream = Buffer.concat(chunks);
  const messages: Buffer[] = [];
  for (let o = 0; o + 4 <= stream.length; ) {
    const len = stream.readUInt16BE(o + 2);
    messages.push(stream.subarray(o, o + 4 + len));
    o += 4 + len;
  }
  assert.equal(messages.length, 2);
  for (const m of messages) {
    assert.equal(m[0], 2, 'channel');
    assert.equal(m[1], 0, 'command 0: set pixel colors');
    assert.equal(m.readUInt16BE(2), 66, 'offset 6 + 20 pixels × 3 bytes');
  }
  assert.deepEqual([...messages[1].subarray(4, 10)], [0, 0, 0, 0, 0, 0]);
  assert.deepEqual([...messages[1].subarray(10)], expectedBytes(rig.light.main, range(0, 20), 'RGB', 255));
  const stats = rig.outputs.stats().destinations[0];
  assert.equal(stats.transport, 'tcp');
  assert.equal(stats.packets, 2);
  assert.equal(stats.bytes, 140);
});

test('OPC over UDP and KiNET PORTOUT/DMXOUT headers', async (t) => {
  const opc = await udpCapture();
  const kinet = await udpCapture();
  t.after(() => opc.close());
  t.after(() => kinet.close());
  const rig = await outputRig(t, { kinet: kinet.port });
  rig.fixture('StripFixture', { numPoints: 4, protocol: 'OPC', port: opc.port, opcChannel: 0, enabled: true });
  rig.fixture('StripFixture', { numPoints: 4, protocol: 'KINET', kinetPort: 3, dmxChannel: 1, enabled: true });
  rig.fixture('StripFixture', { numPoints: 2, protocol: 'KINET', kinetPort: 4, kinetVersion: 'DMXOUT', enabled: true });
  await rig.frames(1);
  await opc.waitFor(1);
  await kinet.waitFor(2);
  const main = rig.light.main;
  assert.deepEqual([...opc.packets[0]], [0, 0, 0, 12, ...expectedBytes(main, range(0, 4), 'RGB', 255)]);
  const [portout, dmxout] = kinet.packets;
  assert.equal(portout.length, 24 + 512);
  assert.deepEqual(
    [...portout.subarray(0, 24)],
    [0x04, 0x01, 0xdc, 0x4a, 0x01, 0x00, 0x08, 0x01, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0, 0, 0x02, 0, 0],
  );
  assert.deepEqual([...portout.subarray(24, 24 + 13)], [0, ...expectedBytes(main, range(4, 4), 'RGB', 255)]);
  assert.equal(dmxout.length, 21 + 512);
  assert.deepEqual([...dmxout.subarray(0, 21)], [0x04, 0x01, 0xdc, 0x4a, 0x01, 0x00, 0x01, 0x01, 0, 0, 0, 0, 0, 0x40, 0, 0, 4, 0, 0, 0, 0]);
  assert.deepEqual([...dmxout.subarray(21, 27)], expectedBytes(main, range(8, 2), 'RGB', 255));
});

test('a destination with nothing listening counts ECONNREFUSED errors with the message and backs off', async (t) => {
  const cap = await udpCapture();
  const port = cap.port;
  await cap.close(); // nothing listens on `port` now
  const rig = await outputRig(t, { artnet: port });
  rig.fixture('StripFixture', { numPoints: 10, protocol: 'ARTNET', enabled: true });
  for (let i = 0; i < 12; i++) {
    await rig.frames(1);
    await new Promise((r) => setTimeout(r, 5));
  }
  const failing = rig.outputs.stats().destinations[0];
  assert.ok(failing.errors >= 3, `errors counted: ${JSON.stringify(failing)}`);
  assert.match(failing.lastError ?? '', /ECONNREFUSED/);
  assert.ok(failing.skipped > 0, 'frames are skipped while backing off');
});
