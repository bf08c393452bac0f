// Audio clips on audio tracks (issue #28): a clip plays its sample from the granted folder on the
// exact sample of its start beat, at the engine rate, at its gain, looped when asked, through
// the track's chain, with short fades at its edges. Samples are WAV files written here by the
// repo's WAV writer and by sox; levels and clicks are read by sox, pitch by fft.js.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { renderOffline } from '../../../src/sound/audio/offline.js';
import { renderStems } from '../../../src/sound/audio/stems.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import type { AudioClipJson } from '../../../src/sound/model/audio-clips.js';
import { buildProject, saveProject, type ClipJson, type DeviceJson, type TrackJson } from '../../../src/sound/model/components.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION } from '../../../src/sound/model/project-file.js';
import { SampleFolder } from '../../../src/sound/samples/folder.js';
import { SampleStore } from '../../../src/sound/samples/store.js';
import { dev, onsets, peakFrequency, project, renderBlocks, soxStat, track } from './helpers.js';

const RATE = 48_000;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let root: string;
let folder: string;

/** Writes `data` (mono) as a 24-bit WAV with the repo's writer. */
const wav = (file: string, data: Float32Array, rate: number) => writeFileSync(file, encodeWav24([data], rate).bytes);

before(() => {
  root = mkdtempSync(join(tmpdir(), 'footlight-audio-clips-'));
  folder = join(root, 'samples');
  mkdirSync(folder);
  // A steady 0.5 for 1 s at the engine rate: where the clip starts, its first sample is not 0.
  wav(join(folder, 'dc.wav'), new Float32Array(RATE).fill(0.5), RATE);
  // A 1 kHz burst of 50 ms, then 200 ms of silence: 0.25 s a pass, for loops.
  wav(
    join(folder, 'burst.wav'),
    Float32Array.from({ length: 12_000 }, (_, i) => (i < 2400 ? 0.5 * Math.sin((2 * Math.PI * 1000 * i) / RATE) : 0)),
    RATE,
  );
  // 441 Hz at 44.1 kHz, 2 s, by sox: converted to 48 kHz it keeps its pitch.
  execFileSync('sox', ['-n', '-r', '44100', '-c', '1', '-b', '16', join(folder, 'tone.wav'), 'synth', '2', 'sine', '441', 'gain', '-6']);
  // 110 Hz, 24-bit: far enough below 3 kHz that the high-passed tone itself reads under −100 dB, so a click shows.
  execFileSync('sox', ['-n', '-r', '44100', '-c', '1', '-b', '24', join(folder, 'low.wav'), 'synth', '2', 'sine', '110', 'gain', '-6']);
});

after(() => rmSync(root, { recursive: true, force: true }));

async function store(...paths: string[]): Promise<SampleStore> {
  const s = new SampleStore(await SampleFolder.open(folder));
  for (const p of paths) await s.load(p);
  return s;
}

function audioClip(start: number, length: number, audio: AudioClipJson, loop = false): ClipJson {
  return { name: 'Take', start, length, loop_enabled: loop, loop_start: 0, loop_length: length, notes: [], audio };
}

const audioTrack = (clips: ClipJson[], devices: DeviceJson[] = [], extra: Partial<TrackJson> = {}): TrackJson =>
  track('Tape', devices, clips, { type: 'audio', volume: 0.7937005259840998, ...extra });

/** A 0 dB fader (0.7937), centred: the clip reaches the master at its own level. */
const play = async (clips: ClipJson[], seconds: number, devices: DeviceJson[] = []) => {
  const s = await store(...new Set(clips.map((c) => c.audio!.sample)));
  const r = renderOffline(buildPlan(project([audioTrack(clips, devices)]), s), { seconds });
  assert.deepEqual(r.notRendered, []);
  return r;
};

const firstSound = (x: Float32Array) => x.findIndex((v) => v !== 0);

