/**
 * Sample-rate conversion for the Sampler's user samples: a Blackman-windowed sinc, 16 zero
 * crossings each side, its cutoff lowered to the new Nyquist when the rate goes down (no
 * aliasing). The kernel is tabulated once and read with linear interpolation between its 512
 * phases per sample; the same input gives the same output every time.
 */
const HALF_TAPS = 16;
const PHASES = 512;
/** Just under Nyquist: the transition band of a 32-tap kernel. */
const PASSBAND = 0.95;

/**
 * The window × sinc of |u| (in input samples) for u in 0…HALF_TAPS, PHASES per sample (unit
 * cutoff). Made on first use: a render without user samples never pays its 16k sines at start-up.
 */
let kernel: Float64Array | null = null;
function theKernel(): Float64Array {
  if (kernel !== null) return kernel;
  const k = new Float64Array(HALF_TAPS * PHASES + 2);
  for (let i = 0; i < k.length; i++) {
    const u = i / PHASES;
    if (u >= HALF_TAPS) continue;
    const w = 0.42 + 0.5 * Math.cos((Math.PI * u) / HALF_TAPS) + 0.08 * Math.cos((2 * Math.PI * u) / HALF_TAPS);
    k[i] = u === 0 ? 1 : (w * Math.sin(Math.PI * u)) / (Math.PI * u);
  }
  kernel = k;
  return k;
}

/** `data` at `from` Hz → at `to` Hz (length scaled by to/from, rounded). */
export function resample(data: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return data;
  const ratio = from / to;
  // Cutoff in input-sample units: 1 up-sampling, to/from down-sampling (the new Nyquist).
  const cutoff = Math.min(1, to / from) * PASSBAND;
  const out = new Float32Array(Math.round(data.length / ratio));
  const taps = theKernel();
  // The kernel is stretched by 1 / cutoff: it spans HALF_TAPS / cutoff input samples each side.
  const span = HALF_TAPS / cutoff;
  const step = cutoff * PHASES;
  for (let j = 0; j < out.length; j++) {
    const t = j * ratio;
    const lo = Math.max(0, Math.ceil(t - span));
    const hi = Math.min(data.length - 1, Math.floor(t + span));
    let sum = 0;
    for (let k = lo; k <= hi; k++) {
      const p = Math.abs(t - k) * step;
      const i = p | 0;
      const f = p - i;
      sum += data[k] * (taps[i] + (taps[i + 1] - taps[i]) * f);
    }
    out[j] = sum * cutoff;
  }
  return out;
}

/**
 * Samples converted to an engine rate, by rate and content: a plan rebuilt with the same
 * sample (a structural change elsewhere; in the live worker a plan arrives as a copy) does not
 * convert it again. The least recently used go first past CONVERTED_BUDGET samples in all.
 */
const converted = new Map<string, Float32Array>();
const CONVERTED_BUDGET = 64 * 1024 * 1024;
let convertedSamples = 0;

/** A 32-bit FNV-1a over the samples' bits: two samples of one length and rate that differ anywhere differ here (but for a 2⁻³² chance). */
function fingerprint(data: Float32Array): number {
  const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) h = Math.imul(h ^ bits[i], 0x01000193);
  return h >>> 0;
}

/** `data` at `from` Hz → at `to` Hz, converted once per content and rate (the Sampler's zones, audio clips). */
export function atRate(data: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return data;
  const key = `${to} ${from} ${data.length} ${fingerprint(data)}`;
  let out = converted.get(key);
  if (out !== undefined) converted.delete(key);
  else {
    out = resample(data, from, to);
    convertedSamples += out.length;
    for (const [k, v] of converted) {
      if (convertedSamples <= CONVERTED_BUDGET) break;
      converted.delete(k);
      convertedSamples -= v.length;
    }
  }
  converted.set(key, out);
  return out;
}
