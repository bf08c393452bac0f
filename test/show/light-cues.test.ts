import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/devices/library.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { SHOW_EXTERNALS } from '../../src/show/light-cues.js';
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

test('place_light_cue refuses a marker name two markers share, listing their beats; list_light_cues reads cues, markers and the playhead', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Drop', length: { beats: 4 } });
  // A song with two markers named "Drop" (as a MIDI import can make).
  await show.app.engine.queue.submit(() => {
    show.app.sound.project.cueMarkers = [
      { name: 'Intro', beat: 0 },
      { name: 'Drop', beat: 32 },
      { name: 'Drop', beat: 16 },
    ];
  });
  const list = async () => [...show.app.services.lightCues!.list()];
  await assertRefused(show, 'place_light_cue', { marker: 'Drop', scene: 1 }, /^invalid_argument: .*2 cue markers named "Drop" \(at beats 16, 32\); give beat/, [
    list,
  ]);
  await show.call('place_light_cue', { beat: 32, scene: 1, fade: { beats: 2 } });
  await assertRefused(show, 'place_light_cue', { marker: 'Drop', remove: true }, /^invalid_argument: .*named "Drop"/, [list]);

  await show.app.engine.queue.submit(() => {
    show.app.sound.transport.position = 20.426666666666666;
  });
  const listed = await show.call('list_light_cues');
  assert.deepEqual(listed, {
    cues: [{ beat: 32, scene: 1, fade: { beats: 2 } }],
    markers: [
      { name: 'Intro', beat: 0 },
      { name: 'Drop', beat: 16 },
      { name: 'Drop', beat: 32 },
    ],
    playhead: 20.426666666666666,
  });
  const tools = await show.client.listTools();
  assert.equal(tools.tools.find((x) => x.name === 'list_light_cues')?.annotations?.readOnlyHint, true);
});

test('place_light_cue at the playhead snaps to the beat, or to the grid given (0: exact); each an undo step', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Drop', length: { beats: 4 } });
  await show.app.engine.queue.submit(() => {
    show.app.sound.transport.position = 20.426666666666666;
  });
  const list = async () => [...show.app.services.lightCues!.list()];
  for (const [snap, beat] of [
    [undefined, 20],
    [4, 20],
    [0.25, 20.5],
    [1 / 3, 20.3333333333],
    [0, 20.426666666666666],
  ] as const) {
    await assertUndoable(
      show,
      () => show.call('place_light_cue', { playhead: true, scene: 1, ...(snap === undefined ? {} : { snap }) }),
      (r) => assert.deepEqual(r.placed, { beat, scene: 1 }, `snap ${snap}`),
      [list],
    );
  }
  await assertRefused(show, 'place_light_cue', { beat: 3, snap: 1, scene: 1 }, /^invalid_argument: snap applies to playhead only/, [list]);
  await assertRefused(show, 'place_light_cue', { playhead: true, snap: -1, scene: 1 }, /^invalid_argument: snap/, [list]);
  await assertRefused(show, 'place_light_cue', { playhead: true, remove: true }, /^invalid_argument: name the cue by beat or marker/, [list]);
});

test('place_light_cue fade: placed, replaced and kept by moveTo, one undo step each; a bad fade changes nothing', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Drop', length: { beats: 4 } });
  const list = async () => [...show.app.services.lightCues!.list()];
  // The demo song's Drop marker is at beat 128 (bar 33).
  await assertUndoable(
    show,
    () => show.call('place_light_cue', { marker: 'Drop', scene: 1, fade: { beats: 2 } }),
    (r) => assert.deepEqual(r.placed, { beat: 128, scene: 1, marker: 'Drop', fade: { beats: 2 } }),
    [list],
  );
  await show.call('place_light_cue', { marker: 'Drop', scene: 1, fade: { beats: 2 } });
  // Placing again at the beat changes the fade (here to milliseconds).
  await assertUndoable(
    show,
    () => show.call('place_light_cue', { beat: 128, scene: 1, fade: { ms: 750 } }),
    (r) => assert.deepEqual(r.cues, [{ beat: 128, scene: 1, fade: { ms: 750 } }]),
    [list],
  );
  await assertUndoable(
    show,
    () => show.call('place_light_cue', { beat: 128, moveTo: 136 }),
    (r) => assert.deepEqual(r.placed, { beat: 136, scene: 1, fade: { beats: 2 } }),
    [list],
  );
  for (const [fade, message] of [
    [{}, /^invalid_argument: fade: give one of beats or ms/],
    [{ beats: 1, ms: 10 }, /^invalid_argument: fade: give one of beats or ms/],
    [{ beats: 0 }, /^invalid_argument: fade\.beats takes a number above 0 up to 256; got 0/],
    [{ beats: 1000 }, /^invalid_argument: fade\.beats/],
    [{ ms: -5 }, /^invalid_argument: fade\.ms takes/],
  ] as const) {
    await assertRefused(show, 'place_light_cue', { beat: 8, scene: 1, fade }, message, [list]);
  }
  await assertRefused(
    show,
    'place_light_cue',
    { beat: 128, remove: true, fade: { beats: 1 } },
    /^invalid_argument: remove takes beat or marker, not scene or fade/,
    [list],
  );
});

test('a saved cue fade opens with the project; a saved fade that is not one drops that cue with a warning', async (t) => {
  const show = await startShow(t);
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Drop', length: { beats: 4 } });
  await show.call('place_light_cue', { beat: 8, scene: 1, fade: { beats: 2 } });
  await show.call('place_light_cue', { beat: 16, scene: 1, fade: { ms: 750 } });
  const saved = await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0));
  const cues = (saved.externals as Record<string, unknown>)['footlight.lightCues'];
  assert.deepEqual(cues, [
    { beat: 8, scene: 1, fade: { beats: 2 } },
    { beat: 16, scene: 1, fade: { ms: 750 } },
  ]);
  const opened = readProject(JSON.parse(JSON.stringify(saved)), createLibrary(), { externals: SHOW_EXTERNALS });
  assert.deepEqual(opened.externals['footlight.lightCues'], cues, 'the fades open as saved');
  assert.deepEqual(opened.warnings, []);
  for (const fade of [{ beats: 2, ms: 5 }, { beats: -1 }, { ms: 'slow' }, 3, null]) {
    const damaged = JSON.parse(JSON.stringify(saved));
    damaged.externals['footlight.lightCues'][1].fade = fade;
    const r = readProject(damaged, createLibrary(), { externals: SHOW_EXTERNALS });
    assert.deepEqual(r.externals['footlight.lightCues'], [cues[0]], `fade ${JSON.stringify(fade)}: that cue is dropped, the other kept`);
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0], /footlight\.lightCues\/1: fade.*the cue was dropped/);
  }
});
