import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../../src/engine/random.js';
import { fbmNoise3, perlinNoise3Batch, ridgeNoise3, turbulenceNoise3 } from '../../../src/light/math/perlin.js';
import { PerlinWasm } from '../../../src/light/devices/patterns/texture/perlin-wasm.js';

const SPECIAL = [Number.NaN, Infinity, -Infinity, 0, -0, 2 ** 24, -(2 ** 24), 2 ** 31, -(2 ** 31), 3e9, -3e9, 1e-40, 255.99998, 256, -0.5, 0.9999999];

/** Fills the kernel's inputs: `grid` like a NoisePattern frame (rows of shared y), else random with special values. */
function fill(p: PerlinWasm, count: number, grid: boolean, random: () => number): void {
  for (let i = 0; i < count; i++) {
    if (grid) {
      p.xs[i] = (i % 397) * 0.0137 + 0.3 - (random() < 0.02 ? 1e-7 : 0);
      p.ys[i] = Math.floor(i / 397) * 0.021 - 3;
      p.zs[i] = 37.25 + (i % 11 === 0 ? 0.5 : 0);
    } else {
      const pick = (range: number): number => (random() < 0.05 ? SPECIAL[Math.floor(random() * SPECIAL.length)] : (random() - 0.5) * range);
      p.xs[i] = pick(20);
      p.ys[i] = pick(600);
      p.zs[i] = pick(random() < 0.5 ? 4 : 1e7);
    }
  }
}

/** Indexes where `actual` differs from `expected` (any NaN equals any NaN: colors cannot tell them apart). */
function differences(expected: Float32Array, actual: Float32Array, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = expected[i];
    const b = actual[i];
    if (!(Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)))) out.push(i);
  }
  return out;
}

for (const grid of [true, false]) {
  const points = grid ? 'grid rows' : 'random, with NaN, ±∞ and huge values';
  test(`PerlinWasm: four-lane groups and single points equal perlinNoise3Batch bit for bit (${points})`, () => {
    const p = new PerlinWasm();
    const seeded = new SeededRandom(grid ? 7 : 11);
    const random = (): number => seeded.next();
    const count = p.capacity - 3; // not a multiple of four: the last points run one by one
    fill(p, count, grid, random);
    const expected = new Float32Array(count);
    for (const seed of [0, 77, 255]) {
      perlinNoise3Batch(p.xs, p.ys, p.zs, expected, count, seed);
      p.out.fill(0.5);
      p.run(count, seed);
      assert.deepEqual(differences(expected, p.out, count), [], `groups, seed ${seed}`);
      p.out.fill(0.5);
      p.runScalar(0, count, seed);
      assert.deepEqual(differences(expected, p.out, count), [], `one by one, seed ${seed}`);
    }
  });
}

test('PerlinWasm: ridge, fbm and turbulence batches equal the one-point functions bit for bit', () => {
  const p = new PerlinWasm();
  const seeded = new SeededRandom(13);
  const random = (): number => seeded.next();
  const count = 3001;
  for (let round = 0; round < 12; round++) {
    fill(p, count, round % 2 === 0, random);
    const xs = p.xs.slice(0, count);
    const ys = p.ys.slice(0, count);
    const zs = p.zs.slice(0, count);
    const lacunarity = Math.fround(round === 0 ? 2 : random() * 4);
    const gain = Math.fround(random());
    const offset = Math.fround(random() * 2);
    const octaves = 1 + (round % 8);
    const expected = {
      ridge: (k: number) => ridgeNoise3(xs[k], ys[k], zs[k], lacunarity, gain, offset, octaves),
      fbm: (k: number) => fbmNoise3(xs[k], ys[k], zs[k], lacunarity, gain, octaves),
      turbulence: (k: number) => turbulenceNoise3(xs[k], ys[k], zs[k], lacunarity, gain, octaves),
    };
    for (const kind of ['ridge', 'fbm', 'turbulence'] as const) {
      p.xs.set(xs);
      p.ys.set(ys);
      p.zs.set(zs);
      p.fractal(kind, count, lacunarity, gain, offset, octaves);
      const want = Float32Array.from({ length: count }, (_, k) => expected[kind](k));
      assert.deepEqual(differences(want, p.out, count), [], `${kind}, ${octaves} octaves, round ${round}`);
    }
  }
});

test('PerlinWasm: a batch past its capacity is refused', () => {
  const p = new PerlinWasm();
  assert.throws(() => p.run(p.capacity + 1, 0), RangeError);
  assert.throws(() => p.runScalar(0, p.capacity + 1, 0), RangeError);
  assert.throws(() => p.fractal('fbm', p.capacity + 1, 2, 0.5, 0, 3), RangeError);
});

test('PerlinWasm.normalCoordinates: motion + scale · (v + offset) equals the float32 JavaScript form bit for bit, every axis', () => {
  const f = Math.fround;
  const p = new PerlinWasm();
  const random = new SeededRandom(5);
  const value = (): number =>
    f(random.next() < 0.1 ? SPECIAL[Math.floor(random.next() * SPECIAL.length)] : (random.next() - 0.5) * 10 ** Math.floor(random.next() * 6));
  const count = 16381; // not a multiple of four: the last group's extra lanes stay inside the array
  for (let round = 0; round < 20; round++) {
    const [motion, scale, offset] = [value(), value(), value()];
    for (const [axis, array] of [
      [0, p.xs],
      [1, p.ys],
      [2, p.zs],
    ] as const) {
      const input = Float32Array.from({ length: count }, value);
      const expected = input.map((v) => f(motion + f(scale * f(v + offset))));
      array.set(input);
      p.normalCoordinates(axis, count, motion, scale, offset);
      assert.deepEqual(differences(expected, array, count), [], `axis ${axis}, motion ${motion}, scale ${scale}, offset ${offset}`);
    }
  }
  assert.throws(() => p.normalCoordinates(0, p.capacity + 1, 0, 1, 0), RangeError);
});
