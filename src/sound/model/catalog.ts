import { createHash } from 'node:crypto';
import type { DeviceKind, SlotSpec } from '../audio/dsp/device.js';
import { DEVICE_TABLE } from '../audio/dsp/device-table.js';
import { bool, choice, freq, level, linear, num, pct, rate, semis, time, type NativeParamSpec } from '../audio/dsp/params.js';

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

// ---------------------------------------------------------------------------------------------
// Devices

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

/** The device table's entries (one file per device under audio/dsp), in its order, with their UUIDs. */
export const DEVICES: readonly DeviceSpec[] = DEVICE_TABLE.map((d) => ({
  uuid: catalogUuid('device', d.name),
  name: d.name,
  kind: d.kind,
  category: d.category,
  params: d.params,
  controls: d.controls ?? d.params.slice(0, 8).map((p) => p.id),
  slots: d.slots ?? [],
  grid: d.grid ?? null,
  hostSources: d.kind === 'instrument' ? ['PITCH', 'VELOCITY', 'TIMBRE', 'PRESSURE', 'GATE'] : [],
}));

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
