// Issue #28, "your own sounds, safely": sample files made here by sox and ffmpeg decode to their
// length and pitch (measured by fft.js on the decoded data and the render); the folder refuses
// paths that leave it, symlinks included, with nothing changed; zones pick by key and velocity;
// a render with user samples is byte-identical twice.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Engine } from '../../../src/engine/engine.js';
import { FootlightError } from '../../../src/engine/errors.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { renderOffline } from '../../../src/sound/audio/offline.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { createSoundHost } from '../../../src/sound/index.js';
import { buildProject, saveProject } from '../../../src/sound/model/components.js';
import { checkZones, type ZoneJson } from '../../../src/sound/model/sample-zones.js';
import { openProject } from '../../../src/sound/operations/project.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION } from '../../../src/sound/model/project-file.js';
import { listSamples } from '../../../src/sound/operations/samples.js';
import { SampleFolder } from '../../../src/sound/samples/folder.js';
import { SampleStore } from '../../../src/sound/samples/store.js';
import { clip, dev, peakFrequency, project, spectrum, track } from '../audio/helpers.js';

const RATE = 48_000;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ORIGIN = { surface: 'cli' } as const;
let root: string;
let folder: string;

/** A 440 Hz sine (or `hz`), 0.5 s at 44.1 kHz, written by sox or ffmpeg in each format. */
const MADE: readonly [name: string, tool: 'sox' | 'ffmpeg', args: string[]][] = [
  ['wav16.wav', 'sox', ['-b', '16']],
  ['wav24.wav', 'sox', ['-b', '24']],
  ['tone.aiff', 'sox', ['-b', '16']],
  ['tone.flac', 'sox', ['-b', '16']],
  ['tone.mp3', 'ffmpeg', ['-c:a', 'libmp3lame', '-b:a', '192k']],
  ['tone.ogg', 'ffmpeg', ['-c:a', 'libvorbis', '-q:a', '6']],
];

function sine(file: string, hz: number, seconds = 0.5, channels = 1, rate = 44_100): void {
  execFileSync('sox', ['-n', '-r', String(rate), '-c', String(channels), '-b', '16', file, 'synth', String(seconds), 'sine', String(hz), 'gain', '-6']);
}

before(() => {
  root = mkdtempSync(join(tmpdir(), 'footlight-samples-'));
  folder = join(root, 'samples');
  mkdirSync(join(folder, 'keys'), { recursive: true });
  const src = join(root, 'src.wav');
  sine(src, 440);
  for (const [name, tool, args] of MADE) {
    const out = join(folder, name);
    if (tool === 'sox') execFileSync('sox', [src, ...args, out]);
    else execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', src, ...args, out]);
  }
  sine(join(folder, 'keys', 'low.wav'), 220);
  sine(join(folder, 'keys', 'soft.wav'), 880);
  sine(join(folder, 'keys', 'loud.wav'), 660, 0.5, 2, 48_000);
  // Outside the folder, and a way out of it.
  sine(join(root, 'secret.wav'), 330);
  sine(join(folder, 'high.wav'), 15_000);
  symlinkSync(join(root, 'secret.wav'), join(folder, 'escape.wav'));
  symlinkSync(root, join(folder, 'up'));
  writeFileSync(join(folder, 'notes.txt'), 'not a sample');
});

after(() => rmSync(root, { recursive: true, force: true }));

const store = async () => new SampleStore(await SampleFolder.open(folder));

for (const [name] of MADE) {
  test(`samples: ${name} decodes to 0.5 s of 440 Hz at 44.1 kHz (fft.js)`, async () => {
    const s = await (await store()).load(name);
    assert.equal(s.sampleRate, 44_100);
    // MP3 and Vorbis decoders may pad or trim a frame's worth at the ends: within 2%.
    const tolerance = name.endsWith('.mp3') || name.endsWith('.ogg') ? 0.02 : 0;
    assert.ok(Math.abs(s.data.length - 22_050) <= 22_050 * tolerance, `${name}: ${s.data.length} frames`);
    const hz = peakFrequency(s.data, 4096, 8192, s.sampleRate);
    assert.ok(Math.abs(hz - 440) < 3, `${name}: ${hz.toFixed(1)} Hz`);
    assert.ok(Math.abs(20 * Math.log10(s.peak) + 6) < 0.5, `${name}: peak ${s.peak}`);
  });
}

