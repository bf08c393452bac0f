// Departures from LX 1.2.1 that the device scenes of test/golden/lx-scenes/devices found (ahdsr, noise_modulator, test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MultiModeEnvelope } from '../../../src/light/modulation/modulators/multi-mode-envelope.js';
import { NoiseModulator } from '../../../src/light/modulation/modulators/noise-modulator.js';
import { noiseModulatorSample, noiseModulatorStep } from '../../../src/light/math/noise-device-math.js';
import { PeriodicState } from '../../../src/light/math/lfo-math.js';

const DT = 1000 / 60;

test('MultiModeEnvelope ADSR: the decay starts from the peak, not from 1', () => {
  const m = new MultiModeEnvelope();
  m.stageMode.setValue(1); // ADSR: no hold stage
  m.initial.setValue(0.2);
  m.peak.setValue(0.8);
  m.attack.setValue(100);
  m.decay.setValue(1000);
  m.sustain.setValue(0.5);
  m.start();
  m.engage.setOn(true);
  m.loop(100); // the attack ends exactly: the decay begins at the peak
  assert.equal(m.getValue(), 0.8);
  m.loop(500); // half the decay from 0.8 towards the sustain lerp(0.2, 0.8, 0.5) = 0.5
  assert.ok(Math.abs(m.getValue() - 0.65) < 1e-12, String(m.getValue()));
});

test('NoiseModulator: Min and Max scale the clamped noise, they do not clip it', () => {
  const m = new NoiseModulator();
  m.minLevel.setValue(0.2);
  m.maxLevel.setValue(0.8);
  m.level.setValue(0.7);
  m.start();
  let basis = 0;
  for (let k = 0; k < 30; k++) {
    m.loop(DT);
    basis = noiseModulatorStep(basis, DT, 1, 0.25);
    const v = 0.7 + noiseModulatorSample('PERLIN', basis, 0, 3, 2, 0.5, Math.fround(0.9), 0);
    assert.equal(m.getValue(), 0.2 + (0.8 - 0.2) * (v < 0 ? 0 : v > 1 ? 1 : v));
  }
});

test('a looping periodic basis that lands exactly on 1 wraps to 0, so the Test pattern steps once per period', () => {
  // Three steps of (1000/60)/50 sum to exactly 1.0 in double: LX loops and takes 1 % 1 = 0.
  const state = new PeriodicState();
  const looped: boolean[] = [];
  for (let k = 0; k < 6; k++) {
    state.advance(DT, 50, true);
    looped.push(state.looped);
  }
  assert.deepEqual(looped, [false, false, true, false, false, true]);
  assert.equal(state.basis, 0);
});
