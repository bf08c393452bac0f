import { softClip } from './math.js';

/**
 * The Distortion's soft clipper at 4× the rate, between two 2× stages of polyphase IIR half-band
 * filters: each an elliptic half-band split into two all-pass paths, ½(A₀(z²) + z⁻¹·A₁(z²)), whose
 * sections (a + z⁻²)/(1 + a·z⁻²) run at the lower rate of their stage (one multiply each). Up, a
 * sample's two high-rate samples are the two paths' outputs; down, the paths take the two phases
 * and their outputs are averaged. Without the clipper a stage's round trip is the all-pass
 * A₀(z)·A₁(z): the pass band is exactly flat; the price is phase, a delay of 2.3 base samples at
 * low frequencies growing to 3.3 at 20 kHz (the Distortion delays its dry path 3 samples).
 * 16 multiplies a sample where the linear-phase FIR half-bands took 48 tap pairs.
 */

/**
 * The all-pass coefficients (ascending: path 0 takes the 1st, 3rd…, path 1 the 2nd, 4th…) of the
 * elliptic half-band with `count` of them whose transition band spans `transition` of its high
 * rate, centred on a quarter of it; from the elliptic nome q and its theta-function series.
 */
function halfBandCoefficients(count: number, transition: number): number[] {
  const k = Math.tan(((1 - 2 * transition) * Math.PI) / 4) ** 2;
  const root = (1 - k * k) ** 0.25;
  const e = (0.5 * (1 - root)) / (1 + root);
  const e4 = e ** 4;
  const q = e * (1 + e4 * (2 + e4 * (15 + 150 * e4)));
  const order = 2 * count + 1;
  const out: number[] = [];
  for (let c = 1; c <= count; c++) {
    let num = 0;
    let den = 0.5;
    // Both series converge like q^(i²): a dozen terms are exact to double precision for any q here.
    for (let i = 0; i < 12; i++) num += (i % 2 === 0 ? 1 : -1) * q ** (i * (i + 1)) * Math.sin(((2 * i + 1) * c * Math.PI) / order);
    for (let i = 1; i < 12; i++) den += (i % 2 === 0 ? 1 : -1) * q ** (i * i) * Math.cos((2 * i * c * Math.PI) / order);
    const w2 = ((num * q ** 0.25) / den) ** 2;
    const x = Math.sqrt((1 - w2 * k) * (1 - w2 / k)) / (1 + w2);
    out.push((1 - x) / (1 + x));
  }
  return out;
}

// Outer stage (base ↔ 2×): passes 0.4 of the base rate, stops from 0.6 of it (what folds onto the
// pass band), 70 dB; four coefficients. Inner stage (2× ↔ 4×): the same edges over a rate twice as
// high, so a far wider transition: 73 dB from two.
const [O0, O1, O2, O3] = halfBandCoefficients(4, 0.1);
const [I0, I1] = halfBandCoefficients(2, 0.3);

/** Whole base samples to delay a dry copy by to meet the round trip (Mix 50 % within 0.7 dB to 20 kHz). */
export const CLIPPER_LATENCY = 3;

/** State slots: each section's last input and output, per stage and direction (see `run`). */
const SLOTS = 24;

export class Clipper4x {
  private readonly s = new Float64Array(SLOTS);

  /**
   * x[0…n) in place → softClip(x × gains[i]) at 4× the rate, back at the base rate: up through
   * both stages, the clipper on each of the four high-rate samples, down through both.
   */
  run(x: Float32Array, n: number, gains: Float64Array): void {
    const s = this.s;
    // Outer up: path 0's two sections (last in, last out), path 1's; inner up: path 0, path 1;
    // inner down: the same; outer down: as outer up.
    let ua0x = s[0],
      ua0y = s[1],
      ua2x = s[2],
      ua2y = s[3],
      ua1x = s[4],
      ua1y = s[5],
      ua3x = s[6],
      ua3y = s[7];
    let ub0x = s[8],
      ub0y = s[9],
      ub1x = s[10],
      ub1y = s[11];
    let db0x = s[12],
      db0y = s[13],
      db1x = s[14],
      db1y = s[15];
    let da0x = s[16],
      da0y = s[17],
      da2x = s[18],
      da2y = s[19],
      da1x = s[20],
      da1y = s[21],
      da3x = s[22],
      da3y = s[23];
    for (let i = 0; i < n; i++) {
      const g = gains[i];
      const v = x[i];
      // Outer up: the 2× pair (even from path 0, odd from path 1).
      let t = O0 * (v - ua0y) + ua0x;
      ua0x = v;
      ua0y = t;
      const e = O2 * (t - ua2y) + ua2x;
      ua2x = t;
      ua2y = e;
      t = O1 * (v - ua1y) + ua1x;
      ua1x = v;
      ua1y = t;
      const o = O3 * (t - ua3y) + ua3x;
      ua3x = t;
      ua3y = o;
      // Inner stage on the even 2× sample: up to a 4× pair, clip, down (path 0 takes the odd phase).
      let h0 = I0 * (e - ub0y) + ub0x;
      ub0x = e;
      ub0y = h0;
      let h1 = I1 * (e - ub1y) + ub1x;
      ub1x = e;
      ub1y = h1;
      let c1 = softClip(h1 * g);
      let c0 = softClip(h0 * g);
      h0 = I0 * (c1 - db0y) + db0x;
      db0x = c1;
      db0y = h0;
      h1 = I1 * (c0 - db1y) + db1x;
      db1x = c0;
      db1y = h1;
      const de = 0.5 * (h0 + h1);
      // The same on the odd 2× sample.
      h0 = I0 * (o - ub0y) + ub0x;
      ub0x = o;
      ub0y = h0;
      h1 = I1 * (o - ub1y) + ub1x;
      ub1x = o;
      ub1y = h1;
      c1 = softClip(h1 * g);
      c0 = softClip(h0 * g);
      h0 = I0 * (c1 - db0y) + db0x;
      db0x = c1;
      db0y = h0;
      h1 = I1 * (c0 - db1y) + db1x;
      db1x = c0;
      db1y = h1;
      const dodd = 0.5 * (h0 + h1);
      // Outer down: path 0 takes the odd 2× sample, path 1 the even.
      t = O0 * (dodd - da0y) + da0x;
      da0x = dodd;
      da0y = t;
      const p0 = O2 * (t - da2y) + da2x;
      da2x = t;
      da2y = p0;
      t = O1 * (de - da1y) + da1x;
      da1x = de;
      da1y = t;
      const p1 = O3 * (t - da3y) + da3x;
      da3x = t;
      da3y = p1;
      x[i] = 0.5 * (p0 + p1);
    }
    s[0] = ua0x;
    s[1] = ua0y;
    s[2] = ua2x;
    s[3] = ua2y;
    s[4] = ua1x;
    s[5] = ua1y;
    s[6] = ua3x;
    s[7] = ua3y;
    s[8] = ub0x;
    s[9] = ub0y;
    s[10] = ub1x;
    s[11] = ub1y;
    s[12] = db0x;
    s[13] = db0y;
    s[14] = db1x;
    s[15] = db1y;
    s[16] = da0x;
    s[17] = da0y;
    s[18] = da2x;
    s[19] = da2y;
    s[20] = da1x;
    s[21] = da1y;
    s[22] = da3x;
    s[23] = da3y;
  }

  /** Takes another clipper's state: as if it had run its input. */
  copy(from: Clipper4x): void {
    this.s.set(from.s);
  }

  reset(): void {
    this.s.fill(0);
  }
}
