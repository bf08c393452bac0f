// Song operations: song-state, transport, arranger reads, clip loop flags, track mute/arm, MIDI
// import with receipts and project save. Every write is guarded by the exact observed
// project_token (host/project-token.ts), re-checked inside the queued task right before it
// mutates. The song's runtime state (transport, receipts, save, the live engine) is the host's.
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { basename, extname, isAbsolute, normalize } from 'node:path';
import { CompoundCommand, FunctionCommand } from '../../engine/commands/command.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { FootlightError, invalidArgument, notFound } from '../../engine/errors.js';
import type { Graph } from '../../engine/graph.js';
import { digest } from '../../engine/guards.js';
import { InsertNode, trackCodec } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Request } from '../../engine/request.js';
import type { SoundHost } from '../host/host.js';
import { checkToken, projectToken, refuseRecording } from '../host/project-token.js';
import { atSongEnd, loopEndOf, playFrom } from '../host/song-end.js';
import { MAX_RECEIPTS, type ImportedRecord, type Receipt } from '../host/song-state.js';
import { HOST_NAME, HOST_VERSION } from '../model/version.js';
import { defaultInstrument, importFader } from '../model/default-instrument.js';
import { SEND_DB_MAX, SEND_DB_MIN } from '../model/mix.js';
import { countNoteTracks, deriveSubmission, extractNotes, MAX_MIDI_BYTES, parseType1, sha256, type Extracted } from '../model/midi.js';
import {
  BANK_SIZE,
  MAX_BEATS,
  saveProject,
  type Track,
  type ArrangerClip,
  type ClipJson,
  type CueMarker,
  type SoundProject,
  newTrackJson,
} from '../model/components.js';
import { flatIndexOf, trackAt } from './common.js';
import { clipPayload, MAX_LISTED_NOTES, trackPayload } from '../model/payloads.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, projectFilePath, readProjectFile, validateSaveDirectory, writeProjectFile } from '../model/project-file.js';
import type { Reply } from '../../protocol3/replies/index.js';
import type { Transport } from '../../protocol3/replies/shapes.js';

/** The transport's tempo and meter ranges (what song-transport-tempo/-meter take; the light's tempo is held to them too). */
export const TEMPO_MIN = 40;
export const TEMPO_MAX = 220;
export const METER_NUMERATOR_MIN = 2;
export const METER_NUMERATOR_MAX = 12;
const METER_DENOMINATORS: readonly number[] = [4, 8];
/** Clips song-arranger lists per track. */
const MAX_ARRANGER_CLIPS = 256;
/** Notes song-arranger lists in one reply, over all its clips (keeps replies far below 8 MiB). */
const MAX_LISTED_NOTES_TOTAL = 16384;

const METERS_REASON = 'live playback is off in this process (footlight serve runs it); listen to a region with sound_listen instead';

const SAVE_SCOPE = 'native_save_callback_and_project_file_presence';

const notesDigest = (c: ArrangerClip): string => c.notesDigest;

export function songCapabilityPayload(host: SoundHost): Reply<'song-state'>['capabilities'] {
  return {
    import: true,
    save: true,
    arranger: true,
    clip_loop: true,
    meters_available: host.song.live !== null,
    live_playback: host.song.live !== null,
    listen: {
      command: 'song-listen',
      region_max_seconds: 60,
      max_concurrent: host.song.maxListens,
      live_max_seconds: host.song.live !== null ? 30 : 0,
      clip: 'WAV, mono 16-bit 48 kHz, first 5 s',
      spectrogram: 'PNG 320x160',
    },
    tempo_range: [TEMPO_MIN, TEMPO_MAX],
    meter_numerator_range: [METER_NUMERATOR_MIN, METER_NUMERATOR_MAX],
    meter_denominators: [...METER_DENOMINATORS],
    seek_range_beats: [0, MAX_BEATS],
    song_end:
      'transport.song_end_beats is the latest end of any arranger clip, cue marker or light cue (0: an empty song, no end). Loop off ' +
      '(at_song_end "stop"): playback stops there and Play from there starts again at beat 0. Loop on ("loop"): a playhead past the ' +
      "loop's end returns to the loop start there. Stop while stopped returns the playhead to beat 0.",
    max_midi_bytes: MAX_MIDI_BYTES,
    mix: {
      fader_law: 'gain = 2·v³ (v: normalized volume; 0 dB at 0.7937, +6.02 dB at 1)',
      send_level_db: [SEND_DB_MIN, SEND_DB_MAX],
      audio_tracks: 'audio_clips',
    },
  };
}

