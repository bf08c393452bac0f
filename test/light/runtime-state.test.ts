// Checkpoints of the demo show and the standard workload (docs/runtime-state.md): show B, opened
// from A's saved project and runtime state, renders A's next frames exactly; without the runtime
// state it does not; a state of another project is refused and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/engine/engine.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { buildDemoShow } from '../../src/light/demo-show.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { Channel } from '../../src/light/mixer/channel.js';
import { standardWorkload } from '../../bench/workload.js';
import { ORIGIN, checkpoint, divergenceAfterCheckpoint, firstDivergence, openShow } from './runtime-state-helpers.js';

const DELTA = 1000 / 60;

/** An invalid_argument whose message matches. */
const refused = (message: RegExp) => (err: unknown) => {
  const e = err as { code?: string; message?: string };
  assert.equal(e.code, 'invalid_argument');
  assert.match(e.message ?? '', message);
  return true;
};

function demo(): LightShow {
  const built = new LightShow(new Engine());
  buildDemoShow(built);
  return openShow(JSON.parse(JSON.stringify(writeProject(built.lx, built.externals, 0))));
}

/** Midway in the demo: the wall's noise speeds up and the color channel moves to another pattern through a transition. */
function demoMidway(show: LightShow): void {
  show.setParameter('/lx/mixer/channel/1/pattern/1/motionSpeed', 0.8, ORIGIN);
  for (const c of show.mixer.channels.items) {
    if (c instanceof Channel && c.patterns.length >= 2) {
      show.setParameter(c.patternEngine.transitionEnabled, true, ORIGIN);
      c.patternEngine.goNextPattern();
    }
  }
}

test('demo show: a checkpoint renders the next 150 frames exactly; without the runtime state it does not', { timeout: 120_000 }, () => {
  assert.equal(divergenceAfterCheckpoint(demo(), { before: 150, after: 150, deltaMs: DELTA, midway: demoMidway }), -1);
  assert.notEqual(divergenceAfterCheckpoint(demo(), { before: 150, after: 150, deltaMs: DELTA, midway: demoMidway, restore: false }), -1);
});

test('standard workload: a checkpoint renders the next 150 frames exactly; without the runtime state it does not', { timeout: 120_000 }, () => {
  const midway = (show: LightShow) => show.setParameter('/lx/mixer/channel/1/pattern/1/motionSpeed', 0.9, ORIGIN);
  assert.equal(divergenceAfterCheckpoint(openShow(standardWorkload(24, 32)), { before: 150, after: 150, deltaMs: DELTA, midway }), -1);
  assert.notEqual(divergenceAfterCheckpoint(openShow(standardWorkload(24, 32)), { before: 150, after: 150, deltaMs: DELTA, midway, restore: false }), -1);
});

test('a runtime state of another project is refused and changes nothing', { timeout: 60_000 }, () => {
  const a = openShow(standardWorkload(8, 8));
  a.engine.clock.stepFixed(130, DELTA);
  const { state } = checkpoint(a);
  const b = openShow(standardWorkload(8, 9));
  b.engine.clock.stepFixed(10, DELTA);
  const before = JSON.stringify(b.captureRuntime());
  const history = [b.engine.history.undoDepth, b.engine.history.redoDepth];
  assert.throws(() => b.restoreRuntime(state), refused(/^runtime state: it belongs to project/));
  assert.equal(JSON.stringify(b.captureRuntime()), before);
  assert.deepEqual([b.engine.history.undoDepth, b.engine.history.redoDepth], history);
});

test('a damaged runtime state is rolled back: its state, parameters and history are as they were', { timeout: 60_000 }, () => {
  const a = openShow(standardWorkload(8, 8));
  a.engine.clock.stepFixed(60, DELTA);
  // A cue fade runs at the checkpoint: restoring it sets parameters, which the rollback must put back.
  a.cues.createList(ORIGIN, 'Main');
  a.cues.recordCue(ORIGIN, 'Main', { blind: true, values: [{ path: '/lx/mixer/channel/2/fader', value: 0.2 }], fadeInMs: 3000, fadeOutMs: 3000 });
  a.cues.go('Main');
  a.engine.clock.stepFixed(70, DELTA);
  const { project, state } = checkpoint(a);
  const b = openShow(project);
  const before = JSON.stringify(b.captureRuntime());
  const saved = JSON.stringify(writeProject(b.lx, b.externals, 0));
  const history = [b.engine.history.undoDepth, b.engine.history.redoDepth];
  const damaged = JSON.parse(JSON.stringify(state)) as {
    show: { cues: { $object: { runningLists: { $object: { fade: { $object: { elapsedMs: number } } } }[] } } };
    components: Record<string, { state: Record<string, unknown> }>;
  };
  // The fade at another time (it would set the fader elsewhere), and a later component missing a field.
  damaged.show.cues.$object.runningLists[0].$object.fade.$object.elapsedMs = 100;
  const paths = Object.keys(damaged.components);
  const last = damaged.components[paths[paths.length - 1]].state;
  delete last[Object.keys(last)[0]];
  assert.throws(() => b.restoreRuntime(damaged as never), refused(/^runtime state of .*: no /));
  assert.equal(JSON.stringify(b.captureRuntime()), before);
  assert.equal(JSON.stringify(writeProject(b.lx, b.externals, 0)), saved);
  assert.deepEqual([b.engine.history.undoDepth, b.engine.history.redoDepth], history);
  b.restoreRuntime(state);
  assert.equal(firstDivergence(a, b, 150, DELTA), -1, 'the intact state still restores');
});
