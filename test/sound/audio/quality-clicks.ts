import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import { SAMPLER_SAMPLES } from '../../../src/sound/audio/dsp/kit.js';
import { BLOCK } from '../../../src/sound/audio/dsp/math.js';
import type { PlanParams, PlanTrack } from '../../../src/sound/audio/dsp/plan.js';
import type { OfflineRender } from '../../../src/sound/audio/offline.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { moduleByName } from '../../../src/sound/model/catalog.js';
import type { DeviceJson, GraphJson } from '../../../src/sound/model/components.js';
import { clickDb, clip, dev, project, render, renderBlocks, sine, soxStat, track } from './helpers.js';
import { imageDb, impulse, renderReverb, sine15k, tailRipple } from './reverb-measures.js';

/**
 * Issue #28's click, voice-end and reverb rows, each measured by sox (or fft.js) on an offline
 * render rather than by the engine: the worst click of a row's cases, in dB below the render's peak.
 * A click is sox's peak above 3 kHz around the event (`clickDb`); the sounds chosen (A2–C3 sines,
 * a kick's tail) have nothing there but the click.
 */
const RATE = 48_000;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Note = [pitch: number, start: number, duration: number];

const worst = (values: readonly number[]): number => Math.max(...values);
/** dB of `x` below `peak`; identical renders (nothing left) read −200 dB. */
const db = (x: number, peak: number): number => Math.max(-200, 20 * Math.log10(x / peak));

/** An A2 sine held for eight beats through `chain`; `moves` reach the engine between blocks at their times (s). */
function held(chain: DeviceJson[], seconds: number, moves: [seconds: number, move: (t: Mutable<PlanTrack>, last: PlanParams, e: AudioEngine) => void][]) {
  const plan = buildPlan(project([track('Bass', chain, [clip(0, 8, [[45, 0, 8]])])]));
  const t = plan.tracks[0] as Mutable<PlanTrack>;
  const engine = new AudioEngine(plan, RATE);
  const last = t.devices[t.devices.length - 1].p;
  return renderBlocks(
    engine,
    RATE,
    seconds,
    moves.map(([at, move]) => [at, () => move(t, last, engine)]),
  );
}

/** One track playing `notes` on `instrument` to `toBeat` (120 BPM). */
const play = (instrument: DeviceJson, notes: Note[], toBeat: number): OfflineRender =>
  render(project([track('T', [instrument], [clip(0, 16, notes)])]), { fromBeat: 0, toBeat });

/** The peak above 3 kHz from `at` for `length` s, in dB below the render's peak. */
function highDb(r: OfflineRender, at: number, length: number): number {
  const high = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', at.toFixed(4), String(length)])['Maximum amplitude'];
  return db(high, soxStat(r)['Maximum amplitude']);
}

const minus = (a: OfflineRender, b: OfflineRender): OfflineRender => ({
  ...a,
  left: a.left.map((x, i) => x - b.left[i]),
  right: a.right.map((x, i) => x - b.right[i]),
});

/** Voice steal: C3 steals A2 from a two-voice sine (beat 1.003, mid-cycle); what the steal did is the render minus one with voices to spare. */
function stealDb(): number {
  const notes: Note[] = [
    [45, 0, 2],
    [52, 0.5, 2],
    [48, 1.003, 1],
  ];
  const two = play(sine({ VOICES: 2 }), notes, 3);
  const spare = play(sine({ VOICES: 8 }), notes, 3);
  const steal = minus(two, spare);
  const high = soxStat(steal, ['highpass', '3000', 'highpass', '3000', 'trim', '0.45', '0.2'])['Maximum amplitude'];
  return db(high, soxStat(spare)['Maximum amplitude']);
}

