import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/devices/library.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { renderShow } from '../../src/show/render-show.js';
import { saveProject } from '../../src/sound/model/components.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const CH = '/lx/mixer/channel/1';

/** Renders the running show offline (its light project with cues, and its song) for `seconds`. */
async function render(show: TestShow, seconds: number): Promise<{ frames: Uint32Array[]; beats: Float64Array }> {
  const { light, song } = await show.app.engine.queue.submit(() => ({
    light: writeProject(show.app.light.lx, show.app.light.externals, 0),
    song: saveProject(show.app.sound.project, { ids: false }),
  }));
  const frames: Uint32Array[] = [];
  const r = renderShow({
    light: JSON.parse(JSON.stringify(light)),
    song,
    seconds,
    registry: createLibrary(),
    onFrame: (_k, argb) => frames.push(argb.slice()),
  });
  return { frames, beats: r.beats };
}

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

test('a light cue at the song\'s "Verse" marker launches its scene on that beat in the rendered show; place and remove undo', async (t) => {
  const show = await startShow(t);
  // Scene 1: channel 1's fader drops to 0.2 (a visible change of the whole channel).
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Verse', length: { beats: 4 } });
  await show.call('set_clip_lane', {
    bus: CH,
    slot: 1,
    lane: `${CH}/fader`,
    events: [
      { ms: 0, value: 0.2 },
      { beats: 4, value: 0.2 },
    ],
  });
  const list = async () => [...show.app.services.lightCues!.list()];

  await assertRefused(show, 'place_light_cue', { marker: 'Chorus', scene: 1 }, /^not_found: .*"Intro", "Verse", "Build", "Drop"/, [list]);
  await assertRefused(show, 'place_light_cue', { marker: 'Verse', scene: 7 }, /^not_found: scene 7/, [list]);
  await assertRefused(show, 'place_light_cue', { beat: 4, marker: 'Verse', scene: 1 }, /^invalid_argument/, [list]);
  await assertRefused(show, 'place_light_cue', { marker: 'Verse', remove: true }, /^not_found: no light cue/, [list]);

  const plain = await render(show, 16.5);
  const placed = await assertUndoable(
    show,
    () => show.call('place_light_cue', { marker: 'Verse', scene: 1 }),
    (r) => {
      assert.deepEqual(r.placed, { beat: 32, scene: 1, marker: 'Verse' });
      assert.deepEqual(r.cues, [{ beat: 32, scene: 1, marker: 'Verse' }]);
    },
    [list],
  );
  assert.equal(placed.removed, null);
  assert.deepEqual(await list(), [], 'undo removed the cue');
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });

  const cued = await render(show, 16.5);
  // The frame the song reaches beat 32 (16 s at 120 bpm; the running sum of frame steps reads
  // a hair under 32 there).
  const crossing = cued.beats.findIndex((b) => b >= 32 - 1e-9);
  assert.equal(crossing, 959);
  const firstDiff = cued.frames.findIndex((f, k) => !same(f, plain.frames[k]));
  assert.equal(firstDiff, crossing, `the light changes on the frame the song reaches the Verse (frame ${crossing}, beat ${cued.beats[crossing]})`);
  assert.ok(
    cued.frames.slice(crossing).every((f, i) => !same(f, plain.frames[crossing + i])),
    'and stays changed',
  );

  // Saved with the show: the cue is in the light project's externals.
  const saved = await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0));
  assert.deepEqual((saved.externals as Record<string, unknown>)['footlight.lightCues'], [{ beat: 32, scene: 1, marker: 'Verse' }]);

  await assertUndoable(
    show,
    () => show.call('place_light_cue', { marker: 'Verse', remove: true }),
    (r) => {
      assert.deepEqual(r.removed, { beat: 32, scene: 1, marker: 'Verse' });
      assert.deepEqual(r.cues, []);
    },
    [list],
  );
  await show.call('undo'); // the placement
  assert.deepEqual(await list(), []);
  const undone = await render(show, 16.5);
  assert.ok(
    undone.frames.every((f, k) => same(f, plain.frames[k])),
    'after undo the show renders as before',
  );
});

test('place_light_cue moveTo moves a cue (scene kept, marker dropped) in one undo step; refusals change nothing', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Verse', length: { beats: 4 } });
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });
  await show.call('place_light_cue', { beat: 4, scene: 1 });
  const list = async () => [...show.app.services.lightCues!.list()];
  await assertUndoable(
    show,
    () => show.call('place_light_cue', { marker: 'Verse', moveTo: 20 }),
    (r) => {
      assert.deepEqual(r.placed, { beat: 20, scene: 1 });
      assert.deepEqual(r.removed, { beat: 32, scene: 1, marker: 'Verse' });
      assert.deepEqual(r.cues, [
        { beat: 4, scene: 1 },
        { beat: 20, scene: 1 },
      ]);
    },
    [list],
  );
  await assertRefused(show, 'place_light_cue', { beat: 4, moveTo: 32 }, /^invalid_argument: a light cue is already at beat 32/, [list]);
  await assertRefused(show, 'place_light_cue', { beat: 5, moveTo: 8 }, /^not_found: no light cue at beat 5/, [list]);
  await assertRefused(show, 'place_light_cue', { beat: 4, moveTo: 8, scene: 1 }, /^invalid_argument: moveTo takes beat or marker/, [list]);
  await assertRefused(show, 'place_light_cue', { beat: 4, moveTo: -1 }, /^invalid_argument: moveTo/, [list]);
});
