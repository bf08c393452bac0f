// Checks the behaviour the modulator notes (src/light/docs/notes) claim, by stepping modulators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import type { Modulator } from '../../../src/light/modulation/modulator.js';
import { BooleanLogic } from '../../../src/light/modulation/modulators/boolean-logic.js';
import { ComparatorModulator } from '../../../src/light/modulation/modulators/comparator-modulator.js';
import { CycleModulator } from '../../../src/light/modulation/modulators/cycle-modulator.js';
import { Damper } from '../../../src/light/modulation/modulators/damper.js';
import { Interval } from '../../../src/light/modulation/modulators/interval.js';
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
import { MacroKnobs } from '../../../src/light/modulation/modulators/macro-knobs.js';
import { MacroSwitches } from '../../../src/light/modulation/modulators/macro-switches.js';
import { MacroTriggers } from '../../../src/light/modulation/modulators/macro-triggers.js';
import { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';

const FRAME = 1000 / 60;
const r = (x: number, digits = 2) => Number(x.toFixed(digits));

/** One cycle of an LFO (period 1 s) sampled every frame. */
function cycle(setup: (l: VariableLFO) => void, frames = 60): number[] {
  const l = new VariableLFO();
  setup(l);
  l.start();
  const out: number[] = [];
  for (let i = 0; i < frames; i++) {
    l.loop(FRAME);
    out.push(l.getValue());
  }
  return out;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs));

test('Knobs note: the modulator itself outputs 0 and is not a modulation source; its knobs are', () => {
  const k = new MacroKnobs();
  k.start();
  k.macros[0].setValue(0.7);
  k.loop(FRAME);
  assert.equal(k.getValue(), 0);
  assert.equal(k.isMappingSource, false);
  assert.equal(k.macros[0].getValue(), 0.7);
  assert.equal(k.macros.length, 8);
});

test('Switches note: Exclusive makes them radio buttons; turning it on keeps the first switch that is on', () => {
  const s = new MacroSwitches();
  s.macros[2].setOn(true);
  s.macros[5].setOn(true);
  s.exclusive.setOn(true);
  assert.deepEqual(
    s.macros.map((m) => m.isOn()),
    [false, false, true, false, false, false, false, false],
  );
  s.macros[6].setOn(true);
  assert.deepEqual(
    s.macros.map((m) => m.isOn()),
    [false, false, false, false, false, false, true, false],
  );
  s.macros[6].setOn(false);
  assert.ok(
    s.macros.every((m) => !m.isOn()),
    'switching the lit one off leaves none on',
  );
});

test('Triggers note: eight momentary buttons', () => {
  const t = new MacroTriggers();
  assert.equal(t.macros.length, 8);
  assert.ok(t.macros.every((m) => m.mode === 'momentary'));
  assert.equal(t.isMappingSource, false);
});

test('LFO note: Sine starts at 0, peaks half way; Phase shifts it', () => {
  const v = cycle(() => {});
  assert.ok(v[0] < 0.01);
  assert.ok(Math.abs(argmax(v) - 29) <= 1, String(argmax(v)));
  const p = cycle((l) => l.phase.setValue(0.25));
  assert.ok(Math.abs(argmax(p) - 14) <= 1, String(argmax(p)));
});

test('LFO note: positive Bias and negative Exp raise the average; positive Exp lowers it', () => {
  const base = mean(cycle(() => {}));
  assert.ok(mean(cycle((l) => l.bias.setValue(0.8))) > base + 0.05);
  assert.ok(mean(cycle((l) => l.exp.setValue(0.5))) < base - 0.05);
  assert.ok(mean(cycle((l) => l.exp.setValue(-0.5))) > base + 0.05);
});

test('LFO note: positive Skew moves the peak later; Shape pushes toward the extremes', () => {
  assert.ok(argmax(cycle((l) => l.skew.setValue(0.5))) > 35);
  assert.ok(argmax(cycle((l) => l.skew.setValue(-0.5))) < 25);
  const near = (xs: number[]) => xs.filter((x) => x < 0.1 || x > 0.9).length;
  assert.ok(near(cycle((l) => l.shape.setValue(0.8))) > near(cycle(() => {})) + 10);
  assert.ok(near(cycle((l) => l.shape.setValue(-0.8))) < near(cycle(() => {})));
});

test('LFO note: Loop off runs one cycle and stops; Trigger restarts it', () => {
  const l = new VariableLFO();
  l.looping.setOn(false);
  l.start();
  for (let i = 0; i < 70; i++) l.loop(FRAME);
  assert.equal(l.isRunning(), false);
  const end = l.getValue();
  l.loop(FRAME);
  assert.equal(l.getValue(), end);
  l.trigger.fire();
  assert.equal(l.isRunning(), true);
  l.loop(FRAME);
  assert.ok(l.getValue() < 0.01);
});

