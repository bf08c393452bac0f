import { SAMPLER_SAMPLES } from './audio/dsp/kit.js';
import { deviceByName, modulatorByName, moduleByName } from './model/catalog.js';
import type { ClipJson, ConnectionJson, DeviceJson, GraphJson, GridNodeJson, NativeValue, ProjectJson, SendJson, TrackJson } from './model/components.js';

/**
 * The demo sound project `footlight serve` opens: a collapsed drum group, a bass, a lead played
 * by a Poly Grid with a small patch, a hybrid track with an FX Grid and an FX Chain, an audio
 * track, an FX track (the Reverb Bus, which every main track sends to) and the master, with a
 * few arranger clips, so that every protocol-3 command has something to act on.
 */

function dev(name: string, params: Record<string, NativeValue> = {}, slots: Record<string, DeviceJson[]> = {}, grid?: GraphJson): DeviceJson {
  const spec = deviceByName(name);
  return { uuid: spec.uuid, name, enabled: true, params, slots, ...(grid !== undefined ? { grid } : {}) };
}

function node(kind: 'module' | 'modulator', name: string, x: number, y: number, params: Record<string, NativeValue> = {}): GridNodeJson {
  return { uuid: kind === 'module' ? moduleByName(name).uuid : modulatorByName(name).uuid, x, y, params };
}

function cord(source: number, sourcePort: number, target: number, targetPort: number, kind: 'module' | 'modulator' = 'module', amount = 1): ConnectionJson {
  return { source_kind: kind, source, source_port: sourcePort, target, target_port: targetPort, amount };
}

function track(name: string, type: TrackJson['type'], devices: DeviceJson[], clips: ClipJson[] = [], extra: Partial<TrackJson> = {}): TrackJson {
  return { name, type, muted: false, armed: false, solo: false, volume: 0.8, pan: 0, group_expanded: true, devices, clips, ...extra };
}

type N = [pitch: number, start: number, duration: number, velocity: number];

function clip(name: string, start: number, length: number, notes: N[], loop?: { start: number; length: number }): ClipJson {
  return {
    name,
    start,
    length,
    loop_enabled: loop !== undefined,
    loop_start: loop?.start ?? 0,
    loop_length: loop?.length ?? length,
    notes: notes.map(([p, s, d, v]) => [p, s, d, v, 0] as const),
  };
}

/** The Sampler's SAMPLE option index of a built-in sample. */
const sample = (name: string): number => SAMPLER_SAMPLES.indexOf(name);

/** A post-fader send to the demo's one effect track, the Reverb Bus (fx index 0). */
const toReverb = (levelDb: number): SendJson[] => [{ fx_index: 0, level_db: levelDb, pre_fader: false }];

const range = (n: number, f: (i: number) => N): N[] => Array.from({ length: n }, (_, i) => f(i));

/** The Poly Grid patch: pitch → quantizer → saw → low-pass → VCA → out; gate → ADSR → VCA; an LFO on the cutoff at depth 0.35. */
const LEAD_PATCH: GraphJson = {
  modules: [
    node('module', 'Pitch', 0, 0),
    node('module', 'Pitch Quantize', 1, 0),
    node('module', 'Sawtooth', 2, 0, { LEVEL: 0.8 }),
    node('module', 'Low-pass LD', 3, 0, { CUTOFF: 0.55, RESONANCE: 0.35 }),
    node('module', 'Attenuate', 4, 0),
    node('module', 'Audio Out', 5, 0),
    node('module', 'Gate', 0, 1),
    node('module', 'ADSR', 2, 1, { ATTACK: 0.1, RELEASE: 0.5 }),
  ],
  modulators: [node('modulator', 'LFO', 3, 2, { RATE: 0.45 })],
  connections: [
    cord(0, 0, 1, 0),
    cord(1, 0, 2, 0),
    cord(2, 0, 3, 0),
    cord(3, 0, 4, 0),
    cord(4, 0, 5, 0),
    cord(6, 0, 7, 0),
    cord(7, 0, 4, 1),
    cord(0, 0, 3, 1, 'modulator', 0.35),
  ],
};

