import { SAMPLER_SAMPLES } from './audio/dsp/kit.js';
import { SYNC_NOTE_VALUES, type NativeParamSpec } from './audio/dsp/params.js';
import { demoClips, demoCueMarkers } from './demo-song.js';
import { deviceByName, modulatorByName, moduleByName } from './model/catalog.js';
import type { ClipJson, ConnectionJson, DeviceJson, GraphJson, GridNodeJson, NativeValue, ProjectJson, SendJson, TrackJson } from './model/components.js';
import { faderFromDb } from './model/mix.js';
import { convertToUnit, fromDisplayNumber, parseDisplay } from './model/units.js';

/**
 * The demo sound project `footlight serve` opens: a two-minute song (demo-song.ts) on a folded
 * drum group (Kick, Snare, Hats), a bass, a chord pad, a lead played by a Poly Grid patch
 * through an arpeggiator, a hybrid texture track with an FX Grid and an FX Chain, a vocal-style
 * topline from a second Poly Grid, an FX track (the Reverb Bus, which every main track sends to)
 * and a master with a limiter, so that every protocol-3 command has something real to act on.
 */

type ParamValue = NativeValue | string;

/**
 * A parameter's native value: a number or boolean as it is, or a display string in the
 * parameter's unit ("900 Hz", "40 ms", "-6 dB", "1/8.") resolved through its scale, as
 * `graph-resolve-value` would.
 */
function native(owner: string, spec: NativeParamSpec | undefined, v: ParamValue): NativeValue {
  if (typeof v !== 'string') return v;
  if (spec?.type === 'enum' && spec.options?.includes(v) === true) return spec.options.indexOf(v);
  const value = spec?.scale === undefined ? undefined : convertToUnit(parseDisplay(v), spec.scale.unit);
  if (spec?.scale === undefined || value === undefined) throw new Error(`demo: ${owner} ${spec?.id ?? '?'} cannot take ${v}`);
  return fromDisplayNumber(spec.scale, value);
}

function nativeParams(owner: string, specs: readonly NativeParamSpec[], params: Record<string, ParamValue>): Record<string, NativeValue> {
  const out: Record<string, NativeValue> = {};
  for (const [id, v] of Object.entries(params)) {
    const spec = specs.find((p) => p.id === id);
    if (spec === undefined) throw new Error(`demo: ${owner} has no parameter ${id}`);
    out[id] = native(owner, spec, v);
  }
  return out;
}

function dev(name: string, params: Record<string, ParamValue> = {}, slots: Record<string, DeviceJson[]> = {}, grid?: GraphJson): DeviceJson {
  const spec = deviceByName(name);
  return { uuid: spec.uuid, name, enabled: true, params: nativeParams(name, spec.params, params), slots, ...(grid !== undefined ? { grid } : {}) };
}

function node(kind: 'module' | 'modulator', name: string, x: number, y: number, params: Record<string, ParamValue> = {}): GridNodeJson {
  const spec = kind === 'module' ? moduleByName(name) : modulatorByName(name);
  return { uuid: spec.uuid, x, y, params: nativeParams(name, spec.params, params) };
}

function cord(source: number, sourcePort: number, target: number, targetPort: number, kind: 'module' | 'modulator' = 'module', amount = 1): ConnectionJson {
  return { source_kind: kind, source, source_port: sourcePort, target, target_port: targetPort, amount };
}

function track(name: string, type: TrackJson['type'], devices: DeviceJson[], clips: ClipJson[] = [], extra: Partial<TrackJson> = {}): TrackJson {
  return { name, type, muted: false, armed: false, solo: false, volume: 0.8, pan: 0, group_expanded: true, devices, clips, ...extra };
}

/** The Sampler's SAMPLE option index of a built-in sample. */
const sample = (name: string): number => SAMPLER_SAMPLES.indexOf(name);

/** A tempo-synced note value's option index ("1/16", "1/8."). */
const sync = (label: string): number => SYNC_NOTE_VALUES.findIndex((v) => v.label === label);

/** A post-fader send to the demo's one effect track, the Reverb Bus (fx index 0). */
const toReverb = (levelDb: number): SendJson[] => [{ fx_index: 0, level_db: levelDb, pre_fader: false }];

/** A fader position from the dB it should read. */
function fader(db: number): number {
  const v = faderFromDb(db);
  if (v === undefined) throw new Error(`demo: a fader cannot read ${db} dB`);
  return v;
}

