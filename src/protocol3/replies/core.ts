// Replies of the core commands: connection, capabilities, the selected device, the track bank,
// device navigation and edits, actions, the history.
import * as z from 'zod';
import { CatalogDevice, Chain, Device, DeviceSummary, HistoryStep, Id, Param, SelectionFields, SelectionGuard, Track } from './shapes.js';
import { read, write } from './command.js';

const Ping = z.looseObject({ pong: z.literal(true), protocol: z.number().int() });

/** The Grid's capability gate (capabilities' `grid_graph`, the head of graph-capabilities). */
export const GridCapabilityFields = {
  graph_available: z.boolean(),
  coordinate_min: z.number().int(),
  coordinate_max: z.number().int(),
  max_nodes: z.number().int(),
  max_connections: z.number().int(),
  revision_guard: z.boolean(),
  guarded_commands: z.array(z.string()),
  value_resolution: z.looseObject({ units: z.array(z.string()), mutates_project: z.literal(false) }),
  module_count: z.number().int(),
  modulator_count: z.number().int(),
};

/** What the song side offers (capabilities' `song`, song-state's `capabilities`). */
export const SongCapabilities = z.looseObject({
  import: z.boolean(),
  save: z.boolean(),
  arranger: z.boolean(),
  clip_loop: z.boolean(),
  meters_available: z.boolean(),
  live_playback: z.boolean(),
  listen: z.looseObject({
    command: z.string(),
    region_max_seconds: z.number(),
    live_max_seconds: z.number(),
    clip: z.string(),
    spectrogram: z.string(),
  }),
  tempo_range: z.tuple([z.number(), z.number()]),
  meter_numerator_range: z.tuple([z.number(), z.number()]),
  meter_denominators: z.array(z.number().int()),
  seek_range_beats: z.tuple([z.number(), z.number()]),
  max_midi_bytes: z.number().int(),
  mix: z.looseObject({ fader_law: z.string(), send_level_db: z.tuple([z.number(), z.number()]), audio_tracks: z.string() }),
});

const Capabilities = z.looseObject({
  protocol: z.number().int(),
  host: z.looseObject({ name: z.string(), version: z.string() }),
  extension: z.looseObject({ name: z.string(), version: z.string(), instance: z.string() }),
  api: z.looseObject({ name: z.string(), version: z.number().int() }),
  graph_available: z.boolean(),
  grid_graph: z.looseObject(GridCapabilityFields),
  song: SongCapabilities,
  limits: z.looseObject({
    command_bytes: z.number().int(),
    response_bytes: z.number().int(),
    deadline_ms: z.number(),
    bank_size: z.number().int(),
    exposed_controls: z.number().int(),
    device_window: z.number().int(),
  }),
  undo: z.looseObject({ scope: z.literal('global'), shared_with: z.array(z.string()) }),
});

/** One of the selected device's exposed control slots: mapped (with its value) or not. */
const Control = z.union([
  z.looseObject({
    index: z.number().int(),
    exists: z.literal(true),
    id: z.string(),
    name: z.string(),
    value: z.number(),
    display: z.string(),
    native_value: z.union([z.number(), z.boolean()]),
  }),
  z.looseObject({ index: z.number().int(), exists: z.literal(false) }),
]);

const State = z.looseObject({
  device: Device.nullable(),
  page: z.string().optional(),
  controls: z.array(Control),
  scale: z.string(),
  parameters: z.array(Param).optional(),
  ...SelectionGuard,
});

const Inspect = z.looseObject({
  track: Track.nullable(),
  device: Device.extend({
    is_nested: z.boolean(),
    nesting_depth: z.number().int(),
    parent_instance_id: Id.nullable(),
    has_slots: z.boolean(),
    slot_names: z.array(z.string()),
    slot_device_counts: z.record(z.string(), z.number().int()),
    has_layers: z.boolean(),
    has_drum_pads: z.boolean(),
    graph_available: z.boolean(),
    window_open: z.boolean(),
    exposed_control_count: z.number().int(),
    host_modulation_sources: z.number().int(),
  }).nullable(),
  ...SelectionGuard,
});

