import type { EnumOption } from '../../engine/parameters/enum.js';

/** LX's channel and pattern-composite blends, in registry order (the order is the file format). */
export const CHANNEL_BLEND_CHOICES: readonly EnumOption[] = [
  'Add', 'Multiply', 'Subtract', 'Difference', 'Normal', 'Dodge', 'Burn', 'Highlight', 'Spotlight', 'Lightest', 'Darkest',
].map((label) => ({ label }));

/** Transition and crossfader blends, in registry order. */
export const TRANSITION_BLEND_CHOICES: readonly EnumOption[] = ['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference'].map((label) => ({ label }));

/** Adds `src` scaled by `alpha` (0–1) onto `dst`, LX's integer ADD kernel. */
export function blendAdd(dst: Uint32Array, src: Uint32Array, alpha: number, n: number): void {
  const mask = Math.trunc(alpha * 256);
  for (let i = 0; i < n; i++) {
    const d = dst[i];
    const s = src[i];
    const a = ((s >>> 24) * mask) >> 8;
    const sA = a + (a >= 127 ? 1 : 0);
    const r = Math.min(255, ((d >>> 16) & 0xff) + ((((s >>> 16) & 0xff) * sA) >> 8));
    const g = Math.min(255, ((d >>> 8) & 0xff) + ((((s >>> 8) & 0xff) * sA) >> 8));
    const b = Math.min(255, (d & 0xff) + (((s & 0xff) * sA) >> 8));
    const outA = Math.min(255, (d >>> 24) + (s >>> 24));
    dst[i] = ((outA << 24) | (r << 16) | (g << 8) | b) >>> 0;
  }
}
