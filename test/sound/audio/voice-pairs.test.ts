// The Polysynth renders its voices two at a time (Svf.lowpassAddPair, Svf.lowpassEnvAddPair) where
// the same voices rendered one by one give the same bits (issue #28): compared here over random
// chords, envelopes and filters, against one instrument per note adding into the same buffers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceDef } from '../../../src/sound/audio/dsp/device-table.js';
import { Adsr } from '../../../src/sound/audio/dsp/envelope.js';
import { resonanceDamping, Svf } from '../../../src/sound/audio/dsp/filters.js';
import type { Instrument } from '../../../src/sound/audio/dsp/voices.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { dev, project, track, seededRandom } from './helpers.js';

/** A Polysynth with these parameters, as the engine builds it. */
function polysynth(params: Record<string, number>): Instrument {
  const device = buildPlan(project([track('P', [dev('Polysynth', { ...params, VOICES: 16 })])])).tracks[0].devices[0];
  const def = deviceDef('Polysynth');
  if (def === undefined || def.kind !== 'instrument') throw new Error('no Polysynth');
  return def.build(device, { sampleRate: 48_000, secondsPerBeat: 0.5, effects: () => [] }) as Instrument;
}

test('a Polysynth chord renders the bits of its notes rendered one by one, through every envelope stage', { timeout: 60_000 }, () => {
  const rnd = seededRandom(52);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  let endedInside = 0;
  for (let trial = 0; trial < 24; trial++) {
    // Normalized values (times 0.1 ms … 20 s and cutoffs 20 Hz … 20 kHz on exponential scales).
    const params = {
      WAVE: pick([0, 1, 3]),
      CUTOFF: pick([0.3, 0.6, 0.85]),
      RESONANCE: pick([0, 0.15, 0.8, 1]),
      ATTACK: pick([0, 0.2, 0.5]),
      DECAY: pick([0, 0.3, 0.55]),
      SUSTAIN: pick([0, 0.3, 0.7, 1]),
      RELEASE: pick([0, 0.15, 0.5]),
    };
    const notes = Array.from({ length: 2 + Math.floor(rnd() * 7) }, (_, k) => 40 + k * 5 + Math.floor(rnd() * 4));
    const chord = polysynth(params);
    const alone = notes.map(() => polysynth(params));
    // Each note's release, in blocks; the voices start together, so a chord's voice order is the notes'.
    const offAt = notes.map(() => 1 + Math.floor(rnd() * 40));
    const stereo = trial % 2 === 0;
    notes.forEach((pitch, k) => {
      const velocity = 0.5 + rnd() / 2;
      chord.noteOn(pitch, velocity);
      alone[k].noteOn(pitch, velocity);
    });
    for (let block = 0; block < 120; block++) {
      const [l1, r1, l2, r2] = [0, 1, 2, 3].map(() => Float32Array.from({ length: 128 }, () => rnd() - 0.5));
      l2.set(l1);
      r2.set(r1);
      notes.forEach((pitch, k) => {
        if (offAt[k] === block) {
          chord.noteOff(pitch);
          alone[k].noteOff(pitch);
        }
      });
      chord.update();
      for (const a of alone) a.update();
      const from = block % 3 === 0 ? 17 : 0;
      const to = block % 5 === 0 ? 101 : 128;
      chord.render(l1, stereo ? r1 : l1, from, to);
      const wasActive = alone.map((a) => a.sounding);
      for (const a of alone) a.render(l2, stereo ? r2 : l2, from, to);
      if (alone.some((a, k) => wasActive[k] && !a.sounding)) endedInside++;
      assert.deepEqual(l1, l2, `trial ${trial} block ${block} left`);
      assert.deepEqual(r1, r2, `trial ${trial} block ${block} right`);
    }
    assert.equal(
      chord.sounding,
      alone.some((a) => a.sounding),
    );
  }
  assert.ok(endedInside > 10, `a voice ended inside a block ${endedInside} times`);
});

