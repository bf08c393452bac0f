// The Distortion runs a mono block (left = right, as an instrument's voices write) on its left side
// alone and copies it; when the sides part, the right side takes the left's state from before that
// block, which is the state it would have had. So its right output is, to the bit, what a Distortion
// fed the right signal on both sides all along gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEVICE_TABLE } from '../../../src/sound/audio/dsp/device-table.js';
import type { Effect } from '../../../src/sound/audio/dsp/effect.js';

const BLOCK = 128;
const RATE = 48_000;

/** A Distortion and its parameters (live: a change is read at the next block, as the engine's are). */
function distortion(params: Record<string, number>): { fx: Effect; p: Record<string, number> } {
  const def = DEVICE_TABLE.find((d) => d.name === 'Distortion');
  assert.ok(def !== undefined);
  const p: Record<string, number> = {};
  for (const spec of def.params) p[spec.id] = spec.default;
  Object.assign(p, params);
  const fx = def.build(
    { path: 'test', type: 'Distortion', kind: 'audio_effect', enabled: true, p, slots: {}, grid: null, polyphony: 1 },
    { sampleRate: RATE, secondsPerBeat: 0.5, effects: () => [] },
  );
  return { fx: fx as Effect, p };
}

/** Block b of a side: the same sine on both sides before `parting`, a second tone added to the right from it. */
function block(b: number, side: 'left' | 'right', parting: number): Float32Array {
  const x = new Float32Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    const t = (b * BLOCK + i) / RATE;
    x[i] = 0.6 * Math.sin(2 * Math.PI * 220 * t) + (side === 'right' && b >= parting ? 0.3 * Math.sin(2 * Math.PI * 1370 * t) : 0);
  }
  return x;
}

for (const [name, params] of [
  ['steady tone', { DRIVE: 18, TONE: 5000 }],
  ['a tone that moves at the parting', { DRIVE: 18, TONE: 5000 }],
] as const) {
  test(`Distortion, ${name}: after mono blocks the right side goes on as if it had run all along`, () => {
    const parting = 5;
    const split = distortion(params);
    const reference = distortion(params);
    for (let b = 0; b < 12; b++) {
      // The second case moves the Tone at the parting block: the per-sample tone path, each side on its own.
      if (name !== 'steady tone' && b === parting) {
        split.p.TONE = 900;
        reference.p.TONE = 900;
      }
      const l = block(b, 'left', parting);
      const r = block(b, 'right', parting);
      split.fx.process(l, r, BLOCK);
      const rl = block(b, 'right', parting);
      const rr = block(b, 'right', parting);
      reference.fx.process(rl, rr, BLOCK);
      assert.deepEqual(r, rl, `block ${b}: the right side`);
    }
  });
}
