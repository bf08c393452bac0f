// The allocation-free entry points of the color math (hsbBits, ColorStops.blendBits) give the
// same bits as hsb() and blendStops(), signed; docs/performance.md says why they exist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColorStops, GradientBlendMode } from '../../../src/light/color/gradient.js';
import { hsb, hsbBits, setHsbInput } from '../../../src/light/color/lx-color.js';
import { SeededRandom } from '../../../src/engine/random.js';

const SPECIAL = [0, -0, 1e-45, 0.5, 99.99999, 100, 100.00001, 359.99997, 360, -1, -360.5, 1e6, -1e7, 3e38, Number.NaN, Infinity, -Infinity];

test('hsbBits: the bits of hsb() for the same inputs, signed, over random and special inputs', () => {
  const random = new SeededRandom(7);
  const inputs: number[][] = [];
  for (const h of SPECIAL) for (const s of SPECIAL) for (const b of [0, 50, 100, 101, Number.NaN, 1e7]) inputs.push([h, s, b]);
  for (let i = 0; i < 20000; i++) inputs.push([random.next() * 1000 - 500, random.next() * 120 - 10, random.next() * 120 - 10]);
  for (const [h, s, b] of inputs) {
    const expected = hsb(h, s, b);
    setHsbInput(h, s, b);
    const bits = hsbBits();
    assert.equal(bits >>> 0, expected, `hsb(${h}, ${s}, ${b})`);
    assert.equal(bits | 0, bits, 'a signed 32-bit value');
  }
});

test('ColorStops.blendBits after setAmount: the bits of blendStops in every mode, with black stops', () => {
  const random = new SeededRandom(11);
  const stops = new ColorStops();
  for (let trial = 0; trial < 200; trial++) {
    for (let i = 0; i < 3; i++) stops.setStop(i, random.next() * 720 - 360, random.next() * 100, trial % 5 === i ? 0 : random.next() * 100);
    stops.setNumStops(3);
    for (const mode of [GradientBlendMode.RGB, GradientBlendMode.HSV, GradientBlendMode.HSVM, GradientBlendMode.HSVCW, GradientBlendMode.HSVCCW]) {
      for (const t of [0, 1, 0.25, random.next(), random.next() * 1e-3, 0.9999999]) {
        const i = trial % 2;
        const expected = stops.blendStops(i, i + 1, t, mode);
        stops.setAmount(t);
        assert.equal(stops.blendBits(i, i + 1, mode) >>> 0, expected, `mode ${mode}, t ${t}`);
      }
    }
  }
});

test('hueLerp refuses RGB (no hue interpolation) with the same message as before it was split', async () => {
  const { hueLerp } = await import('../../../src/light/color/gradient.js');
  assert.throws(() => hueLerp(GradientBlendMode.RGB, 1, 2, 0.5), /has no hue interpolation; expected HSV, HSVM, HSVCW or HSVCCW/);
});
