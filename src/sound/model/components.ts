import { Component, type ComponentArray } from '../../engine/component.js';
import { internal } from '../../engine/errors.js';
import { digest } from '../../engine/guards.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { NumericParameter } from '../../engine/parameters/numeric.js';
import type { SlotSpec } from '../audio/dsp/device.js';
import type { NativeParamSpec } from '../audio/dsp/params.js';
import { SAMPLER } from '../audio/dsp/sampler.js';
import { deviceSpec, modulatorSpec, moduleSpec, type DeviceSpec, type ModulatorSpec, type ModuleSpec } from './catalog.js';
import { SEND_DB_MAX, SEND_DB_MIN } from './mix.js';
import { checkAudioClip, type AudioClipJson } from './audio-clips.js';
import { checkZones, type ZoneJson } from './sample-zones.js';
import { formatDisplay, toDisplayNumber } from './units.js';

/**
 * The sound host's object model, built from kernel components so that every object has a
 * global id (the protocol's track_id / instance_id / module id / clip native_id), lives in the
 * one graph and is changed only by commands in the one history.
 *
 *   sound (SoundRoot)
 *   └── project (SoundProject): tempo, meter, arranger loop, metronome
 *       ├── track/n (Track): groups hold track/n children; devices; arranger clips
 *       ├── fx/n (Track, type effect)
 *       └── master (Track, type master)
 *   Track ── device/n (Device): native parameters; slot chains; grid (GridGraph) for Grid devices
 *   GridGraph ── module/n (GridModule), modulator/n (GridModulator), connections
 */

type TrackType = 'instrument' | 'audio' | 'hybrid' | 'group' | 'effect' | 'master';
const TRACK_TYPES: readonly TrackType[] = ['instrument', 'audio', 'hybrid', 'group', 'effect', 'master'];

/** The flat ALL_CHANNELS bank holds at most this many tracks. */
export const BANK_SIZE = 64;
/** Quarter-note beats: the longest project position. */
export const MAX_BEATS = 24576;

// ---------------------------------------------------------------------------------------------
// Native parameters

export type NativeValue = number | boolean;

function makeNativeParam(spec: NativeParamSpec): NumericParameter {
  switch (spec.type) {
    case 'boolean':
      return new BooleanParameter(spec.name, spec.default > 0);
    case 'enum':
      return new EnumParameter(
        spec.name,
        (spec.options ?? []).map((label) => ({ label })),
        spec.default,
      );
    default:
      return new BoundedParameter(spec.name, spec.default, { v0: spec.min, v1: spec.max });
  }
}

/** A node that owns native parameters by exact string id (a device, a module, a modulator). */
export interface NativeHolder {
  readonly nativeSpecs: readonly NativeParamSpec[];
  readonly native: ReadonlyMap<string, NumericParameter>;
}

function addNative(c: Component, specs: readonly NativeParamSpec[]): Map<string, NumericParameter> {
  const map = new Map<string, NumericParameter>();
  for (const spec of specs) map.set(spec.id, c.addParameter(`native:${spec.id}`, makeNativeParam(spec)));
  return map;
}

export function nativeValue(spec: NativeParamSpec, p: NumericParameter): NativeValue {
  const v = p.getBaseValue();
  return spec.type === 'boolean' ? v > 0 : v;
}

export function nativeDisplay(spec: NativeParamSpec, v: NativeValue): string {
  if (spec.type === 'boolean') return v === true ? 'On' : 'Off';
  if (spec.type === 'enum') return spec.options?.[v as number] ?? String(v);
  return spec.scale === undefined ? String(v) : formatDisplay(spec.scale.unit, toDisplayNumber(spec.scale, v as number));
}

/** Normalized 0–1 view of a native value (exposed controls). */
export function nativeToNormalized(spec: NativeParamSpec, v: NativeValue): number {
  if (spec.type === 'boolean') return v === true ? 1 : 0;
  const range = spec.max - spec.min;
  return range === 0 ? 0 : ((v as number) - spec.min) / range;
}

export function normalizedToNative(spec: NativeParamSpec, n: number): NativeValue {
  if (spec.type === 'boolean') return n >= 0.5;
  if (spec.type === 'enum' || spec.integer === true) return Math.min(spec.max, Math.round(n * (spec.max - spec.min)) + spec.min);
  return spec.min + n * (spec.max - spec.min);
}

