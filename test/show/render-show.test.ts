import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { renderShowCommand } from '../../src/cli/render-show.js';
import { renderSound } from '../../src/cli/render-sound.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { decodeArgb } from '../../src/light/render/frames-format.js';
import { deviceByName } from '../../src/sound/model/catalog.js';
import { emptyProject } from '../../src/sound/demo.js';
import type { ProjectJson } from '../../src/sound/model/components.js';
import { startShow, tempHome } from '../helpers/show.js';
import { cueBlackout } from './blackout-cue.js';

/** 24-bit PCM WAV → left channel as floats (read back from the file, not from the engine). */
function wavLeft(bytes: Buffer): { samples: Float64Array; rate: number } {
  let o = 12;
  let rate = 0;
  let channels = 0;
  while (o < bytes.length) {
    const id = bytes.toString('ascii', o, o + 4);
    const size = bytes.readUInt32LE(o + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(o + 10);
      rate = bytes.readUInt32LE(o + 12);
    }
    if (id === 'data') {
      const n = size / (3 * channels);
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = bytes.readIntLE(o + 8 + i * 3 * channels, 3) / 8388608;
      return { samples: out, rate };
    }
    o += 8 + size;
  }
  throw new Error('no data chunk');
}

/** Mean brightness of a frame (0–255). */
function brightness(argb: Uint32Array): number {
  let s = 0;
  for (const c of argb) s += Math.max((c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff);
  return s / argb.length;
}

test('render-show: WAV, frames, contact sheet and MP4 on one clock; a cue at the Verse changes the light on the kick of beat 32; deterministic', async (t) => {
  const show = await startShow(t);
  await cueBlackout(show);
  const dir = await tempHome(t);
  const lxp = join(dir, 'cued.lxp');
  await writeFile(lxp, JSON.stringify(await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0))));

  const outA = join(dir, 'a');
  const outB = join(dir, 'b');
  await renderShowCommand({ project: lxp, seconds: 17, out: outA });
  assert.equal(process.exitCode ?? 0, 0);
  await renderShowCommand({ project: lxp, seconds: 17, out: outB });

  const frames = JSON.parse(await readFile(join(outA, 'frames.json'), 'utf8'));
  assert.equal(frames.frameCount, 1020);
  assert.equal(frames.fps, 60);
  const argb = frames.frames.map((f: { argb: string }) => decodeArgb(f.argb));
  const lit = argb.map(brightness);
  const change = lit.findIndex((b: number, k: number) => k > 0 && b < lit[k - 1] * 0.5);
  assert.ok(change > 0, 'the blackout cue shows in the frames');
  const lightChangeS = ((change + 1) * frames.deltaMs) / 1000; // frame k shows the state at the end of its tick

  // The audio onset of beat 32 (the verse's first kick at 16.0 s), found in the WAV file itself.
  const { samples, rate } = wavLeft(await readFile(join(outA, 'show.wav')));
  assert.equal(samples.length, 17 * rate);
  const win = Math.round(rate / 1000);
  const rms = (at: number): number => {
    let s = 0;
    for (let i = at; i < at + win; i++) s += samples[i] * samples[i];
    return Math.sqrt(s / win);
  };
  const quiet = rms(Math.round(15.95 * rate));
  let onset = -1;
  for (let i = Math.round(15.96 * rate); i < 16.1 * rate; i += win)
    if (rms(i) > 4 * quiet + 1e-4) {
      onset = i;
      break;
    }
  assert.ok(onset > 0, 'an onset near 16 s');
  const onsetS = onset / rate;
  assert.ok(
    Math.abs(lightChangeS - onsetS) <= frames.deltaMs / 1000 + 0.002,
    `light change at ${lightChangeS.toFixed(4)} s, audio onset at ${onsetS.toFixed(4)} s: within a frame`,
  );
  assert.ok(Math.abs(lightChangeS - 16) < 1e-9, `the light changes on the frame ending at beat 32 (16 s): ${lightChangeS}`);

  const sheet = PNG.sync.read(await readFile(join(outA, 'contact-sheet.png')));
  assert.ok(sheet.width > 0 && sheet.height > 0);

  // Deterministic: the same bytes twice.
  for (const f of ['frames.json', 'show.wav', 'contact-sheet.png'])
    assert.ok((await readFile(join(outA, f))).equals(await readFile(join(outB, f))), `${f} differs between runs`);

  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) {
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', join(outA, 'show.mp4')], {
      encoding: 'utf8',
    });
    const info = JSON.parse(probe.stdout) as { streams: { codec_type: string }[]; format: { duration: string } };
    assert.deepEqual(info.streams.map((s) => s.codec_type).sort(), ['audio', 'video']);
    assert.ok(Math.abs(Number(info.format.duration) - 17) < 0.1, `mp4 lasts ${info.format.duration} s`);
  }
});

