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
 * Two channels' running sums of K-weighted squares, read at `marks` (the sample counts where a
 * 400 ms block starts or ends): both stages run in one pass in doubles, and only the sums at the
 * marks are kept, not one per sample. The two channels share the loop: each channel's filter is a
 * chain of dependent multiply-adds, and two independent chains run side by side in about the time
 * of one (the same operations per channel, so the same sums). A lone last channel is paired with
 * itself and counted once. The signal may arrive whole or block by block: the sums are the same either way.
 */
class WeightedSquareSums {
  private readonly state = new Float64Array(12);
  private sumX = 0;
  private sumY = 0;
  /** Samples so far. */
  private count = 0;
  /** Each channel's sum after each mark's number of samples (the sum after 0 is 0). */
  readonly atMarkX = new Map<number, number>([[0, 0]]);
  readonly atMarkY = new Map<number, number>([[0, 0]]);

  constructor(
    private readonly a: Biquad,
    private readonly b: Biquad,
    private readonly nextMark: (after: number) => number,
  ) {}

  push(x: Float32Array, y: Float32Array, n: number, from: number): void {
    const { b0: a0, b1: a1, b2: a2, a1: aa1, a2: aa2 } = this.a;
    const { b0, b1, b2, a1: ba1, a2: ba2 } = this.b;
    const st = this.state;
    let xax1 = st[0];
    let xax2 = st[1];
    let xay1 = st[2];
    let xay2 = st[3];
    let xby1 = st[4];
    let xby2 = st[5];
    let yax1 = st[6];
    let yax2 = st[7];
    let yay1 = st[8];
    let yay2 = st[9];
    let yby1 = st[10];
    let yby2 = st[11];
    let sumX = this.sumX;
    let sumY = this.sumY;
    let i = 0;
    while (i < n) {
      const mark = this.nextMark(this.count + i);
      const end = Math.min(n, mark - this.count);
      for (; i < end; i++) {
        const v = x[from + i];
        const u = a0 * v + a1 * xax1 + a2 * xax2 - aa1 * xay1 - aa2 * xay2;
        xax2 = xax1;
        xax1 = v;
        const w = b0 * u + b1 * xay1 + b2 * xay2 - ba1 * xby1 - ba2 * xby2;
        xay2 = xay1;
        xay1 = u;
        xby2 = xby1;
        xby1 = w;
        sumX += w * w;
        const q = y[from + i];
        const r = a0 * q + a1 * yax1 + a2 * yax2 - aa1 * yay1 - aa2 * yay2;
        yax2 = yax1;
        yax1 = q;
        const z = b0 * r + b1 * yay1 + b2 * yay2 - ba1 * yby1 - ba2 * yby2;
        yay2 = yay1;
        yay1 = r;
        yby2 = yby1;
        yby1 = z;
        sumY += z * z;
      }
      // Set at every segment's end, not only on reaching the mark: a block that ends short of it leaves a partial sum
      // there, which the next block replaces (its first segment ends at the same mark), and one past the signal's end is
      // never read. Unconditional, because V8 throws the optimized loop away the first time an untaken branch runs, and
      // the loop then runs unoptimized, boxing every double, until it is compiled again.
      this.atMarkX.set(mark, sumX);
      this.atMarkY.set(mark, sumY);
    }
    this.count += n;
    st[0] = xax1;
    st[1] = xax2;
    st[2] = xay1;
    st[3] = xay2;
    st[4] = xby1;
    st[5] = xby2;
    st[6] = yax1;
    st[7] = yax2;
    st[8] = yay1;
    st[9] = yay2;
    st[10] = yby1;
    st[11] = yby2;
    this.sumX = sumX;
    this.sumY = sumY;
  }

  /**
   * push for two channels that hold the same samples, `x`: one chain, its state and sums then copied to the second
   * channel's (the same operations on the same samples, so the same bits), which push continues from when they part.
   */
  pushAlike(x: Float32Array, n: number, from: number): void {
    const { b0: a0, b1: a1, b2: a2, a1: aa1, a2: aa2 } = this.a;
    const { b0, b1, b2, a1: ba1, a2: ba2 } = this.b;
    const st = this.state;
    let ax1 = st[0];
    let ax2 = st[1];
    let ay1 = st[2];
    let ay2 = st[3];
    let by1 = st[4];
    let by2 = st[5];
    let sum = this.sumX;
    let i = 0;
    while (i < n) {
      const mark = this.nextMark(this.count + i);
      const end = Math.min(n, mark - this.count);
      for (; i < end; i++) {
        const v = x[from + i];
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
      // As push: set at every segment's end.
      this.atMarkX.set(mark, sum);
      this.atMarkY.set(mark, sum);
    }
    this.count += n;
    st[0] = st[6] = ax1;
    st[1] = st[7] = ax2;
    st[2] = st[8] = ay1;
    st[3] = st[9] = ay2;
    st[4] = st[10] = by1;
    st[5] = st[11] = by2;
    this.sumX = sum;
    this.sumY = sum;
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
  private readonly pairs: WeightedSquareSums[];
  private readonly channels: number;
  private samples = 0;

  constructor(channels: number, fs: number) {
    const [shelf, hp] = kWeighting(fs);
    const block = Math.round(0.4 * fs);
    const step = Math.round(0.1 * fs);
    // The next block start (a multiple of the step) or block end (a start plus the block) after `after` samples.
    // Both candidates are worked out every time (no branch the first 400 ms never take: see WeightedSquareSums.push).
    const nextMark = (after: number): number => {
      const start = (Math.floor(after / step) + 1) * step;
      const end = block + (Math.floor((after - block) / step) + 1) * step;
      return Math.min(start, after < block ? block : end);
    };
    this.block = block;
    this.step = step;
    this.channels = channels;
    this.pairs = Array.from({ length: Math.ceil(channels / 2) }, () => new WeightedSquareSums(shelf, hp, nextMark));
  }

  /**
   * Appends channels[c][from…from + n) of every channel. `alike`: every channel has held the same samples as the first
   * from the start, these included (the caller has compared them: a mono source in a stereo render); each pair then
   * filters one channel for both.
   */
  push(channels: readonly Float32Array[], n: number, from = 0, alike = false): void {
    for (let k = 0; k < this.pairs.length; k++)
      if (alike) this.pairs[k].pushAlike(channels[2 * k], n, from);
      else this.pairs[k].push(channels[2 * k], channels[Math.min(2 * k + 1, this.channels - 1)], n, from);
    this.samples += n;
  }

  /** LUFS once every block is in; −Infinity when every block is below the absolute gate. */
  finish(): number {
    const { block, step } = this;
    const powers: number[] = [];
    for (let s = 0; s + block <= this.samples; s += step) {
      let z = 0;
      for (let c = 0; c < this.channels; c++) {
        const p = this.pairs[c >> 1];
        const at = (c & 1) === 0 ? p.atMarkX : p.atMarkY;
        z += (at.get(s + block)! - at.get(s)!) / block;
      }
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
