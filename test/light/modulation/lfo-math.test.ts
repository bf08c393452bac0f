import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PeriodicState,
  QUADRATIC_EASES,
  quadraticEnvelopeInverse,
  quadraticEnvelopeShape,
  rangeBasisForValue,
  rangeClamp,
  rangeNormalized,
  rangeValue,
  sawLfoInverse,
  sinLfoInverse,
  sinLfoShape,
  squareLfoInverse,
  triangleLfoInverse,
  triangleLfoShape,
  variableLfoInverse,
  variableLfoValue,
} from '../../../src/light/math/lfo-math.js';
import { DOWN, SINE, SQUARE, TRIANGLE, UP, VARIABLE_LFO_WAVES } from '../../../src/light/math/waveshapes.js';

const DT = 1000 / 60;

test('PeriodicState: advances by deltaMs/period and wraps with %1, flagging the loop frame', () => {
  const s = new PeriodicState();
  let loops = 0;
  for (let k = 0; k < 130; k++) {
    const stop = s.advance(DT, 1000, true);
    assert.equal(stop, false);
    assert.ok(s.basis >= 0 && s.basis <= 1);
    if (s.looped) loops++;
    assert.equal(s.finished, false);
  }
  assert.equal(loops, 2);
  s.basis = 0.9;
  s.advance(300, 1000, true);
  assert.equal(s.looped, true);
  assert.equal(s.basis, (0.9 + 0.3) % 1);
  s.advance(DT, 1000, true);
  assert.equal(s.looped, false);
});

test('PeriodicState: a basis landing exactly on 1 loops and wraps to 0 (LX: basis % 1)', () => {
  const s = new PeriodicState();
  s.basis = 0.5;
  s.advance(500, 1000, true);
  assert.equal(s.basis, 0);
  assert.equal(s.looped, true);
  s.advance(250, 1000, true);
  assert.equal(s.basis, 0.25);
});

test('PeriodicState: non-looping finishes at 1, reports it once, and restarts from 0', () => {
  const s = new PeriodicState();
  let stopAt = -1;
  for (let k = 0; k < 20; k++) {
    if (s.advance(DT, 250, false)) {
      stopAt = k;
      break;
    }
  }
  // 15 steps of 16.67/250 sum to 0.9999999999999999, so a 250 ms envelope at 60 fps finishes on
  // its 16th frame, not its 15th (e.g. an effect's enable ramp)
  assert.equal(stopAt, 15);
  assert.equal(s.basis, 1);
  assert.equal(s.finished, true);
  assert.equal(s.needsReset, true);
  s.onStart();
  assert.equal(s.basis, 0);
});

test('PeriodicState: period 0 jumps to the end; negative periods run below 0 unwrapped', () => {
  const s = new PeriodicState();
  s.advance(DT, 0, true); // LX sets the basis to 1, then loops: 1 % 1 = 0
  assert.equal(s.basis, 0);
  assert.equal(s.looped, true);
  const n = new PeriodicState();
  for (let k = 0; k < 3; k++) n.advance(DT, -1000, true);
  assert.ok(Math.abs(n.basis - (-3 * DT) / 1000) < 1e-15);
  assert.equal(n.looped, false);
  // infinite period (NoisePattern axis with zero motion) never moves
  const still = new PeriodicState();
  still.advance(DT, Infinity, true);
  assert.equal(still.basis, 0);
});

test('PeriodicState: tempo, manual basis, setBasis clamp and reset', () => {
  const s = new PeriodicState();
  s.advanceTempo(250, 500, 2, true); // 250 ms at 120 bpm, 1/8 division (×2): one whole cycle
  assert.equal(s.basis, 0);
  assert.equal(s.looped, true);
  s.setManual(0.42);
  assert.equal(s.basis, 0.42);
  assert.equal(s.looped, false);
  s.setBasis(1.5);
  assert.equal(s.basis, 1);
  s.setBasis(-2);
  assert.equal(s.basis, 0);
  s.basis = 0.7;
  s.reset();
  assert.equal(s.basis, 0);
});

test('range modulator: value, normalized, clamp and inverse', () => {
  assert.equal(rangeValue(10, -10, 0.25), 5);
  assert.equal(rangeValue(3, 3, 0.7), 3);
  assert.equal(rangeNormalized(5, 10, -10), 0.25);
  assert.equal(rangeNormalized(3, 3, 3), 0);
  assert.equal(rangeClamp(20, 10, -10), 10);
  assert.equal(rangeClamp(-20, 10, -10), -10);
  // setValue(100) on SinLFO(-50, 150) while rising → basis where the sine reaches 0.75
  const b = rangeBasisForValue(100, -50, 150, 0.1, sinLfoInverse);
  assert.ok(Math.abs(rangeValue(-50, 150, sinLfoShape(b)) - 100) < 1e-12);
  assert.ok(b < 0.5);
  const bf = rangeBasisForValue(100, -50, 150, 0.8, sinLfoInverse);
  assert.ok(bf > 0.5 && Math.abs(rangeValue(-50, 150, sinLfoShape(bf)) - 100) < 1e-12);
  assert.equal(rangeBasisForValue(7, 3, 3, 0.4, sawLfoInverse), 0);
  assert.equal(rangeBasisForValue(-5, 0, 1, 0.4, sawLfoInverse), 0);
  assert.equal(triangleLfoInverse(0.7, 0.5), 0.75);
  assert.equal(triangleLfoShape(0.75), 0.5);
  assert.equal(squareLfoInverse(0.3, 1), 0.5);
});

