import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import { GridProgram } from '../../../src/sound/audio/dsp/grid-patch.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { builtInKit } from '../../../src/sound/audio/dsp/kit.js';
import { SAMPLER_SAMPLES } from '../../../src/sound/audio/dsp/kit.js';
import { SYNC_NOTE_VALUES } from '../../../src/sound/audio/dsp/params.js';
import { DEVICES, modulatorByName, moduleByName } from '../../../src/sound/model/catalog.js';
import { demoProject } from '../../../src/sound/demo.js';
import type { DeviceJson, GraphJson } from '../../../src/sound/model/components.js';
import { clip, dev, onsets, peakFrequency, project, render, rms, sine, spectrum, track } from './helpers.js';

const node = (kind: 'module' | 'modulator', name: string, x: number, params: Record<string, number | boolean> = {}) => ({
  uuid: kind === 'module' ? moduleByName(name).uuid : modulatorByName(name).uuid,
  x,
  y: 0,
  params,
});

/** Every module and modulator of the catalog in one patch, wired oscillators → filters → envelope → out. */
const EVERYTHING: GraphJson = {
  modules: [
    node('module', 'Pitch', 0), // 0
    node('module', 'Transpose', 1), // 1
    node('module', 'Pitch Quantize', 2), // 2
    node('module', 'Sawtooth', 3), // 3
    node('module', 'Pulse', 4), // 4
    node('module', 'Sine', 5), // 5
    node('module', 'Noise', 6, { LEVEL: 0.1 }), // 6
    node('module', 'Mixer', 7), // 7
    node('module', 'Low-pass LD', 8), // 8
    node('module', 'SVF', 9), // 9
    node('module', 'Gate', 10), // 10
    node('module', 'ADSR', 11), // 11
    node('module', 'Attenuate', 12), // 12
    node('module', 'Gain - Vol', 13), // 13
    node('module', 'Long Delay', 14, { MIX: 0.3 }), // 14
    node('module', 'Audio Out', 15), // 15
    node('module', 'Velocity', 16), // 16
    node('module', 'Multiply', 17), // 17
    node('module', 'Add', 18), // 18
    node('module', 'Constant Pitch', 19), // 19
    node('module', 'LFO', 20), // 20
    node('module', 'Value Knob', 21), // 21
  ],
  modulators: ['LFO', 'ADSR', 'Random', 'Macro', 'Keytrack'].map((n, i) => node('modulator', n, 30 + i)),
  connections: [
    [0, 0, 1, 0],
    [1, 0, 2, 0],
    [2, 0, 3, 0],
    [2, 0, 4, 0],
    [20, 1, 5, 1],
    [3, 0, 7, 0],
    [4, 0, 7, 1],
    [5, 0, 7, 2],
    [7, 0, 8, 0],
    [8, 0, 9, 0],
    [10, 0, 11, 0],
    [9, 0, 12, 0],
    [11, 0, 17, 0],
    [16, 0, 17, 1],
    [17, 0, 12, 1],
    [12, 0, 18, 0],
    [6, 0, 18, 1],
    [18, 0, 13, 0],
    [13, 0, 14, 0],
    [14, 0, 15, 0],
    [21, 0, 14, 1],
  ]
    .map(([s, sp, t, tp]) => ({ source_kind: 'module' as const, source: s, source_port: sp, target: t, target_port: tp }))
    .concat([
      { source_kind: 'modulator' as const, source: 0, source_port: 0, target: 8, target_port: 1, amount: 0.3 } as never,
      { source_kind: 'modulator' as const, source: 2, source_port: 0, target: 4, target_port: 1, amount: 0.2 } as never,
      { source_kind: 'modulator' as const, source: 4, source_port: 0, target: 9, target_port: 1, amount: 1 } as never,
    ]),
};

