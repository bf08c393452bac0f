import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { add, multiply } from '../../../src/light/color/blend-kernel.js';
import { gray, hsb } from '../../../src/light/color/lx-color.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { Group } from '../../../src/light/mixer/group.js';
import { SolidPattern } from '../../../src/light/devices/patterns/color/solid-pattern.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { ViewDefinition } from '../../../src/light/structure/view-definition.js';

const RED = hsb(0, 100, 100);
const BLUE = hsb(240, 100, 100);
const BLACK = 0xff000000;
const DELTA = 1000 / 60;

/** Two strips of 4 points (tags `a` and `b`) and a show with no channels. */
function rig(): LightShow {
  const show = new LightShow(new Engine());
  for (const [tag, y] of [
    ['a', 0],
    ['b', 10],
  ] as const) {
    const f = new Fixture('StripFixture', `Strip-${tag}`);
    f.parameters.get('numPoints')!.setBase(4);
    f.parameters.get('y')!.setBase(y);
    f.parameters.get('tags')!.setBase(tag);
    show.structure.addFixture(f);
  }
  return show;
}

function solid(show: LightShow, color: { h: number; s: number; b: number }, fader = 1): Channel {
  const c = new Channel(`Channel-${show.mixer.channels.length + 1}`);
  c.addPattern(new SolidPattern(color));
  c.fader.setValue(fader);
  show.mixer.insertChannel(c);
  return c;
}

function frame(show: LightShow): number[] {
  show.engine.clock.stepFixed(1, DELTA);
  return Array.from(show.main);
}

test('channels blend in order over opaque black; a channel at fader 0 or off adds nothing', () => {
  const show = rig();
  solid(show, { h: 0, s: 100, b: 100 });
  const blue = solid(show, { h: 240, s: 100, b: 100 }, 0.5);
  assert.deepEqual(frame(show), Array(8).fill(add(add(BLACK, RED, 256), BLUE, 128)));
  blue.fader.setValue(0);
  assert.deepEqual(frame(show), Array(8).fill(RED));
  assert.equal(blue.isAnimating, false, 'auto-muted at fader 0');
  blue.fader.setValue(1);
  blue.enabled.setOn(false);
  assert.deepEqual(frame(show), Array(8).fill(RED));
});

test("channel views: a channel with a view touches only the view's points", () => {
  const show = rig();
  const view = new ViewDefinition('B');
  view.selector.setString('b');
  show.structure.views.addView(view);
  const c = solid(show, { h: 0, s: 100, b: 100 });
  c.view.select(view);
  assert.deepEqual(frame(show), [BLACK, BLACK, BLACK, BLACK, RED, RED, RED, RED]);
  // A pattern's own view narrows it further; the priority selector follows.
  const a = new ViewDefinition('A');
  a.selector.setString('a');
  show.structure.views.addView(a);
  c.view.select(null);
  const p = c.patterns.at(0) as SolidPattern;
  p.view.select(a);
  assert.equal(p.viewPriority.selected, a);
  assert.deepEqual(frame(show), [RED, RED, RED, RED, BLACK, BLACK, BLACK, BLACK]);
});

test('groups: members composite into the group from transparent; a group at fader 0 mutes its members', () => {
  const show = rig();
  const group = new Group('Group-1');
  show.mixer.insertChannel(group);
  const m1 = solid(show, { h: 0, s: 100, b: 100 });
  const m2 = solid(show, { h: 240, s: 100, b: 100 }, 0.5);
  for (const m of [m1, m2]) {
    m.group = group;
    group.members.push(m);
  }
  group.fader.setValue(0.5);
  const inGroup = add(add(0, RED, 256), BLUE, 128);
  assert.deepEqual(frame(show), Array(8).fill(add(BLACK, inGroup, 128)));
  group.fader.setValue(0);
  assert.deepEqual(frame(show), Array(8).fill(BLACK));
  assert.equal(m1.isAnimating, false);
  assert.equal(m2.isAnimating, false);
});

test('crossfader: with only side A, main adds A at min(1, 2·(1 − x)); cue A copies side A to cue', () => {
  const show = rig();
  const a = solid(show, { h: 0, s: 100, b: 100 });
  a.crossfadeGroup.setValue(1);
  show.mixer.crossfader.setValue(0.75);
  assert.deepEqual(frame(show), Array(8).fill(add(BLACK, RED, 128)));
  show.mixer.crossfader.setValue(1);
  assert.deepEqual(frame(show), Array(8).fill(BLACK));
  show.mixer.cueA.setOn(true);
  frame(show);
  assert.equal(show.frame.cueOn, true);
  assert.deepEqual(Array.from(show.frame.cue), Array(8).fill(RED));
});

test('cue: a cued channel adds into the cue output; POST preview scales main by the master fader', () => {
  const show = rig();
  const c = solid(show, { h: 0, s: 100, b: 100 });
  c.cue.setOn(true);
  frame(show);
  assert.equal(show.frame.cueOn, true);
  assert.deepEqual(Array.from(show.frame.cue), Array(8).fill(RED));
  show.mixer.master.fader.setValue(0.5);
  assert.deepEqual(frame(show), Array(8).fill(RED), 'PRE: main is not dimmed');
  show.mixer.master.previewMode.setValue(1);
  assert.deepEqual(frame(show), Array(8).fill(multiply(RED, gray(50), 256)));
});

