import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { renderShowCommand } from '../../src/cli/render-show.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { decodeArgb } from '../../src/light/render/frames-format.js';
import { startShow, tempHome } from '../helpers/show.js';

const CH = '/lx/mixer/channel/1';

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
  await show.call('add_clip', { bus: CH, slot: 1, label: 'Blackout', length: { beats: 4 } });
  await show.call('set_clip_lane', {
    bus: CH,
    slot: 1,
    lane: `${CH}/fader`,
    events: [
      { ms: 0, value: 0 },
      { beats: 4, value: 0 },
    ],
  });
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });
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
