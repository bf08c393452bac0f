// Issue #28: agents list, audition and play their own samples over MCP (the official SDK over
// HTTP, through protocol 3): the folder refuses paths that leave it with nothing changed, history
// included; setting zones is one undo step; the audition's audio block is checked by sox.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import FFT from 'fft.js';
import type { Client } from '@modelcontextprotocol/client';
import { saveProject } from '../../../src/sound/model/components.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION } from '../../../src/sound/model/project-file.js';
import { clip, dev, project, track } from '../../sound/audio/helpers.js';
import { callFail } from '../../helpers/show.js';
import { kickZones, selectKick, startSound, tempDir, type SoundShow } from './helpers.js';

/** A folder with a 440 Hz WAV (0.5 s, 44.1 kHz) and a 220 Hz FLAC in keys/, a file outside it and a symlink out. */
async function sampleFolder(t: TestContext): Promise<{ root: string; folder: string }> {
  const root = await tempDir(t, 'footlight-samples-');
  const folder = join(root, 'samples');
  mkdirSync(join(folder, 'keys'), { recursive: true });
  const sine = (file: string, hz: number) => execFileSync('sox', ['-n', '-r', '44100', '-b', '16', file, 'synth', '0.5', 'sine', String(hz), 'gain', '-6']);
  sine(join(folder, 'a440.wav'), 440);
  sine(join(folder, 'keys', 'a220.flac'), 220);
  sine(join(root, 'outside.wav'), 330);
  symlinkSync(join(root, 'outside.wav'), join(folder, 'link-out.wav'));
  return { root, folder };
}

/** The dominant frequency of a mono 16-bit WAV's first 8192 samples after `skip` (fft.js). */
function peakHz(wav: Buffer, skip: number): number {
  const n = 8192;
  const fft = new FFT(n);
  const input = new Array<number>(n);
  for (let i = 0; i < n; i++) input[i] = (wav.readInt16LE(44 + 2 * (skip + i)) / 32768) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, input);
  let best = 1;
  for (let k = 1; k < n / 2; k++) if (Math.hypot(out[2 * k], out[2 * k + 1]) > Math.hypot(out[2 * best], out[2 * best + 1])) best = k;
  return (best * wav.readUInt32LE(24)) / n;
}

test('sound samples: list with paging, audition as an audio block (sox, fft.js), zones set in one undo step', async (t) => {
  const { folder } = await sampleFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  const page = await show.call('sound_list_samples', { limit: 1 });
  assert.equal(page.native.total, 2);
  assert.deepEqual(
    page.native.samples.map((s: { path: string; format: string; frames: number; sample_rate: number }) => [s.path, s.format, s.frames, s.sample_rate]),
    [['a440.wav', 'wav', 22_050, 44_100]],
  );
  assert.equal((await show.call('sound_list_samples', { offset: 1 })).native.samples[0].path, 'keys/a220.flac');

  const heard = await show.client.callTool({ name: 'sound_audition_sample', arguments: { path: 'keys/a220.flac' } });
  const audio = (heard.content as { type: string; data?: string; mimeType?: string }[]).find((c) => c.type === 'audio');
  assert.equal(audio?.mimeType, 'audio/wav');
  const wav = Buffer.from(audio!.data!, 'base64');
  const dir = await tempDir(t);
  writeFileSync(join(dir, 'a.wav'), wav);
  assert.equal(
    execFileSync('soxi', ['-r', join(dir, 'a.wav')])
      .toString()
      .trim(),
    '48000',
  );
  assert.ok(Math.abs(Number(execFileSync('soxi', ['-D', join(dir, 'a.wav')]).toString()) - 0.5) < 0.01);
  assert.ok(Math.abs(peakHz(wav, 2400) - 220) < 3);

  await selectKick(show);
  const depth = show.app.engine.history.undoDepth;
  const zones = [
    { sample: 'a440.wav', key_low: 0, key_high: 59, root_key: 69 },
    { sample: 'keys/a220.flac', key_low: 60, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 57 },
  ];
  const r = await show.call('sound_set_sampler_zones', { zones });
  assert.equal(r.native.changed, true, JSON.stringify(r).slice(0, 400));
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  assert.deepEqual(kickZones(show), [
    { sample: 'a440.wav', key_low: 0, key_high: 59, velocity_low: 1, velocity_high: 127, root_key: 69 },
    { sample: 'keys/a220.flac', key_low: 60, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 57 },
  ]);
  // The agent reads them back in the device state.
  assert.deepEqual((await show.call('sound_get_device_state')).native.zones, kickZones(show));
  await show.call('sound_undo');
  assert.equal(kickZones(show), undefined);
  assert.equal((await show.call('sound_get_device_state')).native.zones, undefined);
  assert.equal(show.app.engine.history.undoDepth, depth);
});

