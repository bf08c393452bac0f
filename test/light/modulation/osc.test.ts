import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LXEngineComponent } from '../../../src/light/show/lx-engine.js';
import { oscAddressOf } from '../../../src/light/modulation/osc-address.js';
import { modulationOscAddress, modulatorByOscLabel, modulatorOscAddress } from '../../../src/light/modulation/osc.js';
import { VariableLFO } from '../../../src/light/modulation/modulators/variable-lfo.js';
import { MacroKnobs } from '../../../src/light/modulation/modulators/macro-knobs.js';

test('modulator OSC addresses use the sanitized label; duplicates fall back to the 1-based path', () => {
  const lx = new LXEngineComponent();
  const lfo = new VariableLFO();
  const knobs = new MacroKnobs('My  Knobs #1');
  const twin = new VariableLFO();
  lx.modulation.insertModulator(lfo);
  lx.modulation.insertModulator(knobs);
  lx.modulation.insertModulator(twin);
  assert.equal(modulatorOscAddress(lfo), '/lx/modulation/LFO');
  assert.equal(oscAddressOf(lfo.periodFast), '/lx/modulation/LFO/periodFast');
  assert.equal(modulationOscAddress(lfo.periodFast), '/lx/modulation/LFO/periodFast');
  assert.equal(modulationOscAddress(knobs.macros[0]), '/lx/modulation/My-Knobs-1/macro1');
  assert.equal(modulationOscAddress(twin.periodFast), '/lx/modulation/modulator/3/periodFast');
  assert.equal(modulatorByOscLabel(lx.modulation, 'My-Knobs-1'), knobs);
  assert.equal(modulatorByOscLabel(lx.modulation, 'LFO'), lfo);
  assert.equal(modulatorByOscLabel(lx.modulation, 'Nope'), undefined);
  assert.equal(modulationOscAddress(lx.mixer.crossfader), undefined);
  assert.equal(oscAddressOf(lx.mixer.crossfader), '/lx/mixer/crossfader');
});
