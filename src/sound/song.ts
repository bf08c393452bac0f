import { constants } from 'node:fs';
import type { Meter } from './audio/dsp/engine.js';
import type { RenderPlan } from './audio/dsp/plan.js';
import { lstat, open } from 'node:fs/promises';
import { basename, extname, isAbsolute, normalize } from 'node:path';
import { CompoundCommand, FunctionCommand } from '../engine/commands/command.js';
import { SetParameter } from '../engine/commands/set-parameter.js';
import { FootlightError, invalidArgument, notFound } from '../engine/errors.js';
import type { Graph } from '../engine/graph.js';
import { digest } from '../engine/guards.js';
import { InsertNode, trackCodec } from './commands.js';
import { refuse } from './errors.js';
import type { Origin } from '../engine/commands/history.js';
import type { Request } from '../engine/request.js';
import type { Payload, SoundHost } from './host.js';
import { HOST_NAME, HOST_VERSION } from './version.js';
import { defaultInstrument } from './default-instrument.js';
import { SEND_DB_MAX, SEND_DB_MIN } from './mix.js';
import { countNoteTracks, deriveSubmission, extractNotes, MAX_MIDI_BYTES, parseType1, sha256, type Extracted } from './midi.js';
import { BANK_SIZE, MAX_BEATS, saveProject, type Track, type ArrangerClip, type ClipJson, type CueMarker, type SoundProject, newTrackJson } from './model.js';
import { flatIndexOf, trackAt } from './operations/common.js';
import { clipPayload, MAX_LISTED_NOTES, trackPayload } from './payloads.js';
import { PROJECT_FORMAT, PROJECT_FORMAT_VERSION, projectFilePath, readProjectFile, validateSaveDirectory, writeProjectFile } from './project-file.js';
import { atSongEnd, endStep, loopEndOf, playFrom, songEnd } from './song-end.js';

const TEMPO_MIN = 40;
const TEMPO_MAX = 220;
const METER_NUMERATOR_MIN = 2;
const METER_NUMERATOR_MAX = 12;
const METER_DENOMINATORS: readonly number[] = [4, 8];
/** Clips song-arranger lists per track. */
const MAX_ARRANGER_CLIPS = 256;
/** Notes song-arranger lists in one reply, over all its clips (keeps replies far below 8 MiB). */
const MAX_LISTED_NOTES_TOTAL = 16384;
/** Import receipts kept for song-import-status. */
const MAX_RECEIPTS = 256;

const METERS_REASON = 'live playback is off in this process (footlight serve runs it); listen to a region with sound_listen instead';

/** The live engine, when this process runs one (src/sound/live/player.ts). */
interface LiveSource {
  /** The transport's position comes from the engine's rendered samples, not the frame clock. */
  readonly driving: boolean;
  meters(): Payload;
  status(): Payload;
  /** The newest `seconds` of the output, the per-track meters over them and the plan they came from. */
  recent(seconds: number): { left: Float32Array; right: Float32Array; tracks: readonly Meter[]; plan: RenderPlan };
}
const SAVE_SCOPE = 'native_save_callback_and_project_file_presence';

type ReceiptStatus = 'queued' | 'submitted' | 'native_rejected' | 'submission_error_observe_before_retry';

interface ImportedRecord {
  readonly groupTrackId: number;
  readonly tracks: readonly {
    readonly trackId: number;
    readonly clipId: number;
    readonly name: string;
    readonly noteCount: number;
    readonly notesDigest: string;
  }[];
}

interface Receipt {
  readonly id: string;
  status: ReceiptStatus;
  readonly createdAt: string;
  readonly path: string;
  readonly artifactSha256: string;
  readonly submittedSha256: string;
  readonly noteTrackCount: number;
  readonly removedEvents: { readonly tempo: number; readonly meter: number };
  readonly target: Payload;
  error: string | null;
  imported: ImportedRecord | null;
}

const notesDigest = (c: ArrangerClip): string => c.notesDigest;

/**
 * Song operations: project_token, song-state, transport, arranger reads, clip loop flags,
 * track mute/arm, MIDI import with receipts and project save. Every write is guarded by the
 * exact observed project_token, re-checked inside the queued task right before it mutates.
 */
