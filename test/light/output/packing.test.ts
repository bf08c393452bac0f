// Packing, wiring, byte orders and gamma tables as plain functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BYTE_ORDERS, byteOrderLayout } from '../../../src/light/model/byte-order.js';
import { GammaTable, curveOffset, gammaValue } from '../../../src/light/output/gamma.js';
import { buildPlan, type HeaderWriter, type OutputSource } from '../../../src/light/output/packing.js';
import { gridWiringOrder } from '../../../src/light/output/sources.js';

const noHeaders: HeaderWriter = { artDmx() {}, artSync() {}, sacn() {}, sacnSync() {}, ddp() {}, opc() {}, kinet() {} };

interface Over extends Partial<Omit<OutputSource, 'segments'>> {
  points: number;
  byteOrder?: number;
  outputStride?: number;
  headerBytes?: number[];
  footerBytes?: number[];
}

/** A source with one segment of `points` consecutive model points. */
function source(path: string, over: Over): OutputSource {
  const { points, byteOrder = 0, outputStride, headerBytes, footerBytes, ...rest } = over;
  return {
    path,
    label: path,
    protocol: 'artnet',
    transport: 'udp',
    host: '127.0.0.1',
    port: 6454,
    universe: 0,
    channel: 0,
    priority: 0,
    sequenceEnabled: false,
    kinetVersion: 'PORTOUT',
    fps: 0,
    segments: [
      {
        indices: Int32Array.from({ length: points }, (_, i) => i),
        byteOrder,
        outputStride: outputStride ?? BYTE_ORDERS[byteOrder].length,
        ...(headerBytes !== undefined ? { headerBytes: Uint8Array.from(headerBytes) } : {}),
        ...(footerBytes !== undefined ? { footerBytes: Uint8Array.from(footerBytes) } : {}),
      },
    ],
    ...rest,
  };
}

const placed = (plan: ReturnType<typeof buildPlan>, s: number) => plan.placements[s].map((p) => [p.universe, p.start, p.end, p.pixels]);

test('packing: overlapping fixtures in one universe are reported as a collision with the exact channels', () => {
  const plan = buildPlan([source('/a', { points: 10 }), source('/b', { points: 10, channel: 21 }), source('/c', { points: 2, universe: 1 })], noHeaders);
  assert.deepEqual(plan.collisions, [{ destination: 'artnet/udp/127.0.0.1:6454', universe: 0, start: 21, end: 30, sources: [0, 1] }]);
  assert.equal(plan.packetCount, 2);
});

test('packing: fixtures in different universes or on different hosts never collide', () => {
  const plan = buildPlan(
    [source('/a', { points: 170 }), source('/b', { points: 170, universe: 1 }), source('/c', { points: 170, host: '127.0.0.2' })],
    noHeaders,
  );
  assert.deepEqual(plan.collisions, []);
  assert.equal(plan.destinations.length, 2);
});

test('packing: a pixel is never split across universes; overflow continues at channel 0 of the next', () => {
  const plan = buildPlan([source('/rgbw', { points: 130, channel: 500, byteOrder: BYTE_ORDERS.indexOf('RGBW') })], noHeaders);
  assert.deepEqual(placed(plan, 0), [
    [0, 500, 512, 3],
    [1, 0, 508, 127],
  ]);
});

test('packing: an output stride that walks past the end keeps its spacing in the next universe (LX)', () => {
  // RGB every 4 bytes from channel 469: 11 pixels fit (the last at 509–511), the 12th would start at 513.
  const plan = buildPlan([source('/s', { points: 19, channel: 469, outputStride: 4 })], noHeaders);
  assert.deepEqual(placed(plan, 0), [
    [0, 469, 512, 11],
    [1, 1, 32, 8],
  ]);
});

test('packing: header and footer bytes split anywhere; pixels never', () => {
  const plan = buildPlan(
    [source('/par', { points: 1, channel: 510, byteOrder: BYTE_ORDERS.indexOf('RGBW'), headerBytes: [255, 0, 7], footerBytes: [1, 2] })],
    noHeaders,
  );
  assert.deepEqual(placed(plan, 0), [
    [0, 510, 512, 0],
    [1, 0, 7, 1],
  ]);
  assert.deepEqual([...plan.staticBytes], [255, 0, 7, 1, 2]);
});