/** A tool's reply as the agent reads it (its text block, parsed). */
async function reply(client: Client, name: string, args: Record<string, unknown>): Promise<{ ok: boolean; code?: string; error?: string }> {
  const r = await client.callTool({ name, arguments: args });
  return JSON.parse((r.content as { type: string; text: string }[])[0].text);
}

async function refused(show: SoundShow, client: Client, zones: unknown[], code: string, error: RegExp): Promise<void> {
  const before = JSON.stringify(saveProject(show.app.sound.project, { ids: false }));
  const depth = show.app.engine.history.undoDepth;
  const r = await reply(client, 'sound_set_sampler_zones', { zones });
  assert.equal(r.ok, false);
  assert.equal(r.code, code, r.error);
  assert.match(r.error ?? '', error);
  assert.equal(JSON.stringify(saveProject(show.app.sound.project, { ids: false })), before);
  assert.equal(show.app.engine.history.undoDepth, depth);
}

test('sound samples: paths outside the folder, symlinks out and missing files are refused, nothing changed, history included', async (t) => {
  const { root, folder } = await sampleFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  await selectKick(show);
  await refused(show, show.client, [{ sample: '../outside.wav' }], 'invalid_argument', /leaves the sample folder/);
  await refused(show, show.client, [{ sample: join(root, 'outside.wav') }], 'invalid_argument', /absolute/);
  await refused(show, show.client, [{ sample: 'link-out.wav' }], 'invalid_argument', /points out of the sample folder/);
  await refused(show, show.client, [{ sample: 'nothing.wav' }], 'not_found', /no sample "nothing.wav"/);
  await refused(show, show.client, [{ sample: 'a440.wav', key_low: 80, key_high: 20 }], 'invalid_argument', /key_low 80 is above key_high 20/);
  const audition = await reply(show.client, 'sound_audition_sample', { path: 'link-out.wav' });
  assert.equal(audition.code, 'invalid_argument');
  assert.match(audition.error ?? '', /points out of the sample folder/);
});

test('sound samples: with no folder granted, every sample tool says how to grant one', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  await selectKick(show);
  await refused(
    show,
    show.client,
    [{ sample: 'a440.wav' }],
    'invalid_argument',
    /no sample folder is granted: grant one with --samples DIR \(footlight serve, render-sound, render-show\)/,
  );
  const list = await reply(show.client, 'sound_list_samples', {});
  assert.equal(list.code, 'invalid_argument');
  assert.match(list.error ?? '', /--samples DIR/);
});

