/**
 * Looking at a frame: a detached snapshot of point positions and colors (taken inside the
 * engine queue), then — off the queue — a summary an agent can reason about and a raster image
 * of the rig from a camera.
 */
import type { CameraPose } from './show/cameras.js';
import { DEFAULT_POINT_STYLE, gammaTable, type PointStyle } from './show/point-style.js';
import type { Beam } from './stage/beam.js';

/** A frame copied out of the engine: safe to read after the queue has moved on. */
export interface FrameSnapshot {
  readonly size: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly z: Float32Array;
  /** ARGB per point (a copy). */
  readonly colors: Uint32Array;
}

type ViewName = 'front' | 'top' | 'side';

interface OrbitCamera {
  /** Azimuth in degrees; 0 looks from −Z toward +Z like the front view. */
  readonly theta: number;
  /** Elevation in degrees, −89…89; positive looks down. */
  readonly phi: number;
  /** Distance from the target; default: far enough to frame the model. */
  readonly radius?: number;
  readonly target?: { readonly x: number; readonly y: number; readonly z: number };
  /** Vertical field of view in degrees (15–150, default 60). */
  readonly fov?: number;
}

/** The aspect (width / height) of an image drawn from a pose: what the camera frames, not the rig's extent. */
const POSE_ASPECT = 16 / 9;

export type Camera = { readonly view: ViewName } | { readonly orbit: OrbitCamera } | { readonly pose: CameraPose };

/** Screen coordinates of every point (u right, v up) plus depth (larger = farther). */
interface Projection {
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly depth: Float64Array;
  /** What the camera frames (a pose): the screen window and which points are in front of it; absent: fit every point. */
  readonly window?: { readonly u: Span; readonly v: Span };
}

interface Span {
  readonly min: number;
  readonly max: number;
}

/** Projects through a look-at frame: forward from the eye to the target, right = up × forward, true up = forward × right. */
function lookAtProjection(f: FrameSnapshot, pose: CameraPose): Projection {
  const n = f.size;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const depth = new Float64Array(n);
  const e = pose.position;
  let fx = pose.target.x - e.x,
    fy = pose.target.y - e.y,
    fz = pose.target.z - e.z;
  const fl = Math.hypot(fx, fy, fz) || 1;
  fx /= fl;
  fy /= fl;
  fz /= fl;
  let rx = pose.up.y * fz - pose.up.z * fy,
    ry = pose.up.z * fx - pose.up.x * fz,
    rz = pose.up.x * fy - pose.up.y * fx;
  const rl = Math.hypot(rx, ry, rz) || 1;
  rx /= rl;
  ry /= rl;
  rz /= rl;
  const ux = fy * rz - fz * ry,
    uy = fz * rx - fx * rz,
    uz = fx * ry - fy * rx;
  const focal = 1 / Math.tan((pose.fov * Math.PI) / 360);
  for (let i = 0; i < n; i++) {
    const dx = f.x[i] - e.x,
      dy = f.y[i] - e.y,
      dz = f.z[i] - e.z;
    const d = dx * fx + dy * fy + dz * fz;
    const safe = d > 1e-6 ? d : 1e-6;
    u[i] = ((dx * rx + dy * ry + dz * rz) * focal) / safe;
    v[i] = ((dx * ux + dy * uy + dz * uz) * focal) / safe;
    depth[i] = d;
  }
  return { u, v, depth, window: { u: { min: -POSE_ASPECT, max: POSE_ASPECT }, v: { min: -1, max: 1 } } };
}

/** Whether point i shows: every point when fitting, else the ones in front of the camera. */
const shown = (p: Projection, i: number): boolean => p.window === undefined || p.depth[i] > 1e-6;

function bounds(a: Float32Array): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < a.length; i++) {
    if (a[i] < min) min = a[i];
    if (a[i] > max) max = a[i];
  }
  return a.length === 0 ? { min: 0, max: 0 } : { min, max };
}

