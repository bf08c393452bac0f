// Packing, wiring, byte orders and gamma tables as plain functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BYTE_ORDERS, byteOrderLayout } from '../../../src/light/structure/byte-order.js';
import { GammaTable, curveOffset, gammaValue } from '../../../src/light/output/gamma.js';
import { buildPlan, type HeaderWriter, type OutputSource } from '../../../src/light/output/packing.js';
import { gridWiringOrder } from '../../../src/light/output/sources.js';

const noHeaders: HeaderWriter = { artDmx() {}, artSync() {}, sacn() {}, sacnSync() {}, ddp() {}, opc() {}, kinet() {} };

function source(path: string, over: Partial<OutputSource> & { points: number }): OutputSource {
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
    byteOrder: 0,
    indices: Int32Array.from({ length: over.points }, (_, i) => i),
    ...over,
  };
}

test('packing: overlapping fixtures in one universe are reported as a collision with the exact channels', () => {
  const plan = buildPlan([source('/a', { points: 10 }), source('/b', { points: 10, channel: 21 }), source('/c', { points: 2, universe: 1 })], noHeaders);
  assert.deepEqual(plan.collisions, [{ destination: 'artnet/udp/127.0.0.1:6454', universe: 0, start: 21, end: 30, fixtures: ['/a', '/b'] }]);
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
  assert.deepEqual(
    plan.placements[0].map((p) => [p.universe, p.start, p.end, p.pixels]),
    [
      [0, 500, 512, 3],
      [1, 0, 508, 127],
    ],
  );
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
  written.length = 0;
  const none = buildPlan([sources[0], source('/f', { points: 10 })], headers, { artNetSync: false });
  none.writeHeaders(new Uint8Array(none.bankSize), 0);
  assert.deepEqual(written, ['data 1 sync 0'], 'off by default: no sync address, no sync packet; Art-Net is never touched');
});

test('packing: past the last universe, DDP past 65535 bytes: errors name the fixture and nothing silently wraps', () => {
  const plan = buildPlan([source('/dmx', { points: 400, universe: 32767 }), source('/ddp', { points: 30000, protocol: 'ddp' })], noHeaders);
  assert.equal(plan.placements[0].length, 1);
  assert.match(plan.errors[0].message, /230 of 400 pixels do not fit.*universe 32768/);
  assert.equal(plan.errors[0].fixture, '/dmx');
  assert.match(plan.errors[1].message, /DDP data would end at byte 90000/);
  assert.deepEqual(plan.placements[1], []);
});

test('grid wiring: every LX wiring mode visits each point once, in the named order', () => {
  // 2 rows × 3 columns: index = column + row·3, row 0 at the bottom
  const orders = (w: number) => [...gridWiringOrder(w, 2, 3)];
  assert.deepEqual(orders(0), [0, 1, 2, 3, 4, 5]); // ROWS_L2R_B2T
  assert.deepEqual(orders(1), [3, 4, 5, 0, 1, 2]); // ROWS_L2R_T2B
  assert.deepEqual(orders(2), [2, 1, 0, 5, 4, 3]); // ROWS_R2L_B2T
  assert.deepEqual(orders(4), [0, 3, 1, 4, 2, 5]); // COLUMNS_B2T_L2R
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
