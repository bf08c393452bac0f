// The Grid's fused loops (issue #28) against the module-by-module code they stand for: the same
// samples to the bit over random inputs, parameters and runs, so a render is byte-identical
// whichever path runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DelayLine } from '../../../src/sound/audio/dsp/delay-line.js';
import { Adsr } from '../../../src/sound/audio/dsp/envelope.js';
import { FilterMotion } from '../../../src/sound/audio/dsp/filter-motion.js';
import { resonanceDamping, Svf } from '../../../src/sound/audio/dsp/filters.js';
import { type GridNodeDsp, type GridVoice, makeGridNode, SvfGroup } from '../../../src/sound/audio/dsp/grid-modules.js';
import { GridPatch, GridProgram, gridPorts } from '../../../src/sound/audio/dsp/grid-patch.js';
import { clamp, Rng } from '../../../src/sound/audio/dsp/math.js';
import type { PlanGrid } from '../../../src/sound/audio/dsp/plan.js';
import { seededRandom } from './helpers.js';

const RATE = 48_000;

const voice = (): GridVoice => ({
  key: 60,
  gate: 0,
  velocity: 0.8,
  sampleRate: RATE,
  audioIn: new Float32Array(128),
  audioOut: new Float32Array(128),
  rng: new Rng(1),
  freerun: false,
});

const node = (type: string, p: Record<string, number>, inputs: number, outputs: number): GridNodeDsp => {
  const n = makeGridNode(type, false, p, voice(), inputs, outputs);
  assert.ok(n !== null);
  return n;
};

