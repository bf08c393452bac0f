import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/engine/log.js';
import { buildDemoShow } from '../../src/light/demo-show.js';
import { createLibrary } from '../../src/light/devices/library.js';
import type { Modulator } from '../../src/light/modulation/modulator.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { writeProject } from '../../src/light/show/project/project-file.js';
import { linkLightCues } from '../../src/show/cue-playback.js';
import { renderShow } from '../../src/show/render-show.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { linkShowAudio } from '../../src/show/song-audio.js';
import { encodeWav24 } from '../../src/sound/audio/wav.js';
import { demoProject } from '../../src/sound/demo.js';
import { SoundHost } from '../../src/sound/host/host.js';
import type { ProjectJson, TrackJson } from '../../src/sound/model/components.js';
import { startPlayback } from '../../src/sound/operations/song.js';
import { tempHome } from '../helpers/show.js';

/** The stage demo as render-show opens it: saved to LX project JSON and read back. */
function demoLight(): unknown {
  const show = new LightShow(new Engine());
  buildDemoShow(show);
  return JSON.parse(JSON.stringify(writeProject(show.lx, show.externals, 0)));
}

/** Mean brightness of a frame: the brightest channel of each point, 0–255. */
function brightness(argb: Uint32Array): number {
  let s = 0;
  for (const c of argb) s += Math.max((c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff);
  return s / argb.length;
}

/** Integrated loudness and true peak of a stretch of a WAV file, by ffmpeg's ebur128 filter (an independent meter). */
function ebur128(wav: string, from: number, to: number): { lufs: number; truePeak: number } {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', wav, '-af', `atrim=start=${from}:end=${to},ebur128=peak=true`, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const summary = r.stderr.slice(r.stderr.lastIndexOf('Summary:'));
  const lufs = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  const peak = /Peak:\s+(-?[\d.]+) dBFS/.exec(summary);
  assert.ok(lufs !== null && peak !== null, summary);
  return { lufs: Number(lufs[1]), truePeak: Number(peak[1]) };
}

function trackNamed(song: ProjectJson, name: string): TrackJson {
  const all = song.tracks.flatMap((t) => [t, ...(t.children ?? [])]);
  const t = all.find((x) => x.name === name);
  assert.ok(t !== undefined, `the demo song has a ${name} track`);
  return t;
}

/**
 * Pairs of sections (quieter, louder) the design orders by energy: the song must be louder in the
 * second, and the lights brighter. (Verse, outro and end sit within a few tenths of a LU of each
 * other, and the outro's light fades with it, so the design does not order them.)
 */
const ENERGY_ORDER: readonly (readonly [string, string])[] = [
  ['Intro', 'Breakdown'],
  ['Intro', 'Verse'],
  ['Breakdown', 'Verse'],
  ['Verse', 'Build'],
  ['Build', 'Drop'],
  ['Breakdown', 'Drop'],
  ['Outro', 'Drop'],
];

/** Frames per second of the proof render: coarse (every 50 ms), so the whole song renders in CI time. */
const FPS = 20;

test('the demo show: per section the lights are as bright as the song is loud, the song sits near -14 LUFS, and the rig ends dark', async (t) => {
  const song = demoProject();
  const sections = song.cue_markers.map((m, i, all) => ({ name: m.name, from: m.beat, to: all[i + 1]?.beat ?? Number.POSITIVE_INFINITY }));
  assert.deepEqual(
    sections.map((s) => s.name),
    ['Intro', 'Verse', 'Build', 'Drop', 'Breakdown', 'Outro', 'End'],
  );
  const end = sections.at(-1)!;
  const spb = 60 / song.tempo;
  const seconds = (end.from + 4) * spb + 4; // the last bar and four seconds of the rig after the song

  const lit: number[] = [];
  const peak: number[] = [];
  const r = renderShow({
    light: demoLight(),
    song,
    seconds,
    fps: FPS,
    registry: createLibrary(),
    onFrame: (_k, argb) => {
      lit.push(brightness(argb));
      let m = 0;
      for (const c of argb) m = Math.max(m, (c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff);
      peak.push(m);
    },
  });
  assert.equal(lit.length, Math.round(seconds * FPS));
  const wav = join(await tempHome(t), 'show.wav');
  await writeFile(wav, Buffer.from(encodeWav24([r.left, r.right], r.sampleRate).bytes));

  // The song: near -14 LUFS integrated, no clipping (true peak at most -1 dBTP).
  const whole = ebur128(wav, 0, seconds);
  assert.ok(Math.abs(whole.lufs - -14) <= 1, `integrated ${whole.lufs} LUFS`);
  assert.ok(whole.truePeak <= -1, `true peak ${whole.truePeak} dBTP`);

  const loud = new Map<string, number>();
  const bright = new Map<string, number>();
  for (const s of sections) {
    loud.set(s.name, ebur128(wav, s.from * spb, Math.min(seconds, s.to * spb)).lufs);
    const frames = lit.filter((_, k) => r.beats[k] >= s.from && r.beats[k] < s.to);
    bright.set(s.name, frames.reduce((a, b) => a + b, 0) / frames.length);
  }
  const table = sections.map((s) => `${s.name} ${loud.get(s.name)!.toFixed(1)} LUFS ${bright.get(s.name)!.toFixed(1)}`).join('; ');
  for (const [quiet, loudish] of ENERGY_ORDER) {
    assert.ok(loud.get(quiet)! < loud.get(loudish)!, `the song is quieter in the ${quiet} than in the ${loudish}: ${table}`);
    assert.ok(bright.get(quiet)! < bright.get(loudish)!, `the lights are darker in the ${quiet} than in the ${loudish}: ${table}`);
  }
  // The drop is the peak of both, by a clear margin over the verse.
  assert.ok(loud.get('Drop')! - loud.get('Verse')! >= 2, table);
  assert.ok(bright.get('Drop')! > 1.5 * bright.get('Verse')!, table);

  // The End cue flashes the last hit, then the master fades to black within the bar and stays there.
  const endFrames = [...r.beats.keys()].filter((k) => r.beats[k] >= end.from);
  assert.ok(
    endFrames.slice(0, FPS / 2).some((k) => lit[k] > 20),
    'the last hit is lit',
  );
  const dark = endFrames.filter((k) => r.beats[k] >= end.from + 4);
  assert.ok(dark.length >= 2 * FPS, `${dark.length} frames after the end`);
  assert.deepEqual(
    dark.filter((k) => peak[k] > 0),
    [],
    'every point of every frame after the end is black',
  );
  // …and the rig is dark before the song starts: the intro fades up from black.
  assert.equal(peak[0], 0);
});

test("the demo's kick pulse hears the master mix: it fires on the drop's kicks and nowhere else", () => {
  const song = demoProject();
  const drop = song.cue_markers.find((m) => m.name === 'Drop')!.beat;
  const engine = new Engine();
  const registry = createLibrary();
  const show = new LightShow(engine, undefined, { registry });
  buildDemoShow(show);
  const sound = new SoundHost(engine, silentLogger, song);
  linkShowClock(show, sound);
  linkLightCues(show, sound);
  linkShowAudio(show, sound); // the master: no track soloed
  const kick = show.lx.modulation.modulators.items.find((m) => m.label.getString() === 'Kick') as Modulator;
  // From the build's silent last beat into the drop's first four bars.
  sound.transport.position = drop - 1;
  startPlayback(sound);
  const fired: number[] = [];
  let last = 0;
  for (let k = 0; k < 8.5 * 60; k++) {
    engine.clock.stepFixed(1, 1000 / 60);
    const v = kick.getValue();
    if (v > last + 0.3) fired.push(sound.transport.position);
    last = v;
  }
  const kicks = trackNamed(song, 'Kick')
    .clips.flatMap((c) => c.notes.map((n) => c.start + n[1]))
    .filter((b) => b >= drop && b < drop + 16); // the frames reach beat drop + 16
  const near = (at: number, beat: number): boolean => at >= beat && at < beat + 0.25;
  const heard = kicks.filter((b) => fired.some((f) => near(f, b)));
  const pickups = kicks.filter((b) => b % 1 !== 0);
  // Every beat's kick; a sixteenth pickup right before a downbeat may share its pulse.
  assert.ok(heard.length >= kicks.length - pickups.length, `heard ${heard.length} of ${kicks.length} kicks: ${fired.map((f) => f.toFixed(2)).join(' ')}`);
  assert.deepEqual(
    fired.filter((f) => !kicks.some((b) => near(f, b))),
    [],
    'no pulse without a kick (the bass plays above the kick band)',
  );
  const pulse = show.lx.mixer.channels.items.find((c) => c.label.getString() === 'Kick Pulse')!;
  assert.equal(pulse.fader.getBaseValue(), 0, 'the pulse is the modulation alone');
});

test("the demo's cue list: the song crossing into the drop Goes the sparkle list from its intro cue to the drop's", () => {
  const song = demoProject();
  const drop = song.cue_markers.find((m) => m.name === 'Drop')!.beat;
  const engine = new Engine();
  const show = new LightShow(engine, undefined, { registry: createLibrary() });
  buildDemoShow(show);
  const sound = new SoundHost(engine, silentLogger, song);
  linkShowClock(show, sound);
  linkLightCues(show, sound);
  const density = show.parameter({ path: `${show.lx.mixer.master.path}/effect/1/density` }) as unknown as { getBaseValue(): number };
  assert.equal(show.cues.status('Sparkle').state, 'released', 'the list waits for the song');
  // Start a beat before the drop: the intro's Go has passed, so the list lands on cue 1 at once.
  sound.transport.position = drop - 1;
  startPlayback(sound);
  engine.clock.stepFixed(1, 1000 / 60);
  assert.deepEqual(show.cues.status('Sparkle').current, { number: 1, label: 'Glints' });
  // 120 BPM: half a second a beat; step until just before the drop, then over it.
  while (sound.transport.position < drop - 0.05) engine.clock.stepFixed(1, 1000 / 60);
  assert.equal(show.cues.status('Sparkle').current?.number, 1);
  assert.ok(Math.abs(density.getBaseValue() - 0.15) < 1e-9);
  engine.clock.stepFixed(6, 1000 / 60);
  assert.ok(sound.transport.position > drop);
  assert.deepEqual(show.cues.status('Sparkle').current, { number: 2, label: 'Drop sparkle' });
  assert.ok(Math.abs(density.getBaseValue() - 0.4) < 1e-9, `the drop's sparkle is dense: ${density.getBaseValue()}`);
});
