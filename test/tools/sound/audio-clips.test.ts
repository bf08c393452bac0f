// Issue #28: agents place, replace and remove audio clips on audio tracks over MCP (the official
// SDK over HTTP, through protocol 3): each is one undo step; a bad input (not an audio track, a
// path out of the folder, a missing file, a negative length, an offset past the sample) is
// refused with its code and nothing changed, history included; a saved project keeps the clip.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { saveProject } from '../../../src/sound/model/components.js';
import { readProjectFile } from '../../../src/sound/model/project-file.js';
import { openProject } from '../../../src/sound/operations/project.js';
import { dev, project, track } from '../../sound/audio/helpers.js';
import { startSound, tempDir, type SoundShow } from './helpers.js';

/** A folder with a 1 s 440 Hz WAV, a file outside it and a symlink out; a host with an instrument track (0) and an audio track (1). */
async function start(t: TestContext): Promise<{ show: SoundShow; root: string }> {
  const root = await tempDir(t, 'footlight-audio-clips-');
  const folder = join(root, 'samples');
  mkdirSync(join(folder, 'takes'), { recursive: true });
  const sine = (file: string, hz: number) => execFileSync('sox', ['-n', '-r', '44100', '-b', '16', file, 'synth', '1', 'sine', String(hz), 'gain', '-6']);
  sine(join(folder, 'takes', 'a440.wav'), 440);
  sine(join(folder, 'b220.wav'), 220);
  sine(join(root, 'outside.wav'), 330);
  symlinkSync(join(root, 'outside.wav'), join(folder, 'link-out.wav'));
  const show = await startSound(t, { samples: folder, soundCooperative: true, soundOutputRoot: root });
  const json = project([track('Keys', [dev('Polysynth')]), track('Tape', [], [], { type: 'audio' })]);
  await show.app.engine.queue.submit(() => openProject(show.app.sound, { surface: 'cli' }, json));
  return { show, root };
}

const doc = (show: SoundShow) => JSON.stringify(saveProject(show.app.sound.project, { ids: true }));
const clips = async (show: SoundShow) => (await show.call('song_get_arranger', { track_index: 1 })).native.arranger.clips;

test('audio clips: place, replace and remove, each one undo step that undoes exactly; the arranger and song state show them', async (t) => {
  const { show } = await start(t);
  const empty = doc(show);
  const depth = show.app.engine.history.undoDepth;
  const placed = await show.call('song_set_audio_clip', { track_index: 1, clip: { sample: 'takes/a440.wav', start: 2, length: 4, gain_db: -6 } });
  assert.equal(placed.native.action, 'placed', JSON.stringify(placed).slice(0, 400));
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  const [clip] = await clips(show);
  assert.deepEqual(
    [clip.name, clip.start, clip.length, clip.loop_enabled, clip.audio],
    ['a440', 2, 4, false, { sample: 'takes/a440.wav', gain_db: -6, offset_seconds: 0 }],
  );
  assert.equal(clip.native_id, placed.native.clip_id);
  const tape = (await show.call('song_get_state')).native.inventory.tracks.find((x: { name: string }) => x.name === 'Tape');
  assert.equal(tape.audio_source.kind, 'audio_clips');
  assert.equal(tape.clip_count, 1);
  const one = doc(show);
  // song_set_clip_loop turns an audio clip's loop on and off like a note clip's.
  assert.equal((await show.call('song_set_clip_loop', { track_index: 1, clip_id: clip.native_id, enabled: true })).native.loop_enabled, true);
  assert.equal((await clips(show))[0].loop_enabled, true);
  await show.call('sound_undo');
  assert.equal(doc(show), one);

  // Replace: the same native_id, a new sample, offset and loop.
  const replaced = await show.call('song_set_audio_clip', {
    track_index: 1,
    clip_id: clip.native_id,
    clip: { sample: 'b220.wav', start: 1, length: 8, offset_seconds: 0.25, loop: true, name: 'Bass take' },
  });
  assert.equal(replaced.native.action, 'replaced');
  assert.equal(replaced.native.previous_clip.audio.sample, 'takes/a440.wav');
  const [again] = await clips(show);
  assert.deepEqual(
    [again.native_id, again.name, again.start, again.length, again.loop_enabled, again.audio],
    [clip.native_id, 'Bass take', 1, 8, true, { sample: 'b220.wav', gain_db: 0, offset_seconds: 0.25 }],
  );
  assert.equal(show.app.engine.history.undoDepth, depth + 2);
  // The same clip again: unchanged, no undo step.
  const same = await show.call('song_set_audio_clip', {
    track_index: 1,
    clip_id: clip.native_id,
    clip: { sample: 'b220.wav', start: 1, length: 8, offset_seconds: 0.25, loop: true, name: 'Bass take' },
  });
  assert.equal(same.native.action, 'unchanged');
  assert.equal(show.app.engine.history.undoDepth, depth + 2);
  await show.call('sound_undo');
  assert.equal(doc(show), one, 'undo restores the replaced clip exactly, native_id included');

  const removed = await show.call('song_set_audio_clip', { track_index: 1, clip_id: clip.native_id, clip: null });
  assert.equal(removed.native.action, 'removed');
  assert.deepEqual(await clips(show), []);
  await show.call('sound_undo');
  assert.equal(doc(show), one);
  await show.call('sound_undo');
  assert.equal(doc(show), empty);
  assert.equal(show.app.engine.history.undoDepth, depth);
});

