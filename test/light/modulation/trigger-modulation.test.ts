// LX's trigger mapping tables (§5.5): every mode for every source/target kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BooleanParameter } from '../../../src/engine/parameters/boolean.js';
import { TriggerParameter } from '../../../src/engine/parameters/trigger.js';
import { TriggerModulation, TOGGLE_MODES, MOMENTARY_TOGGLE_MODES, TOGGLE_MOMENTARY_MODES } from '../../../src/light/modulation/trigger-modulation.js';

function wire(source: BooleanParameter, target: BooleanParameter): TriggerModulation {
  const t = new TriggerModulation(source, target);
  t.connect();
  return t;
}

/** Target state after: source on, source off, source on (starting from target `start`). */
function toggleRun(mode: string, start: boolean): boolean[] {
  const s = new BooleanParameter('S');
  const d = new BooleanParameter('T', start);
  const t = wire(s, d);
  t.toggleMode.setValue(TOGGLE_MODES.findIndex((m) => m.name === mode));
  const out: boolean[] = [];
  s.setOn(true);
  out.push(d.isOn());
  s.setOn(false);
  out.push(d.isOn());
  s.setOn(true);
  out.push(d.isOn());
  return out;
}

test('toggle → toggle: every ToggleMode', () => {
  const expect: Record<string, boolean[]> = {
    DIRECT: [true, false, true],
    INVERT: [false, true, false],
    ALWAYS_ON: [true, true, true],
    ALWAYS_OFF: [false, false, false],
    ALWAYS_TOGGLE: [true, false, true],
    ON_ON: [true, true, true],
    ON_OFF: [false, false, false],
    ON_TOGGLE: [true, true, false],
    OFF_ON: [false, true, true],
    OFF_OFF: [false, false, false],
    OFF_TOGGLE: [false, true, true],
  };
  assert.deepEqual(
    TOGGLE_MODES.map((m) => m.name),
    Object.keys(expect),
  );
  for (const [mode, want] of Object.entries(expect)) assert.deepEqual(toggleRun(mode, false), want, mode);
  assert.deepEqual(toggleRun('OFF_OFF', true), [true, false, false]);
});

test('momentary → toggle: Toggle, On, Off per press; Direct and Invert follow the press', () => {
  const expect: Record<string, boolean[]> = {
    TOGGLE: [true, true, false, false],
    ON: [true, true, true, true],
    OFF: [false, false, false, false],
    DIRECT: [true, false, true, false],
    INVERT: [false, true, false, true],
  };
  assert.deepEqual(
    MOMENTARY_TOGGLE_MODES.map((m) => m.name),
    Object.keys(expect),
  );
  // LX's labels, as its UI shows them
  assert.deepEqual(
    MOMENTARY_TOGGLE_MODES.map((m) => m.label),
    ['Trigger → Toggle', 'Trigger → On', 'Trigger → Off', 'Trigger → Direct', 'Trigger → Invert'],
  );
  for (const [mode, want] of Object.entries(expect)) {
    const s = new BooleanParameter('S', false, { mode: 'momentary' });
    const d = new BooleanParameter('T');
    const t = wire(s, d);
    assert.equal(t.modeParameter, t.momentaryToggleMode);
    t.momentaryToggleMode.setValue(MOMENTARY_TOGGLE_MODES.findIndex((m) => m.name === mode));
    const out: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      s.setOn(true);
      out.push(d.isOn());
      s.setOn(false);
      out.push(d.isOn());
    }
    assert.deepEqual(out, want, mode);
  }
});

test('toggle → momentary: fire on On, on Off, on any change; Direct/Invert drive the target', () => {
  const expect: Record<string, number> = { ON: 2, OFF: 1, ALWAYS: 3, DIRECT: 2, INVERT: 1 };
  assert.deepEqual(
    TOGGLE_MOMENTARY_MODES.map((m) => m.name),
    Object.keys(expect),
  );
  for (const [mode, want] of Object.entries(expect)) {
    const s = new BooleanParameter('S');
    const d = new TriggerParameter('T');
    let fired = 0;
    d.onChange(() => {
      fired++;
    });
    const t = wire(s, d);
    assert.equal(t.modeParameter, t.toggleMomentaryMode);
    t.toggleMomentaryMode.setValue(TOGGLE_MOMENTARY_MODES.findIndex((m) => m.name === mode));
    s.setOn(true);
    s.setOn(false);
    s.setOn(true);
    assert.equal(fired, want, mode);
  }
});

test('momentary → momentary mirrors; a trigger source is seen on then off; disabled mappings do nothing', () => {
  const s = new TriggerParameter('S');
  const d = new TriggerParameter('T');
  let fired = 0;
  d.onChange(() => {
    fired++;
  });
  const t = wire(s, d);
  assert.equal(t.modeParameter, null);
  s.fire();
  assert.equal(fired, 1);
  // Trigger → toggle Direct: on, then straight back off (LX's trigger semantics).
  const tog = new BooleanParameter('Tog');
  const seen: boolean[] = [];
  tog.onChange(() => seen.push(tog.isOn()));
  const t2 = wire(s, tog);
  t2.momentaryToggleMode.setValue(3);
  s.fire();
  assert.deepEqual(seen, [true, false]);
  assert.equal(fired, 2);
  t.enabled.setOn(false);
  s.fire();
  assert.equal(fired, 2);
  t.disconnect();
  t.enabled.setOn(true);
  s.fire();
  assert.equal(fired, 2);
});
