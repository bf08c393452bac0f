import type {
  CatalogDevice,
  CatalogModulator,
  CatalogModule,
  Chain as ChainPayload,
  Clip,
  Connection as ConnectionPayload,
  DeviceSummary,
  GridNode,
  Mix as MixPayload,
  Param,
  ParamMeta,
  Send as SendPayload,
  Track as TrackPayload,
} from '../../protocol3/replies/shapes.js';
import type { NativeParamSpec } from '../audio/dsp/params.js';
import type { DeviceSpec, ModulatorSpec, ModuleSpec, PortSpec } from './catalog.js';
import { dbDisplay, dbGain, faderDb } from './mix.js';
import {
  GridModule,
  nativeDisplay,
  nativeValue,
  Track,
  type ArrangerClip,
  type Chain,
  type Connection,
  type Device,
  type FlatTrack,
  type GridGraph,
  type GridModulator,
  type NativeHolder,
  type Send,
} from './components.js';

/**
 * The one serializer per kind of object on the protocol-3 wire (snake_case, as the contract
 * writes its fields). Every command that returns a track, a device, a module, a parameter or a
 * clip uses these, so the same object looks the same from every command.
 */
export type Payload = Record<string, unknown>;

const b64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

export function trackPayload(f: FlatTrack, selectedId: number | null): TrackPayload {
  const t = f.track;
  return {
    index: f.index,
    track_id: t.id,
    name: t.name,
    type: t.type,
    is_group: t.type === 'group',
    parent_track_id: f.parent?.id ?? null,
    depth: f.depth,
    group_expanded: t.type === 'group' ? t.groupExpanded : null,
    hidden: f.hidden,
    muted: t.mute.isOn(),
    armed: t.arm.isOn(),
    soloed: t.solo.isOn(),
    selected: t.id === selectedId,
    exists: true,
    can_hold_notes: t.holdsNotes,
    device_count: t.devices.length,
    device_names: t.devices.items.map((d) => d.spec.name),
    clip_count: t.clips.length,
    ...mixPayload(t),
  };
}

/** What audio tracks play: their audio clips (the host records no live input). */
const AUDIO_CLIPS_REASON =
  'audio tracks play their audio clips (samples of the granted sample folder, placed with song_set_audio_clip) through their effect chain; Footlight ' +
  'records no audio, so live input is silence and a track without clips is silent';

/** Volume (normalized fader position, with its dB by the fader law), pan and sends. */
export function mixPayload(t: Track): MixPayload {
  const v = t.volume.getBaseValue();
  const db = faderDb(v);
  return {
    volume: v,
    volume_db: db === -Infinity ? null : db,
    volume_display: dbDisplay(db),
    pan: t.pan.getBaseValue(),
    sends: t.sends.map(sendPayload),
    ...(t.type === 'audio' ? { audio_source: { kind: 'audio_clips', reason: AUDIO_CLIPS_REASON } } : {}),
  };
}

export function sendPayload(s: Send): SendPayload {
  return {
    target_track_id: s.target.id,
    target_name: s.target.name,
    level_db: s.levelDb,
    level_display: dbDisplay(s.levelDb),
    gain: dbGain(s.levelDb),
    pre_fader: s.preFader,
  };
}

/** The track a device sits on (through any containers). */
export function trackOf(d: Device): Track | null {
  for (let c = d.parent; c !== null; c = c.parent) if (c instanceof Track) return c;
  return null;
}

export function deviceSummary(d: Device, position: number, selectedId: number | null): DeviceSummary {
  return {
    position,
    name: d.label.getString(),
    uuid: d.spec.uuid,
    instance_id: d.id,
    track_id: trackOf(d)?.id ?? null,
    kind: d.spec.kind,
    enabled: d.enabled.isOn(),
    is_container: d.spec.slots.length > 0,
    is_grid: d.spec.grid !== null,
    selected: d.id === selectedId,
  };
}

export function chainPayload(chain: Chain): ChainPayload {
  return {
    owner_id: chain.owner.id,
    owner_kind: chain.owner instanceof Track ? 'track' : 'device',
    slot: chain.slot,
    device_count: chain.devices.length,
    accepts: [...chain.accepts],
  };
}

export function catalogDevicePayload(spec: DeviceSpec): CatalogDevice {
  return {
    uuid: spec.uuid,
    name: spec.name,
    kind: spec.kind,
    category: spec.category,
    is_grid: spec.grid !== null,
    grid: spec.grid,
    is_container: spec.slots.length > 0,
    slot_names: spec.slots.map((s) => s.name),
    exposed_controls: spec.controls.length,
  };
}

