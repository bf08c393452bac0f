// The ADSR's block fill (a loop per stage, the voices' hot path) against its per-sample tick: the same values, the
// same end, through every stage and across block edges.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Adsr } from '../../../src/sound/audio/dsp/envelope.js';

/** Two envelopes set alike and driven by the same gates: one by fill in blocks of `block`, one by tick. */
function compare(block: number, sustain: number, gateOffAt: number, total: number): void {
  const filled = new Adsr();
  const ticked = new Adsr();
  for (const e of [filled, ticked]) e.set(2, 3, sustain, 4, 48_000);
  const out = new Float64Array(block);
  for (let at = 0; at < total; at += block) {
    if (at === 0) for (const e of [filled, ticked]) e.gateOn();
    if (at === gateOffAt) for (const e of [filled, ticked]) e.gateOff();
    const end = filled.fill(out, 0, block);
    let expectedEnd = block;
    for (let i = 0; i < block; i++) {
      const v = ticked.tick();
      assert.equal(out[i], v, `sample ${at + i} (block ${block}, sustain ${sustain})`);
      if (ticked.stage === 0) {
        expectedEnd = i + 1;
        break;
      }
    }
    assert.equal(end, expectedEnd, `the block at ${at} ends where tick's envelope ends`);
    assert.equal(filled.stage, ticked.stage);
    assert.equal(filled.value, ticked.value);
  }
}

test('ADSR fill writes what tick returns, sample for sample, and stops where the envelope ends', () => {
  for (const block of [1, 7, 128]) for (const sustain of [0.5, 0]) compare(block, sustain, Math.ceil(960 / block) * block, Math.ceil(1600 / block) * block);
  const idle = new Adsr();
  const out = new Float64Array(4).fill(9);
  assert.equal(idle.fill(out, 0, 4), 1, 'an idle envelope writes its value once');
  assert.deepEqual([...out], [0, 9, 9, 9]);
});
