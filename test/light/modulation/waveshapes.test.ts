import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHASE_WAVES,
  DOWN,
  SINE,
  SPARKLE_WAVES,
  SQUARE,
  TRIANGLE,
  UP,
  VARIABLE_LFO_WAVES,
  WAVESHAPES,
  waveshapeByName,
} from '../../../src/light/math/waveshapes.js';

test('waveshapes: display names and the chooser orders saved in .lxp files', () => {
  assert.deepEqual(
    WAVESHAPES.map((w) => w.name),
    ['Sine', 'Triangle', 'Up', 'Down', 'Square'],
  );
  assert.deepEqual(
    VARIABLE_LFO_WAVES.map((w) => w.name),
    ['Sine', 'Triangle', 'Square', 'Up', 'Down'],
  );
  assert.deepEqual(
    CHASE_WAVES.map((w) => w.name),
    ['Sine', 'Triangle', 'Up', 'Down'],
  );
  assert.deepEqual(
    SPARKLE_WAVES.map((w) => w.name),
    ['Triangle', 'Sine', 'Up', 'Down', 'Square'],
  );
  for (const w of WAVESHAPES) assert.equal(waveshapeByName(w.name), w);
  assert.equal(waveshapeByName('Saw'), undefined);
  assert.ok(Object.isFrozen(VARIABLE_LFO_WAVES));
});

test('waveshapes: values at the landmarks', () => {
  assert.equal(SINE.compute(0), 0);
  assert.equal(SINE.compute(0.5), 1);
  assert.equal(SINE.compute(0.25), 0.5);
  assert.equal(SINE.compute(0.75), 0.5000000000000001); // sin(π as a double) = 1.22e-16
  assert.equal(TRIANGLE.compute(0), 0);
  assert.equal(TRIANGLE.compute(0.25), 0.5);
  assert.equal(TRIANGLE.compute(0.5), 1);
  assert.equal(TRIANGLE.compute(0.75), 0.5);
  assert.equal(TRIANGLE.compute(1), 0);
  assert.equal(UP.compute(0.3), 0.3);
  assert.equal(DOWN.compute(0.25), 0.75);
  assert.equal(SQUARE.compute(0.4999), 0);
  assert.equal(SQUARE.compute(0.5), 1);
});

test('waveshapes: invert finds a basis on the branch picked by the hint', () => {
  for (const b of [0.05, 0.2, 0.35, 0.45]) {
    for (const w of [SINE, TRIANGLE]) {
      const rising = w.invert(w.compute(b), 0.1);
      assert.ok(Math.abs(rising - b) < 1e-12, `${w.name} rising ${b} → ${rising}`);
      const falling = w.invert(w.compute(1 - b), 0.9);
      assert.ok(Math.abs(falling - (1 - b)) < 1e-12, `${w.name} falling ${1 - b} → ${falling}`);
    }
    assert.equal(UP.invert(UP.compute(b), 0.9), b);
    assert.ok(Math.abs(DOWN.invert(DOWN.compute(b), 0.1) - b) < 1e-15);
  }
  // Sine's hint threshold is "> ½", Triangle's is "< ½": at exactly ½ they pick different branches
  assert.ok(SINE.invert(0.5, 0.5) < 0.5);
  assert.ok(TRIANGLE.invert(0.5, 0.5) > 0.5);
  assert.equal(SQUARE.invert(0, 0.7), 0);
  assert.equal(SQUARE.invert(1, 0.2), 0.5);
  assert.equal(SQUARE.invert(0.3, 0.2), 0.5);
});
