// Device parameters that move while sound plays do not click (issue #28's second row, its device
// half): a Delay+ time change crossfades between the old and new tap, and effect mixes move over
// 10 ms sample by sample. The moves reach the engine between two blocks, as a live edit does;
// sox measures the render high-passed at 3 kHz around each move, in dB below the peak (an A2
// sine and its echoes have nothing there but a click).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import type { PlanParams, RenderPlan } from '../../../src/sound/audio/dsp/plan.js';
import type { OfflineRender } from '../../../src/sound/audio/offline.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { SAMPLER_SAMPLES } from '../../../src/sound/audio/dsp/kit.js';
import { moduleByName } from '../../../src/sound/model/catalog.js';
import type { DeviceJson } from '../../../src/sound/model/components.js';
import { clip, dev, project, renderBlocks, sine, clickDb, soxStat, track } from './helpers.js';

const RATE = 48000;

/** An FX Grid gets a patch that changes the sound: Audio In → SVF low-pass (20 Hz–20 kHz native 0.3: 159 Hz) → Audio Out. */
function withGrid(d: DeviceJson): DeviceJson {
  if (d.name !== 'FX Grid') return d;
  const node = (name: string, x: number, params: Record<string, number> = {}) => ({ uuid: moduleByName(name).uuid, x, y: 0, params });
  const cord = (source: number, target: number) => ({ source_kind: 'module' as const, source, source_port: 0, target, target_port: 0 });
  return {
    ...d,
    grid: { modules: [node('Audio In', 0), node('SVF', 1, { CUTOFF: 0.3 }), node('Audio Out', 2)], modulators: [], connections: [cord(0, 1), cord(1, 2)] },
  };
}

/**
 * Renders an A2 sine held for eight beats into `effect` (or, with `effect` null, the sine
 * `instrument` alone); `moves` change the effect's (or the instrument's) parameters between blocks
 * at their times (s).
 */
function renderWithMoves(
  effect: DeviceJson | null,
  moves: [seconds: number, move: (p: PlanParams) => void][],
  seconds: number,
  instrument: DeviceJson = sine(),
  gridNode?: number,
): OfflineRender {
  const chain = effect === null ? [instrument] : [instrument, effect];
  const plan: RenderPlan = buildPlan(project([track('Bass', chain, [clip(0, 8, [[45, 0, 8]])])]));
  const device = plan.tracks[0].devices[chain.length - 1];
  // With `gridNode`, the moves change that module of the device's Grid patch.
  const params = gridNode === undefined ? device.p : device.grid!.nodes[gridNode].p;
  return renderBlocks(
    new AudioEngine(plan, RATE),
    RATE,
    seconds,
    moves.map(([at, move]) => [at, () => move(params)]),
  );
}

test('Delay+: a time change while echoes play crossfades to the new tap: no click above −80 dB (sox)', () => {
  // 250 ms (native 0.6657 on the 1 ms–4 s scale) → 400 ms at 1 s, → 130 ms at 2 s.
  const r = renderWithMoves(
    dev('Delay+', { TIME: 0.6657, FEEDBACK: 0.3, MIX: 0.5 }),
    [
      [1, (p) => (p.TIME = 400)],
      [2, (p) => (p.TIME = 130)],
    ],
    2.5,
  );
  for (const at of [1, 2]) {
    const db = clickDb(r, at);
    assert.ok(db < -80, `time change at ${at} s: ${db.toFixed(1)} dB`);
  }
});

for (const [name, params] of [
  ['Delay+', { TIME: 0.6657, FEEDBACK: 0.3, MIX: 0.2 }],
  ['Distortion', { DRIVE: 0, MIX: 0.2 }],
  ['Filter+', { CUTOFF: 0.3, MIX: 0.2 }],
  ['Chorus+', { MIX: 0.2 }],
  ['FX Grid', { MIX: 0.2 }],
  ['Reverb', { MIX: 0.2 }],
] as const) {
  test(`${name}: a Mix jump while sound plays moves over 10 ms: no click above −80 dB (sox)`, () => {
    const r = renderWithMoves(withGrid(dev(name, params)), [[1, (p) => (p.MIX = 0.9)]], 1.3);
    const db = clickDb(r, 1);
    assert.ok(db < -80, `${name} mix at 1 s: ${db.toFixed(1)} dB`);
  });
}