test('LFO note: a Period change keeps the position (no jump); Slow mode has its own Period', () => {
  const l = new VariableLFO();
  l.start();
  for (let i = 0; i < 15; i++) l.loop(FRAME);
  const basis = l.getBasis();
  l.periodFast.setValue(4000);
  assert.equal(l.getBasis(), basis);
  l.loop(FRAME);
  assert.ok(Math.abs(l.getBasis() - (basis + FRAME / 4000)) < 1e-9);
  l.clockMode.setValue(1);
  l.loop(FRAME);
  assert.ok(Math.abs(l.getBasis() - (basis + FRAME / 4000 + FRAME / l.periodSlow.getValue())) < 1e-9);
});

test('LFO note: Input mode takes the position from the Basis knob', () => {
  const l = new VariableLFO();
  l.clockMode.setValue(3);
  assert.equal(l.manualBasis.isOn(), true);
  l.start();
  l.basisIn.setValue(0.5);
  l.loop(FRAME);
  assert.ok(l.getValue() > 0.99);
  l.loop(FRAME * 30);
  assert.ok(l.getValue() > 0.99);
});

// ---- modulators running in a show (tempo, wall clock) -----------------------------------------

/** A show whose global modulation engine runs `m` (started), stepped frame by frame. */
function live<M extends Modulator>(m: M) {
  const engine = new Engine();
  const show = new LightShow(engine);
  show.lx.modulation.insertModulator(m);
  m.start();
  return { show, step: (frames = 1, dt = FRAME) => engine.clock.stepFixed(frames, dt) };
}

/** Steps a standalone modulator `frames` frames and returns its values. */
function values(m: Modulator, frames: number, dt = FRAME): number[] {
  const out: number[] = [];
  for (let i = 0; i < frames; i++) {
    m.loop(dt);
    out.push(m.getValue());
  }
  return out;
}

test('Logic note: operators start as OR; AND with an unused input is false; evaluation is left to right', () => {
  const l = new BooleanLogic();
  l.start();
  l.inputs[0].setOn(true);
  l.loop(FRAME);
  assert.equal(l.out.isOn(), true);
  l.ops[0].setValue(0); // AND with In-2, unused (off)
  l.loop(FRAME);
  assert.equal(l.out.isOn(), false);
  l.nots[1].setOn(true);
  l.loop(FRAME);
  assert.equal(l.out.isOn(), true, 'Not on the unused input');
  // (In-1 OR In-2) AND In-3, not In-1 OR (In-2 AND In-3)
  const m = new BooleanLogic();
  m.start();
  m.inputs[0].setOn(true);
  m.ops[1].setValue(0);
  m.loop(FRAME);
  assert.equal(m.out.isOn(), false);
  assert.equal(m.isMappingSource, false);
});

test('Comparator note: thresholds a value into on/off every frame', () => {
  const c = new ComparatorModulator();
  c.start();
  c.comparison.setValue(0); // >
  c.in2.setValue(0.5);
  c.in1.setValue(0.7);
  c.loop(FRAME);
  assert.equal(c.out.isOn(), true);
  assert.equal(c.getValue(), 1);
  c.in1.setValue(0.3);
  c.loop(FRAME);
  assert.equal(c.out.isOn(), false);
});

test('Cycle note: a 0→1 ramp that wraps; bipolar Speed runs backwards; Reset returns to 0', () => {
  const c = new CycleModulator();
  c.start();
  const v = values(c, 70);
  assert.ok(v[29] > 0.49 && v[29] < 0.51, String(v[29]));
  assert.ok(v[65] < 0.2, 'wrapped');
  c.speedPolarity.setValue(1);
  c.speedBipolar.setValue(-1);
  const before = c.getValue();
  c.loop(FRAME);
  assert.ok(c.getValue() < before);
  c.reset.fire();
  assert.equal(c.getValue(), 0);
});

test('Damper note: glides over Interval, reverses midway without a jump; synced 1/16 lasts four beats', () => {
  const d = new Damper();
  d.toggle.setOn(true);
  const up = values(d, 30);
  assert.ok(Math.abs(up[29] - 0.5) < 0.01, String(up[29]));
  d.toggle.setOn(false);
  const down = values(d, 1);
  assert.ok(down[0] < up[29] && down[0] > 0.45);
  const synced = new Damper();
  synced.tempoSync.setOn(true);
  synced.tempoDivision.setValue(0); // 1/16
  const { step } = live(synced);
  synced.triggerEngage.fire();
  step(60); // one second = two beats at 120 bpm
  assert.ok(Math.abs(synced.getValue() - 0.5) < 0.02, String(synced.getValue()));
});