export class SongOps {
  private readonly receipts = new Map<string, Receipt>();
  private receiptSeq = 0;
  savePending = false;
  live: LiveSource | null = null;
  /** The latest beat the show places on the song (its light cues, wired by src/show): the song's end reaches it. */
  showEnd: (() => number) | null = null;

  constructor(private readonly host: SoundHost) {}

  get project(): SoundProject {
    return this.host.project;
  }

  capabilityPayload(): Payload {
    return {
      import: true,
      save: true,
      arranger: true,
      clip_loop: true,
      meters_available: this.live !== null,
      live_playback: this.live !== null,
      listen: {
        command: 'song-listen',
        region_max_seconds: 60,
        live_max_seconds: this.live !== null ? 30 : 0,
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
        audio_tracks: 'input_only',
      },
    };
  }

  /** Runtime state the fingerprint covers (receipts and save state). */
  fingerprintState(): unknown {
    return { pending: this.savePending, receipts: [...this.receipts.values()].map((r) => [r.id, r.status]) };
  }

  // -------------------------------------------------------------------------------------------
  // Token and guards

  /**
   * 64-hex digest over the project identity, the flat inventory (ids, names, types, parents,
   * mute, arm), the mix (volume, pan, sends), the selected target, tempo, meter, the arranger loop's enabled/start/duration,
   * every arranger clip (position, length, loop geometry and flag, notes) and the recording
   * state. Not covered: play position, playing, project_save_pending, meters, device state.
   */
  projectToken(): string {
    const p = this.project;
    const flat = p.flatTracks();
    return digest({
      kind: 'project',
      host: this.host.nonce,
      project: p.id,
      name: p.name,
      inventory: flat.map((f) => [f.track.id, f.track.name, f.track.type, f.parent?.id ?? null, f.track.mute.isOn(), f.track.arm.isOn()]),
      mix: flat.map((f) => [f.track.volume.getBaseValue(), f.track.pan.getBaseValue(), f.track.sends.map((s) => [s.target.id, s.levelDb, s.preFader])]),
      selected_target: this.host.selection.track()?.id ?? null,
      tempo: p.tempo.getBaseValue(),
      meter: [p.meterNumerator.getBaseValue(), p.meterDenominator.getBaseValue()],
      arranger_loop: [p.loopEnabled.isOn(), p.loopStart.getBaseValue(), p.loopDuration.getBaseValue()],
      arranger: flat.map((f) => f.track.clips.items.map((c) => [c.id, c.start, c.length, c.loopEnabled.isOn(), c.loopStart, c.loopLength, notesDigest(c)])),
      recording: this.host.transport.recording,
    });
  }

  checkToken(token: string): void {
    if (token !== this.projectToken())
      throw refuse(
        'stale',
        'stale_project_token',
        'project_token no longer matches: the project, its selection or its recording state changed since it was read. Re-read song-state, then decide ' +
          'again; never replay blindly.',
      );
  }

  refuseRecording(what: string): void {
    if (this.host.transport.recording)
      throw refuse('invalid_argument', 'recording', `recording is active, so ${what} is refused; stop the transport first (song-transport-stop)`);
  }

  private armedIndexes(): number[] {
    return this.host
      .flat()
      .filter((f) => f.track.arm.isOn())
      .map((f) => f.index);
  }

  // -------------------------------------------------------------------------------------------
  // Transport runtime (also used by the Play / Stop actions)

  /** The song's end in beats (song-end.ts): its last clip, cue marker or light cue; 0 when it is empty. */
  songEnd(): number {
    return songEnd(this.project, this.showEnd?.() ?? 0);
  }

  /** Starts playback; from the song's end (or past it) Play starts again from the beginning (song-end.ts). */
  startPlayback(): Payload {
    this.refuseRecording('playback');
    const armed = this.armedIndexes();
    if (armed.length > 0)
      throw refuse(
        'invalid_argument',
        'armed_tracks',
        `tracks ${armed.join(', ')} are armed; playback is refused while any track is armed (disarm with song-track-state)`,
      );
    const t = this.host.transport;
    const p = this.project;
    if (!t.playing) t.position = playFrom(t.position, this.songEnd(), p.loopStart.getBaseValue(), loopEndOf(p));
    t.playing = true;
    return { playing: true, position_beats: t.position };
  }