function armedIndexes(host: SoundHost): number[] {
  return host
    .flat()
    .filter((f) => f.track.arm.isOn())
    .map((f) => f.index);
}

// -------------------------------------------------------------------------------------------
// Transport runtime (also used by the Play / Stop actions)

/** Starts playback; from the song's end (or past it) Play starts again from the beginning (host/song-end.ts). */
export function startPlayback(host: SoundHost): { playing: true; position_beats: number } {
  refuseRecording(host, 'playback');
  const armed = armedIndexes(host);
  if (armed.length > 0)
    throw refuse(
      'invalid_argument',
      'armed_tracks',
      `tracks ${armed.join(', ')} are armed; playback is refused while any track is armed (disarm with song-track-state)`,
    );
  const t = host.transport;
  const p = host.project;
  if (!t.playing) t.position = playFrom(t.position, host.songEnd(), p.loopStart.getBaseValue(), loopEndOf(p));
  t.playing = true;
  return { playing: true, position_beats: t.position };
}

/** Stops playback (and recording); stopping while stopped returns the playhead to the start. */
export function stopPlayback(host: SoundHost): { playing: false; recording: false; position_beats: number } {
  const t = host.transport;
  if (!t.playing && !t.recording) t.position = 0;
  t.playing = false;
  t.recording = false;
  return { playing: false, recording: false, position_beats: t.position };
}

/**
 * Moves the playing transport by `beats` (the light's tempo nudge ending: the song catches up
 * with the light, or falls back to it). Runtime state, like a seek: not an undo step. Kept
 * within 0–MAX_BEATS; ignored while stopped or recording.
 */
export function nudge(host: SoundHost, beats: number): void {
  const t = host.transport;
  if (!t.playing || t.recording || !Number.isFinite(beats)) return;
  const pos = t.position + beats;
  t.position = pos < 0 ? 0 : pos > MAX_BEATS ? MAX_BEATS : pos;
}

function transportPayload(host: SoundHost): Transport {
  const p = host.project;
  const t = host.transport;
  const end = host.songEnd();
  return {
    playing: t.playing,
    position_beats: t.position,
    tempo: p.tempo.getBaseValue(),
    meter: { numerator: p.meterNumerator.getBaseValue(), denominator: p.meterDenominator.getBaseValue() },
    arranger_loop_enabled: p.loopEnabled.isOn(),
    arranger_loop_start: p.loopStart.getBaseValue(),
    arranger_loop_duration: p.loopDuration.getBaseValue(),
    metronome: p.metronome.isOn(),
    song_end_beats: end,
    at_song_end: atSongEnd(end, loopEndOf(p)),
  };
}

function recordingPayload(host: SoundHost): Reply<'song-state'>['recording'] {
  const armed = armedIndexes(host);
  const rec = host.transport.recording;
  return {
    arranger_recording: rec,
    launcher_recording: false,
    automation_write: false,
    any_recording: rec,
    armed_track_indexes: armed,
    armed_track_count: armed.length,
    conservative: true,
  };
}

/** Import targets: an observed group, instrument, audio or hybrid track. */
function importable(t: Track): boolean {
  return t.type === 'group' || t.type === 'instrument' || t.type === 'audio' || t.type === 'hybrid';
}