function chainFor(name: string): DeviceJson[] {
  const d = DEVICES.find((x) => x.name === name)!;
  if (d.kind === 'instrument') return [d.grid === 'poly' ? { ...dev(name), grid: EVERYTHING } : dev(name)];
  if (d.kind === 'note_effect') return [dev(name), sine()];
  if (name === 'FX Chain') return [sine({ WAVE: 0 }), dev(name, {}, { Chain: [dev('Distortion'), dev('Chorus+')] })];
  if (name === 'FX Grid') {
    const grid: GraphJson = {
      modules: [node('module', 'Audio In', 0), node('module', 'SVF', 1), node('module', 'Audio Out', 2)],
      modulators: [node('modulator', 'LFO', 3)],
      connections: [
        { source_kind: 'module', source: 0, source_port: 0, target: 1, target_port: 0 },
        { source_kind: 'module', source: 1, source_port: 0, target: 2, target_port: 0 },
      ],
    };
    return [sine({ WAVE: 0 }), { ...dev(name), grid }];
  }
  return [sine({ WAVE: 0 }), dev(name, AUDIBLE[name] ?? {})];
}

/** Effects whose defaults are transparent on this signal get a setting that should be heard. */
const AUDIBLE: Record<string, Record<string, number>> = { 'EQ+': { MID_GAIN: 6 }, Compressor: { THRESHOLD: -30 }, Tool: { PAN: 0.5 } };

for (const d of DEVICES) {
  test(`${d.name} renders with real DSP: finite, non-silent, unclipped, and it changes the sound`, () => {
    // The Sampler's default source is the whole kit: drum keys (kick, snare, closed hat).
    const keys = d.name === 'Sampler' ? [36, 38, 42] : [60, 64, 67];
    const notes = clip(0, 8, [
      [keys[0], 0, 1],
      [keys[1], 1, 1],
      [keys[2], 2, 2],
    ]);
    const p = project([track(d.name, chainFor(d.name), [notes])]);
    const plan = buildPlan(p);
    const e = new AudioEngine(plan, 48000);
    assert.deepEqual(e.notRendered, []);
    const r = render(p, { seconds: 2 });
    assert.ok(r.left.every(Number.isFinite) && r.right.every(Number.isFinite));
    assert.ok(rms(r.left) > 1e-3, `${d.name} rms ${rms(r.left)}`);
    assert.ok(r.left.every((x) => Math.abs(x) < 1));
    if (d.kind !== 'instrument') {
      // Against the same chain without the device, the output differs.
      const bare = render(project([track('Bare', [sine({ WAVE: 0 })], [notes])]), { seconds: 2 });
      let diff = 0;
      for (let i = 0; i < r.left.length; i++) diff += Math.abs(r.left[i] - bare.left[i]);
      assert.ok(diff / r.left.length > 1e-4, `${d.name} changes nothing`);
    }
  });
}

test('a Grid cord that closes a cycle is a one-sample feedback delay; the patch renders', () => {
  // Sawtooth → Add → Attenuate → Audio Out, and Attenuate → back into Add.
  const grid: GraphJson = {
    modules: [
      node('module', 'Sawtooth', 0),
      node('module', 'Add', 1),
      node('module', 'Attenuate', 2, { AMOUNT: 0.5 }),
      node('module', 'Audio Out', 3),
      node('module', 'Gate', 4),
      node('module', 'ADSR', 5),
    ],
    modulators: [],
    connections: [
      [0, 0, 1, 0],
      [1, 0, 2, 0],
      [2, 0, 1, 1],
      [2, 0, 3, 0],
      [4, 0, 5, 0],
    ].map(([s, sp, t, tp]) => ({ source_kind: 'module', source: s, source_port: sp, target: t, target_port: tp })),
  };
  const plan = buildPlan(project([track('Loop', [{ ...dev('Poly Grid'), grid }], [clip(0, 4, [[57, 0, 1]])])]));
  const g = plan.tracks[0].devices[0].grid!;
  const program = new GridProgram(g, (n) => g.nodes[n].inputs);
  assert.equal(program.cyclic, true);
  // Exactly one cord of the cycle is delayed by a sample; the rest run in dependency order.
  assert.equal(program.feeds.flat(2).filter((f) => f.feedback).length, 1);
  const cycle = [program.feeds[1][1][0], program.feeds[2][0][0]];
  assert.equal(cycle.filter((f) => f.feedback).length, 1);
  const r = render(project([track('Loop', [{ ...dev('Poly Grid'), grid }], [clip(0, 4, [[57, 0, 1]])])]), { seconds: 1 });
  assert.ok(rms(r.left) > 1e-3 && r.left.every(Number.isFinite));
});

