// End-to-end proof of the noise math against frames rendered by LX 1.2.1, without the engine:
// NoisePattern's per-point formula (reference §10.2) is written out here on top of our noise
// functions and LFO stepping, and compared with the recorded pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeArgb, decodeFloat32, findParameters, readGolden, type GoldenFrames } from './golden-lx.js';
import { fbmNoise3, perlinNoise3, ridgeNoise3, turbulenceNoise3 } from '../../../src/light/math/perlin.js';
import { noiseMotionPeriodMs } from '../../../src/light/math/noise-device-math.js';
import { PeriodicState, rangeValue } from '../../../src/light/math/lfo-math.js';

const f = Math.fround;
const NOISE_CLASS = 'heronarts.lx.pattern.texture.NoisePattern';

/** LXUtils.lerpf in float. */
function lerpf(a: number, b: number, t: number): number {
  return f(a + f(f(b - a) * t));
}

type Mode = 'NORMAL' | 'CENTER' | 'RADIAL' | 'NONE';

/** NoisePattern.CoordinateMode functions, in float. */
function coordinate(mode: Mode, normalized: number, offset: number, rcn: number): number {
  switch (mode) {
    case 'NORMAL':
      return f(normalized + offset);
    case 'CENTER':
      return f(Math.abs(f(normalized - f(0.5 * f(1 + offset)))));
    case 'RADIAL':
      return f(rcn + f(offset * normalized));
    case 'NONE':
      return f(0.5 + offset);
  }
}

/**
 * One NoisePattern as saved in an `.lxp`, rendered frame by frame into gray levels 0..255.
 * `transform`, when given, maps a point's (xn, yn, zn) before the coordinate modes (rotate).
 */
class NoiseRender {
  private readonly p: Record<string, unknown>;
  private readonly motion = [new PeriodicState(), new PeriodicState(), new PeriodicState()];
  private readonly lut = new Int32Array(256);

  constructor(
    parameters: Record<string, unknown>,
    private readonly seedOverride?: (octave: number) => number,
  ) {
    this.p = parameters;
    const invert = this.num('invert');
    for (let i = 0; i < 256; i++) this.lut[i] = Math.trunc(i + (255.9 - i - i) * invert);
  }

  private num(key: string): number {
    const v = this.p[key];
    assert.equal(typeof v, 'number', `parameter ${key}`);
    return v as number;
  }

  private mode(key: string): Mode {
    return this.p[`${key}/name`] as Mode;
  }

  /** Advances the three motion SawLFOs by one frame (they run before the pattern). */
  step(deltaMs: number): void {
    const axes = ['xMotion', 'yMotion', 'zMotion'];
    for (let a = 0; a < 3; a++) {
      const period = noiseMotionPeriodMs(this.num('motionSpeed'), this.num('motionSpeedRange'), 1, this.num(axes[a]));
      this.motion[a].advance(deltaMs, period, true);
    }
  }

  /** Gray level of each point for the current frame. */
  render(xyzn: Float32Array, rcn: Float32Array, transform?: (i: number, out: Float32Array) => void): Int32Array {
    const algorithm = this.p['algorithm/name'] as string;
    const seed = this.num('seed');
    const scale = lerpf(f(this.num('minScale')), f(this.num('maxScale')), f(this.num('scale')));
    const [xa, ya, za] = this.motion.map((m) => f(rangeValue(0, 256, m.basis)));
    const [xo, yo, zo] = ['xOffset', 'yOffset', 'zOffset'].map((k) => f(this.num(k)));
    const xs = f(scale * f(this.num('xScale')));
    const ys = f(scale * f(this.num('yScale')));
    const zs = f(scale * f(this.num('zScale')));
    const contrast = f(this.num('contrast'));
    const minLevel = f(this.num('minLevel'));
    const maxLevel = f(this.num('maxLevel'));
    const level = lerpf(minLevel, maxLevel, f(f(f(this.num('midpoint')) - f(contrast / 4)) * f(0.01)));
    const octaves = this.num('octaves');
    const lac = f(this.num('lacunarity'));
    const gain = f(this.num('gain'));
    const ridge = f(this.num('ridgeOffset'));
    const [xm, ym, zm] = [this.mode('xMode'), this.mode('yMode'), this.mode('zMode')];
    const n = xyzn.length / 3;
    const out = new Int32Array(n);
    const t = new Float32Array(3);
    for (let i = 0; i < n; i++) {
      if (transform) transform(i, t);
      else t.set(xyzn.subarray(3 * i, 3 * i + 3));
      const xd = coordinate(xm, t[0], xo, rcn[i]);
      const yd = coordinate(ym, t[1], yo, rcn[i]);
      const zd = coordinate(zm, t[2], zo, rcn[i]);
      const x = f(xa + f(xs * xd));
      const y = f(ya + f(ys * yd));
      const z = f(za + f(zs * zd));
      let v: number;
      if (algorithm === 'PERLIN') v = perlinNoise3(x, y, z, seed);
      else if (algorithm === 'RIDGE') v = ridgeNoise3(x, y, z, lac, gain, ridge, octaves);
      else if (algorithm === 'FBM') v = this.seedOverride ? seededFbm(x, y, z, lac, gain, octaves, this.seedOverride) : fbmNoise3(x, y, z, lac, gain, octaves);
      else if (algorithm === 'TURBULENCE') v = turbulenceNoise3(x, y, z, lac, gain, octaves);
      else throw new Error(`algorithm ${algorithm}`);
      const b = f(level + f(contrast * v));
      const clamped = b < minLevel ? minLevel : b > maxLevel ? maxLevel : b;
      out[i] = this.lut[Math.trunc(2.559 * clamped)];
    }
    return out;
  }
}

