/**
 * Loudness and peaks of a stereo signal: ITU-R BS.1770-4 integrated loudness (K-weighting,
 * 400 ms blocks stepped by 100 ms, absolute gate −70 LUFS, relative gate −10 LU), whole or
 * streamed, and the sample peak (true peak: true-peak.ts). Checked against ffmpeg's ebur128 filter in
 * test/sound/audio/render.test.ts. Pure TypeScript: no Node APIs.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** K-weighting's two stages for any sample rate (the BS.1770 analog prototypes, bilinear transform). */
function kWeighting(fs: number): [Biquad, Biquad] {
  // Stage 1: the head's high shelf (+4 dB above ~1.7 kHz).
  let K = Math.tan((Math.PI * 1681.974450955533) / fs);
  const Q1 = 0.7071752369554196;
  const Vh = Math.pow(10, 3.999843853973347 / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  let a0 = 1 + K / Q1 + K * K;
  const shelf = {
    b0: (Vh + (Vb * K) / Q1 + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q1 + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q1 + K * K) / a0,
  };
  // Stage 2: the RLB high-pass at ~38 Hz.
  K = Math.tan((Math.PI * 38.13547087602444) / fs);
  const Q2 = 0.5003270373238773;
  a0 = 1 + K / Q2 + K * K;
  const hp = { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q2 + K * K) / a0 };
  return [shelf, hp];
}

/**
 * One channel's running sum of K-weighted squares, read at `marks` (the sample counts where a
 * 400 ms block starts or ends): both stages run in one pass in doubles, and only the sums at the
 * marks are kept, not one per sample. The signal may arrive whole or block by block: the sums are
 * the same either way.
 */
class WeightedSquareSum {
  private ax1 = 0;
  private ax2 = 0;
  private ay1 = 0;
  private ay2 = 0;
  private by1 = 0;
  private by2 = 0;
  private sum = 0;
  /** Samples so far. */
  private count = 0;
  /** The sum after each mark's number of samples (the sum after 0 is 0). */
  readonly atMark = new Map<number, number>([[0, 0]]);

  constructor(
    private readonly a: Biquad,
    private readonly b: Biquad,
    private readonly nextMark: (after: number) => number,
  ) {}

  push(x: Float32Array, n: number): void {
    const { b0: a0, b1: a1, b2: a2, a1: aa1, a2: aa2 } = this.a;
    const { b0, b1, b2, a1: ba1, a2: ba2 } = this.b;
    let { ax1, ax2, ay1, ay2, by1, by2, sum } = this;
    let i = 0;
    while (i < n) {
      const mark = this.nextMark(this.count + i);
      const end = Math.min(n, mark - this.count);
      for (; i < end; i++) {
        const v = x[i];
        const u = a0 * v + a1 * ax1 + a2 * ax2 - aa1 * ay1 - aa2 * ay2;
        ax2 = ax1;
        ax1 = v;
        const w = b0 * u + b1 * ay1 + b2 * ay2 - ba1 * by1 - ba2 * by2;
        ay2 = ay1;
        ay1 = u;
        by2 = by1;
        by1 = w;
        sum += w * w;
      }
      if (this.count + i === mark) this.atMark.set(mark, sum);
    }
    this.count += n;
    this.ax1 = ax1;
    this.ax2 = ax2;
    this.ay1 = ay1;
    this.ay2 = ay2;
    this.by1 = by1;
    this.by2 = by2;
    this.sum = sum;
  }
}

/**
 * Integrated loudness of a signal that arrives in blocks (a streamed render), all channels at
 * once: 400 ms blocks stepped by 100 ms, each block's mean square from the running sums at its
 * start and end.
 */
export class LoudnessMeter {
  private readonly block: number;
  private readonly step: number;
  private readonly sums: WeightedSquareSum[];
  private samples = 0;

  constructor(channels: number, fs: number) {
    const [shelf, hp] = kWeighting(fs);
    const block = Math.round(0.4 * fs);
    const step = Math.round(0.1 * fs);
    // The next block start (a multiple of the step) or block end (a start plus the block) after `after` samples.
    const nextMark = (after: number): number => {
      const start = (Math.floor(after / step) + 1) * step;
      const end = after < block ? block : block + (Math.floor((after - block) / step) + 1) * step;
      return Math.min(start, end);
    };
    this.block = block;
    this.step = step;
    this.sums = Array.from({ length: channels }, () => new WeightedSquareSum(shelf, hp, nextMark));
  }

  push(channels: readonly Float32Array[], n: number): void {
    for (let k = 0; k < this.sums.length; k++) this.sums[k].push(channels[k], n);
    this.samples += n;
  }

  /** LUFS once every block is in; −Infinity when every block is below the absolute gate. */
  finish(): number {
    const { block, step } = this;
    const powers: number[] = [];
    for (let s = 0; s + block <= this.samples; s += step) {
      let z = 0;
      for (const p of this.sums) z += (p.atMark.get(s + block)! - p.atMark.get(s)!) / block;
      powers.push(z);
    }
    const lufs = (z: number): number => -0.691 + 10 * Math.log10(z);
    const abs = powers.filter((z) => lufs(z) > -70);
    if (abs.length === 0) return -Infinity;
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const relGate = lufs(mean(abs)) - 10;
    const rel = abs.filter((z) => lufs(z) > relGate);
    return rel.length === 0 ? -Infinity : lufs(mean(rel));
  }
}

/** Integrated loudness in LUFS of whole channels; −Infinity when every block is below the absolute gate. */
export function integratedLoudness(channels: readonly Float32Array[], fs: number): number {
  const meter = new LoudnessMeter(channels.length, fs);
  meter.push(channels, channels[0]?.length ?? 0);
  return meter.finish();
}

/** Sample peak (linear) over all channels. */
export function samplePeak(channels: readonly Float32Array[]): number {
  let p = 0;
  for (const c of channels)
    for (let i = 0; i < c.length; i++) {
      const a = Math.abs(c[i]);
      if (a > p) p = a;
    }
  return p;
}

export const toDb = (linear: number): number => (linear <= 0 ? -Infinity : 20 * Math.log10(linear));