/** Mono retrigger: every overlapping note on one-voice Polysynth, FM-4 and Organ basses (legato). */
function monoDb(): number {
  const notes: Note[] = [
    [45, 0, 2],
    [48, 1.003, 1],
  ];
  const basses = [sine({ VOICES: 1 }), dev('FM-4', { VOICES: 1, MOD_1: 0, MOD_2: 0, RATIO: 1, ATTACK: 0, DECAY: 1 }), dev('Organ', { VOICES: 1 })];
  return worst(basses.map((b) => highDb(play(b, notes, 3), 0.5015 - 0.05, 0.2)));
}

/** A fader jump of −10 dB, a pan and a mute on a playing track. */
const mixDb = (): number => {
  const r = held([sine()], 2.5, [
    [1, (t) => (t.gain *= 10 ** (-10 / 20))],
    [1.5, (t) => (t.pan = 0.8)],
    [
      2,
      (t, _, e) => {
        t.mute = true;
        e.updateAudibility();
      },
    ],
  ]);
  return worst([1, 1.5, 2].map((at) => clickDb(r, at)));
};

/** A fade written as automation: the fader falls 40 dB over 2 s, a new value every block. */
function fadeDb(): number {
  const blocks = Math.round((2 * RATE) / BLOCK);
  let start = 0;
  const steps: [number, (t: Mutable<PlanTrack>) => void][] = [
    [0.5, (t) => void (start = t.gain)],
    ...Array.from({ length: blocks }, (_, b): [number, (t: Mutable<PlanTrack>) => void] => [
      0.5 + ((b + 1) * BLOCK) / RATE,
      (t) => (t.gain = start * 10 ** (-2 * ((b + 1) / blocks))),
    ]),
  ];
  return highDb(held([sine()], 3, steps), 0.5, 2);
}

/** Delay+ 250 ms → 400 ms → 130 ms while its echoes play. */
function delayTimeDb(): number {
  const r = held([sine(), dev('Delay+', { TIME: 0.6657, FEEDBACK: 0.3, MIX: 0.5 })], 2.5, [
    [1, (_, p) => (p.TIME = 400)],
    [2, (_, p) => (p.TIME = 130)],
  ]);
  return worst([1, 2].map((at) => clickDb(r, at)));
}

/** EQ+'s mid band switched on at 150 Hz (0 → +12 dB), moved to 300 Hz, then cut to −12 dB. */
function eqDb(): number {
  const r = held([sine(), dev('EQ+', { MID_FREQ: 0.2747 })], 2.3, [
    [1, (_, p) => (p.MID_GAIN = 12)],
    [1.5, (_, p) => (p.MID_FREQ = 300)],
    [2, (_, p) => (p.MID_GAIN = -12)],
  ]);
  return worst([1, 1.5, 2].map((at) => clickDb(r, at)));
}

/** A Compressor working 6 dB into a sine (slow detector): Makeup 0 → 6 dB, Threshold −24 → −36 dB, Ratio 4 → 12. */
function compressorDb(): number {
  const r = held([sine(), dev('Compressor')], 2.3, [
    [
      0,
      (_, p) => {
        p.ATTACK = 30;
        p.RELEASE = 1000;
        p.THRESHOLD = -24;
      },
    ],
    [1, (_, p) => (p.MAKEUP = 6)],
    [1.5, (_, p) => (p.THRESHOLD = -36)],
    [2, (_, p) => (p.RATIO = 12)],
  ]);
  return worst([1, 1.5, 2].map((at) => clickDb(r, at)));
}

/** The kit's Kick and Low Tom at their ends. */
const kitEndDb = (): number =>
  worst(
    [
      [36, 0.5],
      [45, 0.6],
    ].map(([key, end]) => highDb(play(dev('Sampler', { SAMPLE: 0 }), [[key, 0, 0.1]], 2), end - 0.1, 0.3)),
  );

/** A 3 s tonal sample (Electric Piano) held for 6 s: the loop's seams. */
const heldToneDb = (): number => highDb(play(dev('Sampler', { SAMPLE: SAMPLER_SAMPLES.indexOf('Electric Piano') }), [[60, 0, 12]], 13), 1.4, 4.5);

