// LX 1.2.1 buffer-level blends (LXBlend components): the compositor's hot path.
//
// blend(dst, src, alpha, out, indices) writes out[i] = kernel(dst[i], src[i], mask) for every i in
// `indices` (a view's point indices) or, when indices is null, for every i in 0..out.length−1. Points not
// selected are left untouched. `out` may alias dst or src. The loop is a point job
// (blend-buffer-kernel.ts); nothing is allocated per call.

import { pointPool } from '../parallel/point-pool.js';
import { BLEND_NUMBER_MASK, BLEND_NUMBER_MODE, PIXEL_BLEND_IDS, blendBufferKernel } from './blend-buffer-kernel.js';
import { BLEND_ALPHA_FULL, blendMask } from './blend-kernel.js';
import { javaInt } from '../math/java-num.js';

export type BlendName =
  | 'Add'
  | 'Multiply'
  | 'Subtract'
  | 'Difference'
  | 'Normal'
  | 'Dodge'
  | 'Burn'
  | 'Highlight'
  | 'Spotlight'
  | 'Lightest'
  | 'Darkest'
  | 'Dissolve'
  | 'Screen';

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
  'Add',
  'Multiply',
  'Subtract',
  'Difference',
  'Normal',
  'Dodge',
  'Burn',
  'Highlight',
  'Spotlight',
  'Lightest',
  'Darkest',
] as const);

/** Pattern-engine `transitionBlendMode` options, in LX registry order. */
export const TRANSITION_BLENDS: readonly BlendName[] = Object.freeze(['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference'] as const);

/** Mixer `crossfaderBlendMode` options, in LX registry order. */
export const CROSSFADER_BLENDS: readonly BlendName[] = Object.freeze(['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference'] as const);

/** Every blend createBlend() knows, including Screen, which LX 1.2.1 registers in no list. */
export const ALL_BLENDS: readonly BlendName[] = Object.freeze([...CHANNEL_BLENDS, 'Dissolve', 'Screen'] as const);

/**
 * An LXBlend: out[i] = the pixel blend of dst[i] and src[i] at the mask its alpha gives, run as a
 * point job (split across threads on large frames).
 */
const ADD_MODE = PIXEL_BLEND_IDS.indexOf('Add');

class BufferBlend implements BlendMode {
  private readonly mode: number;

  constructor(readonly name: BlendName) {
    this.mode = PIXEL_BLEND_IDS.indexOf(name);
  }

  blend(dst: Uint32Array, src: Uint32Array, alpha: number, out: Uint32Array, indices: Int32Array | null): void {
    const job = pointPool.begin();
    // Dissolve weighs the source at (int)(alpha · 128); the others take LX's mask of alpha.
    job.num[BLEND_NUMBER_MODE] = this.mode;
    job.num[BLEND_NUMBER_MASK] = this.name === 'Dissolve' ? javaInt(alpha * 0x80) : blendMask(alpha);
    job.arrays.push(dst, src, out);
    if (indices !== null) job.arrays.push(indices);
    // The whole-frame Add at full alpha is WebAssembly at about 1 ns a pixel (blend-buffer-kernel.ts).
    const cheap = indices === null && this.mode === ADD_MODE && job.num[BLEND_NUMBER_MASK] === BLEND_ALPHA_FULL;
    pointPool.run(blendBufferKernel, indices === null ? out.length : indices.length, cheap);
  }

  lerp(from: Uint32Array, to: Uint32Array, amt: number, out: Uint32Array, indices: Int32Array | null): void {
    if (amt <= 0.5) this.blend(from, to, amt * 2, out, indices);
    else this.blend(to, from, (1 - amt) * 2, out, indices);
  }
}

/** A new blend instance by LX display name (LX gives every bus, transition and crossfader its own instance). */
export function createBlend(name: BlendName): BlendMode {
  if (!ALL_BLENDS.includes(name)) throw new RangeError(`unknown blend "${String(name)}"; expected one of ${ALL_BLENDS.join(', ')}`);
  return new BufferBlend(name);
}

/** True if `name` is a blend createBlend() accepts. */
export function isBlendName(name: string): name is BlendName {
  return (ALL_BLENDS as readonly string[]).includes(name);
}