const refusal = async (f: () => Promise<unknown>, code: string, reason?: RegExp) => {
  await assert.rejects(f, (err: unknown) => {
    assert.ok(err instanceof FootlightError, String(err));
    assert.equal(err.code, code, err.message);
    if (reason !== undefined) assert.match(err.message, reason);
    return true;
  });
};

test('samples: the folder refuses paths that leave it — .., absolute, symlinks out — and names what is missing', async () => {
  const s = await store();
  await refusal(() => s.load('../secret.wav'), 'invalid_argument', /leaves the sample folder/);
  await refusal(() => s.load(join(root, 'secret.wav')), 'invalid_argument', /absolute/);
  await refusal(() => s.load('escape.wav'), 'invalid_argument', /points out of the sample folder/);
  await refusal(() => s.load('up/secret.wav'), 'invalid_argument', /points out of the sample folder/);
  await refusal(() => s.load('keys/../../secret.wav'), 'invalid_argument', /leaves/);
  await refusal(() => s.load('nothing.wav'), 'not_found', /sound_list_samples/);
  await refusal(() => s.load('notes.txt'), 'invalid_argument', /not a sample file/);
  await refusal(() => new SampleStore(null).load('wav16.wav'), 'invalid_argument', /--samples DIR/);
  // What it lists: every sample inside, by path, never the links that point out.
  const listed = (await (await SampleFolder.open(folder)).list()).map((f) => f.path);
  assert.deepEqual(listed, [
    'high.wav',
    'keys/loud.wav',
    'keys/low.wav',
    'keys/soft.wav',
    'tone.aiff',
    'tone.flac',
    'tone.mp3',
    'tone.ogg',
    'wav16.wav',
    'wav24.wav',
  ]);
});

/** A host whose first track holds a selected Sampler; its selection token. */
async function samplerHost(granted = true) {
  const h = createSoundHost(new Engine(), { project: 'empty', samples: granted ? await SampleFolder.open(folder) : undefined });
  openProject(h, ORIGIN, project([track('Keys', [dev('Sampler')], [])]));
  const d = h.project
    .flatTracks()
    .find((f) => f.track.name === 'Keys')!
    .track.devices.at(0)!;
  h.selection.selectDevice(d);
  return { host: h, device: d, token: () => h.selection.guard().selection_token! };
}

const ZONES: ZoneJson[] = [
  { sample: 'keys/low.wav', key_low: 0, key_high: 59, velocity_low: 1, velocity_high: 127, root_key: 57 },
  { sample: 'keys/soft.wav', key_low: 60, key_high: 127, velocity_low: 1, velocity_high: 63, root_key: 81 },
  { sample: 'keys/loud.wav', key_low: 60, key_high: 127, velocity_low: 64, velocity_high: 127, root_key: 76 },
];

/** The project with the zone map, and a clip playing `notes` (pitch, beat, velocity) for half a beat each. */
const zoneProject = (notes: [number, number, number][]) => {
  const sampler = { ...dev('Sampler', { ATTACK: 0, RELEASE: 0 }), zones: ZONES };
  return project([
    track(
      'Keys',
      [sampler],
      [
        clip(
          0,
          16,
          notes.map(([p, b, v]) => [p, b, 0.5, v]),
        ),
      ],
    ),
  ]);
};

