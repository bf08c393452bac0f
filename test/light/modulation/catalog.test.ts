// Every stock modulator against LX 1.2.1's observed parameter tables: class names, registry order,
// placement, labels, and each parameter's key, order, label, kind, range, default, exponent,
// units, polarity, wrap and momentary flags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import { BooleanParameter } from '../../../src/engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../src/engine/parameters/discrete.js';
import { EnumParameter } from '../../../src/engine/parameters/enum.js';
import type { Parameter } from '../../../src/engine/parameters/parameter.js';
import { StringParameter } from '../../../src/engine/parameters/string.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { Modulator } from '../../../src/light/modulation/modulator.js';

type Row = [key: string, label: string, type: string, range: string, dflt: string, flags: string];
const TABLES = JSON.parse(readFileSync(new URL('./fixtures/lx-modulator-params.json', import.meta.url), 'utf8')).classes as Record<string, Row[]>;
const COMMON = ['label', 'running', 'trigger', 'reset'];

const registry = createLibrary();
const modulators = registry.list('modulator');

test('modulator registry: LX 1.2.1 order, 28 classes, MIDI Note unavailable with the reason', () => {
  assert.deepEqual(
    modulators.map((e) => e.className.slice(e.className.lastIndexOf('.') + 1)),
    Object.keys(TABLES),
  );
  assert.equal(modulators.length, 28);
  const unavailable = modulators.filter((e) => e.create === undefined).map((e) => e.className.slice(e.className.lastIndexOf('.') + 1));
  assert.deepEqual(unavailable, ['MidiNoteTrigger']);
  for (const e of modulators) if (e.create === undefined) assert.match(e.unavailable ?? '', /MIDI/);
  const globalOnly = modulators.filter((e) => e.global && !e.device).map((e) => e.name);
  assert.deepEqual(globalOnly, ['Sound Object', 'Timer']);
});

test('modulator registry: display names, categories and default labels', () => {
  const expect: Record<string, [name: string, category: string, label?: string]> = {
    BooleanLogic: ['Logic', 'Trigger', 'Logic'],
    ComparatorModulator: ['Comparator', 'Trigger', 'Comparator'],
    CycleModulator: ['Cycle', 'Core', 'Cycle'],
    Damper: ['Damper', 'Core', 'Damper'],
    Interval: ['Interval', 'Trigger', 'Interval'],
    MacroKnobs: ['Knobs', 'Macro', 'Knobs'],
    MacroSwitches: ['Switches', 'Macro', 'Switches'],
    MacroTriggers: ['Triggers', 'Macro', 'Triggers'],
    MultiStageEnvelope: ['Envelope', 'Core', 'Env'],
    MultiModeEnvelope: ['AHDSR', 'Core', 'AHDSR'],
    MultiTrig: ['Multi Trig', 'Trigger', 'Multi Trig'],
    NoiseModulator: ['Noise', 'Core', 'Noise'],
    OperatorModulator: ['Operator', 'Core', 'Operator'],
    Quantizer: ['Quantizer', 'Trigger', 'Quantizer'],
    Randomizer: ['Randomizer', 'Core', 'Random'],
    Scaler: ['Scaler', 'Core', 'Scaler'],
    Smoother: ['Smoother', 'Core', 'Smoother'],
    Spring: ['Spring', 'Core', 'Spring'],
    Stepper: ['Stepper', 'Core', 'Stepper'],
    StepSequencer: ['Step Sequencer', 'Trigger', 'Step Sequencer'],
    Timer: ['Timer', 'Trigger', 'Timer'],
    VariableLFO: ['LFO', 'Core', 'LFO'],
    BandFilter: ['Band Filter', 'Audio', 'Filter'],
    BandGate: ['Beat Detect', 'Audio', 'Beat'],
    SoundObject: ['Sound Object', 'Audio', 'Sound Object'],
    DmxModulator: ['DMX Channel', 'DMX', 'DMX'],
    DmxColorModulator: ['DMX Color', 'DMX', 'DMX Color'],
    MidiNoteTrigger: ['MIDI Note', 'Trigger'],
  };
  for (const e of modulators) {
    const simple = e.className.slice(e.className.lastIndexOf('.') + 1);
    const [name, category, label] = expect[simple];
    assert.equal(e.name, name, simple);
    assert.equal(e.category, category, simple);
    if (e.create !== undefined) {
      const m = e.create();
      assert.ok(m instanceof Modulator, simple);
      assert.equal(m.lxClass, e.className);
      assert.equal(m.label.getString(), label, simple);
    }
  }
});