/** A hypothetical FBM that honours the seed knob (used to show that LX's does not). */
function seededFbm(x: number, y: number, z: number, lac: number, gain: number, octaves: number, seedOf: (i: number) => number): number {
  let freq = 1;
  let amp = 1;
  let sum = 0;
  for (let i = 0; i < octaves; i++) {
    sum = f(sum + f(perlinNoise3(f(x * freq), f(y * freq), f(z * freq), seedOf(i)) * amp));
    freq = f(freq * lac);
    amp = f(amp * gain);
  }
  return sum;
}

function gray(level: number): number {
  return (0xff000000 | (level << 16) | (level << 8) | level) >>> 0;
}

test('golden noise_perlin: every pixel of all 121 frames, from the noise function and the NoisePattern formula', () => {
  const frames = readGolden('noise_perlin.frames.json') as GoldenFrames;
  const params = findParameters(readGolden('noise_perlin.lxp'), NOISE_CLASS);
  assert.equal(params.length, 1);
  assert.equal(params[0]['algorithm/name'], 'PERLIN');
  assert.equal(frames.points, 24 * 32);
  const xyzn = decodeFloat32(frames.pointsXYZn);
  const pattern = new NoiseRender(params[0]);
  const rcn = new Float32Array(frames.points); // unused: all modes NORMAL
  let exact = 0;
  let total = 0;
  let firstMiss = '';
  for (const frame of frames.frames) {
    pattern.step(frames.deltaMs);
    const levels = pattern.render(xyzn, rcn);
    const argb = decodeArgb(frame.argb);
    for (let i = 0; i < frames.points; i++) {
      total++;
      if (argb[i] === gray(levels[i])) exact++;
      else if (!firstMiss) firstMiss = `frame ${frame.index} point ${i}: LX ${argb[i].toString(16)}, ours ${gray(levels[i]).toString(16)}`;
    }
  }
  assert.equal(total, 121 * 768);
  assert.equal(exact, total, firstMiss);
});

// noise_ridge_fbm also needs pieces that are not noise: the pattern's `rotate` transform, the
// model's rcn (yMode Radial) and the mixer's Add blend. They are approximated here from the
// reference (§10.2, §7.1, §11.2, GradientPattern's rotate); the noise itself must be exact, and
// the scene fixes two LX behaviours of this module: Ridge/FBM ignore the seed knob, and a negative
// motion period runs the LFO basis below zero without wrapping.

function rcnOf(xyz: Float32Array): Float32Array {
  const n = xyz.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], xyz[3 * i + a]);
      max[a] = Math.max(max[a], xyz[3 * i + a]);
    }
  const c = [0, 1, 2].map((a) => f((min[a] + max[a]) / 2));
  const rc = new Float32Array(n);
  let rcMax = 0;
  for (let i = 0; i < n; i++) {
    const dx = f(xyz[3 * i] - c[0]);
    const dy = f(xyz[3 * i + 1] - c[1]);
    const dz = f(xyz[3 * i + 2] - c[2]);
    rc[i] = f(Math.sqrt(dx * dx + dy * dy + dz * dz));
    rcMax = Math.max(rcMax, rc[i]);
  }
  return rc.map((v) => f(v / rcMax));
}