function project(f: FrameSnapshot, camera: Camera): Projection {
  const n = f.size;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const depth = new Float64Array(n);
  if ('view' in camera) {
    for (let i = 0; i < n; i++) {
      if (camera.view === 'front') {
        u[i] = f.x[i];
        v[i] = f.y[i];
        depth[i] = f.z[i];
      } else if (camera.view === 'top') {
        u[i] = f.x[i];
        v[i] = f.z[i];
        depth[i] = -f.y[i];
      } else {
        u[i] = -f.z[i];
        v[i] = f.y[i];
        depth[i] = -f.x[i];
      }
    }
    return { u, v, depth };
  }
  if ('pose' in camera) return lookAtProjection(f, camera.pose);
  const o = camera.orbit;
  const bx = bounds(f.x),
    by = bounds(f.y),
    bz = bounds(f.z);
  const target = o.target ?? { x: (bx.min + bx.max) / 2, y: (by.min + by.max) / 2, z: (bz.min + bz.max) / 2 };
  const extent = Math.max(bx.max - bx.min, by.max - by.min, bz.max - bz.min, 1);
  const fov = ((o.fov ?? 60) * Math.PI) / 180;
  const radius = o.radius ?? (extent * 0.75) / Math.tan(fov / 2);
  const th = (o.theta * Math.PI) / 180;
  const ph = (Math.max(-89, Math.min(89, o.phi)) * Math.PI) / 180;
  // Eye on a sphere around the target; forward points from the eye to the target.
  const fx = Math.cos(ph) * Math.sin(th),
    fy = -Math.sin(ph),
    fz = Math.cos(ph) * Math.cos(th);
  const ex = target.x - fx * radius,
    ey = target.y - fy * radius,
    ez = target.z - fz * radius;
  // Right = up(0,1,0) × forward; true up = forward × right (so theta 0 matches the front view).
  let rx = fz,
    rz = -fx;
  const rl = Math.hypot(rx, rz) || 1;
  rx /= rl;
  rz /= rl;
  const ux = fy * rz,
    uy = fz * rx - fx * rz,
    uz = -fy * rx;
  const focal = 1 / Math.tan(fov / 2);
  for (let i = 0; i < n; i++) {
    const dx = f.x[i] - ex,
      dy = f.y[i] - ey,
      dz = f.z[i] - ez;
    const d = dx * fx + dy * fy + dz * fz;
    const safe = d > 1e-6 ? d : 1e-6;
    u[i] = ((dx * rx + dz * rz) * focal) / safe;
    v[i] = ((dx * ux + dy * uy + dz * uz) * focal) / safe;
    depth[i] = d;
  }
  return { u, v, depth };
}

interface FrameSummary {
  readonly points: number;
  /** Share of points whose brightest channel reaches the lit threshold. */
  readonly litFraction: number;
  /** Share of points that are not pure black. */
  readonly nonBlackFraction: number;
  /** Mean of each point's brightest channel, 0–100. */
  readonly meanBrightness: number;
  /** Up to three hue families among lit points, by share of lit points. */
  readonly dominantColors: { readonly hex: string; readonly fraction: number }[];
  /** N×N mean colors as seen by the camera, row-major from the top left; "" for an empty cell. */
  readonly grid: { readonly size: number; readonly cells: string[] };
}

