// LX 1.2.1 per-pixel blend kernels (LXColor.lerp/add/…): integer math on uint32 ARGB colors.
//
// Every kernel is (dst, src, alpha) → uint32, with alpha an int mask 0..256 (BLEND_ALPHA_FULL = 0x100).
// Shared prologue, computed the way LX does:
//   oa = src alpha byte; a = ((oa · alpha) >> 8) & 0xff; sA = a + (a ≥ 127 ? 1 : 0); dA = 256 − sA
//   output alpha = min(255, dst alpha + oa): the raw source alpha, not the scaled `a`.
//   (Older LX sources add the scaled `a`; LX 1.2.1's golden crossfader_ab frames only fit the raw rule:
//   a Dissolve output must stay opaque for the following Add to keep full levels. See blend-modes.test.ts.)
// LX packs red and blue into one int; each packed partial sum stays below 2^16 per field, so computing
// the channels one by one, as here, gives identical bytes.
// `alpha` must be an integer; out-of-range masks behave as in Java (Math.imul wraps like Java's int *).

import { javaInt } from '../math/java-num.js';

export const BLEND_ALPHA_FULL = 0x100;
export const BLEND_ALPHA_HALF = 0x80;

/** The mask LX's double overloads pass on: (int)(alpha · 256), alpha 0..1. */
export function blendMask(alpha: number): number {
  return javaInt(alpha * BLEND_ALPHA_FULL);
}

/** The mask LX's float overloads pass on (LXColor.lerp(int, int, float)): alpha is rounded to float32 first. */
export function blendMaskf(alpha: number): number {
  return javaInt(Math.fround(alpha) * BLEND_ALPHA_FULL);
}

/** Normal: d·dA + s·sA. */
export function lerp(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const r = (((dst >>> 16) & 0xff) * dA + ((src >>> 16) & 0xff) * sA) >> 8;
  const g = (((dst >>> 8) & 0xff) * dA + ((src >>> 8) & 0xff) * sA) >> 8;
  const b = ((dst & 0xff) * dA + (src & 0xff) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Add: min(255, d + s·sA); the destination keeps full weight. */
export function add(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const outA = (dst >>> 24) + oa;
  const r = ((dst >>> 16) & 0xff) + ((((src >>> 16) & 0xff) * sA) >> 8);
  const g = ((dst >>> 8) & 0xff) + ((((src >>> 8) & 0xff) * sA) >> 8);
  const b = (dst & 0xff) + (((src & 0xff) * sA) >> 8);
  return (
    ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) |
      (((r | ((255 - r) >> 31)) & 0xff) << 16) |
      (((g | ((255 - g) >> 31)) & 0xff) << 8) |
      ((b | ((255 - b) >> 31)) & 0xff)) >>>
    0
  );
}

/**
 * add(dst, src, BLEND_ALPHA_FULL) for an opaque src (alpha byte 255, so sA = 256): each channel
 * is min(255, d + s) and the result is opaque. Computed on all three bytes at once: the low
 * seven bits of each byte add without reaching the next byte, the top bit and its carry-out
 * (the overflow) follow from the majority rule, and an overflowed byte saturates to 0xff.
 */
export function addOpaqueFull(dst: number, src: number): number {
  const d = dst & 0xffffff;
  const s = src & 0xffffff;
  const low = (d & 0x7f7f7f) + (s & 0x7f7f7f);
  const overflow = ((d & s) | (low & (d | s))) & 0x808080;
  const sum = low ^ ((d ^ s) & 0x808080);
  return (0xff000000 | sum | ((overflow >>> 7) * 0xff)) >>> 0;
}