test('packing: merged packets take the highest priority and any sequence request; packets go in first-use order', () => {
  const plan = buildPlan(
    [
      source('/a', { points: 10, universe: 2, priority: 90, sequenceEnabled: true }),
      source('/b', { points: 10, universe: 1, priority: 150 }),
      source('/c', { points: 10, universe: 2, channel: 30, priority: 120 }),
      source('/d', { points: 2, universe: 1, channel: 30, fps: 30 }),
      source('/e', { points: 2, universe: 1, channel: 40, fps: 20 }),
    ],
    noHeaders,
  );
  assert.deepEqual([...plan.packetUniverse], [2, 1]);
  assert.deepEqual([...plan.packetSequence], [12, -1]);
  assert.deepEqual([...plan.packetFps], [0, 20]);
  const sacn = buildPlan(
    [source('/a', { points: 1, protocol: 'sacn', priority: 90 }), source('/b', { points: 1, protocol: 'sacn', channel: 3, priority: 150 })],
    {
      ...noHeaders,
      sacn(_buf, _off, priority) {
        assert.equal(priority, 150);
      },
    },
  );
  sacn.writeHeaders(new Uint8Array(sacn.bankSize), 0);
});

test('packing: E1.31 sync: a fixture beats the rig, a shared universe is synchronized if any fixture is, a sync packet ends each destination', () => {
  const written: string[] = [];
  const headers: HeaderWriter = {
    ...noHeaders,
    sacn: (_b, _o, _priority, universe, _length, sync) => written.push(`data ${universe} sync ${sync}`),
    sacnSync: (_b, _o, sync) => written.push(`sync ${sync}`),
  };
  const sacn = { protocol: 'sacn' as const, port: 5568 };
  const sources = [
    source('/a', { ...sacn, points: 170, universe: 1 }), // follows the rig
    source('/b', { ...sacn, points: 10, universe: 2, sacnSync: false }),
    source('/c', { ...sacn, points: 10, universe: 2, channel: 30, sacnSync: true }), // shares universe 2 with /b
    source('/d', { ...sacn, points: 10, universe: 5, sacnSync: false, host: '127.0.0.2' }),
    source('/e', { ...sacn, points: 10, universe: 6, sacnSync: true, host: '127.0.0.3' }),
  ];
  const off = buildPlan(sources, headers, { sacnSync: false, sacnSyncUniverse: 7000 });
  off.writeHeaders(new Uint8Array(off.bankSize), 0);
  assert.deepEqual(written, ['data 1 sync 0', 'data 2 sync 7000', 'sync 7000', 'data 5 sync 0', 'data 6 sync 7000', 'sync 7000']);
  assert.equal(off.placements[0][0].syncUniverse, undefined);
  assert.equal(off.placements[1][0].syncUniverse, 7000, '/b opted out, but its universe carries /c, which opted in');
  assert.equal(off.packetCount, 6);
  written.length = 0;
  const on = buildPlan(sources, headers, { sacnSync: true, sacnSyncUniverse: 7000 });
  on.writeHeaders(new Uint8Array(on.bankSize), 0);
  assert.deepEqual(written, ['data 1 sync 7000', 'data 2 sync 7000', 'sync 7000', 'data 5 sync 0', 'data 6 sync 7000', 'sync 7000']);
  assert.deepEqual([...on.packetLength], [126 + 510, 126 + 60, 49, 126 + 30, 126 + 30, 49]);
  assert.deepEqual([...on.packetSynced], [1, 1, 0, 0, 1, 0], "the packets whose sending lets their destination's sync packet go");
  assert.deepEqual([...on.packetGated], [0, 0, 1, 0, 0, 1], 'each sync packet goes only with a synced packet of its destination');
  written.length = 0;
  const none = buildPlan([sources[0], source('/f', { points: 10 })], headers, { artNetSync: false });
  none.writeHeaders(new Uint8Array(none.bankSize), 0);
  assert.deepEqual(written, ['data 1 sync 0'], 'off by default: no sync address, no sync packet; Art-Net is never touched');
});

