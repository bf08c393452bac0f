import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChaseShape, chaseKernel, chaseKernelPointByPoint } from '../../../src/light/devices/patterns/strip/chase-kernel.js';
import type { PointJob } from '../../../src/light/parallel/point-job.js';

const f = Math.fround;

/** A job over `count` points (xn, yn, index, colors) with `shape`'s numbers. */
function job(shape: ChaseShape, count: number, index: Int32Array, serial: number): PointJob {
  const num = new Float64Array(64);
  shape.writeTo(num);
  const xn = new Float32Array(count).map((_, k) => (k % 97) / 96);
  const yn = new Float32Array(count).map((_, k) => Math.floor(k / 97) / 60);
  return { num, arrays: [xn, yn, index, new Uint32Array(count)], serial };
}

test('Chase: copying a repeated chunk gives exactly the colors of computing every point', () => {
  const count = 5003;
  const identity = new Int32Array(count).map((_, k) => k);
  const reversed = new Int32Array(count).map((_, k) => count - 1 - k); // a view's own point order
  let serial = 1;
  let cases = 0;
  for (const chunk of [2, 3, 7, 50, 51, 64]) {
    for (const [interlace, alternateChunk] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]) {
      for (const shift of [0, 0, f(chunk * 0.25)]) {
        for (const wrap of [0, 1, 3, 4]) {
          for (const index of [identity, reversed]) {
            const shape = new ChaseShape();
            Object.assign(shape, {
              chunkSize: chunk,
              chunkSizei: chunk,
              motion: f(chunk * 0.37),
              shift,
              wrap,
              interlace,
              alternateChunk,
              sizePixels: f(chunk * 0.2),
              fadePixels: f(chunk * 0.3),
              level: 1,
              invert: shift === 0 ? 0 : f(0.25),
            });
            const fast = job(shape, count, index, serial++);
            const slow = job(shape, count, index, serial++);
            // In pieces, as point jobs run: the shortcut may only copy within one piece.
            for (const [a, b] of [
              [0, 1500],
              [1500, 1501],
              [1501, count],
            ]) {
              chaseKernel(fast, a, b);
              chaseKernelPointByPoint(slow, a, b);
            }
            assert.deepEqual(
              fast.arrays[3],
              slow.arrays[3],
              `chunk ${chunk}, interlace ${interlace}, alternate ${alternateChunk}, shift ${shift}, wrap ${wrap}`,
            );
            cases++;
          }
        }
      }
    }
  }
  assert.equal(cases, 6 * 4 * 3 * 4 * 2);
});
