// LX 1.2.1 per-color math on ARGB colors held as uint32 numbers (0xAARRGGBB).
//
// Precision map (LX's Java overloads, and how each is reproduced here):
//   float  : hsb, hsba, rgbf, h, s, b, luminosity, grayf, graynf, scaleBrightnessf.
//            Every float operation is rounded to float32 with Math.fround, never fused.
//            LX's hsb(double...) overload casts to float first, so one hsb() serves both.
//   double : gray, grayn, scaleBrightness (LX's double overloads: b·2.559, n·255.9 in double).
//   int    : rgb, rgba, channel extractors, constants.
// Java's (int) cast truncates toward zero, maps NaN to 0 and saturates: see javaInt().
// All colors returned are normalized with `>>> 0`.

import { multiply } from './blend-kernel.js';
import { javaInt } from '../math/java-num.js';

export { javaInt };

export const CLEAR = 0x00000000;
export const BLACK = 0xff000000;
export const WHITE = 0xffffffff;

const fr = Math.fround;

// float32 constants as LX spells them (255f / 100f, 1 / 360.f, 1 / 100.f, 100f / 255f, 2.559f, 255.9f).
const B_COEFF = fr(255 / 100);
const H_COEFF = fr(1 / 360);
const S_COEFF = fr(1 / 100);
const BRIGHTNESS_SCALE = fr(100 / 255);
const GRAY_SCALE_F = fr(2.559);
const GRAYN_SCALE_F = fr(255.9);

/** Red byte 0..255. (LX returns a signed Java byte; LX callers mask it with 0xff.) */
export function red(c: number): number {
  return (c >>> 16) & 0xff;
}
/** Green byte 0..255. */
export function green(c: number): number {
  return (c >>> 8) & 0xff;
}
/** Blue byte 0..255. */
export function blue(c: number): number {
  return c & 0xff;
}
/** Alpha byte 0..255. */
export function alpha(c: number): number {
  return c >>> 24;
}

/** Opaque color from integer bytes; each byte is masked with 0xff. */
export function rgb(r: number, g: number, b: number): number {
  return rgba(r, g, b, 255);
}

/** Color from integer bytes; each byte is masked with 0xff. */
export function rgba(r: number, g: number, b: number, a: number): number {
  return (((a & 0xff) << 24) | ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff)) >>> 0;
}

/** Opaque color from normalized channels (float): byte = (int)(255f · x), then masked. */
export function rgbf(r: number, g: number, b: number): number {
  return rgba(javaInt(fr(255 * fr(r))), javaInt(fr(255 * fr(g))), javaInt(fr(255 * fr(b))), 255);
}

/**
 * LX's HSB → RGB in float32. hue in degrees (any real, wraps), saturation and brightness 0..100.
 * Nothing is clamped: brightness above 100 spills into the neighbouring bytes, exactly as LX.
 */
export function hsb(hue: number, saturation: number, brightness: number): number {
  HSB_INPUT[0] = hue;
  HSB_INPUT[1] = saturation;
  HSB_INPUT[2] = brightness;
  return hsbBits() >>> 0;
}

/**
 * hsb()'s inputs (hue, saturation, brightness) for hsbBits. Per-pixel loops call the color math
 * through functions too large to inline, and a number that is not a small integer, passed to or
 * returned from such a call, is a new heap object: at a few thousand colors a frame that was most
 * of a frame's garbage, and the collections it caused were the slowest frames (docs/performance.md).
 * So hsb() (small enough to inline) passes its inputs here, and the result comes back signed.
 */
const HSB_INPUT = new Float64Array(3);

/** hsb() of HSB_INPUT as a signed 32-bit value: the same bits, and a small integer for V8 (no heap number). */
export function hsbBits(): number {
  const hue = HSB_INPUT[0];
  const s0 = fr(HSB_INPUT[1]);
  const b255 = fr(fr(HSB_INPUT[2]) * B_COEFF);
  if (s0 === 0) {
    const v = javaInt(fr(b255 + 0.5));
    return 0xff000000 | (v << 16) | (v << 8) | v;
  }
  const h1 = fr(fr(hue) * H_COEFF);
  const h = fr(fr(h1 - Math.floor(h1)) * 6);
  const f = fr(h - Math.floor(h));
  const s1 = fr(s0 * S_COEFF);
  const v = fr(b255 + 0.5);
  const p = fr(fr(b255 * fr(1 - s1)) + 0.5);
  const q = fr(fr(b255 * fr(1 - fr(s1 * f))) + 0.5);
  const t = fr(fr(b255 * fr(1 - fr(s1 * fr(1 - f)))) + 0.5);
  let rf = 0;
  let gf = 0;
  let bf = 0;
  switch (
    h | 0 // h is in [0, 6] or NaN (→ 0, as Java's (int) cast)
  ) {
    case 0:
      rf = v;
      gf = t;
      bf = p;
      break;
    case 1:
      rf = q;
      gf = v;
      bf = p;
      break;
    case 2:
      rf = p;
      gf = v;
      bf = t;
      break;
    case 3:
      rf = p;
      gf = q;
      bf = v;
      break;
    case 4:
      rf = t;
      gf = p;
      bf = v;
      break;
    case 5:
      rf = v;
      gf = p;
      bf = q;
      break;
    default:
      break; // h rounds up to 6.0 for hue fractions within one float ulp of 1: LX yields black
  }
  let r: number;
  let g: number;
  let b: number;
  if (b255 < 1e6 && b255 > -1e6 && s1 < 1e3 && s1 > -1e3) {
    r = rf | 0; // every channel is within ±2^31 here, where `| 0` is Java's (int) cast
    g = gf | 0;
    b = bf | 0;
  } else {
    r = javaInt(rf);
    g = javaInt(gf);
    b = javaInt(bf);
  }
  return 0xff000000 | (r << 16) | (g << 8) | b;
}

