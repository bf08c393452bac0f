// The song's end over protocol 3: playback stops at the end (or loops back, as set) instead of
// counting on in silence, Play then plays the song again, and Stop twice returns to the start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shortSong } from '../helpers/short-song.js';
import { startStack, type Reply, type Stack } from './helpers.js';

type Transport = {
  playing: boolean;
  position_beats: number;
  song_end_beats: number;
  at_song_end: string;
  arranger_loop_enabled: boolean;
};

/** One frame at 60 fps: 1/30 beat at 120 BPM. */
const FRAME_MS = 1000 / 60;

const state = async (s: Stack): Promise<Reply & { project_token: string; transport: Transport }> => (await s.ok('song-state')) as never;
const transport = async (s: Stack): Promise<Transport> => (await state(s)).transport;

/** The short song (beats 0–8 of notes, an Outro marker at 10), stopped at beat 0. */
async function short(s: Stack): Promise<string> {
  await s.engine.queue.submit(() => s.host.resetProject(shortSong()));
  return (await state(s)).project_token;
}

/** Steps the engine clock frame by frame, recording where the transport is after each. */
async function frames(s: Stack, n: number): Promise<{ position: number; playing: boolean }[]> {
  return s.engine.queue.submit(() => {
    const out: { position: number; playing: boolean }[] = [];
    for (let i = 0; i < n; i++) {
      s.engine.clock.stepFixed(1, FRAME_MS);
      out.push({ position: s.host.transport.position, playing: s.host.transport.playing });
    }
    return out;
  });
}

test('song-state reports the song end (latest clip end or cue marker) and what the transport does there', async (t) => {
  const s = await startStack(t);
  await short(s);
  const tr = await transport(s);
  assert.equal(tr.song_end_beats, 10, 'the Outro marker at 10 is later than the riff ending at 8');
  assert.equal(tr.at_song_end, 'stop');
  const caps = ((await s.ok('capabilities')).song as { song_end: string }).song_end;
  assert.match(caps, /stops there and Play from there starts again at beat 0/);
  await s.ok(`song-transport-loop ${(await state(s)).project_token} true`);
  assert.equal((await transport(s)).at_song_end, 'loop');
  await s.engine.queue.submit(() => s.host.resetProject({ ...shortSong(), tracks: [], cue_markers: [] }));
  const empty = await transport(s);
  assert.deepEqual([empty.song_end_beats, empty.at_song_end], [0, 'none'], 'an empty song has no end');
});

test('loop off: the song plays to its end, holds it for one frame while playing, stops there; Play plays it again from 1.1', async (t) => {
  const s = await startStack(t);
  const token = await short(s);
  await s.ok(`song-transport-seek ${token} 9`);
  await s.ok(`song-transport-play ${token}`);
  const seen = await frames(s, 40);
  const atEnd = seen.findIndex((f) => f.position === 10);
  assert.ok(atEnd > 0, `the playhead reaches beat 10: ${JSON.stringify(seen.slice(-3))}`);
  assert.equal(seen[atEnd].playing, true, 'the frame that reaches the end still plays (what follows the song sees its last beat)');
  assert.deepEqual(seen[atEnd + 1], { position: 10, playing: false }, 'the next frame stops there');
  assert.ok(
    seen.every((f) => f.position <= 10),
    'never past the end',
  );
  assert.ok(
    seen.slice(atEnd + 1).every((f) => !f.playing && f.position === 10),
    'and stays stopped at the end',
  );
  const again = await s.ok(`song-transport-play ${token}`);
  assert.deepEqual([(again.host_observed as Transport).playing, (again.host_observed as Transport).position_beats], [true, 0], 'Play plays it again');
  await frames(s, 30);
  assert.ok(Math.abs((await transport(s)).position_beats - 1) < 1e-9, 'from the start: half a second later at beat 1');
  assert.equal(s.engine.history.undoDepth, 0, 'none of this is an undo step');
});