export function songStatePayload(host: SoundHost): Reply<'song-state'> {
  const flat = host.flat();
  const selected = host.selection.track();
  const f = flat.find((x) => x.track === selected);
  return {
    project_token: projectToken(host),
    project_name: host.project.name,
    project_modified: host.modified,
    project_save_pending: host.song.savePending,
    selected_target:
      f === undefined ? null : { index: f.index, track_id: f.track.id, name: f.track.name, type: f.track.type, import_target: importable(f.track) },
    inventory: {
      bank: 'ALL_CHANNELS',
      bank_size: BANK_SIZE,
      scroll_position: 0,
      count: flat.length,
      complete: flat.length <= BANK_SIZE,
      tracks: flat.map((x) => trackPayload(x, selected?.id ?? null)),
    },
    transport: transportPayload(host),
    recording: recordingPayload(host),
    meters: host.song.live?.meters() ?? { available: false, reason: METERS_REASON },
    cue_markers: host.project.cueMarkers.map((m) => ({ name: m.name, beat: m.beat })),
    capabilities: songCapabilityPayload(host),
  };
}

export function songState(host: SoundHost): Reply<'song-state'> {
  return songStatePayload(host);
}

// -------------------------------------------------------------------------------------------
// Arranger

export function songArranger(host: SoundHost, index: number): Reply<'song-arranger'> {
  const t = trackAt(host, index);
  let budget = MAX_LISTED_NOTES_TOTAL;
  const clips = t.clips.items.slice(0, MAX_ARRANGER_CLIPS).map((c) => {
    const payload = clipPayload(c, Math.min(MAX_LISTED_NOTES, budget));
    budget -= (payload.notes as unknown[]).length;
    return payload;
  });
  const notesTruncated = clips.some((c) => c.notes_truncated === true);
  const reasons: Record<string, string> = {};
  if (!t.holdsNotes) reasons.notes = `${t.type} tracks hold no note clips`;
  if (notesTruncated)
    reasons.notes = `notes lists at most ${MAX_LISTED_NOTES} notes per clip and ${MAX_LISTED_NOTES_TOTAL} per reply; source_notes summarizes all of them`;
  return {
    project_token: projectToken(host),
    track_index: index,
    track_name: t.name,
    track_id: t.id,
    atomic: false,
    arranger: {
      available: true,
      clip_count: t.clips.length,
      clips,
      truncated: t.clips.length > MAX_ARRANGER_CLIPS,
      max_clips: MAX_ARRANGER_CLIPS,
      metadata_complete: true,
      count_complete: true,
      detail_complete: !notesTruncated,
      units: 'quarter-note beats',
      reasons,
    },
  };
}

export function songClipLoop(
  host: SoundHost,
  origin: Origin,
  token: string,
  index: number,
  clipId: number,
  expected: boolean,
  enabled: boolean,
): Reply<'song-clip-loop'> {
  checkToken(host, token);
  refuseRecording(host, 'changing a clip loop');
  const t = trackAt(host, index);
  const clip = t.clips.items.find((c) => c.id === clipId);
  if (clip === undefined) throw notFound(`track ${index} (${t.name}) has no arranger clip with native_id ${clipId}; see song-arranger ${index}`);
  const previous = clip.loopEnabled.isOn();
  if (previous !== expected)
    throw refuse('stale', 'stale_project_token', `clip ${clipId} loop_enabled is ${previous}, not the expected ${expected}; re-read song-arranger ${index}`);
  if (previous !== enabled) host.perform(origin, new SetParameter(clip.loopEnabled, enabled), () => clip.loopEnabled.isOn() === enabled);
  const readBack = clip.loopEnabled.isOn();
  if (readBack !== enabled) throw new FootlightError('internal', `clip ${clipId} loop flag read back ${readBack}`);
  return {
    status: 'completed',
    operation: 'clip_loop',
    track_index: index,
    clip_id: clipId,
    previous_loop_enabled: previous,
    loop_enabled: readBack,
    changed: previous !== enabled,
    read_back: true,
  };
}