/** The first sample where two runs differ (−1: none), compared as stored bits. */
function firstDifference(a: Float32Array, b: Float32Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

test('SVFs reading one input run together as each runs alone, moving or still', { timeout: 30_000 }, () => {
  const rnd = seededRandom(52);
  let together = 0;
  for (let trial = 0; trial < 60; trial++) {
    const size = 2 + (trial % 5);
    const params = Array.from({ length: size }, () => ({ CUTOFF: 200 + rnd() * 8000, RESONANCE: rnd(), MODE: Math.floor(rnd() * 4) }));
    // Each module gets its own params object, as each voice's copy reads the plan's: here both copies read one.
    const alone = params.map((p) => node('SVF', p, 2, 1));
    const grouped = params.map((p) => node('SVF', p, 2, 1));
    const input = new Float32Array(128);
    for (const n of grouped) n.inputs[0] = input;
    for (const n of alone) n.inputs[0] = input;
    const group = new SvfGroup(grouped);
    for (let b = 0; b < 40; b++) {
      // A loud input now and then drives the resonance into its limit; a changed Cutoff or Resonance moves the filter.
      const level = rnd() < 0.3 ? 4 : 0.5;
      for (let i = 0; i < 128; i++) input[i] = (rnd() * 2 - 1) * level;
      for (const p of params) {
        if (rnd() < 0.1) p.CUTOFF = 200 + rnd() * 8000;
        if (rnd() < 0.05) p.RESONANCE = rnd();
      }
      // Runs from sample 0 (a block) or within it (a glide's steps).
      const from = rnd() < 0.7 ? 0 : Math.floor(rnd() * 64);
      const to = from + 1 + Math.floor(rnd() * (128 - from));
      for (const n of alone) n.process(from, to);
      group.process(from, to);
      for (let j = 0; j < size; j++) {
        const at = firstDifference(alone[j].outputs[0], grouped[j].outputs[0], from, to);
        assert.equal(at, -1, `trial ${trial}, block ${b}, filter ${j} of ${size}: sample ${at}`);
      }
      together++;
    }
  }
  assert.equal(together, 60 * 40);
});

test('an ADSR module under a steady gate gives what its envelope ticked per sample gives', { timeout: 30_000 }, () => {
  const rnd = seededRandom(28);
  let steadyRuns = 0;
  let flickering = 0;
  for (let trial = 0; trial < 200; trial++) {
    const pick = (xs: number[]) => xs[Math.floor(rnd() * xs.length)];
    const p = { ATTACK: pick([0, 1, 5, 60]), DECAY: pick([0, 1, 30, 600]), SUSTAIN: pick([0, 0.2, 0.7, 1]), RELEASE: pick([0, 1, 35, 350]), VELOCITY: 1 };
    const corded = trial % 2 === 0;
    const v = voice();
    // The voice's gate (no cord) or a Gate cord into the module's input.
    const dsp = makeGridNode('ADSR', false, p, v, 1, 1);
    assert.ok(dsp !== null);
    dsp.connected[0] = corded;
    const gateIn = dsp.inputs[0];
    const model = new Adsr();
    let last = 0;
    let gate = 0;
    for (let b = 0; b < 50; b++) {
      const from = rnd() < 0.7 ? 0 : Math.floor(rnd() * 64);
      const to = from + 1 + Math.floor(rnd() * (128 - from));
      if (rnd() < 0.25) gate = 1 - gate;
      v.gate = gate;
      const flicker = corded && rnd() < 0.3;
      for (let i = 0; i < 128; i++) gateIn[i] = flicker && rnd() < 0.2 ? 1 - gate : gate === 1 ? 0.5 + rnd() * 0.5 + 1e-6 : rnd() * 0.5;
      dsp.process(from, to);
      model.set(p.ATTACK, p.DECAY, p.SUSTAIN, p.RELEASE, RATE);
      const expected = new Float32Array(128);
      for (let i = from; i < to; i++) {
        const g = corded ? (gateIn[i] > 0.5 ? 1 : 0) : gate;
        if (g !== last) {
          if (g === 1) model.gateOn();
          else model.gateOff();
          last = g;
        }
        expected[i] = model.tick() * v.velocity;
      }
      const at = firstDifference(expected, dsp.outputs[0], from, to);
      assert.equal(at, -1, `trial ${trial}, block ${b}: sample ${at}`);
      if (flicker) flickering++;
      else steadyRuns++;
    }
  }
  assert.ok(steadyRuns > 3000 && flickering > 1000, `${steadyRuns} steady runs, ${flickering} with the gate moving`);
});

const gridNode = (type: string, inputs: number, outputs: number, p: Record<string, number> = {}, modulator = false) => ({
  type,
  modulator,
  p,
  inputs,
  outputs,
});
const cord = (source: number, target: number, targetPort: number, amount = 1, pitch = false) => ({
  source,
  sourcePort: 0,
  target,
  targetPort,
  amount,
  sourcePitch: pitch,
  targetPitch: pitch,
});

/** The demo's Lead: a saw into a ladder whose cutoff an LFO and the velocity move, under an ADSR. */
const LEAD: PlanGrid = {
  nodes: [
    gridNode('Pitch', 0, 1),
    gridNode('Sawtooth', 1, 1, { LEVEL: 0.8, PITCH_OFFSET: 0 }),
    gridNode('Low-pass LD', 2, 1, { CUTOFF: 900, RESONANCE: 0.35, DRIVE: 0 }),
    gridNode('Attenuate', 2, 1, { AMOUNT: 1 }),
    gridNode('Audio Out', 1, 0, { GAIN: 1 }),
    gridNode('Gate', 0, 1),
    gridNode('ADSR', 1, 1, { ATTACK: 1, DECAY: 180, SUSTAIN: 0.5, RELEASE: 60, VELOCITY: 1 }),
    gridNode('Velocity', 0, 1),
    gridNode('LFO', 0, 1, { RATE: 0.45, SHAPE: 0, PHASE: 0 }, true),
  ],
  cords: [cord(0, 1, 0, 1, true), cord(1, 2, 0), cord(2, 3, 0), cord(3, 4, 0), cord(5, 6, 0), cord(6, 3, 1), cord(7, 2, 1, 0.5), cord(8, 2, 1, 0.35)],
};

test('two voices of the Lead run together as each runs alone, the ladders in one loop', { timeout: 30_000 }, () => {
  const rnd = seededRandom(7);
  for (const modulated of [true, false]) {
    const grid: PlanGrid = modulated ? LEAD : { ...LEAD, cords: LEAD.cords.filter((c) => !(c.target === 2 && c.targetPort === 1)) };
    const name = modulated ? 'cutoff modulated' : 'cutoff still';
    const ports = gridPorts(grid);
    const program = new GridProgram(grid, ports.inputs);
    const patch = (seed: number) => new GridPatch(program, RATE, seed, false, new Float32Array(128), ports.inputs, ports.outputs);
    const [a1, b1, a2, b2] = [patch(1), patch(2), patch(1), patch(2)];
    assert.ok(a2.pairs);
    for (let b = 0; b < 400; b++) {
      for (const [one, two] of [
        [a1, a2],
        [b1, b2],
      ]) {
        if (b === 0 || rnd() < 0.03) {
          const key = 40 + Math.floor(rnd() * 40);
          const velocity = 0.2 + rnd() * 0.8;
          for (const p of [one, two]) {
            p.v.key = key;
            p.v.velocity = velocity;
            p.v.gate = 1;
            p.noteOn();
          }
        } else if (rnd() < 0.05) for (const p of [one, two]) p.v.gate = 0;
      }
      // Now and then the ladder's Cutoff moves (a motion over 10 ms).
      if (rnd() < 0.05) grid.nodes[2].p.CUTOFF = 300 + rnd() * 3000;
      const from = rnd() < 0.8 ? 0 : Math.floor(rnd() * 64);
      const to = from + 1 + Math.floor(rnd() * (128 - from));
      for (const p of [a1, b1, a2, b2]) p.audioOut.fill(0, from, to);
      a1.run(from, to);
      b1.run(from, to);
      a2.runWith(b2, from, to);
      for (const [one, two, voice] of [
        [a1, a2, 'first'],
        [b1, b2, 'second'],
      ] as const) {
        const at = firstDifference(one.audioOut, two.audioOut, from, to);
        assert.equal(at, -1, `${name}, block ${b}, ${voice} voice: sample ${at}`);
      }
    }
  }
});

test('a Long Delay at a steady time, Feedback and Mix gives what its line read and written per sample gives', { timeout: 30_000 }, () => {
  const rnd = seededRandom(375);
  let steadyRuns = 0;
  for (let trial = 0; trial < 20; trial++) {
    const p = { TIME: 1 + rnd() * 40, FEEDBACK: rnd() * 0.95, MIX: rnd() };
    const dsp = node('Long Delay', p, 2, 1);
    const line = new DelayLine(Math.ceil(RATE * 10.5));
    const x = dsp.inputs[0];
    for (let b = 0; b < 60; b++) {
      // The time moves between runs (it is not smoothed); a time cord now and then takes the general loop.
      if (rnd() < 0.2) p.TIME = 0.01 + rnd() * 40;
      dsp.connected[1] = rnd() < 0.2;
      for (let i = 0; i < 128; i++) {
        x[i] = rnd() * 2 - 1;
        dsp.inputs[1][i] = rnd() * 2 - 1;
      }
      const from = rnd() < 0.7 ? 0 : Math.floor(rnd() * 64);
      const to = from + 1 + Math.floor(rnd() * (128 - from));
      dsp.process(from, to);
      const expected = new Float32Array(128);
      const base = (p.TIME / 1000) * RATE;
      for (let i = from; i < to; i++) {
        const d = dsp.connected[1] ? clamp(base * 2 ** dsp.inputs[1][i], 1, RATE * 10) : clamp(base, 1, RATE * 10);
        const y = line.read(d);
        line.write(x[i] + y * p.FEEDBACK);
        expected[i] = x[i] * (1 - p.MIX) + y * p.MIX;
      }
      const at = firstDifference(expected, dsp.outputs[0], from, to);
      assert.equal(at, -1, `trial ${trial}, block ${b}: sample ${at}`);
      if (!dsp.connected[1]) steadyRuns++;
    }
  }
  assert.ok(steadyRuns > 800, `${steadyRuns} steady runs`);
});

test('an SVF module whose Cutoff and Resonance stand still, move and return gives what a motion advanced every block gives', { timeout: 30_000 }, () => {
  const rnd = seededRandom(730);
  let moving = 0;
  for (let trial = 0; trial < 30; trial++) {
    const p = { CUTOFF: 300 + rnd() * 4000, RESONANCE: rnd(), MODE: Math.floor(rnd() * 4) };
    const dsp = node('SVF', p, 2, 1);
    const motion = new FilterMotion(RATE);
    const f = new Svf();
    const x = dsp.inputs[0];
    const expected = new Float32Array(128);
    for (let b = 0; b < 200; b++) {
      if (rnd() < 0.05) {
        dsp.noteOn();
        motion.reset();
      }
      // Moves, and moves back to where it stood before.
      if (rnd() < 0.05) p.CUTOFF = rnd() < 0.5 ? 300 + rnd() * 4000 : 1000;
      if (rnd() < 0.03) p.RESONANCE = rnd() < 0.5 ? rnd() : 0.5;
      for (let i = 0; i < 128; i++) x[i] = rnd() * 2 - 1;
      // A block in two runs now and then (a note starting inside it): the motion advances at the first.
      const cut = rnd() < 0.2 ? 1 + Math.floor(rnd() * 126) : 128;
      for (const [from, to] of cut === 128
        ? [[0, 128]]
        : [
            [0, cut],
            [cut, 128],
          ]) {
        dsp.process(from, to);
        if (from === 0) motion.block(p.CUTOFF, p.RESONANCE);
        const k = resonanceDamping(p.RESONANCE);
        if (!motion.moving) f.set(p.CUTOFF, k, RATE);
        else moving++;
        for (let i = from; i < to; i++) {
          if (motion.moving) f.set(motion.cutoff(i), motion.damping(i), RATE);
          expected[i] = f.tick(x[i], p.MODE);
        }
      }
      const at = firstDifference(expected, dsp.outputs[0], 0, 128);
      assert.equal(at, -1, `trial ${trial}, block ${b}: sample ${at}`);
    }
  }
  assert.ok(moving > 200, `${moving} runs while moving`);
});
