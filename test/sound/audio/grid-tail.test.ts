// A Poly Grid voice lives until its tail decays (issue #28's voice-end row). A voice whose patch
// rings past its envelope — here through a Long Delay — was cut when the envelope ended, from
// an echo in full flow to silence in one sample. Measured by sox on the render, not by the
// engine: a 220 Hz sine and its echoes have nothing above 3 kHz but a click.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moduleByName } from '../../../src/sound/model/catalog.js';
import type { DeviceJson, GraphJson } from '../../../src/sound/model/components.js';
import { clip, dev, project, render, rms, soxStat, track } from './helpers.js';

const RATE = 48_000;
const node = (name: string, x: number, params: Record<string, number> = {}) => ({ uuid: moduleByName(name).uuid, x, y: 0, params });

const cords = (list: number[][]) => list.map(([s, sp, t, tp]) => ({ source_kind: 'module' as const, source: s, source_port: sp, target: t, target_port: tp }));
// Sine × ADSR (the voice's gate, 13 ms attack and release); TIME native 0.6193 on the 1 ms–10 s scale: 300 ms.
const VOICE = [node('Sine', 0), node('ADSR', 1, { ATTACK: 0.4, DECAY: 0, SUSTAIN: 1, RELEASE: 0.4 }), node('Multiply', 2)];
const delay = (feedback: number) => node('Long Delay', 3, { TIME: 0.6193, FEEDBACK: feedback, MIX: 0.5 });

/** The voice → Long Delay (300 ms) → Audio Out, all in the Poly Grid voice. */
const echo = (feedback: number): DeviceJson[] => [
  {
    ...dev('Poly Grid', { OUTPUT: 0.3 }),
    grid: {
      modules: [...VOICE, delay(feedback), node('Audio Out', 4)],
      modulators: [],
      connections: cords([
        [0, 0, 2, 0],
        [1, 0, 2, 1],
        [2, 0, 3, 0],
        [3, 0, 4, 0],
      ]),
    } satisfies GraphJson,
  },
];

/** The same sound from the voice without the delay, then the same Long Delay in an FX Grid (which never stops a note). */
const reference = (feedback: number): DeviceJson[] => [
  {
    ...dev('Poly Grid', { OUTPUT: 0.3 }),
    grid: {
      modules: [...VOICE, node('Audio Out', 3)],
      modulators: [],
      connections: cords([
        [0, 0, 2, 0],
        [1, 0, 2, 1],
        [2, 0, 3, 0],
      ]),
    },
  },
  {
    ...dev('FX Grid'),
    grid: {
      modules: [node('Audio In', 0), delay(feedback), node('Audio Out', 4)],
      modulators: [],
      connections: cords([
        [0, 0, 1, 0],
        [1, 0, 2, 0],
      ]),
    },
  },
];

// A3 for a quarter beat (125 ms at 120 BPM).
const play = (chain: DeviceJson[], seconds: number) => render(project([track('Echo', chain, [clip(0, 4, [[57, 0, 0.25]])])]), { seconds });
const window = (x: Float32Array, s: number, e: number) => rms(x, Math.round(s * RATE), Math.round(e * RATE));

test('grid tail: a voice rings on through its Long Delay after its envelope ends, as an FX Grid delay does (sox)', () => {
  const r = play(echo(0.5), 3);
  // The echoes 0.3 s and 0.6 s after the note sound (its envelope ended at ~0.15 s).
  assert.ok(window(r.left, 0.32, 0.4) > 0.01, `first echo ${window(r.left, 0.32, 0.4).toExponential(2)}`);
  assert.ok(window(r.left, 0.62, 0.7) > 0.005, 'second echo');
  // What the voice's end did: the render minus the same echoes from an FX Grid; whole band and above 3 kHz.
  const ref = play(reference(0.5), 3);
  const diff = { ...r, left: r.left.map((x, i) => x - ref.left[i]), right: r.right.map((x, i) => x - ref.right[i]) };
  const peak = soxStat(ref)['Maximum amplitude'];
  const db = (x: number) => 20 * Math.log10(x / peak);
  const whole = db(soxStat(diff)['Maximum amplitude']);
  const click = db(soxStat(diff, ['highpass', '3000', 'highpass', '3000'])['Maximum amplitude']);
  assert.ok(whole < -80 && click < -80, `voice end: ${whole.toFixed(1)} dB, ${click.toFixed(1)} dB above 3 kHz, below the peak`);
});

test('grid tail: the voice ends once its echoes fall below −90 dBFS, and the track goes silent', () => {
  // Feedback 50 %: −90 dB after 15 echoes (4.5 s); the voice then waits 600 ms of silence.
  const r = play(echo(0.5), 7);
  assert.ok(window(r.left, 6, 7) === 0, 'nothing after the tail');
});

test('grid tail: a self-oscillating patch (Feedback 100 %) stops at the 10 s cap, faded (sox)', () => {
  const r = play(echo(1), 12);
  assert.ok(window(r.left, 9.5, 9.9) > 0.001, 'still ringing before the cap');
  assert.ok(window(r.left, 10.3, 12) === 0, 'silent after the cap');
  const peak = soxStat(r)['Maximum amplitude'];
  const click = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', '9.5', '1'])['Maximum amplitude'];
  assert.ok(20 * Math.log10(click / peak) < -60, `cap ${(20 * Math.log10(click / peak)).toFixed(1)} dB`);
});
