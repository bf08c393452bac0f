// A cluster's checkpoints (docs/cluster.md, "Checkpoints and late join"): every so often the leader
// stores what a late node needs besides the log's calls — the light's project as it stands and its
// runtime state (modulators' phases, patterns' memory, the clock) at a frame — in the JetStream
// Object Store, and appends a `checkpoint` record at that point of the log. A node that joins
// replays the calls before the newest checkpoint without rendering a frame (they rebuild the
// project and the one history), checks the project against the checkpoint's, restores the runtime
// state and renders from the next frame on.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { JetStreamClient } from '@nats-io/jetstream';
import { Objm, type ObjectStore } from '@nats-io/obj';
import type { RecordedSteps } from '../engine/commands/history.js';
import type { InputState } from './frame-inputs.js';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** What a checkpoint holds: the state after frame `frame` ran (valid at its record's stream sequence). */
export interface Checkpoint {
  readonly frame: number;
  /** The light's project as a saved `.lxp` holds it. */
  readonly project: unknown;
  /** The light's runtime state (src/light/show/runtime-state.ts). */
  readonly runtime: unknown;
  /** The frame inputs (DMX, audio) as the log had carried them. */
  readonly inputs: InputState;
  /** The history's steps with the changes they recorded (the frames between calls shaped them). */
  readonly history: RecordedSteps;
}

/** Numbers JSON cannot write (a parameter may hold NaN), tagged so they come back as they were. */
const NON_FINITE = '$number';

/** A checkpoint as stored: JSON, taken at once (it holds live arrays that later calls change). */
export function encodeCheckpoint(checkpoint: Checkpoint): string {
  return JSON.stringify(checkpoint, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? { [NON_FINITE]: String(value) } : value));
}

function decodeCheckpoint(json: string): Checkpoint {
  return JSON.parse(json, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && NON_FINITE in value ? Number((value as Record<string, string>)[NON_FINITE]) : value,
  ) as Checkpoint;
}

/** A stored checkpoint's place: its name, the record's sequence and the frame. */
export interface CheckpointMark {
  readonly name: string;
  readonly seq: number;
  readonly frame: number;
}

/** The checkpoints a show keeps: the newest and the one before it (a node may be loading that one). */
const KEPT = 2;
/** The project the leader started the show on (rebuild.ts): stored without a sequence, so it is no checkpoint and never dropped by one. */
const START = 'start-project';

export class CheckpointStore {
  private constructor(private readonly store: ObjectStore) {}

  /** The show's bucket, named after its stream (made when missing). */
  static async open(js: JetStreamClient, stream: string): Promise<CheckpointStore> {
    return new CheckpointStore(await new Objm(js).create(`${stream}-checkpoints`));
  }

  /** Leader at start: an earlier run's checkpoints belong to an emptied log. */
  async clear(): Promise<void> {
    for (const info of await this.store.list()) if (!info.deleted) await this.store.delete(info.name);
  }

  /**
   * Stores an encoded checkpoint (gzipped), as valid at the log's sequence `seq`, and drops all but the
   * newest KEPT; returns the kept ones, newest first (the log is trimmed behind the oldest: log-trim.ts).
   */
  async save(name: string, seq: number, frame: number, encoded: string): Promise<CheckpointMark[]> {
    const data = await zip(encoded);
    await this.store.putBlob({ name, metadata: { seq: String(seq), frame: String(frame) } }, data);
    const marks = await this.marks();
    for (const old of marks.slice(KEPT)) await this.store.delete(old.name);
    return marks.slice(0, KEPT);
  }

  /** Leader at start, after `clear`: the project the show's log starts from, as a saved `.lxp` holds it. */
  async saveStart(project: unknown): Promise<void> {
    await this.store.putBlob({ name: START }, await zip(JSON.stringify(project)));
  }

  /** The project the leader started the show on (JSON text); undefined when it stored none. */
  async loadStart(): Promise<string | undefined> {
    const data = await this.store.getBlob(START);
    return data === null ? undefined : (await unzip(data)).toString('utf8');
  }

  /** The newest checkpoint's mark, if any. */
  async newest(): Promise<CheckpointMark | undefined> {
    return (await this.marks())[0];
  }

  /** A checkpoint by name; undefined when it is gone (a newer one replaced it). */
  async load(name: string): Promise<Checkpoint | undefined> {
    const data = await this.store.getBlob(name);
    return data === null ? undefined : decodeCheckpoint((await unzip(data)).toString('utf8'));
  }

  /** Stored checkpoints, newest first. */
  private async marks(): Promise<CheckpointMark[]> {
    const marks: CheckpointMark[] = [];
    for (const info of await this.store.list()) {
      const seq = Number(info.metadata?.seq);
      const frame = Number(info.metadata?.frame);
      if (!info.deleted && Number.isInteger(seq) && Number.isInteger(frame)) marks.push({ name: info.name, seq, frame });
    }
    return marks.sort((a, b) => b.seq - a.seq);
  }
}