test('samples: zones pick by key and velocity and pitch from their root key, at the engine rate (fft.js)', async () => {
  const s = await store();
  for (const z of ZONES) await s.load(z.sample);
  // Each note 0.25 s long (120 BPM), 1 s apart.
  const cases: [key: number, velocity: number, hz: number][] = [
    [57, 100, 220], // low, at its root
    [45, 100, 110], // low, an octave down
    [81, 40, 880], // soft, at its root
    [93, 40, 1760], // soft, an octave up
    [76, 120, 660], // loud (a 48 kHz stereo file), at its root
  ];
  const r = renderOffline(buildPlan(zoneProject(cases.map(([k, v], i) => [k, i * 2, v])), s), { seconds: cases.length });
  cases.forEach(([key, velocity, hz], i) => {
    const got = peakFrequency(r.left, Math.round((i + 0.05) * RATE), 8192, RATE);
    assert.ok(Math.abs(got - hz) < hz * 0.01, `key ${key} velocity ${velocity}: ${got.toFixed(1)} Hz, expected ${hz}`);
  });
  // A key no zone holds at that velocity is silent; the plan reports nothing missing.
  assert.deepEqual(r.notRendered, []);
});

test('samples: a project whose sample is missing opens, renders its other zones and says which sample is missing', async () => {
  const s = await store();
  await s.load('keys/low.wav');
  const plan = buildPlan({ ...zoneProject([[57, 0, 100]]) }, s);
  const missing = plan.notRendered.map((n) => n.reason);
  assert.equal(missing.length, 2, missing.join('; '));
  assert.match(missing[0], /sample "keys\/soft.wav" is missing/);
  const r = renderOffline(plan, { seconds: 0.5 });
  assert.ok(Math.abs(peakFrequency(r.left, 2400, 8192, RATE) - 220) < 3);
  assert.match(buildPlan(zoneProject([])).notRendered[0].reason, /no sample folder is granted/);
});

test('samples: a render with user samples of every format is byte-identical twice (each decoded afresh)', async () => {
  // One zone per made file, keys 40–45, on top of the zone map (which they come before).
  const formats: ZoneJson[] = MADE.map(([name], i) => ({ sample: name, key_low: 40 + i, key_high: 40 + i, velocity_low: 1, velocity_high: 127, root_key: 69 }));
  const bytes = async () => {
    const s = await store();
    for (const z of [...formats, ...ZONES]) await s.load(z.sample);
    const p = zoneProject([...MADE.map((_, i): [number, number, number] => [40 + i, i * 0.5, 100]), [81, 3, 30], [76, 3.5, 127], [64, 4, 90]]);
    const sampler = p.tracks[0].devices[0];
    const withFormats = { ...p, tracks: [{ ...p.tracks[0], devices: [{ ...sampler, zones: [...formats, ...ZONES] }] }] };
    const r = renderOffline(buildPlan(withFormats, s), { seconds: 2.5 });
    assert.deepEqual(r.notRendered, []);
    return Buffer.from(encodeWav24([r.left, r.right], RATE).bytes);
  };
  const a = await bytes();
  assert.ok(a.equals(await bytes()));
});

test('samples: the listing pages the folder with each sample’s format, length, channels, rate and peak', async () => {
  const { host } = await samplerHost();
  const page = await listSamples(host, 1, 2);
  assert.equal(page.total, 10);
  assert.deepEqual(
    page.samples.map((x) => [x.path, x.format, x.channels, x.sample_rate, x.frames]),
    [
      ['keys/loud.wav', 'wav', 2, 48_000, 24_000],
      ['keys/low.wav', 'wav', 1, 44_100, 22_050],
    ],
  );
  assert.ok(Math.abs((page.samples[0].peak_db as number) + 6) < 0.5);
  assert.equal((await listSamples(host, 9, 50)).samples.length, 1);
  await refusal(() => listSamples(host, 0, 0), 'invalid_argument');
  host.dispose();
});

