// Loads LX 1.2.1's golden scenes: the saved project and the point coordinates LX rendered.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { GOLDEN_DIR } from '../../helpers/golden-dir.js';

export { GOLDEN_DIR };

export function goldenScenes(): string[] {
  if (!existsSync(GOLDEN_DIR)) {
    throw new Error(`golden data not found at ${GOLDEN_DIR}; set FOOTLIGHT_GOLDEN_DIR to the lx-1.2.1 folder`);
  }
  return readdirSync(GOLDEN_DIR)
    .filter((n) => n.endsWith('.lxp'))
    .map((n) => n.slice(0, -4))
    .sort();
}

export function goldenProject(scene: string): unknown {
  return JSON.parse(readFileSync(join(GOLDEN_DIR, `${scene}.lxp`), 'utf8'));
}

function floats(b64: string): Float32Array {
  const bytes = Buffer.from(b64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(4 * i, true);
  return out;
}

export interface GoldenPoints {
  readonly points: number;
  readonly xyz: Float32Array;
  readonly xyzn: Float32Array;
}

export function goldenPoints(scene: string): GoldenPoints {
  const frames = JSON.parse(readFileSync(join(GOLDEN_DIR, `${scene}.frames.json`), 'utf8')) as {
    points: number;
    pointsXYZ: string;
    pointsXYZn: string;
  };
  return { points: frames.points, xyz: floats(frames.pointsXYZ), xyzn: floats(frames.pointsXYZn) };
}