test('audio clips: a clip at beat 2 (120 BPM) sounds from sample 48000 exactly, at the sample’s level after its 5 ms fade', async () => {
  const r = await play([audioClip(2, 1, { sample: 'dc.wav' })], 2);
  assert.equal(firstSound(r.left), RATE);
  assert.equal(firstSound(r.right), RATE);
  assert.ok(Math.abs(r.left[RATE + 480] - 0.5) < 1e-6, `10 ms in: ${r.left[RATE + 480]}`);
  // One beat long: silent from 1.5 s on.
  assert.ok(r.left[RATE * 1.5 - 1] !== 0 && r.left.subarray(RATE * 1.5).every((v) => v === 0));
  // An offset skips into the sample; the start stays on its beat.
  const later = await play([audioClip(1, 1, { sample: 'dc.wav', offset_seconds: 0.25 })], 1);
  assert.equal(firstSound(later.left), RATE / 2);
});

test('audio clips: gain −6 dB renders 6 dB lower to 0.1 dB (sox RMS); the track’s chain processes the clip', async () => {
  const at = (r: Awaited<ReturnType<typeof play>>) => soxStat(r, ['trim', '0.1', '0.8'])['RMS amplitude'];
  const dry = await play([audioClip(0, 2, { sample: 'tone.wav' })], 1);
  const plain = at(dry);
  const quieter = at(await play([audioClip(0, 2, { sample: 'tone.wav', gain_db: -6 })], 1));
  const drop = 20 * Math.log10(quieter / plain);
  assert.ok(Math.abs(drop + 6) < 0.1, `gain −6 dB measured ${drop.toFixed(4)} dB`);
  // −6 dBFS sine: RMS 0.3545.
  assert.ok(Math.abs(20 * Math.log10(plain / (0.5 * Math.SQRT1_2))) < 0.1, `plain RMS ${plain}`);
  // Through a Distortion on the track, driven 24 dB: reshaped, so the track's chain runs on the clip.
  const driven = await play([audioClip(0, 2, { sample: 'tone.wav' })], 1, [dev('Distortion', { DRIVE: 24 })]);
  const change = driven.left.reduce((m, v, i) => Math.max(m, Math.abs(v - dry.left[i])), 0);
  assert.ok(change > 0.05, `the Distortion changed the clip by at most ${change}`);
});

test('audio clips: a 44.1 kHz sample plays at its pitch at the engine rate (fft.js)', async () => {
  const r = await play([audioClip(0, 4, { sample: 'tone.wav' })], 2);
  const hz = peakFrequency(r.left, RATE / 2, 16_384, RATE);
  assert.ok(Math.abs(hz - 441) < 0.5, `${hz.toFixed(2)} Hz`);
});

test('audio clips: loop on repeats the sample every pass until the clip ends; off, it plays once', async () => {
  // Clip from beat 1 (0.5 s), 4 beats (2 s): eight 0.25 s passes.
  const looped = await play([audioClip(1, 4, { sample: 'burst.wav' }, true)], 3);
  const starts = onsets(looped.left, 0.01, 2400);
  assert.equal(starts.length, 8, String(starts));
  // The burst's sine starts at 0 and fades in: it crosses the threshold within 1 ms of each pass; the passes are exactly 12000 apart.
  assert.ok(starts[0] >= RATE / 2 && starts[0] < RATE / 2 + 48, `first pass at ${starts[0]}`);
  starts.forEach((s, i) => assert.equal(s - starts[0], i * 12_000, `pass ${i}`));
  assert.ok(
    looped.left.subarray(RATE * 2.5).every((v) => v === 0),
    'silent after the clip',
  );
  const once = await play([audioClip(1, 4, { sample: 'burst.wav' })], 3);
  assert.equal(onsets(once.left, 0.01, 2400).length, 1);
  // Looped from an offset, it repeats the rest of the sample: from 25 ms in, 0.225 s passes (10800 samples), three in 0.5 s.
  const offset = await play([audioClip(0, 1, { sample: 'burst.wav', offset_seconds: 0.025 }, true)], 1);
  assert.deepEqual(
    onsets(offset.left, 0.01, 2400).map((s) => Math.round(s / 100) * 100),
    [0, 10_800, 21_600],
  );
});

/** The peak above 3 kHz over [at, at + length) s, in dB below the render's peak (sox, high-passed twice at 3 kHz). */
function clickDb(r: Awaited<ReturnType<typeof play>>, at: number, length: number): number {
  const peak = soxStat(r)['Maximum amplitude'];
  const click = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', String(at), String(length)])['Maximum amplitude'];
  return 20 * Math.log10(click / peak);
}

