// Feedback messages (src/light/midi/midi-feedback.ts) against the in-direction (midi-apply.ts):
// the message that shows a value, sent back in as the controller would echo it, leaves the value
// as it was, for every CC mapping kind and both directions; notes light LEDs LX's way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMidi, MidiMappingState, type MappedParameter } from '../../../src/light/midi/midi-apply.js';
import { feedbackMessage } from '../../../src/light/midi/midi-feedback.js';
import { readMapping, type MidiMapping } from '../../../src/light/midi/midi-mapping.js';
import { parseMidi } from '../../../src/light/midi/midi-message.js';

function mapping(json: Record<string, unknown>): MidiMapping {
  const m = readMapping({ channel: 2, ...json });
  assert.equal(typeof m, 'object', String(m));
  return m as MidiMapping;
}

/** A knob 0–10 along a square-root curve (normalized = sqrt(v / 10)), so the scaling is tested along a curve. */
function knob(v: number): MappedParameter {
  return {
    kind: 'knob',
    value: v,
    normalized: Math.sqrt(v / 10),
    min: 0,
    max: 1,
    normalize: (x) => Math.sqrt(x / 10),
    denormalize: (n) => n * n * 10,
  };
}
const toggle = (on: boolean): MappedParameter => ({
  kind: 'boolean',
  value: on,
  normalized: on ? 1 : 0,
  min: 0,
  max: 1,
  normalize: (x) => x,
  denormalize: (x) => x,
});
const choice = (v: number): MappedParameter => ({
  kind: 'discrete',
  value: v,
  normalized: (v - 1) / 6,
  min: 1,
  max: 7,
  normalize: (x) => (x - 1) / 6,
  denormalize: (n) => 1 + 6 * n,
});

/** Sends `m`'s feedback for `p` back in on a fresh state; returns what it wrote and whether it waited. */
function echo(m: MidiMapping, p: MappedParameter) {
  const bytes = feedbackMessage(m, p);
  assert.ok(bytes !== undefined);
  const r = applyMidi([m], parseMidi(bytes) as never, new MidiMappingState(), () => p);
  return { bytes, writes: r.writes, waiting: r.waiting };
}

test('CC feedback is the value the mapping writes, inverted: sent back in, it leaves the value', () => {
  const plain = mapping({ type: 'CONTROL_CHANGE', cc: 21, path: '/lx/k' });
  const ranged = mapping({ type: 'CONTROL_CHANGE', cc: 21, path: '/lx/k', minValue: 2.5, maxValue: 7.5 });
  const inverted = mapping({ type: 'CONTROL_CHANGE', cc: 21, path: '/lx/k', minValue: 10, maxValue: 0 });
  for (const m of [plain, ranged, inverted])
    for (const v of [0, 0.001, 2.5, 3.14159, 5, 7.5, 9.99, 10]) {
      const r = echo(m, knob(v));
      assert.equal(r.bytes[0], 0xb2, 'a CC on the mapping channel');
      assert.equal(r.bytes[1], 21);
      assert.deepEqual(r.writes, [], `value ${v}, range ${m.minValue}–${m.maxValue}: the echo writes nothing`);
      // Outside the range the control cannot reach the value: soft takeover holds it (waiting), it does not jump.
      const reachable = m !== ranged || (v >= 2.5 && v <= 7.5);
      assert.equal(r.waiting.length, reachable ? 0 : 1);
    }
  assert.deepEqual(feedbackMessage(plain, knob(10)), [0xb2, 21, 127]);
  assert.deepEqual(feedbackMessage(plain, knob(2.5)), [0xb2, 21, 64], 'along the curve: sqrt(0.25) of the travel');
  assert.deepEqual(feedbackMessage(inverted, knob(10)), [0xb2, 21, 0], 'min above max inverts');
  assert.deepEqual(feedbackMessage(ranged, knob(9)), [0xb2, 21, 127], 'past the range: the end it is past');
  assert.deepEqual(feedbackMessage(ranged, knob(1)), [0xb2, 21, 0]);

  // Switches through the window that means on, the default and a narrow one, both states.
  for (const window of [{}, { minValue: 0.2, maxValue: 0.4 }, { minValue: 0, maxValue: 0.5 }])
    for (const on of [true, false]) {
      const r = echo(mapping({ type: 'CONTROL_CHANGE', cc: 5, path: '/lx/s', ...window }), toggle(on));
      assert.deepEqual(r.writes, [], `${JSON.stringify(window)} ${on}: the echo keeps the switch`);
    }
  assert.deepEqual(feedbackMessage(mapping({ type: 'CONTROL_CHANGE', cc: 5, path: '/lx/s' }), toggle(true)), [0xb2, 5, 127]);
  assert.deepEqual(feedbackMessage(mapping({ type: 'CONTROL_CHANGE', cc: 5, path: '/lx/s' }), toggle(false)), [0xb2, 5, 0]);

  // Choices spread over the control, in both directions and over part of the options.
  for (const range of [{}, { minDiscrete: 7, maxDiscrete: 1 }, { minDiscrete: 2, maxDiscrete: 5 }])
    for (let v = 1; v <= 7; v++) {
      const m = mapping({ type: 'CONTROL_CHANGE', cc: 9, path: '/lx/c', ...range });
      const inRange =
        range.minDiscrete === undefined || (v >= Math.min(range.minDiscrete, range.maxDiscrete) && v <= Math.max(range.minDiscrete, range.maxDiscrete));
      if (inRange) assert.deepEqual(echo(m, choice(v)).writes, [], `${JSON.stringify(range)} option ${v}`);
    }
});

test('note feedback lights the LED LX-style: velocity 127 on, 0 off; ON and OFF echoes keep the value', () => {
  const sw = mapping({ type: 'NOTE', pitch: 36, path: '/lx/s', 'mode/name': 'TOGGLE' });
  assert.deepEqual(feedbackMessage(sw, toggle(true)), [0x92, 36, 127]);
  assert.deepEqual(feedbackMessage(sw, toggle(false)), [0x92, 36, 0]);
  assert.deepEqual(echo(mapping({ type: 'NOTE', pitch: 36, path: '/lx/s', 'mode/name': 'ON' }), toggle(true)).writes, [{ path: '/lx/s', value: true }]);
  assert.deepEqual(echo(mapping({ type: 'NOTE', pitch: 36, path: '/lx/s', 'mode/name': 'OFF' }), toggle(false)).writes, []);
  assert.deepEqual(echo(mapping({ type: 'NOTE', pitch: 36, path: '/lx/s', 'mode/name': 'MOMENTARY' }), toggle(false)).writes, [
    { path: '/lx/s', value: false },
  ]);

  const k = mapping({ type: 'NOTE', pitch: 40, path: '/lx/k', 'mode/name': 'TOGGLE', offValue: 2, onValue: 8 });
  assert.deepEqual(
    [8, 6, 4, 2].map((v) => feedbackMessage(k, knob(v))?.[2]),
    [127, 127, 0, 0],
    'a knob lights when it is nearer its on value than its off value (along its curve)',
  );
  assert.equal(feedbackMessage(mapping({ type: 'NOTE', pitch: 41, path: '/lx/c' }), choice(3)), undefined, 'a note stepping a choice has no state to show');
  const fixed = mapping({ type: 'NOTE', pitch: 42, path: '/lx/c', 'discreteMode/name': 'FIXED', fixedValue: 3 });
  assert.deepEqual(
    [feedbackMessage(fixed, choice(3)), feedbackMessage(fixed, choice(4))],
    [
      [0x92, 42, 127],
      [0x92, 42, 0],
    ],
  );
});
