import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FootlightError, internal, invalidArgument, notFound, stale } from '../engine/errors.js';
import type { AuthorizationMode, CallAuthority, Guard, WritePlan } from './authorization.js';
import { failureOf, type Reply } from '../protocol3/replies/index.js';
import type { Transport } from '../protocol3/replies/shapes.js';
import type { AdapterCore } from './core.js';
import type { NativeReply, WireOutcome } from './connection.js';
import { fromOutcome, OBSERVE_FIRST, type WriteResult } from './results.js';
import { compileSongPlan, type CompiledSong, type SongPlan } from './song-plan.js';
import { b64, bool, num } from './wire.js';

/**
 * Song writes (clip loop, transport, track state), the song workflow (offline plan → type-1
 * MIDI export → one reviewed import → tempo/meter through the transport) and project save.
 * Every song write binds to the project token; the adapter checks a reviewed token against a
 * fresh read before it sends, and the host checks it again at submission.
 */

type TransportOperation = 'play' | 'stop' | 'seek' | 'tempo' | 'meter' | 'loop';

const OBSERVE_SONG = 'song_get_state and song_get_arranger';

interface SongExport {
  readonly id: string;
  readonly revision: number;
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly note_track_count: number;
  readonly summary: CompiledSong['summary'];
  readonly created_at: string;
}

interface ImportAttempt {
  readonly revision: number;
  readonly export_id: string;
  status: string;
  receipt_id?: string;
  readonly command: string;
  readonly at: string;
  transport_steps: TransportStep[];
}

interface TransportStep {
  readonly operation: 'transport_tempo' | 'transport_meter';
  readonly status: 'completed' | 'refused' | 'requires_observation' | 'skipped';
  readonly command?: string;
  readonly requested: unknown;
  readonly native?: NativeReply;
  readonly error?: string;
}

interface SongSession {
  readonly id: string;
  revision: number;
  plan: SongPlan;
  exportFile: SongExport;
  readonly imports: ImportAttempt[];
  readonly created_at: string;
}

interface SaveRecord {
  readonly output_directory: string;
  readonly status: string;
  readonly at: string;
  readonly project_file?: string;
}

interface SongOptions {
  /** Where workflow-owned MIDI exports are written. */
  readonly exportRoot: () => string;
  /** Where `song_save_project` allocates fresh `sound-project-*` folders. */
  readonly outputRoot: () => string;
}

type SongState = Reply<'song-state'>;

export class SongWorkflows {
  private readonly sessions = new Map<string, SongSession>();
  private readonly saves: SaveRecord[] = [];
  private exportDir: Promise<string> | undefined;

  constructor(
    private readonly core: AdapterCore,
    private readonly options: SongOptions,
  ) {}

  get counts(): { song_sessions: number; imports_attempted: number; saves: number } {
    return {
      song_sessions: this.sessions.size,
      imports_attempted: [...this.sessions.values()].reduce((n, s) => n + s.imports.length, 0),
      saves: this.saves.length,
    };
  }

  get saveRecords(): readonly SaveRecord[] {
    return this.saves;
  }

  /** The project token a song write binds to: a fresh read, checked against the caller's reviewed one. */
  private async tokenGuard(reviewed: string | undefined, purpose: string, refusedWhileRecording?: string): Promise<{ state: SongState; guard: Guard }> {
    const state = await this.core.need('song-state', purpose);
    const fresh = state.project_token;
    if (reviewed !== undefined && reviewed !== fresh)
      throw stale(
        `project_token ${reviewed} is not the current one (${fresh}): the project changed since you read it (tracks, clips, tempo, meter, loop, selection ` +
          `or recording). Re-read song_get_state, then decide. Nothing was sent.`,
      );
    // The host refuses these while it records: say so now instead of after a confirmation round.
    if (refusedWhileRecording !== undefined && state.recording.any_recording) {
      throw invalidArgument(
        `recording is active, so the host would refuse ${refusedWhileRecording}; stop the transport first (song_control_transport stop). Nothing was sent ` +
          `and no confirmation was asked.`,
      );
    }
    return { state, guard: { kind: 'project_token', value: fresh, source: reviewed === undefined ? 'fresh_read' : 'caller' } };
  }