test('audio clips: no click where a clip starts and ends mid-waveform, nor where its loop wraps (sox high-passed at 3 kHz)', async () => {
  // 110 Hz from 0.1234 s in: the clip cuts in and out at non-zero crossings (beat 1 to 2 = 0.5 s to 1 s); cut without fades, −17 and −12 dB.
  const cut = await play([audioClip(1, 1, { sample: 'low.wav', offset_seconds: 0.1234 })], 1.5);
  for (const at of [0.5, 1]) {
    const db = clickDb(cut, at - 0.05, 0.1);
    assert.ok(db < -80, `edge at ${at} s: ${db.toFixed(1)} dB below the peak`);
  }
  // Looped from 1.9 s: a 0.1 s pass that wraps mid-waveform every 0.1 s.
  const wrap = await play([audioClip(0, 2, { sample: 'low.wav', offset_seconds: 1.9 }, true)], 1);
  const db = clickDb(wrap, 0.05, 0.8);
  assert.ok(db < -80, `loop seams: ${db.toFixed(1)} dB below the peak`);
});

test('audio clips: stopping the transport fades a sounding clip out over 10 ms, without a click (sox)', async () => {
  const s = await store('low.wav');
  const engine = new AudioEngine(buildPlan(project([audioTrack([audioClip(1, 4, { sample: 'low.wav', offset_seconds: 0.1234 })])]), s), RATE);
  // Stopped at 0.7 s (a block boundary at 0.69867 s), mid-clip and mid-waveform.
  const r = renderBlocks(engine, RATE, 1, [[0.7, () => engine.stop()]]);
  const stop = Math.ceil((0.7 * RATE) / 128) * 128;
  assert.ok(r.left[stop - 1] !== 0, 'sounding when stopped');
  assert.ok(
    r.left.subarray(stop + 480).every((v) => v === 0),
    'silent 10 ms after the stop',
  );
  const db = clickDb(r, 0.65, 0.1);
  assert.ok(db < -80, `stop: ${db.toFixed(1)} dB below the peak`);
});

test('audio clips: a render is byte-identical twice (each store decoding afresh); the stem of the audio track carries the clip', async () => {
  const clips = [audioClip(0.5, 3, { sample: 'tone.wav', gain_db: -3 }), audioClip(1, 2, { sample: 'burst.wav' }, true)];
  const bytes = async () => {
    const r = await play(clips, 2);
    return Buffer.from(encodeWav24([r.left, r.right], RATE).bytes);
  };
  const a = await bytes();
  assert.ok(a.equals(await bytes()));
  const s = await store('tone.wav', 'burst.wav');
  const { mix, stems } = renderStems(buildPlan(project([audioTrack(clips)]), s), { seconds: 2 }, 'pre-master');
  const tape = stems.find((x) => x.name === 'Tape')!;
  assert.ok(
    tape.left.every((v, i) => Math.abs(v - mix.left[i]) < 1e-6),
    'the one track is the mix',
  );
  assert.ok(firstSound(tape.left) === RATE / 4);
});

test('audio clips: a project saves and reopens its audio clips; a missing sample is named and its clip is silent; only audio tracks hold them', async () => {
  const clipJson = audioClip(2, 4, { sample: 'tone.wav', gain_db: -6, offset_seconds: 0.5 }, true);
  const doc = project([audioTrack([clipJson])]);
  const saved = saveProject(buildProject(doc), { ids: false });
  assert.deepEqual(saved.tracks[0].clips, [clipJson]);
  // Zero gain and offset are not written.
  const plain = saveProject(buildProject(project([audioTrack([audioClip(0, 1, { sample: 'a.wav', gain_db: 0, offset_seconds: 0 })])])), { ids: false });
  assert.deepEqual(plain.tracks[0].clips[0].audio, { sample: 'a.wav' });
  assert.throws(() => buildProject(project([track('Keys', [], [clipJson])])), /a instrument track holds no audio clips/);
  assert.throws(() => buildProject(project([audioTrack([audioClip(0, 1, { sample: 'a.wav', gain_db: 30 })])])), /gain_db must be a number -60–24/);
  assert.throws(() => buildProject(project([audioTrack([audioClip(0, 1, { sample: '' })])])), /needs a sample path/);
  const missing = buildPlan(doc, await store()).notRendered;
  assert.deepEqual(
    missing.map((m) => [m.track, m.reason]),
    [['Tape', 'sample "tone.wav" is missing (it was not loaded from the sample folder): audio clip "Take" is silent']],
  );
  // An audio track without clips still says what it plays: nothing.
  assert.match(buildPlan(project([audioTrack([])])).notRendered[0].reason, /no audio clips/);
});

