import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FootlightError } from '../../src/engine/errors.js';
import { exp, gain, linear } from '../../src/sound/audio/dsp/params.js';
import { convertToUnit, formatDisplay, fromDisplayNumber, noteName, parseDisplay, toDisplayNumber } from '../../src/sound/model/units.js';

test('display strings parse into a number and a unit', () => {
  assert.deepEqual(parseDisplay('1.5 kHz'), { value: 1.5, unit: 'kHz' });
  assert.deepEqual(parseDisplay('440hz'), { value: 440, unit: 'Hz' });
  assert.deepEqual(parseDisplay('−6 dB'), { value: -6, unit: 'dB' }, 'a Unicode minus is a minus');
  assert.deepEqual(parseDisplay(' 250 ms '), { value: 250, unit: 'ms' });
  assert.deepEqual(parseDisplay('0.25 s'), { value: 0.25, unit: 's' });
  assert.deepEqual(parseDisplay('+7 semitones'), { value: 7, unit: 'st' });
  assert.deepEqual(parseDisplay('-50 cents'), { value: -50, unit: 'ct' });
  assert.deepEqual(parseDisplay('40%'), { value: 40, unit: '%' });
  assert.deepEqual(parseDisplay('C3'), { value: 60, unit: 'note' });
  assert.deepEqual(parseDisplay('A3'), { value: 69, unit: 'note' });
  assert.deepEqual(parseDisplay('C#-2'), { value: 1, unit: 'note' });
  assert.deepEqual(parseDisplay('Bb2'), { value: 58, unit: 'note' });
  for (const bad of ['', 'loud', '12', '1 parsec', '1e3 Hz', 'H3', 'x'.repeat(65)]) {
    assert.throws(
      () => parseDisplay(bad),
      (e: unknown) => e instanceof FootlightError && e.code === 'invalid_argument',
      bad,
    );
  }
});

test('compatible units convert; incompatible ones do not', () => {
  assert.equal(convertToUnit(parseDisplay('1.5 kHz'), 'Hz'), 1500);
  assert.equal(convertToUnit(parseDisplay('A3'), 'Hz'), 440);
  assert.equal(convertToUnit(parseDisplay('880 Hz'), 'note'), 81);
  assert.equal(convertToUnit(parseDisplay('1.2 s'), 'ms'), 1200);
  assert.equal(convertToUnit(parseDisplay('-250 ct'), 'st'), -2.5);
  assert.equal(convertToUnit(parseDisplay('-6 dB'), 'Hz'), undefined);
  assert.equal(convertToUnit(parseDisplay('50 %'), 'dB'), undefined);
  assert.equal(convertToUnit(parseDisplay('C3'), 'ms'), undefined);
});

test('native scales invert exactly', () => {
  const f = exp('Hz', 20, 20000);
  for (const n of [0, 0.25, 0.5, 1]) assert.ok(Math.abs(fromDisplayNumber(f, toDisplayNumber(f, n)) - n) < 1e-12);
  assert.equal(toDisplayNumber(f, 0), 20);
  assert.ok(Math.abs(toDisplayNumber(f, 1) - 20000) < 1e-9);
  assert.equal(toDisplayNumber(gain, 0), -Infinity);
  assert.equal(fromDisplayNumber(gain, 0), 1);
  const pct = linear('%', 100);
  assert.equal(fromDisplayNumber(pct, 40), 0.4);
});

test('formatting: the host display of values', () => {
  assert.equal(formatDisplay('Hz', 999.999), '1 kHz');
  assert.equal(formatDisplay('Hz', 440), '440 Hz');
  assert.equal(formatDisplay('Hz', 12345), '12.35 kHz');
  assert.equal(formatDisplay('dB', -Infinity), '-inf dB');
  assert.equal(formatDisplay('ms', 1500), '1.5 s');
  assert.equal(formatDisplay('st', 7), '+7 st');
  assert.equal(noteName(60), 'C3');
  assert.equal(noteName(69.25), 'A3 +25 ct');
});