  /** Stops playback (and recording); stopping while stopped returns the playhead to the start. */
  stopPlayback(): Payload {
    const t = this.host.transport;
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
  nudge(beats: number): void {
    const t = this.host.transport;
    if (!t.playing || t.recording || !Number.isFinite(beats)) return;
    const pos = t.position + beats;
    t.position = pos < 0 ? 0 : pos > MAX_BEATS ? MAX_BEATS : pos;
  }

  /** Moves the play position by one frame of engine time while playing (arranger loop wraps; the end rule applies). */
  advance(deltaMs: number): void {
    const t = this.host.transport;
    if (!t.playing || !(deltaMs > 0) || this.live?.driving === true) return;
    const p = this.project;
    let pos = t.position + (deltaMs / 60000) * p.tempo.getBaseValue();
    const start = p.loopStart.getBaseValue();
    const dur = p.loopDuration.getBaseValue();
    if (p.loopEnabled.isOn() && dur > 0 && t.position < start + dur && pos >= start + dur) pos = start + ((pos - start) % dur);
    if (pos >= MAX_BEATS) {
      t.position = MAX_BEATS;
      t.playing = false;
      return;
    }
    this.follow(pos);
  }

  /**
   * Moves the playing transport on to `next` (the frame clock's step, or the beat the live
   * engine has rendered to) under the song's end rule (song-end.ts): it plays on, holds the end
   * for a frame, stops there, or wraps to the loop start. Returns true when the playhead jumped
   * (the live engine must then be told). Recording plays on past the end.
   */
  follow(next: number): boolean {
    const t = this.host.transport;
    if (!t.playing) return false;
    if (t.recording) {
      t.position = next;
      return false;
    }
    const p = this.project;
    const end = this.songEnd();
    switch (endStep(t.position, next, end, loopEndOf(p))) {
      case 'wrap':
        t.position = p.loopStart.getBaseValue();
        return true;
      case 'hold':
        t.position = end;
        return false;
      case 'stop':
        t.playing = false;
        return false;
      default:
        t.position = next;
        return false;
    }
  }

  private transportPayload(): Payload {
    const p = this.project;
    const t = this.host.transport;
    const end = this.songEnd();
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

  private recordingPayload(): Payload {
    const armed = this.armedIndexes();
    const rec = this.host.transport.recording;
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
  private importable(t: Track): boolean {
    return t.type === 'group' || t.type === 'instrument' || t.type === 'audio' || t.type === 'hybrid';
  }

  statePayload(): Payload {
    const flat = this.host.flat();
    const selected = this.host.selection.track();
    const f = flat.find((x) => x.track === selected);
    return {
      project_token: this.projectToken(),
      project_name: this.project.name,
      project_modified: this.host.modified,
      project_save_pending: this.savePending,
      selected_target:
        f === undefined ? null : { index: f.index, track_id: f.track.id, name: f.track.name, type: f.track.type, import_target: this.importable(f.track) },
      inventory: {
        bank: 'ALL_CHANNELS',
        bank_size: BANK_SIZE,
        scroll_position: 0,
        count: flat.length,
        complete: flat.length <= BANK_SIZE,
        tracks: flat.map((x) => trackPayload(x, selected?.id ?? null)),
      },
      transport: this.transportPayload(),
      recording: this.recordingPayload(),
      meters: this.live?.meters() ?? { available: false, reason: METERS_REASON },
      cue_markers: this.project.cueMarkers.map((m) => ({ name: m.name, beat: m.beat })),
      capabilities: this.capabilityPayload(),
    };
  }

  state(): Payload {
    return this.statePayload();
  }

  // -------------------------------------------------------------------------------------------
  // Arranger

  arranger(index: number): Payload {
    const t = trackAt(this.host, index);
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
      project_token: this.projectToken(),
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

  clipLoop(origin: Origin, token: string, index: number, clipId: number, expected: boolean, enabled: boolean): Payload {
    this.checkToken(token);
    this.refuseRecording('changing a clip loop');
    const t = trackAt(this.host, index);
    const clip = t.clips.items.find((c) => c.id === clipId);
    if (clip === undefined) throw notFound(`track ${index} (${t.name}) has no arranger clip with native_id ${clipId}; see song-arranger ${index}`);
    const previous = clip.loopEnabled.isOn();
    if (previous !== expected)
      throw refuse('stale', 'stale_project_token', `clip ${clipId} loop_enabled is ${previous}, not the expected ${expected}; re-read song-arranger ${index}`);
    if (previous !== enabled) this.host.perform(origin, new SetParameter(clip.loopEnabled, enabled), () => clip.loopEnabled.isOn() === enabled);
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

  private submitted(operation: string, extra: Payload): Payload {
    return { status: 'submitted', operation, ...extra, verified: false, host_observed: this.transportPayload() };
  }

  play(token: string): Payload {
    this.checkToken(token);
    this.startPlayback();
    return this.submitted('transport_play', {});
  }

  stop(token: string): Payload {
    this.checkToken(token);
    this.stopPlayback();
    return this.submitted('transport_stop', {});
  }

  tempo(origin: Origin, token: string, bpm: number): Payload {
    this.checkToken(token);
    if (!Number.isFinite(bpm) || bpm < TEMPO_MIN || bpm > TEMPO_MAX)
      throw refuse('invalid_argument', 'out_of_range', `BPM takes a finite tempo ${TEMPO_MIN}–${TEMPO_MAX}; got ${bpm}`);
    this.refuseRecording('a tempo change');
    const p = this.project.tempo;
    this.host.perform(origin, new SetParameter(p, bpm), () => p.getBaseValue() === bpm);
    return this.submitted('transport_tempo', { requested_bpm: bpm });
  }

  meter(origin: Origin, token: string, numerator: number, denominator: number): Payload {
    this.checkToken(token);
    if (!Number.isInteger(numerator) || numerator < METER_NUMERATOR_MIN || numerator > METER_NUMERATOR_MAX || !METER_DENOMINATORS.includes(denominator)) {
      throw refuse(
        'invalid_argument',
        'out_of_range',
        `METER takes N/D with numerator ${METER_NUMERATOR_MIN}–${METER_NUMERATOR_MAX} and denominator 4 or 8; got ${numerator}/${denominator}`,
      );
    }
    this.refuseRecording('a meter change');
    const p = this.project;
    this.host.perform(
      origin,
      new CompoundCommand(`Change meter to ${numerator}/${denominator}`, [
        new SetParameter(p.meterNumerator, numerator),
        new SetParameter(p.meterDenominator, denominator),
      ]),
      () => p.meterNumerator.getBaseValue() === numerator && p.meterDenominator.getBaseValue() === denominator,
    );
    return this.submitted('transport_meter', { requested_meter: `${numerator}/${denominator}` });
  }

  seek(token: string, beats: number): Payload {
    this.checkToken(token);
    if (!Number.isFinite(beats) || beats < 0 || beats > MAX_BEATS)
      throw refuse('invalid_argument', 'out_of_range', `POSITION_BEATS takes a finite position 0–${MAX_BEATS} quarter-note beats; got ${beats}`);
    this.refuseRecording('seeking');
    this.host.transport.position = beats;
    return this.submitted('transport_seek', { requested_position_beats: beats });
  }

  loop(origin: Origin, token: string, enabled: boolean): Payload {
    this.checkToken(token);
    this.refuseRecording('changing the arranger loop');
    const p = this.project.loopEnabled;
    if (p.isOn() !== enabled) this.host.perform(origin, new SetParameter(p, enabled), () => p.isOn() === enabled);
    return this.submitted('transport_loop', { enabled });
  }

  /**
   * Sets the arranger loop's range (and turns the loop on or off with it), as one undo step: the
   * console's loop drag on its ruler. Start ≥ 0, duration > 0, ending by MAX_BEATS. Refuses recording.
   */
  setLoopRange(origin: Origin, token: string, start: number, duration: number, enabled: boolean): Payload {
    this.checkToken(token);
    if (!Number.isFinite(start) || !Number.isFinite(duration) || start < 0 || duration <= 0 || start + duration > MAX_BEATS)
      throw refuse(
        'invalid_argument',
        'out_of_range',
        `the loop takes a start ≥ 0 and a duration > 0 ending by beat ${MAX_BEATS}; got start ${start}, duration ${duration}`,
      );
    this.refuseRecording('changing the arranger loop');
    const p = this.project;
    const steps = [];
    if (p.loopStart.getBaseValue() !== start) steps.push(new SetParameter(p.loopStart, start));
    if (p.loopDuration.getBaseValue() !== duration) steps.push(new SetParameter(p.loopDuration, duration));
    if (p.loopEnabled.isOn() !== enabled) steps.push(new SetParameter(p.loopEnabled, enabled));
    if (steps.length > 0)
      this.host.perform(
        origin,
        new CompoundCommand(`Set the arranger loop to beats ${start}–${start + duration}`, steps),
        () => p.loopStart.getBaseValue() === start && p.loopDuration.getBaseValue() === duration && p.loopEnabled.isOn() === enabled,
      );
    return this.submitted('transport_loop_range', { start, duration, enabled, changed: steps.length > 0 });
  }

  trackState(origin: Origin, token: string, index: number, muted: boolean | 'keep', armed: boolean | 'keep'): Payload {
    this.checkToken(token);
    this.refuseRecording('changing track state');
    const t = trackAt(this.host, index);
    if (armed === true && !t.armable)
      throw invalidArgument(`track ${index} (${t.name}) is ${t.type === 'master' ? 'the master track' : 'an effect track'} and cannot be armed`);
    const steps = [];
    if (muted !== 'keep' && t.mute.isOn() !== muted) steps.push(new SetParameter(t.mute, muted));
    if (armed !== 'keep' && t.arm.isOn() !== armed) steps.push(new SetParameter(t.arm, armed));
    if (steps.length > 0) {
      this.host.perform(
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

  private importTarget(token: string, noteTracks: number): { track: Track; payload: Payload } {
    this.checkToken(token);
    this.refuseRecording('import');
    const t = this.host.selection.track();
    if (t === null)
      throw refuse(
        'invalid_argument',
        'no_selection',
        'import needs a selected target track (group, instrument, audio or hybrid); select one with track INDEX',
      );
    if (!this.importable(t))
      throw invalidArgument(
        `the selected track ${t.name} is ${t.type === 'master' ? 'the master track' : 'an effect track'}; the import target must be a group, instrument, ` +
          `audio or hybrid track`,
      );
    const count = this.host.flat().length;
    if (count > BANK_SIZE) throw refuse('invalid_argument', 'bank_capacity', 'the track bank is not fully represented; import refused');
    if (count + noteTracks + 1 > BANK_SIZE)
      throw refuse(
        'invalid_argument',
        'bank_capacity',
        `the bank holds ${count} of ${BANK_SIZE} tracks; importing ${noteTracks} note tracks plus their group needs ${noteTracks + 1} free slots`,
      );
    return { track: t, payload: { index: flatIndexOf(this.host, t), track_id: t.id, name: t.name, type: t.type } };
  }

  /** Reads the artifact without following a final symlink; checks size, digest, type-1 structure and note-track count. */
  private async readArtifact(
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
  async import(request: Request, token: string, expectedSha: string, noteTracks: number, path: string): Promise<Payload> {
    if (!Number.isInteger(noteTracks) || noteTracks < 1 || noteTracks > BANK_SIZE - 1)
      throw refuse('invalid_argument', 'out_of_range', `NOTE_TRACK_COUNT takes 1–${BANK_SIZE - 1}; got ${noteTracks}`);
    const checked = await request.task('song-import (check)', () => this.importTarget(token, noteTracks));
    const artifact = await this.readArtifact(path, expectedSha, noteTracks);
    request.checkDeadline('the deadline passed while the artifact was being checked; nothing was imported');
    const receipt: Receipt = {
      id: `import-${++this.receiptSeq}-${this.host.nonce.slice(0, 8)}`,
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
    this.keepReceipt(receipt);
    try {
      await request.task('song-import', () => {
        const { track } = this.importTarget(token, noteTracks);
        if (track.id !== checked.track.id) throw refuse('stale', 'stale_project_token', 'the selected target changed before submission');
        receipt.imported = this.submitImport(request.origin, track, artifact.extracted, basename(path, extname(path)));
        receipt.status = 'submitted';
      });
    } catch (err) {
      const known = err instanceof FootlightError && err.code !== 'internal';
      receipt.status = known ? 'native_rejected' : 'submission_error_observe_before_retry';
      receipt.error = known ? (err as FootlightError).message : 'the submission failed unexpectedly (logged); observe song-state before deciding anything';
      if (!known) this.host.log.error({ err }, 'song-import submission failed');
    }
    return this.receiptPayload(receipt);
  }

  private submitImport(origin: Origin, target: Track, x: Extracted, fallbackName: string): ImportedRecord {
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
      children: x.tracks.map((t) => newTrackJson(t.name, 'instrument', { devices: [defaultInstrument(t)], clips: [clip(t.name, t.notes)] })),
    });
    const where = this.insertionAfter(target);
    const before = this.project.cueMarkers;
    const after: CueMarker[] = [...before, ...x.markers].sort((a, b) => a.beat - b.beat);
    const projectId = this.project.id;
    const setMarkers =
      (list: readonly CueMarker[]) =>
      (g: Graph): void => {
        (g.require(projectId) as SoundProject).cueMarkers = list;
      };
    const insert = new InsertNode(`Import ${group.name}`, where.ownerId, 'track', group, where.index, trackCodec);
    const steps = x.markers.length > 0 ? [insert, new FunctionCommand('Import markers', setMarkers(after), setMarkers(before))] : [insert];
    this.host.perform(origin, new CompoundCommand(`Import MIDI ${group.name}`, steps));
    const g = this.host.engine.graph.require(insert.insertedId) as Track;
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
  private insertionAfter(target: Track): { ownerId: number; index: number } {
    const parent = target.parent!;
    const list = parent.arrays.get('track')!;
    return { ownerId: parent.id, index: list.indexOf(target) + 1 };
  }

  private keepReceipt(r: Receipt): void {
    this.receipts.set(r.id, r);
    while (this.receipts.size > MAX_RECEIPTS) this.receipts.delete(this.receipts.keys().next().value as string);
  }

  private receiptPayload(r: Receipt): Payload {
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
      host_observed: this.observeImport(r),
    };
  }

  /** What the host can prove about an import now: the tracks and clips it created, and their notes. */
  private observeImport(r: Receipt): Payload {
    if (r.imported === null) return { imported: false };
    const graph = this.host.engine.graph;
    const present = (id: number): boolean => {
      const c = graph.get(id);
      return c !== undefined && this.project.contains(c);
    };
    const tracks = r.imported.tracks.map((x) => {
      const t = present(x.trackId) ? (graph.get(x.trackId) as Track) : null;
      const c = t?.clips.items.find((k) => k.id === x.clipId) ?? null;
      return {
        track_id: x.trackId,
        index: t === null ? null : flatIndexOf(this.host, t),
        name: x.name,
        present: t !== null,
        clip_native_id: x.clipId,
        clip_present: c !== null,
        expected_note_count: x.noteCount,
        note_count: c?.notes.length ?? 0,
        notes_match: c !== null && notesDigest(c) === x.notesDigest,
        instrument_assigned: t !== null && t.devices.items.some((d) => d.spec.kind === 'instrument'),
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

  importStatus(receiptId: string): Payload {
    const r = this.receipts.get(receiptId);
    if (r === undefined)
      throw notFound(`no import receipt ${JSON.stringify(receiptId.slice(0, 80))} (receipts last for this host run; the newest ${MAX_RECEIPTS} are kept)`);
    const flat = this.host.flat();
    return {
      ...this.receiptPayload(r),
      ok: true,
      observation: {
        project_token: this.projectToken(),
        track_count: flat.length,
        tracks: flat.map((f) => ({ index: f.index, track_id: f.track.id, name: f.track.name, type: f.track.type })),
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Save

  /** Saves into a fresh, empty directory: checked off the queue, snapshotted in one task, written off the queue. */
  async save(request: Request, token: string, dir: string): Promise<Payload> {
    await validateSaveDirectory(dir);
    request.checkDeadline('the deadline passed while the destination was being checked; nothing was saved');
    const snapshot = await request.task('song-save', () => {
      this.checkToken(token);
      this.refuseRecording('saving');
      if (this.savePending)
        throw refuse(
          'invalid_argument',
          'project_save_pending',
          'another save is still being written (project_save_pending); wait for it to complete, then read song-state',
        );
      this.savePending = true;
      const project = this.project;
      const json = saveProject(project, { ids: false });
      return { project, json, digest: digest(json), documentDigest: this.host.documentDigest(project) };
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
      this.host.markSaved(snapshot.project, snapshot.documentDigest);
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
      this.host.log.warn({ err, dir }, 'song-save failed after submission');
      return {
        ok: false,
        status: 'requires_observation',
        project_file: projectFile,
        error: (err as Error).message,
        verification_scope: SAVE_SCOPE,
        retry_performed: false,
      };
    } finally {
      this.savePending = false;
    }
  }
}