test('Distortion: a Drive and a Tone jump while sound plays move over 10 ms: no click above −80 dB (sox)', () => {
  // A quiet sine, so the clipper stays near linear and the drive jump is a gain step; Tone in Hz.
  const r = renderWithMoves(
    dev('Distortion', { DRIVE: 0, TONE: 0.3, MIX: 1 }),
    [
      [1, (p) => (p.DRIVE = 6)],
      [1.5, (p) => (p.TONE = 2000)],
    ],
    1.8,
    sine({ OUTPUT: 0.05 }),
  );
  for (const at of [1, 1.5]) {
    const db = clickDb(r, at);
    assert.ok(db < -80, `Distortion move at ${at} s: ${db.toFixed(1)} dB`);
  }
});

test('Delay+ Feedback and Chorus+ Depth: a jump while sound plays moves over 10 ms: no click above −80 dB (sox)', () => {
  // A feedback change is heard one delay (250 ms) after it, when the scaled echo comes round.
  const cases = [
    ['Delay+', { TIME: 0.6657, FEEDBACK: 0.2, MIX: 0.5 }, (p: PlanParams) => (p.FEEDBACK = 0.8), 1.45],
    ['Chorus+', { DEPTH: 0.1, MIX: 0.5 }, (p: PlanParams) => (p.DEPTH = 0.9), 1.2],
  ] as const;
  for (const [name, params, move, heard] of cases) {
    const r = renderWithMoves(dev(name, params), [[1.2, move]], 1.7);
    const db = clickDb(r, heard);
    assert.ok(db < -80, `${name} at ${heard} s: ${db.toFixed(1)} dB`);
  }
});

// Plan values are physical: cutoffs and EQ frequencies in Hz, EQ gains in dB, resonance 0–1.
test('Filter+ and the Polysynth: a cutoff and a resonance jump move over 10 ms: no click above −80 dB (sox)', () => {
  const moves: [number, (p: PlanParams) => void][] = [
    [1, (p) => (p.CUTOFF = 400)],
    [1.5, (p) => (p.RESONANCE = 0.8)],
    [2, (p) => (p.CUTOFF = 150)],
  ];
  // Cutoff 100 Hz (native 0.233 on the 20 Hz–20 kHz scale), low-pass, under the 110 Hz sine.
  const filter = renderWithMoves(dev('Filter+', { CUTOFF: 0.233, RESONANCE: 0.2 }), moves, 2.3);
  const synth = renderWithMoves(null, moves, 2.3, sine({ CUTOFF: 0.233, RESONANCE: 0.2 }));
  for (const [name, r] of [
    ['Filter+', filter],
    ['Polysynth', synth],
  ] as const)
    for (const at of [1, 1.5, 2]) {
      const db = clickDb(r, at);
      assert.ok(db < -80, `${name} at ${at} s: ${db.toFixed(1)} dB`);
    }
});

test('EQ+: a band switched on from 0 dB and its frequency moved move over 10 ms: no click above −80 dB (sox)', () => {
  // Mid band at 150 Hz: 0 → +12 dB at 1 s, → 300 Hz at 1.5 s, → −12 dB at 2 s.
  const r = renderWithMoves(
    dev('EQ+', { MID_FREQ: 0.2747 }),
    [
      [1, (p) => (p.MID_GAIN = 12)],
      [1.5, (p) => (p.MID_FREQ = 300)],
      [2, (p) => (p.MID_GAIN = -12)],
    ],
    2.3,
  );
  for (const at of [1, 1.5, 2]) {
    const db = clickDb(r, at);
    assert.ok(db < -80, `EQ+ at ${at} s: ${db.toFixed(1)} dB`);
  }
});