  async setClipLoop(
    args: { track_index: number; clip_id: number; enabled: boolean; expected_enabled?: boolean; project_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const { guard } = await this.tokenGuard(args.project_token, 'a clip loop change binds to the project token', 'a clip loop change');
      const arranger = await this.core.need('song-arranger', "a clip loop change reads the track's clips", String(args.track_index));
      const clip = arranger.arranger.clips.find((c) => c.native_id === args.clip_id);
      if (clip === undefined)
        throw notFound(
          `track ${args.track_index} (${arranger.track_name}) has no arranger clip with native_id ${args.clip_id}; song_get_arranger lists them. ` +
            `Nothing was sent.`,
        );
      const expected = args.expected_enabled ?? clip.loop_enabled;
      return {
        line: `song-clip-loop ${guard.value} ${args.track_index} ${args.clip_id} ${bool(expected)} ${bool(args.enabled)}`,
        guard,
        summary:
          `Set the loop flag of clip "${clip.name}" (${args.clip_id}) on ${arranger.track_name} from ${clip.loop_enabled} to ` +
          `${args.enabled}. Notes, timing and loop range are untouched. Undoable.`,
        preview: {
          track: { index: args.track_index, name: arranger.track_name },
          clip: {
            native_id: clip.native_id,
            name: clip.name,
            start: clip.start,
            length: clip.length,
            loop_enabled: clip.loop_enabled,
            loop_start: clip.loop_start,
            loop_length: clip.loop_length,
          },
          expected_enabled: expected,
          enabled: args.enabled,
        },
      };
    };
    return this.core.write({ tool: 'song_set_clip_loop', args: raw, authority, plan, observe: OBSERVE_SONG });
  }

  /** `song-audio-clip`: place (no clip_id), replace or remove (clip null) one audio clip on an audio track. */
  async setAudioClip(
    args: {
      track_index: number;
      clip_id?: number;
      clip: { sample: string; start: number; length: number; gain_db?: number; offset_seconds?: number; loop?: boolean; name?: string } | null;
      project_token?: string;
    },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const plan = async (): Promise<WritePlan> => {
      const { guard } = await this.tokenGuard(args.project_token, 'an audio clip change binds to the project token', 'an audio clip change');
      const arranger = await this.core.need('song-arranger', "an audio clip change reads the track's clips", String(args.track_index));
      const previous = args.clip_id === undefined ? undefined : arranger.arranger.clips.find((c) => c.native_id === args.clip_id);
      if (args.clip_id !== undefined && previous === undefined)
        throw notFound(
          `track ${args.track_index} (${arranger.track_name}) has no arranger clip with native_id ${args.clip_id}; song_get_arranger lists them. ` +
            'Nothing was sent.',
        );
      if (args.clip === null && previous === undefined)
        throw invalidArgument('clip null removes a clip: give its clip_id (native_id from song_get_arranger). Nothing was sent.');
      const what =
        args.clip === null
          ? `Remove audio clip "${previous!.name}" (${previous!.native_id})`
          : `${previous === undefined ? 'Place' : `Replace audio clip "${previous.name}" (${previous.native_id}) with`} ${args.clip.sample} at beat ` +
            `${args.clip.start} for ${args.clip.length} beats${args.clip.loop === true ? ', looped' : ''}`;
      return {
        line: `song-audio-clip ${guard.value} ${args.track_index} ${args.clip_id ?? 0} ${b64(JSON.stringify(args.clip))}`,
        guard,
        summary: `${what} on ${arranger.track_name}. Undoable.`,
        preview: {
          track: { index: args.track_index, name: arranger.track_name },
          previous_clip: previous === undefined ? null : { native_id: previous.native_id, name: previous.name, start: previous.start, length: previous.length },
          clip: args.clip,
        },
      };
    };
    return this.core.write({ tool: 'song_set_audio_clip', args: raw, authority, plan, observe: OBSERVE_SONG });
  }