const History = z.looseObject({
  project_name: z.string(),
  project_modified: z.boolean(),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  undo_depth: z.number().int(),
  redo_depth: z.number().int(),
  next_undo: HistoryStep.nullable(),
  next_redo: HistoryStep.nullable(),
  scope: z.literal('global'),
});

const UndoRedo = History.extend({
  undone: HistoryStep.optional(),
  redone: HistoryStep.optional(),
  steps: z.array(HistoryStep),
  stopped: HistoryStep.extend({ error: z.string() }).optional(),
});

const SetControl = z.looseObject({
  index: z.number().int(),
  id: z.string(),
  name: z.string(),
  value: z.number(),
  display: z.string(),
  native_value: z.union([z.number(), z.boolean()]),
  instance_id: Id,
});

const Batch = z.looseObject({
  atomic: z.literal(false),
  applied: z.number().int(),
  instance_id: Id,
  results: z.array(z.looseObject({ index: z.number().int(), ok: z.boolean(), value: z.number(), display: z.string() })),
});

const Tracks = z.looseObject({
  bank: z.literal('ALL_CHANNELS'),
  bank_size: z.number().int(),
  scroll_position: z.number().int(),
  count: z.number().int(),
  complete: z.boolean(),
  selected_index: z.number().int().nullable(),
  tracks: z.array(Track),
});

/** A selection command's reply: what is selected now (and, for navigation, whether it moved). */
const Selected = z.looseObject({ moved: z.boolean().optional(), ...SelectionFields });

const DeviceEditor = z.looseObject({ instance_id: Id, name: z.string(), window_open: z.boolean() });

const DeviceCatalog = z.looseObject({ query: z.string(), count: z.number().int(), total: z.number().int(), devices: z.array(CatalogDevice) });

const DeviceWindow = z.looseObject({
  track: Track,
  chain: Chain,
  window_start: z.number().int(),
  window_size: z.number().int(),
  sibling_count: z.number().int(),
  window_complete: z.boolean(),
  selected_position: z.number().int().nullable(),
  devices: z.array(DeviceSummary),
  ...SelectionGuard,
});

const Insert = z.looseObject({
  position: z.enum(['before', 'after', 'start', 'end', 'replace']),
  inserted: Device,
  replaced_instance_id: Id.optional(),
  ...SelectionFields,
});

const DeviceRemove = z.looseObject({ removed: DeviceSummary, ...SelectionFields });

const Actions = z.looseObject({
  query: z.string(),
  count: z.number().int(),
  total: z.number().int(),
  actions: z.array(z.looseObject({ id: z.string(), raw_id: z.string(), name: z.string(), category: z.string(), undoable: z.boolean() })),
});

/** An action's reply: what it changed, by action (a flag's new value, a created or deleted track, the transport, the history). */
const Action = z.looseObject({
  action: z.string(),
  name: z.string(),
  created: Track.optional(),
  deleted: Track.optional(),
});

/** The core commands: connection, capabilities, the selected device, the track bank, devices, actions, the history. */
export const CORE_COMMANDS = {
  ping: read(Ping),
  capabilities: read(Capabilities),
  state: read(State),
  inspect: read(Inspect),
  history: read(History),
  set: write(SetControl),
  batch: write(Batch),
  tracks: read(Tracks),
  track: write(Selected),
  'track-first': write(Selected),
  'track-next': write(Selected),
  'track-previous': write(Selected),
  next: write(Selected),
  previous: write(Selected),
  parent: write(Selected),
  'device-first': write(Selected),
  'device-primary': write(Selected),
  'device-editor': write(DeviceEditor),
  'device-catalog': read(DeviceCatalog),
  devices: read(DeviceWindow),
  insert: write(Insert),
  'device-remove': write(DeviceRemove),
  actions: read(Actions),
  action: write(Action),
  undo: write(UndoRedo),
  redo: write(UndoRedo),
} as const;