test('Sampler: a playing note’s low-pass follows the cutoff, moving over 10 ms, even to fully open: no click above −80 dB (sox)', () => {
  // The Sine Tone (looped) at A2, under a 100 Hz low-pass: → 400 Hz at 1 s, → 20 kHz (open) at 1.5 s.
  const r = renderWithMoves(
    null,
    [
      [1, (p) => (p.CUTOFF = 400)],
      [1.5, (p) => (p.CUTOFF = 20000)],
    ],
    1.8,
    dev('Sampler', { SAMPLE: SAMPLER_SAMPLES.indexOf('Sine Tone'), CUTOFF: 0.233 }),
  );
  for (const at of [1, 1.5]) {
    const db = clickDb(r, at);
    assert.ok(db < -80, `Sampler cutoff at ${at} s: ${db.toFixed(1)} dB`);
  }
  // The move reached the playing note: 110 Hz passes a 400 Hz low-pass louder than a 100 Hz one.
  const level = (s: number) =>
    soxStat({ ...r, left: r.left.slice(s * RATE, (s + 0.2) * RATE), right: r.right.slice(s * RATE, (s + 0.2) * RATE) })['RMS amplitude'];
  assert.ok(level(1.2) > 1.3 * level(0.7), `${level(0.7).toFixed(4)} → ${level(1.2).toFixed(4)}`);
});

for (const filter of ['SVF', 'Low-pass LD']) {
  test(`Poly Grid: its ${filter} module's own cutoff and resonance move over 10 ms: no click above −80 dB (sox)`, () => {
    // Sine → the filter (100 Hz, native 0.233) → Audio Out at 0.3; no envelope, the note is held throughout.
    const node = (name: string, x: number, params: Record<string, number> = {}) => ({ uuid: moduleByName(name).uuid, x, y: 0, params });
    const cord = (source: number, target: number) => ({ source_kind: 'module' as const, source, source_port: 0, target, target_port: 0 });
    const grid = {
      ...dev('Poly Grid', { OUTPUT: 0.3 }),
      grid: {
        modules: [node('Sine', 0), node(filter, 1, { CUTOFF: 0.233, RESONANCE: 0.2 }), node('Audio Out', 2)],
        modulators: [],
        connections: [cord(0, 1), cord(1, 2)],
      },
    };
    const r = renderWithMoves(
      null,
      [
        [1, (p) => (p.CUTOFF = 400)],
        [1.5, (p) => (p.RESONANCE = 0.8)],
        [2, (p) => (p.CUTOFF = 150)],
      ],
      2.3,
      grid,
      1,
    );
    for (const at of [1, 1.5, 2]) {
      const db = clickDb(r, at);
      assert.ok(db < -80, `${filter} at ${at} s: ${db.toFixed(1)} dB`);
    }
  });
}

test('Output gains and the Tool: a gain, pan or width jump moves over 10 ms: no click above −80 dB (sox)', () => {
  const cases: [string, DeviceJson, (p: PlanParams) => void][] = [
    ['EQ+ Output', dev('EQ+'), (p) => (p.OUTPUT = 0.25)],
    ['Distortion Output', dev('Distortion', { DRIVE: 0 }), (p) => (p.OUTPUT = 0.25)],
    ['FX Chain Output', dev('FX Chain'), (p) => (p.OUTPUT = 0.25)],
    ['FX Grid Output', dev('FX Grid'), (p) => (p.OUTPUT = 0.25)],
    ['Tool Gain', dev('Tool'), (p) => (p.GAIN = 0.25)],
    ['Tool Pan', dev('Tool'), (p) => (p.PAN = 0.8)],
  ];
  for (const [name, d, move] of cases) {
    const r = renderWithMoves(withGrid(d), [[1, move]], 1.3);
    const db = clickDb(r, 1);
    assert.ok(db < -80, `${name} at 1 s: ${db.toFixed(1)} dB`);
  }
});

