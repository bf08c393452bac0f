// Shared by the runtime-state tests: run show A, checkpoint it (saved project + runtime state, both
// through JSON), open show B from the checkpoint and compare the frames both render afterwards.
import { createHash } from 'node:crypto';
import { Engine } from '../../src/engine/engine.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { StageFixture } from '../../src/light/show/stage-rig.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import type { RuntimeState } from '../../src/light/show/runtime-state.js';
import { createLibrary } from '../../src/light/devices/library.js';
import type { LxfResolver } from '../../src/light/model/index.js';

export const ORIGIN = { surface: 'mcp', session: '6f1c2a9e-5d1b-4c1e-9f0a-1b2c3d4e5f61', client: 'test' } as const;

interface Media {
  readonly resolveLxf?: LxfResolver;
  readonly resolveLxm?: (file: string) => unknown;
}

/** A show opened from project JSON, stepped by hand. */
export function openShow(project: unknown, media: Media = {}): LightShow {
  const engine = new Engine();
  const opened = readProject(project, createLibrary(), media);
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  show.externals = opened.externals;
  show.structure.resolveLxf = media.resolveLxf;
  return show;
}

/** The checkpoint a late node loads: the project as saved now and the runtime state, each through JSON. */
export function checkpoint(show: LightShow): { project: unknown; state: RuntimeState } {
  return {
    project: JSON.parse(JSON.stringify(writeProject(show.lx, show.externals, 0))),
    state: JSON.parse(JSON.stringify(show.captureRuntime())) as RuntimeState,
  };
}

/** A frame as it leaves the show: the pixels' colors and what the drive pass set on each stage (DMX) fixture. */
function digestOf(show: LightShow): string {
  const hash = createHash('sha256').update(show.main);
  for (const c of show.lx.stage.descendants()) if (c instanceof StageFixture) hash.update(new Uint8Array(c.driven.buffer));
  return hash.digest('hex');
}

/**
 * Steps A and B `frames` frames of `deltaMs` together; the index of the first frame whose colors
 * or stage fixtures' driven values differ, or -1 when every frame is equal.
 */
export function firstDivergence(a: LightShow, b: LightShow, frames: number, deltaMs: number): number {
  for (let k = 0; k < frames; k++) {
    a.engine.clock.stepFixed(1, deltaMs);
    b.engine.clock.stepFixed(1, deltaMs);
    if (a.main.length !== b.main.length || digestOf(a) !== digestOf(b)) return k;
  }
  return -1;
}

/**
 * Runs A `before` frames (calling `midway` at its half), checkpoints it, opens B from the
 * checkpoint (restoring the runtime state unless `restore` is false) and compares `after` frames.
 */
export function divergenceAfterCheckpoint(
  a: LightShow,
  options: {
    readonly before: number;
    readonly after: number;
    readonly deltaMs: number;
    readonly midway?: (show: LightShow) => void;
    readonly restore?: boolean;
    readonly media?: Media;
  },
): number {
  const half = Math.floor(options.before / 2);
  a.engine.clock.stepFixed(half, options.deltaMs);
  options.midway?.(a);
  a.engine.clock.stepFixed(options.before - half, options.deltaMs);
  const saved = checkpoint(a);
  const b = openShow(saved.project, options.media);
  if (options.restore !== false) b.restoreRuntime(saved.state);
  return firstDivergence(a, b, options.after, options.deltaMs);
}
