// Mono legato and glide (issue #28's first row, its second half). A one-voice instrument given a
// note that overlaps the held one moves that note's pitch instead of retriggering it, so the
// envelope runs on and nothing restarts from silence; the Poly Grid glides over its Glide time.
// Measured by sox and fft.js on the render, not by the engine: sox high-passes the render at
// 3 kHz around the change (a sine at 110–131 Hz has nothing there but the click) and reads its
// peak in dB below the render's own; fft.js reads the pitch along a glide.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SAMPLER_SAMPLES } from '../../../src/sound/audio/dsp/kit.js';
import { moduleByName } from '../../../src/sound/model/catalog.js';
import type { DeviceJson, GraphJson } from '../../../src/sound/model/components.js';
import { clip, dev, peakFrequency, project, render, rms, sine, soxStat, track } from './helpers.js';

const RATE = 48_000;
/** Beat 1.003 at 120 BPM: sample 24,072, mid-cycle of either note. */
const CHANGE = 1.003;
const CHANGE_SAMPLE = Math.round(CHANGE * RATE * 0.5);

const bass = (instrument: DeviceJson, notes: [number, number, number][], toBeat = 3) =>
  render(project([track('Bass', [instrument], [clip(0, 4, notes)])]), { fromBeat: 0, toBeat });

/** The click at a note change: the peak above 3 kHz from 50 ms before to 150 ms after, in dB below the render's peak (sox). */
function clickDb(r: ReturnType<typeof bass>): number {
  const peak = soxStat(r)['Maximum amplitude'];
  const at = CHANGE_SAMPLE / RATE - 0.05;
  const click = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', at.toFixed(4), '0.2'])['Maximum amplitude'];
  return 20 * Math.log10(click / peak);
}

const OVERLAP: [number, number, number][] = [
  [45, 0, 2],
  [48, CHANGE, 1],
];

test('legato: a one-voice Polysynth moves an overlapping note without retriggering; the change is below −80 dB (sox)', () => {
  const db = clickDb(bass(sine({ VOICES: 1 }), OVERLAP));
  assert.ok(db < -80, `legato change ${db.toFixed(1)} dB below the peak`);
});

test('legato: one-voice FM-4 and Organ slide too; the change is below −80 dB (sox)', () => {
  // FM-4 with its first modulators off, ratio 1 (its own spectrum ends far below 3 kHz on A2–C3)
  // and a 20 s decay: a near-sine whose strike would restart.
  for (const [name, d] of [
    ['FM-4', dev('FM-4', { VOICES: 1, MOD_1: 0, MOD_2: 0, RATIO: 1, ATTACK: 0, DECAY: 1 })],
    ['Organ', dev('Organ', { VOICES: 1 })],
  ] as const) {
    const db = clickDb(bass(d, OVERLAP));
    assert.ok(db < -80, `${name} legato change ${db.toFixed(1)} dB below the peak`);
  }
});

test('legato: a one-voice Sampler playing one sample at every key slides its rate; a kit drum still retriggers (sox)', () => {
  const db = clickDb(bass(dev('Sampler', { VOICES: 1, SAMPLE: SAMPLER_SAMPLES.indexOf('Sine Tone') }), OVERLAP));
  assert.ok(db < -80, `Sampler legato change ${db.toFixed(1)} dB below the peak`);
  // The kit by key (SAMPLE 0): an overlapping snare (38) over a kick (36) is struck, not slid: it sounds after the change.
  const r = bass(dev('Sampler', { VOICES: 1, SAMPLE: 0 }), [
    [36, 0, 2],
    [38, CHANGE, 1],
  ]);
  assert.ok(rms(r.left, CHANGE_SAMPLE, CHANGE_SAMPLE + 4800) > 0.01, 'the snare sounds');
});