test('instruments: an Output jump while notes play moves over 10 ms: no click above −80 dB (sox)', () => {
  const node = (name: string, x: number) => ({ uuid: moduleByName(name).uuid, x, y: 0, params: {} });
  const sineGrid = {
    ...dev('Poly Grid', { OUTPUT: 0.3 }),
    grid: {
      modules: [node('Sine', 0), node('Audio Out', 1)],
      modulators: [],
      connections: [{ source_kind: 'module' as const, source: 0, source_port: 0, target: 1, target_port: 0 }],
    },
  };
  const cases: [string, DeviceJson][] = [
    ['Polysynth', sine()],
    ['FM-4', dev('FM-4', { MOD_1: 0, MOD_2: 0, RATIO: 1, ATTACK: 0, DECAY: 1 })],
    ['Organ', dev('Organ')],
    ['Sampler', dev('Sampler', { SAMPLE: SAMPLER_SAMPLES.indexOf('Sine Tone') })],
    ['Poly Grid', sineGrid],
  ];
  for (const [name, instrument] of cases) {
    const r = renderWithMoves(null, [[1, (p) => (p.OUTPUT *= 0.25)]], 1.3, instrument);
    const db = clickDb(r, 1);
    assert.ok(db < -80, `${name} Output at 1 s: ${db.toFixed(1)} dB`);
  }
});

test('Reverb: a Room Size and a Damping jump while the tail rings move over 20 ms: no click or zipper above −80 dB (sox)', () => {
  // The sine rings a long, wet tank: Room Size 5 s (native 0.7383 on the 0.1–20 s scale) → 1 s at 1 s, Damping 100 % → 0 at
  // 1.5 s, Room Size → 20 s at 2 s. Damping starts full so the note's onset no longer rings above 3 kHz by 1 s (undamped: −78 dB).
  // Each jump at once (the old code): −44, −55, −44 dB.
  const r = renderWithMoves(
    dev('Reverb', { SIZE: 0.7383, DAMPING: 1, MIX: 1 }),
    [
      [1, (p) => (p.SIZE = 1000)],
      [1.5, (p) => (p.DAMPING = 0)],
      [2, (p) => (p.SIZE = 20000)],
    ],
    2.3,
  );
  const dbs = [1, 1.5, 2].map((at) => clickDb(r, at));
  assert.ok(
    dbs.every((db) => db < -80),
    `Reverb at 1, 1.5, 2 s: ${dbs.map((db) => db.toFixed(1)).join(', ')} dB`,
  );
});

test('Compressor: a Makeup, Threshold or Ratio jump while it compresses moves over 10 ms: no click above −80 dB (sox)', () => {
  // A slow detector (30 ms attack, 1 s release), so the steady gain barely ripples with the sine.
  const slow = (p: PlanParams) => {
    p.ATTACK = 30;
    p.RELEASE = 1000;
    p.THRESHOLD = -24;
  };
  const cases: [string, (p: PlanParams) => void][] = [
    ['Makeup', (p) => (p.MAKEUP = 6)],
    ['Threshold', (p) => (p.THRESHOLD = -36)],
    ['Ratio', (p) => (p.RATIO = 12)],
  ];
  for (const [name, move] of cases) {
    const r = renderWithMoves(
      dev('Compressor'),
      [
        [0, slow],
        [1.2, move],
      ],
      1.5,
    );
    const db = clickDb(r, 1.2);
    assert.ok(db < -80, `Compressor ${name} at 1.2 s: ${db.toFixed(1)} dB`);
  }
});