test('Interval note: fires every Interval (value 1 on that frame); Chance 0 never fires', () => {
  const i = new Interval();
  i.periodMs.setValue(250);
  i.start();
  const v = values(i, 62); // a little over one second
  assert.equal(v.filter((x) => x === 1).length, 4);
  assert.ok(v.every((x) => x === 0 || x === 1));
  const never = new Interval();
  never.periodMs.setValue(250);
  never.chance.setValue(0);
  never.start();
  assert.ok(values(never, 60).every((x) => x === 0));
});

test('AHDSR note: a held gate sustains; a trigger without Oneshot gives no attack; with Oneshot it plays; triggers set Peak to 100%', () => {
  const e = new MultiModeEnvelope();
  e.start();
  e.engage.setOn(true);
  values(e, 90); // attack 100 ms, decay 1 s to sustain 100%
  assert.ok(e.getValue() > 0.99);
  e.engage.setOn(false);
  values(e, 120);
  assert.ok(e.getValue() < 0.01, 'released');
  const t = new MultiModeEnvelope();
  t.peak.setValue(0.5);
  t.start();
  t.targetTrigger.fire();
  assert.equal(t.peak.getValue(), 1);
  assert.ok(Math.max(...values(t, 60)) < 0.01, 'no attack');
  t.oneshot.setOn(true);
  t.targetTrigger.fire();
  assert.ok(Math.max(...values(t, 30)) > 0.9, 'the whole envelope plays');
});

test('Env note: plays one cycle and stops at the last stage; stage curves', () => {
  const e = new MultiStageEnvelope();
  e.setStages([
    { basis: 0, value: 0, shape: 1 },
    { basis: 0.5, value: 1, shape: 3 },
    { basis: 1, value: 0.25, shape: 1 },
  ]);
  e.start();
  const v = values(e, 90);
  assert.equal(e.isRunning(), false);
  assert.equal(v[89], 0.25);
  assert.ok(v[14] < 0.2, `slow start of a shape-3 curve: ${v[14]}`);
});

test('Multi Trig note: Cycle fires the outputs in turn; nothing while stopped', () => {
  const m = new MultiTrig();
  m.mode.setValue(2);
  m.numOutputs.setValue(3);
  const fired: number[] = [];
  m.outs.forEach((o, i) =>
    o.onChange(() => {
      if (o.getBaseValue() > 0) fired.push(i);
    }),
  );
  m.triggerIn.fire();
  assert.deepEqual(fired, []);
  m.start();
  for (let k = 0; k < 4; k++) m.triggerIn.fire();
  assert.deepEqual(fired, [1, 2, 0, 1]);
  assert.equal(m.getValue(), 0);
});

test('Noise modulator note: Speed 0 holds still; Min/Max clamp; Static jumps every frame', () => {
  const n = new NoiseModulator();
  n.speed.setValue(0);
  n.start();
  const still = values(n, 30);
  assert.equal(new Set(still).size, 1);
  const c = new NoiseModulator();
  c.contrast.setValue(5);
  c.minLevel.setValue(0.2);
  c.maxLevel.setValue(0.6);
  c.speed.setValue(1);
  c.start();
  const v = values(c, 600);
  assert.ok(v.every((x) => x >= 0.2 && x <= 0.6));
  assert.ok(v.some((x) => x === 0.2) && v.some((x) => x === 0.6));
  const s = new NoiseModulator();
  s.algorithm.setValue(4);
  s.speed.setValue(0);
  s.start();
  assert.ok(new Set(values(s, 10)).size > 5);
});

test('Operator note: Amount moves from In-1 to the result', () => {
  const o = new OperatorModulator();
  o.start();
  o.in1.setValue(0.2);
  o.in2.setValue(0.8);
  const at = (op: number, amount = 1) => {
    o.operation.setValue(op);
    o.amount.setValue(amount);
    o.loop(FRAME);
    return r(o.getValue(), 4);
  };
  assert.equal(at(0, 0.5), 0.5); // Lerp
  assert.equal(at(1), 1); // Add clips
  assert.equal(at(4), 0.16); // Multiply
  assert.equal(at(6), 0.25); // Ratio
  assert.equal(at(9), 0.8); // Invert ignores In-2
  assert.equal(at(9, 0), 0.2);
});