function kindOf(p: Parameter): string {
  if (p.kind === 'trigger') return 'Trig';
  if (p.kind === 'color') return 'Color';
  if (p instanceof DiscreteParameter && p.label === 'Index') return 'PaletteIndex';
  if (p instanceof BooleanParameter) return 'Bool';
  if (p instanceof EnumParameter) return p.objectChooser ? 'Obj' : 'Enum';
  if (p instanceof DiscreteParameter) return 'Dsc';
  if (p instanceof BoundedParameter) return p.modulatable ? 'Cmp' : 'Bnd';
  if (p instanceof StringParameter) return 'Str';
  return p.kind;
}

const UNITS: Record<string, string> = {
  '%n': 'percentNormalized',
  '%': 'percent',
  ms: 'milliseconds',
  'ms-raw': 'millisecondsRaw',
  s: 'seconds',
  Hz: 'hertz',
  deg: 'degrees',
  dB: 'decibels',
};

for (const e of modulators.filter((x) => x.create !== undefined)) {
  const simple = e.className.slice(e.className.lastIndexOf('.') + 1);
  test(`${simple}: parameters match LX 1.2.1 (keys, order, labels, kinds, ranges, defaults, flags)`, () => {
    const m = e.create!() as Modulator;
    const keys = [...m.parameters].filter(([, p]) => !p.internal).map(([k]) => k);
    assert.deepEqual(keys.slice(0, 4), COMMON);
    const rows = TABLES[simple];
    assert.deepEqual(
      keys.slice(4),
      rows.map((r) => r[0]),
    );
    for (const [key, label, type, range, dflt, flags] of rows) {
      const p = m.parameters.get(key)!;
      const where = `${simple}.${key}`;
      assert.equal(p.label, label, `${where} label`);
      if (type === 'Time') continue; // the aggregate; its subs are checked as Dsc rows
      if (type === 'Norm') {
        // LX's NormalizedParameter: a plain 0–1 bounded parameter here.
        assert.ok(p instanceof BoundedParameter && !p.modulatable && p.min === 0 && p.max === 1, `${where} kind`);
        assert.equal(p.getBaseValue(), Number(dflt), `${where} default`);
        continue;
      }
      assert.equal(kindOf(p), type === 'QTrig' ? 'Trig' : type, `${where} kind`);
      if (type === 'Color') continue; // the aggregate; its subs are checked as Cmp rows (its default black is their 0s)
      if (type === 'PaletteIndex') {
        assert.ok(p instanceof DiscreteParameter && p.min === 1 && p.max === 5 && p.getBaseValue() === Number(dflt), `${where} palette index`);
        assert.deepEqual(p.options, range.replace(/^\{|\}$/g, '').split(', '), `${where} options`);
        continue;
      }
      const flag = flags.split(' ').filter(Boolean);
      if (p instanceof BoundedParameter) {
        const [lo, hi] = range.split('–').map(Number);
        assert.equal(p.min, lo, `${where} min`);
        assert.equal(p.max, hi, `${where} max`);
        assert.equal(p.getBaseValue(), Number(dflt), `${where} default`);
        const exp = flag.find((f) => f.startsWith('exp='));
        assert.equal(p.exponent, exp === undefined ? 1 : Number(exp.slice(4)), `${where} exponent`);
        const unit = flag.map((f) => UNITS[f]).find(Boolean);
        if (unit !== undefined) assert.equal(p.units, unit, `${where} units`);
        assert.equal(p.polarity, flag.includes('bi') ? 'bipolar' : 'unipolar', `${where} polarity`);
        assert.equal(p.wrappable, flag.includes('wrap'), `${where} wrap`);
      } else if (p instanceof EnumParameter) {
        const options = range.replace(/^\{|\}$/g, '').split(', ');
        assert.deepEqual(p.options, options, `${where} options`);
        assert.equal(p.options![p.getBaseValue()], dflt, `${where} default`);
      } else if (p instanceof DiscreteParameter) {
        const [lo, hi] = range.split('–').map(Number);
        assert.equal(p.min, lo, `${where} min`);
        assert.equal(p.max, hi, `${where} max`);
        assert.equal(p.getBaseValue(), Number(dflt), `${where} default`);
      } else if (p instanceof BooleanParameter && p.kind !== 'trigger') {
        assert.equal(p.getBaseValue() > 0, dflt === 'true', `${where} default`);
        assert.equal(p.mode === 'momentary', flag.includes('mom'), `${where} momentary`);
      } else if (p instanceof StringParameter) {
        assert.equal(p.getString(), JSON.parse(dflt), `${where} default`);
      }
    }
  });
}