test('sound samples: zone gain and tune are set in one undo step, saved and restored; bad values are refused, nothing changed', async (t) => {
  const { folder } = await sampleFolder(t);
  const show = await startSound(t, { samples: folder, soundCooperative: true });
  await selectKick(show);
  const depth = show.app.engine.history.undoDepth;
  const zone = { sample: 'a440.wav', root_key: 69, gain_db: -6, tune_semitones: 12, tune_cents: -7.5 };
  const r = await show.call('sound_set_sampler_zones', { zones: [zone] });
  assert.equal(r.native.changed, true, JSON.stringify(r).slice(0, 400));
  const saved = [
    { sample: 'a440.wav', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 69, gain_db: -6, tune_semitones: 12, tune_cents: -7.5 },
  ];
  assert.deepEqual(kickZones(show), saved);
  assert.deepEqual(r.native.zones, saved);
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  // The same again changes nothing and adds no step.
  assert.equal((await show.call('sound_set_sampler_zones', { zones: [zone] })).native.changed, false);
  assert.equal(show.app.engine.history.undoDepth, depth + 1);
  await show.call('sound_undo');
  assert.equal(kickZones(show), undefined);
  assert.equal(show.app.engine.history.undoDepth, depth);
  await show.call('sound_redo');
  assert.deepEqual(kickZones(show), saved);
  await show.call('sound_undo');
  // Refused by the tool's schema before anything is loaded: nothing changed, history included.
  const before = JSON.stringify(saveProject(show.app.sound.project, { ids: false }));
  const steps = show.app.engine.history.undoDepth;
  for (const bad of [{ gain_db: 30 }, { gain_db: -61 }, { tune_semitones: 1.5 }, { tune_semitones: 49 }, { tune_cents: 120 }]) {
    const text = await callFail(show.client, 'sound_set_sampler_zones', { zones: [{ sample: 'a440.wav', ...bad }] });
    assert.match(text, /^invalid_argument: /);
    assert.match(text, new RegExp(Object.keys(bad)[0]));
  }
  assert.equal(JSON.stringify(saveProject(show.app.sound.project, { ids: false })), before);
  assert.equal(show.app.engine.history.undoDepth, steps);
  assert.equal(kickZones(show), undefined);
  // A loop is checked against the sample's length (a440.wav: 22 050 frames) once it is loaded.
  await refused(
    show,
    show.client,
    [{ sample: 'a440.wav', loop_start: 100, loop_end: 22_051 }],
    'invalid_argument',
    /loop_end 22051 is past the end of a440.wav/,
  );
  await refused(show, show.client, [{ sample: 'a440.wav', loop_start: 100 }], 'invalid_argument', /give loop_start and loop_end together/);
  const looped = await show.call('sound_set_sampler_zones', { zones: [{ sample: 'a440.wav', loop_start: 100, loop_end: 22_050 }] });
  assert.equal(looped.native.zones[0].loop_end, 22_050);
  assert.equal(kickZones(show)![0].loop_start, 100);
  await show.call('sound_undo');
  assert.equal(kickZones(show), undefined);
  assert.equal(show.app.engine.history.undoDepth, steps);
});

test('sound samples: serve --song opens a song file with its zones’ samples loaded before it plays; a missing one is reported, not fatal', async (t) => {
  const { folder } = await sampleFolder(t);
  const dir = await tempDir(t);
  const sampler = {
    ...dev('Sampler', { ATTACK: 0, RELEASE: 0 }),
    zones: [
      { sample: 'gone.wav', key_low: 0, key_high: 59, velocity_low: 1, velocity_high: 127, root_key: 60 },
      { sample: 'a440.wav', key_low: 60, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 69 },
    ],
  };
  const song = project([track('Keys', [sampler], [clip(0, 4, [[69, 0, 2, 100]])])]);
  const file = join(dir, 'song.bwproject');
  writeFileSync(file, JSON.stringify({ format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: song }));
  const show = await startSound(t, { samples: folder, song: file });
  assert.ok(show.app.sound.project.flatTracks().some((f) => f.track.name === 'Keys'));
  // What an agent hears (song_listen, the offline engine over protocol 3): the loaded zone at 440 Hz; the missing one named.
  const result = await show.client.callTool({ name: 'song_listen', arguments: { region: { from_beat: 0, to_beat: 2 }, clip: true } });
  assert.notEqual(result.isError, true, JSON.stringify(result.content).slice(0, 300));
  const native = (result.structuredContent as { native: { not_rendered: { reason: string }[] } }).native;
  assert.equal(native.not_rendered.length, 1, JSON.stringify(native.not_rendered));
  assert.match(native.not_rendered[0].reason, /sample "gone.wav" is missing \(no sample "gone.wav" in the sample folder/);
  const audio = (result.content as { type: string; data?: string }[]).find((c) => c.type === 'audio');
  assert.ok(Math.abs(peakHz(Buffer.from(audio!.data!, 'base64'), 2400) - 440) < 3);
});
