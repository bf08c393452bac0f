// Test helper: steps a golden scene frame by frame with a hook that runs before each frame, so a
// test can stand in for a part another engineer has not delivered yet (e.g. drive a parameter
// with the LFO value LX's modulation would give) and compare the pixels with LX 1.2.1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import type { DeviceRegistry } from '../../../src/light/component/registry.js';

import { GOLDEN_DIR } from '../../helpers/golden-dir.js';

export const GOLDEN = GOLDEN_DIR;

export interface GoldenScene {
  readonly deltaMs: number;
  readonly frameCount: number;
  readonly frameStep: number;
  readonly points: number;
  readonly frames: { readonly index: number; readonly argb: string }[];
}

export function readScene(scene: string): { golden: GoldenScene; project: unknown } {
  const golden = JSON.parse(readFileSync(join(GOLDEN, `${scene}.frames.json`), 'utf8')) as GoldenScene;
  const project = JSON.parse(readFileSync(join(GOLDEN, `${scene}.lxp`), 'utf8')) as unknown;
  return { golden, project };
}

export function decodeArgb(b64: string): Uint32Array {
  const buf = Buffer.from(b64, 'base64');
  const out = new Uint8Array(buf.length);
  out.set(buf);
  return new Uint32Array(out.buffer);
}

export interface SceneResult {
  /** Frames (by golden index) with at least one differing point. */
  readonly badFrames: number;
  readonly differingPoints: number;
  readonly maxError: number;
  readonly firstMiss: string;
}

/** Loads and steps a golden scene; `before(show, k)` runs before frame k renders. */
export function runScene(
  scene: string,
  before?: (show: LightShow, k: number) => void,
  frames?: number,
  registry: DeviceRegistry = createLibrary(),
): SceneResult {
  const { golden, project } = readScene(scene);
  const engine = new Engine();
  const opened = readProject(project, registry);
  const show = new LightShow(engine, opened.lx);
  let badFrames = 0;
  let differingPoints = 0;
  let maxError = 0;
  let firstMiss = '';
  let g = 0;
  const n = Math.min(frames ?? golden.frameCount, golden.frameCount);
  for (let k = 0; k < n; k++) {
    before?.(show, k);
    engine.clock.stepFixed(1, golden.deltaMs);
    if (k % golden.frameStep !== 0) continue;
    const expected = decodeArgb(golden.frames[g++].argb);
    const actual = show.main;
    let bad = 0;
    for (let p = 0; p < expected.length; p++) {
      const e = expected[p];
      const a = actual[p];
      if (e === a) continue;
      bad++;
      if (firstMiss === '') firstMiss = `frame ${k} point ${p}: LX ${e.toString(16)}, ours ${a.toString(16)}`;
      for (let s = 0; s < 32; s += 8) maxError = Math.max(maxError, Math.abs(((e >>> s) & 0xff) - ((a >>> s) & 0xff)));
    }
    if (bad > 0) badFrames++;
    differingPoints += bad;
  }
  return { badFrames, differingPoints, maxError, firstMiss };
}