test('Stop twice returns to the start; a seek past the end while playing stops there; Play from past the end starts at 1.1', async (t) => {
  const s = await startStack(t);
  const token = await short(s);
  await s.ok(`song-transport-seek ${token} 4`);
  await s.ok(`song-transport-play ${token}`);
  await frames(s, 15);
  const first = (await s.ok(`song-transport-stop ${token}`)).host_observed as Transport;
  assert.ok(!first.playing && Math.abs(first.position_beats - 4.5) < 1e-9, `the first stop stays: ${first.position_beats}`);
  const second = await s.ok(`song-transport-stop ${token}`);
  assert.equal((second.host_observed as Transport).position_beats, 0, 'the second stop returns to the start');
  // The Stop action is the same stop.
  await s.ok(`song-transport-seek ${token} 3`);
  await s.ok('action Stop');
  assert.equal((await transport(s)).position_beats, 0);

  await s.ok(`song-transport-play ${token}`);
  await frames(s, 2);
  await s.ok(`song-transport-seek ${token} 30`);
  await frames(s, 1);
  assert.deepEqual(await transport(s).then((x) => [x.playing, x.position_beats]), [false, 30], 'past the end, playback stops where it is');
  const play = await s.ok(`song-transport-play ${token}`);
  assert.equal((play.host_observed as Transport).position_beats, 0, 'and Play starts the song from its start');
});

test('loop on: inside the loop it wraps at the loop end; a playhead past the loop returns to the loop start at the song end', async (t) => {
  const s = await startStack(t);
  await short(s);
  await s.engine.queue.submit(() => {
    s.host.project.loopStart.setBase(2);
    s.host.project.loopDuration.setBase(4);
  });
  let token = (await state(s)).project_token;
  await s.ok(`song-transport-loop ${token} true`);
  token = (await state(s)).project_token;
  // Past the loop (which ends at 6): plays on to the song's end (10), then back to the loop start (2).
  await s.ok(`song-transport-seek ${token} 9`);
  await s.ok(`song-transport-play ${token}`);
  const seen = await frames(s, 45);
  const wrap = seen.findIndex((f) => f.position < 9);
  assert.ok(wrap > 0, 'it came back');
  assert.ok(seen[wrap - 1].position < 10 && seen[wrap - 1].position > 9.9, `it played up to the end: ${seen[wrap - 1].position}`);
  assert.equal(seen[wrap].position, 2, 'to the loop start');
  assert.ok(
    seen.every((f) => f.playing),
    'playing on',
  );
  // Inside the loop now: it wraps at 6, never reaching the song's end.
  const inside = await frames(s, 200);
  assert.ok(
    inside.every((f) => f.playing && f.position >= 2 && f.position < 6),
    'looping between 2 and 6',
  );
  // Stopped at the end with the loop on, Play starts at the loop start.
  await s.ok(`song-transport-stop ${token}`);
  await s.ok(`song-transport-seek ${token} 10`);
  const play = await s.ok(`song-transport-play ${token}`);
  assert.equal((play.host_observed as Transport).position_beats, 2);
});

test('recording plays on past the end; an empty song plays on', async (t) => {
  const s = await startStack(t);
  const token = await short(s);
  await s.ok(`song-transport-seek ${token} 9.9`);
  await s.ok('action Record');
  const rec = await frames(s, 30);
  assert.ok(
    rec.every((f) => f.playing),
    'still recording',
  );
  assert.ok(rec.at(-1)!.position > 10.5, `past the end: ${rec.at(-1)!.position}`);
  await s.ok(`song-transport-stop ${(await state(s)).project_token}`);
  await s.engine.queue.submit(() => s.host.resetProject({ ...shortSong(), tracks: [], cue_markers: [] }));
  const empty = (await state(s)).project_token;
  await s.ok(`song-transport-seek ${empty} 100`);
  await s.ok(`song-transport-play ${empty}`);
  const on = await frames(s, 30);
  assert.ok(on.at(-1)!.playing && on.at(-1)!.position > 100.9, 'no end: it plays on');
});