// -------------------------------------------------------------------------------------------
// Transport operations

function submitted(host: SoundHost, operation: Reply<'song-transport-play'>['operation'], extra: Record<string, unknown>): Reply<'song-transport-play'> {
  return { status: 'submitted', operation, ...extra, verified: false, host_observed: transportPayload(host) };
}

export function songPlay(host: SoundHost, token: string): Reply<'song-transport-play'> {
  checkToken(host, token);
  startPlayback(host);
  return submitted(host, 'transport_play', {});
}

export function songStop(host: SoundHost, token: string): Reply<'song-transport-stop'> {
  checkToken(host, token);
  stopPlayback(host);
  return submitted(host, 'transport_stop', {});
}

export function songTempo(host: SoundHost, origin: Origin, token: string, bpm: number): Reply<'song-transport-tempo'> {
  checkToken(host, token);
  if (!Number.isFinite(bpm) || bpm < TEMPO_MIN || bpm > TEMPO_MAX)
    throw refuse('invalid_argument', 'out_of_range', `BPM takes a finite tempo ${TEMPO_MIN}–${TEMPO_MAX}; got ${bpm}`);
  refuseRecording(host, 'a tempo change');
  const p = host.project.tempo;
  host.perform(origin, new SetParameter(p, bpm), () => p.getBaseValue() === bpm);
  return submitted(host, 'transport_tempo', { requested_bpm: bpm });
}

export function songMeter(host: SoundHost, origin: Origin, token: string, numerator: number, denominator: number): Reply<'song-transport-meter'> {
  checkToken(host, token);
  if (!Number.isInteger(numerator) || numerator < METER_NUMERATOR_MIN || numerator > METER_NUMERATOR_MAX || !METER_DENOMINATORS.includes(denominator)) {
    throw refuse(
      'invalid_argument',
      'out_of_range',
      `METER takes N/D with numerator ${METER_NUMERATOR_MIN}–${METER_NUMERATOR_MAX} and denominator 4 or 8; got ${numerator}/${denominator}`,
    );
  }
  refuseRecording(host, 'a meter change');
  const p = host.project;
  host.perform(
    origin,
    new CompoundCommand(`Change meter to ${numerator}/${denominator}`, [
      new SetParameter(p.meterNumerator, numerator),
      new SetParameter(p.meterDenominator, denominator),
    ]),
    () => p.meterNumerator.getBaseValue() === numerator && p.meterDenominator.getBaseValue() === denominator,
  );
  return submitted(host, 'transport_meter', { requested_meter: `${numerator}/${denominator}` });
}

export function songSeek(host: SoundHost, token: string, beats: number): Reply<'song-transport-seek'> {
  checkToken(host, token);
  if (!Number.isFinite(beats) || beats < 0 || beats > MAX_BEATS)
    throw refuse('invalid_argument', 'out_of_range', `POSITION_BEATS takes a finite position 0–${MAX_BEATS} quarter-note beats; got ${beats}`);
  refuseRecording(host, 'seeking');
  host.transport.position = beats;
  return submitted(host, 'transport_seek', { requested_position_beats: beats });
}

export function songLoop(host: SoundHost, origin: Origin, token: string, enabled: boolean): Reply<'song-transport-loop'> {
  checkToken(host, token);
  refuseRecording(host, 'changing the arranger loop');
  const p = host.project.loopEnabled;
  if (p.isOn() !== enabled) host.perform(origin, new SetParameter(p, enabled), () => p.isOn() === enabled);
  return submitted(host, 'transport_loop', { enabled });
}

/**
 * Sets the arranger loop's range (and turns the loop on or off with it), as one undo step: the
 * console's loop drag on its ruler. Start ≥ 0, duration > 0, ending by MAX_BEATS. Refuses recording.
 */
