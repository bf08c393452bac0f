// Checks the behaviour the modulator notes (src/light/docs/notes) claim, by stepping modulators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MacroKnobs } from '../../../src/light/modulation/modulators/macro-knobs.js';
import { MacroSwitches } from '../../../src/light/modulation/modulators/macro-switches.js';
import { MacroTriggers } from '../../../src/light/modulation/modulators/macro-triggers.js';
import { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';

const FRAME = 1000 / 60;

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
  assert.deepEqual(s.macros.map((m) => m.isOn()), [false, false, true, false, false, false, false, false]);
  s.macros[6].setOn(true);
  assert.deepEqual(s.macros.map((m) => m.isOn()), [false, false, false, false, false, false, true, false]);
  s.macros[6].setOn(false);
  assert.ok(s.macros.every((m) => !m.isOn()), 'switching the lit one off leaves none on');
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
