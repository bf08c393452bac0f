// Stereo samples keep their image, and zone loops may crossfade (issue #28, "your own sounds"): a stereo file in a Sampler zone or
// in an audio clip plays its left channel on the left and its right on the right, where both were
// mixed to mono before; a mono file still plays alike on both sides. The files are made by sox
// (440 Hz on the left, 660 Hz on the right, at 44.1 kHz); fft.js reads each side's spectrum.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { renderOffline, type OfflineRender } from '../../../src/sound/audio/offline.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import type { DeviceJson, TrackJson } from '../../../src/sound/model/components.js';
import { SampleFolder } from '../../../src/sound/samples/folder.js';
import { SampleStore } from '../../../src/sound/samples/store.js';
import { checkZones } from '../../../src/sound/model/sample-zones.js';
import { clip, dev, project, rms, soxStat, spectrum, track } from '../audio/helpers.js';

const RATE = 48_000;
const SIZE = 16_384;
let root: string;
let folder: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'footlight-stereo-'));
  folder = join(root, 'samples');
  mkdirSync(folder);
  execFileSync('sox', ['-n', '-r', '44100', '-c', '2', '-b', '16', join(folder, 'wide.wav'), 'synth', '3', 'sine', '440', 'sine', '660', 'gain', '-6']);
  execFileSync('sox', ['-n', '-r', '44100', '-c', '1', '-b', '16', join(folder, 'mono.wav'), 'synth', '3', 'sine', '440', 'gain', '-6']);
});

after(() => rmSync(root, { recursive: true, force: true }));

async function render(tracks: TrackJson[], ...paths: string[]): Promise<OfflineRender> {
  const store = new SampleStore(await SampleFolder.open(folder));
  for (const p of paths) await store.load(p);
  const r = renderOffline(buildPlan(project(tracks), store), { seconds: 1.5 });
  assert.deepEqual(r.notRendered, []);
  return r;
}

/** A side's level at `hz` in dB relative to its strongest bin, over 16,384 samples from 0.5 s. */
function levelAt(x: Float32Array, hz: number): number {
  const s = spectrum(x, RATE / 2, SIZE);
  const peak = s.reduce((m, v) => Math.max(m, v), 0);
  const bin = Math.round((hz * SIZE) / RATE);
  const near = Math.max(s[bin - 1], s[bin], s[bin + 1]);
  return 20 * Math.log10(near / peak);
}

/** 440 Hz on the left only and 660 Hz on the right only: each side's other tone 60 dB down or more. */
function assertImage(r: OfflineRender, what: string): void {
  assert.ok(levelAt(r.left, 440) > -1, `${what}: 440 Hz leads the left`);
  assert.ok(levelAt(r.right, 660) > -1, `${what}: 660 Hz leads the right`);
  assert.ok(levelAt(r.left, 660) < -60, `${what}: 660 Hz on the left at ${levelAt(r.left, 660).toFixed(1)} dB`);
  assert.ok(levelAt(r.right, 440) < -60, `${what}: 440 Hz on the right at ${levelAt(r.right, 440).toFixed(1)} dB`);
}

const sampler = (sample: string, params: Record<string, number> = {}): DeviceJson => ({
  ...dev('Sampler', params),
  zones: [{ sample, key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60 }],
});

test('a stereo sample in a Sampler zone plays left on the left and right on the right; through its low-pass both sides are filtered', async () => {
  const open = await render([track('Keys', [sampler('wide.wav')], [clip(0, 4, [[60, 0, 4]])])], 'wide.wav');
  assertImage(open, 'Sampler');
  // Cutoff low (native 0.3): each side through its own filter, both quieter than open.
  const dark = await render([track('Keys', [sampler('wide.wav', { CUTOFF: 0.3 })], [clip(0, 4, [[60, 0, 4]])])], 'wide.wav');
  assertImage(dark, 'Sampler, filtered');
  for (const side of ['left', 'right'] as const) assert.ok(rms(dark[side]) < 0.7 * rms(open[side]), `${side} filtered`);
});

test('a stereo sample in an audio clip keeps its image; a mono one plays alike on both sides', async () => {
  const audio = (sample: string) => ({
    name: 'Take',
    start: 0,
    length: 4,
    loop_enabled: false,
    loop_start: 0,
    loop_length: 4,
    notes: [],
    audio: { sample },
  });
  const tape = (sample: string): TrackJson => track('Tape', [], [audio(sample)], { type: 'audio' });
  assertImage(await render([tape('wide.wav')], 'wide.wav'), 'audio clip');
  const mono = await render([tape('mono.wav')], 'mono.wav');
  assert.ok(rms(mono.left) > 0.1);
  assert.deepEqual(mono.left, mono.right);
});

test('a zone loop whose ends do not meet clicks at every wrap; loop_crossfade blends them: below −90 dB (sox)', async () => {
  // 110.25 Hz at 44.1 kHz is 400 frames a period (low enough that the tone itself reads under −100 dB
  // above 3 kHz); a loop of 4,600 frames ends half a period off its start.
  execFileSync('sox', ['-n', '-r', '44100', '-c', '1', '-b', '24', join(folder, 'tone.wav'), 'synth', '3', 'sine', '110.25', 'gain', '-6']);
  const zone = (extra: Record<string, number>): DeviceJson => ({
    ...dev('Sampler'),
    zones: [{ sample: 'tone.wav', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, loop_start: 4400, loop_end: 9000, ...extra }],
  });
  // Held 2.4 s (the file is 3 s): the loop (0.1 s) wraps about 20 times; the first wrap is at 0.2 s.
  const held = async (extra: Record<string, number>) => {
    const store = new SampleStore(await SampleFolder.open(folder));
    await store.load('tone.wav');
    return renderOffline(buildPlan(project([track('Keys', [zone(extra)], [clip(0, 4.8, [[60, 0, 4.8]])])]), store), { seconds: 2.2 });
  };
  const clickDb = (r: OfflineRender) => {
    const peak = soxStat(r, ['trim', '0.3', '1.5'])['Maximum amplitude'];
    return 20 * Math.log10(soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', '0.3', '1.5'])['Maximum amplitude'] / peak);
  };
  const plain = clickDb(await held({}));
  const blended = clickDb(await held({ loop_crossfade: 2000 }));
  assert.ok(plain > -60, `without a crossfade the wrap clicks: ${plain.toFixed(1)} dB`);
  assert.ok(blended < -90, `with 2,000 frames: ${blended.toFixed(1)} dB`);
  assert.throws(() => checkZones([{ sample: 'tone.wav', loop_crossfade: 10 }]), /loop_crossfade needs a loop/);
  assert.throws(() => checkZones([{ sample: 'tone.wav', loop_start: 100, loop_end: 400, loop_crossfade: 101 }]), /loop_crossfade must be a whole number 0–100/);
});
