// Checkpoints taken at the moments a late node is most likely to get wrong (docs/runtime-state.md):
// in the middle of a playlist transition, a cue fade, a Freeze hold and a Damper's move. Each test
// first shows the checkpoint falls in that moment, then that show B renders A's next frames exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLenientJson } from '../../src/light/show/project/lenient-json.js';
import type { Channel } from '../../src/light/mixer/channel.js';
import type { LightShow } from '../../src/light/show/light-show.js';
import { standardWorkload } from '../../bench/workload.js';
import { ORIGIN, checkpoint, firstDivergence, openShow } from './runtime-state-helpers.js';

const DELTA = 1000 / 60;
const scene = (name: string): LightShow => {
  const path = fileURLToPath(new URL(`../golden/${name}.lxp`, import.meta.url));
  return openShow(parseLenientJson(readFileSync(path, 'utf8'), path));
};
type Fields = Record<string, unknown>;
const fieldsOf = (state: { components: Record<string, { class: string; state: unknown }> }, cls: string): Fields[] =>
  Object.values(state.components)
    .filter((c) => c.class.endsWith(cls))
    .map((c) => c.state as Fields);

/** Checkpoints A now, opens B from it, and steps both 150 frames: -1 when every frame is equal. */
function resumed(a: LightShow): number {
  const { project, state } = checkpoint(a);
  const b = openShow(project);
  b.restoreRuntime(state);
  return firstDivergence(a, b, 150, DELTA);
}

test('mid-transition: a playlist 1.25 s into a 5 s transition resumes exactly', { timeout: 60_000 }, () => {
  const a = scene('lx-1.2.1/playlist_transition');
  a.engine.clock.stepFixed(75, DELTA);
  const channel = a.mixer.channels.items[0] as Channel;
  a.setParameter(channel.patternEngine.transitionEnabled, true, ORIGIN);
  a.setParameter(channel.patternEngine.transitionTimeSecs, 5, ORIGIN);
  channel.patternEngine.goNextPattern();
  a.engine.clock.stepFixed(75, DELTA);
  assert.ok(channel.patternEngine.inTransition);
  assert.equal(resumed(a), -1);
});

test('mid-cue-fade: a cue list 1.5 s into a 3 s fade resumes exactly', { timeout: 60_000 }, () => {
  const a = openShow(standardWorkload(12, 16));
  a.engine.clock.stepFixed(60, DELTA);
  a.cues.createList(ORIGIN, 'Main');
  a.cues.recordCue(ORIGIN, 'Main', {
    blind: true,
    values: [
      { path: '/lx/mixer/channel/2/fader', value: 0.2 },
      { path: '/lx/mixer/channel/1/pattern/1/motionSpeed', value: 0.9 },
    ],
    fadeInMs: 3000,
    fadeOutMs: 3000,
  });
  a.cues.go('Main');
  a.engine.clock.stepFixed(90, DELTA);
  const progress = a.cues.status('Main').progress;
  assert.ok(progress > 0.4 && progress < 0.6, `progress ${progress}`);
  assert.equal(resumed(a), -1);
});

test('mid-Freeze-hold: Freeze effects holding their frame resume exactly', { timeout: 60_000 }, () => {
  const a = scene('lx-scenes/racks/freeze_modes_hold');
  a.engine.clock.stepFixed(150, DELTA);
  assert.ok(fieldsOf(a.captureRuntime() as never, 'FreezeEffect').some((f) => f.basis === 1));
  assert.equal(resumed(a), -1);
});

test('mid-Damper-move: Dampers between their ends resume exactly', { timeout: 60_000 }, () => {
  const a = scene('lx-scenes/devices/damper');
  a.engine.clock.stepFixed(149, DELTA);
  const before = fieldsOf(a.captureRuntime() as never, 'Damper').map((f) => f.value);
  a.engine.clock.stepFixed(1, DELTA);
  const now = fieldsOf(a.captureRuntime() as never, 'Damper').map((f) => f.value);
  assert.ok(
    now.some((v, i) => v !== before[i] && (v as number) > 0 && (v as number) < 1),
    `dampers: ${now.join(', ')}`,
  );
  assert.equal(resumed(a), -1);
});

test('a pending launch: a pattern cycle waiting for the next 2 bars fires on both shows', { timeout: 60_000 }, () => {
  const a = scene('lx-1.2.1/playlist_transition');
  a.setParameter(a.lx.tempo.launchQuantization, 3, ORIGIN);
  a.engine.clock.stepFixed(150, DELTA);
  const channel = a.mixer.channels.items[0] as Channel;
  channel.patternEngine.launchPatternCycle.fire();
  assert.ok(channel.patternEngine.launchPatternCycle.pending);
  const active = channel.patternEngine.activeIndex;
  const { project, state } = checkpoint(a);
  const b = openShow(project);
  b.restoreRuntime(state);
  assert.equal(firstDivergence(a, b, 180, DELTA), -1);
  assert.notEqual(channel.patternEngine.activeIndex, active, 'the launch fired within the frames compared');
});

test('live input: the latched DMX universes and ADM positions carry over', { timeout: 60_000 }, () => {
  const a = scene('lx-1.2.1-dmx/dmx_devices');
  a.engine.clock.stepFixed(120, DELTA);
  // What a desk's receivers latched (input/): two universes of levels, and one ADM object moved.
  for (let c = 0; c < 512; c++) a.lx.dmx.data[c] = (c * 7) & 0xff;
  for (let c = 0; c < 512; c++) a.lx.dmx.data[3 * 512 + c] = 255 - (c & 0xff);
  assert.equal(
    a.lx.audio.adm.receive('/adm/obj/3/aed', [
      { type: 'float', value: 30 },
      { type: 'float', value: 10 },
      { type: 'float', value: 0.5 },
    ]),
    null,
  );
  a.engine.clock.stepFixed(30, DELTA);
  const { project, state } = checkpoint(a);
  const b = openShow(project);
  b.restoreRuntime(state);
  assert.deepEqual(b.lx.dmx.data, a.lx.dmx.data);
  assert.deepEqual(b.lx.audio.adm.position(3), a.lx.audio.adm.position(3));
  assert.equal(firstDivergence(a, b, 150, DELTA), -1);
  const c = openShow(project);
  assert.notEqual(firstDivergence(a, c, 1, DELTA), -1, 'without the runtime state the DMX devices read nothing');
});
