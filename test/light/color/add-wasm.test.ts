import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../../src/engine/random.js';
import { addFullWasm } from '../../../src/light/color/add-wasm.js';
import { BLEND_ALPHA_FULL, add } from '../../../src/light/color/blend-kernel.js';

/** Colors with every alpha kind: mostly opaque, some transparent, some in between, byte values at the edges. */
function colors(n: number, random: SeededRandom, opaqueShare: number): Uint32Array {
  const edge = [0, 1, 127, 128, 254, 255];
  const byte = (): number => (random.next() < 0.3 ? edge[Math.floor(random.next() * edge.length)] : Math.floor(random.next() * 256));
  return Uint32Array.from({ length: n }, () => {
    const alpha = random.next() < opaqueShare ? 255 : byte();
    return ((alpha << 24) | (byte() << 16) | (byte() << 8) | byte()) >>> 0;
  });
}

for (const [name, opaqueShare] of [
  ['opaque sources', 1],
  ['a few sources not opaque', 0.999],
  ['any alpha', 0.5],
] as const) {
  test(`addFullWasm equals LXColor.add at 0x100 pixel for pixel (${name}), over any range, out separate or the same as dst or src`, () => {
    const random = new SeededRandom(name.length);
    const n = 40_003; // more than two slices, not a multiple of four
    const dst = colors(n, random, 0.9);
    const src = colors(n, random, opaqueShare);
    const expected = dst.map((d, i) => add(d, src[i], BLEND_ALPHA_FULL));
    for (const [start, end] of [
      [0, n],
      [3, 16390],
      [16384, 16385],
      [7, 7],
      [n - 5, n],
    ]) {
      const out = new Uint32Array(n);
      addFullWasm(dst, src, out, start, end);
      assert.deepEqual(out.subarray(start, end), expected.subarray(start, end), `${start}..${end}`);
      assert.ok(out.subarray(0, start).every((c) => c === 0) && out.subarray(end).every((c) => c === 0), `only ${start}..${end} written`);
    }
    const intoDst = dst.slice();
    addFullWasm(intoDst, src, intoDst, 0, n);
    assert.deepEqual(intoDst, expected, 'out = dst');
    const intoSrc = src.slice();
    addFullWasm(dst, intoSrc, intoSrc, 0, n);
    assert.deepEqual(intoSrc, expected, 'out = src');
  });
}