/**
 * The lead: pitch → quantizer → saw → ladder low-pass → VCA → out; gate → ADSR → VCA; an LFO
 * sways the cutoff (depth 0.35) and the note's velocity opens it, so the build's rising
 * velocities brighten the arpeggio as a filter sweep would.
 */
const LEAD_PATCH: GraphJson = {
  modules: [
    node('module', 'Pitch', 0, 0),
    node('module', 'Pitch Quantize', 1, 0),
    node('module', 'Sawtooth', 2, 0, { LEVEL: 0.8 }),
    node('module', 'Low-pass LD', 3, 0, { CUTOFF: 0.55, RESONANCE: 0.35 }),
    node('module', 'Attenuate', 4, 0),
    node('module', 'Audio Out', 5, 0),
    node('module', 'Gate', 0, 1),
    node('module', 'ADSR', 2, 1, { ATTACK: '1 ms', DECAY: '180 ms', SUSTAIN: 0.5, RELEASE: '60 ms' }),
    node('module', 'Velocity', 0, 2),
    node('module', 'Attenuate', 2, 2, { AMOUNT: 0.5 }),
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
    cord(8, 0, 9, 0),
    cord(9, 0, 3, 1),
    cord(0, 0, 3, 1, 'modulator', 0.35),
  ],
};

/**
 * The vocal: a saw with a slight vibrato through three band-passes at the formants of an "ah"
 * (730 Hz, 1.09 kHz, 2.44 kHz), mixed, into a VCA on a soft ADSR.
 */
const VOX_PATCH: GraphJson = {
  modules: [
    node('module', 'Pitch', 0, 0),
    node('module', 'Sawtooth', 1, 0, { LEVEL: 1 }),
    node('module', 'SVF', 2, 0, { CUTOFF: '730 Hz', RESONANCE: 0.45, MODE: 1 }),
    node('module', 'SVF', 2, 1, { CUTOFF: '1090 Hz', RESONANCE: 0.5, MODE: 1 }),
    node('module', 'SVF', 2, 2, { CUTOFF: '2440 Hz', RESONANCE: 0.55, MODE: 1 }),
    node('module', 'Mixer', 3, 0, { 'IN 1': 1, 'IN 2': 0.6, 'IN 3': 0.35 }),
    node('module', 'Attenuate', 4, 0),
    node('module', 'Audio Out', 5, 0),
    node('module', 'Gate', 0, 1),
    node('module', 'ADSR', 3, 1, { ATTACK: '45 ms', DECAY: '300 ms', SUSTAIN: 0.8, RELEASE: '220 ms' }),
  ],
  modulators: [node('modulator', 'LFO', 1, 1, { RATE: '5.5 Hz' })],
  connections: [
    cord(0, 0, 1, 0),
    cord(0, 0, 1, 0, 'modulator', 0.004),
    cord(1, 0, 2, 0),
    cord(1, 0, 3, 0),
    cord(1, 0, 4, 0),
    cord(2, 0, 5, 0),
    cord(3, 0, 5, 1),
    cord(4, 0, 5, 2),
    cord(5, 0, 6, 0),
    cord(9, 0, 6, 1),
    cord(6, 0, 7, 0),
    cord(8, 0, 9, 0),
  ],
};

/** The texture's FX Grid: its input into a long dotted-eighth delay that keeps repeating. */
const TEXTURE_PATCH: GraphJson = {
  modules: [
    node('module', 'Audio In', 0, 0),
    node('module', 'Long Delay', 1, 0, { TIME: '375 ms', FEEDBACK: 0.55, MIX: 0.5 }),
    node('module', 'Audio Out', 2, 0),
  ],
  modulators: [],
  connections: [cord(0, 0, 1, 0), cord(1, 0, 2, 0)],
};

