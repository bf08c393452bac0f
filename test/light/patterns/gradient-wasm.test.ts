import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../../src/engine/random.js';
import { javaInt } from '../../../src/light/math/java-num.js';
import {
  AXIS_WORDS,
  CENTER,
  CLAMP,
  GRADIENT_AXES,
  GRADIENT_CLAMP,
  GRADIENT_INVERT,
  GRADIENT_MATRIX,
  GRADIENT_PHASE,
  GRADIENT_ROTATE,
  GRADIENT_SCALE,
  NORMAL,
  WRAP,
} from '../../../src/light/devices/shared/gradient-layout.js';
import { GradientWasm } from '../../../src/light/devices/shared/gradient-wasm.js';

const f = Math.fround;

/** LX's GradientPattern.Engine position of one point × span, in float32 JavaScript: the reference. */
function referencePosition(num: Float64Array, span: number, x0: number, y0: number, z0: number, rcn: number): number {
  const m = (k: number): number => num[GRADIENT_MATRIX + k];
  const rot = (row: number): number => f(f(f(f(m(4 * row) * x0) + f(m(4 * row + 1) * y0)) + f(m(4 * row + 2) * z0)) + m(4 * row + 3));
  const rotate = num[GRADIENT_ROTATE] === 1;
  const coords = rotate ? [rot(0), rot(1), rot(2)] : [x0, y0, z0];
  let sum = 0;
  for (let axis = 0; axis < 3; axis++) {
    const [mode, offset, shift, amount] = [0, 1, 2, 3].map((k) => num[GRADIENT_AXES + axis * AXIS_WORDS + k]);
    const n = coords[axis];
    const coordinate = mode === NORMAL ? f(n - offset) : mode === CENTER ? f(2 * Math.abs(f(n - f(0.5 + f(offset * 0.5))))) : f(rcn - offset);
    const term = f(amount * f(coordinate - shift));
    sum = axis === 0 ? term : f(sum + term);
  }
  const v = f(num[GRADIENT_SCALE] * sum);
  let lerp: number;
  const clamp = num[GRADIENT_CLAMP];
  if (clamp === CLAMP) lerp = v < 0 ? 0 : v > 1 ? 1 : v;
  else {
    const floor = f(Math.floor(v));
    const diff = f(v - floor);
    lerp = clamp === WRAP || javaInt(floor) % 2 === 0 ? diff : f(1 - diff);
  }
  const phase = num[GRADIENT_PHASE];
  if (phase > 0) lerp = f(f(lerp + phase) % 1);
  if (num[GRADIENT_INVERT] === 1) lerp = f(1 - lerp);
  return f(lerp * span);
}

test("GradientWasm: every coordinate and clamp mode, phase, invert and rotation equal LX's float math point for point", () => {
  const wasm = new GradientWasm();
  const [xs, ys, zs, rs] = wasm.slices.inputs;
  const seeded = new SeededRandom(5);
  const random = (): number => seeded.next();
  const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)];
  const count = 4099;
  for (let round = 0; round < 60; round++) {
    const num = new Float64Array(GRADIENT_MATRIX + 12);
    for (let axis = 0; axis < 3; axis++) {
      const base = GRADIENT_AXES + axis * AXIS_WORDS;
      const amount = f(pick([0, -0, 1, -1, random() * 4 - 2]));
      num[base] = Math.floor(random() * 3);
      num[base + 1] = f(pick([0, random() * 2 - 1]));
      num[base + 2] = amount < 0 ? 1 : 0;
      num[base + 3] = amount;
    }
    num[GRADIENT_SCALE] = f(pick([1, random() * 10]));
    num[GRADIENT_CLAMP] = round % 3;
    num[GRADIENT_PHASE] = f(pick([0, 0, random()]));
    num[GRADIENT_INVERT] = random() < 0.5 ? 1 : 0;
    num[GRADIENT_ROTATE] = random() < 0.3 ? 1 : 0;
    for (let k = 0; k < 12; k++) num[GRADIENT_MATRIX + k] = f(random() * 2 - 1);
    const span = 1 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) {
      xs[k] = random() < 0.01 ? pick([Number.NaN, Infinity, -0, 1e30]) : random() * 1.2 - 0.1;
      ys[k] = random();
      zs[k] = pick([0, 0.5, random()]);
      rs[k] = random();
    }
    wasm.setNumbers(num, span);
    wasm.run(count);
    for (let k = 0; k < count; k++) {
      const expected = referencePosition(num, span, xs[k], ys[k], zs[k], rs[k]);
      const actual = wasm.slices.out[k];
      if (!(Object.is(expected, actual) || (Number.isNaN(expected) && Number.isNaN(actual)))) {
        assert.fail(`round ${round}, point ${k} (${xs[k]}, ${ys[k]}, ${zs[k]}): ${actual} ≠ ${expected}`);
      }
    }
  }
});

test('GradientWasm: more points than its capacity are refused', () => {
  assert.throws(() => new GradientWasm().run(20000), RangeError);
});
