// Replies of the song commands: song-state and the arranger, the token-guarded transport and
// track writes, MIDI import receipts, the project save, listening; and Footlight's mixer and
// device-parameter extensions.
import * as z from 'zod';
import { SongCapabilities } from './core.js';
import { Clip, Digest, Id, MixFields, NativeValue, Param, Send, Track, TrackType, Transport } from './shapes.js';
import { read, write } from './command.js';

const Level = z.looseObject({ peak_dbfs: z.number().nullable(), rms_dbfs: z.number().nullable(), clipping: z.boolean() });

/** The live engine's post-fader meters, or why there are none. */
const Meters = z.union([
  z.looseObject({
    available: z.literal(true),
    source: z.string(),
    output: z.string(),
    observed_at: z.looseObject({ sample: z.number(), seconds: z.number(), beat: z.number(), playing: z.boolean(), time: z.string() }),
    window_ms: z.number(),
    master: Level,
    tracks: z.array(Level.extend({ index: z.number().int(), name: z.string() })),
    late_blocks: z.number().int(),
  }),
  z.looseObject({ available: z.literal(false), reason: z.string() }),
]);

const SongState = z.looseObject({
  project_token: Digest,
  project_name: z.string(),
  project_modified: z.boolean(),
  project_save_pending: z.boolean(),
  selected_target: z.looseObject({ index: z.number().int(), track_id: Id, name: z.string(), type: TrackType, import_target: z.boolean() }).nullable(),
  inventory: z.looseObject({
    bank: z.literal('ALL_CHANNELS'),
    bank_size: z.number().int(),
    scroll_position: z.number().int(),
    count: z.number().int(),
    complete: z.boolean(),
    tracks: z.array(Track),
  }),
  transport: Transport,
  recording: z.looseObject({
    arranger_recording: z.boolean(),
    launcher_recording: z.boolean(),
    automation_write: z.boolean(),
    any_recording: z.boolean(),
    armed_track_indexes: z.array(z.number().int()),
    armed_track_count: z.number().int(),
    conservative: z.boolean(),
  }),
  meters: Meters,
  cue_markers: z.array(z.looseObject({ name: z.string(), beat: z.number() })),
  capabilities: SongCapabilities,
});

const SongArranger = z.looseObject({
  project_token: Digest,
  track_index: z.number().int(),
  track_name: z.string(),
  track_id: Id,
  atomic: z.literal(false),
  arranger: z.looseObject({
    available: z.boolean(),
    clip_count: z.number().int(),
    clips: z.array(Clip),
    truncated: z.boolean(),
    max_clips: z.number().int(),
    metadata_complete: z.boolean(),
    count_complete: z.boolean(),
    detail_complete: z.boolean(),
    units: z.string(),
    reasons: z.record(z.string(), z.string()),
  }),
});

const SongClipLoop = z.looseObject({
  status: z.literal('completed'),
  operation: z.literal('clip_loop'),
  track_index: z.number().int(),
  clip_id: Id,
  previous_loop_enabled: z.boolean(),
  loop_enabled: z.boolean(),
  changed: z.boolean(),
  read_back: z.literal(true),
});

/** An audio clip placed, replaced or removed; the clip and the one before, as song-arranger shows them. */
const SongAudioClip = z.looseObject({
  status: z.literal('completed'),
  operation: z.literal('audio_clip'),
  action: z.enum(['placed', 'replaced', 'removed', 'unchanged']),
  track_index: z.number().int(),
  clip_id: Id,
  clip: Clip.nullable(),
  previous_clip: Clip.nullable(),
  changed: z.boolean(),
});

/** A transport write: submitted, not verified; the transport as the host sees it after. */
const SongTransport = z.looseObject({
  status: z.literal('submitted'),
  operation: z.enum(['transport_play', 'transport_stop', 'transport_tempo', 'transport_meter', 'transport_seek', 'transport_loop', 'transport_loop_range']),
  verified: z.literal(false),
  host_observed: Transport,
});

