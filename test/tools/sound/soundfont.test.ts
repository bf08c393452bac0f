// Issue #28, SoundFonts over MCP (the official SDK over HTTP, through protocol 3): the listing
// names a SoundFont's presets; a zone set to a preset is one undo step; a SoundFont outside the
// folder or a preset it lacks is refused with nothing changed, history included.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { saveProject } from '../../../src/sound/model/components.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION } from '../../../src/sound/model/project-file.js';
import { clip, dev, peakFrequency, project, spectrum, track } from '../../sound/audio/helpers.js';
import { kickZones, selectKick, startSound, tempDir, type SoundShow } from './helpers.js';

/** Debian's General MIDI SoundFont (timgm6mb-soundfont, see .ci/run). */
const TIM_SF2 = '/usr/share/sounds/sf2/TimGM6mb.sf2';

/** A granted folder with the SoundFont copied in (banks/gm.sf2), and a copy outside it. */
async function soundFontFolder(t: TestContext): Promise<{ root: string; folder: string }> {
  const root = await tempDir(t, 'footlight-soundfonts-');
  const folder = join(root, 'samples');
  mkdirSync(join(folder, 'banks'), { recursive: true });
  copyFileSync(TIM_SF2, join(folder, 'banks', 'gm.sf2'));
  copyFileSync(TIM_SF2, join(root, 'outside.sf2'));
  return { root, folder };
}

/** A tool's reply as the agent reads it (its text block, parsed). */
async function reply(show: SoundShow, name: string, args: Record<string, unknown>): Promise<{ ok: boolean; code?: string; error?: string }> {
  const r = await show.client.callTool({ name, arguments: args });
  return JSON.parse((r.content as { type: string; text: string }[])[0].text);
}

async function refused(show: SoundShow, zones: unknown[], code: string, error: RegExp): Promise<void> {
  const before = JSON.stringify(saveProject(show.app.sound.project, { ids: false }));
  const depth = show.app.engine.history.undoDepth;
  const r = await reply(show, 'sound_set_sampler_zones', { zones });
  assert.equal(r.ok, false);
  assert.equal(r.code, code, r.error);
  assert.match(r.error ?? '', error);
  assert.equal(JSON.stringify(saveProject(show.app.sound.project, { ids: false })), before);
  assert.equal(show.app.engine.history.undoDepth, depth);
}

test('sound soundfonts: the listing names the presets; a zone plays a preset in one undo step; undo restores the kit', async (t) => {
  const { folder } = await soundFontFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  const page = await show.call('sound_list_samples', {});
  assert.equal(page.native.total, 1);
  const listed = page.native.samples[0] as { path: string; format: string; presets: { bank: number; program: number; name: string }[] };
  assert.equal(listed.path, 'banks/gm.sf2');
  assert.equal(listed.format, 'sf2');
  assert.deepEqual(listed.presets[0], { bank: 0, program: 0, name: 'Piano 1' });
  assert.ok(listed.presets.some((p) => p.bank === 0 && p.program === 40 && p.name === 'Violin'));

  await selectKick(show);
  const depth = show.app.engine.history.undoDepth;
  const r = await show.call('sound_set_sampler_zones', { zones: [{ sample: 'banks/gm.sf2', key_low: 36, program: 40 }] });
  assert.equal(r.native.changed, true, JSON.stringify(r).slice(0, 400));
  const saved = [{ sample: 'banks/gm.sf2', key_low: 36, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, bank: 0, program: 40 }];
  assert.deepEqual(kickZones(show), saved);
  assert.deepEqual((await show.call('sound_get_device_state')).native.zones, saved);
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  await show.call('sound_undo');
  assert.equal(kickZones(show), undefined);
  assert.equal(show.app.engine.history.undoDepth, depth);
  await show.call('sound_redo');
  assert.deepEqual(kickZones(show), saved);
  await show.call('sound_undo');
  assert.equal(kickZones(show), undefined);
});