export function songLoopRange(host: SoundHost, origin: Origin, token: string, start: number, duration: number, enabled: boolean): Reply<'song-transport-play'> {
  checkToken(host, token);
  if (!Number.isFinite(start) || !Number.isFinite(duration) || start < 0 || duration <= 0 || start + duration > MAX_BEATS)
    throw refuse(
      'invalid_argument',
      'out_of_range',
      `the loop takes a start ≥ 0 and a duration > 0 ending by beat ${MAX_BEATS}; got start ${start}, duration ${duration}`,
    );
  refuseRecording(host, 'changing the arranger loop');
  const p = host.project;
  const steps = [];
  if (p.loopStart.getBaseValue() !== start) steps.push(new SetParameter(p.loopStart, start));
  if (p.loopDuration.getBaseValue() !== duration) steps.push(new SetParameter(p.loopDuration, duration));
  if (p.loopEnabled.isOn() !== enabled) steps.push(new SetParameter(p.loopEnabled, enabled));
  if (steps.length > 0)
    host.perform(
      origin,
      new CompoundCommand(`Set the arranger loop to beats ${start}–${start + duration}`, steps),
      () => p.loopStart.getBaseValue() === start && p.loopDuration.getBaseValue() === duration && p.loopEnabled.isOn() === enabled,
    );
  return submitted(host, 'transport_loop_range', { start, duration, enabled, changed: steps.length > 0 });
}

export function songTrackState(
  host: SoundHost,
  origin: Origin,
  token: string,
  index: number,
  muted: boolean | 'keep',
  armed: boolean | 'keep',
): Reply<'song-track-state'> {
  checkToken(host, token);
  refuseRecording(host, 'changing track state');
  const t = trackAt(host, index);
  if (armed === true && !t.armable)
    throw invalidArgument(`track ${index} (${t.name}) is ${t.type === 'master' ? 'the master track' : 'an effect track'} and cannot be armed`);
  const steps = [];
  if (muted !== 'keep' && t.mute.isOn() !== muted) steps.push(new SetParameter(t.mute, muted));
  if (armed !== 'keep' && t.arm.isOn() !== armed) steps.push(new SetParameter(t.arm, armed));
  if (steps.length > 0) {
    host.perform(
      origin,
      new CompoundCommand(`Change ${t.name} track state`, steps),
      () => (muted === 'keep' || t.mute.isOn() === muted) && (armed === 'keep' || t.arm.isOn() === armed),
    );
  }
  return {
    status: 'submitted',
    operation: 'track_state',
    track_index: index,
    track_id: t.id,
    requested: { muted, armed },
    changed: steps.length > 0,
    verified: false,
    host_observed: { muted: t.mute.isOn(), armed: t.arm.isOn() },
  };
}

// -------------------------------------------------------------------------------------------
// MIDI import

function importTarget(host: SoundHost, token: string, noteTracks: number): { track: Track; payload: Reply<'song-import'>['target'] } {
  checkToken(host, token);
  refuseRecording(host, 'import');
  const t = host.selection.track();
  if (t === null)
    throw refuse('invalid_argument', 'no_selection', 'import needs a selected target track (group, instrument, audio or hybrid); select one with track INDEX');
  if (!importable(t))
    throw invalidArgument(
      `the selected track ${t.name} is ${t.type === 'master' ? 'the master track' : 'an effect track'}; the import target must be a group, instrument, ` +
        `audio or hybrid track`,
    );
  const count = host.flat().length;
  if (count > BANK_SIZE) throw refuse('invalid_argument', 'bank_capacity', 'the track bank is not fully represented; import refused');
  if (count + noteTracks + 1 > BANK_SIZE)
    throw refuse(
      'invalid_argument',
      'bank_capacity',
      `the bank holds ${count} of ${BANK_SIZE} tracks; importing ${noteTracks} note tracks plus their group needs ${noteTracks + 1} free slots`,
    );
  return { track: t, payload: { index: flatIndexOf(host, t), track_id: t.id, name: t.name, type: t.type } };
}

