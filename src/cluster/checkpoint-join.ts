// Taking and joining from checkpoints (docs/cluster.md, "Checkpoints and late join"). The leader
// captures the light's state at a frame inside that frame's queue task, so nothing moves between
// the capture and the `checkpoint` record it appends next; a joining node replays the calls before
// that record without rendering frames, then compares its project with the checkpoint's and takes
// the runtime state. Calls rebuild the project and the history (whose steps are closures over the
// live graph, so no file can hold them); the checkpoint holds what only frames make.
import type { Engine } from '../engine/engine.js';
import { LXComponent } from '../light/component/lx-component.js';
import type { LightShow } from '../light/show/light-show.js';
import type { RuntimeState } from '../light/show/runtime-state.js';
import { type Checkpoint, type CheckpointMark, type CheckpointStore, encodeCheckpoint } from './checkpoints.js';
import type { InputRecorder, InputReplay } from './frame-inputs.js';

/** The frames between a leader's checkpoints, from `serve --checkpoint SECONDS` at 60 fps (0: none). */
export function checkpointFrames(seconds: number): number {
  return Math.round(seconds * 60);
}

/** The project as compared: without the save's timestamp. */
function comparable(project: unknown): Record<string, unknown> {
  const { timestamp: _, ...rest } = project as Record<string, unknown>;
  return rest;
}

/** The first path where two JSON values differ (for the report of a failed join). */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path || '/';
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (JSON.stringify(x) !== JSON.stringify(y)) return firstDifference(x, y, `${path}/${key}`);
  }
  return path || '/';
}

/**
 * Sets every saved parameter of `project` (a checkpoint's) on the live component with the same id,
 * in place: what cue fades, clips and other frames set between the calls. Returns the first
 * component the checkpoint has and this show has not (then the calls built another show).
 */
function adoptSavedValues(light: LightShow, project: unknown): string | undefined {
  const graph = light.engine.graph;
  const walk = (value: unknown): string | undefined => {
    if (Array.isArray(value)) {
      for (const v of value) {
        const missing = walk(v);
        if (missing !== undefined) return missing;
      }
      return undefined;
    }
    if (value === null || typeof value !== 'object') return undefined;
    const obj = value as Record<string, unknown>;
    // LX saves id 0 for some engine-owned children: those are reached by no id (the final comparison covers them).
    if (typeof obj.id === 'number' && obj.id !== 0 && typeof obj.class === 'string') {
      const live = graph.get(obj.id);
      if (!(live instanceof LXComponent) || live.lxClass !== obj.class) return `${obj.class} #${obj.id}`;
      if (obj.parameters !== null && typeof obj.parameters === 'object') live.adoptParameters(obj.parameters as Record<string, unknown>);
    }
    for (const [key, v] of Object.entries(obj)) {
      if (key === 'parameters' || key === 'internal') continue;
      const missing = walk(v);
      if (missing !== undefined) return missing;
    }
    return undefined;
  };
  return walk(project);
}

/** The leader's side: the show's state after a frame, captured (encoded) inside that frame's queue task. */
export function captureCheckpoint(engine: Engine, light: LightShow, inputs: InputRecorder, frame: number): string {
  return encodeCheckpoint({
    frame,
    project: light.projectJson(),
    runtime: light.captureRuntime(),
    inputs: inputs.state(),
    history: engine.history.recordedChanges(),
  });
}

/** Tries to load the newest checkpoint, again when a newer one replaced it meanwhile. */
const LOAD_TRIES = 3;
/** How long a repairing node waits for a checkpoint whose record it read to be stored, and between looks (ms). */
const STORED_WAIT_MS = 10_000;
const STORED_POLL_MS = 100;

/** A joining node's side: where its replay stops replaying calls alone, and the state it takes there. */
export class CheckpointJoin {
  private constructor(
    readonly mark: CheckpointMark,
    private readonly checkpoint: Checkpoint,
    private readonly startedAt: number,
  ) {}

  /**
   * Loads the show's newest checkpoint before the node reads the log (so a newer one may replace it
   * in the store while the calls replay); undefined when the show has none yet.
   */
  static async open(store: CheckpointStore): Promise<CheckpointJoin | undefined> {
    const startedAt = performance.now();
    for (let i = 0; i < LOAD_TRIES; i++) {
      const mark = await store.newest();
      if (mark === undefined) return undefined;
      const checkpoint = await store.load(mark.name);
      if (checkpoint !== undefined) return new CheckpointJoin(mark, checkpoint, startedAt);
    }
    return undefined;
  }

  /**
   * Loads the checkpoint whose record a following node just read (divergence repair, repair.ts): the
   * leader stores it once the log acknowledged the record, so it may take a moment to appear.
   * Undefined when it did not within STORED_WAIT_MS.
   */
  static async named(store: CheckpointStore, mark: CheckpointMark): Promise<CheckpointJoin | undefined> {
    const startedAt = performance.now();
    while (performance.now() - startedAt < STORED_WAIT_MS) {
      const checkpoint = await store.load(mark.name);
      if (checkpoint !== undefined) return new CheckpointJoin(mark, checkpoint, startedAt);
      await new Promise((r) => setTimeout(r, STORED_POLL_MS));
    }
    return undefined;
  }

  /** Whether the record at `seq` lies before the checkpoint: its ticks are skipped, its calls run without frames. */
  before(seq: number): boolean {
    return seq < this.mark.seq;
  }

  /**
   * At the checkpoint's record, in one queue task: takes the saved values the frames set, the runtime
   * state (the clock included) and the history's recorded changes, checks that the project is now the
   * checkpoint's, and takes the inputs. Returns why it could not, or undefined.
   */
  take(engine: Engine, light: LightShow, replay: InputReplay): Promise<string | undefined> {
    const { checkpoint } = this;
    return engine.queue.submit(
      () => {
        const missing = adoptSavedValues(light, checkpoint.project);
        if (missing !== undefined) return `the calls before checkpoint ${this.mark.name} built another show here: it has no ${missing}`;
        try {
          light.restoreRuntime(checkpoint.runtime as RuntimeState);
          engine.history.adoptChanges(checkpoint.history);
        } catch (err) {
          return (err as Error).message;
        }
        // The saved project holds some runtime state too (modulators' basis): compared once both are taken.
        const ours = comparable(light.projectJson());
        const theirs = comparable(checkpoint.project);
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          return `the calls before checkpoint ${this.mark.name} made a different project here (first at ${firstDifference(ours, theirs)})`;
        replay.resume(checkpoint.inputs);
        return undefined;
      },
      { label: 'cluster-checkpoint' },
    );
  }

  /** How long the join took so far (ms). */
  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }
}
