// Issue #28, SoundFonts: a .sf2/.sf3 in the sample folder lists its presets and a Sampler zone
// plays one through spessasynth_core. Debian's SoundFonts (timgm6mb-soundfont,
// musescore-general-soundfont-small) are copied into a temp granted folder; pitch by fft.js,
// level by sox; renders byte-identical twice.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { renderOffline } from '../../../src/sound/audio/offline.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { checkZones, type ZoneJson } from '../../../src/sound/model/sample-zones.js';
import { SampleFolder } from '../../../src/sound/samples/folder.js';
import { SampleStore } from '../../../src/sound/samples/store.js';
import { clip, dev, peakFrequency, project, track } from '../audio/helpers.js';

const RATE = 48_000;
/** Debian's General MIDI SoundFonts (see .ci/run). */
const TIM_SF2 = '/usr/share/sounds/sf2/TimGM6mb.sf2';
const MUSESCORE_SF3 = '/usr/share/sounds/sf3/MuseScore_General_Lite.sf3';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'footlight-soundfonts-'));
  copyFileSync(TIM_SF2, join(root, 'gm.sf2'));
  copyFileSync(MUSESCORE_SF3, join(root, 'gm.sf3'));
  writeFileSync(join(root, 'junk.sf2'), 'RIFF but not a SoundFont');
});

after(() => rmSync(root, { recursive: true, force: true }));

const store = async () => new SampleStore(await SampleFolder.open(root));

/** A zone over the whole keyboard playing `file`'s preset. */
const zone = (file: string, extra: Partial<ZoneJson> = {}): ZoneJson => checkZones([{ sample: file, ...extra }])[0];

/** Renders a Sampler with `zones` playing each note (pitch, beat, beats, velocity) at 120 BPM; the left channel and the 24-bit WAV's bytes. */
async function render(zones: ZoneJson[], notes: [number, number, number, number][], seconds: number) {
  const s = await store();
  for (const z of zones) await s.loadSoundFont(z.sample);
  const sampler = { ...dev('Sampler'), zones };
  const r = renderOffline(buildPlan(project([track('Keys', [sampler], [clip(0, 16, notes)])]), s), { seconds });
  assert.deepEqual(r.notRendered, []);
  return { left: r.left, wav: Buffer.from(encodeWav24([r.left, r.right], RATE).bytes) };
}