export function demoProject(): ProjectJson {
  const clips = demoClips();
  return {
    name: 'Footlight Demo',
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: 16 },
    metronome: false,
    cue_markers: demoCueMarkers(),
    tracks: [
      track('Drums', 'group', [dev('Compressor', { THRESHOLD: -10, RATIO: 2.5, ATTACK: '8 ms', RELEASE: '120 ms' })], [], {
        group_expanded: false,
        volume: fader(-1),
        sends: toReverb(-26),
        children: [
          track('Kick', 'instrument', [dev('Sampler', { SAMPLE: sample('Kick'), ROOT_KEY: 36, VOICES: 4 })], clips.Kick, { volume: fader(-4) }),
          track('Snare', 'instrument', [dev('Sampler', { SAMPLE: 0, CUTOFF: '12 kHz', VOICES: 8 })], clips.Snare, { volume: fader(0), sends: toReverb(-16) }),
          track(
            'Hats',
            'instrument',
            [dev('Sampler', { SAMPLE: 0, CUTOFF: '10 kHz', VOICES: 8 }), dev('EQ+', { HIGH_FREQ: '9 kHz', HIGH_GAIN: -4 })],
            clips.Hats,
            {
              volume: fader(3),
              pan: 0.15,
            },
          ),
        ],
      }),
      track(
        'Bass',
        'instrument',
        [
          dev('Polysynth', { WAVE: 'Saw', CUTOFF: '650 Hz', RESONANCE: 0.25, ATTACK: '2 ms', DECAY: '220 ms', SUSTAIN: 0.55, RELEASE: '35 ms', VOICES: 4 }),
          dev('EQ+', { LOW_FREQ: '120 Hz', LOW_GAIN: -4 }),
        ],
        clips.Bass,
        { volume: fader(-1), sends: toReverb(-30) },
      ),
      track(
        'Chords',
        'instrument',
        [
          dev('Polysynth', { WAVE: 'Saw', CUTOFF: '1.4 kHz', RESONANCE: 0.15, ATTACK: '60 ms', DECAY: '600 ms', SUSTAIN: 0.7, RELEASE: '350 ms', VOICES: 16 }),
          dev('Chorus+', { RATE: '0.3 Hz', DEPTH: 0.4, MIX: 0.4 }),
          dev('EQ+', { LOW_FREQ: '180 Hz', LOW_GAIN: -6 }),
        ],
        clips.Chords,
        { volume: fader(-7), sends: toReverb(-14) },
      ),
      track(
        'Lead',
        'instrument',
        [
          dev(
            'Poly Grid',
            { VOICES: 4 },
            {
              FX: [dev('Delay+', { SYNC: true, TIME_SYNC: sync('1/8.'), FEEDBACK: 0.3, MIX: 0.22, PING_PONG: true })],
              'Note FX': [dev('Arpeggiator', { SYNC: true, RATE_SYNC: sync('1/16'), GATE: 0.55 })],
            },
            LEAD_PATCH,
          ),
          dev('Reverb', { MIX: 0.12 }),
        ],
        clips.Lead,
        { volume: fader(3), sends: toReverb(-16) },
      ),
      track(
        'Texture',
        'hybrid',
        [
          dev('Polysynth', { WAVE: 'Triangle', ATTACK: '2 ms', DECAY: '250 ms', SUSTAIN: 0.2, RELEASE: '300 ms', VOICES: 8 }),
          dev('FX Grid', { MIX: 0.6 }, {}, TEXTURE_PATCH),
          dev('FX Chain', {}, { Chain: [dev('Chorus+'), dev('Distortion', { DRIVE: 6, TONE: '5 kHz' })] }),
        ],
        clips.Texture,
        { volume: fader(-8), pan: -0.2, sends: toReverb(-10) },
      ),
      track(
        'Vocal',
        'instrument',
        [dev('Poly Grid', { VOICES: 4 }, {}, VOX_PATCH), dev('EQ+', { LOW_FREQ: '200 Hz', LOW_GAIN: -6 }), dev('Compressor', { THRESHOLD: -18, RATIO: 3 })],
        clips.Vocal,
        { volume: fader(-6), sends: toReverb(-10) },
      ),
    ],
    fx: [track('Reverb Bus', 'effect', [dev('Reverb', { MIX: 1, DAMPING: 0.6 }), dev('EQ+', { LOW_FREQ: '250 Hz', LOW_GAIN: -8 })])],
    master: track(
      'Master',
      'master',
      [
        dev('EQ+', { LOW_FREQ: '60 Hz', LOW_GAIN: 1, MID_FREQ: '350 Hz', MID_GAIN: -1.5, HIGH_FREQ: '8 kHz', HIGH_GAIN: 1.5 }),
        // Glue: a gentle, slow compressor over the whole mix.
        dev('Compressor', { THRESHOLD: -12, RATIO: 2, ATTACK: '10 ms', RELEASE: '150 ms' }),
        // The level into the clipper: the song's loudness (-14 LUFS integrated).
        dev('Tool', { GAIN: '3.6 dB' }),
        // A soft clipper (the kick's transients are faster than any compressor here) holding the song under -1.5 dBFS:
        // its Output is the clip level, 0.3 dB under the ceiling for its 4x round trip's overshoot on transients.
        dev('Distortion', { DRIVE: 0, TONE: '20 kHz', OUTPUT: '-1.8 dB' }),
      ],
      [],
      { volume: fader(0) },
    ),
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