test('QuadraticEnvelope: easing shapes and their square-root inverses', () => {
  assert.deepEqual([...QUADRATIC_EASES], ['IN', 'OUT', 'BOTH']);
  assert.equal(quadraticEnvelopeShape(0.5, 'IN'), 0.25);
  assert.equal(quadraticEnvelopeShape(0.5, 'OUT'), 0.75);
  assert.equal(quadraticEnvelopeShape(0.25, 'BOTH'), 0.125);
  assert.equal(quadraticEnvelopeShape(0.75, 'BOTH'), 0.875);
  for (const ease of QUADRATIC_EASES) {
    for (const b of [0, 0.1, 0.3, 0.5, 0.8, 1]) {
      const v = quadraticEnvelopeShape(b, ease);
      assert.ok(Math.abs(quadraticEnvelopeInverse(ease, v) - b) < 1e-12, `${ease} ${b}`);
    }
  }
  assert.equal(quadraticEnvelopeShape(0.5, 'IN', 3), 0.125);
});

test('VariableLFO: with neutral controls it is the bare waveshape', () => {
  for (const w of VARIABLE_LFO_WAVES) {
    for (let b = 0; b < 1; b += 0.0625) assert.equal(variableLfoValue(w, b, 0, 0, 0, 0, 0), w.compute(b), `${w.name} ${b}`);
  }
});

test('VariableLFO: phase shifts the basis, wrapping only above 1', () => {
  assert.equal(variableLfoValue(UP, 0.25, 0.5, 0, 0, 0, 0), 0.75);
  assert.equal(variableLfoValue(UP, 0.75, 0.5, 0, 0, 0, 0), 0.25);
  assert.equal(variableLfoValue(UP, 0.5, 0.5, 0, 0, 0, 0), 1); // 1.0 is not wrapped
  assert.equal(variableLfoValue(DOWN, 0.75, 0.25, 0, 0, 0, 0), 0);
});

test('VariableLFO: skew, shape and exp follow the documented powers', () => {
  // skew s ≥ 0 raises the basis to 1 + 3s; s < 0 to 1/(1 − 3s)
  assert.ok(Math.abs(variableLfoValue(UP, 0.5, 0, 0, 1 / 3, 0, 0) - 0.25) < 1e-15);
  assert.ok(Math.abs(variableLfoValue(UP, 0.25, 0, 0, -1 / 3, 0, 0) - 0.5) < 1e-15);
  // shape: symmetric about ½; shape −1/3 → power 2: 0.75 → 0.5 + 0.5·(0.5)² = 0.625
  assert.equal(variableLfoValue(UP, 0.75, 0, 0, 0, -1 / 3, 0), 0.625);
  assert.equal(variableLfoValue(UP, 0.25, 0, 0, 0, -1 / 3, 0), 0.375);
  // exp 1/3 → power 2
  assert.equal(variableLfoValue(UP, 0.5, 0, 0, 0, 0, 1 / 3), 0.25);
  assert.ok(Math.abs(variableLfoValue(UP, 0.25, 0, 0, 0, 0, -1 / 3) - 0.5) < 1e-15);
});

test('VariableLFO: bias keeps 0, ½ and 1 fixed and moves the quarter points', () => {
  for (const bias of [-1, -0.4, 0.2, 1]) {
    assert.equal(variableLfoValue(UP, 0, 0, bias, 0, 0, 0), 0);
    assert.equal(variableLfoValue(UP, 0.5, 0, bias, 0, 0, 0), 0.5);
    const m = 0.25 - 0.15 * bias;
    assert.ok(Math.abs(variableLfoValue(UP, m, 0, bias, 0, 0, 0) - m) < 1e-15, `midpoint for bias ${bias}`);
    // between the fixed points the basis is pulled toward them (power > 1)
    assert.ok(variableLfoValue(UP, m / 2, 0, bias, 0, 0, 0) < m / 2);
    const hi = 0.5 + (0.5 - m) / 2;
    assert.ok(variableLfoValue(UP, hi, 0, bias, 0, 0, 0) < hi);
  }
  // the golden series with bias only uses Square; Sine with bias stays within [0, 1]
  for (let b = 0; b < 1; b += 0.01) {
    const v = variableLfoValue(SINE, b, 0.1, 0.6, -0.2, 0.3, -0.5);
    assert.ok(v >= 0 && v <= 1);
  }
});

test('VariableLFO: inverse ignores phase/bias/skew/shape/exp, as LX does', () => {
  assert.equal(variableLfoInverse(TRIANGLE, 0.2, 0.5), 0.25);
  assert.equal(variableLfoInverse(SQUARE, 0.9, 0), 0);
  assert.equal(variableLfoInverse(UP, 0.9, 0.3), 0.3);
});
