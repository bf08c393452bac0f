import { createHash } from 'node:crypto';
import { exp, gain, linear, type NativeScale } from './units.js';

/**
 * The installed-device catalog of the sound host: devices, Grid modules and Grid modulators,
 * each with a UUID. The three kinds are different identifiers in different namespaces: a module
 * UUID is never a device UUID. UUIDs are name-based (SHA-256 of a namespace and the name), so
 * they are stable across versions and restarts.
 */
type UuidKind = 'device' | 'module' | 'modulator';

function catalogUuid(kind: UuidKind, name: string): string {
  const h = createHash('sha256').update(`footlight-${kind}:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A native parameter: an exact string id (any characters), a native domain and a display scale. */
export interface NativeParamSpec {
  readonly id: string;
  readonly name: string;
  readonly type: 'number' | 'boolean' | 'enum';
  /** Native domain. Booleans are 0–1; enums 0–(options−1). */
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** Numbers only: how the native value displays. */
  readonly scale?: NativeScale;
  /** Enums only: option labels by native index. */
  readonly options?: readonly string[];
  /** Numbers that take whole values only (voice counts, keys). */
  readonly integer?: boolean;
}

const num = (id: string, name: string, min: number, max: number, def: number, scale: NativeScale): NativeParamSpec => ({
  id,
  name,
  type: 'number',
  min,
  max,
  default: def,
  scale,
});
const bool = (id: string, name: string, def: boolean): NativeParamSpec => ({ id, name, type: 'boolean', min: 0, max: 1, default: def ? 1 : 0 });
const choice = (id: string, name: string, options: readonly string[], def = 0): NativeParamSpec => ({
  id,
  name,
  type: 'enum',
  min: 0,
  max: options.length - 1,
  default: def,
  options,
});

// Shared shapes.
const pct = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, linear('%', 100));
const freq = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, exp('Hz', 20, 20000));
const time = (id: string, name: string, def: number, lo = 0.1, hi = 20000): NativeParamSpec => num(id, name, 0, 1, def, exp('ms', lo, hi));
const level = (id: string, name: string, def = 1): NativeParamSpec => num(id, name, 0, 2, def, gain);
const semis = (id: string, name: string, range: number, def = 0): NativeParamSpec => num(id, name, -range, range, def, linear('st'));
const rate = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, exp('Hz', 0.01, 100));
const whole = (id: string, name: string, min: number, max: number, def: number, scale: NativeScale): NativeParamSpec => ({
  ...num(id, name, min, max, def, scale),
  integer: true,
});

/** Polyphony of an instrument: how many notes sound at once (1 = mono; the oldest voice is stolen). */
export const MAX_VOICES = 32;
const voices = (def = 8): NativeParamSpec => whole('VOICES', 'Voices', 1, MAX_VOICES, def, linear(''));

/**
 * Tempo-synced note values, in quarter-note beats: the Arpeggiator's step (RATE_SYNC) and the
 * Delay+'s time (TIME_SYNC). With SYNC on they follow the transport tempo; with it off, the
 * free RATE in Hz or TIME in ms applies.
 */
export const SYNC_NOTE_VALUES: readonly { readonly label: string; readonly beats: number }[] = [
  { label: '1/1', beats: 4 },
  { label: '1/2', beats: 2 },
  { label: '1/4', beats: 1 },
  { label: '1/8', beats: 0.5 },
  { label: '1/16', beats: 0.25 },
  { label: '1/32', beats: 0.125 },
  { label: '1/4T', beats: 2 / 3 },
  { label: '1/8T', beats: 1 / 3 },
  { label: '1/16T', beats: 1 / 6 },
  { label: '1/4.', beats: 1.5 },
  { label: '1/8.', beats: 0.75 },
  { label: '1/16.', beats: 0.375 },
];

/**
 * The Sampler's built-in source: one kit of named samples the engine synthesizes at start-up (no
 * files). SAMPLE 0 plays the whole kit by the General MIDI drum map (a note plays the piece at its
 * key; other keys are silent); any other SAMPLE plays that one sample at every key, pitched by
 * (key − ROOT_KEY) semitones.
 */
export const SAMPLER_KIT = {
  name: 'Footlight Kit',
  /** Drum pieces and their General MIDI keys. */
  drums: [
    { name: 'Kick', key: 36 },
    { name: 'Rim', key: 37 },
    { name: 'Snare', key: 38 },
    { name: 'Clap', key: 39 },
    { name: 'Closed Hat', key: 42 },
    { name: 'Low Tom', key: 45 },
    { name: 'Open Hat', key: 46 },
    { name: 'Crash', key: 49 },
  ],
  /** Pitched instrument samples, recorded (synthesized) at C3 = key 60. */
  tones: ['Sine Tone', 'Pluck', 'Electric Piano', 'Sub Bass'],
} as const;

/** SAMPLE options: the whole kit, then every drum piece, then every tone. */
export const SAMPLER_SAMPLES: readonly string[] = ['Kit (GM drum map)', ...SAMPLER_KIT.drums.map((d) => d.name), ...SAMPLER_KIT.tones];

// ---------------------------------------------------------------------------------------------
// Devices

type DeviceKind = 'instrument' | 'audio_effect' | 'note_effect';

export interface SlotSpec {
  readonly name: string;
  /** Device kinds the slot's chain holds. */
  readonly accepts: readonly DeviceKind[];
}

export interface DeviceSpec {
  readonly uuid: string;
  readonly name: string;
  readonly kind: DeviceKind;
  readonly category: string;
  readonly params: readonly NativeParamSpec[];
  /** Native ids of the exposed controls, in control order (at most 8). */
  readonly controls: readonly string[];
  /** Nested device chains (a container, or a Grid's FX / Note FX slots). */
  readonly slots: readonly SlotSpec[];
  /** Grid devices carry a module graph. */
  readonly grid: 'poly' | 'fx' | null;
  /** Host-level modulation sources of the device (note expressions for instruments). */
  readonly hostSources: readonly string[];
}

function device(
  name: string,
  kind: DeviceKind,
  category: string,
  params: readonly NativeParamSpec[],
  extra: Partial<Pick<DeviceSpec, 'slots' | 'grid' | 'hostSources' | 'controls'>> = {},
): DeviceSpec {
  return {
    uuid: catalogUuid('device', name),
    name,
    kind,
    category,
    params,
    controls: extra.controls ?? params.slice(0, 8).map((p) => p.id),
    slots: extra.slots ?? [],
    grid: extra.grid ?? null,
    hostSources: extra.hostSources ?? (kind === 'instrument' ? ['PITCH', 'VELOCITY', 'TIMBRE', 'PRESSURE', 'GATE'] : []),
  };
}

const AUDIO_SLOT: SlotSpec = { name: 'FX', accepts: ['audio_effect'] };
const NOTE_SLOT: SlotSpec = { name: 'Note FX', accepts: ['note_effect'] };

export const DEVICES: readonly DeviceSpec[] = [
  device(
    'Poly Grid',
    'instrument',
    'Synth',
    [
      level('OUTPUT', 'Output'),
      semis('PITCH_TRANSPOSE', 'Pitch Transpose', 36),
      pct('SHUFFLE', 'Shuffle', 0),
      pct('GLIDE', 'Glide', 0),
      bool('FREERUN', 'Freerun', false),
      bool('NOTE_THRU', 'Note Thru', false),
      bool('CONTROL_THRU', 'Control Thru', false),
      voices(),
    ],
    { grid: 'poly', slots: [AUDIO_SLOT, NOTE_SLOT], controls: ['OUTPUT', 'PITCH_TRANSPOSE', 'SHUFFLE', 'GLIDE', 'FREERUN', 'NOTE_THRU', 'CONTROL_THRU'] },
  ),
  device(
    'FX Grid',
    'audio_effect',
    'Container',
    [
      level('OUTPUT', 'Output'),
      pct('MIX', 'Mix', 1),
      semis('PITCH_TRANSPOSE', 'Pitch Transpose', 36),
      pct('SHUFFLE', 'Shuffle', 0),
      bool('AUTO_GATE', 'Auto Gate', false),
      time('AUTO_RELEASE', 'Auto Release', 0.5, 1, 10000),
      bool('FREERUN', 'Freerun', false),
    ],
    { grid: 'fx', slots: [AUDIO_SLOT] },
  ),
  device('Polysynth', 'instrument', 'Synth', [
    freq('CUTOFF', 'Cutoff', 0.7),
    pct('RESONANCE', 'Resonance', 0.2),
    choice('WAVE', 'Waveform', ['Saw', 'Pulse', 'Sine', 'Triangle']),
    time('ATTACK', 'Attack', 0.2),
    time('DECAY', 'Decay', 0.5),
    pct('SUSTAIN', 'Sustain', 0.7),
    time('RELEASE', 'Release', 0.45),
    level('OUTPUT', 'Output'),
    voices(),
  ]),
  device(
    'Sampler',
    'instrument',
    'Sampler',
    [
      semis('PITCH', 'Pitch', 48),
      time('ATTACK', 'Attack', 0),
      time('RELEASE', 'Release', 0.3),
      freq('CUTOFF', 'Cutoff', 1),
      pct('START', 'Start', 0),
      bool('REVERSE', 'Reverse', false),
      level('OUTPUT', 'Output'),
      choice('KIT', 'Kit', [SAMPLER_KIT.name]),
      choice('SAMPLE', 'Sample', SAMPLER_SAMPLES),
      whole('ROOT_KEY', 'Root Key', 0, 127, 60, linear('note')),
      voices(16),
    ],
    { controls: ['PITCH', 'ATTACK', 'RELEASE', 'CUTOFF', 'START', 'REVERSE', 'OUTPUT', 'SAMPLE'] },
  ),
  device(
    'FM-4',
    'instrument',
    'Synth',
    [
      pct('MOD_1', 'Operator 1 → 2', 0.3),
      pct('MOD_2', 'Operator 2 → 3', 0.1),
      num('RATIO', 'Ratio', 0.25, 16, 2, linear('')),
      time('ATTACK', 'Attack', 0.1),
      time('DECAY', 'Decay', 0.4),
      level('OUTPUT', 'Output'),
      voices(),
    ],
    { controls: ['MOD_1', 'MOD_2', 'RATIO', 'ATTACK', 'DECAY', 'OUTPUT'] },
  ),
  device(
    'Organ',
    'instrument',
    'Synth',
    [
      pct('DRAWBAR 16', "Drawbar 16'", 0.8),
      pct('DRAWBAR 8', "Drawbar 8'", 0.8),
      pct('DRAWBAR 4', "Drawbar 4'", 0.5),
      pct('PERCUSSION', 'Percussion', 0.2),
      level('OUTPUT', 'Output'),
      voices(),
    ],
    { controls: ['DRAWBAR 16', 'DRAWBAR 8', 'DRAWBAR 4', 'PERCUSSION', 'OUTPUT'] },
  ),
  device('EQ+', 'audio_effect', 'EQ', [
    freq('LOW_FREQ', 'Low Frequency', 0.2),
    num('LOW_GAIN', 'Low Gain', -24, 24, 0, linear('dB')),
    freq('MID_FREQ', 'Mid Frequency', 0.5),
    num('MID_GAIN', 'Mid Gain', -24, 24, 0, linear('dB')),
    freq('HIGH_FREQ', 'High Frequency', 0.8),
    num('HIGH_GAIN', 'High Gain', -24, 24, 0, linear('dB')),
    level('OUTPUT', 'Output'),
  ]),
  device('Compressor', 'audio_effect', 'Dynamics', [
    num('THRESHOLD', 'Threshold', -60, 0, -12, linear('dB')),
    num('RATIO', 'Ratio', 1, 20, 4, linear('')),
    time('ATTACK', 'Attack', 0.3, 0.1, 300),
    time('RELEASE', 'Release', 0.5, 1, 3000),
    num('MAKEUP', 'Makeup', 0, 24, 0, linear('dB')),
    pct('MIX', 'Mix', 1),
  ]),
  device('Delay+', 'audio_effect', 'Delay', [
    time('TIME', 'Time', 0.55, 1, 4000),
    pct('FEEDBACK', 'Feedback', 0.35),
    freq('LOW_CUT', 'Low Cut', 0.1),
    freq('HIGH_CUT', 'High Cut', 0.85),
    pct('MIX', 'Mix', 0.3),
    bool('PING_PONG', 'Ping Pong', false),
    bool('SYNC', 'Tempo Sync', false),
    choice(
      'TIME_SYNC',
      'Time (synced)',
      SYNC_NOTE_VALUES.map((r) => r.label),
      3,
    ),
  ]),
  device('Reverb', 'audio_effect', 'Reverb', [
    time('SIZE', 'Room Size', 0.6, 100, 20000),
    pct('DAMPING', 'Damping', 0.4),
    time('PREDELAY', 'Pre-delay', 0.2, 0.1, 500),
    pct('WIDTH', 'Width', 1),
    pct('MIX', 'Mix', 0.25),
  ]),
  device('Chorus+', 'audio_effect', 'Modulation', [rate('RATE', 'Rate', 0.4), pct('DEPTH', 'Depth', 0.5), pct('MIX', 'Mix', 0.5)]),
  device('Distortion', 'audio_effect', 'Distortion', [
    num('DRIVE', 'Drive', 0, 48, 12, linear('dB')),
    freq('TONE', 'Tone', 0.6),
    pct('MIX', 'Mix', 1),
    level('OUTPUT', 'Output'),
  ]),
  device('Filter+', 'audio_effect', 'Filter', [
    freq('CUTOFF', 'Cutoff', 0.6),
    pct('RESONANCE', 'Resonance', 0.3),
    choice('MODE', 'Mode', ['Low-pass', 'Band-pass', 'High-pass']),
    pct('MIX', 'Mix', 1),
  ]),
  device('Tool', 'audio_effect', 'Utility', [
    level('GAIN', 'Gain'),
    pct('WIDTH', 'Width', 1),
    num('PAN', 'Pan', -1, 1, 0, linear('%', 100)),
    bool('MONO', 'Mono', false),
  ]),
  device('FX Chain', 'audio_effect', 'Container', [pct('MIX', 'Mix', 1), level('OUTPUT', 'Output')], { slots: [{ name: 'Chain', accepts: ['audio_effect'] }] }),
  device('Arpeggiator', 'note_effect', 'Note FX', [
    rate('RATE', 'Rate', 0.6),
    choice('MODE', 'Mode', ['Up', 'Down', 'Up/Down', 'Random']),
    num('OCTAVES', 'Octaves', 1, 4, 1, linear('')),
    pct('GATE', 'Gate', 0.5),
    bool('SYNC', 'Tempo Sync', true),
    choice(
      'RATE_SYNC',
      'Rate (synced)',
      SYNC_NOTE_VALUES.map((r) => r.label),
      4,
    ),
  ]),
  device('Note Transpose', 'note_effect', 'Note FX', [semis('SEMITONES', 'Semitones', 48), num('OCTAVES', 'Octaves', -4, 4, 0, linear(''))]),
];

// ---------------------------------------------------------------------------------------------
// Grid modules and modulators

/** Grid signal types (port colours): logic, phase, pitch, untyped (audio and any range). */
type SignalType = 'logic' | 'phase' | 'pitch' | 'untyped';

export interface PortSpec {
  readonly id: string;
  readonly type: SignalType;
}

export interface ModuleSpec {
  readonly uuid: string;
  readonly name: string;
  readonly category: string;
  readonly inputs: readonly PortSpec[];
  readonly outputs: readonly PortSpec[];
  readonly params: readonly NativeParamSpec[];
  /** Which Grid devices offer it: Poly Grid, FX Grid or both. */
  readonly grids: readonly ('poly' | 'fx')[];
}

const port = (id: string, type: SignalType = 'untyped'): PortSpec => ({ id, type });

function mod(
  name: string,
  category: string,
  inputs: readonly PortSpec[],
  outputs: readonly PortSpec[],
  params: readonly NativeParamSpec[],
  grids: readonly ('poly' | 'fx')[] = ['poly', 'fx'],
): ModuleSpec {
  return { uuid: catalogUuid('module', name), name, category, inputs, outputs, params, grids };
}

const NOTE_KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

export const MODULES: readonly ModuleSpec[] = [
  mod('Pitch', 'I/O', [], [port('out', 'pitch')], [], ['poly']),
  mod('Gate', 'I/O', [], [port('out', 'logic')], [], ['poly']),
  mod('Velocity', 'I/O', [], [port('out')], [], ['poly']),
  mod('Audio In', 'I/O', [], [port('out')], [level('GAIN', 'Gain')], ['fx']),
  mod('Audio Out', 'I/O', [port('in')], [], [level('GAIN', 'Gain')]),
  mod(
    'Sine',
    'Oscillator',
    [port('pitch', 'pitch'), port('phase', 'phase')],
    [port('out')],
    [semis('PITCH_OFFSET', 'Pitch Offset', 48), level('LEVEL', 'Level')],
  ),
  mod('Sawtooth', 'Oscillator', [port('pitch', 'pitch')], [port('out')], [semis('PITCH_OFFSET', 'Pitch Offset', 48), level('LEVEL', 'Level')]),
  mod(
    'Pulse',
    'Oscillator',
    [port('pitch', 'pitch'), port('width')],
    [port('out')],
    [semis('PITCH_OFFSET', 'Pitch Offset', 48), pct('PULSE_WIDTH', 'Pulse Width', 0.5), level('LEVEL', 'Level')],
  ),
  mod('Noise', 'Oscillator', [], [port('out')], [choice('COLOR', 'Colour', ['White', 'Pink']), level('LEVEL', 'Level')]),
  mod(
    'Low-pass LD',
    'Filter',
    [port('in'), port('cutoff', 'pitch')],
    [port('out')],
    [freq('CUTOFF', 'Cutoff', 0.6), pct('RESONANCE', 'Resonance', 0.2), num('DRIVE', 'Drive', 0, 24, 0, linear('dB'))],
  ),
  mod(
    'SVF',
    'Filter',
    [port('in'), port('cutoff', 'pitch')],
    [port('out')],
    [freq('CUTOFF', 'Cutoff', 0.5), pct('RESONANCE', 'Resonance', 0.3), choice('MODE', 'Mode', ['Low-pass', 'Band-pass', 'High-pass', 'Notch'])],
  ),
  mod(
    'ADSR',
    'Envelope',
    [port('gate', 'logic')],
    [port('out')],
    [
      time('ATTACK', 'Attack', 0.25),
      time('DECAY', 'Decay', 0.5),
      pct('SUSTAIN', 'Sustain', 0.6),
      time('RELEASE', 'Release', 0.45),
      bool('VELOCITY', 'Velocity Sensitive', true),
    ],
  ),
  mod('Attenuate', 'Level', [port('in'), port('amount')], [port('out')], [pct('AMOUNT', 'Amount', 1)]),
  mod('Gain - Vol', 'Level', [port('in')], [port('out')], [level('GAIN', 'Gain')]),
  mod(
    'Mixer',
    'Mix',
    [port('in 1'), port('in 2'), port('in 3')],
    [port('out')],
    [pct('IN 1', 'Level 1', 1), pct('IN 2', 'Level 2', 1), pct('IN 3', 'Level 3', 1)],
  ),
  mod(
    'Long Delay',
    'Delay',
    [port('in'), port('time')],
    [port('out')],
    [time('TIME', 'Time', 0.6, 1, 10000), pct('FEEDBACK', 'Feedback', 0.3), pct('MIX', 'Mix', 0.5)],
  ),
  mod('Add', 'Math', [port('a'), port('b')], [port('out')], []),
  mod('Multiply', 'Math', [port('a'), port('b')], [port('out')], []),
  mod('Transpose', 'Pitch', [port('in', 'pitch')], [port('out', 'pitch')], [semis('SEMITONES', 'Semitones', 48)]),
  mod(
    'Pitch Quantize',
    'Pitch',
    [port('in', 'pitch')],
    [port('out', 'pitch')],
    NOTE_KEYS.map((k) => bool(k, k, ['C', 'D', 'E', 'F', 'G', 'A', 'B'].includes(k))),
  ),
  mod('Constant Pitch', 'Pitch', [], [port('out', 'pitch')], [num('KEY', 'Key', 0, 127, 60, linear('note'))]),
  mod(
    'LFO',
    'Modulation',
    [port('reset', 'logic')],
    [port('out'), port('phase', 'phase')],
    [rate('RATE', 'Rate', 0.5), choice('SHAPE', 'Shape', ['Sine', 'Triangle', 'Saw', 'Square']), bool('BIPOLAR', 'Bipolar', true)],
  ),
  mod('Value Knob', 'Data', [], [port('out')], [pct('VALUE', 'Value', 0.5)]),
];

export interface ModulatorSpec {
  readonly uuid: string;
  readonly name: string;
  readonly category: string;
  readonly outputs: readonly PortSpec[];
  readonly params: readonly NativeParamSpec[];
}

function modulator(name: string, category: string, params: readonly NativeParamSpec[]): ModulatorSpec {
  return { uuid: catalogUuid('modulator', name), name, category, outputs: [port('out')], params };
}

export const MODULATORS: readonly ModulatorSpec[] = [
  modulator('LFO', 'Periodic', [rate('RATE', 'Rate', 0.5), choice('SHAPE', 'Shape', ['Sine', 'Triangle', 'Saw', 'Square']), pct('PHASE', 'Phase', 0)]),
  modulator('ADSR', 'Envelope', [time('ATTACK', 'Attack', 0.2), time('DECAY', 'Decay', 0.5), pct('SUSTAIN', 'Sustain', 0.7), time('RELEASE', 'Release', 0.4)]),
  modulator('Random', 'Random', [rate('RATE', 'Rate', 0.4), pct('SMOOTH', 'Smooth', 0.5)]),
  modulator('Macro', 'Manual', [pct('VALUE', 'Value', 0)]),
  modulator('Keytrack', 'Note', [num('CENTER KEY', 'Center Key', 0, 127, 60, linear('note'))]),
];

const DEVICE_BY_UUID = new Map(DEVICES.map((d) => [d.uuid, d]));
const MODULE_BY_UUID = new Map(MODULES.map((m) => [m.uuid, m]));
const MODULATOR_BY_UUID = new Map(MODULATORS.map((m) => [m.uuid, m]));

export const deviceSpec = (uuid: string): DeviceSpec | undefined => DEVICE_BY_UUID.get(uuid);
export const moduleSpec = (uuid: string): ModuleSpec | undefined => MODULE_BY_UUID.get(uuid);
export const modulatorSpec = (uuid: string): ModulatorSpec | undefined => MODULATOR_BY_UUID.get(uuid);

/** Which catalog a UUID belongs to, if any. */
export function uuidKind(uuid: string): UuidKind | undefined {
  if (DEVICE_BY_UUID.has(uuid)) return 'device';
  if (MODULE_BY_UUID.has(uuid)) return 'module';
  if (MODULATOR_BY_UUID.has(uuid)) return 'modulator';
  return undefined;
}

export function deviceByName(name: string): DeviceSpec {
  const d = DEVICES.find((x) => x.name === name);
  if (d === undefined) throw new Error(`no device named ${name}`);
  return d;
}

export function moduleByName(name: string): ModuleSpec {
  const m = MODULES.find((x) => x.name === name);
  if (m === undefined) throw new Error(`no module named ${name}`);
  return m;
}

export function modulatorByName(name: string): ModulatorSpec {
  const m = MODULATORS.find((x) => x.name === name);
  if (m === undefined) throw new Error(`no modulator named ${name}`);
  return m;
}

/** Case-insensitive search over names and categories; an empty query lists everything. */
export function matchesQuery(query: string, ...fields: readonly string[]): boolean {
  const q = query.trim().toLowerCase();
  if (q.length === 0) return true;
  const hay = fields.join(' ').toLowerCase();
  return q.split(/\s+/).every((word) => hay.includes(word));
}
