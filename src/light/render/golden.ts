import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseLenientJson } from '../show/project/lenient-json.js';
import { mediaResolvers } from '../show/project/media.js';
import type { DeviceRegistry } from '../component/registry.js';
import { type FramesFile, decodeArgb } from './frames-format.js';
import { renderOffline } from './offline.js';

/** How close one scene comes to LX's recorded frames. */
interface SceneParity {
  readonly scene: string;
  readonly frames: number;
  readonly points: number;
  /** Fraction of (frame, point) pixels equal to LX's exactly, 0–1. */
  readonly exactFraction: number;
  /** Largest absolute difference of one channel (A, R, G or B) over every pixel. */
  readonly maxChannelError: number;
  /** The first recorded frame with a difference, its differing point count and first point. */
  readonly firstMismatch?: { readonly frame: number; readonly points: number; readonly point: number; readonly expected: number; readonly actual: number };
  /** Per recorded frame: how many points differ (only when some do). */
  readonly mismatchesByFrame: readonly { readonly frame: number; readonly points: number; readonly maxError: number }[];
  readonly warnings: readonly string[];
  /** The point count or frame count did not match: the comparison is meaningless. */
  readonly shapeError?: string;
}

/** The scenes in a golden folder (each `<scene>.lxp` with its `<scene>.frames.json`). */
export function goldenScenes(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.lxp'))
    .map((f) => f.slice(0, -4))
    .sort();
}

function channelError(a: number, b: number): number {
  let max = 0;
  for (let s = 0; s < 32; s += 8) {
    const d = Math.abs(((a >>> s) & 0xff) - ((b >>> s) & 0xff));
    if (d > max) max = d;
  }
  return max;
}

/** Renders `scene` from its saved project with the golden stepping protocol and compares. */
export function compareScene(dir: string, scene: string, registry: DeviceRegistry): SceneParity {
  const golden = JSON.parse(readFileSync(join(dir, `${scene}.frames.json`), 'utf8')) as FramesFile;
  const path = join(dir, `${scene}.lxp`);
  const project = parseLenientJson(readFileSync(path, 'utf8'), path);
  // LX renders with LX.Flags.mediaPath set to the golden folder's media/ (JSON fixtures).
  const media = existsSync(join(dir, 'media')) ? mediaResolvers(join(dir, 'media')) : undefined;
  const out = renderOffline(project, {
    frames: golden.frameCount,
    deltaMs: golden.deltaMs,
    every: golden.frameStep,
    registry,
    resolveLxf: media?.resolveLxf,
    resolveLxm: media?.resolveLxm,
  });
  const base = { scene, frames: golden.frames.length, points: golden.points, warnings: out.warnings };
  if (out.points !== golden.points || out.frames.length !== golden.frames.length) {
    return {
      ...base,
      exactFraction: 0,
      maxChannelError: 255,
      mismatchesByFrame: [],
      shapeError: `Footlight rendered ${out.frames.length} frames of ${out.points} points; LX recorded ${golden.frames.length} of ${golden.points}`,
    };
  }
  let equal = 0;
  let total = 0;
  let maxError = 0;
  let firstMismatch: SceneParity['firstMismatch'];
  const byFrame: { frame: number; points: number; maxError: number }[] = [];
  for (let f = 0; f < golden.frames.length; f++) {
    const expected = decodeArgb(golden.frames[f].argb);
    const actual = out.frames[f].argb;
    let diff = 0;
    let frameMax = 0;
    for (let i = 0; i < expected.length; i++) {
      total++;
      if (expected[i] === actual[i]) {
        equal++;
        continue;
      }
      diff++;
      const e = channelError(expected[i], actual[i]);
      if (e > frameMax) frameMax = e;
      if (firstMismatch === undefined) firstMismatch = { frame: golden.frames[f].index, points: 0, point: i, expected: expected[i], actual: actual[i] };
    }
    if (diff > 0) {
      byFrame.push({ frame: golden.frames[f].index, points: diff, maxError: frameMax });
      if (firstMismatch !== undefined && firstMismatch.frame === golden.frames[f].index && firstMismatch.points === 0)
        firstMismatch = { ...firstMismatch, points: diff };
    }
    if (frameMax > maxError) maxError = frameMax;
  }
  const result: SceneParity = { ...base, exactFraction: total === 0 ? 1 : equal / total, maxChannelError: maxError, mismatchesByFrame: byFrame };
  return firstMismatch === undefined ? result : { ...result, firstMismatch };
}

/** One line per scene for people: exact fraction, max channel error, first mismatch. */
export function formatParity(p: SceneParity): string {
  const pct = (100 * p.exactFraction).toFixed(p.exactFraction === 1 ? 0 : 3);
  let line = `${p.scene.padEnd(24)} ${p.exactFraction === 1 ? 'EXACT' : '     '} ${pct.padStart(7)}% exact  max error ${String(p.maxChannelError).padStart(3)}`;
  if (p.shapeError !== undefined) line += `  (${p.shapeError})`;
  else if (p.firstMismatch !== undefined) {
    const m = p.firstMismatch;
    line += `  first: frame ${m.frame}, ${m.points} points, point ${m.point} ${m.expected.toString(16)} → ${m.actual.toString(16)}`;
  }
  return line;
}