const TEXTURE_PATCH: GraphJson = {
  modules: [node('module', 'Audio In', 0, 0), node('module', 'Long Delay', 1, 0, { FEEDBACK: 0.55 }), node('module', 'Audio Out', 2, 0)],
  modulators: [],
  connections: [cord(0, 0, 1, 0), cord(1, 0, 2, 0)],
};

export function demoProject(): ProjectJson {
  return {
    name: 'Footlight Demo',
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: 16 },
    metronome: false,
    cue_markers: [
      { name: 'Intro', beat: 0 },
      { name: 'Drop', beat: 16 },
    ],
    tracks: [
      track('Drums', 'group', [dev('Compressor', { THRESHOLD: -18 })], [], {
        group_expanded: false,
        sends: toReverb(-24),
        children: [
          track(
            'Kick',
            'instrument',
            [dev('Sampler', { SAMPLE: sample('Kick'), ROOT_KEY: 36, VOICES: 4 })],
            [
              clip(
                'Kick',
                0,
                16,
                range(16, (i) => [36, i, 0.25, 112]),
                { start: 0, length: 4 },
              ),
            ],
          ),
          track(
            'Hats',
            'instrument',
            [dev('Sampler', { SAMPLE: 0, VOICES: 8 })],
            [
              clip(
                'Hats',
                0,
                16,
                range(32, (i) => [42, i / 2, 0.125, i % 2 === 0 ? 90 : 64]),
              ),
            ],
          ),
        ],
      }),
      track(
        'Bass',
        'instrument',
        [dev('Polysynth', { CUTOFF: 0.45, WAVE: 1, VOICES: 1 }), dev('EQ+', { LOW_GAIN: 3 })],
        [
          clip(
            'Bass Line',
            0,
            16,
            range(8, (i) => [[36, 36, 39, 43][i % 4], i * 2, 1.5, 100]),
          ),
        ],
        { sends: toReverb(-20) },
      ),
      track(
        'Lead',
        'instrument',
        [
          dev('Poly Grid', {}, { FX: [dev('Delay+', { MIX: 0.2 })], 'Note FX': [dev('Arpeggiator', { SYNC: true, RATE_SYNC: 4 })] }, LEAD_PATCH),
          dev('Reverb', { MIX: 0.2 }),
        ],
        [
          clip('Hook', 16, 8, [
            [72, 0, 0.5, 100],
            [74, 0.5, 0.5, 96],
            [76, 1, 1, 104],
            [79, 2, 1, 100],
            [76, 3, 0.5, 90],
            [74, 3.5, 0.5, 88],
            [72, 4, 2, 96],
            [67, 6, 2, 80],
          ]),
        ],
        { sends: toReverb(-10) },
      ),
      track(
        'Texture',
        'hybrid',
        [
          dev('Polysynth', { WAVE: 2 }),
          dev('FX Grid', { MIX: 0.6 }, {}, TEXTURE_PATCH),
          dev('FX Chain', {}, { Chain: [dev('Chorus+'), dev('Distortion', { DRIVE: 6 })] }),
        ],
        [],
        { sends: toReverb(-12) },
      ),
      track('Vocal', 'audio', [dev('EQ+'), dev('Compressor')], [], { sends: toReverb(-14) }),
    ],
    fx: [track('Reverb Bus', 'effect', [dev('Reverb', { MIX: 1 })])],
    master: track('Master', 'master', [dev('EQ+'), dev('Tool')]),
  };
}

export function emptyProject(): ProjectJson {
  return {
    name: 'Untitled',
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: 16 },
    metronome: false,
    cue_markers: [],
    tracks: [],
    fx: [],
    master: track('Master', 'master', []),
  };
}