/** A float 4×4 matrix: translate(.5) · rotZ(−roll) · rotX(−pitch) · rotY(−yaw) · translate(−.5). */
function rotation(yaw: number, pitch: number, roll: number): number[] {
  const mul = (m: number[], b: number[]): number[] => {
    const r = new Array<number>(16);
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        let s = f(m[i * 4] * b[j]);
        for (let k = 1; k < 4; k++) s = f(s + f(m[i * 4 + k] * b[k * 4 + j]));
        r[i * 4 + j] = s;
      }
    return r;
  };
  // LXUtils.sinf/cosf: the value rounded to 8 decimals, as float
  const sinf = (r: number): number => f(Math.round(Math.sin(r) * 1e8) / 1e8);
  const cosf = (r: number): number => f(Math.round(Math.cos(r) * 1e8) / 1e8);
  const rad = (deg: number): number => f(deg * 0.017453292519943295);
  const T = (v: number): number[] => [1, 0, 0, v, 0, 1, 0, v, 0, 0, 1, v, 0, 0, 0, 1];
  const RX = (a: number): number[] => [1, 0, 0, 0, 0, cosf(a), -sinf(a), 0, 0, sinf(a), cosf(a), 0, 0, 0, 0, 1];
  const RY = (a: number): number[] => [cosf(a), 0, sinf(a), 0, 0, 1, 0, 0, -sinf(a), 0, cosf(a), 0, 0, 0, 0, 1];
  const RZ = (a: number): number[] => [cosf(a), -sinf(a), 0, 0, sinf(a), cosf(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  let m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  m = mul(m, T(0.5));
  m = mul(m, RZ(rad(-roll)));
  m = mul(m, RX(rad(-pitch)));
  m = mul(m, RY(rad(-yaw)));
  m = mul(m, T(-0.5));
  return m;
}

function renderRidgeFbm(seedOverride?: (octave: number) => number): { exact: number; total: number; maxErr: number } {
  const frames = readGolden('noise_ridge_fbm.frames.json') as GoldenFrames;
  const params = findParameters(readGolden('noise_ridge_fbm.lxp'), NOISE_CLASS);
  assert.deepEqual(
    params.map((p) => p['algorithm/name']),
    ['RIDGE', 'FBM'],
  );
  assert.equal(params[1].seed, 12);
  const xyzn = decodeFloat32(frames.pointsXYZn);
  const rcn = rcnOf(decodeFloat32(frames.pointsXYZ));
  const ridge = new NoiseRender(params[0]);
  const fbm = new NoiseRender(params[1], seedOverride);
  const m = rotation(params[0].yaw as number, params[0].pitch as number, params[0].roll as number);
  const rotate = (i: number, out: Float32Array): void => {
    const [x, y, z] = [xyzn[3 * i], xyzn[3 * i + 1], xyzn[3 * i + 2]];
    for (let r = 0; r < 3; r++) out[r] = f(f(f(f(m[r * 4] * x) + f(m[r * 4 + 1] * y)) + f(m[r * 4 + 2] * z)) + m[r * 4 + 3]);
  };
  // Add blend of the FBM channel at fader 0.4: alpha int(0.4·256) = 102 → sA = (255·102) >> 8 = 101
  const sA = (255 * Math.trunc(0.4 * 256)) >> 8;
  let exact = 0;
  let total = 0;
  let maxErr = 0;
  for (const frame of frames.frames) {
    ridge.step(frames.deltaMs);
    fbm.step(frames.deltaMs);
    const r = ridge.render(xyzn, rcn, rotate);
    const s = fbm.render(xyzn, rcn);
    const argb = decodeArgb(frame.argb);
    for (let i = 0; i < frames.points; i++) {
      const level = Math.min(255, r[i] + ((s[i] * sA) >> 8));
      total++;
      if (argb[i] === gray(level)) exact++;
      else maxErr = Math.max(maxErr, Math.abs((argb[i] & 0xff) - level));
    }
  }
  return { exact, total, maxErr };
}

test('golden noise_ridge_fbm: Ridge + FBM reproduce LX to ±1 (residue in the approximated rotate transform)', () => {
  const { exact, total, maxErr } = renderRidgeFbm();
  assert.equal(total, 121 * 503);
  // 60857 of 60863 when written; the 6 misses are ±1 at Ridge values within 1e-4 of a gray-level
  // boundary, i.e. float details of the rotate transform approximated above, not of the noise.
  assert.ok(exact >= total - 10, `${exact} of ${total} exact`);
  assert.ok(maxErr <= 1, `max error ${maxErr}`);
});

test("golden noise_ridge_fbm: LX's FBM ignores the seed knob (seed 12 applied per octave does not match)", () => {
  const seeded = renderRidgeFbm((i) => 12 + i);
  assert.ok(seeded.exact < seeded.total * 0.5, `${seeded.exact} of ${seeded.total} matched with a seeded FBM`);
});
