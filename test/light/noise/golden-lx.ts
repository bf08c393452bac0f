// Access to the LX 1.2.1 golden files (frames rendered by LX itself) for the noise and modulation tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_DIR } from '../../helpers/golden-dir.js';

function goldenDir(): string {
  return GOLDEN_DIR;
}

export function readGolden(name: string): unknown {
  return JSON.parse(readFileSync(join(goldenDir(), name), 'utf8'));
}

function bytes(b64: string): Uint8Array {
  const buf = Buffer.from(b64, 'base64');
  const out = new Uint8Array(buf.length); // copy: aligned for typed-array views
  out.set(buf);
  return out;
}

/** Little-endian float32 triples as stored in `pointsXYZ` / `pointsXYZn`. */
export function decodeFloat32(b64: string): Float32Array {
  return new Float32Array(bytes(b64).buffer);
}

/** Little-endian ARGB uint32 per point as stored in a frame's `argb`. */
export function decodeArgb(b64: string): Uint32Array {
  return new Uint32Array(bytes(b64).buffer);
}

export interface GoldenFrames {
  readonly deltaMs: number;
  readonly points: number;
  readonly pointsXYZ: string;
  readonly pointsXYZn: string;
  readonly frames: readonly { readonly index: number; readonly argb: string }[];
}

/** The `parameters` object of every component of class `className` in an `.lxp`, in file order. */
export function findParameters(project: unknown, className: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const v of node) walk(v);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (obj.class === className && obj.parameters && typeof obj.parameters === 'object') {
      out.push(obj.parameters as Record<string, unknown>);
    }
    for (const v of Object.values(obj)) walk(v);
  };
  walk(project);
  return out;
}