/** sox's RMS and peak amplitude of a WAV's first `seconds`, mixed to mono. */
function soxStat(wav: Buffer, seconds: number): { rms: number; peak: number } {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-sf-stat-'));
  try {
    const file = join(dir, 'a.wav');
    writeFileSync(file, wav);
    const r = spawnSync('sox', [file, '-n', 'remix', '-', 'trim', '0', String(seconds), 'stat'], { encoding: 'utf8' });
    const rms = /RMS\s+amplitude:\s+([\d.e+-]+)/.exec(r.stderr);
    const peak = /Maximum amplitude:\s+([\d.e+-]+)/.exec(r.stderr);
    assert.ok(rms !== null && peak !== null, r.stderr);
    return { rms: Number(rms[1]), peak: Number(peak[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('soundfont: the listing names the General MIDI presets of an SF2 and an SF3 by bank and program', async () => {
  const s = await store();
  const sf2 = await s.loadSoundFont('gm.sf2');
  assert.equal(sf2.format, 'sf2');
  const name = (f: typeof sf2, bank: number, program: number) => f.presets.find((p) => p.bank === bank && p.program === program)?.name;
  assert.equal(name(sf2, 0, 0), 'Piano 1');
  assert.ok(sf2.presets.filter((p) => p.bank === 0).length >= 128, `${sf2.presets.length} presets`);
  assert.ok(
    sf2.presets.some((p) => p.bank === 128),
    'a percussion preset at bank 128',
  );
  const sf3 = await s.loadSoundFont('gm.sf3');
  assert.equal(sf3.format, 'sf3');
  assert.equal(name(sf3, 0, 0), 'Grand Piano');
  assert.equal(name(sf3, 0, 40), 'Violin');
  // Sorted by bank, then program.
  const keys = sf3.presets.map((p) => p.bank * 128 + p.program);
  assert.deepEqual(
    keys,
    [...keys].sort((a, b) => a - b),
  );
});

test('soundfont: program 0 (piano) at A4 sounds 440 Hz (fft.js) at a sane level (sox), byte-identical twice', async () => {
  const notes: [number, number, number, number][] = [[69, 0, 1, 100]];
  const a = await render([zone('gm.sf2')], notes, 1);
  const hz = peakFrequency(a.left, Math.round(0.1 * RATE), 8192, RATE);
  assert.ok(Math.abs(hz - 440) < 4, `${hz.toFixed(1)} Hz`);
  const { rms, peak } = soxStat(a.wav, 1);
  const dbfs = 20 * Math.log10(peak);
  assert.ok(dbfs > -30 && dbfs < -1, `peak ${dbfs.toFixed(1)} dBFS, RMS ${rms}`);
  assert.ok(a.wav.equals((await render([zone('gm.sf2')], notes, 1)).wav), 'a second render differs');
});

test('soundfont: an SF3 (Vorbis samples) plays too: its piano at A4 sounds 440 Hz, byte-identical twice', async () => {
  const notes: [number, number, number, number][] = [[69, 0, 1, 100]];
  const a = await render([zone('gm.sf3')], notes, 1);
  const hz = peakFrequency(a.left, Math.round(0.1 * RATE), 8192, RATE);
  assert.ok(Math.abs(hz - 440) < 4, `${hz.toFixed(1)} Hz`);
  const dbfs = 20 * Math.log10(soxStat(a.wav, 1).peak);
  assert.ok(dbfs > -30 && dbfs < -1, `peak ${dbfs.toFixed(1)} dBFS`);
  assert.ok(a.wav.equals((await render([zone('gm.sf3')], notes, 1)).wav), 'a second render differs');
});

test('soundfont: zone key ranges split the keyboard, gain −6 dB is 6 dB lower (sox), tune +12 plays an octave up (fft.js)', async () => {
  const notes: [number, number, number, number][] = [[57, 0, 1, 100]];
  const plain = await render([zone('gm.sf2', { program: 0 })], notes, 0.5);
  const quieter = await render([zone('gm.sf2', { program: 0, gain_db: -6 })], notes, 0.5);
  const drop = 20 * Math.log10(soxStat(quieter.wav, 0.5).rms / soxStat(plain.wav, 0.5).rms);
  assert.ok(Math.abs(drop + 6) < 0.1, `gain −6 dB measured ${drop.toFixed(3)} dB`);
  const up = await render([zone('gm.sf2', { tune_semitones: 12 })], notes, 0.5);
  const hz = peakFrequency(up.left, Math.round(0.1 * RATE), 8192, RATE);
  assert.ok(Math.abs(hz - 440) < 4, `tune +12 from A3: ${hz.toFixed(1)} Hz`);
  // Keys below 60 to a bass preset's zone, the rest silent.
  const split = await render(
    [zone('gm.sf2', { key_high: 59, program: 33 })],
    [
      [45, 0, 1, 100],
      [81, 2, 1, 100],
    ],
    2,
  );
  const low = split.left.subarray(0, RATE / 2).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  const high = split.left.subarray(RATE, 2 * RATE).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  assert.ok(low > 0.01 && high === 0, `low ${low}, high ${high}`);
});

test('soundfont: a file that is not a SoundFont is refused with invalid_argument; an audio loader refuses a SoundFont', async () => {
  const s = await store();
  await assert.rejects(s.loadSoundFont('junk.sf2'), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'invalid_argument');
    assert.match(err.message, /junk.sf2 cannot be read as a SoundFont/);
    return true;
  });
  await assert.rejects(s.load('gm.sf2'), /"gm.sf2" is a SoundFont, not an audio sample/);
});

test('soundfont: zones check bank and program; audio samples take neither, SoundFont zones no loop', () => {
  assert.deepEqual(zone('gm.sf2'), { sample: 'gm.sf2', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, bank: 0, program: 0 });
  assert.equal(zone('x.SF3', { bank: 128, program: 0 }).bank, 128);
  assert.throws(() => checkZones([{ sample: 'gm.sf2', program: 128 }]), /zone program must be a whole number 0–127/);
  assert.throws(() => checkZones([{ sample: 'gm.sf2', bank: 129 }]), /zone bank must be a whole number 0–128/);
  assert.throws(() => checkZones([{ sample: 'a.wav', program: 1 }]), /bank and program choose a preset of a SoundFont/);
  assert.throws(() => checkZones([{ sample: 'gm.sf2', loop_start: 0, loop_end: 10 }]), /takes no loop_start or loop_end/);
});
