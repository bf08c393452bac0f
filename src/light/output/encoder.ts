// The per-frame encoder: writes every run into one bank of the packet arena, pixels through the
// gamma table at their output's brightness level, header and footer bytes as they are, and
// advances sequence numbers. No allocation: everything it touches was sized when the plan was
// built.
import { BYTE_ORDER_LAYOUTS, PIXEL_RGB, PIXEL_RGBW } from '../model/byte-order.js';
import { CHANNEL_BLUE, CHANNEL_GREEN, CHANNEL_RED, CHANNEL_WHITE, curveOffset } from './gamma.js';
import { KIND_ARTDMX, type OutputPlan, RUN_STATIC } from './packing.js';
import { nextArtNetSequence } from '../structure/output-protocols.js';

/**
 * Encodes `colors` (one ARGB per model point) into the bank at `base` of `out`. `levels[s]` is
 * the brightness level (0–255) of source `s`; `sequences[p]` holds packet `p`'s last sequence;
 * `skip[p]` is 1 for a packet not sent this frame (its fps limit), whose sequence stays.
 */
export function encodeFrame(
  plan: OutputPlan,
  colors: Uint32Array,
  out: Uint8Array,
  base: number,
  lut: Uint8Array,
  levels: Uint8Array,
  sequences: Uint8Array,
  skip: Uint8Array | null = null,
): void {
  const indices = plan.indices;
  const size = colors.length;
  const runCount = plan.runCount;
  for (let r = 0; r < runCount; r++) {
    let o = base + plan.runOffset[r];
    const order = plan.runOrder[r];
    if (order === RUN_STATIC) {
      const first = plan.runFirst[r];
      out.set(plan.staticBytes.subarray(first, first + plan.runPixels[r]), o);
      continue;
    }
    const layout = BYTE_ORDER_LAYOUTS[order];
    const level = levels[plan.runSource[r]];
    const stride = plan.runStride[r];
    let k = plan.runFirst[r];
    const end = k + plan.runPixels[r];
    if (layout.mode === PIXEL_RGB) {
      const lr = curveOffset(CHANNEL_RED, level),
        lg = curveOffset(CHANNEL_GREEN, level),
        lb = curveOffset(CHANNEL_BLUE, level);
      const pr = layout.r,
        pg = layout.g,
        pb = layout.b;
      for (; k < end; k++, o += stride) {
        const idx = indices[k];
        const c = idx >= 0 && idx < size ? colors[idx] : 0;
        out[o + pr] = lut[lr + ((c >>> 16) & 0xff)];
        out[o + pg] = lut[lg + ((c >>> 8) & 0xff)];
        out[o + pb] = lut[lb + (c & 0xff)];
      }
    } else if (layout.mode === PIXEL_RGBW) {
      const lr = curveOffset(CHANNEL_RED, level),
        lg = curveOffset(CHANNEL_GREEN, level);
      const lb = curveOffset(CHANNEL_BLUE, level),
        lw = curveOffset(CHANNEL_WHITE, level);
      const pr = layout.r,
        pg = layout.g,
        pb = layout.b,
        pw = layout.w;
      for (; k < end; k++, o += stride) {
        const idx = indices[k];
        const c = idx >= 0 && idx < size ? colors[idx] : 0;
        const red = (c >>> 16) & 0xff,
          green = (c >>> 8) & 0xff,
          blue = c & 0xff;
        const w = red < green ? (red < blue ? red : blue) : green < blue ? green : blue;
        out[o + pr] = lut[lr + red - w];
        out[o + pg] = lut[lg + green - w];
        out[o + pb] = lut[lb + blue - w];
        out[o + pw] = lut[lw + w];
      }
    } else {
      const lw = curveOffset(CHANNEL_WHITE, level);
      for (; k < end; k++, o += stride) {
        const idx = indices[k];
        const c = idx >= 0 && idx < size ? colors[idx] : 0;
        out[o] = lut[lw + Math.trunc((((c >>> 16) & 0xff) + ((c >>> 8) & 0xff) + (c & 0xff)) / 3)];
      }
    }
  }
  const seqAt = plan.packetSequence;
  const kinds = plan.packetKind;
  const offsets = plan.packetOffset;
  for (let p = 0; p < plan.packetCount; p++) {
    const at = seqAt[p];
    if (at < 0 || (skip !== null && skip[p] === 1)) continue;
    const next = kinds[p] === KIND_ARTDMX ? nextArtNetSequence(sequences[p]) : (sequences[p] + 1) & 0xff;
    sequences[p] = next;
    out[base + offsets[p] + at] = next;
  }
}
