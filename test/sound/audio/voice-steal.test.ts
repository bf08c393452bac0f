// A stolen voice fades out instead of stopping mid-cycle (issue #28's first row). The click is
// measured by sox, not by the engine: a one-voice render minus the same notes with voices to spare
// leaves only what the steal did to the old note; sox high-passes that at 3 kHz around the steal
// and reads its peak, in dB below the render's own. A cut sine is a step, broadband (−17 dB before
// this fade); a 5 ms raised-cosine fade leaves nothing a listener hears.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfflineRender } from '../../../src/sound/audio/offline.js';
import { clip, project, render, sine, soxStat, spectrum, track } from './helpers.js';

const stealAt = (voices: number, notes: [number, number, number][], toBeat: number, release = 0.2): OfflineRender =>
  render(project([track('Bass', [sine({ VOICES: voices, RELEASE: release })], [clip(0, 4, notes)])]), { fromBeat: 0, toBeat });

test('voice steal: a two-voice sine given a third note fades the oldest out; the click is below −70 dB (sox)', () => {
  // A2 held for two beats, E3 from beat 0.5; C3 starts while both sound (beat 1.003 = 0.5015 s at
  // 120 BPM, mid-cycle) and steals A2. (One voice would play C3 legato: legato.test.ts.)
  const notes: [number, number, number][] = [
    [45, 0, 2],
    [52, 0.5, 2],
    [48, 1.003, 1],
  ];
  const mono = stealAt(2, notes, 3);
  const spare = stealAt(8, notes, 3);
  const steal: OfflineRender = { ...mono, left: mono.left.map((x, i) => x - spare.left[i]), right: mono.right.map((x, i) => x - spare.right[i]) };
  const peak = soxStat(spare)['Maximum amplitude'];
  // The old note is gone from the mono render: the difference is that note, as loud as it was.
  assert.ok(soxStat(steal)['Maximum amplitude'] > peak / 4);
  // Above 3 kHz, from 50 ms before the steal to 150 ms after (before A2's own note-off at 1 s).
  const click = soxStat(steal, ['highpass', '3000', 'highpass', '3000', 'trim', '0.45', '0.2'])['Maximum amplitude'];
  const db = 20 * Math.log10(click / peak);
  assert.ok(db < -70, `steal click ${db.toFixed(1)} dB below the peak`);
});

test('voice steal: 10 ms after the steal only the new note sounds', () => {
  // A2 released at beat 0.9 still rings at beat 1 (Release 0.6 = 152 ms): A3 on the one voice
  // steals it, not legato, as A2's key is up.
  const r = stealAt(
    1,
    [
      [45, 0, 0.9],
      [57, 1, 1],
    ],
    2,
    0.6,
  );
  // Beat 1 is sample 24,000; 10 ms on, A3 (220 Hz) sounds and A2 (110 Hz) has faded out.
  const size = 8192;
  const bin = (hz: number) => Math.round((hz * size) / r.sampleRate);
  const mag = spectrum(r.left, 24_000 + 480, size);
  assert.ok(mag[bin(220)] > 100 * mag[bin(110)], `A3 ${mag[bin(220)].toFixed(1)} vs A2 ${mag[bin(110)].toFixed(1)}`);
});