const node = (name: string, x: number, params: Record<string, number> = {}) => ({ uuid: moduleByName(name).uuid, x, y: 0, params });
const cords = (list: number[][]) => list.map(([s, sp, t, tp]) => ({ source_kind: 'module' as const, source: s, source_port: sp, target: t, target_port: tp }));

/** A Poly Grid voice ringing through a Long Delay after its envelope, against the same echoes from an FX Grid (which never ends a note). */
function gridVoiceEndDb(): number {
  const voice = [node('Sine', 0), node('ADSR', 1, { ATTACK: 0.4, DECAY: 0, SUSTAIN: 1, RELEASE: 0.4 }), node('Multiply', 2)];
  const delay = node('Long Delay', 3, { TIME: 0.6193, FEEDBACK: 0.5, MIX: 0.5 });
  const gate = [
    [0, 0, 2, 0],
    [1, 0, 2, 1],
  ];
  const poly = (modules: GraphJson['modules'], tail: number[][]): DeviceJson => ({
    ...dev('Poly Grid', { OUTPUT: 0.3 }),
    grid: { modules, modulators: [], connections: cords([...gate, ...tail]) },
  });
  const inVoice = poly(
    [...voice, delay, node('Audio Out', 4)],
    [
      [2, 0, 3, 0],
      [3, 0, 4, 0],
    ],
  );
  const fxGrid: DeviceJson = {
    ...dev('FX Grid'),
    grid: {
      modules: [node('Audio In', 0), { ...delay, x: 1 }, node('Audio Out', 2)],
      modulators: [],
      connections: cords([
        [0, 0, 1, 0],
        [1, 0, 2, 0],
      ]),
    },
  };
  const reference = [poly([...voice, node('Audio Out', 3)], [[2, 0, 3, 0]]), fxGrid];
  const chain = (devices: DeviceJson[]) => render(project([track('Echo', devices, [clip(0, 4, [[57, 0, 0.25]])])]), { seconds: 3 });
  const ref = chain(reference);
  return db(soxStat(minus(chain([inVoice]), ref))['Maximum amplitude'], soxStat(ref)['Maximum amplitude']);
}

/** A row measured in dB: at or below `target`. */
interface ClickRow {
  readonly name: string;
  readonly measure: () => number;
  readonly target: number;
}

export const CLICK_ROWS: readonly ClickRow[] = [
  { name: 'Voice steal, two-voice sine: click', measure: stealDb, target: -60 },
  { name: 'Mono retrigger, one-voice Polysynth/FM-4/Organ: click', measure: monoDb, target: -60 },
  { name: 'Mix: fader −10 dB jump, pan, mute: worst click', measure: mixDb, target: -80 },
  { name: 'Fader fade −40 dB over 2 s, per block: zipper', measure: fadeDb, target: -80 },
  { name: 'Delay+ time change while echoes play: click', measure: delayTimeDb, target: -80 },
  { name: 'EQ+ band on, frequency and gain moves: click', measure: eqDb, target: -80 },
  { name: 'Compressor Makeup, Threshold, Ratio moves: click', measure: compressorDb, target: -80 },
  { name: 'Kit Kick and Low Tom ends: click', measure: kitEndDb, target: -60 },
  { name: 'Electric Piano sample held 6 s (3 s long): seams', measure: heldToneDb, target: -60 },
  { name: 'Poly Grid voice through Long Delay: cut vs tail', measure: gridVoiceEndDb, target: -80 },
  {
    name: 'Reverb late tail spectral ripple (worst of 3 rooms)',
    measure: () =>
      worst(
        [
          [600, 0.4],
          [2000, 0],
          [2000, 0.4],
        ].flatMap(([SIZE, DAMPING]) => renderReverb({ SIZE, DAMPING }, impulse, 1).map((x) => tailRipple(x))),
      ),
    target: 6,
  },
  {
    name: 'Reverb, 15 kHz sine: image below 12 kHz',
    measure: () => worst(renderReverb({ SIZE: 1000, DAMPING: 0 }, sine15k, 2).map((x) => imageDb(x).db)),
    target: -80,
  },
];
