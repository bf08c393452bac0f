import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../src/engine/random.js';

test('seeded random: same seed, same sequence; values in range and spread', () => {
  const a = new SeededRandom(42);
  const b = new SeededRandom(42);
  const c = new SeededRandom(43);
  const xs = Array.from({ length: 1000 }, () => a.next());
  assert.deepEqual(
    xs,
    Array.from({ length: 1000 }, () => b.next()),
  );
  assert.notDeepEqual(
    xs.slice(0, 10),
    Array.from({ length: 10 }, () => c.next()),
  );
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05, `mean ${mean}`);
  const buckets = new Array(10).fill(0);
  for (const x of xs) buckets[Math.floor(x * 10)]++;
  assert.ok(
    buckets.every((n) => n > 60),
    `buckets ${buckets}`,
  );
});
