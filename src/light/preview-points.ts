import type { LightShow } from './show/light-show.js';

/** What a remote preview draws: every `stride`-th point's position and the last frame's colors. */
interface PreviewPoints {
  /** Changes whenever the model changes (positions must be fetched again). */
  readonly generation: number;
  readonly frame: number;
  readonly stride: number;
  readonly count: number;
  /** x, y, z per point (float32, little-endian); absent when the caller holds this generation. */
  readonly xyz?: Uint8Array;
  /** r, g, b per point, the mixer's main output as the LEDs get it. */
  readonly rgb: Uint8Array;
}

/** The model's points decimated to at most `maxPoints`, with the last rendered colors. */
export function previewPoints(light: LightShow, maxPoints: number, knownGeneration?: number): PreviewPoints {
  const model = light.structure.model;
  const size = model.size;
  const stride = size <= maxPoints ? 1 : Math.ceil(size / maxPoints);
  const count = Math.ceil(size / stride);
  const generation = light.structure.generation;
  const rgb = new Uint8Array(count * 3);
  const main = light.main;
  if (main.length === size) {
    for (let k = 0, i = 0; k < count; k++, i += stride) {
      const c = main[i];
      rgb[3 * k] = (c >>> 16) & 0xff;
      rgb[3 * k + 1] = (c >>> 8) & 0xff;
      rgb[3 * k + 2] = c & 0xff;
    }
  }
  const out = { generation, frame: light.frameCount, stride, count, rgb };
  if (knownGeneration === generation) return out;
  const xyz = new Float32Array(count * 3);
  for (let k = 0, i = 0; k < count; k++, i += stride) {
    xyz[3 * k] = model.points.x[i];
    xyz[3 * k + 1] = model.points.y[i];
    xyz[3 * k + 2] = model.points.z[i];
  }
  return { ...out, xyz: new Uint8Array(xyz.buffer) };
}