test('Grid modules: a level, gain, amount or mix jump while sound plays moves over 10 ms: no click above −80 dB (sox)', () => {
  const node = (name: string, x: number) => ({ uuid: moduleByName(name).uuid, x, y: 0, params: {} });
  const cord = (source: number, target: number, target_port = 0) => ({ source_kind: 'module' as const, source, source_port: 0, target, target_port });
  // A chain of modules, each feeding the next on its first input.
  const chain = (device: string, names: string[]) => ({
    ...dev(device, { OUTPUT: 0.3 }),
    grid: { modules: names.map((n, x) => node(n, x)), modulators: [], connections: names.slice(1).map((_, k) => cord(k, k + 1)) },
  });
  const poly = ['Sine', 'Gain - Vol', 'Attenuate', 'Audio Out'];
  const cases: [string, DeviceJson | null, DeviceJson, number, (p: PlanParams) => void][] = [
    ['Sine Level', null, chain('Poly Grid', poly), 0, (p) => (p.LEVEL *= 0.25)],
    ['Gain - Vol Gain', null, chain('Poly Grid', poly), 1, (p) => (p.GAIN *= 0.25)],
    ['Attenuate Amount', null, chain('Poly Grid', poly), 2, (p) => (p.AMOUNT *= 0.25)],
    ['Audio Out Gain', null, chain('Poly Grid', poly), 3, (p) => (p.GAIN *= 0.25)],
    ['FX Grid Audio In Gain', chain('FX Grid', ['Audio In', 'Audio Out']), sine(), 0, (p) => (p.GAIN *= 0.25)],
    ['Long Delay Mix', chain('FX Grid', ['Audio In', 'Long Delay', 'Audio Out']), sine(), 1, (p) => (p.MIX = 0.9)],
  ];
  for (const [name, effect, instrument, gridNode, move] of cases) {
    // At 1.1 s: the Long Delay's echoes of the note's onset (every 250 ms) land on whole quarter seconds.
    const r = renderWithMoves(effect, [[1.1, move]], 1.4, instrument, gridNode);
    const db = clickDb(r, 1.1);
    assert.ok(db < -80, `${name} at 1.1 s: ${db.toFixed(1)} dB`);
  }
});

test('Chorus+ Rate and Delay+ Low Cut / High Cut: a jump while sound plays moves over 10 ms: no click above −80 dB (sox)', () => {
  // Plan values in Hz. The chorus sweeps deep (Depth 100 %: ±6 ms), so a rate jump steps the taps' speed (their pitch): −74 and −58 dB at once
  // (smoothed: −100 and −103 dB).
  const chorus = renderWithMoves(
    dev('Chorus+', { RATE: 0.4, DEPTH: 1, MIX: 0.5 }),
    [
      [1, (p) => (p.RATE = 12)],
      [1.5, (p) => (p.RATE = 0.2)],
    ],
    1.8,
  );
  const dbs: [string, number][] = [1, 1.5].map((at) => [`Chorus+ Rate at ${at} s`, clickDb(chorus, at)]);
  // Delay+'s cuts act in its feedback path: a step there is heard one delay (250 ms) later, when it comes round. One render per
  // move at 1.1 s, heard at 1.35 s (off the 250 ms grid of the onset's echoes). Natives: 0.1 = 40 Hz, 0.85 = 7.1 kHz,
  // 0.2917 = 150 Hz, 0.392 = 300 Hz. At once: −59, −27, −49 and −53 dB (smoothed: at sox's floor here, −107 dB).
  const cuts: [string, Record<string, number>, (p: PlanParams) => void][] = [
    ['High Cut 7.1 kHz → 150 Hz', { HIGH_CUT: 0.85 }, (p) => (p.HIGH_CUT = 150)],
    ['High Cut 150 Hz → 18 kHz', { HIGH_CUT: 0.2917 }, (p) => (p.HIGH_CUT = 18_000)],
    ['Low Cut 40 → 300 Hz', { LOW_CUT: 0.1 }, (p) => (p.LOW_CUT = 300)],
    ['Low Cut 300 → 20 Hz', { LOW_CUT: 0.392 }, (p) => (p.LOW_CUT = 20)],
  ];
  for (const [name, params, move] of cuts) {
    const r = renderWithMoves(dev('Delay+', { TIME: 0.6657, FEEDBACK: 0.5, MIX: 1, ...params }), [[1.1, move]], 1.5);
    dbs.push([`Delay+ ${name}`, clickDb(r, 1.35)]);
  }
  const report = dbs.map(([n, db]) => `${n}: ${db.toFixed(1)} dB`).join('; ');
  assert.ok(
    dbs.every(([, db]) => db < -80),
    report,
  );
});
