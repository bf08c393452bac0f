import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { buildGridDemo } from '../../../src/light/grid-demo.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { addClip, editLane, launchClip, launchScene } from '../../../src/light/operations/clips.js';
import { copyChannel } from '../../../src/light/operations/channels.js';

const ORIGIN = { surface: 'engine' as const };
const CH = { path: '/lx/mixer/channel/1' };

function demo(): LightShow {
  const show = new LightShow(new Engine());
  buildGridDemo(show);
  return show;
}

test('a clip made by the operations saves as LX stores clips and loads back the same', () => {
  const show = demo();
  addClip(show, { bus: CH, slot: 3 }, { label: 'Build', length: { beats: 6 }, timeBase: 'ABSOLUTE' }, ORIGIN);
  editLane(
    show,
    { bus: CH, slot: 3 },
    {
      lane: '/lx/mixer/channel/1/fader',
      events: [
        { ms: 0, value: 0 },
        { beats: 1.5, value: 0.75 },
      ],
    },
    ORIGIN,
  );
  editLane(show, { bus: CH, slot: 3 }, { lane: 'pattern', events: [{ beats: 1, pattern: 0 }] }, ORIGIN);
  const saved = writeProject(show.lx, {}, 0) as any;
  const clipJson = saved.engine.children.mixer.channels[0].clips[0];
  assert.equal(clipJson.class, 'heronarts.lx.clip.LXChannelClip');
  assert.equal(clipJson.index, 3);
  assert.equal(clipJson.parameters['length/millis'], 3000);
  assert.equal(clipJson.parameters['length/beatCount'], 6);
  assert.equal(clipJson.parameters['timeBase/name'], 'ABSOLUTE');
  const lanes = clipJson.parameterLanes;
  assert.deepEqual(
    lanes.map((l: any) => l.class),
    ['heronarts.lx.clip.MidiNoteClipLane', 'heronarts.lx.clip.PatternClipLane', 'heronarts.lx.clip.ParameterClipLane$Normalized'],
  );
  assert.equal(lanes[2].path, '/fader');
  assert.equal(lanes[2].parameterPath, 'fader');
  assert.deepEqual(lanes[2].events[1], { cursor: { millis: 750, beatCount: 1, beatBasis: 0.5 }, normalized: 0.75 });
  assert.deepEqual(lanes[1].events[0].cursor, { millis: 500, beatCount: 1, beatBasis: 0 });
  const reopened = readProject(saved, createLibrary());
  assert.deepEqual(reopened.warnings, []);
  const again = writeProject(reopened.lx, {}, 0) as any;
  assert.equal(JSON.stringify(again.engine.children.mixer.channels[0].clips), JSON.stringify(saved.engine.children.mixer.channels[0].clips));
});

test("TEMPO clips follow the launch clock's beats; a quantized launch counts from the boundary", () => {
  const show = demo();
  show.lx.tempo.launchQuantization.setValue(show.lx.tempo.launchQuantization.options!.indexOf('1/4'));
  const clip = addClip(show, { bus: CH, slot: 0 }, { length: { beats: 8 }, timeBase: 'TEMPO' }, ORIGIN);
  show.engine.clock.stepFixed(10, 1000 / 60);
  launchClip(show, { bus: CH, slot: 0 }, ORIGIN);
  assert.equal(clip.launch.pending, true);
  let frames = 0;
  while (!clip.running.isOn()) {
    show.engine.clock.stepFixed(1, 1000 / 60);
    frames++;
  }
  assert.ok(frames > 0 && frames <= 31, `waited ${frames} frames for the beat`);
  const beatsAtStart = show.lx.tempo.beatCount() + show.lx.tempo.basis();
  show.engine.clock.stepFixed(30, 1000 / 60);
  const beatsNow = show.lx.tempo.beatCount() + show.lx.tempo.basis();
  // The cursor is the beats since the boundary the launch waited for, at the reference BPM.
  const expected = ((beatsNow - Math.floor(beatsAtStart + 1e-9)) * 60000) / clip.referenceBpmValue();
  assert.ok(Math.abs(clip.cursor - expected) < 1e-6, `cursor ${clip.cursor} vs ${expected}`);
});

test("scenes launch the slot across buses; a launch stops the bus's other clip", () => {
  const show = demo();
  const a = addClip(show, { bus: CH, slot: 0 }, {}, ORIGIN);
  const b = addClip(show, { bus: CH, slot: 1 }, {}, ORIGIN);
  const m = addClip(show, { bus: { path: '/lx/mixer/master' }, slot: 1 }, {}, ORIGIN);
  launchClip(show, { bus: CH, slot: 0 }, ORIGIN);
  assert.equal(a.running.isOn(), true);
  assert.deepEqual(launchScene(show, 1, ORIGIN), [b, m]);
  assert.equal(a.running.isOn(), false, 'one clip per bus');
  assert.equal(b.running.isOn(), true);
  assert.equal(m.running.isOn(), true);
  assert.equal(m.lxClass, 'heronarts.lx.clip.LXMasterClip');
  assert.equal((show.mixer.channels.at(0) as Channel).clips.length, 2);
});

test("copying a channel copies its clips, their lanes aimed at the copy's own parameters", () => {
  const show = demo();
  addClip(show, { bus: CH, slot: 0 }, {}, ORIGIN);
  editLane(show, { bus: CH, slot: 0 }, { lane: '/lx/mixer/channel/1/fader', events: [{ ms: 0, value: 0.3 }] }, ORIGIN);
  const copy = copyChannel(show, CH, {}, ORIGIN).channel as Channel;
  assert.notEqual(copy.path, CH.path);
  const lane = copy.clips.at(0)!.parameterLanes()[0];
  assert.equal(lane.target, copy.fader);
});