test('audio clips: refusals — not an audio track, outside the folder, missing file, bad length or offset — change nothing, history included', async (t) => {
  const { show, root } = await start(t);
  await show.call('song_set_audio_clip', { track_index: 1, clip: { sample: 'b220.wav', start: 0, length: 2 } });
  const [clip] = await clips(show);
  const refused = async (args: Record<string, unknown>, code: string, error: RegExp) => {
    const before = doc(show);
    const depth = show.app.engine.history.undoDepth;
    const r = await show.client.callTool({ name: 'song_set_audio_clip', arguments: args });
    // A schema refusal is a tool error ("code: message"); the host's is a reply with ok false, its code and error.
    const raw = (r.content as { text: string }[])[0].text;
    const body = r.isError === true ? null : (JSON.parse(raw) as { ok: boolean; code: string; error: string });
    const text = body === null ? raw : `${body.code}: ${body.error}`;
    assert.ok(body === null || body.ok === false, text);
    assert.match(text, new RegExp(`^${code}: `));
    assert.match(text, error);
    assert.equal(doc(show), before);
    assert.equal(show.app.engine.history.undoDepth, depth);
  };
  const ok = { sample: 'b220.wav', start: 4, length: 2 };
  await refused({ track_index: 0, clip: ok }, 'invalid_argument', /track 0 \(Keys\) is a instrument track; audio clips go on audio tracks/);
  await refused({ track_index: 1, clip: { ...ok, sample: '../outside.wav' } }, 'invalid_argument', /leaves the sample folder/);
  await refused({ track_index: 1, clip: { ...ok, sample: join(root, 'outside.wav') } }, 'invalid_argument', /absolute/);
  await refused({ track_index: 1, clip: { ...ok, sample: 'link-out.wav' } }, 'invalid_argument', /points out of the sample folder/);
  await refused({ track_index: 1, clip: { ...ok, sample: 'nothing.wav' } }, 'not_found', /no sample "nothing.wav"/);
  await refused({ track_index: 1, clip: { ...ok, length: -1 } }, 'invalid_argument', /length/);
  await refused({ track_index: 1, clip: { ...ok, length: 0 } }, 'invalid_argument', /length/);
  await refused({ track_index: 1, clip: { ...ok, offset_seconds: 1.5 } }, 'invalid_argument', /offset_seconds 1.5 is past the end of b220.wav \(1 s\)/);
  await refused({ track_index: 1, clip_id: 987654, clip: ok }, 'not_found', /no arranger clip with native_id 987654/);
  await refused({ track_index: 1, clip: null }, 'invalid_argument', /give its clip_id/);
  await refused({ track_index: 1, clip_id: clip.native_id, clip: { ...ok, gain_db: 40 } }, 'invalid_argument', /gain_db/);
  // The host checks what the tool's schema already refuses, for clients that speak protocol 3 directly.
  const p3 = await show.other();
  const token = (await show.call('song_get_state')).native.project_token;
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  for (const [bad, error] of [
    [{ ...ok, length: -1 }, /length takes beats > 0/],
    [{ ...ok, start: -2 }, /start takes beats 0/],
    [{ ...ok, loop: 'yes' }, /loop takes true or false/],
    [[ok], /a JSON object/],
  ] as const) {
    const before = doc(show);
    const depth = show.app.engine.history.undoDepth;
    const r = (await p3.request(`song-audio-clip ${token} 1 0 ${b64(bad)}`)) as { ok: boolean; code: string; error: string };
    assert.equal(r.ok, false);
    assert.equal(r.code, 'invalid_argument');
    assert.match(r.error, error);
    assert.equal(doc(show), before);
    assert.equal(show.app.engine.history.undoDepth, depth);
  }
});

test('audio clips: a plan places several clips after one review; undo by count removes them', async (t) => {
  const { show } = await start(t);
  show.cooperative(false);
  const before = doc(show);
  const depth = show.app.engine.history.undoDepth;
  const steps = [0, 4, 8].map((start) => ({ tool: 'song_set_audio_clip', args: { track_index: 1, clip: { sample: 'b220.wav', start, length: 2 } } }));
  const preview = await show.call('sound_apply_plan', { steps });
  assert.equal(preview.status, 'confirmation_required');
  assert.match(preview.preview.steps[1].command, /^song-audio-clip [0-9a-f]{64} 1 0 /);
  assert.equal(doc(show), before, 'the preview sent nothing');
  const done = await show.call('sound_apply_plan', { steps, confirmation_token: preview.confirmation.token });
  assert.equal(done.status, 'completed', JSON.stringify(done).slice(0, 600));
  assert.deepEqual(
    (await clips(show)).map((c: { start: number }) => c.start),
    [0, 4, 8],
  );
  assert.equal(show.app.engine.history.undoDepth, depth + 3);
  await show.call('undo', { steps: 3 });
  assert.equal(doc(show), before);
});

test('audio clips: a saved project keeps its audio clip; it reopens with it', async (t) => {
  const { show } = await start(t);
  await show.call('song_set_audio_clip', {
    track_index: 1,
    clip: { sample: 'takes/a440.wav', start: 3, length: 2, gain_db: -3, offset_seconds: 0.5, loop: true },
  });
  const saved = await show.coop('song_save_project');
  const json = await readProjectFile(saved.project_file);
  const tape = json.tracks.find((x) => x.name === 'Tape')!;
  assert.deepEqual(
    tape.clips.map((c) => [c.start, c.length, c.loop_enabled, c.audio]),
    [[3, 2, true, { sample: 'takes/a440.wav', gain_db: -3, offset_seconds: 0.5 }]],
  );
  await show.app.engine.queue.submit(() => openProject(show.app.sound, { surface: 'cli' }, json));
  assert.deepEqual((await clips(show))[0].audio, { sample: 'takes/a440.wav', gain_db: -3, offset_seconds: 0.5 });
});
