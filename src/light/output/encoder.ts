// The per-frame encoder: writes every run's pixels into one bank of the packet arena, through
// the gamma table at each fixture's brightness level, and advances sequence numbers. No
// allocation: everything it touches was sized when the plan was built.
import { BYTE_ORDER_LAYOUTS, PIXEL_RGB, PIXEL_RGBW } from '../structure/byte-order.js';
import { CHANNEL_BLUE, CHANNEL_GREEN, CHANNEL_RED, CHANNEL_WHITE, curveOffset } from './gamma.js';
import { KIND_ARTDMX, type OutputPlan } from './packing.js';
import { nextArtNetSequence } from '../structure/output-protocols.js';

/**
 * Encodes `colors` (one ARGB per model point) into the bank at `base` of `out`. `levels[s]` is
 * the brightness level (0–255) of source `s`; `sequences[p]` holds packet `p`'s last sequence.
 */
export function encodeFrame(
  plan: OutputPlan,
  colors: Uint32Array,
  out: Uint8Array,
  base: number,
  lut: Uint8Array,
  levels: Uint8Array,
  sequences: Uint8Array,
): void {
  const indices = plan.indices;
  const size = colors.length;
  const runCount = plan.runCount;
  for (let r = 0; r < runCount; r++) {
    const layout = BYTE_ORDER_LAYOUTS[plan.runOrder[r]];
    const level = levels[plan.runSource[r]];
    const bpp = layout.bytes;
    let o = base + plan.runOffset[r];
    let k = plan.runFirst[r];
    const end = k + plan.runPixels[r];
    if (layout.mode === PIXEL_RGB) {
      const lr = curveOffset(CHANNEL_RED, level),
        lg = curveOffset(CHANNEL_GREEN, level),
        lb = curveOffset(CHANNEL_BLUE, level);
      const pr = layout.r,
        pg = layout.g,
        pb = layout.b;
      for (; k < end; k++, o += bpp) {
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
      for (; k < end; k++, o += bpp) {
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
      for (; k < end; k++, o++) {
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
    if (at < 0) continue;
    const next = kinds[p] === KIND_ARTDMX ? nextArtNetSequence(sequences[p]) : (sequences[p] + 1) & 0xff;
    sequences[p] = next;
    out[base + offsets[p] + at] = next;
  }
}
