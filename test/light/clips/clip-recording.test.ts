import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { buildGridDemo } from '../../../src/light/grid-demo.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { addClip, startRecording, stopRecording } from '../../../src/light/operations/clips.js';
import { activatePattern } from '../../../src/light/operations/patterns.js';
import { SolidPattern } from '../../../src/light/devices/patterns/color/solid-pattern.js';

const ORIGIN = { surface: 'engine' as const };
const CH = { path: '/lx/mixer/channel/1' };
const SLOT = { bus: CH, slot: 0 };
const DT = 1000 / 60;

function sumOf(n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += DT;
  return s;
}

/** The grid demo with three patterns on channel 1 (Gradient, then two Solids) and an ABSOLUTE clip in slot 0. */
function demo(): { show: LightShow; channel: Channel } {
  const show = new LightShow(new Engine());
  buildGridDemo(show);
  const channel = show.lx.mixer.channels.at(0) as Channel;
  channel.addPattern(new SolidPattern({ h: 0, s: 100, b: 100 }));
  channel.addPattern(new SolidPattern({ h: 120, s: 100, b: 100 }));
  addClip(show, SLOT, { length: { ms: 2000 }, timeBase: 'ABSOLUTE' }, ORIGIN);
  return { show, channel };
}

const step = (show: LightShow, n: number): void => show.engine.clock.stepFixed(n, DT);
const patternEvents = (channel: Channel): [number, number][] =>
  (channel.clips.items[0].patternLane()?.events ?? []).map((e) => [e.cursor.millis, e.patternIndex]);

test('a take records pattern changes from any surface into the pattern lane, one undo step', () => {
  const { show, channel } = demo();
  const engine = channel.patternEngine;
  startRecording(show, SLOT);
  step(show, 6);
  // An agent (activate_pattern's operation), then a recall trigger (OSC, the console), then auto-cycle's trigger.
  activatePattern(show, { path: '/lx/mixer/channel/1/pattern/2' }, ORIGIN);
  step(show, 30);
  (channel.patterns.at(2) as SolidPattern).recall.fire();
  step(show, 12);
  engine.triggerPatternCycle.fire();
  step(show, 6);
  assert.equal(engine.activeIndex, 0, 'the cycle wrapped to the first pattern');
  const depth = show.engine.history.undoDepth;
  const stopped = stopRecording(show, SLOT, ORIGIN);
  assert.equal(stopped.events, 3);
  assert.equal(stopped.lanes, 1);
  assert.equal(show.engine.history.undoDepth, depth + 1, 'the take is one undo step');
  assert.deepEqual(patternEvents(channel), [
    [sumOf(6), 1],
    [sumOf(36), 2],
    [sumOf(48), 0],
  ]);
  const lanes = channel.clips.items[0].lanes.items;
  assert.equal(lanes.length, 2, 'no trigger lanes for recall or the pattern cycle: the pattern lane holds the changes');
  assert.equal(channel.clips.items[0].patternLane()?.events[0].patternId, channel.patterns.at(1)?.id);

  // Playback: relaunch and the lane switches the patterns at the recorded times.
  channel.clips.items[0].launch.fire();
  step(show, 1);
  step(show, 6);
  assert.equal(engine.activeIndex, 1);
  step(show, 30);
  assert.equal(engine.activeIndex, 2);

  show.engine.history.undo();
  assert.deepEqual(patternEvents(channel), [], 'undo removes the take');
  show.engine.history.redo();
  assert.equal(patternEvents(channel).length, 3, 'redo writes it again');
});

test('while a take has changed the pattern, the pattern lane holds off; clip playback is not recorded', () => {
  const { show, channel } = demo();
  const engine = channel.patternEngine;
  const clip = channel.clips.items[0];
  // A lane that goes to pattern 3 at 200 ms.
  clip.patternLane()!.events = [{ cursor: { millis: 200, beatCount: 0, beatBasis: 0.4 }, patternIndex: 2, patternId: channel.patterns.at(2)!.id }];
  startRecording(show, SLOT);
  step(show, 3);
  activatePattern(show, { path: '/lx/mixer/channel/1/pattern/2' }, ORIGIN);
  step(show, 20);
  assert.equal(engine.activeIndex, 1, "the lane's event at 200 ms did not fight the recorded change");
  const stopped = stopRecording(show, SLOT, ORIGIN);
  assert.equal(stopped.events, 1, 'only the move made by hand');
  assert.deepEqual(patternEvents(channel), [
    [sumOf(3), 1],
    [200, 2],
  ]);
  assert.equal(clip.patternLane()!.held, false, 'the lane plays again after the take');
});

test('a take with no moves writes nothing and adds no undo step', () => {
  const { show, channel } = demo();
  startRecording(show, SLOT);
  step(show, 10);
  const depth = show.engine.history.undoDepth;
  assert.deepEqual(stopRecording(show, SLOT, ORIGIN), { clip: channel.clips.items[0], events: 0, lanes: 0 });
  assert.equal(show.engine.history.undoDepth, depth);
});
