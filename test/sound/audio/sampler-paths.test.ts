// The Sampler's plain loop (a mono sample played to its end at a steady pitch, cutoff and Output)
// against its general one (issue #28): a stereo zone whose sides both hold the mono zone's sample
// runs the general loop, and each of its sides must give the plain loop's bits, over random
// samples, cutoffs, attacks, releases, rates, directions and starts; and a kit Sampler given one
// array as both sides (Instrument.centred) adds each sample once, as into two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceDef } from '../../../src/sound/audio/dsp/device-table.js';
import type { PlanDevice, PlanZone } from '../../../src/sound/audio/dsp/plan.js';
import type { Instrument } from '../../../src/sound/audio/dsp/voices.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { dev, project, track, seededRandom } from './helpers.js';

const RATE = 48_000;

/** A Sampler with these (normalized) parameters and zones, as the engine builds it. */
function sampler(params: Record<string, number>, zones: PlanZone[] = []): Instrument {
  const device: PlanDevice = { ...buildPlan(project([track('S', [dev('Sampler', { ...params, VOICES: 8 })])])).tracks[0].devices[0], zones };
  const def = deviceDef('Sampler');
  if (def === undefined || def.kind !== 'instrument') throw new Error('no Sampler');
  return def.build(device, { sampleRate: RATE, secondsPerBeat: 0.5, effects: () => [] }) as Instrument;
}

const zone = (data: Float32Array, right: Float32Array | null): PlanZone => ({
  sample: 'noise',
  keyLow: 0,
  keyHigh: 127,
  velocityLow: 1,
  velocityHigh: 127,
  rootKey: 60,
  gain: 0.8,
  tune: 0,
  loopStart: 0,
  loopEnd: 0,
  loopCrossfade: 0,
  sampleRate: RATE,
  data,
  right,
});

/** Notes on and off at random blocks, rendered in random spans; each block's left and right. */
function play(inst: Instrument, rnd: () => number, centred: boolean): Float32Array[] {
  const out: Float32Array[] = [];
  for (let block = 0; block < 60; block++) {
    if (block % 7 === 0) inst.noteOn(36 + Math.floor(rnd() * 24), 0.3 + 0.7 * rnd());
    if (block % 5 === 3) inst.noteOff(36 + Math.floor(rnd() * 24));
    const l = new Float32Array(128);
    const r = centred ? l : new Float32Array(128);
    inst.update();
    const split = Math.floor(rnd() * 128);
    inst.render(l, r, 0, split);
    inst.render(l, r, split, 128);
    out.push(l, r);
  }
  return out;
}

test('the Sampler plain loop gives the general loop bits', { timeout: 60_000 }, () => {
  const rnd = seededRandom(52);
  let sounded = 0;
  for (let trial = 0; trial < 40; trial++) {
    const data = Float32Array.from({ length: 2000 + Math.floor(rnd() * 6000) }, () => rnd() * 2 - 1);
    const params = {
      CUTOFF: [0.5, 0.8, 1][trial % 3],
      ATTACK: [0, 0.3, 0.5][Math.floor(rnd() * 3)],
      RELEASE: [0, 0.3, 0.5][Math.floor(rnd() * 3)],
      REVERSE: rnd() < 0.3 ? 1 : 0,
      START: rnd() < 0.3 ? rnd() / 2 : 0,
    };
    const seed = Math.floor(rnd() * 1e9);
    const mono = play(sampler(params, [zone(data, null)]), seededRandom(seed), false);
    const stereo = play(sampler(params, [zone(data, data.slice())]), seededRandom(seed), false);
    for (let b = 0; b < mono.length; b++) assert.deepEqual(mono[b], stereo[b], `trial ${trial}, block ${b >> 1}`);
    if (mono.some((x) => x.some((v) => v !== 0))) sounded++;
  }
  assert.equal(sounded, 40);
});

test('a kit Sampler rendering one array as both sides adds each sample once', { timeout: 60_000 }, () => {
  for (const [sample, cutoff] of [
    [0, 0.9],
    [0, 1],
    [2, 1],
  ]) {
    const one = play(sampler({ SAMPLE: sample, CUTOFF: cutoff }), seededRandom(sample + cutoff), true);
    const two = play(sampler({ SAMPLE: sample, CUTOFF: cutoff }), seededRandom(sample + cutoff), false);
    for (let b = 0; b < one.length; b += 2) {
      assert.deepEqual(one[b], two[b]);
      assert.deepEqual(two[b], two[b + 1]);
    }
    assert.ok(one.some((x) => x.some((v) => v !== 0)));
  }
});