test('audio clips: render-sound --samples loads a saved project’s clip samples before it renders (sox)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-render-clips-'));
  try {
    const projectFile = join(dir, 'song.bwproject');
    const doc = project([audioTrack([audioClip(2, 2, { sample: 'tone.wav' })])]);
    writeFileSync(
      projectFile,
      JSON.stringify({ format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: doc }),
    );
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), 'render-sound', '--project', projectFile, '--seconds', '2', ...args], {
        encoding: 'utf8',
        env: { ...process.env, FOOTLIGHT_HOME: dir },
      });
    const out = join(dir, 'out.wav');
    const played = cli('--samples', folder, '--out', out);
    assert.equal(played.status, 0, played.stderr);
    assert.doesNotMatch(played.stderr, /not rendered/);
    const rms = (from: number) => {
      const r = spawnSync('sox', [out, '-n', 'remix', '-', 'trim', String(from), '0.5', 'stat'], { encoding: 'utf8' });
      return Number(/RMS\s+amplitude:\s+([\d.e+-]+)/.exec(r.stderr)![1]);
    };
    assert.ok(rms(0.2) === 0, 'silent before beat 2');
    assert.ok(Math.abs(20 * Math.log10(rms(1.2) / (0.5 * Math.SQRT1_2))) < 0.1, `the clip at its level: ${rms(1.2)}`);
    const silent = cli('--out', join(dir, 'silent.wav'));
    assert.equal(silent.status, 0, silent.stderr);
    assert.match(silent.stderr, /not rendered: Tape.*sample "tone.wav" is missing \(no sample folder is granted/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('audio clips: a loop wrap and a seek landing inside a clip crossfade over 5 ms, without a click (sox high-passed at 3 kHz)', async () => {
  // 110 Hz from 0.1234 s in, a clip over beats 0–8 (4 s); the arranger loops beats 1–2.37 (0.5–1.185 s), both ends mid-clip and mid-waveform.
  const clips = [audioClip(0, 8, { sample: 'low.wav', offset_seconds: 0.1234 })];
  const s = await store('low.wav');
  const doc = project([audioTrack(clips)], { arranger_loop: { enabled: true, start: 1, duration: 1.37 } });
  const looped = renderOffline(buildPlan(doc, s), { seconds: 2 });
  // Wraps at 1.185 s and 1.87 s: −82 dB; cut without the crossfade, −38 dB.
  for (const at of [1.185, 1.87]) {
    const db = clickDb(looped, at - 0.05, 0.1);
    assert.ok(db < -80, `loop wrap at ${at} s: ${db.toFixed(1)} dB below the peak`);
  }
  // A seek while playing, from 0.7 s (the block edge at 0.70133 s) to beat 3.1 (1.55 s), both mid-clip: −76 dB (the two
  // phases, 127° apart, partly cancel mid-crossfade); cut, −2 dB.
  const engine = new AudioEngine(buildPlan(project([audioTrack(clips)]), s), RATE);
  const r = renderBlocks(engine, RATE, 1.4, [[0.7, () => engine.seek(3.1)]]);
  const db = clickDb(r, 0.65, 0.1);
  assert.ok(db < -70, `seek: ${db.toFixed(1)} dB below the peak`);
  // Stopped, then played from mid-clip: it fades in, as at a clip's start: −85 dB; cut in, −12 dB.
  const fresh = new AudioEngine(buildPlan(project([audioTrack(clips)]), s), RATE);
  fresh.seek(1.3);
  const start = renderBlocks(fresh, RATE, 0.3, []);
  const pad = { ...start, left: new Float32Array(RATE / 10 + start.left.length), right: new Float32Array(RATE / 10 + start.left.length) };
  pad.left.set(start.left, RATE / 10);
  pad.right.set(start.right, RATE / 10);
  const dbStart = clickDb(pad, 0.05, 0.1);
  assert.ok(dbStart < -80, `play from mid-clip: ${dbStart.toFixed(1)} dB below the peak`);
});
