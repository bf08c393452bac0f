import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import * as z from 'zod';
import { renderShowCommand } from '../../src/cli/render-show.js';
import { decodeArgb, framesSha256 } from '../../src/light/render/frames-format.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { saveProject } from '../../src/sound/model/components.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, writeProjectFile } from '../../src/sound/model/project-file.js';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { cueBlackout } from './blackout-cue.js';

/** What a read-only call must leave as it was: the history, the song position, the live frame. */
async function liveState(show: TestShow): Promise<unknown> {
  const { app } = show;
  return {
    history: await show.call('get_history', {}),
    position: app.sound.transport.position,
    playing: app.sound.transport.playing,
    frameCount: app.light.frameCount,
    frame: framesSha256([app.light.main]),
    cues: await show.call('list_light_cues', {}),
  };
}

test("check_show: the range's frames are render-show's frames of the saved state, byte for byte; the live show is untouched", async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const faded = await show.call('check_show', { from_beat: 28, to_beat: 36 });
  // An unsaved edit: the Verse cue (beat 32) cuts its scene in instead of fading it over two beats.
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });
  const before = await liveState(show);

  const r = await show.call('check_show', { from_beat: 28, to_beat: 36, contact_sheet: true });
  const tempo = show.app.sound.project.tempo.getBaseValue();
  assert.equal(r.frames.fps, 60);
  assert.equal(r.frames.count, Math.round((8 * 60 * 60) / tempo), 'every frame of 8 beats at 60 fps');
  assert.equal(r.frames.first, Math.round((28 * 60 * 60) / tempo) - 1, 'the first frame ends at beat 28');
  assert.deepEqual(await liveState(show), before, 'history, transport, cues and the live frame are as they were');

  // The same state saved as the operator would, rendered by the render-show command.
  const dir = await tempHome(t);
  const lxp = join(dir, 'show.lxp');
  await writeFile(lxp, JSON.stringify(await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0))));
  const songDir = join(dir, 'song');
  await mkdir(songDir);
  const song = await show.app.engine.queue.submit(() => saveProject(show.app.sound.project, { ids: false }));
  await writeProjectFile(songDir, { format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: song });
  const out = join(dir, 'render');
  await renderShowCommand({ project: lxp, song: songDir, seconds: (36 * 60) / tempo, out });
  assert.equal(process.exitCode ?? 0, 0);
  const file = JSON.parse(await readFile(join(out, 'frames.json'), 'utf8')) as { frames: { argb: string }[] };
  const range = file.frames.slice(r.frames.first, r.frames.first + r.frames.count).map((f) => decodeArgb(f.argb));
  assert.equal(range.length, r.frames.count);
  assert.equal(r.frames.sha256, framesSha256(range), "check_show's frames are render-show's frames");

  // What the reply says about the range: the edited cue fires at 32, and cuts where the saved one faded.
  assert.deepEqual(r.cues, [{ beat: 32, scene: 1, marker: 'Verse' }]);
  assert.deepEqual(faded.cues, [{ beat: 32, scene: 1, marker: 'Verse', fade: { beats: 2 } }]);
  assert.equal(r.light.length, 8, 'one entry per beat');
  assert.deepEqual(r.light.slice(0, 4), faded.light.slice(0, 4), 'before the cue, the light is the same');
  assert.notEqual(r.frames.sha256, faded.frames.sha256);
  const at32 = r.light[4];
  assert.equal(at32.from_beat, 32);
  assert.ok(at32.change > faded.light[4].change, `a cut changes more in one frame than a fade: ${at32.change} vs ${faded.light[4].change}`);
  assert.ok(at32.change_at_beat >= 32 && at32.change_at_beat < 32.25, `the cut is on beat 32 (and its kick): ${JSON.stringify(at32)}`);
  assert.equal(typeof r.audio.integrated_lufs, 'number', "song_listen's loudness of the range");
  assert.deepEqual([r.audio.source.from_beat, r.audio.source.to_beat], [28, 36]);
  assert.ok(r.audio.onset_count > 0, 'the kicks are heard');

  // The contact sheet: one thumbnail per bar, the PNG the reply announces.
  assert.deepEqual([r.contact_sheet.thumbnails, r.contact_sheet.per], [2, 'bar']);
  const result = await show.client.callTool({ name: 'check_show', arguments: { from_beat: 28, beats: 8, contact_sheet: true } });
  const image = (result.content as { type: string; data?: string; mimeType?: string }[]).find((c) => c.type === 'image');
  assert.equal(image?.mimeType, 'image/png');
  const png = PNG.sync.read(Buffer.from(image?.data ?? '', 'base64'));
  assert.deepEqual([png.width, png.height], [r.contact_sheet.width, r.contact_sheet.height]);
  assert.equal((result.structuredContent as { frames: { sha256: string } }).frames.sha256, r.frames.sha256, 'the same range twice: the same frames');
  assert.deepEqual(await liveState(show), before);
});

