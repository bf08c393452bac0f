import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { Engine } from '../../../src/engine/engine.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { ParameterLane, PatternLane } from '../../../src/light/clips/lanes.js';
import { GOLDEN_DIR } from '../../helpers/golden-dir.js';

type Json = Record<string, any>;
const lxp = (): Json => JSON.parse(readFileSync(join(GOLDEN_DIR, 'clips_lanes.lxp'), 'utf8')) as Json;

test('clips_lanes loads every clip and lane without a warning and saves the clip arrays as LX wrote them, key order included', () => {
  const file = lxp();
  const opened = readProject(file, createLibrary());
  assert.deepEqual(opened.warnings, []);
  const ch = opened.lx.mixer.channels.at(0) as Channel;
  const clip = ch.clips.at(0)!;
  assert.equal(clip.slot, 0);
  assert.equal(clip.lxClass, 'heronarts.lx.clip.LXChannelClip');
  assert.deepEqual(
    clip.lanes.items.map((l) => l.laneType),
    ['midiNote', 'pattern', 'parameter', 'parameter', 'parameter', 'parameter'],
  );
  const lanes = clip.parameterLanes();
  assert.deepEqual(
    lanes.map((l) => l.target?.path),
    [
      '/lx/mixer/channel/1/fader',
      '/lx/mixer/channel/1/pattern/1/gradientPhase',
      '/lx/mixer/channel/1/pattern/1/gradientInvert',
      '/lx/mixer/channel/1/pattern/2/layer/1/position',
    ],
  );
  assert.equal(clip.running.isOn(), true, 'saved running: the clip plays when the project opens');
  assert.equal(clip.cursor, 0);
  const saved = writeProject(opened.lx, opened.externals, 0) as Json;
  const mixerIn = file.engine.children.mixer;
  const mixerOut = saved.engine.children.mixer;
  assert.equal(JSON.stringify(mixerOut.channels[0].clips), JSON.stringify(mixerIn.channels[0].clips));
  assert.equal(JSON.stringify(mixerOut.children.master.clips), JSON.stringify(mixerIn.children.master.clips));
  assert.deepEqual(saved.engine.children.clips, file.engine.children.clips);
});

function openShow(json: Json): LightShow {
  const engine = new Engine();
  const opened = readProject(json, createLibrary());
  engine.graph.reserveIds(opened.maxId);
  return new LightShow(engine, opened.lx);
}

test('the clip cursor is a running double sum: the 500 ms pattern event fires at frame 29, the 1000 ms one at frame 60, the loop wraps at frame 89', () => {
  const show = openShow(lxp());
  const ch = show.lx.mixer.channels.at(0) as Channel;
  const clip = ch.clips.at(0)!;
  const master = show.lx.mixer.master.clips.at(0)!;
  const cursors: number[] = [];
  const patterns: number[] = [];
  const masterRunning: boolean[] = [];
  for (let k = 0; k < 110; k++) {
    show.engine.clock.stepFixed(1, 16.666666666666668);
    cursors.push(clip.cursor);
    patterns.push(ch.activePatternIndex);
    masterRunning.push(master.running.isOn());
  }
  assert.equal(cursors[29], 500.0000000000002);
  assert.equal(cursors[59], 999.9999999999991);
  assert.equal(patterns[28], 0);
  assert.equal(patterns[29], 1);
  assert.equal(patterns[59], 1);
  assert.equal(patterns[60], 2);
  assert.equal(cursors[89], 1.1368683772161603e-12);
  assert.equal(patterns[89], 0);
  assert.equal(masterRunning[103], true);
  assert.equal(masterRunning[104], false, 'the unlooped master clip stops at frame 104');
  const hue = master.parameterLanes()[0].target!;
  assert.equal(master.cursor, 1750);
  assert.ok(Math.abs((hue as unknown as { getNormalized(): number }).getNormalized() - 0.9) < 1e-9, 'the hue holds its last value');
});

test('lane envelopes: linear between points, stepped lanes hold until strictly past an event', () => {
  const show = openShow(lxp());
  const clip = (show.lx.mixer.channels.at(0) as Channel).clips.at(0)!;
  const [fader, , invert] = clip.parameterLanes();
  assert.ok(fader instanceof ParameterLane && invert instanceof ParameterLane);
  assert.equal(fader.valueAt(0), 1);
  assert.equal(fader.valueAt(312.5), 1 + (0.35 - 1) * 0.5);
  assert.equal(fader.valueAt(2000), 0.6);
  assert.equal(invert.valueAt(250), 0, 'at the event time the earlier value holds');
  assert.equal(invert.valueAt(250.0001), 1);
  assert.equal(invert.valueAt(375), 1);
  assert.equal(invert.valueAt(376), 0);
  assert.ok(clip.patternLane() instanceof PatternLane);
});