const hex = (r: number, g: number, b: number): string => `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;

export function summarize(f: FrameSnapshot, camera: Camera, gridSize: number, litThreshold: number): FrameSummary {
  const n = f.size;
  let lit = 0,
    nonBlack = 0,
    brightness = 0;
  const bins = new Float64Array(12 * 4); // count, r, g, b per hue bin (the 12th holds grays)
  for (let i = 0; i < n; i++) {
    const c = f.colors[i];
    const r = (c >>> 16) & 0xff,
      g = (c >>> 8) & 0xff,
      b = c & 0xff;
    const max = Math.max(r, g, b),
      min = Math.min(r, g, b);
    brightness += max;
    if (max > 0) nonBlack++;
    if (max < litThreshold) continue;
    lit++;
    let bin = 11;
    if (max - min > 0.15 * max) {
      let h: number;
      if (max === r) h = ((g - b) / (max - min)) % 6;
      else if (max === g) h = (b - r) / (max - min) + 2;
      else h = (r - g) / (max - min) + 4;
      bin = Math.floor((((h * 60 + 360) % 360) / 360) * 11) % 11;
    }
    bins[bin * 4]++;
    bins[bin * 4 + 1] += r;
    bins[bin * 4 + 2] += g;
    bins[bin * 4 + 3] += b;
  }
  const dominant: { hex: string; fraction: number }[] = [];
  for (let k = 0; k < 12; k++) {
    const count = bins[k * 4];
    if (count > 0) dominant.push({ hex: hex(bins[k * 4 + 1] / count, bins[k * 4 + 2] / count, bins[k * 4 + 3] / count), fraction: count / lit });
  }
  dominant.sort((a, b) => b.fraction - a.fraction);
  const p = project(f, camera);
  const bu = p.window?.u ?? bounds(Float32Array.from(p.u)),
    bv = p.window?.v ?? bounds(Float32Array.from(p.v));
  const cells = new Float64Array(gridSize * gridSize * 4);
  for (let i = 0; i < n; i++) {
    if (!shown(p, i) || (p.window !== undefined && (p.u[i] < bu.min || p.u[i] > bu.max || p.v[i] < bv.min || p.v[i] > bv.max))) continue;
    const cu = bu.max > bu.min ? Math.min(gridSize - 1, Math.floor(((p.u[i] - bu.min) / (bu.max - bu.min)) * gridSize)) : 0;
    const cv = bv.max > bv.min ? Math.min(gridSize - 1, Math.floor(((bv.max - p.v[i]) / (bv.max - bv.min)) * gridSize)) : 0;
    const k = (cv * gridSize + cu) * 4;
    const c = f.colors[i];
    cells[k]++;
    cells[k + 1] += (c >>> 16) & 0xff;
    cells[k + 2] += (c >>> 8) & 0xff;
    cells[k + 3] += c & 0xff;
  }
  const grid: string[] = [];
  for (let k = 0; k < gridSize * gridSize; k++)
    grid.push(cells[k * 4] === 0 ? '' : hex(cells[k * 4 + 1] / cells[k * 4], cells[k * 4 + 2] / cells[k * 4], cells[k * 4 + 3] / cells[k * 4]));
  const round = (x: number): number => Math.round(x * 10000) / 10000;
  return {
    points: n,
    litFraction: n === 0 ? 0 : round(lit / n),
    nonBlackFraction: n === 0 ? 0 : round(nonBlack / n),
    meanBrightness: n === 0 ? 0 : round((brightness / n / 255) * 100),
    dominantColors: dominant.slice(0, 3).map((d) => ({ hex: d.hex, fraction: round(d.fraction) })),
    grid: { size: gridSize, cells: grid },
  };
}

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** RGBA, row-major from the top left. */
  readonly rgba: Uint8Array;
}

/** Samples along a beam's axis and around its cone, and how bright each is drawn next to the axis. */
const BEAM_STEPS = 96;
const CONE_SIDES = 8;
const CONE_SHARE = 0.45;

/** Where a beam's samples sit: the axis from the origin, then rings on the cone's surface, `length` long. */
function beamSamples(b: Beam, length: number): { x: number; y: number; z: number; share: number }[] {
  const d = b.direction;
  // Two unit vectors across the beam.
  const a = Math.abs(d.y) < 0.9 ? { x: 0, y: 1, z: 0 } : { x: 1, y: 0, z: 0 };
  let px = a.y * d.z - a.z * d.y,
    py = a.z * d.x - a.x * d.z,
    pz = a.x * d.y - a.y * d.x;
  const pl = Math.hypot(px, py, pz) || 1;
  px /= pl;
  py /= pl;
  pz /= pl;
  const qx = d.y * pz - d.z * py,
    qy = d.z * px - d.x * pz,
    qz = d.x * py - d.y * px;
  const spread = Math.tan((Math.min(170, Math.max(0, b.beamAngle)) * Math.PI) / 360);
  const out: { x: number; y: number; z: number; share: number }[] = [];
  for (let s = 1; s <= BEAM_STEPS; s++) {
    const t = (s / BEAM_STEPS) * length;
    const cx = b.origin.x + d.x * t,
      cy = b.origin.y + d.y * t,
      cz = b.origin.z + d.z * t;
    out.push({ x: cx, y: cy, z: cz, share: 1 });
    const r = t * spread;
    for (let k = 0; k < CONE_SIDES && r > 0; k++) {
      const w = (k / CONE_SIDES) * 2 * Math.PI;
      const c = Math.cos(w) * r,
        n = Math.sin(w) * r;
      out.push({ x: cx + px * c + qx * n, y: cy + py * c + qy * n, z: cz + pz * c + qz * n, share: CONE_SHARE });
    }
  }
  return out;
}

/** Pixel offsets a point covers from its centre pixel, with how much of its colour each takes (1: all of it). */
interface Stamp {
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  readonly weight: Float64Array;
}

/**
 * The pixels a point of the style covers. "auto" size: a disc of radius `autoRadius` exactly as get_frame drew before point
 * styles. A size d: d pixels across (an even d sits half a pixel up and left); a disc keeps the pixels within d/2 of the
 * centre, a square all of them, a glow all of them weighted (1 − (r/R)²)² with R = d/2 + ½, brightest at the centre.
 */
function stampOf(style: PointStyle, autoRadius: number): Stamp {
  const dx: number[] = [];
  const dy: number[] = [];
  const weight: number[] = [];
  if (style.size === 'auto' && style.led === 'disc') {
    const reach = autoRadius === 1 ? 2 : autoRadius * autoRadius;
    for (let y = -autoRadius; y <= autoRadius; y++)
      for (let x = -autoRadius; x <= autoRadius; x++)
        if (x * x + y * y <= reach) {
          dx.push(x);
          dy.push(y);
          weight.push(1);
        }
    return { dx: Int32Array.from(dx), dy: Int32Array.from(dy), weight: Float64Array.from(weight) };
  }
  const d = style.size === 'auto' ? 2 * autoRadius + 1 : Math.max(1, Math.round(style.size));
  const first = -Math.floor(d / 2);
  const mid = first + (d - 1) / 2;
  const half = d / 2;
  const reach = half + 0.5;
  for (let j = 0; j < d; j++)
    for (let i = 0; i < d; i++) {
      const x = first + i,
        y = first + j;
      const r2 = (x - mid) ** 2 + (y - mid) ** 2;
      let w = 1;
      if (style.led === 'disc' && r2 > half * half) continue;
      if (style.led === 'glow') w = Math.max(0, 1 - r2 / (reach * reach)) ** 2;
      if (w <= 0) continue;
      dx.push(x);
      dy.push(y);
      weight.push(w);
    }
  return { dx: Int32Array.from(dx), dy: Int32Array.from(dy), weight: Float64Array.from(weight) };
}

/**
 * Draws the points as small discs on black, far points first, framed to fill the image (a pose: framed as the camera sees them).
 * `style` (the show's point style) sets their size, shape and display gamma: a glow adds its light to what is under it,
 * the other styles cover it; the gamma applies to the points' and beams' light, not to the bodies or the black.
 * `beams` (stage fixtures) are drawn over them: a small grey body at the origin, and the beam's axis and cone in its colour
 * × intensity, as long as the rig is wide (at least 1 unit), lightening what is under them; a beam at intensity 0 draws no light.
 * The framing is the points' alone.
 */
export function rasterize(f: FrameSnapshot, camera: Camera, width: number, beams: readonly Beam[] = [], style: PointStyle = DEFAULT_POINT_STYLE): Raster {
  const n = f.size;
  const xb = bounds(f.x),
    yb = bounds(f.y),
    zb = bounds(f.z);
  const length = Math.max(1, Math.hypot(xb.max - xb.min, yb.max - yb.min, zb.max - zb.min));
  const samples: { x: number; y: number; z: number; share: number; beam: number }[] = [];
  beams.forEach((b, i) => {
    samples.push({ ...b.origin, share: -1, beam: i });
    if (b.intensity > 0) for (const s of beamSamples(b, length)) samples.push({ ...s, beam: i });
  });
  const all: FrameSnapshot =
    samples.length === 0
      ? f
      : {
          size: n + samples.length,
          x: Float32Array.from([...f.x, ...samples.map((s) => s.x)]),
          y: Float32Array.from([...f.y, ...samples.map((s) => s.y)]),
          z: Float32Array.from([...f.z, ...samples.map((s) => s.z)]),
          colors: f.colors,
        };
  const p = project(all, camera);
  const bu = p.window?.u ?? bounds(Float32Array.from(p.u.subarray(0, n))),
    bv = p.window?.v ?? bounds(Float32Array.from(p.v.subarray(0, n)));
  const spanU = Math.max(bu.max - bu.min, 1e-9),
    spanV = Math.max(bv.max - bv.min, 1e-9);
  const margin = p.window === undefined ? 0.06 : 0;
  const height = Math.max(32, Math.min(1024, Math.round(width * Math.max(0.25, Math.min(2, spanV / spanU)))));
  const scale = Math.min((width * (1 - 2 * margin)) / spanU, (height * (1 - 2 * margin)) / spanV);
  const ou = (width - spanU * scale) / 2,
    ov = (height - spanV * scale) / 2;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  // Discs large enough to close the gaps of an evenly spaced rig, so a lit area reads as lit.
  const radius = Math.max(1, Math.min(12, Math.ceil(0.72 * Math.sqrt((width * height) / Math.max(1, n)))));
  const stamp = stampOf(style, radius);
  const glow = style.led === 'glow';
  const shade = gammaTable(style.gamma);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => p.depth[b] - p.depth[a]);
  for (const i of order) {
    if (!shown(p, i)) continue;
    const cx = Math.round(ou + (p.u[i] - bu.min) * scale);
    const cy = Math.round(height - (ov + (p.v[i] - bv.min) * scale));
    const c = f.colors[i];
    const r = shade[(c >>> 16) & 0xff],
      g = shade[(c >>> 8) & 0xff],
      b = shade[c & 0xff];
    for (let s = 0; s < stamp.dx.length; s++) {
      const x = cx + stamp.dx[s],
        y = cy + stamp.dy[s];
      if (x < 0 || x >= width || y < 0 || y >= height) continue;
      const k = (y * width + x) * 4;
      if (glow) {
        const w = stamp.weight[s];
        rgba[k] = Math.min(255, rgba[k] + Math.round(r * w));
        rgba[k + 1] = Math.min(255, rgba[k + 1] + Math.round(g * w));
        rgba[k + 2] = Math.min(255, rgba[k + 2] + Math.round(b * w));
      } else {
        rgba[k] = r;
        rgba[k + 1] = g;
        rgba[k + 2] = b;
      }
    }
  }
  samples.forEach((s, j) => {
    const i = n + j;
    if (!shown(p, i)) return;
    const cx = Math.round(ou + (p.u[i] - bu.min) * scale);
    const cy = Math.round(height - (ov + (p.v[i] - bv.min) * scale));
    const body = s.share < 0;
    const b = beams[s.beam];
    const level = body ? 0 : b.intensity * s.share * 255;
    const light = (c: number): number => shade[Math.max(0, Math.min(255, Math.round(c * level)))];
    const rgb = body ? [128, 128, 128] : [light(b.color[0]), light(b.color[1]), light(b.color[2])];
    const half = body ? 2 : 0;
    for (let y = cy - half; y <= cy + half; y++) {
      if (y < 0 || y >= height) continue;
      for (let x = cx - half; x <= cx + half; x++) {
        if (x < 0 || x >= width) continue;
        const k = (y * width + x) * 4;
        for (let c = 0; c < 3; c++) rgba[k + c] = body ? rgb[c] : Math.max(rgba[k + c], Math.round(rgb[c]));
      }
    }
  });
  return { width, height, rgba };
}
