import { randomBytes } from 'node:crypto';
import type { Command } from '../../engine/commands/command.js';
import type { HistoryEntry, Origin } from '../../engine/commands/history.js';
import type { Engine } from '../../engine/engine.js';
import { internal } from '../../engine/errors.js';
import { digest } from '../../engine/guards.js';
import type { Logger } from '../../engine/log.js';
import { swapProject } from '../model/commands.js';
import { buildProject, Device, MAX_BEATS, saveProject, SoundRoot, type FlatTrack, type ProjectJson, type SoundProject } from '../model/components.js';
import type { Payload } from '../model/payloads.js';
import { Selection } from './selection.js';
import { endStep, loopEndOf, songEnd } from './song-end.js';
import { SongState } from './song-state.js';
import { samplePaths, SampleStore } from '../samples/store.js';

export type { Payload };

/** Runtime transport state: not part of the document and not undoable (as in the host it models). */
interface TransportState {
  playing: boolean;
  /** Quarter-note beats. */
  position: number;
  /** Arranger recording. The host records no audio; the state exists so guards can refuse. */
  recording: boolean;
}

/**
 * The sound host: a Bitwig-style music host that is the authority for protocol 3. It holds the
 * project (tracks, devices, Grid graphs, arranger), the selection, the transport, the song's
 * import receipts and saves, and writes every document change through the engine's one history.
 *
 * It owns no queue: its operations (src/sound/operations, and the Grid and song parts) are
 * synchronous and run inside one engine-queue task of whoever calls them (the protocol-3
 * dispatcher, the console); the few that work off the queue between atomic parts take the
 * caller's Request (src/engine/request.ts).
 */
export class SoundHost {
  readonly root = new SoundRoot();
  /** Distinguishes this host instance: tokens and graph ids from an earlier run never match. A cluster's nodes share the leader's. */
  private instance = randomBytes(8).toString('hex');

  get nonce(): string {
    return this.instance;
  }

  /**
   * Takes a cluster leader's instance id (docs/cluster.md, "One instance id"): project and selection
   * tokens and graph revisions read on any node of the cluster then hold on every other.
   */
  adoptInstance(id: string): void {
    this.instance = id;
  }
  readonly selection: Selection;
  /** The song's runtime state: import receipts, the save in progress, the live engine. */
  readonly song = new SongState();
  readonly transport: TransportState = { playing: false, position: 0, recording: false };
  /** Digest of each project's document as last saved or opened, for the modified flag. */
  private readonly savedDigests = new WeakMap<SoundProject, string>();
  private readonly detachClock: () => void;

  constructor(
    readonly engine: Engine,
    readonly log: Logger,
    project: ProjectJson,
    /** The granted sample folder's decoded samples (none granted: every sample path is refused). */
    readonly samples: SampleStore = new SampleStore(null),
  ) {
    this.root.addChild('project', buildProject(project));
    engine.graph.addRoot(this.root);
    // The sample cache never evicts what the song uses now (asked only when a load takes it past its budget).
    samples.usedBy(() => samplePaths(saveProject(this.project, { ids: false })));
    this.markSaved(this.project);
    this.selection = new Selection(
      engine.graph,
      () => this.project,
      () => this.instance,
    );
    // First in every frame: the song transport is the show's clock, so what renders after it
    // (the light) reads this frame's position.
    this.detachClock = engine.clock.onFrame((f) => this.advance(f.deltaMs), { first: true });
    this.selection.selectDefault();
  }

  /** Detaches the host from the engine (its graph root and its clock listener). */
  dispose(): void {
    this.detachClock();
    this.engine.graph.removeRoot(this.root);
  }

  get project(): SoundProject {
    return this.root.project;
  }

  /** Moves the play position by one frame of engine time while playing (arranger loop wraps; the end rule applies). */
  private advance(deltaMs: number): void {
    const t = this.transport;
    if (!t.playing || !(deltaMs > 0) || this.song.live?.driving === true) return;
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

  /** The song's end in beats (song-end.ts): its last clip, cue marker or light cue; 0 when it is empty. */
  songEnd(): number {
    return songEnd(this.project, this.song.showEnd?.() ?? 0);
  }

  /**
   * Moves the playing transport on to `next` (the frame clock's step, or the beat the live
   * engine has rendered to) under the song's end rule (song-end.ts): it plays on, holds the end
   * for a frame, stops there, or wraps to the loop start. Returns true when the playhead jumped
   * (the live engine must then be told). Recording plays on past the end.
   */
  follow(next: number): boolean {
    const t = this.transport;
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

  /** The bank: every track in order, groups' children after their group. */
  flat(): FlatTrack[] {
    return this.project.flatTracks();
  }

  /**
   * Performs a command through the one history (History.performVerified), then reads the state
   * back with `verify`; if the read-back disagrees the step is rolled back (undo and redo stacks
   * as before) and the call fails with internal.
   */
  perform(origin: Origin, command: Command, verify?: () => boolean): HistoryEntry {
    return this.engine.history.performVerified(command, origin, (entry) => {
      if (verify !== undefined && !verify()) throw internal(`"${command.label}" did not read back as requested and was rolled back`);
      return entry;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Project document

  /** Digest of a project's document (notes by their cached digests, so it stays cheap). */
  documentDigest(p: SoundProject = this.project): string {
    return digest(saveProject(p, { ids: false, notesAsDigest: true }));
  }

  markSaved(p: SoundProject, documentDigest = this.documentDigest(p)): void {
    this.savedDigests.set(p, documentDigest);
  }

  /** Modified: the document differs from what was last saved or opened. */
  get modified(): boolean {
    return this.savedDigests.get(this.project) !== this.documentDigest();
  }

  /** Replaces the project without recording history: start-up and tests only. */
  resetProject(json: ProjectJson): void {
    const next = buildProject(json);
    this.markSaved(next);
    swapProject(this.engine.graph, this.root, next);
    this.selection.selectDefault();
  }

  /**
   * A digest of everything the host holds: the document with its ids, the selection, the
   * transport, save and import state. Equal fingerprints mean nothing observable changed.
   */
  fingerprint(): string {
    return digest({
      document: saveProject(this.project, { ids: true }),
      selection: this.selection.ids,
      transport: this.transport,
      song: this.song.fingerprintState(),
      devices: [...this.project.descendants()].filter((c): c is Device => c instanceof Device).map((d) => [d.id, d.windowOpen]),
      expanded: this.project.flatTracks().map((f) => [f.track.id, f.track.groupExpanded]),
    });
  }
}
