// The Grid's cheaper per-sample maths (issue #28): pitch → frequency by a semitone table and a
// short series instead of Math.pow, and the sine LFO turned by a rotation instead of Math.sin.
// Each is held to the exact function it replaces.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeGridNode } from '../../../src/sound/audio/dsp/grid-modules.js';
import { Rng, mtof, semitoneRatio } from '../../../src/sound/audio/dsp/math.js';

const cents = (a: number, b: number): number => Math.abs(1200 * Math.log2(a / b));

test('semitoneRatio is within 10⁻⁴ cent of 2^(s/12) over ±130 semitones, and exact at whole semitones', { timeout: 30_000 }, () => {
  let worst = 0;
  for (let i = 0; i <= 1_000_000; i++) {
    const s = -130 + (260 * i) / 1_000_000;
    worst = Math.max(worst, cents(semitoneRatio(s), Math.pow(2, s / 12)));
  }
  const rng = new Rng(28);
  for (let i = 0; i < 100_000; i++) {
    const s = rng.bipolar() * 140;
    worst = Math.max(worst, cents(semitoneRatio(s), Math.pow(2, s / 12)));
  }
  assert.ok(worst < 1e-4, `worst pitch error ${worst} cent`);
  // A held note keeps mtof's bits: every whole key the table covers.
  for (let key = 69 - 128; key <= 69 + 128; key++) assert.equal(440 * semitoneRatio(key - 69), mtof(key), `key ${key}`);
});

test('a sine LFO gives Math.sin of its phase to within one float32 step, over a minute of uneven runs', { timeout: 30_000 }, () => {
  const sampleRate = 48_000;
  const voice = { key: 60, gate: 1, velocity: 1, sampleRate, audioIn: new Float32Array(128), audioOut: new Float32Array(128), rng: new Rng(1), freerun: true };
  const params = { RATE: 5.5, SHAPE: 0, PHASE: 0.3 };
  const lfo = makeGridNode('LFO', true, params, voice, 0, 1);
  assert.ok(lfo !== null);
  let phase = 0.3;
  let worst = 0;
  const rng = new Rng(7);
  for (let block = 0; block < (60 * sampleRate) / 128; block++) {
    if (block === 10_000) params.RATE = 0.45;
    // Runs split at events, as a voice's are: the rotation restarts from exact values at each.
    const cut = rng.next() < 0.3 ? 1 + Math.floor(rng.next() * 126) : 128;
    lfo.process(0, cut);
    if (cut < 128) lfo.process(cut, 128);
    const dt = params.RATE / sampleRate;
    for (let i = 0; i < 128; i++) {
      worst = Math.max(worst, Math.abs(lfo.outputs[0][i] - Math.fround(Math.sin(2 * Math.PI * phase))));
      phase += dt;
      if (phase >= 1) phase -= 1;
    }
  }
  // One float32 step below 1 is 2⁻²⁴ (6·10⁻⁸); a drifting rotation would be off by far more.
  assert.ok(worst <= 2 ** -24, `worst difference ${worst}`);
});