/** Sets hsbBits' inputs (small enough to inline: the numbers go to typed-array memory, not the heap). */
export function setHsbInput(hue: number, saturation: number, brightness: number): void {
  HSB_INPUT[0] = hue;
  HSB_INPUT[1] = saturation;
  HSB_INPUT[2] = brightness;
}

/** hsb() with alpha a in 0..1 (float): alpha byte = min(255, (int)(a · 255f)). */
export function hsba(hue: number, saturation: number, brightness: number, a: number): number {
  const a8 = javaInt(fr(fr(a) * 255));
  return (((a8 < 0xff ? a8 : 0xff) << 24) | (hsb(hue, saturation, brightness) & 0x00ffffff)) >>> 0;
}

/** The opaque gray whose three channels are the byte (int) scaled & 0xff: out-of-range input wraps. */
function grayByte(scaled: number): number {
  const v = javaInt(scaled) & 0xff;
  return (0xff000000 | (v << 16) | (v << 8) | v) >>> 0;
}

/** Opaque gray from brightness 0..100 (LX's double overload): byte = (int)(b · 2.559) & 0xff, so out-of-range input wraps. */
export function gray(brightness: number): number {
  return grayByte(brightness * 2.559);
}

/** gray() through LX's float overload: (int)(b · 2.559f) in float32. */
export function grayf(brightness: number): number {
  return grayByte(fr(fr(brightness) * GRAY_SCALE_F));
}

/** Opaque gray from normalized 0..1 (LX's double overload): byte = (int)(n · 255.9) & 0xff. */
export function grayn(n: number): number {
  return grayByte(n * 255.9);
}

/** grayn() through LX's float overload: (int)(n · 255.9f) in float32. */
export function graynf(n: number): number {
  return grayByte(fr(fr(n) * GRAYN_SCALE_F));
}

/** The largest of three channel bytes. */
function max3(r: number, g: number, b: number): number {
  const max = r > g ? r : g;
  return b > max ? b : max;
}

/** The smallest of three channel bytes. */
function min3(r: number, g: number, b: number): number {
  const min = r < g ? r : g;
  return b < min ? b : min;
}

/** Hue 0..360 (float32), LX's RGB → HSB; 0 for black and for grays. */
export function h(c: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  const b = c & 0xff;
  const max = max3(r, g, b);
  const min = min3(r, g, b);
  if (max === 0) return 0;
  const range = max - min; // an int, exact as a float
  if (range === 0) return 0;
  const rc = fr((max - r) / range);
  const gc = fr((max - g) / range);
  const bc = fr((max - b) / range);
  let hue: number;
  if (r === max) hue = fr(bc - gc);
  else if (g === max) hue = fr(fr(2 + rc) - bc);
  else hue = fr(fr(4 + gc) - rc);
  hue = fr(hue / 6);
  if (hue < 0) hue = fr(hue + 1);
  return fr(360 * hue);
}

/** Saturation 0..100 (float32): (max − min)·100f / max, 0 for black. */
export function s(c: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  const b = c & 0xff;
  const max = max3(r, g, b);
  return max === 0 ? 0 : fr(((max - min3(r, g, b)) * 100) / max);
}

/** Brightness 0..100 (float32): max channel · (100f / 255f). */
export function b(c: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  return fr(max3(r, g, c & 0xff) * BRIGHTNESS_SCALE);
}

/** Luminosity 0..100 (float32): ((3r + 4g + b) >> 3) · (100f / 255f). */
export function luminosity(c: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  const bl = c & 0xff;
  return fr(((r * 3 + g * 4 + bl) >> 3) * BRIGHTNESS_SCALE);
}

/** multiply(c, grayn(amount), 256), LX's double overload. */
export function scaleBrightness(c: number, amount: number): number {
  return multiply(c, grayn(amount), 0x100);
}

/** multiply(c, graynf(amount), 256), LX's float overload. */
export function scaleBrightnessf(c: number, amount: number): number {
  return multiply(c, graynf(amount), 0x100);
}
