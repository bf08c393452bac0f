// The show's end: a light cue after the music extends the song to it, and fires there before
// the transport stops (an end cue to blackout is the last thing the show does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/devices/library.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { renderShow } from '../../src/show/render-show.js';
import { shortSong } from '../helpers/short-song.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { addBlackoutScene } from './blackout-cue.js';

/** Renders the running show's light project (with its cues) over the short song, which ends at beat 10 (5 s at 120 BPM). */
async function render(show: TestShow, seconds: number): Promise<{ frames: Uint32Array[]; beats: Float64Array }> {
  const light = await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0));
  const frames: Uint32Array[] = [];
  const r = renderShow({
    light: JSON.parse(JSON.stringify(light)),
    song: shortSong(),
    seconds,
    registry: createLibrary(),
    onFrame: (_k, argb) => frames.push(argb.slice()),
  });
  return { frames, beats: r.beats };
}

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

test('the song stops at its end; a light cue after the music moves the end to it, and it fires there', async (t) => {
  const show = await startShow(t);
  await addBlackoutScene(show, 'End');
  const plain = await render(show, 8);
  assert.equal(plain.beats.at(-1), 10, 'without cues the transport stops at the Outro marker (beat 10)');
  assert.ok(
    plain.beats.every((b) => b <= 10),
    'never past it',
  );

  await show.call('place_light_cue', { beat: 12, scene: 1 });
  const cued = await render(show, 8);
  assert.equal(cued.beats.at(-1), 12, 'the song plays on to its last light cue and stops there');
  // The running sum of frame steps reads 11.99999999999997 on the frame that reaches beat 12.
  const reached = cued.beats.findIndex((b) => b >= 12 - 1e-9);
  const firstDiff = cued.frames.findIndex((f, k) => !same(f, plain.frames[k]));
  assert.equal(firstDiff, reached, `the cue fires on the frame the song reaches it (frame ${reached})`);
  assert.ok(
    cued.frames.slice(reached).every((f) => same(f, cued.frames.at(-1)!)),
    'and the look holds after the song has stopped',
  );
});
