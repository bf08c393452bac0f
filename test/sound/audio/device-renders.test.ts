// Pinned reference renders, one per catalog device: a fixed two-second phrase through the device
// at its defaults (an instrument plays it; an effect hears a Polysynth play it; a note effect
// feeds a Polysynth), rendered offline. Each render is pinned twice in device-renders.json: the
// SHA-256 of its 24-bit WAV (any change in sound at all) and its energy in ten octave bands by
// fft.js with its peak (how much it changed: ±0.5 dB). A change made on purpose is re-pinned with
// UPDATE_DEVICE_RENDERS=1 and shows in the diff of the JSON.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { deviceDef } from '../../../src/sound/audio/dsp/device-table.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { DEVICES, moduleByName } from '../../../src/sound/model/catalog.js';
import type { DeviceJson, GraphJson } from '../../../src/sound/model/components.js';
import { clip, dev, project, render, spectrum, track } from './helpers.js';

const PINS = new URL('./device-renders.json', import.meta.url);
const UPDATE = process.env.UPDATE_DEVICE_RENDERS === '1';
const TOLERANCE_DB = 0.5;
/** Octave bands' lower edges (Hz): 31.5 Hz to 16 kHz. */
const BANDS = [22, 44, 88, 177, 355, 710, 1420, 2840, 5680, 11360, 22720];

interface Pin {
  readonly sha256: string;
  readonly peak_db: number;
  /** Energy per octave band, dB relative to full scale (−120 floor). */
  readonly bands_db: number[];
}

// A chord, then a falling line and a held low note: onsets, overlaps, a range of pitches.
const PHRASE = clip(0, 4, [
  [60, 0, 1, 100],
  [64, 0, 1, 90],
  [67, 0, 1, 80],
  [72, 1, 0.5, 110],
  [69, 1.5, 0.5, 70],
  [65, 2, 0.5, 100],
  [48, 2.5, 1.5, 100],
]);

// The kit by the GM drum map: kick, hats, snare, a tom and a crash.
const BEAT = clip(0, 4, [
  [36, 0, 0.5, 110],
  [42, 0.5, 0.25, 80],
  [38, 1, 0.5, 100],
  [46, 1.5, 0.5, 90],
  [45, 2, 0.5, 100],
  [36, 2.5, 0.5, 110],
  [49, 3, 1, 90],
]);

const node = (name: string, x: number) => ({ uuid: moduleByName(name).uuid, x, y: 0, params: {} });
const cords = (list: number[][]) => list.map(([s, sp, t, tp]) => ({ source_kind: 'module' as const, source: s, source_port: sp, target: t, target_port: tp }));

/** The Grids' fixed patches: a subtractive voice (saw → low-pass → × envelope) and a filter on the input. */
const GRIDS: Record<string, GraphJson> = {
  'Poly Grid': {
    modules: [node('Sawtooth', 0), node('SVF', 1), node('ADSR', 2), node('Multiply', 3), node('Audio Out', 4)],
    modulators: [],
    connections: cords([
      [0, 0, 1, 0],
      [1, 0, 3, 0],
      [2, 0, 3, 1],
      [3, 0, 4, 0],
    ]),
  },
  'FX Grid': {
    modules: [node('Audio In', 0), node('SVF', 1), node('Audio Out', 2)],
    modulators: [],
    connections: cords([
      [0, 0, 1, 0],
      [1, 0, 2, 0],
    ]),
  },
};

function deviceTrack(name: string) {
  const def = deviceDef(name);
  assert.ok(def !== undefined, name);
  // The Poly Grid's voices sum without a mixer: its output at 0.3 keeps the chord unclipped.
  const d: DeviceJson = { ...dev(name, name === 'Poly Grid' ? { OUTPUT: 0.3 } : {}), ...(GRIDS[name] === undefined ? {} : { grid: GRIDS[name] }) };
  const devices = def.kind === 'instrument' ? [d] : def.kind === 'note_effect' ? [d, dev('Polysynth')] : [dev('Polysynth'), d];
  return track(name, devices, [name === 'Sampler' ? BEAT : PHRASE]);
}

function measure(name: string): Pin {
  const r = render(project([deviceTrack(name)]), { seconds: 2 });
  const wav = encodeWav24([r.left, r.right], r.sampleRate);
  const mono = wav.written[0].map((v, i) => (v + wav.written[1][i]) / 2);
  const size = 8192;
  const power = new Float64Array(size / 2);
  let frames = 0;
  for (let at = 0; at + size <= mono.length; at += size / 2, frames++) {
    const mag = spectrum(mono, at, size);
    for (let k = 0; k < mag.length; k++) power[k] += mag[k] * mag[k];
  }
  const db = (p: number) => Math.max(-120, Number((10 * Math.log10(p / frames / (size / 4) ** 2 + 1e-30)).toFixed(2)));
  const bands_db = BANDS.slice(0, -1).map((lo, b) => {
    let p = 0;
    for (let k = Math.ceil((lo * size) / r.sampleRate); k < Math.min(power.length, (BANDS[b + 1] * size) / r.sampleRate); k++) p += power[k];
    return db(p);
  });
  const peak = Math.max(...wav.written.map((ch) => ch.reduce((m, v) => Math.max(m, Math.abs(v)), 0)));
  return { sha256: createHash('sha256').update(wav.bytes).digest('hex'), peak_db: Number((20 * Math.log10(peak + 1e-30)).toFixed(2)), bands_db };
}

test('every catalog device renders its pinned reference: the same spectrum within 0.5 dB, and the same bytes', () => {
  const measured = Object.fromEntries(DEVICES.map((d) => [d.name, measure(d.name)]));
  if (UPDATE) {
    // One device a line, so a re-pin's diff names the devices whose sound changed.
    const lines = Object.entries(measured).map(([name, pin]) => `  ${JSON.stringify(name)}: ${JSON.stringify(pin)}`);
    writeFileSync(PINS, `{\n${lines.join(',\n')}\n}\n`);
    return;
  }
  const pins = JSON.parse(readFileSync(PINS, 'utf8')) as Record<string, Pin>;
  assert.deepEqual(Object.keys(measured).sort(), Object.keys(pins).sort(), 'one pin per catalog device (UPDATE_DEVICE_RENDERS=1 pins new ones)');
  for (const [name, m] of Object.entries(measured)) {
    const pin = pins[name];
    assert.ok(m.peak_db > -60, `${name} sounds (${m.peak_db} dBFS)`);
    const moved = m.bands_db
      .map((v, b) => `${BANDS[b]} Hz ${(v - pin.bands_db[b]).toFixed(2)} dB`)
      .filter((_, b) => Math.abs(m.bands_db[b] - pin.bands_db[b]) > TOLERANCE_DB);
    assert.deepEqual(moved, [], `${name}: its sound changed beyond ±${TOLERANCE_DB} dB in some octaves`);
    assert.ok(Math.abs(m.peak_db - pin.peak_db) <= TOLERANCE_DB, `${name}: peak ${pin.peak_db} → ${m.peak_db} dBFS`);
    assert.equal(m.sha256, pin.sha256, `${name}: its render changed (within the spectral tolerance); if on purpose, re-pin with UPDATE_DEVICE_RENDERS=1`);
  }
});