  async transport(
    args: {
      operation: TransportOperation;
      bpm?: number;
      meter?: { numerator: number; denominator: number };
      position_beats?: number;
      enabled?: boolean;
      project_token?: string;
    },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const need = { seek: 'position_beats', tempo: 'bpm', meter: 'meter', loop: 'enabled' } as const;
    const field = (need as Record<string, keyof typeof args>)[args.operation];
    if (field !== undefined && args[field] === undefined) throw invalidArgument(`operation ${args.operation} needs ${field}`);
    for (const k of ['bpm', 'meter', 'position_beats', 'enabled'] as const)
      if (args[k] !== undefined && k !== field) throw invalidArgument(`${k} does not apply to operation ${args.operation}; leave it out`);
    const plan = async (): Promise<WritePlan> => {
      const { state, guard } = await this.tokenGuard(
        args.project_token,
        'a transport operation binds to the project token',
        args.operation === 'stop' ? undefined : `transport ${args.operation}`,
      );
      const t = state.transport;
      const arg =
        args.operation === 'seek'
          ? ` ${num(args.position_beats!, 'position_beats')}`
          : args.operation === 'tempo'
            ? ` ${num(args.bpm!, 'bpm')}`
            : args.operation === 'meter'
              ? ` ${args.meter!.numerator}/${args.meter!.denominator}`
              : args.operation === 'loop'
                ? ` ${bool(args.enabled!)}`
                : '';
      const undoable = args.operation === 'tempo' || args.operation === 'meter' || args.operation === 'loop';
      const requested =
        args.operation === 'seek'
          ? args.position_beats
          : args.operation === 'tempo'
            ? args.bpm
            : args.operation === 'meter'
              ? args.meter
              : args.operation === 'loop'
                ? args.enabled
                : undefined;
      const current = { play: t.playing, stop: t.playing, seek: t.position_beats, tempo: t.tempo, meter: t.meter, loop: t.arranger_loop_enabled }[
        args.operation
      ];
      return {
        line: `song-transport-${args.operation} ${guard.value}${arg}`,
        guard,
        summary:
          `Transport ${args.operation}${requested === undefined ? '' : ` → ${JSON.stringify(requested)}`} (now ` +
          `${args.operation === 'play' || args.operation === 'stop' ? (t.playing ? 'playing' : 'stopped') : JSON.stringify(current)}). ` +
          `${undoable ? 'Undoable.' : 'Not an undo step.'}`,
        preview: { operation: args.operation, current, ...(requested === undefined ? {} : { requested }), transport: t, recording: state.recording },
      };
    };
    // Play, stop, seek and the loop flag are performing, not editing: the project token guards them, and a
    // confirmation round trip would cost an operator the moment (a stop in a live emergency). Tempo and meter
    // rewrite the song's timing, so they keep the review.
    const performing = args.operation !== 'tempo' && args.operation !== 'meter';
    return this.core.write({
      tool: 'song_control_transport',
      args: raw,
      authority,
      plan,
      observe: 'song_get_state (transport)',
      ...(performing ? { needsAuthorization: false as const } : {}),
    });
  }