test("Adsr.step's law gives tick's levels until the sample on which tick changes the stage", { timeout: 30_000 }, () => {
  const rnd = seededRandom(6);
  const law = new Float64Array(6);
  const stops = [0, 0, 0, 0, 0];
  for (let trial = 0; trial < 300; trial++) {
    const pick = (xs: number[]) => xs[Math.floor(rnd() * xs.length)];
    const e = new Adsr();
    e.set(pick([0, 1, 60]), pick([0, 1, 30, 600]), pick([0, 0.2, 0.7, 1]), pick([0, 1, 35, 350]), 48_000);
    e.gateOn();
    for (let n = 0; n < 200_000 && e.active; ) {
      if (e.stage === 3 && rnd() < 0.2) e.gateOff();
      if (!e.step(law)) {
        assert.ok(e.stage === 3 && law.length === 6);
        e.tick();
        continue;
      }
      const [add, sub, mul, top, floor] = law.subarray(1);
      let v = law[0];
      const stage = e.stage;
      for (; n < 200_000; n++) {
        const next = add + (v - sub) * mul;
        const stays = !(next >= top || next - sub < floor);
        const ticked = e.tick();
        if (!stays) {
          assert.notEqual(e.stage, stage, 'the law stops where tick changes the stage');
          stops[stage]++;
          break;
        }
        assert.equal(e.stage, stage);
        assert.ok(Object.is(next, ticked), `stage ${stage}: ${next} against ${ticked}`);
        v = next;
        if (stage === 3 && rnd() < 0.001) break;
      }
    }
  }
  // Attack, decay and release each ended by the law's test.
  assert.ok(stops[1] > 50 && stops[2] > 50 && stops[4] > 50, `stops by stage ${stops}`);
});

test('Svf.lowpassStepAdd with Adsr.step gives the bits of Adsr.fill and Svf.lowpassEnvAdd', { timeout: 30_000 }, () => {
  const rnd = seededRandom(28);
  const pick = (xs: number[]) => xs[Math.floor(rnd() * xs.length)];
  const law = new Float64Array(6);
  const env = new Float64Array(128);
  let stopped = 0;
  for (let trial = 0; trial < 200; trial++) {
    const [a, d, sus, rel] = [pick([0, 1, 60]), pick([0, 1, 30, 600]), pick([0, 0.2, 0.7, 1]), pick([0, 1, 35, 350])];
    const [stepped, filled] = [new Adsr(), new Adsr()];
    const [fs, ff] = [new Svf(), new Svf()];
    const cutoff = pick([200, 1400, 9000]);
    const damping = resonanceDamping(pick([0, 0.5, 0.95, 1]));
    for (const e of [stepped, filled]) {
      e.set(a, d, sus, rel, 48_000);
      e.gateOn();
    }
    for (const f of [fs, ff]) f.set(cutoff, damping, 48_000);
    const level = pick([0.1, 1, 4]);
    const stereo = rnd() < 0.5;
    for (let block = 0; block < 80 && filled.active; block++) {
      if (rnd() < 0.05) for (const e of [stepped, filled]) e.gateOff();
      const osc = Float64Array.from({ length: 128 }, () => level * (rnd() * 2 - 1));
      const [l1, r1] = [new Float32Array(128), new Float32Array(128)];
      const [l2, r2] = [new Float32Array(128), new Float32Array(128)];
      let at = 0;
      if (stepped.step(law)) {
        at = fs.lowpassStepAdd(osc, law, 0, 128, 0.3, l1, stereo ? r1 : l1);
        stepped.value = law[0];
        if (at < 128) stopped++;
      }
      const end1 = stepped.fill(env, at, 128);
      fs.lowpassEnvAdd(osc, env, at, end1, 0.3, l1, stereo ? r1 : l1);
      const end2 = filled.fill(env, 0, 128);
      ff.lowpassEnvAdd(osc, env, 0, end2, 0.3, l2, stereo ? r2 : l2);
      assert.equal(end1, end2);
      assert.deepEqual(l1, l2, `trial ${trial}, block ${block}`);
      assert.deepEqual(r1, r2);
      assert.equal(stepped.stage, filled.stage);
      assert.ok(Object.is(stepped.value, filled.value));
    }
  }
  assert.ok(stopped > 100, `a stage changed inside a block ${stopped} times`);
});
