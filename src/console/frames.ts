import type { LightShow } from '../light/show/light-show.js';
import { BIN_BEAM_BYTES, BIN_BEAMS, BIN_FRAME, BIN_HEADER_BYTES, BIN_MODEL } from './protocol.js';

/** Every `stride`-th point is previewed, so at most `maxPoints` points go over the wire. */
export function strideFor(count: number, maxPoints: number): number {
  return count <= maxPoints ? 1 : Math.ceil(count / maxPoints);
}

export function previewCount(count: number, stride: number): number {
  return Math.ceil(count / stride);
}

/** The model's positions, decimated: the BIN_MODEL message. */
export function encodeModel(light: LightShow, stride: number): Buffer {
  const model = light.structure.model;
  const pts = model.points;
  const n = previewCount(model.size, stride);
  const buf = Buffer.alloc(BIN_HEADER_BYTES + n * 12);
  buf.writeUInt8(BIN_MODEL, 0);
  buf.writeUInt32LE(light.structure.generation >>> 0, 4);
  buf.writeUInt32LE(n, 8);
  buf.writeUInt32LE(stride, 12);
  const xyz = new Float32Array(buf.buffer, buf.byteOffset + BIN_HEADER_BYTES, n * 3);
  for (let k = 0, i = 0; k < n; k++, i += stride) {
    xyz[3 * k] = pts.x[i];
    xyz[3 * k + 1] = pts.y[i];
    xyz[3 * k + 2] = pts.z[i];
  }
  return buf;
}

/**
 * Encodes the light show's last frame as RGB bytes for one decimation, and remembers the last
 * encoding so unchanged frames are recognized (`version` moves only when the bytes change).
 */
export class FrameEncoder {
  private last: Buffer | undefined;
  private lastFrame = -1;
  private lastGeneration = -1;
  /** Bumped whenever the encoded colors differ from the previous encoding. */
  version = 0;

  constructor(readonly stride: number) {}

  /** The current encoding, re-encoded if the engine rendered since; undefined before any frame. */
  current(light: LightShow): Buffer | undefined {
    const main = light.main;
    const generation = light.structure.generation;
    if (main.length === 0 || main.length !== light.structure.model.size) return this.last;
    if (light.frameCount === this.lastFrame && generation === this.lastGeneration) return this.last;
    this.lastFrame = light.frameCount;
    const n = previewCount(main.length, this.stride);
    const buf = Buffer.allocUnsafe(BIN_HEADER_BYTES + n * 3);
    buf.writeUInt8(BIN_FRAME, 0);
    buf.writeUInt8(0, 1);
    buf.writeUInt16LE(0, 2);
    buf.writeUInt32LE(generation >>> 0, 4);
    buf.writeUInt32LE(n, 8);
    buf.writeUInt32LE(light.frameCount >>> 0, 12);
    const stride = this.stride;
    for (let k = 0, i = 0, o = BIN_HEADER_BYTES; k < n; k++, i += stride, o += 3) {
      const c = main[i];
      buf[o] = (c >>> 16) & 0xff;
      buf[o + 1] = (c >>> 8) & 0xff;
      buf[o + 2] = c & 0xff;
    }
    const prev = this.last;
    const same =
      prev !== undefined &&
      generation === this.lastGeneration &&
      prev.length === buf.length &&
      buf.compare(prev, BIN_HEADER_BYTES, prev.length, BIN_HEADER_BYTES, buf.length) === 0;
    this.lastGeneration = generation;
    if (same) return prev;
    this.last = buf;
    this.version++;
    return buf;
  }
}

/**
 * Encodes the stage fixtures' beams (from their DMX bytes, StageFixture.beam) and remembers the
 * last encoding: `version` moves only when a beam changed, so a still rig sends its beams once.
 */
export class BeamEncoder {
  /** The last encoding; undefined before the first. */
  last: Buffer | undefined;
  version = 0;

  current(light: LightShow): Buffer {
    const fixtures = light.lx.stage.fixtures.items;
    const buf = Buffer.alloc(BIN_HEADER_BYTES + fixtures.length * BIN_BEAM_BYTES);
    buf.writeUInt8(BIN_BEAMS, 0);
    buf.writeUInt32LE(light.frameCount >>> 0, 4);
    buf.writeUInt32LE(fixtures.length, 8);
    fixtures.forEach((f, i) => {
      const b = f.beam();
      const o = BIN_HEADER_BYTES + i * BIN_BEAM_BYTES;
      [b.origin.x, b.origin.y, b.origin.z, b.direction.x, b.direction.y, b.direction.z, b.beamAngle].forEach((v, k) => {
        buf.writeFloatLE(v, o + 4 * k);
      });
      const byte = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 255);
      buf.writeUInt8(byte(b.color[0]), o + 28);
      buf.writeUInt8(byte(b.color[1]), o + 29);
      buf.writeUInt8(byte(b.color[2]), o + 30);
      buf.writeUInt8(byte(b.intensity), o + 31);
      buf.writeUInt32LE(f.id >>> 0, o + 32);
    });
    const prev = this.last;
    if (prev !== undefined && prev.length === buf.length && buf.compare(prev, 8, prev.length, 8, buf.length) === 0) return prev;
    this.last = buf;
    this.version++;
    return buf;
  }
}
