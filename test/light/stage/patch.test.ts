// The patch arithmetic of stage fixtures: a mode's attributes with their fine bytes, the DMX bytes
// attribute values make (checked against a byte-by-byte decoder written here), and free addresses.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isFootlightError } from '../../../src/engine/errors.js';
import { capabilityAt, dmxBytes, firstFreeAddress, firstFreePatch, modeLayout, type Occupant, overlapWith } from '../../../src/light/stage/patch.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

const QLC = fileURLToPath(new URL('fixtures/qlc/', import.meta.url));
const profile = async (path: string) => importQlc(path, await readFile(`${QLC}${path}`, 'utf8'));

test('patch: a mode gives one attribute per coarse channel, with the fine bytes the mode carries', async () => {
  const mac = await profile('Martin/Martin-MAC-250-Wash.qxf');
  const basic = modeLayout(mac, '16 Bt (16 Bit Mode)');
  assert.equal(basic.footprint, 13);
  assert.deepEqual(
    basic.slots.map((s) => [s.key, s.offsets, s.max]),
    [
      ['shutter', [0], 255],
      ['intensity', [1], 255],
      ['cyan', [2], 255],
      ['magenta', [3], 255],
      ['yellow', [4], 255],
      ['colorWheel', [5], 255],
      ['frost', [6], 255],
      ['pan', [7, 8], 65535],
      ['tilt', [9, 10], 65535],
      ['panTiltSpeed', [11], 255],
      ['effectsSpeed', [12], 255],
    ],
  );
  const extended = modeLayout(mac, '16 Ex (16 Bit Extended)');
  assert.deepEqual(extended.slots.find((s) => s.key === 'intensity')?.offsets, [1, 2], 'the extended mode drives the dimmer 16-bit');
  assert.throws(
    () => modeLayout(mac, 'Nope'),
    (e: unknown) => isFootlightError(e) && e.code === 'not_found' && /16 Bt \(16 Bit Mode\)/.test(e.message),
  );
});

/** An independent reading of the bytes: each slot's value from its offsets, most significant first. */
function decode(bytes: Uint8Array, offsets: readonly number[]): number {
  let v = 0;
  for (const o of offsets) v = v * 256 + bytes[o];
  return v;
}

test('patch: DMX bytes from attribute values, coarse then fine, and every value read back', async () => {
  const mac = await profile('Martin/Martin-MAC-250-Wash.qxf');
  const layout = modeLayout(mac, '16 Bt (16 Bit Mode)');
  const values = layout.slots.map((s, i) => (s.max === 65535 ? 32768 + i * 101 : i * 20));
  const bytes = dmxBytes(layout, values);
  assert.equal(bytes.length, 13);
  layout.slots.forEach((s, i) => assert.equal(decode(bytes, s.offsets), values[i], s.key));
  const pan = layout.slots.findIndex((s) => s.key === 'pan');
  assert.deepEqual([bytes[7], bytes[8]], [Math.floor(values[pan] / 256), values[pan] % 256]);
  for (let v = 0; v <= 65535; v += 257) assert.equal(decode(dmxBytes(layout, values.with(pan, v)), [7, 8]), v);
  for (const bad of [65536, -1, 1.5]) {
    assert.throws(
      () => dmxBytes(layout, values.with(pan, bad)),
      (e: unknown) => isFootlightError(e) && e.code === 'invalid_argument' && /pan takes an integer in 0–65535/.test(e.message),
    );
  }
  const par = await profile('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf');
  const two = modeLayout(par, '2-Channel Mode');
  const wheel = two.slots[1];
  const cap = capabilityAt(wheel, 200);
  assert.ok(cap !== undefined && cap.from <= 200 && cap.to >= 200, 'the range a value falls in');
});

test('patch: overlaps name the channels both write; the first gap that fits is the free address', () => {
  const taken: Occupant[] = [
    { universe: 1, first: 1, last: 10, owner: 'A' },
    { universe: 1, first: 20, last: 30, owner: 'B' },
    { universe: 2, first: 1, last: 512, owner: 'C' },
  ];
  assert.deepEqual(overlapWith(1, 8, 21, taken), { occupant: taken[0], channels: [8, 10] });
  assert.deepEqual(overlapWith(1, 25, 40, taken)?.channels, [25, 30]);
  assert.equal(overlapWith(1, 11, 19, taken), undefined);
  assert.equal(overlapWith(3, 1, 512, taken), undefined);
  assert.equal(firstFreeAddress(1, 9, taken), 11);
  assert.equal(firstFreeAddress(1, 10, taken), 31);
  assert.equal(firstFreeAddress(1, 483, taken), undefined);
  assert.equal(firstFreeAddress(1, 482, taken), 31);
  assert.equal(firstFreeAddress(2, 1, taken), undefined);
  assert.deepEqual(firstFreePatch(2, 16, taken), { universe: 3, address: 1 });
});
