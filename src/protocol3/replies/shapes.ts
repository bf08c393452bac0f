// The objects protocol-3 replies are made of, as zod schemas (one per kind: a track looks the
// same from every command). Replies may carry fields a schema does not name (loose objects), so
// a newer host stays readable; what a schema names is what the host promises.
import * as z from 'zod';

/** A host-local integer id: track_id, instance_id, module and modulator ids, clip native_id. */
export const Id = z.number().int();
/** A 64-hex digest: selection_token, project_token, graph revision. */
export const Digest = z.string().regex(/^[0-9a-f]{64}$/);

/** The selection guard every selection-bound reply carries. */
export const SelectionGuard = {
  selection_token: Digest.nullable(),
  selection_guard_available: z.boolean(),
  reason: z.string().optional(),
};

export const Send = z.looseObject({
  target_track_id: Id,
  target_name: z.string(),
  level_db: z.number(),
  level_display: z.string(),
  gain: z.number(),
  pre_fader: z.boolean(),
});

/** Volume (normalized fader position, its dB by the fader law), pan and sends. */
export const MixFields = {
  volume: z.number(),
  volume_db: z.number().nullable(),
  volume_display: z.string(),
  pan: z.number(),
  sends: z.array(Send),
  /** Audio tracks: what they play (their audio clips; live input is not recorded). */
  audio_source: z.looseObject({ kind: z.literal('audio_clips'), reason: z.string() }).optional(),
};

export const Mix = z.looseObject(MixFields);

export const TrackType = z.enum(['instrument', 'audio', 'hybrid', 'group', 'effect', 'master']);

export const Track = z.looseObject({
  index: z.number().int(),
  track_id: Id,
  name: z.string(),
  type: TrackType,
  is_group: z.boolean(),
  parent_track_id: Id.nullable(),
  depth: z.number().int(),
  group_expanded: z.boolean().nullable(),
  hidden: z.boolean(),
  muted: z.boolean(),
  armed: z.boolean(),
  soloed: z.boolean(),
  selected: z.boolean(),
  exists: z.boolean(),
  can_hold_notes: z.boolean(),
  device_count: z.number().int(),
  /** Footlight's host: the names of the track's own devices in chain order (not inside containers). */
  device_names: z.array(z.string()).optional(),
  clip_count: z.number().int(),
  ...MixFields,
});

const DeviceKind = z.enum(['instrument', 'audio_effect', 'note_effect']);

export const DeviceSummary = z.looseObject({
  position: z.number().int(),
  name: z.string(),
  uuid: z.string(),
  instance_id: Id,
  track_id: Id.nullable(),
  kind: DeviceKind,
  enabled: z.boolean(),
  is_container: z.boolean(),
  is_grid: z.boolean(),
  selected: z.boolean(),
});

export const Chain = z.looseObject({
  owner_id: Id,
  owner_kind: z.enum(['track', 'device']),
  slot: z.string().nullable(),
  device_count: z.number().int(),
  accepts: z.array(DeviceKind),
});

/** A device with the chain that holds it. */
export const Device = DeviceSummary.extend({ chain: Chain });

/** The selection as replies carry it: bank index, track, device and the selection guard. */
export const SelectionFields = {
  selected_index: z.number().int().nullable(),
  track: Track.nullable(),
  device: Device.nullable(),
  ...SelectionGuard,
};

export const Selection = z.looseObject(SelectionFields);

export const NativeValue = z.union([z.number(), z.boolean()]);
const ParamType = z.enum(['number', 'boolean', 'enum']);

/** A native parameter's identity and domain (catalog listings). */
export const ParamMeta = z.looseObject({
  id: z.string(),
  id_b64: z.string(),
  name: z.string(),
  type: ParamType,
  min: z.number(),
  max: z.number(),
  default: NativeValue,
  display_unit: z.string().optional(),
  options: z.array(z.string()).optional(),
});

/** A native parameter of a live device or node: its domain, value and display. */
export const Param = ParamMeta.extend({
  value: NativeValue,
  display: z.string(),
  editable: z.boolean(),
  continuous: z.boolean(),
  integer: z.literal(true).optional(),
});

