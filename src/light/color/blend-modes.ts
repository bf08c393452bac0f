// LX 1.2.1 buffer-level blends (LXBlend components): the compositor's hot path.
//
// blend(dst, src, alpha, out, indices) writes out[i] = kernel(dst[i], src[i], mask) for every i in
// `indices` (a view's point indices) or, when indices is null, for every i in 0..out.length−1. Points not
// selected are left untouched. `out` may alias dst or src. Each class runs its own loop calling its own
// kernel directly, so every call site stays monomorphic; nothing is allocated per call.

import {
  BLEND_ALPHA_FULL, add, addOpaqueFull, blendMask, burn, darkest, difference, dodge, highlight, lerp as lerpKernel, lightest, multiply, screen,
  spotlight, subtract,
} from './blend-kernel.js';
import { javaInt } from './java-num.js';

export type BlendName =
  | 'Add' | 'Multiply' | 'Subtract' | 'Difference' | 'Normal' | 'Dodge' | 'Burn' | 'Highlight' | 'Spotlight'
  | 'Lightest' | 'Darkest' | 'Dissolve' | 'Screen';

export interface BlendMode {
  /** LX display name: the class name minus "Blend". */
  readonly name: BlendName;
  /** Blend src over dst at alpha 0..1 into out, over `indices` or (null) every index. */
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void;
  /**
   * LXBlend.lerp, used by pattern transitions and the crossfader: amt ≤ 0.5 → blend(from, to, 2·amt);
   * otherwise blend(to, from, 2·(1 − amt)).
   */
  lerp(from: Uint32Array, to: Uint32Array, amt: number, out: Uint32Array, indices: Int32Array | null): void;
}

/** Channel and group `blendMode` / pattern `compositeBlend` options, in LX registry order (files store the index). */
export const CHANNEL_BLENDS: readonly BlendName[] = Object.freeze([
  'Add', 'Multiply', 'Subtract', 'Difference', 'Normal', 'Dodge', 'Burn', 'Highlight', 'Spotlight', 'Lightest',
  'Darkest',
] as const);

/** Pattern-engine `transitionBlendMode` options, in LX registry order. */
export const TRANSITION_BLENDS: readonly BlendName[] = Object.freeze(
  ['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference'] as const);

/** Mixer `crossfaderBlendMode` options, in LX registry order. */
export const CROSSFADER_BLENDS: readonly BlendName[] = Object.freeze(
  ['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference'] as const);

/** Every blend createBlend() knows, including Screen, which LX 1.2.1 registers in no list. */
export const ALL_BLENDS: readonly BlendName[] = Object.freeze([
  'Add', 'Multiply', 'Subtract', 'Difference', 'Normal', 'Dodge', 'Burn', 'Highlight', 'Spotlight', 'Lightest',
  'Darkest', 'Dissolve', 'Screen',
] as const);

abstract class LXBlend implements BlendMode {
  abstract readonly name: BlendName;
  abstract blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void;

  lerp(from: Uint32Array, to: Uint32Array, amt: number, out: Uint32Array, indices: Int32Array | null): void {
    if (amt <= 0.5) this.blend(from, to, amt * 2, out, indices);
    else this.blend(to, from, (1 - amt) * 2, out, indices);
  }
}

class NormalBlend extends LXBlend {
  readonly name = 'Normal';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = lerpKernel(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = lerpKernel(dst[i], src[i], mask); }
    }
  }
}

class AddBlend extends LXBlend {
  readonly name = 'Add';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (mask === BLEND_ALPHA_FULL) {
      addFull(dst, src, out, indices);
    } else if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = add(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = add(dst[i], src[i], mask); }
    }
  }
}