test('check_show: detail full lists every frame level and every beat; a long range merges beats', async (t) => {
  const show = await startShow(t);
  const full = await show.call('check_show', { from_beat: 4, beats: 2, fps: 30, detail: 'full' });
  assert.equal(full.frames.count, full.levels.length);
  assert.equal(full.light.length, 2);
  const long = await show.call('check_show', { from_beat: 0, to_beat: 96 });
  assert.ok(long.light.length <= 32, `at most 32 spans: ${long.light.length}`);
  assert.equal(long.light[0].to_beat - long.light[0].from_beat, 3);
  assert.equal(long.levels, undefined);
  assert.ok(Buffer.byteLength(JSON.stringify(long)) <= 16 * 1024, `the summary fits 16 KB: ${Buffer.byteLength(JSON.stringify(long))} bytes`);
});

test('check_show: bad ranges and rates → invalid_argument; nothing changed', async (t) => {
  const show = await startShow(t);
  await cueBlackout(show);
  const before = await liveState(show);
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ from_beat: 16, to_beat: 8 }, /^invalid_argument: to_beat \(8\) must be after from_beat \(16\)/],
    [{ from_beat: 8, to_beat: 8 }, /^invalid_argument: to_beat/],
    [{ from_beat: 0, to_beat: 400 }, /^invalid_argument: a checked range is at most 60 s/],
    [{ from_beat: 7990, to_beat: 8000 }, /^invalid_argument: the check plays the show from the song's start, and a render is at most 3600 s/],
    [{ from_beat: 0, to_beat: 8, fps: 0 }, /^invalid_argument: fps/],
    [{ from_beat: 0, to_beat: 8, fps: 500 }, /^invalid_argument: fps/],
    [{ from_beat: 0 }, /^invalid_argument: give to_beat or beats/],
    [{ from_beat: 0, to_beat: 8, beats: 8 }, /^invalid_argument: give to_beat or beats/],
    [{ from_beat: -1, to_beat: 8 }, /^invalid_argument: from_beat/],
  ];
  for (const [args, expected] of cases) assert.match(await show.callError('check_show', args), expected, JSON.stringify(args));
  assert.deepEqual(await liveState(show), before);
});

test('check_show: one check renders at a time; a second one at once → busy, nothing changed', async (t) => {
  const show = await startShow(t);
  const before = await liveState(show);
  const [first, second] = await Promise.all([
    show.client.callTool({ name: 'check_show', arguments: { from_beat: 0, to_beat: 16 } }),
    show.client.callTool({ name: 'check_show', arguments: { from_beat: 0, to_beat: 16 } }),
  ]);
  assert.equal(first.isError, undefined);
  assert.equal(second.isError, true);
  assert.match((second.content as { text: string }[])[0].text, /^busy: another show check is rendering/);
  assert.deepEqual(await liveState(show), before);
  // A frame belongs to the beat its end falls in: no frame ends at beat 0, and the one ending at 4 is beat 4's.
  const frames = Math.round((4 * 3600) / show.app.sound.project.tempo.getBaseValue()) - 1;
  const a = await show.call('check_show', { from_beat: 0, to_beat: 4 });
  assert.deepEqual([a.frames.first, a.frames.count], [0, frames]);
  assert.deepEqual((await show.call('check_show', { beats: 4 })).frames, a.frames, 'from_beat defaults to 0; beats is the length');
});

test("check_show runs as an MCP task (long ranges): the task ends with the plain call's reply", async (t) => {
  const show = await startShow(t);
  const request = (method: string, params: Record<string, unknown>): Promise<any> => show.client.request({ method, params }, z.looseObject({}));
  const created = await request('tools/call', { name: 'check_show', arguments: { from_beat: 4, beats: 8 }, task: { ttl: 30_000 } });
  assert.equal(created.content, undefined, 'a CreateTaskResult, not a tool result');
  assert.equal(created.task.status, 'working');
  const result = await request('tasks/result', { taskId: created.task.taskId });
  assert.notEqual(result.isError, true);
  assert.deepEqual(result.structuredContent, await show.call('check_show', { from_beat: 4, beats: 8 }));
});

test('check_show: a range past the song end stops at the end and says so', async (t) => {
  const show = await startShow(t, { demo: 'stage' });
  const tempo = show.app.sound.project.tempo.getBaseValue();
  const end = show.app.sound.songEnd(); // the last clip, marker or light cue: 260 on the stage demo
  const r = await show.call('check_show', { from_beat: end - 4, to_beat: end + 8 });
  assert.match(r.warnings.join('\n'), new RegExp(`the song ends at beat ${end} .*before beat ${end + 8}: the check stops there`));
  // The frames up to the end, then the one reaching it and the one holding the playhead there (song-end.ts) before it stops.
  assert.equal(r.frames.count, Math.round((4 * 3600) / tempo) + 2);
  assert.deepEqual([r.light.at(-1).from_beat, r.light.at(-1).frames], [end, 2]);
  assert.deepEqual(r.cues, [{ beat: 256, scene: 6, marker: 'End' }], 'the End cue, at the first beat of the range');
});
