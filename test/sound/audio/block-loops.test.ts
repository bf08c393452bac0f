// The engine's fused block loops (issue #28) against the per-sample code they stand for: the
// same samples to the bit, so a render is byte-identical whichever path runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Adsr } from '../../../src/sound/audio/dsp/envelope.js';
import { Biquad } from '../../../src/sound/audio/dsp/filters.js';
import { seededRandom } from './helpers.js';

test('Adsr.fill writes what tick gives, through every stage, and stops where the envelope ends', { timeout: 30_000 }, () => {
  const rnd = seededRandom(28);
  const out = new Float64Array(128);
  let blocks = 0;
  let ended = 0;
  for (let trial = 0; trial < 400; trial++) {
    const pick = (xs: number[]) => xs[Math.floor(rnd() * xs.length)];
    const [a, d, s, r] = [pick([0, 0.01, 1, 5, 60]), pick([0, 1, 30, 600]), pick([0, 0.2, 0.7, 1]), pick([0, 1, 35, 350])];
    const ticked = new Adsr();
    const filled = new Adsr();
    for (const e of [ticked, filled]) {
      e.set(a, d, s, r, 48_000);
      e.gateOn();
    }
    for (let b = 0; b < 60; b++) {
      if (ticked.active && rnd() < 0.1) for (const e of [ticked, filled]) e.gateOff();
      else if (!ticked.active && rnd() < 0.3) for (const e of [ticked, filled]) e.gateOn();
      const from = Math.floor(rnd() * 40);
      const to = 128 - Math.floor(rnd() * 40);
      const expected: number[] = [];
      for (let i = from; i < to; i++) {
        expected.push(ticked.tick());
        if (ticked.stage === 0) break;
      }
      const end = filled.fill(out, from, to);
      assert.equal(end, from + expected.length);
      assert.deepEqual(Array.from(out.subarray(from, end)), expected);
      assert.equal(filled.stage, ticked.stage);
      assert.ok(Object.is(filled.value, ticked.value));
      blocks++;
      if (end < to) ended++;
    }
  }
  assert.ok(ended > 100, `envelopes ended inside a block ${ended} times of ${blocks}`);
});

test('Biquad.runPair filters each side as run does', { timeout: 30_000 }, () => {
  const rnd = seededRandom(6);
  for (const design of ['low', 'peak', 'high'] as const) {
    const [a, b, c] = [new Biquad(), new Biquad(), new Biquad()];
    const d = new Biquad();
    if (design === 'low') a.lowShelf(120, -6, 48_000);
    else if (design === 'peak') a.peak(700, 4.5, 0.7, 48_000);
    else a.highShelf(8000, 1.5, 48_000);
    for (const q of [b, c, d]) q.copyCoefficients(a);
    for (let block = 0; block < 50; block++) {
      // Noise, then silence long enough for the state to decay to the flush.
      const level = block < 30 ? 1 : 0;
      const l = Float32Array.from({ length: 128 }, () => level * (rnd() * 2 - 1));
      const r = Float32Array.from({ length: 128 }, () => level * (rnd() * 2 - 1));
      const lRun = l.slice();
      const rRun = r.slice();
      a.run(lRun, 0, 128);
      b.run(rRun, 0, 128);
      c.runPair(l, r, d, 128);
      assert.deepEqual(l, lRun);
      assert.deepEqual(r, rRun);
    }
  }
});
