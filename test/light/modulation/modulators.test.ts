// Behaviour of each stock modulator, stepped with deltaMs (no wall clock, seeded randomness).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LXEngineComponent } from '../../../src/light/show/lx-engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { LoadContext } from '../../../src/light/component/lxp-types.js';
import type { Modulator } from '../../../src/light/modulation/modulator.js';
import { BooleanLogic } from '../../../src/light/modulation/modulators/boolean-logic.js';
import { ComparatorModulator } from '../../../src/light/modulation/modulators/comparator-modulator.js';
import { CycleModulator } from '../../../src/light/modulation/modulators/cycle-modulator.js';
import { Damper } from '../../../src/light/modulation/modulators/damper.js';
import { Interval } from '../../../src/light/modulation/modulators/interval.js';
import { MacroSwitches } from '../../../src/light/modulation/modulators/macro-switches.js';
import { MultiModeEnvelope } from '../../../src/light/modulation/modulators/multi-mode-envelope.js';
import { MultiStageEnvelope } from '../../../src/light/modulation/modulators/multi-stage-envelope.js';
import { MultiTrig } from '../../../src/light/modulation/modulators/multi-trig.js';
import { NoiseModulator } from '../../../src/light/modulation/modulators/noise-modulator.js';
import { OperatorModulator } from '../../../src/light/modulation/modulators/operator-modulator.js';
import { Quantizer } from '../../../src/light/modulation/modulators/quantizer.js';
import { Randomizer } from '../../../src/light/modulation/modulators/randomizer.js';
import { Scaler } from '../../../src/light/modulation/modulators/scaler.js';
import { Smoother } from '../../../src/light/modulation/modulators/smoother.js';
import { Spring } from '../../../src/light/modulation/modulators/spring.js';
import { StepSequencer } from '../../../src/light/modulation/modulators/step-sequencer.js';
import { Stepper } from '../../../src/light/modulation/modulators/stepper.js';
import { Timer } from '../../../src/light/modulation/modulators/timer.js';
import { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';
import { noiseModulatorSample, noiseModulatorStep } from '../../../src/light/math/noise-device-math.js';
import { resolveParameter } from '../../../src/engine/paths.js';
import { CompoundModulation } from '../../../src/light/modulation/compound-modulation.js';
import { Div } from '../../../src/light/tempo/divisions.js';

const DT = 1000 / 60;

function ctx(): LoadContext {
  return { ids: new Map(), registry: createLibrary(), defer: () => undefined, warn: () => undefined };
}

/** Puts a modulator into a light engine's global scope (so it sees the tempo and the root). */
function mount<M extends Modulator>(m: M): { lx: LXEngineComponent; m: M } {
  const lx = new LXEngineComponent();
  lx.modulation.insertModulator(m);
  m.start();
  return { lx, m };
}

function countFires(p: { onChange(l: () => void): unknown }): () => number {
  let n = 0;
  p.onChange(() => {
    n++;
  });
  return () => n;
}

test('BooleanLogic: ops left to right, NOT inputs, out drives triggers', () => {
  const m = new BooleanLogic();
  m.start();
  m.loop(DT);
  assert.equal(m.getValue(), 0);
  m.inputs[2].setOn(true);
  m.loop(DT);
  assert.equal(m.out.isOn(), true);
  m.ops[0].setValue(0); // AND
  m.ops[1].setValue(0);
  m.loop(DT);
  assert.equal(m.getValue(), 0); // (in1 AND in2) AND in3 → false, then OR in4 → false
  m.nots[0].setOn(true);
  m.nots[1].setOn(true);
  m.loop(DT);
  assert.equal(m.getValue(), 1);
  assert.equal(m.getTriggerSource(), m.out);
  assert.equal(m.isMappingSource, false);
});

test('ComparatorModulator: every comparison on effective inputs', () => {
  const m = new ComparatorModulator();
  m.start();
  m.in1.setValue(0.2);
  m.in2.setValue(0.5);
  const results: number[] = [];
  for (let c = 0; c < 6; c++) {
    m.comparison.setValue(c);
    m.loop(DT);
    results.push(m.getValue());
  }
  assert.deepEqual(results, [0, 0, 1, 1, 0, 1]);
});

test('CycleModulator: basis += Δt·Hz·speed, wrapped; bipolar runs backwards; reset to 0', () => {
  const m = new CycleModulator();
  m.start();
  m.speedRangeHz.setValue(2);
  m.loop(250);
  assert.equal(m.getValue(), 0.5);
  m.loop(300);
  assert.ok(Math.abs(m.getValue() - 0.1) < 1e-12);
  m.speedPolarity.setValue(1);
  m.speedBipolar.setValue(-0.5);
  m.loop(200);
  assert.ok(Math.abs(m.getValue() - 0.9) < 1e-12);
  m.reset.fire();
  assert.equal(m.getValue(), 0);
});

test('Damper: moves toward 1 while engaged and back when released; easing; triggers', () => {
  const m = new Damper();
  m.periodMs.setValue(1000);
  m.triggerEngage.fire();
  assert.equal(m.isRunning(), true);
  assert.equal(m.toggle.isOn(), true);
  m.loop(250);
  assert.equal(m.getValue(), 0.25);
  m.loop(1000);
  assert.equal(m.getValue(), 1);
  m.triggerRelease.fire();
  m.loop(500);
  assert.equal(m.getValue(), 0.5);
  m.sinShaping.setOn(true);
  m.loop(0);
  assert.ok(Math.abs(m.getValue() - 0.5) < 1e-15);
  m.loop(250);
  assert.ok(Math.abs(m.getValue() - (0.5 + 0.5 * Math.sin(-Math.PI / 2 + Math.PI * 0.25))) < 1e-15);
  assert.equal(m.getTriggerSource(), m.toggle);
});

test('Interval: fires on each elapsed interval at 100 % chance, never at 0 %', () => {
  const m = new Interval();
  m.periodMs.setValue(100);
  m.start();
  const fired = countFires(m.triggerOut);
  let ones = 0;
  for (let k = 0; k < 60; k++) {
    m.loop(DT);
    ones += m.getValue();
  }
  assert.equal(fired(), 10);
  assert.equal(ones, 10);
  m.chance.setValue(0);
  for (let k = 0; k < 60; k++) m.loop(DT);
  assert.equal(fired(), 10);
});

test('MultiTrig: All, Cycle, Reverse, Flip; input chance; stopped ignores input; cycle check sees every output', () => {
  const m = new MultiTrig();
  m.start();
  const counts = m.outs.map((o) => countFires(o));
  m.triggerIn.fire();
  assert.deepEqual(
    counts.map((c) => c()),
    [1, 1, 1, 1, 1],
  );
  m.mode.setValue(2); // Cycle
  m.numOutputs.setValue(3);
  m.triggerIn.fire();
  m.triggerIn.fire();
  m.triggerIn.fire();
  assert.deepEqual(
    counts.map((c) => c()),
    [2, 2, 2, 1, 1],
  );
  m.mode.setValue(4); // Flip from index 0: 1, 2, 1, 0
  for (let i = 0; i < 4; i++) m.triggerIn.fire();
  assert.deepEqual(
    counts.map((c) => c()),
    [3, 4, 3, 1, 1],
  );
  m.inputChance.setValue(0);
  m.triggerIn.fire();
  assert.deepEqual(
    counts.map((c) => c()),
    [3, 4, 3, 1, 1],
  );
  m.inputChance.setValue(1);
  m.stop();
  m.triggerIn.fire();
  assert.deepEqual(
    counts.map((c) => c()),
    [3, 4, 3, 1, 1],
  );
  m.start();
  m.numOutputs.setValue(0);
  m.triggerIn.fire();
  assert.equal(m.triggerOutputs().length, 5);
  assert.equal(m.chances[4].label, 'Chance 1');
});

test('NoiseModulator: LX basis step and sample, clamped to min/max', () => {
  const m = new NoiseModulator();
  m.start();
  let basis = 0;
  for (let k = 0; k < 30; k++) {
    m.loop(DT);
    basis = noiseModulatorStep(basis, DT, 1, 0.25);
    const v = 0.5 + 1 * noiseModulatorSample('PERLIN', basis, 0, 3, 2, 0.5, Math.fround(0.9), 0);
    assert.equal(m.getValue(), v < 0 ? 0 : v > 1 ? 1 : v);
  }
  m.minLevel.setValue(0.4);
  m.maxLevel.setValue(0.45);
  m.algorithm.setValue(4); // Static: seeded
  for (let k = 0; k < 30; k++) {
    m.loop(DT);
    assert.ok(m.getValue() >= 0.4 && m.getValue() <= 0.45);
  }
});

test('OperatorModulator: each operation with amount', () => {
  const m = new OperatorModulator();
  m.start();
  m.in1.setValue(0.6);
  m.in2.setValue(0.3);
  m.amount.setValue(0.5);
  const got: number[] = [];
  for (let op = 0; op < 10; op++) {
    m.operation.setValue(op);
    m.loop(DT);
    got.push(Math.round(m.getValue() * 1e9) / 1e9);
  }
  assert.deepEqual(got, [0.45, 0.75, 0.45, 0.45, 0.39, 1, 0.55, 0.45, 0.6, 0.5]);
});

test('Quantizer: fires at once with None, otherwise on the next division boundary', () => {
  const { lx, m } = mount(new Quantizer());
  const fired = countFires(m.triggerOut);
  m.triggerIn.fire();
  assert.equal(fired(), 1);
  m.quantization.setValue(6); // 1/4: one beat = 500 ms at 120 bpm
  lx.tempo.loop(DT);
  m.loop(DT);
  m.triggerIn.fire();
  assert.equal(m.pending, true);
  let frames = 0;
  while (fired() === 1 && frames < 100) {
    lx.tempo.loop(DT);
    lx.modulation.loop(DT);
    frames++;
  }
  assert.equal(fired(), 2);
  assert.equal(lx.tempo.getCycleCount(Div.QUARTER), 1);
  assert.equal(m.pending, false);
});

test('Randomizer: seeded targets in [min, max] every interval; Direct, Damped and Smooth; External mode', () => {
  const a = new Randomizer();
  const b = new Randomizer();
  for (const r of [a, b]) {
    r.reseed(42);
    r.periodMs.setValue(100);
    r.min.setValue(0.2);
    r.max.setValue(0.4);
    r.start();
  }
  const fired = countFires(a.triggerOut);
  for (let k = 0; k < 60; k++) {
    a.loop(DT);
    b.loop(DT);
    assert.equal(a.getValue(), b.getValue());
  }
  assert.equal(fired(), 10);
  assert.ok(a.getValue() >= 0.2 && a.getValue() <= 0.4);
  // Damped: at most speed·Δt per frame.
  a.lerpMode.setValue(1);
  a.speed.setValue(0.01);
  a.accelTimeSecs.setValue(0);
  let last = a.getValue();
  for (let k = 0; k < 30; k++) {
    a.loop(DT);
    assert.ok(Math.abs(a.getValue() - last) <= (0.01 * DT) / 1000 + 1e-12);
    last = a.getValue();
  }
  // External: only triggerIn picks a new target.
  a.lerpMode.setValue(0);
  a.triggerMode.setValue(1);
  const before = fired();
  for (let k = 0; k < 60; k++) a.loop(DT);
  assert.equal(fired(), before);
  a.triggerIn.fire();
  assert.equal(fired(), before + 1);
});

test('Scaler: unipolar gain, inverted gain, offset, shaping; bipolar around the middle', () => {
  const m = new Scaler();
  assert.equal(m.compute(0.5), 0.5);
  m.gainUnipolar.setValue(0.5);
  assert.equal(m.compute(0.8), 0.4);
  m.gainFactor.setValue(-1);
  assert.ok(Math.abs(m.compute(0.8) - 0.1) < 1e-15); // lerp(0, 1 − x, −g) = (1 − 0.8)·0.5
  m.gainFactor.setValue(1);
  m.offset.setValue(0.7);
  assert.equal(m.compute(0.8), 1);
  m.offset.setValue(0);
  m.shaping.setValue(0.5);
  assert.equal(m.compute(0.8), 0.4 * 0.4);
  m.inputPolarity.setValue(1);
  m.shaping.setValue(0);
  m.gainUnipolar.setValue(1);
  assert.equal(m.compute(0.7), 0.7);
  m.gainPolarity.setValue(1);
  m.gainBipolar.setValue(-1);
  assert.ok(Math.abs(m.compute(0.7) - 0.3) < 1e-15);
});

test('Smoother and Spring follow their input', () => {
  const s = new Smoother();
  s.start();
  s.input.setValue(1);
  s.loop(250);
  assert.equal(s.getValue(), 0.5);
  s.loop(250);
  assert.equal(s.getValue(), 0.75);
  const sp = new Spring();
  sp.start();
  sp.position.setValue(1);
  for (let k = 0; k < 600; k++) {
    sp.loop(DT);
    assert.ok(sp.getValue() >= 0 && sp.getValue() <= 1);
  }
  assert.ok(Math.abs(sp.getValue() - 1) < 1e-3);
});

test('Stepper: 500 ms steps with sync off, value and trigger per step; External steps on triggerIn', () => {
  const m = new Stepper();
  m.tempoSync.setOn(false);
  m.numSteps.setValue(4);
  m.steps[1].setValue(0.25);
  m.steps[2].setValue(0.5);
  m.start();
  const fired = countFires(m.triggerOut);
  for (let k = 0; k < 31; k++) m.loop(DT); // just past 500 ms
  assert.equal(m.step, 1);
  assert.equal(m.getValue(), 0.25);
  assert.equal(m.activeStep[1].isOn(), true);
  assert.equal(fired(), 1);
  m.triggerMode.setValue(1);
  for (let k = 0; k < 60; k++) m.loop(DT);
  assert.equal(m.step, 1);
  m.triggerIn.fire();
  m.loop(DT);
  assert.equal(m.step, 2);
  assert.equal(m.getValue(), 0.5);
  assert.equal(fired(), 2);
});

test('Stepper: tempo-locked steps follow the division cycle count', () => {
  const { lx, m } = mount(new Stepper());
  for (let k = 0; k < 62; k++) {
    lx.tempo.loop(DT);
    lx.modulation.loop(DT);
  }
  // 62 frames ≈ 1033 ms = 2 beats at 120 bpm.
  assert.equal(m.step, lx.tempo.getCycleCount(Div.QUARTER) % 16);
  assert.equal(m.step, 2);
});

test('StepSequencer: fires only on enabled steps', () => {
  const m = new StepSequencer();
  m.triggerMode.setValue(1);
  m.steps[2].setOn(true);
  m.start();
  const fired = countFires(m.triggerOut);
  m.triggerIn.fire();
  assert.equal(fired(), 0);
  m.triggerIn.fire();
  assert.equal(m.step, 2);
  assert.equal(fired(), 1);
});

test("Timer: on during the set second of an enabled day, from the show's wall clock only", () => {
  const { lx, m } = mount(new Timer());
  m.loop(DT);
  assert.equal(m.getValue(), 0); // no wall clock wired: never fires
  const t = new Date(2024, 0, 3, 12, 34, 56).getTime(); // a Wednesday, local time
  (lx as unknown as { wallClockMs: () => number }).wallClockMs = () => t;
  resolveParameter(lx, `${m.path}/time/hours`).setBase(12);
  resolveParameter(lx, `${m.path}/time/minutes`).setBase(34);
  resolveParameter(lx, `${m.path}/time/seconds`).setBase(56);
  assert.equal(m.time.getSecondsOfDay(), 12 * 3600 + 34 * 60 + 56);
  m.loop(DT);
  assert.equal(m.getValue(), 1);
  assert.equal(m.triggerOut.isOn(), true);
  m.days[3].setOn(false);
  m.loop(DT);
  assert.equal(m.getValue(), 0);
  const json = m.save();
  assert.equal(json.parameters!['time/hours'], 12);
  assert.equal('time' in json.parameters!, false);
});

test('MultiStageEnvelope: breakpoints with shapes, one-shot, stages saved and loaded', () => {
  const m = new MultiStageEnvelope();
  assert.equal(m.looping.isOn(), false);
  assert.equal(m.tempoLock.isOn(), false);
  m.addStage(0.5, 1, 2);
  m.setStage(2, 1, 0);
  assert.equal(m.compute(0.25), 0.25);
  assert.equal(m.compute(0.5), 1);
  assert.equal(m.compute(0.75), 0.5);
  m.start();
  m.loop(250);
  assert.equal(m.getValue(), 0.25);
  m.loop(1000);
  assert.equal(m.finished(), true);
  assert.equal(m.isRunning(), false);
  const json = m.save();
  assert.deepEqual(json.stages, [
    { basis: 0, value: 0, shape: 1 },
    { basis: 0.5, value: 1, shape: 2 },
    { basis: 1, value: 0, shape: 1 },
  ]);
  const copy = new MultiStageEnvelope();
  copy.load(json, ctx());
  assert.deepEqual(copy.stages, m.stages);
  assert.throws(() => copy.removeStage(0), /fixed/);
});

test('MultiModeEnvelope: attack, hold, decay to sustain, release; overflow carries into the next stage', () => {
  const m = new MultiModeEnvelope();
  m.attack.setValue(100);
  m.decay.setValue(100);
  m.sustain.setValue(0.5);
  m.release.setValue(200);
  m.start();
  m.loop(DT);
  assert.equal(m.getValue(), 0);
  m.engage.setOn(true);
  m.loop(50);
  assert.equal(m.getValue(), 0.5);
  m.loop(100); // 50 ms left of attack, then 50 ms into the decay: lerp(0.5, 1, 0.5)
  assert.equal(m.getValue(), 0.75);
  m.loop(1000);
  assert.equal(m.getValue(), 0.5);
  m.engage.setOn(false);
  m.loop(100);
  assert.equal(m.getValue(), 0.25);
  m.loop(1000);
  assert.equal(m.getValue(), 0);
  // A target trigger opens and closes the gate at once; a one-shot plays it out.
  m.oneshot.setOn(true);
  m.targetTrigger.fire();
  m.loop(100);
  assert.equal(m.getValue(), 1);
  m.loop(100 + 200);
  assert.equal(m.getValue(), 0);
  assert.equal(m.getTriggerSource(), m.engage);
});

test('MacroSwitches: exclusive switches behave as radio buttons', () => {
  const m = new MacroSwitches();
  m.macros[0].setOn(true);
  m.macros[1].setOn(true);
  m.exclusive.setOn(true);
  assert.deepEqual(
    m.macros.map((x) => x.isOn()),
    [true, false, false, false, false, false, false, false],
  );
  m.macros[4].setOn(true);
  assert.deepEqual(
    m.macros.map((x) => x.isOn()),
    [false, false, false, false, true, false, false, false],
  );
});

test('periodic modulators: tempo sync with lock follows the division phase; without lock runs at the beat period', () => {
  const { lx, m } = mount(new VariableLFO());
  m.wave.setValue(3); // Up: value = basis
  m.clockMode.setValue(2); // Sync
  m.tempoDivision.setValue(Div.HALF.ordinal);
  for (let k = 0; k < 20; k++) {
    lx.tempo.loop(DT);
    lx.modulation.loop(DT);
    assert.equal(m.getValue(), lx.tempo.getBasis(Div.HALF));
  }
  m.tempoLock.setOn(false);
  const before = m.getBasis();
  m.loop(100);
  assert.ok(Math.abs(m.getBasis() - (before + (100 / 500) * 0.5)) < 1e-12);
});

test('OperatorModulator: division by 0 is IEEE, as in LX (x/0 → 1, 0/0 → NaN, NaN passes Add, Subtract clips it)', () => {
  const m = new OperatorModulator();
  m.start();
  const run = (op: number, a: number, b: number, amount = 1): number => {
    m.operation.setValue(op);
    m.in1.setValue(a);
    m.in2.setValue(b);
    m.amount.setValue(amount);
    m.loop(DT);
    return m.getValue();
  };
  assert.equal(run(5, 0.4, 0, 0.6), 1); // Divide: 0.4/0 = ∞, lerp → ∞, capped at 1
  assert.ok(Number.isNaN(run(5, 0.4, 0, 0))); // amount 0: (∞ − 0.4)·0 = NaN
  assert.ok(Number.isNaN(run(5, 0, 0)));
  assert.ok(Number.isNaN(run(6, 0, 0))); // Ratio 0/0
  assert.equal(run(6, 0.5, 0.5), 1);
  assert.equal(run(6, 0, 0.5), 0);
  assert.equal(run(6, 0.5, 0), 0);
  // A NaN into In-1 (as when one Operator modulates another): Add keeps it, Subtract clips it to 0.
  const nan = new OperatorModulator();
  nan.operation.setValue(6);
  nan.start();
  nan.loop(DT);
  assert.ok(Number.isNaN(nan.getValue()));
  const next = new OperatorModulator();
  next.start();
  next.in1.setValue(0);
  next.in2.setValue(0.2);
  const link = new CompoundModulation(nan, next.in1);
  link.range.setValue(1);
  link.connect();
  next.operation.setValue(1);
  next.loop(DT);
  assert.ok(Number.isNaN(next.getValue()));
  next.operation.setValue(2);
  next.loop(DT);
  assert.equal(next.getValue(), 0);
});

test('CycleModulator: a saved bipolar speed loads as the unipolar speed, as LX reads polarity after speed', () => {
  const saved = new CycleModulator();
  saved.speedPolarity.setValue(1);
  saved.speedBipolar.setValue(-0.6);
  const json = saved.save();
  assert.equal((json.parameters as Record<string, unknown>).speedBipolar, -0.6);
  const copy = new CycleModulator();
  copy.load(json, ctx());
  assert.equal(copy.speedPolarity.getValue(), 1);
  assert.equal(copy.speedBipolar.getValue(), 1);
  copy.start();
  copy.loop(500);
  assert.equal(copy.getValue(), 0.5);
});
