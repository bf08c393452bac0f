import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { DiscreteParameter } from '../../src/engine/parameters/discrete.js';
import { EnumParameter } from '../../src/engine/parameters/enum.js';
import { BooleanParameter } from '../../src/engine/parameters/boolean.js';
import { TriggerParameter } from '../../src/engine/parameters/trigger.js';
import { LinkedColorParameter } from '../../src/engine/parameters/color.js';
import { StringParameter } from '../../src/engine/parameters/string.js';
import { FootlightError } from '../../src/engine/errors.js';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof FootlightError, `expected FootlightError, got ${String(e)}`);
    return `${e.code}: ${e.message}`;
  }
  assert.fail('expected a throw');
}

test('bounded: exponent curve matches LX (0..100, exp 2, value 50 → 0.7071)', () => {
  const p = new BoundedParameter('X', 50, { v1: 100, exponent: 2 });
  assert.equal(p.getNormalized().toFixed(4), '0.7071');
  p.setNormalized(0.5);
  assert.equal(p.getValue(), 25);
});

test('bounded: descending range inverts the knob; raw values clamp', () => {
  const p = new BoundedParameter('X', 0.2, { v0: 1, v1: 0 });
  assert.equal(p.getNormalized(), 0.8);
  p.setValue(7);
  assert.equal(p.getValue(), 1);
});

test('bounded: modulation sums in normalized space and clamps; base is untouched', () => {
  const p = new BoundedParameter('X', 0.5, { modulatable: true });
  const mod = {
    amount: 0.3,
    modulationAmount() {
      return this.amount;
    },
  };
  p.addModulation(mod);
  assert.equal(p.getValue(), 0.8);
  assert.equal(p.getBaseValue(), 0.5);
  mod.amount = 0.9;
  assert.equal(p.getValue(), 1);
  p.removeModulation(mod);
  assert.equal(p.getValue(), 0.5);
});

test('bounded: wrappable modulation wraps', () => {
  const p = new BoundedParameter('Hue', 300, { v1: 359, wrappable: true, modulatable: true });
  p.addModulation({ modulationAmount: () => 0.5 });
  const n = 300 / 359 + 0.5 - 1;
  assert.equal(p.getValue(), 359 * n);
});

test('bounded: accept refuses out of range, NaN and wrong types, naming the range', () => {
  const c = new Component('Thing');
  const p = c.addParameter('speed', new BoundedParameter('Speed', 0.5));
  assert.match(
    code(() => p.accept(7)),
    /^invalid_argument: .*speed: takes 0–1; got 7/,
  );
  assert.match(
    code(() => p.accept(Number.NaN)),
    /^invalid_argument: /,
  );
  assert.match(
    code(() => p.accept('0.5')),
    /^invalid_argument: /,
  );
  assert.equal(p.accept(1), 1);
});

test('discrete: LX wraps raw values modulo the range; surfaces are refused', () => {
  const p = new DiscreteParameter('N', 0, 0, 4);
  p.setValue(7);
  assert.equal(p.getValue(), 2);
  p.setValue(-1);
  assert.equal(p.getValue(), 4);
  assert.match(
    code(() => p.accept(5)),
    /takes 0–4/,
  );
  assert.match(
    code(() => p.accept(1.5)),
    /integer/,
  );
  assert.equal(p.getNormalized(), 1);
  p.setNormalized(1);
  assert.equal(p.getValue(), 4);
});

test('enum: set by label, constant name or index; unknown names list the options', () => {
  const p = new EnumParameter('Mode', [
    { label: 'Playlist', name: 'PLAYLIST' },
    { label: 'Blend', name: 'BLEND' },
  ]);
  assert.equal(p.accept('Blend'), 1);
  assert.equal(p.accept('PLAYLIST'), 0);
  assert.equal(p.accept('blend'), 1);
  assert.equal(p.accept(1), 1);
  assert.match(
    code(() => p.accept('Mix')),
    /unknown option "Mix"; options: 0="Playlist", 1="Blend"/,
  );
  assert.match(
    code(() => p.accept(2)),
    /takes 0–1/,
  );
  p.loadEnum(0, 'BLEND');
  assert.equal(p.constantName, 'BLEND');
});

test('enum: a name matching two options loosely is ambiguous', () => {
  const p = new EnumParameter('X', [
    { label: 'Up', name: 'DOWN' },
    { label: 'Down', name: 'UP' },
  ]);
  assert.equal(p.accept('Up'), 0);
  const q = new EnumParameter('Y', [{ label: 'a' }, { label: 'A' }]);
  assert.match(
    code(() => q.accept('a ')),
    /unknown option/,
  );
  const r = new EnumParameter('Z', [{ label: 'ab' }, { label: 'AB' }]);
  assert.match(
    code(() => r.accept('Ab')),
    /ambiguous/,
  );
});

test('boolean and trigger', () => {
  const b = new BooleanParameter('On', true);
  assert.equal(b.value, true);
  assert.equal(b.accept(false), false);
  assert.match(
    code(() => b.accept('yes')),
    /true or false/,
  );
  const t = new TriggerParameter('Go');
  const seen: boolean[] = [];
  t.onChange((p) => seen.push(p.value as boolean));
  t.fire();
  assert.deepEqual(seen, [true]);
  assert.equal(t.value, false);
  assert.match(
    code(() => t.accept(true)),
    /fire_trigger/,
  );
});

test('color: sub-parameters are registered in LX order and addressable', () => {
  const c = new Component('Solid');
  const color = c.addParameter('color', new LinkedColorParameter('Color', { h: 0, s: 100, b: 100 }));
  assert.deepEqual([...c.parameters.keys()], ['label', 'color', 'color/brightness', 'color/saturation', 'color/hue', 'color/mode', 'color/index']);
  assert.equal(color.hue.wrappable, true);
  assert.match(
    code(() => color.accept(1)),
    /set .*color\/hue/,
  );
});

test('string: length bound', () => {
  const s = new StringParameter('Label', 'x', { maxLength: 4 });
  assert.equal(s.accept('abcd'), 'abcd');
  assert.match(
    code(() => s.accept('abcde')),
    /at most 4/,
  );
});

test('listeners fire on change only', () => {
  const p = new BoundedParameter('X', 0.5);
  let n = 0;
  p.onChange(() => n++);
  p.setValue(0.5);
  p.setValue(0.6);
  assert.equal(n, 1);
});
