// The Reverb is a reverb worth its name (issue #28): its decay is the Room Size, its tail has no
// metallic ring, it runs at the full rate (no images of a 15 kHz sine), and its highs ring as
// long as the Damping says. Measured outside the engine: Schroeder integration, fft.js, sox.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageDb, impulse, renderReverb, rt60, sine15k, soxBand, tailRipple } from './reverb-measures.js';

test('Reverb: the RT60 (Schroeder, T30) is the Room Size within 4 % from 200 ms, and below 500 Hz when damped', () => {
  for (const size of [200, 1000, 3000]) {
    const [left, right] = renderReverb({ SIZE: size, DAMPING: 0 }, impulse, (size / 1000) * 1.6);
    for (const [side, x] of [
      ['left', left],
      ['right', right],
    ] as const) {
      const measured = rt60(x);
      assert.ok(Math.abs(measured / (size / 1000) - 1) < 0.04, `Room Size ${size} ms, ${side}: RT60 ${measured.toFixed(3)} s`);
    }
    // Damping shortens the highs only: below 500 Hz the decay is still the Room Size (a 200 ms
    // tail has too few modes there to measure a band's decay to 4 %).
    if (size < 1000) continue;
    const [damped] = renderReverb({ SIZE: size, DAMPING: 0.6 }, impulse, (size / 1000) * 1.6);
    const low = rt60(soxBand(damped, 60, 500));
    assert.ok(Math.abs(low / (size / 1000) - 1) < 0.04, `Room Size ${size} ms, Damping 60 %, 60–500 Hz: RT60 ${low.toFixed(3)} s`);
  }
});

test('Reverb: the late tail has no metallic ring: spectral ripple at most 6 dB (Csound reverbsc: 5.4)', () => {
  for (const [size, damping] of [
    [600, 0.4],
    [2000, 0],
    [2000, 0.4],
  ]) {
    const [left, right] = renderReverb({ SIZE: size, DAMPING: damping }, impulse, 1);
    for (const x of [left, right]) {
      const ripple = tailRipple(x);
      assert.ok(ripple <= 6, `Room Size ${size} ms, Damping ${damping}: ripple ${ripple.toFixed(2)} dB`);
    }
  }
});

test('Reverb: a 15 kHz sine leaves no image below 12 kHz above −80 dB (the half-rate tank put one at 9 kHz, +7 dB)', () => {
  for (const damping of [0, 0.4]) {
    const [left, right] = renderReverb({ SIZE: 1000, DAMPING: damping }, sine15k, 2);
    for (const x of [left, right]) {
      const { db, hz } = imageDb(x);
      assert.ok(db < -80, `Damping ${damping}: ${db.toFixed(1)} dB at ${hz.toFixed(0)} Hz`);
    }
  }
});

test('Reverb: with Damping 0 the 12–16 kHz band rings as long as the Room Size; Damping shortens it step by step', () => {
  const size = 1500;
  const band = (damping: number): number => rt60(soxBand(renderReverb({ SIZE: size, DAMPING: damping }, impulse, 2.5)[0], 12000, 16000));
  const [open, some, half, full] = [0, 0.2, 0.5, 1].map(band);
  assert.ok(open > 0.85 * (size / 1000), `Damping 0: 12–16 kHz RT60 ${open.toFixed(3)} s`);
  assert.ok(
    some < 0.95 * open && half < 0.8 * some && full < 0.6 * half,
    `RT60 at 12–16 kHz by Damping 0/0.2/0.5/1: ${[open, some, half, full].map((t) => t.toFixed(3))}`,
  );
  assert.ok(full < 0.25 * (size / 1000), `Damping 100 %: ${full.toFixed(3)} s`);
});

test('Reverb renders the same samples every time (its delays swing on fixed sines, no randomness)', () => {
  const a = renderReverb({ SIZE: 800, DAMPING: 0.3 }, sine15k, 0.5)[0];
  const b = renderReverb({ SIZE: 800, DAMPING: 0.3 }, sine15k, 0.5)[0];
  assert.deepEqual(a, b);
});
