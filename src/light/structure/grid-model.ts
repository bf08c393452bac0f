/**
 * The points of the model, as typed arrays read by renderers in hot loops: absolute x/y/z and
 * coordinates normalized to the model bounds (0.5 on an axis with no extent, as LX does).
 */
export class PointModel {
  readonly size: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly z: Float32Array;
  readonly xn: Float32Array;
  readonly yn: Float32Array;
  readonly zn: Float32Array;

  constructor(x: Float32Array, y: Float32Array, z: Float32Array) {
    this.size = x.length;
    this.x = x;
    this.y = y;
    this.z = z;
    this.xn = normalizeAxis(x);
    this.yn = normalizeAxis(y);
    this.zn = normalizeAxis(z);
  }

  static empty(): PointModel {
    return new PointModel(new Float32Array(0), new Float32Array(0), new Float32Array(0));
  }
}

function normalizeAxis(v: Float32Array): Float32Array {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < v.length; i++) {
    if (v[i] < min) min = v[i];
    if (v[i] > max) max = v[i];
  }
  const out = new Float32Array(v.length);
  const range = Math.fround(max - min);
  for (let i = 0; i < v.length; i++) out[i] = range === 0 ? 0.5 : Math.fround(Math.fround(v[i] - min) / range);
  return out;
}