test('samples: render-sound --samples plays a saved project’s zones; without the folder it names the missing samples', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-render-samples-'));
  try {
    const projectFile = join(dir, 'song.bwproject');
    const file = { format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: zoneProject([[57, 0, 100]]) };
    writeFileSync(projectFile, JSON.stringify(file));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), 'render-sound', '--project', projectFile, '--seconds', '0.5', ...args], {
        encoding: 'utf8',
        env: { ...process.env, FOOTLIGHT_HOME: dir },
      });
    const out = join(dir, 'out.wav');
    const played = cli('--samples', folder, '--out', out);
    assert.equal(played.status, 0, played.stderr);
    assert.doesNotMatch(played.stderr, /missing/);
    // The low zone at its root (220 Hz) sounds: sox reads the WAV back as mono float, fft.js finds the pitch.
    const raw = execFileSync('sox', [out, '-t', 'f32', '-c', '1', '-']);
    const mono = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    const hz = peakFrequency(mono, 2400, 8192, RATE);
    assert.ok(Math.abs(hz - 220) < 3, `${hz.toFixed(1)} Hz`);
    const missing = cli('--out', join(dir, 'silent.wav'));
    assert.equal(missing.status, 0, missing.stderr);
    assert.match(
      missing.stderr,
      /not rendered: Keys › Keys › 0 Sampler: sample "keys\/low.wav" is missing \(no sample folder is granted: grant one with --samples DIR/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** sox's RMS amplitude of a WAV's first `seconds`, mixed to mono. */
function rmsOf(file: string, seconds: number): number {
  const r = spawnSync('sox', [file, '-n', 'remix', '-', 'trim', '0', String(seconds), 'stat'], { encoding: 'utf8' });
  const m = /RMS\s+amplitude:\s+([\d.e+-]+)/.exec(r.stderr);
  assert.ok(m !== null, r.stderr);
  return Number(m[1]);
}

test('samples: render-show --samples plays the song’s zones as render-sound does (pitch by fft.js, level by sox); without it names them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-render-show-samples-'));
  try {
    const projectFile = join(dir, 'song.bwproject');
    const file = { format: PROJECT_FORMAT, version: PROJECT_FORMAT_VERSION, saved_by: { host: 'test', version: '0' }, project: zoneProject([[57, 0, 100]]) };
    writeFileSync(projectFile, JSON.stringify(file));
    const cli = (command: string, ...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), command, '--seconds', '0.5', ...args], {
        encoding: 'utf8',
        // No ffmpeg on the path: the MP4 preview is not what this checks.
        env: { ...process.env, FOOTLIGHT_HOME: dir, PATH: '/nonexistent' },
      });
    const played = cli('render-show', '--song', projectFile, '--samples', folder, '--out', join(dir, 'show'));
    assert.equal(played.status, 0, played.stderr);
    assert.doesNotMatch(played.stderr, /missing/);
    const wav = join(dir, 'show', 'show.wav');
    const raw = execFileSync('sox', [wav, '-t', 'f32', '-c', '1', '-']);
    const mono = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    const hz = peakFrequency(mono, 2400, 8192, RATE);
    assert.ok(Math.abs(hz - 220) < 3, `${hz.toFixed(1)} Hz`);
    // The same song through render-sound: the same level to 0.1 dB.
    const sound = cli('render-sound', '--project', projectFile, '--samples', folder, '--out', join(dir, 'sound.wav'));
    assert.equal(sound.status, 0, sound.stderr);
    const [a, b] = [rmsOf(wav, 0.5), rmsOf(join(dir, 'sound.wav'), 0.5)];
    assert.ok(a > 0.01, `show.wav RMS ${a}`);
    assert.ok(Math.abs(20 * Math.log10(a / b)) < 0.1, `show.wav RMS ${a}, render-sound RMS ${b}`);
    const missing = cli('render-show', '--song', projectFile, '--out', join(dir, 'silent'));
    assert.equal(missing.status, 0, missing.stderr);
    assert.match(missing.stderr, /not rendered: Keys › Keys › 0 Sampler: sample "keys\/low.wav" is missing \(no sample folder is granted/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** One zone over the keyboard (keys/low.wav, 220 Hz at key 57) with `extra`, playing key 57 for half a beat; its render as a 24-bit WAV file. */
async function zoneWav(dir: string, name: string, extra: Partial<ZoneJson>): Promise<{ file: string; left: Float32Array }> {
  const s = await store();
  await s.load('keys/low.wav');
  const sampler = { ...dev('Sampler', { ATTACK: 0, RELEASE: 0 }), zones: [{ ...ZONES[0], key_high: 127, ...extra }] };
  const r = renderOffline(buildPlan(project([track('Keys', [sampler], [clip(0, 4, [[57, 0, 0.5, 100]])])]), s), { seconds: 0.3 });
  assert.deepEqual(r.notRendered, []);
  const file = join(dir, `${name}.wav`);
  writeFileSync(file, encodeWav24([r.left, r.right], RATE).bytes);
  return { file, left: r.left };
}

test('samples: a zone at gain −6 dB renders 6 dB lower (sox); tune +12 plays an octave up, −1 semitone +50 cents a quarter tone down (fft.js)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-zone-gain-'));
  try {
    const plain = await zoneWav(dir, 'plain', {});
    const quieter = await zoneWav(dir, 'quieter', { gain_db: -6 });
    const drop = 20 * Math.log10(rmsOf(quieter.file, 0.2) / rmsOf(plain.file, 0.2));
    assert.ok(Math.abs(drop + 6) < 0.1, `gain −6 dB measured ${drop.toFixed(4)} dB`);
    assert.ok(Math.abs(peakFrequency(plain.left, 2400, 8192, RATE) - 220) < 3);
    const octave = peakFrequency((await zoneWav(dir, 'octave', { tune_semitones: 12 })).left, 2400, 8192, RATE);
    assert.ok(Math.abs(octave - 440) < 3, `tune +12: ${octave.toFixed(1)} Hz`);
    // −1 semitone + 50 cents = −50 cents: 220 × 2^(−0.5/12) = 213.7 Hz (fft.js bins are 5.9 Hz wide: the peak is within 3 Hz).
    const fine = peakFrequency((await zoneWav(dir, 'fine', { tune_semitones: -1, tune_cents: 50 })).left, 2400, 8192, RATE);
    assert.ok(Math.abs(fine - 220 * 2 ** (-0.5 / 12)) < 3, `tune −1 st +50 ct: ${fine.toFixed(1)} Hz`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('samples: zone gain and tune are checked (range, whole semitones) and saved only when not 0', () => {
  const base = { sample: 'a.wav' };
  assert.deepEqual(checkZones([{ ...base, gain_db: 0, tune_semitones: 0, tune_cents: 0 }]), [
    { sample: 'a.wav', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60 },
  ]);
  assert.deepEqual(checkZones([{ ...base, gain_db: -6, tune_semitones: 12, tune_cents: -25.5 }])[0], {
    sample: 'a.wav',
    key_low: 0,
    key_high: 127,
    velocity_low: 1,
    velocity_high: 127,
    root_key: 60,
    gain_db: -6,
    tune_semitones: 12,
    tune_cents: -25.5,
  });
  // A project saves and reopens them as they were.
  const zone = { ...ZONES[0], gain_db: -6, tune_semitones: -3, tune_cents: 12 };
  const saved = saveProject(buildProject(project([track('Keys', [{ ...dev('Sampler'), zones: [zone] }], [])])), { ids: false });
  assert.deepEqual(saved.tracks[0].devices[0].zones, [zone]);
  assert.throws(() => checkZones([{ ...base, gain_db: 30 }]), /gain_db must be a number -60–24; got 30/);
  assert.throws(() => checkZones([{ ...base, gain_db: 'loud' }]), /gain_db/);
  assert.throws(() => checkZones([{ ...base, tune_semitones: 1.5 }]), /tune_semitones must be a whole number -48–48/);
  assert.throws(() => checkZones([{ ...base, tune_cents: 101 }]), /tune_cents must be a number -100–100/);
  assert.throws(() => checkZones([{ ...base, gain_db: Number.NaN }]), /gain_db/);
  assert.throws(() => checkZones([{ ...base, loop_start: 10 }]), /give loop_start and loop_end together/);
  assert.throws(() => checkZones([{ ...base, loop_start: 10, loop_end: 11 }]), /at least 2 frames after/);
  assert.throws(() => checkZones([{ ...base, loop_start: -1, loop_end: 11 }]), /loop_start must be a whole number/);
  assert.deepEqual(checkZones([{ ...base, loop_start: 0, loop_end: 100 }])[0].loop_end, 100);
});

test('samples: a zone’s sustain loop holds while the key does; released, the sample plays on to its end (sox RMS, fft.js)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-zone-loop-'));
  try {
    // 441 Hz at 44.1 kHz: 100 frames a period; the loop 4410–8820 is 44.1 periods, a small step at the wrap (this test is about the loop holding).
    const loopFolder = join(dir, 'samples');
    mkdirSync(loopFolder);
    sine(join(loopFolder, 'tone.wav'), 441, 0.5);
    const s = new SampleStore(await SampleFolder.open(loopFolder));
    await s.load('tone.wav');
    const render = (loop: Partial<ZoneJson>) => {
      const zone = { sample: 'tone.wav', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, ...loop };
      // Held 2 s (4 beats at 120 BPM), a 2 s release.
      const sampler = { ...dev('Sampler', { ATTACK: 0, RELEASE: 2000 }), zones: [zone] };
      const r = renderOffline(buildPlan(project([track('Keys', [sampler], [clip(0, 16, [[60, 0, 4, 100]])])]), s), { seconds: 3 });
      assert.deepEqual(r.notRendered, []);
      const file = join(dir, `${loop.loop_end ?? 0}.wav`);
      writeFileSync(file, encodeWav24([r.left, r.right], RATE).bytes);
      const rms = (from: number, seconds: number) => {
        const out = spawnSync('sox', [file, '-n', 'remix', '-', 'trim', String(from), String(seconds), 'stat'], { encoding: 'utf8' });
        return Number(/RMS\s+amplitude:\s+([\d.e+-]+)/.exec(out.stderr)![1]);
      };
      return { left: r.left, rms };
    };
    const looped = render({ loop_start: 4410, loop_end: 8820 });
    const plain = render({});
    // Held past the sample's 0.5 s: the loop sounds at the sample's level and pitch; without one it is silent.
    const held = 20 * Math.log10(looped.rms(1.2, 0.5) / looped.rms(0.05, 0.05));
    assert.ok(Math.abs(held) < 0.5, `loop level against the attack: ${held.toFixed(2)} dB`);
    assert.ok(Math.abs(peakFrequency(looped.left, Math.round(1.2 * RATE), 8192, RATE) - 441) < 3);
    assert.ok(plain.rms(1.2, 0.5) < 1e-4, `no loop: ${plain.rms(1.2, 0.5)}`);
    // Released at 2 s, it plays at most the 0.3 s after the loop and stops, for all the 2 s release.
    assert.ok(looped.rms(2.4, 0.5) < 1e-4, `after the release: ${looped.rms(2.4, 0.5)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('samples: a 44.1 kHz sample is converted to 48 kHz by windowed sinc: its 15 kHz tone keeps its pitch, no image above −70 dB (fft.js)', async () => {
  const s = await store();
  await s.load('high.wav');
  const sampler = {
    ...dev('Sampler', { ATTACK: 0, RELEASE: 0 }),
    zones: [{ sample: 'high.wav', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60 }],
  };
  const r = renderOffline(buildPlan(project([track('Keys', [sampler], [clip(0, 4, [[60, 0, 1, 127]])])]), s), { seconds: 0.5 });
  const size = 8192;
  const mag = spectrum(r.left, 2400, size);
  const bin = (hz: number) => Math.round((hz * size) / RATE);
  const level = (hz: number) => Math.max(...[-2, -1, 0, 1, 2].map((d) => mag[bin(hz) + d]));
  assert.ok(Math.abs(peakFrequency(r.left, 2400, size, RATE) - 15_000) < 10);
  // Linear interpolation would leave the image of 15 kHz about 44.1 kHz (29.1 kHz) folded to 18.9 kHz at −30 dB or so.
  const image = 20 * Math.log10(level(18_900) / level(15_000));
  assert.ok(image < -70, `image at 18.9 kHz: ${image.toFixed(1)} dB`);
});