/** A native parameter as the wire shows it: exact id (and its URL-safe base64), value, domain. */
export function paramPayload(spec: NativeParamSpec, holder: NativeHolder): Param {
  const v = nativeValue(spec, holder.native.get(spec.id)!);
  const out: Param = {
    id: spec.id,
    id_b64: b64url(spec.id),
    name: spec.name,
    type: spec.type,
    value: v,
    display: nativeDisplay(spec, v),
    min: spec.min,
    max: spec.max,
    default: spec.type === 'boolean' ? spec.default > 0 : spec.default,
    editable: true,
    continuous: spec.type === 'number' && spec.integer !== true,
  };
  if (spec.integer === true) out.integer = true;
  if (spec.scale !== undefined) out.display_unit = spec.scale.unit;
  if (spec.options !== undefined) out.options = [...spec.options];
  return out;
}

function paramMetaPayload(spec: NativeParamSpec): ParamMeta {
  const out: ParamMeta = {
    id: spec.id,
    id_b64: b64url(spec.id),
    name: spec.name,
    type: spec.type,
    min: spec.min,
    max: spec.max,
    default: spec.type === 'boolean' ? spec.default > 0 : spec.default,
  };
  if (spec.scale !== undefined) out.display_unit = spec.scale.unit;
  if (spec.options !== undefined) out.options = [...spec.options];
  return out;
}

const portList = (ports: readonly PortSpec[]): CatalogModule['inputs'] => ports.map((p, index) => ({ index, id: p.id, type: p.type }));

export function catalogModulePayload(spec: ModuleSpec): CatalogModule {
  return {
    uuid: spec.uuid,
    name: spec.name,
    category: spec.category,
    grids: [...spec.grids],
    inputs: portList(spec.inputs),
    outputs: portList(spec.outputs),
    parameters: spec.params.map(paramMetaPayload),
  };
}

export function catalogModulatorPayload(spec: ModulatorSpec): CatalogModulator {
  return { uuid: spec.uuid, name: spec.name, category: spec.category, outputs: portList(spec.outputs), parameters: spec.params.map(paramMetaPayload) };
}

export function connectionPayload(c: Connection): ConnectionPayload {
  const out = c.source.spec.outputs[c.sourcePort];
  const into = c.target.spec.inputs[c.targetPort];
  return {
    source: c.source.id,
    source_kind: c.source instanceof GridModule ? 'module' : 'modulator',
    source_port: c.sourcePort,
    source_port_id: out.id,
    target: c.target.id,
    target_port: c.targetPort,
    target_port_id: into.id,
    signal: out.type,
    amount: c.amount,
    types_match: out.type === into.type || out.type === 'untyped' || into.type === 'untyped',
  };
}

export function gridNodePayload(n: GridModule | GridModulator, g: GridGraph): GridNode {
  const isModule = n instanceof GridModule;
  const inputs =
    n instanceof GridModule
      ? {
          inputs: n.spec.inputs.map((p, index) => ({
            index,
            id: p.id,
            type: p.type,
            connected: g.connections.some((c) => c.target === n && c.targetPort === index),
          })),
        }
      : {};
  return {
    id: n.id,
    kind: isModule ? 'module' : 'modulator',
    uuid: n.spec.uuid,
    name: n.spec.name,
    category: n.spec.category,
    x: n.x,
    y: n.y,
    ...inputs,
    outputs: n.spec.outputs.map((p, index) => ({
      index,
      id: p.id,
      type: p.type,
      connections: g.connections.filter((c) => c.source === n && c.sourcePort === index).length,
    })),
    parameters: n.spec.params.map((s) => paramPayload(s, n)),
  };
}

type NoteSummary = Clip['source_notes'];

function noteSummary(c: ArrangerClip): NoteSummary {
  if (c.notes.length === 0) return { count: 0, first_start: null, last_end: null, lowest_pitch: null, highest_pitch: null };
  let first = Infinity;
  let last = -Infinity;
  let lo = 127;
  let hi = 0;
  for (const n of c.notes) {
    if (n.start < first) first = n.start;
    if (n.start + n.duration > last) last = n.start + n.duration;
    if (n.pitch < lo) lo = n.pitch;
    if (n.pitch > hi) hi = n.pitch;
  }
  return { count: c.notes.length, first_start: first, last_end: last, lowest_pitch: lo, highest_pitch: hi };
}

/** How many notes song-arranger lists per clip, beyond the summary. */
export const MAX_LISTED_NOTES = 512;

export function clipPayload(c: ArrangerClip, limit = MAX_LISTED_NOTES): Clip {
  const listed = c.notes.slice(0, Math.max(0, limit));
  return {
    native_id: c.id,
    name: c.label.getString(),
    start: c.start,
    length: c.length,
    end: c.start + c.length,
    loop_enabled: c.loopEnabled.isOn(),
    loop_start: c.loopStart,
    loop_length: c.loopLength,
    source_notes: noteSummary(c),
    notes: listed.map((n) => ({ pitch: n.pitch, start: n.start, duration: n.duration, velocity: n.velocity, channel: n.channel })),
    notes_truncated: c.notes.length > listed.length,
    ...(c.audio !== null ? { audio: { sample: c.audio.sample, gain_db: c.audio.gain_db ?? 0, offset_seconds: c.audio.offset_seconds ?? 0 } } : {}),
  };
}