const SongTrackState = z.looseObject({
  status: z.literal('submitted'),
  operation: z.literal('track_state'),
  track_index: z.number().int(),
  track_id: Id,
  requested: z.looseObject({ muted: z.union([z.boolean(), z.literal('keep')]), armed: z.union([z.boolean(), z.literal('keep')]) }),
  changed: z.boolean(),
  verified: z.literal(false),
  host_observed: z.looseObject({ muted: z.boolean(), armed: z.boolean() }),
});

/** What the host can prove about an import now. */
const ImportObserved = z.union([
  z.looseObject({ imported: z.literal(false) }),
  z.looseObject({
    imported: z.literal(true),
    group_track_id: Id,
    group_present: z.boolean(),
    tracks: z.array(
      z.looseObject({
        track_id: Id,
        index: z.number().int().nullable(),
        name: z.string(),
        present: z.boolean(),
        clip_native_id: Id,
        clip_present: z.boolean(),
        expected_note_count: z.number().int(),
        note_count: z.number().int(),
        notes_match: z.boolean(),
        instrument_assigned: z.boolean(),
      }),
    ),
    all_notes_present: z.boolean(),
    audible_output_verified: z.literal(false),
  }),
]);

/** An import receipt: its own `ok` says whether the import was submitted. */
const SongImport = z.looseObject({
  ok: z.boolean(),
  receipt_id: z.string(),
  status: z.enum(['queued', 'submitted', 'native_rejected', 'submission_error_observe_before_retry']),
  verified: z.literal(false),
  requires_observation: z.literal(true),
  artifact_sha256: Digest,
  submitted_sha256: Digest,
  removed_global_events: z.looseObject({ tempo: z.number().int(), time_signature: z.number().int() }),
  note_track_count: z.number().int(),
  target: z.looseObject({ index: z.number().int(), track_id: Id, name: z.string(), type: TrackType }),
  insertion: z.looseObject({ position: z.literal('after_target'), beat: z.number(), new_group: z.boolean() }),
  playback_started: z.literal(false),
  created_at: z.string(),
  error: z.string().nullable(),
  host_observed: ImportObserved,
});

const SongImportStatus = SongImport.extend({
  ok: z.literal(true),
  observation: z.looseObject({
    project_token: Digest,
    track_count: z.number().int(),
    tracks: z.array(z.looseObject({ index: z.number().int(), track_id: Id, name: z.string(), type: TrackType })),
  }),
});

/** A save: its own `ok` is false when the writer failed after submission (requires_observation). */
const SongSave = z.looseObject({
  ok: z.boolean(),
  status: z.enum(['native_save_completed', 'requires_observation']),
  project_file: z.string(),
  error: z.string().nullable(),
  verification_scope: z.string(),
  retry_performed: z.literal(false),
  host_observed: z.looseObject({ bytes: z.number().int(), file_sha256: Digest, document_digest: Digest, reloaded_document_matches: z.boolean() }).optional(),
});

const ListenLevel = z.looseObject({
  index: z.number().int(),
  name: z.string(),
  type: TrackType,
  peak_dbfs: z.number().nullable(),
  rms_dbfs: z.number().nullable(),
  silent: z.boolean(),
  clipping: z.boolean(),
});