test('packing: past the last universe, DDP past 65535 bytes: errors name the output and nothing silently wraps', () => {
  const plan = buildPlan([source('/dmx', { points: 400, universe: 32767 }), source('/ddp', { points: 30000, protocol: 'ddp' })], noHeaders);
  // LX lets an output overflow into universe 32768 (0x8000), no further.
  assert.deepEqual(placed(plan, 0), [
    [32767, 0, 510, 170],
    [32768, 0, 510, 170],
  ]);
  assert.match(plan.errors[0].message, /overflows universe 32768, the last one/);
  assert.equal(plan.errors[0].source, 0);
  assert.match(plan.errors[1].message, /more than the 65535 bytes of one DDP packet/);
  assert.deepEqual(placed(plan, 1), [[0, 0, 65535, 21845]]);
});

test('packing: ArtSyncs a fixture file declares follow every data packet', () => {
  const plan = buildPlan([source('/sync', { points: 0, protocol: 'artsync' }), source('/a', { points: 3 })], noHeaders);
  assert.deepEqual([...plan.packetLength], [18 + 10, 14]);
  assert.deepEqual([...plan.packetDestination], [0, 0]);
});

test('grid wiring: every LX wiring mode visits each point once, in the order LX sends', () => {
  // 2 rows × 3 columns: index = column + row·3, row 0 at the bottom
  const orders = (w: number) => [...gridWiringOrder(w, 2, 3)];
  assert.deepEqual(orders(0), [0, 1, 2, 3, 4, 5]); // ROWS_L2R_B2T
  assert.deepEqual(orders(1), [3, 4, 5, 0, 1, 2]); // ROWS_L2R_T2B
  assert.deepEqual(orders(2), [2, 1, 0, 5, 4, 3]); // ROWS_R2L_B2T
  assert.deepEqual(orders(4), [0, 3, 1, 4, 2, 5]); // COLUMNS_B2T_L2R
  // LX 1.2.1's COLUMNS_B2T_R2L runs left to right, each column top to bottom; COLUMNS_T2B_L2R the reverse.
  assert.deepEqual(orders(5), [3, 0, 4, 1, 5, 2]); // COLUMNS_B2T_R2L, as LX sends it
  assert.deepEqual(orders(6), [2, 5, 1, 4, 0, 3]); // COLUMNS_T2B_L2R, as LX sends it
  assert.deepEqual(orders(7), [5, 2, 4, 1, 3, 0]); // COLUMNS_T2B_R2L
  assert.deepEqual(orders(8), [0, 1, 2, 5, 4, 3]); // ZIGZAG_HORIZ_BL
  assert.deepEqual(orders(11), [5, 4, 3, 0, 1, 2]); // ZIGZAG_HORIZ_TR
  assert.deepEqual(orders(12), [0, 3, 4, 1, 2, 5]); // ZIGZAG_VERT_BL
  assert.deepEqual(orders(15), [5, 2, 1, 4, 3, 0]); // ZIGZAG_VERT_TR
  for (let w = 0; w < 16; w++)
    assert.deepEqual(
      [...gridWiringOrder(w, 4, 5)].sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i),
    );
});

test('byte orders: positions follow the name, RGBW adds white, W is one byte', () => {
  assert.equal(BYTE_ORDERS.length, 19);
  const gbr = byteOrderLayout(BYTE_ORDERS.indexOf('GBR'));
  assert.deepEqual([gbr.r, gbr.g, gbr.b, gbr.bytes], [2, 0, 1, 3]);
  const wgbr = byteOrderLayout(BYTE_ORDERS.indexOf('WGBR'));
  assert.deepEqual([wgbr.r, wgbr.g, wgbr.b, wgbr.w, wgbr.bytes], [3, 1, 2, 0, 4]);
  assert.equal(byteOrderLayout(BYTE_ORDERS.indexOf('W')).bytes, 1);
});

test('gamma tables: level × white point × gamma, LX rounding', () => {
  const t = new GammaTable();
  t.update(1, 255, 255, 200, 255);
  assert.equal(t.lut[curveOffset(0, 255) + 200], 200);
  assert.equal(t.lut[curveOffset(0, 128) + 255], 128);
  assert.equal(t.lut[curveOffset(2, 255) + 255], 200, 'blue white point');
  assert.equal(t.lut[curveOffset(0, 0) + 255], 0);
  t.update(2.2, 255, 255, 255, 255);
  assert.equal(t.lut[curveOffset(1, 255) + 128], Math.floor(255 * Math.pow(128 / 255, 2.2) + 0.5));
  assert.equal(gammaValue(255, 255, 255, 4), 255);
  assert.equal(t.update(2.2, 255, 255, 255, 255), false, 'unchanged inputs do not rebuild');
});
