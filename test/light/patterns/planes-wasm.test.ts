import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../../src/engine/random.js';
import { addOpaqueFull } from '../../../src/light/color/blend-kernel.js';
import { graynf } from '../../../src/light/color/lx-color.js';
import { distf3 } from '../../../src/light/math/pattern-math.js';
import {
  A,
  AP,
  AXIS,
  B,
  BP,
  C,
  CP,
  D,
  FADE,
  FREE,
  INV_SQRT,
  LEVEL,
  PLANE_WORDS,
  RC,
  WIDTH,
  X,
  Y,
  Z,
} from '../../../src/light/devices/patterns/form/planes-layout.js';
import { PlanesWasm } from '../../../src/light/devices/patterns/form/planes-wasm.js';

const f = Math.fround;
const BLACK = 0xff000000;

/** LX's Plane.run for one point, written out in float32 JavaScript: the reference the WebAssembly loop must equal. */
function referenceColor(num: Float64Array, planes: number, unrotated: boolean, m: Float32Array, x0: number, y0: number, z0: number, r0: number): number {
  const rot = (row: number): number => f(f(f(f(m[4 * row] * x0) + f(m[4 * row + 1] * y0)) + f(m[4 * row + 2] * z0)) + m[4 * row + 3]);
  const xn = unrotated ? x0 + (y0 - y0) + (z0 - z0) : rot(0);
  const yn = unrotated ? y0 + (z0 - z0) + (x0 - x0) : rot(1);
  const zn = unrotated ? z0 + (x0 - x0) + (y0 - y0) : rot(2);
  let color = BLACK;
  for (let p = 0; p < planes; p++) {
    const q = (k: number): number => num[p * PLANE_WORDS + k];
    const sum = (s: number, t: number, u: number): number => f(f(f(f(s - q(AP)) * q(A)) + f(f(t - q(BP)) * q(B))) + f(f(u - q(CP)) * q(C)));
    const axis = q(AXIS);
    let dist: number;
    if (axis === X) dist = f(q(INV_SQRT) * Math.abs(sum(xn, yn, zn)));
    else if (axis === Y) dist = f(q(INV_SQRT) * Math.abs(sum(yn, zn, xn)));
    else if (axis === Z) dist = f(q(INV_SQRT) * Math.abs(sum(zn, xn, yn)));
    else if (axis === FREE) dist = f(q(INV_SQRT) * Math.abs(f(sum(xn, yn, zn) + q(D))));
    else if (axis === RC) dist = f(distf3(xn, yn, zn, 0.5, 0.5, 0.5) - q(D));
    else dist = f(r0 - q(D));
    let bn = f(1 - f(f(Math.abs(dist) - q(WIDTH)) * q(FADE)));
    if (bn > 1) bn = 1;
    if (bn > 0) color = addOpaqueFull(color, graynf(f(q(LEVEL) * bn)));
  }
  return color;
}

test("PlanesWasm: every axis, rotated or not, equals LX's float math point for point", () => {
  const wasm = new PlanesWasm();
  const [xs, ys, zs, rs] = wasm.slices.inputs;
  const seeded = new SeededRandom(3);
  const random = (): number => seeded.next();
  const pick = (values: number[]): number => values[Math.floor(random() * values.length)];
  const count = 4099; // not a multiple of four
  for (let round = 0; round < 40; round++) {
    const planes = 1 + Math.floor(random() * 8);
    const num = new Float64Array(planes * PLANE_WORDS);
    for (let p = 0; p < planes; p++) {
      const at = p * PLANE_WORDS;
      num[at + AXIS] = round < 6 ? round : Math.floor(random() * 6);
      for (const k of [A, B, C, D, AP, BP, CP]) num[at + k] = f(pick([0, -0, 1, 0.5]) === 0.5 ? random() * 2 - 1 : pick([0, -0, 1]));
      num[at + INV_SQRT] = f(0.5 + random());
      num[at + WIDTH] = f(random() * 0.3);
      num[at + FADE] = f(random() * 40);
      num[at + LEVEL] = f(random());
    }
    const unrotated = round % 3 !== 0;
    const m = new Float32Array(12).map(() => random() * 2 - 1);
    for (let k = 0; k < count; k++) {
      const odd = random() < 0.01;
      xs[k] = odd ? pick([Number.NaN, Infinity, -0]) : random();
      ys[k] = random();
      zs[k] = random() < 0.5 ? 0.5 : random();
      rs[k] = random();
    }
    wasm.setPlanes(unrotated, m, num, 0, planes);
    wasm.run(count, planes);
    for (let k = 0; k < count; k++) {
      const expected = referenceColor(num, planes, unrotated, m, xs[k], ys[k], zs[k], rs[k]);
      if (wasm.slices.outColors[k] !== expected) {
        assert.fail(
          `round ${round}, point ${k}: ${wasm.slices.outColors[k].toString(16)} ≠ ${expected.toString(16)} ` +
            `(axes ${[...num].filter((_, i) => i % PLANE_WORDS === AXIS)})`,
        );
      }
    }
  }
});

test('PlanesWasm: more points than its capacity, or more than eight planes, are refused', () => {
  const wasm = new PlanesWasm();
  assert.throws(() => wasm.run(wasm.slices.capacity + 1, 1), RangeError);
  assert.throws(() => wasm.setPlanes(true, new Float32Array(12), new Float64Array(9 * PLANE_WORDS), 0, 9), RangeError);
});
