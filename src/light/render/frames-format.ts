import { createHash } from 'node:crypto';
import type { PointSet } from '../model/index.js';

/** The golden files' frame format (`<scene>.frames.json`): LX 1.2.1's recorded frames. */
export interface FramesFile {
  scene: string;
  lxVersion: string;
  project: string;
  deltaMs: number;
  fps: number;
  clock: string;
  buffer: string;
  colorFormat: string;
  frameCount: number;
  frameStep: number;
  points: number;
  sha256: string;
  notes: string;
  channels: { label: string; class: string; patterns?: string[] }[];
  pointsXYZ: string;
  pointsXYZn: string;
  frames: { index: number; argb: string }[];
}

export const CLOCK_NOTE = 'engine.nowMillis = 0 before openProject; during frame k nowMillis = floor((k+1)*1000/60)';
export const BUFFER_NOTE = 'LXEngine.Frame.main after engine.run() (mixer output incl. master effects; before master fader (PRE), output brightness and gamma)';
export const COLOR_NOTE = 'ARGB uint32 (0xAARRGGBB) little-endian per point, point index order';

/** Little-endian bytes of a uint32 array (ARGB → B, G, R, A). */
export function argbBytes(argb: Uint32Array): Buffer {
  const out = Buffer.alloc(argb.length * 4);
  for (let i = 0; i < argb.length; i++) out.writeUInt32LE(argb[i], i * 4);
  return out;
}

/** Decodes a frame's base64 ARGB into a uint32 array. */
export function decodeArgb(b64: string): Uint32Array {
  const bytes = Buffer.from(b64, 'base64');
  const out = new Uint32Array(bytes.length >>> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}

/** The golden files' frames hash, fed one frame at a time (a render that keeps no frames hashes as it goes). */
export class FramesHash {
  private readonly hash = createHash('sha256');
  private scratch = Buffer.alloc(0);

  add(frame: Uint32Array): void {
    if (this.scratch.length !== frame.length * 4) this.scratch = Buffer.alloc(frame.length * 4);
    for (let i = 0; i < frame.length; i++) this.scratch.writeUInt32LE(frame[i], i * 4);
    this.hash.update(this.scratch);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** SHA-256 of the concatenated recorded frames' bytes, as the golden files state it. */
export function framesSha256(frames: readonly Uint32Array[]): string {
  const h = new FramesHash();
  for (const f of frames) h.add(f);
  return h.digest();
}

/** base64 of little-endian float32 triples (x, y, z or xn, yn, zn) per point. */
export function pointsBase64(points: PointSet, normalized: boolean): string {
  const out = Buffer.alloc(points.size * 12);
  const xs = normalized ? points.xn : points.x;
  const ys = normalized ? points.yn : points.y;
  const zs = normalized ? points.zn : points.z;
  for (let i = 0; i < points.size; i++) {
    out.writeFloatLE(xs[i], i * 12);
    out.writeFloatLE(ys[i], i * 12 + 4);
    out.writeFloatLE(zs[i], i * 12 + 8);
  }
  return out.toString('base64');
}