function loadNative(holder: NativeHolder, values: Readonly<Record<string, unknown>> | undefined): void {
  if (values === undefined) return;
  for (const spec of holder.nativeSpecs) {
    const v = values[spec.id];
    const p = holder.native.get(spec.id);
    if (p === undefined || v === undefined) continue;
    if (spec.type === 'boolean' && typeof v === 'boolean') p.setBase(v);
    else if (
      typeof v === 'number' &&
      Number.isFinite(v) &&
      v >= spec.min &&
      v <= spec.max &&
      ((spec.type !== 'enum' && spec.integer !== true) || Number.isInteger(v))
    )
      p.setBase(v);
    else throw new Error(`parameter ${JSON.stringify(spec.id)}: ${JSON.stringify(v)} is outside its native domain`);
  }
}

function saveNative(holder: NativeHolder): Record<string, NativeValue> {
  const out: Record<string, NativeValue> = {};
  for (const spec of holder.nativeSpecs) out[spec.id] = nativeValue(spec, holder.native.get(spec.id)!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Components

export class SoundRoot extends Component {
  constructor() {
    super('Sound');
    this.key = 'sound';
  }

  get project(): SoundProject {
    return this.children.get('project') as SoundProject;
  }
}

export interface CueMarker {
  readonly name: string;
  readonly beat: number;
}

export class SoundProject extends Component {
  readonly tempo = new BoundedParameter('Tempo', 120, { v0: 20, v1: 666, description: 'Beats per minute' });
  readonly meterNumerator = new DiscreteParameter('Meter Numerator', 4, 1, 32);
  readonly meterDenominator = new DiscreteParameter('Meter Denominator', 4, 1, 32);
  readonly loopEnabled = new BooleanParameter('Arranger Loop', false);
  readonly loopStart = new BoundedParameter('Loop Start', 0, { v0: 0, v1: MAX_BEATS });
  readonly loopDuration = new BoundedParameter('Loop Duration', 16, { v0: 0, v1: MAX_BEATS });
  readonly metronome = new BooleanParameter('Metronome', false);
  readonly tracks: ComponentArray<Track>;
  readonly fx: ComponentArray<Track>;
  /** Cue markers (from MIDI import), in beats. Replaced as a whole by commands. */
  cueMarkers: readonly CueMarker[] = [];

  constructor(name: string) {
    super(name);
    this.addParameter('tempo', this.tempo);
    this.addParameter('meterNumerator', this.meterNumerator);
    this.addParameter('meterDenominator', this.meterDenominator);
    this.addParameter('loopEnabled', this.loopEnabled);
    this.addParameter('loopStart', this.loopStart);
    this.addParameter('loopDuration', this.loopDuration);
    this.addParameter('metronome', this.metronome);
    this.tracks = this.addArray<Track>('track');
    this.fx = this.addArray<Track>('fx');
    this.addChild('master', new Track('Master', 'master'));
  }

  get name(): string {
    return this.label.getString();
  }

  get master(): Track {
    return this.children.get('master') as Track;
  }

  /** The flat ALL_CHANNELS bank: main tracks depth first (groups before children), FX, master. */
  flatTracks(): FlatTrack[] {
    const out: FlatTrack[] = [];
    const walk = (list: readonly Track[], parent: Track | null, depth: number, hidden: boolean): void => {
      for (const t of list) {
        out.push({ track: t, index: out.length, parent, depth, hidden });
        if (t.subtracks !== null) walk(t.subtracks.items, t, depth + 1, hidden || !t.groupExpanded);
      }
    };
    walk(this.tracks.items, null, 0, false);
    for (const t of this.fx.items) out.push({ track: t, index: out.length, parent: null, depth: 0, hidden: false });
    out.push({ track: this.master, index: out.length, parent: null, depth: 0, hidden: false });
    return out;
  }
}

export interface FlatTrack {
  readonly track: Track;
  readonly index: number;
  readonly parent: Track | null;
  readonly depth: number;
  /** Inside a collapsed group: not shown in the arranger, still in the ALL_CHANNELS bank. */
  readonly hidden: boolean;
}

/** Device kinds a track's own chain holds. */
function chainAccepts(type: TrackType): readonly DeviceSpec['kind'][] {
  return type === 'effect' || type === 'master' || type === 'audio' ? ['audio_effect'] : ['note_effect', 'instrument', 'audio_effect'];
}

/** A send from a track to an effect track (the mixer's law is in mix.ts). */
export interface Send {
  readonly target: Track;
  readonly levelDb: number;
  readonly preFader: boolean;
}

export class Track extends Component {
  readonly mute = new BooleanParameter('Mute', false);
  readonly arm = new BooleanParameter('Arm', false);
  readonly solo = new BooleanParameter('Solo', false);
  readonly volume = new BoundedParameter('Volume', 0.8, { description: 'Normalized fader position' });
  readonly pan = new BoundedParameter('Pan', 0, { v0: -1, v1: 1 });
  readonly devices: ComponentArray<Device>;
  /** Child tracks: groups only. */
  readonly subtracks: ComponentArray<Track> | null;
  readonly clips: ComponentArray<ArrangerClip>;
  /** UI state: an unfolded group shows its children in the arranger. */
  groupExpanded = true;
  /** Sends to effect tracks, at most one per target. Replaced as a whole by commands. */
  sends: readonly Send[] = [];

  constructor(
    name: string,
    readonly type: TrackType,
  ) {
    super(name);
    this.addParameter('mute', this.mute);
    this.addParameter('arm', this.arm);
    this.addParameter('solo', this.solo);
    this.addParameter('volume', this.volume);
    this.addParameter('pan', this.pan);
    this.devices = this.addArray<Device>('device');
    this.subtracks = type === 'group' ? this.addArray<Track>('track') : null;
    this.clips = this.addArray<ArrangerClip>('clip');
  }

  get name(): string {
    return this.label.getString();
  }

  /** Instrument, audio, hybrid and group tracks may be armed. */
  get armable(): boolean {
    return this.type !== 'effect' && this.type !== 'master';
  }

  /** Instrument, audio, hybrid and group tracks may send to effect tracks. */
  get canSend(): boolean {
    return this.type !== 'effect' && this.type !== 'master';
  }

  /** Note clips live on instrument and hybrid tracks. */
  get holdsNotes(): boolean {
    return this.type === 'instrument' || this.type === 'hybrid';
  }
}

/** One device chain: a track's own, or a slot inside a container device. */
export interface Chain {
  /** The track, or the device whose slot this is. */
  readonly owner: Track | Device;
  readonly slot: string | null;
  readonly devices: ComponentArray<Device>;
  readonly accepts: readonly DeviceSpec['kind'][];
}

export function trackChain(t: Track): Chain {
  return { owner: t, slot: null, devices: t.devices, accepts: chainAccepts(t.type) };
}

function slotArrayName(slot: string): string {
  return `slot:${slot}`;
}

export class Device extends Component implements NativeHolder {
  readonly spec: DeviceSpec;
  readonly enabled = new BooleanParameter('Enabled', true);
  readonly native: Map<string, NumericParameter>;
  readonly slots: ReadonlyMap<string, ComponentArray<Device>>;
  /** UI state: the device's editor window. */
  windowOpen = false;
  /** The Sampler's own samples (sample-zones.ts); none: it plays its built-in kit. */
  zones: readonly ZoneJson[] = [];

  constructor(spec: DeviceSpec) {
    super(spec.name);
    this.spec = spec;
    this.addParameter('enabled', this.enabled);
    this.native = addNative(this, spec.params);
    const slots = new Map<string, ComponentArray<Device>>();
    for (const s of spec.slots) slots.set(s.name, this.addArray<Device>(slotArrayName(s.name)));
    this.slots = slots;
    if (spec.grid !== null) this.addChild('grid', new GridGraph());
  }

  get nativeSpecs(): readonly NativeParamSpec[] {
    return this.spec.params;
  }

  get grid(): GridGraph | null {
    return (this.children.get('grid') as GridGraph | undefined) ?? null;
  }

  slotChain(slot: SlotSpec): Chain {
    return { owner: this, slot: slot.name, devices: this.slots.get(slot.name)!, accepts: slot.accepts };
  }
}

/** The chain a device sits in: its track's, or a slot of the device that holds it. */
export function chainOf(d: Device): Chain {
  const owner = d.parent;
  if (owner instanceof Track) return trackChain(owner);
  if (owner instanceof Device) {
    const slot = owner.spec.slots.find((s) => slotArrayName(s.name) === d.key);
    if (slot !== undefined) return owner.slotChain(slot);
  }
  throw internal(`device ${d.id} is in no chain`);
}

/** A chain in words, for refusals: "the chain of track Bass", "the FX slot of Poly Grid". */
export function chainName(chain: Chain): string {
  return chain.owner instanceof Track ? `the chain of track ${chain.owner.name}` : `the ${chain.slot} slot of ${chain.owner.label.getString()}`;
}

// ---------------------------------------------------------------------------------------------
// Grid

/** A cord from an out port of a module or modulator to an in port of a module. */
export interface Connection {
  readonly source: GridModule | GridModulator;
  readonly sourcePort: number;
  readonly target: GridModule;
  readonly targetPort: number;
  /**
   * Depth of a modulator cord, bipolar −1…1 (the modulator's output is scaled by it before it
   * adds to the input). Module cords carry their signal unscaled: always 1.
   */
  readonly amount: number;
}

export const COORDINATE_LIMIT = 4096;

export class GridGraph extends Component {
  readonly modules: ComponentArray<GridModule>;
  readonly modulators: ComponentArray<GridModulator>;
  connections: Connection[] = [];

  constructor() {
    super('Grid');
    this.modules = this.addArray<GridModule>('module');
    this.modulators = this.addArray<GridModulator>('modulator');
  }

  /** The device that holds this graph. */
  get device(): Device {
    return this.parent as Device;
  }

  nodeAt(x: number, y: number): GridModule | GridModulator | undefined {
    for (const m of this.modules.items) if (m.x === x && m.y === y) return m;
    for (const m of this.modulators.items) if (m.x === x && m.y === y) return m;
    return undefined;
  }

  node(id: number): GridModule | GridModulator | undefined {
    for (const m of this.modules.items) if (m.id === id) return m;
    for (const m of this.modulators.items) if (m.id === id) return m;
    return undefined;
  }
}

/** A node of a Grid patch: a catalog spec, a position on the canvas and its native parameters. */
abstract class GridNode<S extends ModuleSpec | ModulatorSpec> extends Component implements NativeHolder {
  readonly spec: S;
  readonly native: Map<string, NumericParameter>;
  x: number;
  y: number;

  constructor(spec: S, x: number, y: number) {
    super(spec.name);
    this.spec = spec;
    this.x = x;
    this.y = y;
    this.native = addNative(this, spec.params);
  }

  get nativeSpecs(): readonly NativeParamSpec[] {
    return this.spec.params;
  }
}

export class GridModule extends GridNode<ModuleSpec> {}

export class GridModulator extends GridNode<ModulatorSpec> {}

// ---------------------------------------------------------------------------------------------
// Arranger

/** A note in quarter-note beats, relative to the clip start. */
export interface Note {
  readonly pitch: number;
  readonly start: number;
  readonly duration: number;
  /** MIDI velocity 1–127. */
  readonly velocity: number;
  /** MIDI channel 0–15. */
  readonly channel: number;
}

export class ArrangerClip extends Component {
  readonly loopEnabled = new BooleanParameter('Loop', false);
  private cachedNotesDigest: string | null = null;
  start: number;
  length: number;
  loopStart: number;
  loopLength: number;
  readonly notes: readonly Note[];
  /** On an audio track: the sample it plays (audio-clips.ts); null for a note clip. Replaced only with the whole clip. */
  readonly audio: AudioClipJson | null;

  constructor(
    name: string,
    start: number,
    length: number,
    notes: readonly Note[],
    loop: { enabled: boolean; start: number; length: number },
    audio: AudioClipJson | null = null,
  ) {
    super(name);
    this.audio = audio;
    this.addParameter('loopEnabled', this.loopEnabled);
    this.start = start;
    this.length = length;
    this.loopEnabled.setOn(loop.enabled);
    this.loopStart = loop.start;
    this.loopLength = loop.length;
    this.notes = notes;
  }

  /** Digest of the notes (immutable for the life of the clip), computed once. */
  get notesDigest(): string {
    this.cachedNotesDigest ??= digest(this.notes.map((n) => [n.pitch, n.start, n.duration, n.velocity, n.channel]));
    return this.cachedNotesDigest;
  }
}

// ---------------------------------------------------------------------------------------------
// Documents: the JSON form of the model (project files, and undo snapshots with ids)

export interface NodeJson {
  /** Present in undo snapshots, so that re-creation keeps the ids; absent in project files. */
  readonly id?: number;
}
export interface ClipJson extends NodeJson {
  readonly name: string;
  readonly start: number;
  readonly length: number;
  readonly loop_enabled: boolean;
  readonly loop_start: number;
  readonly loop_length: number;
  /** [pitch, start, duration, velocity, channel] */
  readonly notes: readonly (readonly [number, number, number, number, number])[];
  /** Only in digest-only documents (SaveOptions.notesAsDigest). */
  readonly notes_digest?: string;
  /** An audio clip's sample, gain and offset (audio tracks only; absent: a note clip). */
  readonly audio?: AudioClipJson;
}
export interface ConnectionJson {
  readonly source_kind: 'module' | 'modulator';
  /** Index into modules / modulators of the same graph. */
  readonly source: number;
  readonly source_port: number;
  readonly target: number;
  readonly target_port: number;
  /** Modulator cords' depth −1…1; absent means 1. */
  readonly amount?: number;
}
export interface GridNodeJson extends NodeJson {
  readonly uuid: string;
  readonly x: number;
  readonly y: number;
  readonly params: Readonly<Record<string, NativeValue>>;
}
export interface GraphJson {
  readonly modules: readonly GridNodeJson[];
  readonly modulators: readonly GridNodeJson[];
  readonly connections: readonly ConnectionJson[];
}
export interface DeviceJson extends NodeJson {
  readonly uuid: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly params: Readonly<Record<string, NativeValue>>;
  readonly slots: Readonly<Record<string, readonly DeviceJson[]>>;
  readonly grid?: GraphJson & NodeJson;
  /** The Sampler's sample zones (absent: none, the built-in kit plays). */
  readonly zones?: readonly ZoneJson[];
}
/** A send: `target_id` in undo snapshots, `fx_index` (position in the fx list) in project files. */
export interface SendJson {
  readonly target_id?: number;
  readonly fx_index?: number;
  readonly level_db: number;
  readonly pre_fader: boolean;
}
export interface TrackJson extends NodeJson {
  readonly name: string;
  readonly type: TrackType;
  readonly muted: boolean;
  readonly armed: boolean;
  readonly solo: boolean;
  readonly volume: number;
  readonly pan: number;
  readonly group_expanded: boolean;
  readonly devices: readonly DeviceJson[];
  readonly children?: readonly TrackJson[];
  readonly clips: readonly ClipJson[];
  /** Absent means none. */
  readonly sends?: readonly SendJson[];
}

/** A new track's document: unmuted, unarmed, not soloed, fader at 0.8, centred, expanded; empty unless `parts` says otherwise. */
export function newTrackJson(name: string, type: TrackType, parts: Partial<Pick<TrackJson, 'devices' | 'clips' | 'children'>> = {}): TrackJson {
  return {
    name,
    type,
    muted: false,
    armed: false,
    solo: false,
    volume: 0.8,
    pan: 0,
    group_expanded: true,
    devices: parts.devices ?? [],
    clips: parts.clips ?? [],
    ...(type === 'group' ? { children: parts.children ?? [] } : {}),
  };
}

export interface ProjectJson {
  readonly name: string;
  readonly tempo: number;
  readonly meter: { readonly numerator: number; readonly denominator: number };
  readonly arranger_loop: { readonly enabled: boolean; readonly start: number; readonly duration: number };
  readonly metronome: boolean;
  readonly cue_markers: readonly CueMarker[];
  readonly tracks: readonly TrackJson[];
  readonly fx: readonly TrackJson[];
  readonly master: TrackJson;
}

interface SaveOptions {
  /** Include component ids (undo snapshots). Project files leave them out. */
  readonly ids: boolean;
  /** Replace each clip's notes by their digest (cheap document comparison, not a file). */
  readonly notesAsDigest?: boolean;
}

const withId = (c: Component, o: SaveOptions): NodeJson => (o.ids ? { id: c.id } : {});

export function saveClip(c: ArrangerClip, o: SaveOptions): ClipJson {
  return {
    ...withId(c, o),
    name: c.label.getString(),
    start: c.start,
    length: c.length,
    loop_enabled: c.loopEnabled.isOn(),
    loop_start: c.loopStart,
    loop_length: c.loopLength,
    notes: o.notesAsDigest === true ? [] : c.notes.map((n) => [n.pitch, n.start, n.duration, n.velocity, n.channel] as const),
    ...(o.notesAsDigest === true ? { notes_digest: c.notesDigest } : {}),
    ...(c.audio !== null ? { audio: c.audio } : {}),
  };
}

export function saveGridNode(m: GridModule | GridModulator, o: SaveOptions): GridNodeJson {
  return { ...withId(m, o), uuid: m.spec.uuid, x: m.x, y: m.y, params: saveNative(m) };
}

export function saveGraph(g: GridGraph, o: SaveOptions): GraphJson & NodeJson {
  const node = (m: GridModule | GridModulator): GridNodeJson => saveGridNode(m, o);
  return {
    ...withId(g, o),
    modules: g.modules.items.map(node),
    modulators: g.modulators.items.map(node),
    connections: g.connections.map((c) => ({
      source_kind: c.source instanceof GridModule ? 'module' : 'modulator',
      source: c.source instanceof GridModule ? g.modules.indexOf(c.source) : g.modulators.indexOf(c.source),
      source_port: c.sourcePort,
      target: g.modules.indexOf(c.target),
      target_port: c.targetPort,
      amount: c.amount,
    })),
  };
}

export function saveDevice(d: Device, o: SaveOptions): DeviceJson {
  const slots: Record<string, DeviceJson[]> = {};
  for (const [name, arr] of d.slots) slots[name] = arr.items.map((x) => saveDevice(x, o));
  const grid = d.grid;
  return {
    ...withId(d, o),
    uuid: d.spec.uuid,
    name: d.label.getString(),
    enabled: d.enabled.isOn(),
    params: saveNative(d),
    slots,
    ...(grid !== null ? { grid: saveGraph(grid, o) } : {}),
    ...(d.zones.length > 0 ? { zones: d.zones } : {}),
  };
}

export function saveTrack(t: Track, o: SaveOptions): TrackJson {
  return {
    ...withId(t, o),
    name: t.name,
    type: t.type,
    muted: t.mute.isOn(),
    armed: t.arm.isOn(),
    solo: t.solo.isOn(),
    volume: t.volume.getBaseValue(),
    pan: t.pan.getBaseValue(),
    group_expanded: t.groupExpanded,
    devices: t.devices.items.map((d) => saveDevice(d, o)),
    ...(t.subtracks !== null ? { children: t.subtracks.items.map((c) => saveTrack(c, o)) } : {}),
    clips: t.clips.items.map((c) => saveClip(c, o)),
    ...(t.sends.length > 0 ? { sends: t.sends.map((x) => saveSend(t, x, o)) } : {}),
  };
}

function saveSend(t: Track, x: Send, o: SaveOptions): SendJson {
  const common = { level_db: x.levelDb, pre_fader: x.preFader };
  if (o.ids) return { target_id: x.target.id, ...common };
  let p: Component | null = t.parent;
  while (p !== null && !(p instanceof SoundProject)) p = p.parent;
  const fx = p instanceof SoundProject ? p.fx.indexOf(x.target) : -1;
  if (fx < 0) throw new Error(`a send of track ${t.name} names an effect track outside its project`);
  return { fx_index: fx, ...common };
}

export function saveProject(p: SoundProject, o: SaveOptions): ProjectJson {
  return {
    name: p.name,
    tempo: p.tempo.getBaseValue(),
    meter: { numerator: p.meterNumerator.getBaseValue(), denominator: p.meterDenominator.getBaseValue() },
    arranger_loop: { enabled: p.loopEnabled.isOn(), start: p.loopStart.getBaseValue(), duration: p.loopDuration.getBaseValue() },
    metronome: p.metronome.isOn(),
    cue_markers: p.cueMarkers.map((m) => ({ name: m.name, beat: m.beat })),
    tracks: p.tracks.items.map((t) => saveTrack(t, o)),
    fx: p.fx.items.map((t) => saveTrack(t, o)),
    master: saveTrack(p.master, o),
  };
}

// Building from JSON. Builders validate as they go and throw plain Errors with a JSON-path-like
// location; the project loader turns them into invalid_argument.

function setId(c: Component, json: NodeJson): void {
  if (typeof json.id === 'number' && Number.isInteger(json.id) && json.id > 0) c.id = json.id;
}

function finite(v: unknown, what: string, min = -Infinity, max = Infinity): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw new Error(`${what} must be a number in ${min}–${max}; got ${JSON.stringify(v)}`);
  return v;
}

function int(v: unknown, what: string, min: number, max: number): number {
  const n = finite(v, what, min, max);
  if (!Number.isInteger(n)) throw new Error(`${what} must be an integer; got ${n}`);
  return n;
}

function bool(v: unknown, what: string): boolean {
  if (typeof v !== 'boolean') throw new Error(`${what} must be true or false; got ${JSON.stringify(v)}`);
  return v;
}

function str(v: unknown, what: string, max = 256): string {
  if (typeof v !== 'string' || v.length > max) throw new Error(`${what} must be a string of at most ${max} characters`);
  return v;
}

export function buildClip(json: ClipJson): ArrangerClip {
  const notes: Note[] = [];
  if (!Array.isArray(json.notes)) throw new Error('clip notes must be an array');
  for (const n of json.notes) {
    if (!Array.isArray(n) || n.length !== 5) throw new Error('a note is [pitch, start, duration, velocity, channel]');
    notes.push({
      pitch: int(n[0], 'note pitch', 0, 127),
      start: finite(n[1], 'note start', 0, MAX_BEATS),
      duration: finite(n[2], 'note duration', 0, MAX_BEATS),
      velocity: int(n[3], 'note velocity', 1, 127),
      channel: int(n[4], 'note channel', 0, 15),
    });
  }
  const c = new ArrangerClip(
    str(json.name, 'clip name'),
    finite(json.start, 'clip start', 0, MAX_BEATS),
    finite(json.length, 'clip length', 0, MAX_BEATS),
    notes,
    {
      enabled: bool(json.loop_enabled, 'clip loop_enabled'),
      start: finite(json.loop_start, 'clip loop_start', 0, MAX_BEATS),
      length: finite(json.loop_length, 'clip loop_length', 0, MAX_BEATS),
    },
    json.audio === undefined ? null : checkAudioClip(json.audio),
  );
  setId(c, json);
  return c;
}

export function buildGridNode(kind: 'module', j: GridNodeJson): GridModule;
export function buildGridNode(kind: 'modulator', j: GridNodeJson): GridModulator;
export function buildGridNode(kind: 'module' | 'modulator', j: GridNodeJson): GridModule | GridModulator;
export function buildGridNode(kind: 'module' | 'modulator', j: GridNodeJson): GridModule | GridModulator {
  const x = int(j.x, 'x', -COORDINATE_LIMIT, COORDINATE_LIMIT);
  const y = int(j.y, 'y', -COORDINATE_LIMIT, COORDINATE_LIMIT);
  let n: GridModule | GridModulator;
  if (kind === 'module') {
    const spec = moduleSpec(j.uuid);
    if (spec === undefined) throw new Error(`unknown Grid module UUID ${JSON.stringify(j.uuid)}`);
    n = new GridModule(spec, x, y);
  } else {
    const spec = modulatorSpec(j.uuid);
    if (spec === undefined) throw new Error(`unknown Grid modulator UUID ${JSON.stringify(j.uuid)}`);
    n = new GridModulator(spec, x, y);
  }
  loadNative(n, j.params);
  setId(n, j);
  return n;
}

export function buildGraph(g: GridGraph, json: GraphJson & NodeJson): void {
  setId(g, json);
  for (const j of json.modules) g.modules.insert(buildGridNode('module', j));
  for (const j of json.modulators) g.modulators.insert(buildGridNode('modulator', j));
  const seen = new Set<string>();
  for (const n of [...g.modules.items, ...g.modulators.items]) {
    const k = `${n.x},${n.y}`;
    if (seen.has(k)) throw new Error(`two Grid nodes sit at ${k}`);
    seen.add(k);
  }
  g.connections = json.connections.map((c) => {
    const source = c.source_kind === 'module' ? g.modules.at(c.source) : c.source_kind === 'modulator' ? g.modulators.at(c.source) : undefined;
    const target = g.modules.at(c.target);
    if (source === undefined || target === undefined) throw new Error('a Grid connection names a node that does not exist');
    const sp = int(c.source_port, 'source_port', 0, source.spec.outputs.length - 1);
    const tp = int(c.target_port, 'target_port', 0, target.spec.inputs.length - 1);
    const amount = finite(c.amount ?? 1, 'cord amount', -1, 1);
    if (source instanceof GridModule && amount !== 1) throw new Error('a cord from a module carries no amount (only modulator cords have a depth)');
    return { source, sourcePort: sp, target, targetPort: tp, amount };
  });
}

export function buildDevice(json: DeviceJson): Device {
  const spec = deviceSpec(json.uuid);
  if (spec === undefined) throw new Error(`unknown device UUID ${JSON.stringify(json.uuid)}`);
  const d = new Device(spec);
  d.label.setBase(str(json.name, 'device name'));
  d.enabled.setOn(bool(json.enabled, 'device enabled'));
  loadNative(d, json.params);
  for (const s of spec.slots) {
    const list = json.slots?.[s.name] ?? [];
    const arr = d.slots.get(s.name)!;
    for (const child of list) {
      const c = buildDevice(child);
      if (!s.accepts.includes(c.spec.kind)) throw new Error(`slot ${s.name} of ${spec.name} cannot hold ${c.spec.name}`);
      arr.insert(c);
    }
  }
  const grid = d.grid;
  if (grid !== null && json.grid !== undefined) buildGraph(grid, json.grid);
  if (json.zones !== undefined) {
    if (spec.name !== SAMPLER.name) throw new Error(`${spec.name} holds no sample zones; only the Sampler does`);
    d.zones = checkZones(json.zones);
  }
  setId(d, json);
  return d;
}

/** Finds the effect track a send names (by target_id in snapshots, fx_index in project files). */
type SendResolver = (json: SendJson) => Track | undefined;

function buildSends(t: Track, list: readonly SendJson[] | undefined, resolve: SendResolver | undefined): void {
  if (list === undefined || list.length === 0) return;
  if (!Array.isArray(list)) throw new Error('track sends must be an array');
  if (!t.canSend) throw new Error(`a ${t.type} track has no sends`);
  const sends: Send[] = [];
  for (const j of list) {
    const target = resolve?.(j);
    if (target === undefined || target.type !== 'effect')
      throw new Error(`a send of track ${t.name} names no effect track (${JSON.stringify(j.fx_index ?? j.target_id)})`);
    if (sends.some((x) => x.target === target)) throw new Error(`track ${t.name} sends to ${target.name} twice`);
    sends.push({ target, levelDb: finite(j.level_db, 'send level_db', SEND_DB_MIN, SEND_DB_MAX), preFader: bool(j.pre_fader, 'send pre_fader') });
  }
  t.sends = sends;
}

export function buildTrack(json: TrackJson, resolve?: SendResolver): Track {
  const type = json.type;
  if (!TRACK_TYPES.includes(type)) throw new Error(`unknown track type ${JSON.stringify(type)}`);
  const t = new Track(str(json.name, 'track name'), type);
  t.mute.setOn(bool(json.muted, 'track muted'));
  t.arm.setOn(bool(json.armed, 'track armed'));
  t.solo.setOn(bool(json.solo ?? false, 'track solo'));
  t.volume.setBase(finite(json.volume, 'track volume', 0, 1));
  t.pan.setBase(finite(json.pan, 'track pan', -1, 1));
  t.groupExpanded = bool(json.group_expanded ?? true, 'group_expanded');
  const accepts = chainAccepts(type);
  for (const dj of json.devices) {
    const d = buildDevice(dj);
    if (!accepts.includes(d.spec.kind)) throw new Error(`a ${type} track cannot hold ${d.spec.name}`);
    t.devices.insert(d);
  }
  if (t.subtracks !== null) for (const cj of json.children ?? []) t.subtracks.insert(buildTrack(cj, resolve));
  else if (json.children !== undefined && json.children.length > 0) throw new Error(`a ${type} track has no child tracks`);
  for (const cj of json.clips) {
    if (cj.audio !== undefined && type !== 'audio') throw new Error(`a ${type} track holds no audio clips; only audio tracks do`);
    t.clips.insert(buildClip(cj));
  }
  buildSends(t, json.sends, resolve);
  setId(t, json);
  return t;
}

/** Builds a detached project component tree from its JSON (validated). */
export function buildProject(json: ProjectJson): SoundProject {
  const p = new SoundProject(str(json.name, 'project name'));
  p.tempo.setBase(finite(json.tempo, 'tempo', 20, 666));
  p.meterNumerator.setBase(int(json.meter?.numerator, 'meter numerator', 1, 32));
  p.meterDenominator.setBase(int(json.meter?.denominator, 'meter denominator', 1, 32));
  p.loopEnabled.setOn(bool(json.arranger_loop?.enabled, 'arranger_loop.enabled'));
  p.loopStart.setBase(finite(json.arranger_loop?.start, 'arranger_loop.start', 0, MAX_BEATS));
  p.loopDuration.setBase(finite(json.arranger_loop?.duration, 'arranger_loop.duration', 0, MAX_BEATS));
  p.metronome.setOn(bool(json.metronome, 'metronome'));
  p.cueMarkers = (json.cue_markers ?? []).map((m) => ({ name: str(m.name, 'marker name'), beat: finite(m.beat, 'marker beat', 0, MAX_BEATS) }));
  // Effect tracks first, so that sends (by fx_index) can name them; ids come later, at attach.
  const fx = json.fx.map((tj) => {
    if (tj.type !== 'effect') throw new Error('the fx list holds effect tracks only');
    return buildTrack(tj);
  });
  const resolve: SendResolver = (s) => {
    if (s.target_id !== undefined) throw new Error('a project file names send targets by fx_index');
    return fx[int(s.fx_index, 'send fx_index', 0, Math.max(0, fx.length - 1))];
  };
  for (const tj of json.tracks) {
    if (tj.type === 'effect' || tj.type === 'master') throw new Error(`${tj.type} tracks do not go in the main track list`);
    p.tracks.insert(buildTrack(tj, resolve));
  }
  for (const t of fx) p.fx.insert(t);
  if (json.master?.type !== 'master') throw new Error('the master track must have type master');
  const master = buildTrack(json.master);
  p.children.delete('master');
  p.addChild('master', master);
  if (p.flatTracks().length > BANK_SIZE) throw new Error(`the project has more than ${BANK_SIZE} tracks`);
  return p;
}
