import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LXEngineComponent } from '../../../src/light/show/lx-engine.js';
import { DIVISIONS, Div, QUANTIZATIONS } from '../../../src/light/tempo/divisions.js';
import { QuantizedTriggerParameter } from '../../../src/light/tempo/quantized-trigger.js';

test('divisions in LX ordinal order with their multipliers; quantization options', () => {
  assert.deepEqual(
    DIVISIONS.map((d) => d.label),
    ['1/16', '1/8T', '1/8', '3/16', '1/4', '1/4T', '1/2T', '3/8', '1/2', '3/4', '1', '3/2', '2', '4', '8', '16'],
  );
  assert.equal(Div.QUARTER.ordinal, 4);
  assert.equal(Div.EIGHTH_DOT.multiplier, 4 / 3);
  assert.equal(Div.QUARTER_TRIPLET.multiplier, 3 / 2);
  assert.deepEqual(
    QUANTIZATIONS.map((q) => q.label),
    ['None', '8 Bars', '4 Bars', '2 Bars', '1 Bar', '1/2', '1/4', '1/8', '1/16'],
  );
  assert.equal(QUANTIZATIONS[4].division, Div.WHOLE);
});

test('bpm and period follow each other; getBasis / getCycleCount per division', () => {
  const t = new LXEngineComponent().tempo;
  t.bpm.setValue(100);
  assert.equal(t.period.getValue(), 600);
  t.period.setValue(500);
  assert.equal(t.bpm.getValue(), 120);
  for (let i = 0; i < 75; i++) t.loop(10); // 750 ms = 1.5 beats at 120 bpm
  assert.equal(t.beatCount(), 1);
  assert.ok(Math.abs(t.basis() - 0.5) < 1e-9);
  assert.ok(Math.abs(t.getBasis(Div.QUARTER) - 0.5) < 1e-9);
  assert.ok(Math.abs(t.getBasis(Div.EIGHTH) - 0) < 1e-9 || Math.abs(t.getBasis(Div.EIGHTH) - 1) < 1e-9);
  assert.equal(t.getCycleCount(Div.EIGHTH), 3);
  assert.ok(Math.abs(t.getBasis(Div.WHOLE) - 0.375) < 1e-9);
  assert.equal(t.getCycleCount(Div.WHOLE), 0);
  assert.equal(t.getBasis(4), t.getBasis(Div.QUARTER), 'ordinals work too');
  assert.ok(t.getBasis(Div.SIXTEENTH) < 1);
});

test('tap: from the fourth tap the bpm follows; every tap restarts the beat', () => {
  const t = new LXEngineComponent().tempo;
  for (let i = 0; i < 4; i++) t.tapAt(10_000 + i * 600);
  assert.equal(t.bpm.getValue(), 100);
  // The fourth tap restarts at beat 3; the smooth cursor catches up at up to twice the tempo.
  for (let i = 0; i < 200; i++) t.loop(10);
  assert.ok(Math.abs(t.beatCount() + t.basis() - (3 + 1990 / 600)) < 1e-6, `at ${t.beatCount() + t.basis()}`);
  t.tapAt(20_000); // more than 2 s later: a new count
  for (let i = 1; i < 3; i++) t.tapAt(20_000 + i * 300);
  assert.equal(t.bpm.getValue(), 100, 'three taps do not change the tempo');
});

test('nudge runs the clock faster while held and returns to 1 on release', () => {
  const t = new LXEngineComponent().tempo;
  t.nudgeUp.setOn(true);
  for (let i = 0; i < 500; i++) t.loop(10);
  assert.ok(t.beatPeriodMs() < 500 && t.beatPeriodMs() >= 450, `period ${t.beatPeriodMs()}`);
  t.nudgeUp.setOn(false);
  assert.equal(t.beatPeriodMs(), 500);
});

test('quantized triggers wait for the next boundary of the launch quantization and report pending', () => {
  const lx = new LXEngineComponent();
  const t = lx.tempo;
  let fired = 0;
  const trig = new QuantizedTriggerParameter('Go', () => fired++);
  lx.mixer.addParameter('testLaunch', trig);
  trig.fire();
  assert.equal(fired, 1, 'quantization None fires at once');
  t.launchQuantization.setValue(6); // 1/4
  t.loop(100);
  trig.fire();
  assert.equal(fired, 1);
  assert.equal(trig.pending, true);
  assert.equal(t.pendingTriggers().length, 1);
  t.loop(300); // 400 ms: not yet a beat
  assert.equal(fired, 1);
  t.loop(100); // 500 ms: the beat
  assert.equal(fired, 2);
  assert.equal(trig.pending, false);
  assert.equal(t.pendingTriggers().length, 0);
  t.loop(100);
  trig.fire();
  trig.cancel();
  for (let i = 0; i < 10; i++) t.loop(100);
  assert.equal(fired, 2, 'a cancelled launch never fires');
});

test('beat listeners and the trigger pulse fire on beats and bars', () => {
  const t = new LXEngineComponent().tempo;
  const events: string[] = [];
  t.listen((_t, e, beat) => events.push(`${e}${beat}`));
  t.enabled.setOn(true);
  let pulses = 0;
  t.trigger.onChange(() => {
    if (t.trigger.isOn()) pulses++;
  });
  for (let i = 0; i < 200; i++) t.loop(10); // 2 s = 4 beats
  assert.deepEqual(events, ['beat1', 'beat2', 'beat3', 'beat0', 'bar0']);
  assert.equal(pulses, 4);
});