test('fixture post-pass: mute blacks out a fixture, solo blacks out every other, structure white', () => {
  const show = rig();
  solid(show, { h: 0, s: 100, b: 100 });
  const [fa, fb] = show.structure.fixtures.items;
  fa.mute.setOn(true);
  assert.deepEqual(frame(show), [BLACK, BLACK, BLACK, BLACK, RED, RED, RED, RED]);
  fa.mute.setOn(false);
  fb.solo.setOn(true);
  assert.deepEqual(frame(show), [BLACK, BLACK, BLACK, BLACK, RED, RED, RED, RED]);
  fb.solo.setOn(false);
  show.structure.allWhite.setOn(true);
  assert.deepEqual(frame(show), Array(8).fill(0xffffffff));
});

test('engine speed scales device time but not playlist transitions, which run on nowMillis', () => {
  const show = rig();
  const c = solid(show, { h: 0, s: 100, b: 100 });
  c.addPattern(new SolidPattern({ h: 240, s: 100, b: 100 }));
  c.patternEngine.transitionEnabled.setOn(true);
  c.patternEngine.transitionTimeSecs.setValue(1);
  show.lx.speed.setValue(0);
  frame(show);
  c.patternEngine.goPatternIndex(1);
  show.engine.clock.stepFixed(61, DELTA);
  assert.equal(c.patternEngine.inTransition, false, 'the transition ended after 1 s of wall clock, at speed 0');
  assert.equal(c.activePattern, c.patterns.at(1));
  assert.deepEqual(frame(show), Array(8).fill(BLUE));
});

test('a view definition with cueActive previews its points in the cue output', () => {
  const show = rig();
  solid(show, { h: 0, s: 100, b: 100 });
  const view = new ViewDefinition('B');
  view.selector.setString('b');
  show.structure.views.addView(view);
  view.cueActive.setOn(true);
  frame(show);
  assert.equal(show.frame.cueOn, true);
  assert.deepEqual(Array.from(show.frame.cue), [BLACK, BLACK, BLACK, BLACK, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  assert.deepEqual(Array.from(show.main), Array(8).fill(RED), 'main is untouched');
});

test('auto-cycle RANDOM is seeded: the same show picks the same patterns every run, never the active one', () => {
  const picks = (): number[] => {
    const show = rig();
    const c = solid(show, { h: 0, s: 100, b: 100 });
    for (let i = 0; i < 4; i++) c.addPattern(new SolidPattern({ h: 60 * i, s: 100, b: 100 }));
    c.patternEngine.autoCycleEnabled.setOn(true);
    c.patternEngine.autoCycleMode.setValue(1);
    c.patternEngine.autoCycleTimeSecs.setValue(0.1);
    const out: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = c.patternEngine.activeIndex;
      show.engine.clock.stepFixed(1, DELTA);
      if (c.patternEngine.activeIndex !== before) out.push(c.patternEngine.activeIndex);
    }
    return out;
  };
  const a = picks();
  assert.ok(a.length >= 5);
  assert.deepEqual(picks(), a);
  for (let i = 1; i < a.length; i++) assert.notEqual(a[i], a[i - 1]);
});

test('a pattern with a custom cycle time cycles on its own time', () => {
  const show = rig();
  const c = solid(show, { h: 0, s: 100, b: 100 });
  c.addPattern(new SolidPattern({ h: 240, s: 100, b: 100 }));
  const first = c.patterns.at(0) as SolidPattern;
  first.hasCustomCycleTime.setOn(true);
  first.customCycleTimeSecs.setValue(0.5);
  c.patternEngine.autoCycleTimeSecs.setValue(10);
  c.patternEngine.autoCycleEnabled.setOn(true);
  show.engine.clock.stepFixed(29, DELTA);
  assert.equal(c.patternEngine.activeIndex, 0);
  show.engine.clock.stepFixed(2, DELTA);
  assert.equal(c.patternEngine.activeIndex, 1, 'after 0.5 s of nowMillis');
});

test('stacks a frame leaves black are not cleared again, and every stack written in one frame is black in the next', () => {
  const show = rig();
  const c = solid(show, { h: 0, s: 100, b: 100 });
  const black = Array(8).fill(BLACK);
  frame(show);
  assert.equal(show.frame.cueBlack, true, 'nothing was cued');
  // Cue, then un-cue: the next frame's cue is black again.
  c.cue.setOn(true);
  frame(show);
  assert.equal(show.frame.cueBlack, false);
  c.cue.setOn(false);
  frame(show);
  assert.deepEqual([Array.from(show.frame.cue), show.frame.cueOn, show.frame.cueBlack], [black, false, true]);
  // Side A written in one frame, then the channel back to BYPASS: cue A shows a black side A.
  c.crossfadeGroup.setValue(1);
  show.mixer.crossfader.setValue(0);
  frame(show);
  c.crossfadeGroup.setValue(0);
  show.mixer.cueA.setOn(true);
  frame(show);
  assert.deepEqual(Array.from(show.frame.cue), black, 'side A was cleared');
  show.mixer.cueA.setOn(false);
  // A post-pass that paints cue (structure all white) makes the mixer clear it in the next frame.
  show.structure.allWhite.setOn(true);
  frame(show);
  assert.deepEqual(Array.from(show.frame.cue), Array(8).fill(0xffffffff));
  show.structure.allWhite.setOn(false);
  frame(show);
  assert.deepEqual([Array.from(show.frame.cue), Array.from(show.frame.aux)], [black, black]);
  assert.deepEqual(Array.from(show.main), Array(8).fill(RED));
});
