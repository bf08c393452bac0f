import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rangeView } from '../../../src/light/parallel/range-views.js';

test('rangeView: the range subarray gives, the same object for the same array and range, live on the array', () => {
  const a = new Uint32Array(new SharedArrayBuffer(4 * 100));
  for (let i = 0; i < a.length; i++) a[i] = i * 3;
  const v = rangeView(a, 10, 30);
  assert.deepEqual([...v], [...a.subarray(10, 30)]);
  assert.equal(rangeView(a, 10, 30), v, 'found again, not made');
  assert.notEqual(rangeView(a, 10, 31), v, 'another range is another view');
  assert.equal(rangeView(a, 0, 0).length, 0);
  a[10] = 7;
  assert.equal(v[0], 7, 'a view of the array, not a copy');
  a[10] = 30;
  // Another array with the same offsets never gets the first array's view.
  const b = new Uint32Array(100);
  assert.equal(rangeView(b, 10, 30).buffer, b.buffer);
  // Views of an array that is itself a view start at its own offset.
  const inner = new Float32Array(new ArrayBuffer(4 * 64), 16, 40);
  inner[5] = 1.5;
  assert.equal(rangeView(inner, 5, 6)[0], 1.5);
  assert.equal(rangeView(inner, 5, 6).byteOffset, 16 + 20);
});

test('rangeView: ranges that keep changing are still right after the per-array list starts over', () => {
  const a = new Int32Array(1000);
  for (let i = 0; i < a.length; i++) a[i] = -i;
  for (let from = 0; from < 900; from += 3) {
    const v = rangeView(a, from, from + 7);
    assert.equal(v.length, 7);
    assert.equal(v[0], -from | 0);
    assert.equal(v[6], -(from + 6));
  }
});
