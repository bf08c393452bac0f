import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { buildDemoShow } from '../../src/light/demo-show.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { startShow, tempHome } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';

test('defect 1: a null among the saved light cues is dropped at load, reported by key path; frames, /api/state, place_light_cue work', async (t) => {
  const home = await tempHome(t);
  const demo = await startShow(t, { demo: 'stage' });
  const saved = await demo.app.engine.queue.submit(() => writeProject(demo.app.light.lx, demo.app.light.externals, 0));
  const cues = (saved.externals as Record<string, unknown[]>)['footlight.lightCues'];
  assert.equal(cues.length, demoCueMarkers().length, 'a cue per section of the demo song');
  (saved.externals as Record<string, unknown[]>)['footlight.lightCues'] = [cues[0], null, ...cues.slice(1)];
  const file = join(home, 'damaged-cues.lxp');
  await writeFile(file, JSON.stringify(saved));

  const show = await startShow(t, { project: file });
  const { app } = show;
  assert.ok(
    app.light.warnings.some((w) => w.startsWith('externals/footlight.lightCues/1:')),
    `the dropped cue is reported by key path: ${JSON.stringify(app.light.warnings)}`,
  );
  assert.deepEqual(
    app.services.lightCues!.list().map((c) => c.marker),
    demoCueMarkers().map((m) => m.name),
    'the sound cues loaded',
  );
  const failures: unknown[] = [];
  app.engine.queue.onFrameError = (err) => failures.push(err);
  // From a bar before the second cue (the Verse), through it.
  const verse = demoCueMarkers()[1].beat;
  await app.engine.queue.submit(() => {
    app.sound.transport.position = verse - 4;
    startPlayback(app.sound);
  });
  for (let k = 0; k < 20; k++) await app.engine.queue.submit(() => app.engine.clock.stepFixed(30, 1000 / 60));
  assert.ok(app.sound.transport.position > verse, `the song passed the cue after the dropped one (beat ${app.sound.transport.position})`);
  assert.deepEqual(failures, [], 'no frame failed');
  const state = await api(baseOf(show.url), '/api/state');
  assert.equal(state.status, 200);
  const placed = await show.call('place_light_cue', { beat: 40, scene: 1 });
  assert.deepEqual(placed.placed, { beat: 40, scene: 1 });
});

test("a device's parameters that are not an object are dropped at load by key path; the show opens and renders", () => {
  const demo = new LightShow(new Engine());
  buildDemoShow(demo);
  const file = JSON.parse(JSON.stringify(writeProject(demo.lx, demo.externals, 0))) as {
    engine: { children: { mixer: { channels: { patterns: { parameters: unknown }[] }[] }; modulation: { modulators: unknown[] } } };
  };
  const channels = file.engine.children.mixer.channels;
  const damage: unknown[] = ['1e999', null, [1], 7, 'x'];
  channels.forEach((c, i) => {
    c.patterns[0].parameters = damage[i % damage.length];
  });
  const modulators = file.engine.children.modulation.modulators;
  modulators.push({ class: 'heronarts.lx.modulator.Randomizer', parameters: 'x' });
  const opened = readProject(file, createLibrary());
  for (let i = 0; i < channels.length; i++)
    assert.ok(
      opened.warnings.some((w) => w.startsWith(`engine/children/mixer/channels/${i}/patterns/0/parameters: not an object`)),
      `channel ${i}'s pattern is reported by key path: ${JSON.stringify(opened.warnings)}`,
    );
  assert.ok(opened.warnings.some((w) => w.startsWith(`engine/children/modulation/modulators/${modulators.length - 1}/parameters: not an object`)));
  const engine = new Engine();
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  for (let k = 0; k < 5; k++) engine.clock.stepFixed(1, 1000 / 60);
  assert.equal(show.mixer.channels.items.length, channels.length);
  JSON.stringify(writeProject(show.lx, show.externals, 0));
});
