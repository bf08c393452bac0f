// The surface drivers' pure parts: state → LED messages, bytes → actions, and soft takeover.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMidi, type MidiMessage } from '../../src/light/midi/midi-message.js';
import { apcAction, apcLeds } from '../../src/midi/surfaces/apc-mini-mk2.js';
import { twisterAction, twisterLeds } from '../../src/midi/surfaces/midi-fighter-twister.js';
import { takesOver } from '../../src/midi/surfaces/takeover.js';

const msg = (bytes: number[]): MidiMessage => parseMidi(bytes) as MidiMessage;

test('APC mini mk2: pads and track buttons light as LX lights them', () => {
  const leds = apcLeds({
    mode: 'clips',
    columns: [
      ['playing', 'queued', 'stopped', 'empty'],
      ['active', 'next', 'pending', 'focused', 'inactive', 'enabled', 'disabled'],
    ],
    focused: 1,
    shift: false,
  });
  assert.equal(leds.size, 72);
  const pad = (x: number, y: number) => leds.get(`pad ${x} ${y}`);
  assert.deepEqual(pad(0, 0), [0x9a, 56, 21], 'playing: green, pulsing every half');
  assert.deepEqual(pad(0, 1), [0x9d, 48, 21], 'queued: green, blinking every eighth');
  assert.deepEqual(pad(0, 2), [0x96, 40, 1], 'stopped: grey');
  assert.deepEqual(pad(0, 3), [0x96, 32, 0], 'empty: off');
  assert.deepEqual(pad(0, 7), [0x96, 0, 0], 'no entry: off');
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6].map((y) => pad(1, y)),
    [
      [0x96, 57, 5],
      [0x99, 49, 5],
      [0x9d, 41, 21],
      [0x96, 33, 12],
      [0x92, 25, 3],
      [0x96, 17, 21],
      [0x92, 9, 3],
    ],
    'active red, next pulsing red, pending blinking green, focused yellow, inactive half white, enabled green, disabled half white',
  );
  assert.deepEqual(leds.get('track 1'), [0x90, 101, 1]);
  assert.deepEqual(leds.get('track 0'), [0x90, 100, 0]);
  const shifted = apcLeds({ mode: 'clips', columns: [], focused: 1, shift: true });
  assert.deepEqual(
    [shifted.get('track 0'), shifted.get('track 1')],
    [
      [0x90, 100, 0],
      [0x90, 101, 1],
    ],
    'with Shift: the mode buttons',
  );
});

test('APC mini mk2: messages become actions', () => {
  assert.deepEqual(apcAction(msg([0x90, 56, 127]), false), { kind: 'pad', x: 0, y: 0 });
  assert.deepEqual(apcAction(msg([0x90, 7, 127]), false), { kind: 'pad', x: 7, y: 7 });
  assert.deepEqual(apcAction(msg([0x80, 7, 0]), false), { kind: 'none' }, 'a release does nothing');
  assert.deepEqual(apcAction(msg([0x90, 103, 127]), false), { kind: 'track', index: 3 });
  assert.deepEqual(apcAction(msg([0x90, 100, 127]), true), { kind: 'mode', mode: 'patterns' });
  assert.deepEqual(apcAction(msg([0x90, 101, 127]), true), { kind: 'mode', mode: 'clips' });
  assert.deepEqual(apcAction(msg([0x90, 122, 127]), false), { kind: 'shift', on: true });
  assert.deepEqual(apcAction(msg([0x80, 122, 0]), true), { kind: 'shift', on: false });
  assert.deepEqual(apcAction(msg([0xb0, 48, 127]), false), { kind: 'fader', index: 0, value: 1 });
  assert.deepEqual(apcAction(msg([0xb0, 56, 0]), false), { kind: 'fader', index: 8, value: 0 });
  assert.deepEqual(apcAction(msg([0xb0, 57, 0]), false), { kind: 'none' });
  assert.deepEqual(apcAction(msg([0x90, 115, 127]), false), { kind: 'none' }, 'scene buttons: unused');
});

test('Midi Fighter Twister: rings, indicators and actions', () => {
  const leds = twisterLeds([0, 0.5, 1, null]);
  assert.equal(leds.size, 32);
  assert.deepEqual(leds.get('ring 1'), [0xb0, 1, 64]);
  assert.deepEqual(leds.get('ring 2'), [0xb0, 2, 127]);
  assert.deepEqual(leds.get('indicator 2'), [0xb2, 2, 95]);
  assert.deepEqual(
    [leds.get('ring 3'), leds.get('indicator 3')],
    [
      [0xb0, 3, 0],
      [0xb2, 3, 65],
    ],
    'no parameter: ring empty, indicator off',
  );
  assert.deepEqual(twisterAction(msg([0xb0, 5, 127])), { kind: 'turn', index: 5, value: 1 });
  assert.deepEqual(twisterAction(msg([0xb1, 5, 127])), { kind: 'push', index: 5 });
  assert.deepEqual(twisterAction(msg([0xb1, 5, 0])), { kind: 'none' }, 'a release does nothing');
  assert.deepEqual(twisterAction(msg([0xb0, 16, 1])), { kind: 'none' }, 'the first bank only');
  assert.deepEqual(twisterAction(msg([0x90, 1, 1])), { kind: 'none' });
});

test('soft takeover: a fader waits until it crosses or nears the value something else set', () => {
  const t = { wrote: undefined, at: undefined };
  assert.equal(takesOver(t, 1, 0.5), false, 'far above, never seen: waits');
  assert.equal(takesOver(t, 0.8, 0.5), false);
  assert.equal(takesOver(t, 0.4, 0.5), true, 'crossed the value');
  assert.equal(takesOver(t, 0.3, 0.4), true, 'the parameter holds what it wrote: drives');
  assert.equal(takesOver(t, 0.2, 0.9), false, 'something else moved it: waits again');
  assert.equal(takesOver(t, 0.9 - 0.5 / 127, 0.9), true, 'within 1/127');
});