/** Add at full alpha (faders at 1): opaque source pixels, the usual case, take the packed path. */
function addFull(dst: Uint32Array, src: Uint32Array, out: Uint32Array, indices: Int32Array | null): void {
  if (indices === null) {
    for (let i = 0, n = out.length; i < n; i++) {
      const s = src[i];
      out[i] = s >>> 24 === 0xff ? addOpaqueFull(dst[i], s) : add(dst[i], s, BLEND_ALPHA_FULL);
    }
  } else {
    for (let k = 0, n = indices.length; k < n; k++) {
      const i = indices[k];
      const s = src[i];
      out[i] = s >>> 24 === 0xff ? addOpaqueFull(dst[i], s) : add(dst[i], s, BLEND_ALPHA_FULL);
    }
  }
}

class SubtractBlend extends LXBlend {
  readonly name = 'Subtract';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = subtract(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = subtract(dst[i], src[i], mask); }
    }
  }
}

class MultiplyBlend extends LXBlend {
  readonly name = 'Multiply';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = multiply(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = multiply(dst[i], src[i], mask); }
    }
  }
}

class ScreenBlend extends LXBlend {
  readonly name = 'Screen';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = screen(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = screen(dst[i], src[i], mask); }
    }
  }
}

class LightestBlend extends LXBlend {
  readonly name = 'Lightest';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = lightest(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = lightest(dst[i], src[i], mask); }
    }
  }
}

class DarkestBlend extends LXBlend {
  readonly name = 'Darkest';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = darkest(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = darkest(dst[i], src[i], mask); }
    }
  }
}

class DifferenceBlend extends LXBlend {
  readonly name = 'Difference';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = difference(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = difference(dst[i], src[i], mask); }
    }
  }
}

class DodgeBlend extends LXBlend {
  readonly name = 'Dodge';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = dodge(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = dodge(dst[i], src[i], mask); }
    }
  }
}

class BurnBlend extends LXBlend {
  readonly name = 'Burn';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = burn(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = burn(dst[i], src[i], mask); }
    }
  }
}

class HighlightBlend extends LXBlend {
  readonly name = 'Highlight';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = highlight(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = highlight(dst[i], src[i], mask); }
    }
  }
}

class SpotlightBlend extends LXBlend {
  readonly name = 'Spotlight';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const mask = blendMask(alpha);
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = spotlight(dst[i], src[i], mask);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = spotlight(dst[i], src[i], mask); }
    }
  }
}

/**
 * Dissolve (transitions and crossfader): sA = (int)(alpha · 128), dA = 256 − sA,
 * out = add(add(CLEAR, dst, dA), src, sA). Alpha 1 is a 50/50 mix; through lerp() it is a linear
 * cross-fade. Output alpha is min(255, dstA + srcA), so opaque inputs stay opaque.
 */
class DissolveBlend extends LXBlend {
  readonly name = 'Dissolve';
  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const sA = javaInt(alpha * 0x80);
    const dA = 0x100 - sA;
    if (indices === null) {
      for (let i = 0, n = out.length; i < n; i++) out[i] = add(add(0, dst[i], dA), src[i], sA);
    } else {
      for (let k = 0, n = indices.length; k < n; k++) { const i = indices[k]; out[i] = add(add(0, dst[i], dA), src[i], sA); }
    }
  }
}

/** A new blend instance by LX display name (LX gives every bus, transition and crossfader its own instance). */
export function createBlend(name: BlendName): BlendMode {
  switch (name) {
    case 'Add': return new AddBlend();
    case 'Multiply': return new MultiplyBlend();
    case 'Subtract': return new SubtractBlend();
    case 'Difference': return new DifferenceBlend();
    case 'Normal': return new NormalBlend();
    case 'Dodge': return new DodgeBlend();
    case 'Burn': return new BurnBlend();
    case 'Highlight': return new HighlightBlend();
    case 'Spotlight': return new SpotlightBlend();
    case 'Lightest': return new LightestBlend();
    case 'Darkest': return new DarkestBlend();
    case 'Dissolve': return new DissolveBlend();
    case 'Screen': return new ScreenBlend();
    default: throw new RangeError(`unknown blend "${String(name)}"; expected one of ${ALL_BLENDS.join(', ')}`);
  }
}

/** True if `name` is a blend createBlend() accepts. */
export function isBlendName(name: string): name is BlendName {
  return (ALL_BLENDS as readonly string[]).includes(name);
}