test('legato: the envelope runs on through the change (a 50 ms attack does not start again)', () => {
  // Attack 50 ms (native 0.509 on the 0.1 ms–20 s scale): long over by the change at 0.5 s.
  const r = bass(sine({ VOICES: 1, ATTACK: 0.509 }), OVERLAP);
  const before = rms(r.left, CHANGE_SAMPLE - 960, CHANGE_SAMPLE);
  const after = rms(r.left, CHANGE_SAMPLE + 48, CHANGE_SAMPLE + 1008);
  assert.ok(Math.abs(20 * Math.log10(after / before)) < 0.5, `level ${(20 * Math.log10(after / before)).toFixed(2)} dB across the change`);
});

test('legato: releasing the newer key returns to the one still held, in the same note', () => {
  // A2 held to beat 2; A3 from 0.5 to 1. At 1.25 the voice plays A2 again, still at full level.
  const r = bass(sine({ VOICES: 1 }), [
    [45, 0, 2],
    [57, 0.5, 0.5],
  ]);
  const at = Math.round(1.25 * RATE * 0.5);
  const hz = peakFrequency(r.left, at, 4096, RATE);
  assert.ok(Math.abs(hz - 110) < 1, `${hz.toFixed(2)} Hz after the newer key's release`);
  assert.ok(Math.abs(20 * Math.log10(rms(r.left, at, at + 4096) / rms(r.left, 2000, 6096))) < 0.5);
});

const node = (name: string, x: number, params: Record<string, number> = {}) => ({ uuid: moduleByName(name).uuid, x, y: 0, params });
/** Sine × ADSR (the voice's gate) → Audio Out. */
const SINE_PATCH: GraphJson = {
  modules: [node('Sine', 0), node('ADSR', 1, { ATTACK: 0, DECAY: 0, SUSTAIN: 1, RELEASE: 0.2 }), node('Multiply', 2), node('Audio Out', 3)],
  modulators: [],
  connections: [
    [0, 0, 2, 0],
    [1, 0, 2, 1],
    [2, 0, 3, 0],
  ].map(([s, sp, t, tp]) => ({ source_kind: 'module' as const, source: s, source_port: sp, target: t, target_port: tp })),
};
const grid = (params: Record<string, number>): DeviceJson => ({ ...dev('Poly Grid', { OUTPUT: 0.3, ...params }), grid: SINE_PATCH });

test('glide: a one-voice Poly Grid glides legato over its Glide time, then holds the new pitch (fft.js)', () => {
  // Glide 10 % = 100 ms, A2 → A3 linearly in semitones: 51 st (155.6 Hz) halfway.
  const r = bass(grid({ VOICES: 1, GLIDE: 0.1 }), [
    [45, 0, 2],
    [57, CHANGE, 1],
  ]);
  const semis = (hz: number) => 12 * Math.log2(hz / 440) + 69;
  const at = (ms: number) => semis(peakFrequency(r.left, CHANGE_SAMPLE + Math.round((ms / 1000) * RATE) - 512, 1024, RATE));
  assert.ok(Math.abs(at(50) - 51) < 1, `${at(50).toFixed(2)} st halfway through the glide`);
  assert.ok(Math.abs(semis(peakFrequency(r.left, CHANGE_SAMPLE + 9600, 4096, RATE)) - 57) < 0.05, 'A3 after the glide');
  const db = clickDb(r);
  assert.ok(db < -60, `glide ${db.toFixed(1)} dB below the peak`);
});

test('glide: with voices to spare a new note starts at the last note’s pitch and glides from there', () => {
  const r = bass(grid({ GLIDE: 0.1 }), [
    [45, 0, 0.9],
    [57, CHANGE, 1],
  ]);
  const semis = (hz: number) => 12 * Math.log2(hz / 440) + 69;
  const start = semis(peakFrequency(r.left, CHANGE_SAMPLE + 480 - 512, 1024, RATE));
  assert.ok(start < 50, `${start.toFixed(2)} st 10 ms into the note`);
  assert.ok(Math.abs(semis(peakFrequency(r.left, CHANGE_SAMPLE + 9600, 4096, RATE)) - 57) < 0.05);
});
