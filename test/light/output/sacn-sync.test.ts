// E1.31 universe synchronization (ANSI E1.31-2018 §6.6) on loopback, unicast: the data packets
// carry the synchronization address, one sync packet follows each frame's universes. Decoded
// three ways: tshark's ACN dissector (data packets; tshark 4.0 names octets 109–110 by their
// 2009 name "Reserved" and does not dissect sync packets), the `sacn` package's packet parser
// (data packets) and a decoder written from the standard (every packet).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Packet } from 'sacn';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { decodeE131, type E131Packet } from './e131-decoder.js';
import { expectedBytes, outputRig, range } from './helpers.js';

const skip = tsharkAvailable() ? false : process.env.CI === 'true' ? false : 'tshark is not installed (apt-get install tshark)';

function summary(p: E131Packet): string {
  return p.kind === 'sync' ? `sync ${p.syncAddress} seq ${p.sequence}` : `data ${p.universe} sync ${p.syncAddress} seq ${p.sequence}`;
}

test('sACN sync is off by default: synchronization address 0 and no sync packet, as LX sends', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { sacn: cap.port });
  rig.fixture('StripFixture', { numPoints: 30, protocol: 'SACN', artNetUniverse: 3, enabled: true });
  await rig.frames(2);
  await cap.waitFor(2);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(cap.packets.map(decodeE131).map(summary), ['data 3 sync 0 seq 1', 'data 3 sync 0 seq 2']);
  assert.equal(rig.light.lx.output.sacnSync.isOn(), false);
});

test('sACN sync: the rig option and a fixture opting out; tshark, the sacn parser and a decoder from the standard read the packets', {
  skip,
}, async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const cid = Uint8Array.from(range(101, 16));
  const rig = await outputRig(t, { sacn: cap.port }, cid);
  // 150 RGBW pixels from channel 4: 127 fill universe 7, 23 continue in universe 8.
  rig.fixture('StripFixture', { numPoints: 150, protocol: 'SACN', artNetUniverse: 7, dmxChannel: 4, byteOrder: 'RGBW', enabled: true });
  rig.fixture('StripFixture', { numPoints: 10, protocol: 'SACN', artNetUniverse: 9, sacnSync: 'Off', enabled: true });
  rig.light.lx.output.sacnSync.setValue(1);
  rig.light.lx.output.sacnSyncUniverse.setValue(7000);
  await rig.frames(3);
  await cap.waitFor(12);
  const decoded = cap.packets.map(decodeE131);
  const frame = (n: number) => [`data 7 sync 7000 seq ${n}`, `data 8 sync 7000 seq ${n}`, `data 9 sync 0 seq ${n}`, `sync 7000 seq ${n}`];
  assert.deepEqual(decoded.map(summary), [...frame(1), ...frame(2), ...frame(3)], 'the sync packet follows the universes of its frame');
  for (const p of decoded) assert.equal(p.cid, Buffer.from(cid).toString('hex'));
  assert.equal(cap.packets[3].length, 49);
  const [u7, u8] = decoded.slice(8, 10) as Extract<E131Packet, { kind: 'data' }>[];
  assert.deepEqual(u7.slots.slice(4), expectedBytes(rig.light.main, range(0, 127), 'RGBW', 255));
  assert.deepEqual(u8.slots, expectedBytes(rig.light.main, range(127, 23), 'RGBW', 255));
  assert.equal(u7.options, 0, 'Force_Synchronization off: a receiver that loses the sync packets shows data as it arrives');

  // The sacn package's own parser (data packets only: it refuses the extended root vector).
  const parsed = [0, 1, 2].map((i) => new Packet(cap.packets[i]));
  assert.deepEqual(
    parsed.map((p) => [p.universe, p.syncUniverse, p.sequence]),
    [
      [7, 7000, 1],
      [8, 7000, 1],
      [9, 0, 1],
    ],
  );
  assert.throws(() => new Packet(cap.packets[3]), 'a sync packet is not a data packet');

  // tshark: every data packet's layer lengths, universe and synchronization address ("Reserved" in tshark 4.0).
  const data = cap.packets.filter((_, i) => i % 4 !== 3);
  const layers = await tsharkDecode(data, 'acn', cap.port);
  assert.equal(layers.length, 9);
  layers.forEach((l, i) => {
    const text = JSON.stringify(l.acn);
    assert.ok(!/[Mm]alformed|[Ee]xpert/.test(JSON.stringify(l)), `tshark flags packet ${i}: ${JSON.stringify(l).slice(0, 300)}`);
    const lengths = [...text.matchAll(/"acn.pdu.length":"(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(lengths, [data[i].length - 16, data[i].length - 38, data[i].length - 115]);
    const universe = [7, 8, 9][i % 3];
    assert.match(text, new RegExp(`"acn.dmx.universe":"${universe}"`));
    const sync = text.match(/"acn.dmx.(?:reserved|sync_universe|synchronization_address)":"(\d+)"/);
    assert.equal(Number(sync?.[1]), universe === 9 ? 0 : 7000, `universe ${universe}: synchronization address`);
  });
});

test('sACN sync: a fixture set On synchronizes its universes while the rig option is off; changing it rebuilds the plan', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { sacn: cap.port });
  const f = rig.fixture('StripFixture', { numPoints: 10, protocol: 'SACN', artNetUniverse: 2, sacnSync: 'On', enabled: true });
  await rig.frames(1);
  f.sacnSync.setValue(2); // Off
  await rig.frames(1);
  await cap.waitFor(3);
  await new Promise((r) => setTimeout(r, 30));
  // A new plan starts its packets' sequence numbers again (as LX does when it rebuilds a fixture's datagrams).
  assert.deepEqual(cap.packets.map(decodeE131).map(summary), ['data 2 sync 63999 seq 1', 'sync 63999 seq 1', 'data 2 sync 0 seq 1']);
});