  async setTrackState(
    args: { track_index: number; muted?: boolean; armed?: boolean; project_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    if (args.muted === undefined && args.armed === undefined) throw invalidArgument('give muted, armed or both (a missing one is kept)');
    const plan = async (): Promise<WritePlan> => {
      const { state, guard } = await this.tokenGuard(args.project_token, 'a track state change binds to the project token');
      const track = state.inventory.tracks.find((x) => x.index === args.track_index);
      if (track === undefined) throw notFound(`no track at bank index ${args.track_index}; song_get_state lists the inventory. Nothing was sent.`);
      const tri = (v: boolean | undefined): string => (v === undefined ? 'keep' : bool(v));
      return {
        line: `song-track-state ${guard.value} ${args.track_index} ${tri(args.muted)} ${tri(args.armed)}`,
        guard,
        summary:
          `Track ${args.track_index} (${track.name}): muted ${track.muted} → ${args.muted ?? 'kept'}, armed ${track.armed} → ` +
          `${args.armed ?? 'kept'}. Undoable.`,
        preview: {
          track: { index: track.index, track_id: track.track_id, name: track.name, type: track.type, muted: track.muted, armed: track.armed },
          requested: { muted: args.muted ?? 'keep', armed: args.armed ?? 'keep' },
        },
      };
    };
    return this.core.write({ tool: 'song_set_track_state', args: raw, authority, plan, observe: 'song_get_state (inventory)' });
  }

  async setTrackMix(
    args: { track_index: number; volume?: number; volume_db?: number; pan?: number; project_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    if (args.volume !== undefined && args.volume_db !== undefined) throw invalidArgument('give volume (0–1 fader position) or volume_db, not both');
    if (args.volume === undefined && args.volume_db === undefined && args.pan === undefined)
      throw invalidArgument('give volume, volume_db, pan or a combination (a missing one is kept)');
    const plan = async (): Promise<WritePlan> => {
      const { state, guard } = await this.tokenGuard(args.project_token, 'a mix change binds to the project token', 'a mix change');
      const track = state.inventory.tracks.find((x) => x.index === args.track_index);
      if (track === undefined) throw notFound(`no track at bank index ${args.track_index}; song_get_state lists the inventory. Nothing was sent.`);
      const vol = args.volume_db !== undefined ? `${num(args.volume_db, 'volume_db')}dB` : args.volume !== undefined ? num(args.volume, 'volume') : 'keep';
      const pan = args.pan === undefined ? 'keep' : num(args.pan, 'pan');
      return {
        line: `song-track-mix ${guard.value} ${args.track_index} ${vol} ${pan}`,
        guard,
        summary:
          `Track ${args.track_index} (${track.name}): volume ${track.volume_display} → ${vol === 'keep' ? 'kept' : vol}, pan ` +
          `${track.pan} → ${pan === 'keep' ? 'kept' : pan}. Undoable.`,
        preview: {
          track: {
            index: track.index,
            track_id: track.track_id,
            name: track.name,
            volume: track.volume,
            volume_db: track.volume_db,
            volume_display: track.volume_display,
            pan: track.pan,
          },
          requested: { volume: vol, pan },
        },
      };
    };
    return this.core.write({ tool: 'song_set_track_mix', args: raw, authority, plan, observe: 'song_get_state (inventory)' });
  }

  async setTrackSend(
    args: { track_index: number; fx_index: number; level_db?: number | 'off'; pre_fader?: boolean; project_token?: string },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    if (args.level_db === undefined && args.pre_fader === undefined) throw invalidArgument('give level_db (or "off"), pre_fader or both');
    const plan = async (): Promise<WritePlan> => {
      const { state, guard } = await this.tokenGuard(args.project_token, 'a send change binds to the project token', 'a send change');
      const tracks = state.inventory.tracks;
      const track = tracks.find((x) => x.index === args.track_index);
      const fx = tracks.find((x) => x.index === args.fx_index);
      if (track === undefined || fx === undefined)
        throw notFound(
          `no track at bank index ${track === undefined ? args.track_index : args.fx_index}; song_get_state lists the inventory. Nothing was sent.`,
        );
      const level = args.level_db === undefined ? 'keep' : args.level_db === 'off' ? 'off' : num(args.level_db, 'level_db');
      const current = track.sends.find((x) => x.target_track_id === fx.track_id) ?? null;
      return {
        line: `song-track-send ${guard.value} ${args.track_index} ${args.fx_index} ${level} ${args.pre_fader === undefined ? 'keep' : bool(args.pre_fader)}`,
        guard,
        summary:
          `Send ${track.name} → ${fx.name}: ${current === null ? 'none' : current.level_display} → ` +
          (level === 'keep' ? 'level kept' : level === 'off' ? 'removed' : `${level} dB`) +
          (args.pre_fader === undefined ? '' : `, ${args.pre_fader ? 'pre' : 'post'}-fader`) +
          '. Undoable.',
        preview: {
          track: { index: track.index, track_id: track.track_id, name: track.name },
          fx: { index: fx.index, track_id: fx.track_id, name: fx.name, type: fx.type },
          current,
          requested: { level_db: level, pre_fader: args.pre_fader ?? 'keep' },
        },
      };
    };
    return this.core.write({ tool: 'song_set_track_send', args: raw, authority, plan, observe: 'song_get_state (inventory sends)' });
  }

  // ---- the song workflow ----------------------------------------------------------------

  private async exportDirectory(): Promise<string> {
    this.exportDir ??= (async () => {
      const root = this.options.exportRoot();
      await mkdir(root, { recursive: true, mode: 0o700 });
      return mkdtemp(join(await realpath(root), 'songs-'));
    })();
    return this.exportDir;
  }

  /** Compiles a plan offline (the host is not contacted) into a new session, or a new revision of one. */
  async compile(plan: SongPlan, sessionId?: string): Promise<Record<string, unknown>> {
    const compiled = compileSongPlan(plan);
    let session = sessionId === undefined ? undefined : this.sessionOf(sessionId);
    const id = session?.id ?? `song-${randomBytes(6).toString('hex')}`;
    const revision = (session?.revision ?? 0) + 1;
    const dir = await this.exportDirectory();
    const path = join(dir, `${id}-r${revision}.mid`);
    await writeFile(path, compiled.bytes, { flag: 'wx', mode: 0o600 });
    const exportFile: SongExport = {
      id: `${id}-r${revision}`,
      revision,
      path,
      sha256: compiled.sha256,
      bytes: compiled.bytes.length,
      note_track_count: compiled.note_track_count,
      summary: compiled.summary,
      created_at: new Date().toISOString(),
    };
    if (session === undefined) {
      session = { id, revision, plan, exportFile, imports: [], created_at: new Date().toISOString() };
      this.sessions.set(id, session);
    } else {
      session.revision = revision;
      session.plan = plan;
      session.exportFile = exportFile;
    }
    return this.report(session);
  }

  private sessionOf(id: string): SongSession {
    const s = this.sessions.get(id);
    if (s === undefined)
      throw notFound(
        `no song session ${JSON.stringify(id)} in this adapter process (song sessions are process-local; a restart loses them and their review authority — ` +
          `compile the plan again)`,
      );
    return s;
  }

  workflow(id: string): Record<string, unknown> {
    return this.report(this.sessionOf(id));
  }

  private report(s: SongSession): Record<string, unknown> {
    const attempted = s.imports.find((i) => i.revision === s.revision);
    return {
      song_session_id: s.id,
      revision: s.revision,
      export: { ...s.exportFile },
      plan: s.plan,
      imports: s.imports.map((i) => ({ ...i, transport_steps: [...i.transport_steps] })),
      import_available: attempted === undefined,
      where:
        attempted === undefined
          ? `revision ${s.revision} is compiled and not imported yet`
          : `revision ${s.revision} was imported once (status ${attempted.status}); compile a new revision to import again`,
      created_at: s.created_at,
    };
  }

  /** The reviewed import: one attempt per compiled revision, then tempo and meter through the transport. */
  async importPlan(
    args: { song_session_id: string; revision: number; project_token?: string; set_tempo_and_meter?: boolean },
    raw: Record<string, unknown>,
    authority: CallAuthority,
  ): Promise<WriteResult> {
    const session = this.sessionOf(args.song_session_id);
    const applyTransport = args.set_tempo_and_meter ?? true;
    const plan = async (): Promise<WritePlan> => {
      if (args.revision !== session.revision)
        throw stale(
          `song session ${session.id} is at revision ${session.revision}, not the reviewed ${args.revision}: the plan was recompiled since. Review revision ` +
            `${session.revision} (song_get_workflow). Nothing was sent.`,
        );
      const prior = session.imports.find((i) => i.revision === session.revision);
      if (prior !== undefined)
        throw invalidArgument(
          `revision ${session.revision} of ${session.id} was already imported once (status ` +
            `${prior.status}${prior.receipt_id === undefined ? '' : `, receipt ${prior.receipt_id}`}); the workflow makes exactly one import attempt per ` +
            `export, an ambiguous one included. Inspect song_get_import_status / song_get_arranger; compile a new revision only if you are sure the first ` +
            `did not land. Nothing was sent.`,
        );
      const ex = session.exportFile;
      let bytes: Buffer;
      try {
        bytes = await readFile(ex.path);
      } catch (err) {
        throw internal(`the workflow's export ${ex.path} cannot be read (${(err as Error).message}); compile again. Nothing was sent.`);
      }
      if (createHash('sha256').update(bytes).digest('hex') !== ex.sha256)
        throw internal(
          `the workflow's export ${ex.path} changed on disk since it was compiled; it is no longer the reviewed artifact. Compile again. Nothing was sent.`,
        );
      const { state, guard } = await this.tokenGuard(args.project_token, 'an import binds to the project token', 'an import');
      const target = state.selected_target;
      if (target === null || !target.import_target) {
        throw invalidArgument(
          `the import goes after the selected target track, which must be a group, instrument, audio or hybrid track; the selection is ` +
            `${target === null ? 'empty' : `${target.name} (${target.type})`}. Select one with sound_select_track. Nothing was sent.`,
        );
      }
      const t = state.transport;
      const s = ex.summary;
      const transport: Record<string, unknown>[] = [];
      if (applyTransport && t.tempo !== s.tempo) transport.push({ operation: 'transport_tempo', from: t.tempo, to: s.tempo });
      const meter = t.meter;
      if (applyTransport && (meter.numerator !== s.meter.numerator || meter.denominator !== s.meter.denominator))
        transport.push({ operation: 'transport_meter', from: t.meter, to: s.meter });
      return {
        line: `song-import ${guard.value} ${ex.sha256} ${ex.note_track_count} ${b64(ex.path)}`,
        guard,
        summary:
          `Import "${s.title}" (revision ${ex.revision}: ${ex.note_track_count} note track${ex.note_track_count === 1 ? '' : 's'} — ` +
          `${s.parts.map((p) => `${p.name} ${p.note_count} notes`).join(', ')}; ${s.length_beats} beats) as a new group after ${target.name}, ` +
          'clips at beat 0' +
          (transport.length === 0
            ? ''
            : `, then set ${transport.map((x) => `${String(x.operation).replace('transport_', '')} ${JSON.stringify(x.to)}`).join(' and ')} ` +
              'through the transport') +
          '. Each is one undo step. Playback does not start.',
        preview: {
          target,
          export: {
            id: ex.id,
            path: ex.path,
            sha256: ex.sha256,
            note_track_count: ex.note_track_count,
            tracks: s.parts,
            markers: s.sections.map((x) => ({ name: x.name, beat: x.start_beat })),
          },
          creates: { group: s.title, tracks: s.parts.map((p) => p.name), insertion: 'after the target, beat 0' },
          transport_after_import: transport,
          recording: state.recording,
        },
      };
    };
    const execute = async (p: WritePlan, mode: AuthorizationMode): Promise<WriteResult> => {
      const attempt: ImportAttempt = {
        revision: session.revision,
        export_id: session.exportFile.id,
        status: 'sending',
        command: p.line,
        at: new Date().toISOString(),
        transport_steps: [],
      };
      session.imports.push(attempt); // the attempt counts from the moment it is sent, whatever happens next
      let outcome: WireOutcome;
      try {
        outcome = await this.core.connection.write(p.line);
      } catch (err) {
        // Thrown only when nothing left this process (no connection, readiness failed): not an attempt.
        session.imports.splice(session.imports.indexOf(attempt), 1);
        throw err;
      }
      const result = fromOutcome(outcome, p, mode, `${OBSERVE_SONG}; song_get_import_status if you have a receipt id`);
      if (outcome.kind === 'ambiguous') {
        attempt.status = 'requires_observation';
        result.next =
          `${OBSERVE_FIRST} (song_get_state: look for a new group named "${session.exportFile.summary.title}"; then song_get_arranger), then ` +
          `decide. This revision will not be imported again. Tempo and meter were not touched.`;
      } else {
        const receipt = outcome.reply;
        // A refusal (ok false with a code) carries no receipt; a receipt says its own status.
        if (failureOf(receipt)?.code !== undefined) attempt.status = 'refused';
        else {
          const r = this.core.replyOf('song-import', receipt);
          attempt.status = r.status;
          attempt.receipt_id = r.receipt_id;
          result.receipt_id = r.receipt_id;
        }
        if (receipt.ok === true && applyTransport) attempt.transport_steps = await this.applyTransport(session.exportFile.summary);
        result.transport_steps = attempt.transport_steps;
        if (receipt.ok === true) {
          const lost = attempt.transport_steps.find((x) => x.status === 'requires_observation');
          result.next =
            lost !== undefined
              ? `The import was submitted, but the ${lost.operation} write lost its reply: read song_get_state before deciding; nothing is retried.`
              : 'Submitted, not verified: inspect song_get_arranger for the new tracks (song_get_state lists them) and listen. The receipt stays readable ' +
                'with song_get_import_status.';
        }
      }
      result.song_session = this.report(session);
      return result;
    };
    return this.core.write({ tool: 'song_import_plan', args: raw, authority, plan, observe: OBSERVE_SONG, execute });
  }

  /** Tempo, then meter, each through the transport with a fresh project token; stops at the first lost reply. */
  private async applyTransport(summary: CompiledSong['summary']): Promise<TransportStep[]> {
    const steps: TransportStep[] = [];
    const ops: {
      operation: 'transport_tempo' | 'transport_meter';
      requested: unknown;
      line: (token: string, t: Transport) => string | undefined;
    }[] = [
      {
        operation: 'transport_tempo',
        requested: summary.tempo,
        line: (token, t) => (t.tempo === summary.tempo ? undefined : `song-transport-tempo ${token} ${num(summary.tempo, 'tempo')}`),
      },
      {
        operation: 'transport_meter',
        requested: summary.meter,
        line: (token, t) => {
          const m = t.meter;
          return m.numerator === summary.meter.numerator && m.denominator === summary.meter.denominator
            ? undefined
            : `song-transport-meter ${token} ${summary.meter.numerator}/${summary.meter.denominator}`;
        },
      },
    ];
    for (const op of ops) {
      if (steps.some((s) => s.status === 'requires_observation')) {
        steps.push({
          operation: op.operation,
          status: 'skipped',
          requested: op.requested,
          error: 'an earlier write lost its reply; nothing more is sent until the state is observed',
        });
        continue;
      }
      let state: SongState;
      try {
        state = await this.core.need('song-state', `${op.operation} reads a fresh project token`);
      } catch (err) {
        steps.push({ operation: op.operation, status: 'skipped', requested: op.requested, error: (err as Error).message });
        continue;
      }
      const line = op.line(state.project_token, state.transport);
      if (line === undefined) {
        steps.push({ operation: op.operation, status: 'skipped', requested: op.requested, error: 'already set' });
        continue;
      }
      const outcome: WireOutcome = await this.core.connection.write(line);
      if (outcome.kind === 'ambiguous')
        steps.push({ operation: op.operation, status: 'requires_observation', command: line, requested: op.requested, error: outcome.error });
      else
        steps.push({
          operation: op.operation,
          status: outcome.reply.ok === true ? 'completed' : 'refused',
          command: line,
          requested: op.requested,
          native: outcome.reply,
          ...(outcome.reply.ok === true ? {} : { error: failureOf(outcome.reply)?.error ?? '' }),
        });
    }
    return steps;
  }

  async importStatus(receiptId: string): Promise<NativeReply> {
    return this.core.connection.read(`song-import-status ${receiptId}`);
  }

  // ---- save ---------------------------------------------------------------------------------

  async save(args: { project_token?: string }, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const root = this.options.outputRoot();
    const plan = async (): Promise<WritePlan> => {
      const { state, guard } = await this.tokenGuard(args.project_token, 'a save binds to the project token', 'a save');
      if (state.project_save_pending)
        throw invalidArgument(
          'another save is still being written (project_save_pending), so the host would refuse this one; wait for it to complete (song_get_state), then ' +
            'save. Nothing was sent and no confirmation was asked.',
        );
      return {
        line: `song-save ${guard.value} <fresh sound-project-* directory under ${root}, allocated when the save runs>`,
        guard,
        summary:
          `Save "${state.project_name}" (${state.project_modified ? 'modified' : 'unmodified'}) into a fresh, empty sound-project-* ` +
          `folder under ${root}. Nothing existing is overwritten. A save is not an undo step. Not undoable.`,
        preview: {
          project_name: state.project_name,
          project_modified: state.project_modified,
          project_save_pending: state.project_save_pending,
          output_root: root,
        },
      };
    };
    const execute = async (p: WritePlan, mode: AuthorizationMode): Promise<WriteResult> => {
      let dir: string;
      try {
        await mkdir(root, { recursive: true });
        dir = await mkdtemp(join(await realpath(root), 'sound-project-'));
      } catch (err) {
        throw internal(`could not allocate a fresh folder under ${root} (${(err as Error).message}); nothing was sent`);
      }
      const line = `song-save ${p.guard.value} ${b64(dir)}`;
      let outcome: WireOutcome;
      try {
        outcome = await this.core.connection.write(line);
      } catch (err) {
        // Nothing was sent (no connection, or the host failed its readiness check).
        this.saves.push({ output_directory: dir, status: 'not_sent', at: new Date().toISOString() });
        throw err instanceof FootlightError
          ? new FootlightError(err.code, `${err.message} The save was not sent; the empty folder ${dir} was allocated and is left in place.`)
          : err;
      }
      const base = {
        command: line,
        guard: p.guard,
        summary: p.summary,
        preview: p.preview,
        authorization: mode,
        output_directory: dir,
        retry_performed: false as const,
      };
      let result: WriteResult;
      const failure = outcome.kind === 'reply' ? failureOf(outcome.reply) : undefined;
      const saved = outcome.kind === 'reply' && failure?.code === undefined ? this.core.replyOf('song-save', outcome.reply) : undefined;
      if (outcome.kind === 'reply' && saved?.ok === true && saved.status === 'native_save_completed') {
        result = {
          ok: true,
          status: 'native_save_completed',
          ...base,
          project_file: saved.project_file,
          native_response: outcome.reply,
          next: 'Saved. This proves the project file exists; it is not an audio check.',
        };
      } else {
        const error = outcome.kind === 'ambiguous' ? outcome.error : (failure?.error ?? `the host answered status ${JSON.stringify(saved?.status)}`);
        result = {
          ok: false,
          status: 'requires_observation',
          ...base,
          error,
          native_response: outcome.kind === 'reply' ? outcome.reply : null,
          next:
            `Read song_get_state (project_save_pending, project_modified) and look into ${dir} before deciding. The folder is kept; nothing is deleted ` +
            `or saved again automatically.`,
        };
        if (failure?.code !== undefined) result.code = failure.code;
        if (failure?.reason !== undefined) result.reason = failure.reason;
      }
      this.saves.push({
        output_directory: dir,
        status: result.status,
        at: new Date().toISOString(),
        ...(typeof result.project_file === 'string' ? { project_file: result.project_file } : {}),
      });
      return result;
    };
    return this.core.write({ tool: 'song_save_project', args: raw, authority, plan, observe: 'song_get_state', execute });
  }
}