/** Reads the artifact without following a final symlink; checks size, digest, type-1 structure and note-track count. */
async function readArtifact(
  path: string,
  expectedSha: string,
  noteTracks: number,
): Promise<{ bytes: Uint8Array; extracted: Extracted; submittedSha: string; removed: { tempo: number; meter: number } }> {
  const bad = (m: string): Error => refuse('invalid_argument', 'invalid_path', m);
  if (!isAbsolute(path) || path.includes('\0')) throw bad(`PATH must be an absolute local path; got ${JSON.stringify(path.slice(0, 200))}`);
  if (normalize(path) !== path) throw bad(`PATH must be canonical (no ., .. or doubled separators); got ${JSON.stringify(path.slice(0, 200))}`);
  let st;
  try {
    st = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(`no file at ${path}`);
    throw bad(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (st.isSymbolicLink()) throw bad(`${path} is a symbolic link; pass the regular file itself`);
  if (!st.isFile()) throw bad(`${path} is not a regular file`);
  if (st.size > MAX_MIDI_BYTES) throw bad(`${path} is ${st.size} bytes; MIDI artifacts are at most ${MAX_MIDI_BYTES}`);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  let bytes: Uint8Array;
  try {
    const fst = await handle.stat();
    if (!fst.isFile() || fst.size > MAX_MIDI_BYTES) throw bad(`${path} changed while it was being read`);
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  if (bytes.length > MAX_MIDI_BYTES) throw bad(`${path} grew past ${MAX_MIDI_BYTES} bytes while it was being read`);
  const actual = sha256(bytes);
  if (actual !== expectedSha)
    throw refuse('invalid_argument', 'sha256_mismatch', `the file's SHA-256 is ${actual}, not the reviewed ${expectedSha}; it changed since it was reviewed`);
  const data = parseType1(bytes);
  const found = countNoteTracks(data);
  if (found !== noteTracks)
    throw refuse('invalid_argument', 'note_track_count_mismatch', `the file holds ${found} note tracks, not the reviewed ${noteTracks}`);
  const derived = deriveSubmission(data);
  // The host imports what it submits: the derivative, parsed back.
  const extracted = extractNotes(parseType1(derived.bytes));
  if (extracted.tracks.length !== noteTracks) throw new FootlightError('internal', 'the submitted derivative lost note tracks');
  return { bytes, extracted, submittedSha: sha256(derived.bytes), removed: derived.removed };
}

/**
 * Imports a reviewed MIDI file after the target: the target is checked in one queue task, the
 * file read and checked off the queue, the tracks inserted in a second task (re-checking the
 * target), and the receipt tells what happened.
 */
export async function songImport(
  host: SoundHost,
  request: Request,
  token: string,
  expectedSha: string,
  noteTracks: number,
  path: string,
): Promise<Reply<'song-import'>> {
  if (!Number.isInteger(noteTracks) || noteTracks < 1 || noteTracks > BANK_SIZE - 1)
    throw refuse('invalid_argument', 'out_of_range', `NOTE_TRACK_COUNT takes 1–${BANK_SIZE - 1}; got ${noteTracks}`);
  const checked = await request.task('song-import (check)', () => importTarget(host, token, noteTracks));
  const artifact = await readArtifact(path, expectedSha, noteTracks);
  request.checkDeadline('the deadline passed while the artifact was being checked; nothing was imported');
  const receipt: Receipt = {
    id: `import-${++host.song.receiptSeq}-${host.nonce.slice(0, 8)}`,
    status: 'queued',
    createdAt: new Date().toISOString(),
    path,
    artifactSha256: expectedSha,
    submittedSha256: artifact.submittedSha,
    noteTrackCount: noteTracks,
    removedEvents: artifact.removed,
    target: checked.payload,
    error: null,
    imported: null,
  };
  host.song.keepReceipt(receipt);
  try {
    await request.commit('song-import', () => {
      const { track } = importTarget(host, token, noteTracks);
      if (track.id !== checked.track.id) throw refuse('stale', 'stale_project_token', 'the selected target changed before submission');
      receipt.imported = submitImport(host, request.origin, track, artifact.extracted, basename(path, extname(path)));
      receipt.status = 'submitted';
    });
  } catch (err) {
    const known = err instanceof FootlightError && err.code !== 'internal';
    receipt.status = known ? 'native_rejected' : 'submission_error_observe_before_retry';
    receipt.error = known ? (err as FootlightError).message : 'the submission failed unexpectedly (logged); observe song-state before deciding anything';
    if (!known) host.log.error({ err }, 'song-import submission failed');
  }
  return receiptPayload(host, receipt);
}

function submitImport(host: SoundHost, origin: Origin, target: Track, x: Extracted, fallbackName: string): ImportedRecord {
  const length = Math.max(1, Math.ceil(x.lengthBeats - 1e-9));
  const clip = (name: string, notes: Extracted['tracks'][number]['notes']): ClipJson => ({
    name,
    start: 0,
    length,
    loop_enabled: false,
    loop_start: 0,
    loop_length: length,
    notes: notes.map((n) => [n.pitch, n.start, n.duration, n.velocity, n.channel] as const),
  });
  const group = newTrackJson((x.title ?? fallbackName).slice(0, 256) || 'Imported MIDI', 'group', {
    children: x.tracks.map((t) => ({
      ...newTrackJson(t.name, 'instrument', { devices: [defaultInstrument(t)], clips: [clip(t.name, t.notes)] }),
      volume: importFader(x.tracks.length),
    })),
  });
  const where = insertionAfter(target);
  const before = host.project.cueMarkers;
  const after: CueMarker[] = [...before, ...x.markers].sort((a, b) => a.beat - b.beat);
  const projectId = host.project.id;
  const setMarkers =
    (list: readonly CueMarker[]) =>
    (g: Graph): void => {
      (g.require(projectId) as SoundProject).cueMarkers = list;
    };
  const insert = new InsertNode(`Import ${group.name}`, where.ownerId, 'track', group, where.index, trackCodec);
  const steps = x.markers.length > 0 ? [insert, new FunctionCommand('Import markers', setMarkers(after), setMarkers(before))] : [insert];
  host.perform(origin, new CompoundCommand(`Import MIDI ${group.name}`, steps));
  const g = host.engine.graph.require(insert.insertedId) as Track;
  const children = g.subtracks!.items;
  return {
    groupTrackId: g.id,
    tracks: children.map((t) => {
      const c = t.clips.at(0)!;
      return { trackId: t.id, clipId: c.id, name: t.name, noteCount: c.notes.length, notesDigest: notesDigest(c) };
    }),
  };
}

/** A new group goes right after the target, in the target's own list. */
function insertionAfter(target: Track): { ownerId: number; index: number } {
  const parent = target.parent!;
  const list = parent.arrays.get('track')!;
  return { ownerId: parent.id, index: list.indexOf(target) + 1 };
}

function receiptPayload(host: SoundHost, r: Receipt): Reply<'song-import'> {
  return {
    ok: r.status === 'submitted',
    receipt_id: r.id,
    status: r.status,
    verified: false,
    requires_observation: true,
    artifact_sha256: r.artifactSha256,
    submitted_sha256: r.submittedSha256,
    removed_global_events: { tempo: r.removedEvents.tempo, time_signature: r.removedEvents.meter },
    note_track_count: r.noteTrackCount,
    target: r.target,
    insertion: { position: 'after_target', beat: 0, new_group: true },
    playback_started: false,
    created_at: r.createdAt,
    error: r.error,
    host_observed: observeImport(host, r),
  };
}

/** What the host can prove about an import now: the tracks and clips it created, and their notes. */
function observeImport(host: SoundHost, r: Receipt): Reply<'song-import'>['host_observed'] {
  if (r.imported === null) return { imported: false };
  const graph = host.engine.graph;
  const present = (id: number): boolean => {
    const c = graph.get(id);
    return c !== undefined && host.project.contains(c);
  };
  const tracks = r.imported.tracks.map((x) => {
    const t = present(x.trackId) ? (graph.get(x.trackId) as Track) : null;
    const c = t?.clips.items.find((k) => k.id === x.clipId) ?? null;
    return {
      track_id: x.trackId,
      index: t === null ? null : flatIndexOf(host, t),
      name: x.name,
      present: t !== null,
      clip_native_id: x.clipId,
      clip_present: c !== null,
      expected_note_count: x.noteCount,
      note_count: c?.notes.length ?? 0,
      notes_match: c !== null && notesDigest(c) === x.notesDigest,
      instrument_assigned: t?.devices.items.some((d) => d.spec.kind === 'instrument') ?? false,
    };
  });
  return {
    imported: true,
    group_track_id: r.imported.groupTrackId,
    group_present: present(r.imported.groupTrackId),
    tracks,
    all_notes_present: tracks.every((t) => t.notes_match),
    audible_output_verified: false,
  };
}

export function songImportStatus(host: SoundHost, receiptId: string): Reply<'song-import-status'> {
  const r = host.song.receipts.get(receiptId);
  if (r === undefined)
    throw notFound(`no import receipt ${JSON.stringify(receiptId.slice(0, 80))} (receipts last for this host run; the newest ${MAX_RECEIPTS} are kept)`);
  const flat = host.flat();
  return {
    ...receiptPayload(host, r),
    ok: true,
    observation: {
      project_token: projectToken(host),
      track_count: flat.length,
      tracks: flat.map((f) => ({ index: f.index, track_id: f.track.id, name: f.track.name, type: f.track.type })),
    },
  };
}

// -------------------------------------------------------------------------------------------
// Save

/** Saves into a fresh, empty directory: checked off the queue, snapshotted in one task, written off the queue. */
export async function songSave(host: SoundHost, request: Request, token: string, dir: string): Promise<Reply<'song-save'>> {
  await validateSaveDirectory(dir);
  request.checkDeadline('the deadline passed while the destination was being checked; nothing was saved');
  const snapshot = await request.task('song-save', () => {
    checkToken(host, token);
    refuseRecording(host, 'saving');
    if (host.song.savePending)
      throw refuse(
        'invalid_argument',
        'project_save_pending',
        'another save is still being written (project_save_pending); wait for it to complete, then read song-state',
      );
    host.song.savePending = true;
    const project = host.project;
    const json = saveProject(project, { ids: false });
    return { project, json, digest: digest(json), documentDigest: host.documentDigest(project) };
  });
  // Submitted: from here the writer runs to completion whatever the client does.
  const projectFile = projectFilePath(dir);
  try {
    const written = await writeProjectFile(dir, {
      format: PROJECT_FORMAT,
      version: PROJECT_FORMAT_VERSION,
      saved_by: { host: HOST_NAME, version: HOST_VERSION },
      project: snapshot.json,
    });
    const reloaded = await readProjectFile(written.project_file);
    host.markSaved(snapshot.project, snapshot.documentDigest);
    return {
      ok: true,
      status: 'native_save_completed',
      project_file: written.project_file,
      error: null,
      verification_scope: SAVE_SCOPE,
      retry_performed: false,
      host_observed: {
        bytes: written.bytes,
        file_sha256: written.file_sha256,
        document_digest: snapshot.digest,
        reloaded_document_matches: digest(reloaded) === snapshot.digest,
      },
    };
  } catch (err) {
    host.log.warn({ err, dir }, 'song-save failed after submission');
    return {
      ok: false,
      status: 'requires_observation',
      project_file: projectFile,
      error: (err as Error).message,
      verification_scope: SAVE_SCOPE,
      retry_performed: false,
    };
  } finally {
    host.song.savePending = false;
  }
}
