// Helpers for effect tests: run an effect alone over a buffer, with a stub palette and tempo,
// and read LX's golden frames.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Component } from '../../../src/engine/component.js';
import { hsb } from '../../../src/light/color/lx-color.js';
import type { Effect } from '../../../src/light/devices/effects/effect.js';
import type { PaletteReader } from '../../../src/light/devices/effects/effect-support.js';
import type { Division } from '../../../src/light/tempo/divisions.js';
import { PointSet } from '../../../src/light/model/index.js';
import { GOLDEN_DIR as SHARED_GOLDEN_DIR } from '../../helpers/golden-dir.js';

export const DELTA_MS = 1000 / 60;

/**
 * A palette of fixed swatch colors, as LX's FIXED LXDynamicColor: color = hsb(h, s, b); hue and
 * saturation are the parameters themselves (getHue/getSaturation), brightness comes from the ARGB.
 */
export function fixedPalette(colors: readonly { h: number; s: number; b: number }[]): PaletteReader & { swatchSaturation(i: number): number } {
  const at = (i: number): { h: number; s: number; b: number } => colors[Math.max(0, Math.min(i, colors.length - 1))];
  return {
    swatchSize: () => colors.length,
    swatchColor: (i: number) => {
      const c = at(i);
      return hsb(c.h, c.s, c.b);
    },
    swatchHue: (i: number) => at(i).h,
    swatchSaturation: (i: number) => at(i).s,
  };
}

/** Stands in for the light engine: what `Device.context` finds by walking up. */
export class StubEngine extends Component {
  readonly isLightRoot = true;
  palette: PaletteReader;
  tempo: { getBasis(division: Division): number } = { getBasis: () => 0 };
  structure = undefined;
  private n = 0;

  constructor(palette: PaletteReader = fixedPalette([{ h: 0, s: 100, b: 100 }])) {
    super('Stub');
    this.palette = palette;
  }

  adopt<E extends Effect>(effect: E): E {
    this.addChild(`fx${++this.n}`, effect);
    return effect;
  }
}

/** A point set of `n` points whose index k is buffer position `offset + k`; coordinates from `xn`/`yn`/`zn` when given. */
export function points(
  n: number,
  offset = 0,
  coords?: { xn?: ArrayLike<number>; yn?: ArrayLike<number>; zn?: ArrayLike<number>; rcn?: ArrayLike<number> },
): PointSet {
  const p = new PointSet(n);
  for (let k = 0; k < n; k++) {
    p.index[k] = offset + k;
    if (coords?.xn) p.xn[k] = coords.xn[k];
    if (coords?.yn) p.yn[k] = coords.yn[k];
    if (coords?.zn) p.zn[k] = coords.zn[k];
    if (coords?.rcn) p.rcn[k] = coords.rcn[k];
  }
  return p;
}

/** Runs one frame of `effect` over `colors` (in place) and returns the buffer. */
export function step(effect: Effect, colors: Uint32Array, pts: PointSet, deltaMs = DELTA_MS): Uint32Array {
  effect.colors = colors;
  effect.points = pts;
  effect.loop(deltaMs);
  return colors;
}

export const hex = (c: number): string => (c >>> 0).toString(16).padStart(8, '0');

// ---- golden frames -------------------------------------------------------------------------------

/** LX 1.2.1's golden frames (test/golden/lx-1.2.1, or FOOTLIGHT_GOLDEN_DIR). */
export const GOLDEN_DIR: string | undefined = SHARED_GOLDEN_DIR;

export interface GoldenScene {
  readonly frames: Uint32Array[];
  readonly xyzn: Float32Array;
  readonly project: { engine: unknown; model: unknown };
}

/** Decodes a golden scene's frames and normalized coordinates. */
export function loadGolden(scene: string): GoldenScene {
  if (GOLDEN_DIR === undefined) throw new Error('golden frames not found; set FOOTLIGHT_GOLDEN_DIR');
  const json = JSON.parse(readFileSync(join(GOLDEN_DIR, `${scene}.frames.json`), 'utf8')) as { frames: { argb: string }[]; pointsXYZn: string };
  const decode = (b64: string): Uint32Array => {
    const buf = Buffer.from(b64, 'base64');
    return new Uint32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  };
  const nb = Buffer.from(json.pointsXYZn, 'base64');
  return {
    frames: json.frames.map((f) => decode(f.argb)),
    xyzn: new Float32Array(nb.buffer.slice(nb.byteOffset, nb.byteOffset + nb.byteLength)),
    project: JSON.parse(readFileSync(join(GOLDEN_DIR, `${scene}.lxp`), 'utf8')),
  };
}

/** Compares two buffers over [from, from + n): the count of differing points and the first one. */
export function diff(actual: Uint32Array, expected: Uint32Array, from: number, n: number, offsetActual = from): string | undefined {
  let bad = 0;
  let first = -1;
  let maxErr = 0;
  for (let k = 0; k < n; k++) {
    const a = actual[offsetActual + k];
    const e = expected[from + k];
    if (a !== e) {
      bad++;
      if (first < 0) first = k;
      for (const sh of [0, 8, 16, 24]) maxErr = Math.max(maxErr, Math.abs(((a >>> sh) & 0xff) - ((e >>> sh) & 0xff)));
    }
  }
  if (bad === 0) return undefined;
  return (
    `${bad}/${n} differ (max channel error ${maxErr}); ` +
    `first at +${first}: expected ${hex(expected[from + first])}, got ${hex(actual[offsetActual + first])}`
  );
}
