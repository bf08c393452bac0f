import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import { buildGridDemo } from '../../src/light/grid-demo.js';
import type { Channel } from '../../src/light/mixer/channel.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { linkLightCues } from '../../src/show/cue-playback.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { startShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const FRAME_MS = 1000 / 60;
const ORIGIN = { kind: 'system', name: 'test' } as unknown as Origin;
const FADER = '/lx/mixer/channel/1/fader';

test('place_light_cue puts a cue list Go or Goto on the timeline; unknown lists and cues are refused, nothing changed', async (t) => {
  const show = await startShow(t);
  await show.call('create_cue_list', { name: 'Main' });
  await show.call('record_cue', { list: 'Main', blind: true, values: [{ path: FADER, value: 0.3 }] });
  await show.call('record_cue', { list: 'Main', blind: true, values: [{ path: FADER, value: 0.7 }] });
  const list = async () => [...show.app.services.lightCues!.list()];

  await assertRefused(show, 'place_light_cue', { marker: 'Verse', cueList: { list: 'Nope' } }, /^not_found: no cue list named "Nope" \(lists: "Main"/, [list]);
  await assertRefused(show, 'place_light_cue', { marker: 'Verse', cueList: { list: 'Main', cue: 9 } }, /^not_found: .*has no cue 9 \(cues: 1, 2\)/, [list]);
  await assertRefused(show, 'place_light_cue', { marker: 'Verse', cueList: { list: 'Main' }, fade: { beats: 2 } }, /^invalid_argument: fade fades a scene/, [
    list,
  ]);
  await assertRefused(show, 'place_light_cue', { marker: 'Verse' }, /^invalid_argument: give scene/, [list]);

  await assertUndoable(
    show,
    () => show.call('place_light_cue', { marker: 'Verse', cueList: { list: 'Main' } }),
    (r) => assert.deepEqual(r.placed, { beat: 32, cueList: { list: 'Main' }, marker: 'Verse' }),
    [list],
  );
  await assertUndoable(
    show,
    () => show.call('place_light_cue', { beat: 8, cueList: { list: 'Main', cue: 2 } }),
    async () => assert.deepEqual(await list(), [{ beat: 8, cueList: { list: 'Main', cue: 2 } }]),
    [list],
  );
  // Moving keeps the step; list_light_cues shows it.
  await show.call('place_light_cue', { beat: 8, cueList: { list: 'Main', cue: 2 } });
  await show.call('place_light_cue', { beat: 8, moveTo: 12 });
  const listed = (await show.call('list_light_cues')) as { cues: unknown[] };
  assert.deepEqual(listed.cues, [{ beat: 12, cueList: { list: 'Main', cue: 2 } }]);
});

/** A stepped show (song, then light) on the grid demo with a two-cue list "Main" on channel 1's fader, and the light cues linked. */
function steppedShow() {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const light = new LightShow(engine);
  buildGridDemo(light);
  linkShowClock(light, sound);
  const { cues } = linkLightCues(light, sound);
  light.cues.createList(ORIGIN, 'Main');
  light.cues.recordCue(ORIGIN, 'Main', { blind: true, values: [{ path: FADER, value: 0.3 }] });
  light.cues.recordCue(ORIGIN, 'Main', { blind: true, values: [{ path: FADER, value: 0.7 }], fadeMs: 500 });
  const channel = light.component('/lx/mixer/channel/1') as unknown as Channel;
  const fader = (): number => channel.fader.getBaseValue();
  const step = (n = 1): void => engine.clock.stepFixed(n, FRAME_MS);
  return { engine, sound, light, cues, fader, step };
}

test('the song crossing a cue list step runs it: Go on each, its fade as the cue gives; a seek lands the list where its steps reach', () => {
  const { sound, light, cues, fader, step } = steppedShow();
  cues.place(ORIGIN, { beat: 0 }, undefined, undefined, { list: 'Main' });
  cues.place(ORIGIN, { beat: 4 }, undefined, undefined, { list: 'Main' });
  const before = fader();
  step(10);
  assert.equal(light.cues.status('Main').state, 'released', 'stopped: nothing runs');
  assert.equal(fader(), before);

  startPlayback(sound);
  step(1);
  assert.equal(light.cues.status('Main').current?.number, 1, 'the cue at beat 0 went on start');
  assert.equal(fader(), 0.3);
  // 120 BPM: beat 4 is two seconds in; just before it, cue 1 holds.
  const framesToBeat = (b: number): number => Math.floor(((b - sound.transport.position) * 500) / FRAME_MS);
  step(framesToBeat(4) - 1);
  assert.equal(light.cues.status('Main').current?.number, 1);
  step(2);
  assert.equal(light.cues.status('Main').current?.number, 2, 'the song crossed beat 4: Go');
  assert.ok(fader() > 0.3 && fader() < 0.7, `cue 2 fades in over 500 ms: ${fader()}`);
  step(40);
  assert.ok(Math.abs(fader() - 0.7) < 1e-9, `cue 2 reached: ${fader()}`);

  // A seek back between the steps lands the list on cue 1 at once (the steps before beat 2: one Go).
  sound.transport.position = 2;
  step(1);
  assert.equal(light.cues.status('Main').current?.number, 1);
  assert.ok(Math.abs(fader() - 0.3) < 1e-9, `cue 1 at once: ${fader()}`);
});

test('a step whose list was removed since does nothing, and the song plays on', () => {
  const { sound, light, cues, step } = steppedShow();
  cues.place(ORIGIN, { beat: 1 }, undefined, undefined, { list: 'Main', cue: 2 });
  light.cues.removeList(ORIGIN, 'Main');
  startPlayback(sound);
  step(60);
  assert.ok(sound.transport.position > 1.5, 'the song played through the cue');
  assert.deepEqual(cues.list(), [{ beat: 1, cueList: { list: 'Main', cue: 2 } }]);
});
