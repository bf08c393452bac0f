// Radix-2 FFT magnitudes with LX's Hamming window (0.54 − 0.46·cos(2πi/(n−1))).

/** Magnitudes |X[k]| for k = 0..n/2 of one real block of n (a power of two) samples. */
export class FftMagnitudes {
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly window: Float64Array;
  readonly magnitudes: Float64Array;

  constructor(readonly size: number) {
    this.re = new Float64Array(size);
    this.im = new Float64Array(size);
    this.window = new Float64Array(size);
    for (let i = 0; i < size; i++) this.window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (size - 1));
    this.magnitudes = new Float64Array(size / 2 + 1);
  }

  compute(samples: Float32Array): Float64Array {
    const n = this.size;
    const re = this.re;
    const im = this.im;
    for (let i = 0, j = 0; i < n; i++) {
      re[j] = samples[i] * this.window[i];
      im[j] = 0;
      // Bit-reversed order for j.
      let bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
    }
    for (let len = 2; len <= n; len <<= 1) {
      const ang = (-2 * Math.PI) / len;
      for (let i = 0; i < n; i += len) {
        for (let k = 0; k < len / 2; k++) {
          const wr = Math.cos(ang * k);
          const wi = Math.sin(ang * k);
          const a = i + k;
          const b = a + len / 2;
          const xr = re[b] * wr - im[b] * wi;
          const xi = re[b] * wi + im[b] * wr;
          re[b] = re[a] - xr;
          im[b] = im[a] - xi;
          re[a] += xr;
          im[a] += xi;
        }
      }
    }
    for (let k = 0; k <= n / 2; k++) this.magnitudes[k] = Math.hypot(re[k], im[k]);
    return this.magnitudes;
  }
}