test('sound soundfonts: a SoundFont outside the folder, a preset it lacks, bank on a WAV are refused, nothing changed, history included', async (t) => {
  const { root, folder } = await soundFontFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  await selectKick(show);
  await refused(show, [{ sample: '../outside.sf2' }], 'invalid_argument', /leaves the sample folder/);
  await refused(show, [{ sample: join(root, 'outside.sf2') }], 'invalid_argument', /absolute/);
  await refused(show, [{ sample: 'banks/none.sf2' }], 'not_found', /no sample "banks\/none.sf2"/);
  await refused(show, [{ sample: 'banks/gm.sf2', bank: 5, program: 0 }], 'not_found', /banks\/gm.sf2 has no preset at bank 5, program 0/);
  await refused(show, [{ sample: 'banks/gm.sf2', loop_start: 0, loop_end: 10 }], 'invalid_argument', /takes no loop_start or loop_end/);
  await refused(show, [{ sample: 'x.wav', program: 3 }], 'invalid_argument', /bank and program choose a preset of a SoundFont/);
});

test('sound soundfonts: a preset is auditioned as an audio block at key 60, C4 (fft.js); a missing preset is not_found', async (t) => {
  const { folder } = await soundFontFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  const heard = await show.client.callTool({ name: 'sound_audition_sample', arguments: { path: 'banks/gm.sf2', program: 0 } });
  assert.notEqual(heard.isError, true, JSON.stringify(heard.content).slice(0, 300));
  const native = (heard.structuredContent as { native: { sample: Record<string, unknown>; clip: { seconds: number } } }).native;
  assert.deepEqual(native.sample, { path: 'banks/gm.sf2', format: 'sf2', bank: 0, program: 0, name: 'Piano 1' });
  assert.equal(native.clip.seconds, 3);
  const audio = (heard.content as { type: string; data?: string; mimeType?: string }[]).find((c) => c.type === 'audio');
  assert.equal(audio?.mimeType, 'audio/wav');
  const wav = Buffer.from(audio!.data!, 'base64');
  const pcm = new Float32Array((wav.length - 44) / 2);
  for (let i = 0; i < pcm.length; i++) pcm[i] = wav.readInt16LE(44 + 2 * i) / 32768;
  // A piano's second harmonic can outweigh its fundamental: the strongest partial is C4 (261.6 Hz) or an octave above it.
  const mag = spectrum(pcm, 4800, 16384);
  const bin = 48_000 / 16384;
  let k = Math.round(150 / bin);
  for (let i = k; i < 400 / bin; i++) if (mag[i] > mag[k]) k = i;
  assert.ok(Math.abs(k * bin - 261.6) < 3, `fundamental: ${(k * bin).toFixed(1)} Hz`);
  assert.ok([261.6, 523.3].some((f) => Math.abs(peakFrequency(pcm, 4800, 16384, 48_000) - f) < 3));
  const missing = await reply(show, 'sound_audition_sample', { path: 'banks/gm.sf2', bank: 7, program: 1 });
  assert.equal(missing.code, 'not_found');
  assert.match(missing.error ?? '', /no preset at bank 7, program 1/);
  const outside = await reply(show, 'sound_audition_sample', { path: '../outside.sf2' });
  assert.equal(outside.code, 'invalid_argument');
});

test('sound soundfonts: serve --song opens a song whose zone names a SoundFont, loaded before it plays; song_listen hears A4 (fft.js)', async (t) => {
  const { folder } = await soundFontFolder(t);
  const dir = await tempDir(t);
  const sampler = {
    ...dev('Sampler'),
    zones: [{ sample: 'banks/gm.sf2', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, bank: 0, program: 0 }],
  };
  const song = project([track('Keys', [sampler], [clip(0, 4, [[69, 0, 2, 100]])])]);
  const file = join(dir, 'song.bwproject');
  writeFileSync(file, JSON.stringify({ format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: song }));
  const show = await startSound(t, { samples: folder, song: file });
  // song_listen renders in its own worker thread, which plays the preset too.
  const result = await show.client.callTool({ name: 'song_listen', arguments: { region: { from_beat: 0, to_beat: 2 }, clip: true } });
  assert.notEqual(result.isError, true, JSON.stringify(result.content).slice(0, 300));
  const native = (result.structuredContent as { native: { not_rendered: unknown[] } }).native;
  assert.deepEqual(native.not_rendered, []);
  const wav = Buffer.from((result.content as { type: string; data?: string }[]).find((c) => c.type === 'audio')!.data!, 'base64');
  const pcm = new Float32Array((wav.length - 44) / 2);
  for (let i = 0; i < pcm.length; i++) pcm[i] = wav.readInt16LE(44 + 2 * i) / 32768;
  const hz = peakFrequency(pcm, 4800, 8192, 48_000);
  assert.ok(Math.abs(hz - 440) < 4, `${hz.toFixed(1)} Hz`);
});