const SongListen = z.looseObject({
  source: z.union([
    z.looseObject({ kind: z.literal('region'), from_beat: z.number(), to_beat: z.number(), solo_track: z.number().int().nullable(), rendered: z.string() }),
    z.looseObject({ kind: z.literal('live'), seconds: z.number(), rendered: z.string() }),
  ]),
  comparison: z
    .looseObject({
      verdict: z.string(),
      reference: z.looseObject({ path: z.string(), seconds: z.number(), sample_rate: z.number(), channels: z.number().int(), resampled: z.boolean() }),
      compared_seconds: z.number(),
      render_lufs: z.number().nullable(),
      reference_lufs: z.number().nullable(),
      lufs_difference: z.number().nullable(),
      bands: z.array(
        z.looseObject({ band: z.string(), render_db: z.number().nullable(), reference_db: z.number().nullable(), difference_db: z.number().nullable() }),
      ),
    })
    .nullable(),
  seconds: z.number(),
  sample_rate: z.number(),
  integrated_lufs: z.number().nullable(),
  peak_dbfs: z.number().nullable(),
  true_peak_dbtp: z.number().nullable(),
  rms_dbfs: z.number().nullable(),
  clipping: z.boolean(),
  silent: z.boolean(),
  over_time: z.array(
    z.looseObject({
      t: z.number(),
      beat: z.number().nullable(),
      rms_dbfs: z.number().nullable(),
      centroid_hz: z.number().nullable(),
      bands_db: z.record(z.string(), z.number().nullable()),
    }),
  ),
  segment_seconds: z.number(),
  onsets: z.array(z.looseObject({ t: z.number(), beat: z.number().nullable() })),
  onset_count: z.number().int(),
  onsets_truncated: z.boolean(),
  tempo_estimate: z.looseObject({ bpm: z.number(), confidence: z.number(), project_tempo: z.number() }).nullable(),
  monophonic_notes: z.array(z.looseObject({ t: z.number(), beat: z.number().nullable(), hz: z.number(), clarity: z.number() })),
  tracks: z.array(ListenLevel),
  master: ListenLevel.nullable(),
  silent_tracks: z.array(z.number().int()),
  clipping_tracks: z.array(z.number().int()),
  not_rendered: z.array(z.looseObject({ track: z.string(), device: z.string(), reason: z.string() })),
  clip: z.looseObject({ mime_type: z.literal('audio/wav'), seconds: z.number(), format: z.string(), base64: z.string() }).nullable(),
  spectrogram: z
    .looseObject({ mime_type: z.literal('image/png'), width: z.number().int(), height: z.number().int(), axes: z.string(), base64: z.string() })
    .nullable(),
  verified: z.literal(false),
  note: z.string(),
});

const DeviceParamSet = z.looseObject({
  instance_id: Id,
  parameter: Param,
  previous_value: NativeValue,
  changed: z.boolean(),
  read_back: z.literal(true),
});

const SongTrackMix = z.looseObject({
  status: z.literal('completed'),
  operation: z.literal('track_mix'),
  track_index: z.number().int(),
  track_id: Id,
  changed: z.boolean(),
  read_back: z.literal(true),
  ...MixFields,
});

const SongTrackSend = z.looseObject({
  status: z.literal('completed'),
  operation: z.literal('track_send'),
  track_index: z.number().int(),
  track_id: Id,
  fx_index: z.number().int(),
  target_track_id: Id,
  previous: Send.nullable(),
  send: Send.nullable(),
  changed: z.boolean(),
  read_back: z.literal(true),
});

/** The song commands, and Footlight's extensions that a render needs (device-param-set, song-track-mix, song-track-send). */
export const SONG_COMMANDS = {
  'song-state': read(SongState),
  'song-import': write(SongImport),
  'song-import-status': read(SongImportStatus),
  'song-save': write(SongSave),
  'song-listen': read(SongListen),
  'song-arranger': read(SongArranger),
  'song-clip-loop': write(SongClipLoop),
  'song-audio-clip': write(SongAudioClip),
  'song-transport-play': write(SongTransport),
  'song-transport-stop': write(SongTransport),
  'song-transport-tempo': write(SongTransport),
  'song-transport-meter': write(SongTransport),
  'song-transport-seek': write(SongTransport),
  'song-transport-loop': write(SongTransport),
  'song-track-state': write(SongTrackState),
  'device-param-set': write(DeviceParamSet),
  'song-track-mix': write(SongTrackMix),
  'song-track-send': write(SongTrackSend),
} as const;