export const CatalogDevice = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  kind: DeviceKind,
  category: z.string(),
  is_grid: z.boolean(),
  grid: z.enum(['poly', 'fx']).nullable(),
  is_container: z.boolean(),
  slot_names: z.array(z.string()),
  exposed_controls: z.number().int(),
});

const SignalType = z.enum(['logic', 'phase', 'pitch', 'untyped']);
const Port = z.looseObject({ index: z.number().int(), id: z.string(), type: SignalType });

export const CatalogModule = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  category: z.string(),
  grids: z.array(z.enum(['poly', 'fx'])),
  inputs: z.array(Port),
  outputs: z.array(Port),
  parameters: z.array(ParamMeta),
});

export const CatalogModulator = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  category: z.string(),
  outputs: z.array(Port),
  parameters: z.array(ParamMeta),
});

export const Connection = z.looseObject({
  source: Id,
  source_kind: z.enum(['module', 'modulator']),
  source_port: z.number().int(),
  source_port_id: z.string(),
  target: Id,
  target_port: z.number().int(),
  target_port_id: z.string(),
  signal: SignalType,
  amount: z.number(),
  types_match: z.boolean(),
});

export const GridNode = z.looseObject({
  id: Id,
  kind: z.enum(['module', 'modulator']),
  uuid: z.string(),
  name: z.string(),
  category: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  inputs: z.array(Port.extend({ connected: z.boolean() })).optional(),
  outputs: z.array(Port.extend({ connections: z.number().int() })),
  parameters: z.array(Param),
});

const Note = z.looseObject({ pitch: z.number(), start: z.number(), duration: z.number(), velocity: z.number(), channel: z.number() });

export const Clip = z.looseObject({
  native_id: Id,
  name: z.string(),
  start: z.number(),
  length: z.number(),
  end: z.number(),
  loop_enabled: z.boolean(),
  loop_start: z.number(),
  loop_length: z.number(),
  source_notes: z.looseObject({
    count: z.number().int(),
    first_start: z.number().nullable(),
    last_end: z.number().nullable(),
    lowest_pitch: z.number().nullable(),
    highest_pitch: z.number().nullable(),
  }),
  notes: z.array(Note),
  notes_truncated: z.boolean(),
  /** An audio clip (audio tracks): the sample it plays, its gain and where in the sample it starts. */
  audio: z.looseObject({ sample: z.string(), gain_db: z.number(), offset_seconds: z.number() }).optional(),
});

/** The transport as song replies carry it. */
export const Transport = z.looseObject({
  playing: z.boolean(),
  position_beats: z.number(),
  tempo: z.number(),
  meter: z.looseObject({ numerator: z.number().int(), denominator: z.number().int() }),
  arranger_loop_enabled: z.boolean(),
  arranger_loop_start: z.number(),
  arranger_loop_duration: z.number(),
  metronome: z.boolean(),
  /** Where the song ends (its last clip, cue marker or light cue); 0 for an empty song. */
  song_end_beats: z.number(),
  /** What the transport does there: stop, loop back, or nothing (an empty song plays on). */
  at_song_end: z.enum(['stop', 'loop', 'none']),
});

/** A history step as replies name it. */
export const HistoryStep = z.looseObject({ seq: z.number().int(), label: z.string(), surface: z.string(), session: z.string().nullable() });

export type Send = z.infer<typeof Send>;
export type Mix = z.infer<typeof Mix>;
export type Track = z.infer<typeof Track>;
export type TrackType = z.infer<typeof TrackType>;
export type DeviceSummary = z.infer<typeof DeviceSummary>;
export type Chain = z.infer<typeof Chain>;
export type Device = z.infer<typeof Device>;
export type Selection = z.infer<typeof Selection>;
export type ParamMeta = z.infer<typeof ParamMeta>;
export type Param = z.infer<typeof Param>;
export type CatalogDevice = z.infer<typeof CatalogDevice>;
export type CatalogModule = z.infer<typeof CatalogModule>;
export type CatalogModulator = z.infer<typeof CatalogModulator>;
export type Connection = z.infer<typeof Connection>;
export type GridNode = z.infer<typeof GridNode>;
export type Clip = z.infer<typeof Clip>;
export type Transport = z.infer<typeof Transport>;
export type HistoryStep = z.infer<typeof HistoryStep>;