/** Subtract: max(0, d − s·sA); the destination keeps full weight. */
export function subtract(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const outA = (dst >>> 24) + oa;
  const r = ((dst >>> 16) & 0xff) - ((((src >>> 16) & 0xff) * sA) >> 8);
  const g = ((dst >>> 8) & 0xff) - ((((src >>> 8) & 0xff) * sA) >> 8);
  const b = (dst & 0xff) - (((src & 0xff) * sA) >> 8);
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | ((r & ~(r >> 31)) << 16) | ((g & ~(g >> 31)) << 8) | (b & ~(b >> 31))) >>> 0;
}

/** Multiply: d·dA + m·sA with m = (s·(d + 1)) >> 8. */
export function multiply(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const r = (dr * dA + ((((src >>> 16) & 0xff) * (dr + 1)) >> 8) * sA) >> 8;
  const g = (dg * dA + ((((src >>> 8) & 0xff) * (dg + 1)) >> 8) * sA) >> 8;
  const b = (db * dA + (((src & 0xff) * (db + 1)) >> 8) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Screen: d·dA + (d + s − m)·sA with m as in multiply. */
export function screen(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const sr = (src >>> 16) & 0xff;
  const sg = (src >>> 8) & 0xff;
  const sb = src & 0xff;
  const r = (dr * dA + (dr + sr - ((sr * (dr + 1)) >> 8)) * sA) >> 8;
  const g = (dg * dA + (dg + sg - ((sg * (dg + 1)) >> 8)) * sA) >> 8;
  const b = (db * dA + (db + sb - ((sb * (db + 1)) >> 8)) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** lightest(dst, src, BLEND_ALPHA_FULL) for an opaque src (sA = 256, dA = 0): the larger of each channel, opaque. */
export function lightestOpaqueFull(dst: number, src: number): number {
  const r = Math.max((dst >>> 16) & 0xff, (src >>> 16) & 0xff);
  const g = Math.max((dst >>> 8) & 0xff, (src >>> 8) & 0xff);
  const b = Math.max(dst & 0xff, src & 0xff);
  return (0xff000000 | (r << 16) | (g << 8) | b) >>> 0;
}

/** Lightest: d·dA + max(d, s)·sA. */
export function lightest(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const sr = (src >>> 16) & 0xff;
  const sg = (src >>> 8) & 0xff;
  const sb = src & 0xff;
  const r = (dr * dA + (dr - ((dr - sr) & ((dr - sr) >> 31))) * sA) >> 8;
  const g = (dg * dA + (dg - ((dg - sg) & ((dg - sg) >> 31))) * sA) >> 8;
  const b = (db * dA + (db - ((db - sb) & ((db - sb) >> 31))) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Darkest: d·dA + min(d, s)·sA. */
export function darkest(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const sr = (src >>> 16) & 0xff;
  const sg = (src >>> 8) & 0xff;
  const sb = src & 0xff;
  const r = (dr * dA + (dr + ((sr - dr) & ((sr - dr) >> 31))) * sA) >> 8;
  const g = (dg * dA + (dg + ((sg - dg) & ((sg - dg) >> 31))) * sA) >> 8;
  const b = (db * dA + (db + ((sb - db) & ((sb - db) >> 31))) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Difference: d·dA + |d − s|·sA. */
export function difference(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const xr = dr - ((src >>> 16) & 0xff);
  const xg = dg - ((src >>> 8) & 0xff);
  const xb = db - (src & 0xff);
  const r = (dr * dA + ((xr ^ (xr >> 31)) - (xr >> 31)) * sA) >> 8;
  const g = (dg * dA + ((xg ^ (xg >> 31)) - (xg >> 31)) * sA) >> 8;
  const b = (db * dA + ((xb ^ (xb >> 31)) - (xb >> 31)) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Dodge: d·dA + x·sA with x = min(255, (d·256) / (256 − s)), integer division. */
export function dodge(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const qr = ((dr << 8) / (256 - ((src >>> 16) & 0xff))) | 0;
  const qg = ((dg << 8) / (256 - ((src >>> 8) & 0xff))) | 0;
  const qb = ((db << 8) / (256 - (src & 0xff))) | 0;
  const r = (dr * dA + ((qr | ((255 - qr) >> 31)) & 0xff) * sA) >> 8;
  const g = (dg * dA + ((qg | ((255 - qg) >> 31)) & 0xff) * sA) >> 8;
  const b = (db * dA + ((qb | ((255 - qb) >> 31)) & 0xff) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/**
 * Burn: d·dA + x·sA with x = 255 − min(255, ((255 − d)·256) / (1 + sB)). LX quirk reproduced: the divisor
 * is 1 + the source's BLUE byte for all three channels (a Java operator-precedence slip in LXColor.burn).
 */
export function burn(dst: number, src: number, alpha: number): number {
  const oa = src >>> 24;
  const a = (Math.imul(oa, alpha) >> 8) & 0xff;
  const sA = a + ((126 - a) >>> 31); // a ≥ 127 ? a + 1 : a
  const dA = 256 - sA;
  const outA = (dst >>> 24) + oa;
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  const div = 1 + (src & 0xff);
  const qr = (((255 - dr) << 8) / div) | 0;
  const qg = (((255 - dg) << 8) / div) | 0;
  const qb = (((255 - db) << 8) / div) | 0;
  const r = (dr * dA + (255 - ((qr | ((255 - qr) >> 31)) & 0xff)) * sA) >> 8;
  const g = (dg * dA + (255 - ((qg | ((255 - qg) >> 31)) & 0xff)) * sA) >> 8;
  const b = (db * dA + (255 - ((qb | ((255 - qb) >> 31)) & 0xff)) * sA) >> 8;
  return ((((outA | ((255 - outA) >> 31)) & 0xff) << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** Highlight: add(dst, multiply(dst, src, 256), alpha). */
export function highlight(dst: number, src: number, alpha: number): number {
  return add(dst, multiply(dst, src, BLEND_ALPHA_FULL), alpha);
}

/** Spotlight: add(dst, multiply(G, src, 256), alpha), G = dst's alpha with the gray of its brightest channel. */
export function spotlight(dst: number, src: number, alpha: number): number {
  const dr = (dst >>> 16) & 0xff;
  const dg = (dst >>> 8) & 0xff;
  const db = dst & 0xff;
  let max = dr > dg ? dr : dg;
  if (db > max) max = db;
  const g = (dst & 0xff000000) | (max << 16) | (max << 8) | max;
  return add(dst, multiply(g >>> 0, src, BLEND_ALPHA_FULL), alpha);
}

/** LXColor.Blend, in LX's ordinal order. */
export const ColorBlend = {
  LERP: 0,
  ADD: 1,
  SUBTRACT: 2,
  MULTIPLY: 3,
  SCREEN: 4,
  LIGHTEST: 5,
  DARKEST: 6,
  DODGE: 7,
  BURN: 8,
  HIGHLIGHT: 9,
  SPOTLIGHT: 10,
} as const;
export type ColorBlend = (typeof ColorBlend)[keyof typeof ColorBlend];

/** LXColor.blend(dst, src, Blend): one of the enum modes at full alpha (0x100). */
export function blend(dst: number, src: number, mode: ColorBlend): number {
  switch (mode) {
    case ColorBlend.LERP:
      return lerp(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.ADD:
      return add(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.SUBTRACT:
      return subtract(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.MULTIPLY:
      return multiply(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.SCREEN:
      return screen(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.LIGHTEST:
      return lightest(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.DARKEST:
      return darkest(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.DODGE:
      return dodge(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.BURN:
      return burn(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.HIGHLIGHT:
      return highlight(dst, src, BLEND_ALPHA_FULL);
    case ColorBlend.SPOTLIGHT:
      return spotlight(dst, src, BLEND_ALPHA_FULL);
    default:
      throw new RangeError(`unknown LXColor.Blend ordinal ${String(mode)}; expected 0–10`);
  }
}