test('Quantizer note: a press waits for the next boundary; presses while waiting fire once', () => {
  const q = new Quantizer();
  q.quantization.setValue(4); // 1 Bar
  let fired = 0;
  q.triggerOut.onChange(() => {
    if (q.triggerOut.getBaseValue() > 0) fired++;
  });
  const { step } = live(q);
  step(10);
  q.triggerIn.fire();
  q.triggerIn.fire();
  assert.equal(fired, 0);
  step(125); // a bar at 120 bpm is 2 s
  assert.equal(fired, 1);
  q.quantization.setValue(0); // None
  q.triggerIn.fire();
  assert.equal(fired, 2);
});

test('Randomizer note: Direct jumps inside Minimum..Maximum; Damped glides without overshoot', () => {
  const d = new Randomizer();
  d.min.setValue(0.3);
  d.max.setValue(0.4);
  d.start();
  const v = values(d, 300);
  assert.ok(v.slice(60).every((x) => x >= 0.3 && x <= 0.4));
  assert.ok(new Set(v).size > 3);
  const g = new Randomizer();
  g.lerpMode.setValue(1);
  g.speed.setValue(0.1);
  g.start();
  const w = values(g, 300);
  for (let k = 1; k < w.length; k++) assert.ok(Math.abs(w[k] - w[k - 1]) <= 0.1 / 60 + 1e-9, `step ${k}`);
});

test('Scaler note: gain, offset, clamp and shaping', () => {
  const s = new Scaler();
  s.start();
  const at = (x: number) => s.compute(x);
  s.gainUnipolar.setValue(0.5);
  s.offset.setValue(0.25);
  assert.equal(at(1), 0.75);
  s.gainPolarity.setValue(1);
  s.gainBipolar.setValue(-1);
  s.offset.setValue(0);
  assert.equal(at(0.25), 0.75);
  s.gainBipolar.setValue(1);
  s.shaping.setValue(0.5);
  assert.ok(at(0.5) < 0.5);
  s.shaping.setValue(-0.5);
  assert.ok(at(0.5) > 0.5);
});

test('Smoother note: follows Input exponentially; Spring overshoots with low friction', () => {
  const s = new Smoother();
  s.input.setValue(1);
  s.start();
  const v = values(s, 120);
  assert.ok(v[0] > 0 && v[0] < 0.1);
  assert.ok(v[119] > 0.9 && v[119] < 1);
  const sp = new Spring();
  sp.friction.setValue(0.05);
  sp.position.setValue(0.5);
  sp.start();
  const w = values(sp, 120);
  assert.ok(Math.max(...w) > 0.6, 'overshoots the target');
  const settled = new Spring();
  settled.friction.setValue(1);
  settled.tension.setValue(0.1);
  settled.position.setValue(0.5);
  settled.start();
  assert.ok(Math.max(...values(settled, 240)) <= 0.5 + 1e-9, 'heavy friction: no overshoot');
});

test('Stepper note: one step per quarter note at the tempo; External advances on Trigger In only', () => {
  const s = new Stepper();
  s.numSteps.setValue(4);
  s.steps.forEach((p, i) => p.setValue(i / 4));
  const { step } = live(s);
  const seen = new Set<number>();
  for (let k = 0; k < 130; k++) {
    step();
    seen.add(s.getValue());
  }
  assert.deepEqual([...seen].sort(), [0, 0.25, 0.5, 0.75]);
  const ext = new Stepper();
  ext.triggerMode.setValue(1);
  assert.equal(ext.tempoSync.isOn(), false);
  ext.start();
  values(ext, 120);
  assert.equal(ext.step, 0);
  ext.triggerIn.fire();
  assert.equal(ext.step, 1);
});

test('Step Sequencer note: fires only on steps that are on', () => {
  const q = new StepSequencer();
  q.triggerMode.setValue(1);
  q.steps[2].setOn(true);
  let fired = 0;
  q.triggerOut.onChange(() => {
    if (q.triggerOut.getBaseValue() > 0) fired++;
  });
  q.start();
  for (let k = 0; k < 16; k++) q.triggerIn.fire();
  assert.equal(fired, 1);
  assert.equal(q.isMappingSource, false);
});

test('Timer note: on during the set second of the show clock; never without a clock', () => {
  const t = new Timer();
  t.time.setValue(12 * 3600);
  const { show, step } = live(t);
  step(10);
  assert.equal(t.getValue(), 0, 'no wall clock');
  const noon = new Date(2030, 0, 7, 12, 0, 0, 500).getTime();
  let now = noon - 2000;
  (show.lx as unknown as { wallClockMs: () => number }).wallClockMs = () => now;
  step();
  assert.equal(t.triggerOut.isOn(), false);
  now = noon;
  step();
  assert.equal(t.triggerOut.isOn(), true);
  t.days[new Date(noon).getDay()].setOn(false);
  step();
  assert.equal(t.triggerOut.isOn(), false);
});