test('what the engine does not render is listed with a reason, never dropped silently', () => {
  const p = project([track('Swing', [{ ...dev('Poly Grid', { SHUFFLE: 0.5 }), grid: EVERYTHING }])], { metronome: true });
  const reasons = buildPlan(p).notRendered.map((s) => s.reason);
  assert.ok(reasons.some((r) => /Shuffle/.test(r)));
  assert.ok(reasons.some((r) => /metronome/.test(r)));
  assert.deepEqual(buildPlan(demoProject()).notRendered, [], 'the demo renders every track');
  const mic = buildPlan(project([track('Mic', [], [], { type: 'audio' })])).notRendered;
  assert.deepEqual(
    mic.map((s) => s.track),
    ['Mic'],
  );
  assert.match(mic[0].reason, /no audio clips/);
});

test('the Sampler kit: SAMPLE order matches the catalog; a tone sample follows the key from its root', () => {
  assert.deepEqual(
    Array.from({ length: SAMPLER_SAMPLES.length + 1 }, (_, i) => builtInKit(48000).sample(i)?.name ?? null),
    [null, ...SAMPLER_SAMPLES.slice(1), null],
    'SAMPLE 0 (the whole kit) and past the end are no single sample',
  );
  const pieces = builtInKit(48000);
  assert.equal(pieces.sample(1), pieces.sample(1), 'each sample is made once');
  assert.equal(pieces.drum(36), pieces.sample(SAMPLER_SAMPLES.indexOf('Kick')), 'a drum key plays the drum SAMPLE');
  assert.equal(pieces.drum(40), undefined, 'a key without a piece is silent');
  const sineTone = SAMPLER_SAMPLES.indexOf('Sine Tone');
  const r = render(project([track('Tone', [dev('Sampler', { SAMPLE: sineTone, ROOT_KEY: 60, RELEASE: 0.5 })], [clip(0, 4, [[69, 0, 4]])])]), { seconds: 1.5 });
  assert.ok(Math.abs(peakFrequency(r.left, 12000, 32768, 48000) - 440) < 0.5);
  // The whole kit: a drum key sounds, a key without a piece is silent.
  const kit = (key: number) => rms(render(project([track('Kit', [dev('Sampler')], [clip(0, 4, [[key, 0, 1]])])]), { seconds: 0.5 }).left);
  assert.ok(kit(36) > 0.01);
  assert.equal(kit(70), 0);
});

test('the Arpeggiator synced to the tempo steps on its note value: 1/16 at 120 BPM is every 125 ms', () => {
  const arp = dev('Arpeggiator', { SYNC: true, RATE_SYNC: SYNC_NOTE_VALUES.findIndex((x) => x.label === '1/16'), GATE: 0.5 });
  const r = render(
    project([
      track(
        'Arp',
        [arp, sine({ RELEASE: 0 })],
        [
          clip(0, 4, [
            [60, 0, 1],
            [64, 0, 1],
          ]),
        ],
      ),
    ]),
    { seconds: 0.6 },
  );
  const found = onsets(r.left, 1e-3, 500);
  assert.deepEqual(
    found.map((s) => Math.round(s / 6000)),
    [0, 1, 2, 3],
  );
  for (const s of found) assert.ok(s % 6000 <= 2, `step at ${s}`);
});

test("an instrument takes the notes; a second one hears them only through the first one's Note Thru", () => {
  const grid: GraphJson = {
    modules: [node('module', 'Sine', 0), node('module', 'Audio Out', 1)],
    modulators: [],
    connections: [{ source_kind: 'module', source: 0, source_port: 0, target: 1, target_port: 0 }],
  };
  const chain = (thru: boolean): DeviceJson[] => [{ ...dev('Poly Grid', { NOTE_THRU: thru }), grid }, sine({ WAVE: 0 })];
  const saw = (thru: boolean): number => {
    const r = render(project([track('Two', chain(thru), [clip(0, 4, [[57, 0, 2]])])]), { seconds: 0.5 });
    // The Polysynth's saw has harmonics; the Grid's sine has none: energy well above the fundamental.
    const mag = spectrum(r.left, 4096, 8192);
    let high = 0;
    for (let k = Math.round((1000 * 8192) / 48000); k < 4096; k++) high += mag[k];
    return high;
  };
  assert.ok(saw(true) > 10 * saw(false), `with thru ${saw(true)}, without ${saw(false)}`);
});