/** A small song: one Polysynth note from beat 4 to beat 7 with a reverb, in a sound project folder. */
async function smallSong(dir: string): Promise<string> {
  const dev = (name: string, params: Record<string, number> = {}) => ({ uuid: deviceByName(name).uuid, name, enabled: true, params, slots: {} });
  const project: ProjectJson = {
    ...emptyProject(),
    tracks: [
      {
        name: 'Pad',
        type: 'instrument',
        muted: false,
        armed: false,
        solo: false,
        volume: 0.8,
        pan: 0,
        group_expanded: true,
        devices: [dev('Polysynth'), dev('Reverb', { MIX: 0.4 })],
        clips: [{ name: 'c', start: 4, length: 4, loop_enabled: false, loop_start: 0, loop_length: 4, notes: [[60, 0, 3, 100, 0]] }],
      },
    ],
  };
  const folder = join(dir, 'song');
  await mkdir(join(folder, 'PromptTrack'), { recursive: true });
  const file = { format: 'footlight.sound-project', version: 1, saved_by: { host: 'test', version: '0' }, project };
  await writeFile(join(folder, 'PromptTrack', 'PromptTrack.bwproject'), JSON.stringify(file));
  return folder;
}

test('render-show without --seconds renders as long as render-sound: the arrangement plus the 2 s tail, the same WAV; the last note rings out', async (t) => {
  const show = await startShow(t);
  const dir = await tempHome(t);
  const lxp = join(dir, 'grid.lxp');
  await writeFile(lxp, JSON.stringify(await show.app.engine.queue.submit(() => writeProject(show.app.light.lx, show.app.light.externals, 0))));
  const song = await smallSong(dir);
  await renderShowCommand({ project: lxp, song, out: join(dir, 'show') });
  assert.equal(process.exitCode ?? 0, 0);
  await renderSound({ project: song, out: join(dir, 'sound.wav') });
  assert.equal(process.exitCode ?? 0, 0);
  const showWav = await readFile(join(dir, 'show', 'show.wav'));
  assert.ok(showWav.equals(await readFile(join(dir, 'sound.wav'))), 'the same audio as render-sound');
  // Checked by sox: the note ends at beat 7, the arrangement at the bar line, beat 8 (4 s at 120 bpm);
  // the file lasts 6 s and the two seconds after the bar still sound (the release and the reverb), fading out.
  const soxi = spawnSync('soxi', ['-D', join(dir, 'sound.wav')], { encoding: 'utf8' });
  assert.equal(Number(soxi.stdout.trim()), 6);
  const rmsOf = (from: number, len: number): number => {
    const r = spawnSync('sox', [join(dir, 'sound.wav'), '-n', 'trim', String(from), String(len), 'stat'], { encoding: 'utf8' });
    return Number(/RMS\s+amplitude:\s+([\d.e+-]+)/.exec(r.stderr)?.[1]);
  };
  const tail = rmsOf(4, 1);
  assert.ok(tail > 1e-4, `the tail sounds: RMS ${tail}`);
  assert.ok(rmsOf(5, 1) < tail, 'and fades');
  const frames = JSON.parse(await readFile(join(dir, 'show', 'frames.json'), 'utf8'));
  assert.equal(frames.frameCount, 6 * 60, 'the frames cover the tail too');
});
