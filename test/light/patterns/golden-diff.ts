// Diagnostic (not a test): renders a golden scene and prints, per frame, how many points differ
// from LX 1.2.1 and by how much. Usage: node --import tsx test/light/patterns/golden-diff.ts <scene> [frames]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLibrary } from '../../../src/light/devices/library.js';
import { renderOffline } from '../../../src/light/render/offline.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

export interface FrameDiff {
  readonly index: number;
  readonly differing: number;
  readonly maxError: number;
  readonly first: number;
  readonly expected: number;
  readonly actual: number;
}

function decode(b64: string): Uint32Array {
  const buf = Buffer.from(b64, 'base64');
  const out = new Uint8Array(buf.length);
  out.set(buf);
  return new Uint32Array(out.buffer);
}

export function diffScene(scene: string, maxFrames = Infinity): { diffs: FrameDiff[]; warnings: readonly string[] } {
  const golden = JSON.parse(readFileSync(join(GOLDEN, `${scene}.frames.json`), 'utf8')) as {
    deltaMs: number;
    frameCount: number;
    frameStep: number;
    frames: { index: number; argb: string }[];
  };
  const project = JSON.parse(readFileSync(join(GOLDEN, `${scene}.lxp`), 'utf8'));
  const frames = Math.min(golden.frameCount, maxFrames);
  const out = renderOffline(project, { frames, deltaMs: golden.deltaMs, every: golden.frameStep, registry: createLibrary() });
  const diffs: FrameDiff[] = [];
  for (let i = 0; i < out.frames.length; i++) {
    const expected = decode(golden.frames[i].argb);
    const actual = out.frames[i].argb;
    let differing = 0;
    let maxError = 0;
    let first = -1;
    for (let p = 0; p < expected.length; p++) {
      const e = expected[p];
      const a = actual[p];
      if (e === a) continue;
      differing++;
      if (first < 0) first = p;
      for (let s = 0; s < 32; s += 8) maxError = Math.max(maxError, Math.abs(((e >>> s) & 0xff) - ((a >>> s) & 0xff)));
    }
    diffs.push({
      index: golden.frames[i].index,
      differing,
      maxError,
      first,
      expected: first >= 0 ? expected[first] : 0,
      actual: first >= 0 ? actual[first] : 0,
    });
  }
  return { diffs, warnings: out.warnings };
}

if (process.argv[1]?.endsWith('golden-diff.ts')) {
  const scene = process.argv[2];
  const { diffs, warnings } = diffScene(scene, process.argv[3] ? Number(process.argv[3]) : Infinity);
  for (const w of warnings) console.log(`warning: ${w}`);
  let bad = 0;
  for (const d of diffs) {
    if (d.differing === 0) continue;
    bad++;
    if (bad <= 12)
      console.log(
        `frame ${d.index}: ${d.differing} differ, max ${d.maxError}; first point ${d.first}: LX ${d.expected.toString(16)} ours ${d.actual.toString(16)}`,
      );
  }
  console.log(`${scene}: ${diffs.length - bad}/${diffs.length} frames exact`);
}
