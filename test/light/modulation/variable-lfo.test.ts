// The VariableLFO component against LX's recorded series (lfo_values.json), through its
// parameters and its loop, plus its clock modes and project round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGolden } from '../noise/golden-lx.js';
import { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';
import { VARIABLE_LFO_WAVES } from '../../../src/light/math/waveshapes.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { LoadContext } from '../../../src/light/component/lxp-types.js';

interface LfoValues {
  readonly deltaMs: number;
  readonly modulators: Record<string, number[]>;
}
const golden = readGolden('lfo_values.json') as LfoValues;

function ctx(): LoadContext {
  return { ids: new Map(), registry: createLibrary(), defer: () => undefined, warn: () => undefined };
}

for (const key of Object.keys(golden.modulators).filter((k) => k.startsWith('VariableLFO('))) {
  test(`VariableLFO component: ${key} equals LX sample for sample`, () => {
    const kv: Record<string, string> = {};
    for (const part of key.slice('VariableLFO('.length, -1).split(',')) {
      const [k, v] = part.split('=');
      kv[k] = v;
    }
    const lfo = new VariableLFO();
    lfo.wave.setValue(VARIABLE_LFO_WAVES.findIndex((w) => w.name === kv.wave));
    lfo.periodFast.setValue(Number(kv.periodFast));
    for (const p of ['phase', 'bias', 'skew', 'shape', 'exp'] as const) if (kv[p] !== undefined) lfo[p].setValue(Number(kv[p]));
    lfo.start();
    const want = golden.modulators[key];
    for (let k = 0; k < want.length; k++) {
      lfo.loop(golden.deltaMs);
      assert.ok(Object.is(lfo.getValue(), want[k]), `frame ${k}: got ${lfo.getValue()}, LX ${want[k]}`);
      assert.equal(lfo.getNormalized(), lfo.getValue());
    }
  });
}

test('VariableLFO: parameters in LX order with LX ranges and defaults', () => {
  const lfo = new VariableLFO();
  assert.deepEqual(
    [...lfo.parameters.keys()],
    [
      'label',
      'running',
      'trigger',
      'reset',
      'loop',
      'tempoSync',
      'tempoMultiplier',
      'tempoLock',
      'manualBasis',
      'basisIn',
      'clockMode',
      'periodFast',
      'periodSlow',
      'wave',
      'skew',
      'shape',
      'bias',
      'phase',
      'exp',
    ],
  );
  assert.equal(lfo.label.getString(), 'LFO');
  assert.equal(lfo.periodFast.min, 100);
  assert.equal(lfo.periodFast.max, 60000);
  assert.equal(lfo.periodFast.exponent, 4);
  assert.equal(lfo.periodSlow.getValue(), 10000);
  assert.equal(lfo.tempoDivision.constantName, 'QUARTER');
  assert.deepEqual(lfo.wave.options, ['Sine', 'Triangle', 'Square', 'Up', 'Down']);
  assert.equal(lfo.skew.polarity, 'bipolar');
  assert.equal(lfo.basisIn.wrappable, true);
});

test('VariableLFO: clock mode and sync/manual switches follow each other', () => {
  const lfo = new VariableLFO();
  lfo.clockMode.setValue(2);
  assert.equal(lfo.tempoSync.isOn(), true);
  lfo.tempoSync.setOn(false);
  assert.equal(lfo.clockMode.getValue(), 0);
  lfo.manualBasis.setOn(true);
  assert.equal(lfo.clockMode.constantName, 'INPUT');
  lfo.clockMode.setValue(1);
  assert.equal(lfo.manualBasis.isOn(), false);
  assert.equal(lfo.tempoSync.isOn(), false);
});

test('VariableLFO: Slow mode runs on periodSlow; Input mode follows basisIn', () => {
  const lfo = new VariableLFO();
  lfo.wave.setValue(3); // Up
  lfo.clockMode.setValue(1);
  lfo.periodSlow.setValue(2000);
  lfo.start();
  lfo.loop(500);
  assert.equal(lfo.getValue(), 0.25);
  lfo.clockMode.setValue(3);
  lfo.basisIn.setValue(0.7);
  lfo.loop(500);
  assert.equal(lfo.getValue(), 0.7);
  assert.equal(lfo.getBasis(), 0.7);
});

test('VariableLFO: a one-shot stops at the end and rewinds when started again', () => {
  const lfo = new VariableLFO();
  lfo.wave.setValue(3);
  lfo.looping.setOn(false);
  lfo.start();
  lfo.loop(600);
  lfo.loop(600);
  assert.equal(lfo.finished(), true);
  assert.equal(lfo.isRunning(), false);
  assert.equal(lfo.getValue(), 1);
  lfo.loop(16);
  assert.equal(lfo.finished(), false);
  lfo.start();
  assert.equal(lfo.getBasis(), 0);
  lfo.loop(250);
  assert.equal(lfo.getValue(), 0.25);
});

test('VariableLFO: trigger restarts from 0, reset stops at 0', () => {
  const lfo = new VariableLFO();
  lfo.wave.setValue(3);
  lfo.start();
  lfo.loop(400);
  lfo.trigger.fire();
  assert.equal(lfo.getBasis(), 0);
  assert.equal(lfo.isRunning(), true);
  lfo.loop(100);
  assert.equal(lfo.getValue(), 0.1);
  lfo.reset.fire();
  assert.equal(lfo.isRunning(), false);
  assert.equal(lfo.getBasis(), 0);
});

test('VariableLFO: saves and loads basis and parameters as LX does', () => {
  const lfo = new VariableLFO('Sin');
  lfo.periodFast.setValue(1500);
  lfo.wave.setValue(1);
  lfo.start();
  lfo.loop(300);
  const json = lfo.save();
  assert.equal(json.class, 'heronarts.lx.modulator.VariableLFO');
  assert.equal(json.basis, 0.2);
  assert.equal(json.parameters!.wave, 1);
  assert.equal(json.parameters!['clockMode/name'], 'FAST');
  assert.equal(json.parameters!['tempoMultiplier/name'], 'QUARTER');
  const copy = new VariableLFO();
  copy.load(json, ctx());
  assert.equal(copy.label.getString(), 'Sin');
  assert.equal(copy.getBasis(), 0.2);
  assert.equal(copy.isRunning(), true);
  assert.equal(copy.getValue(), 0.4);
  copy.loop(300);
  lfo.loop(300);
  assert.equal(copy.getValue(), lfo.getValue());
});
