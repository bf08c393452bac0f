// Java's Math.sin/cos/tan/exp/log/log10/pow as LX 1.2.1 observes them, for bit-exact LFO values.
//
// Why this exists: on x86-64 HotSpot replaces these seven java.lang.Math methods with Intel LIBM
// intrinsics, which are almost always correctly rounded. V8's Math.sin/cos/tan/exp/log/log10 are
// fdlibm, i.e. Java's StrictMath (identical on 100 000 samples each), and land one ulp away from
// HotSpot in a few percent of cases; lfo_values.json has 7 SinLFO / VariableLFO(Sine) samples
// where Math.sin is off by one ulp and the correctly rounded sine matches LX
// (test/light/modulation/lfo-values.test.ts). So these functions compute in double-double
// arithmetic (about 100 significant bits) and round once: the correctly rounded double.
//
// Agreement with HotSpot's java.lang.Math (Temurin 17 and 25, 100 000 random arguments each):
//            sin    cos    tan    exp    log   log10  pow
//   ours    99.87  99.85  99.77  99.76  100   100    99.95 %
//   V8 Math 96.7   96.6   96.5   90.5   99.98 97.9   90.4  %
// The remaining differences are HotSpot's own misroundings (1 ulp); matching them would mean
// replicating Intel's table-driven algorithms. Pixels never depend on them (LX renders the golden
// frames identically with -XX:-UseLibmIntrinsic).
//
// Everything else in java.lang.Math that LX uses (asin, acos, atan, atan2, sqrt, floor, ...) is not
// intrinsified; Java runs StrictMath (fdlibm) for them, which is what V8's Math.* computes, so use
// the platform functions for those.
//
// Cost: roughly 0.3–2 µs per call. Fine per frame (LFOs, envelopes, per-frame constants); do not
// call these per point. Allocation-free: double-double intermediates live in module registers.
// Trig arguments beyond |x| ≥ 1.6e6 (outside the range reduction used here) fall back to the
// platform function; exp/pow handle overflow and subnormal results themselves.

// ---- double-double kernel ---------------------------------------------------------------------
// Each operation leaves its result in (RH, RL), a normalized pair with |RL| ≤ ulp(RH)/2.
let RH = 0;
let RL = 0;
const SPLITTER = 134217729; // 2^27 + 1, Veltkamp split

/** (RH, RL) = exact a + b. */
function twoSum(a: number, b: number): void {
  const s = a + b;
  const bb = s - a;
  RL = a - (s - bb) + (b - bb);
  RH = s;
}

/** (RH, RL) = exact a · b (no FMA in JS, so Dekker's product). */
function twoProd(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  RL = ah * bh - p + ah * bl + al * bh + al * bl;
  RH = p;
}

/** (RH, RL) = (ah, al) + (bh, bl), the accurate variant (both errors tracked). */
function ddAdd(ah: number, al: number, bh: number, bl: number): void {
  let s = ah + bh;
  let bb = s - ah;
  let e = ah - (s - bb) + (bh - bb);
  const t = al + bl;
  bb = t - al;
  const f = al - (t - bb) + (bl - bb);
  e += t;
  const s2 = s + e;
  e = e - (s2 - s);
  e += f;
  s = s2 + e;
  RL = e - (s - s2);
  RH = s;
}

/** (RH, RL) = (ah, al) · (bh, bl). */
function ddMul(ah: number, al: number, bh: number, bl: number): void {
  const p = ah * bh;
  let t = SPLITTER * ah;
  const ahh = t - (t - ah);
  const ahl = ah - ahh;
  t = SPLITTER * bh;
  const bhh = t - (t - bh);
  const bhl = bh - bhh;
  let e = ahh * bhh - p + ahh * bhl + ahl * bhh + ahl * bhl;
  e += ah * bl + al * bh;
  const s = p + e;
  RL = e - (s - p);
  RH = s;
}

/** (RH, RL) = (ah, al) / (bh, bl): three quotient digits, about 2^-104 relative error. */
function ddDiv(ah: number, al: number, bh: number, bl: number): void {
  const q1 = ah / bh;
  ddMul(q1, 0, bh, bl);
  ddAdd(ah, al, -RH, -RL);
  const r1h = RH;
  const r1l = RL;
  const q2 = r1h / bh;
  ddMul(q2, 0, bh, bl);
  ddAdd(r1h, r1l, -RH, -RL);
  const q3 = RH / bh;
  twoSum(q1, q2);
  ddAdd(RH, RL, q3, 0);
}

// ---- coefficient tables (built once at load) ---------------------------------------------------
const N_FACT = 32;
/** INV_FACT[2n], INV_FACT[2n+1] = hi, lo of 1/n!. */
const INV_FACT = new Float64Array(2 * N_FACT);
{
  let h = 1;
  let l = 0;
  INV_FACT[0] = 1;
  INV_FACT[1] = 0;
  for (let n = 1; n < N_FACT; n++) {
    ddDiv(h, l, n, 0);
    h = RH;
    l = RL;
    INV_FACT[2 * n] = h;
    INV_FACT[2 * n + 1] = l;
  }
}
const N_ATANH = 24;
/** INV_ODD[2j], INV_ODD[2j+1] = hi, lo of 1/(2j+1), the atanh series for log. */
const INV_ODD = new Float64Array(2 * N_ATANH);
for (let j = 0; j < N_ATANH; j++) {
  ddDiv(1, 0, 2 * j + 1, 0);
  INV_ODD[2 * j] = RH;
  INV_ODD[2 * j + 1] = RL;
}

// π/2 in four parts; the first three have ≤ 32 significant bits so k·Pi is exact for |k| < 2^20.
const PIO2_1 = 1.57079632673412561417;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_4 = 8.47842766036889956997e-32;
const TWO_OVER_PI = 6.36619772367581382433e-1;
const TRIG_LIMIT = 1.6e6; // |x| < 1.6e6 ⇒ |k| < 2^20
const TINY = 7.450580596923828e-9; // 2^-27: below it sin x and tan x round to x, cos x to 1

// ln 2 in three parts.
const LN2_1 = 0.6931471805599453;
const LN2_2 = 2.3190468138462996e-17;
const LN2_3 = 5.707708438416212e-34;
const INV_LN10_H = 0.4342944819032518;
const INV_LN10_L = 1.098319650216765e-17;
const SQRT2 = 1.4142135623730951;

// Bit view of one double for exponent extraction (module scratch, little- or big-endian host).
const F64 = new Float64Array(1);
const I32 = new Int32Array(F64.buffer);
F64[0] = 1;
const HI = I32[1] === 0x3ff00000 ? 1 : 0;

/** Reduces x by k·π/2 into (RH, RL) = x − k·π/2 in double-double; returns k mod 4. */
function reduceHalfPi(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  const t = x - k * PIO2_1; // exact (Sterbenz)
  twoSum(t, -k * PIO2_2); // k·PIO2_2 is exact
  ddAdd(RH, RL, -k * PIO2_3, 0); // exact product
  ddAdd(RH, RL, -k * PIO2_4, 0);
  return k & 3;
}

/** (RH, RL) = sin(r) for |r| ≤ π/4 + ε, r = (rh, rl). */
function sinKernel(rh: number, rl: number): void {
  ddMul(rh, rl, rh, rl);
  const zh = RH;
  const zl = RL;
  // sin r = r · Σ_j (−1)^j z^j / (2j+1)!   (j = 0..15, last term < 2^-110 relative)
  let ah = INV_FACT[31 * 2];
  let al = INV_FACT[31 * 2 + 1];
  if ((15 & 1) === 1) {
    ah = -ah;
    al = -al;
  }
  for (let j = 14; j >= 0; j--) {
    ddMul(zh, zl, ah, al);
    let ch = INV_FACT[(2 * j + 1) * 2];
    let cl = INV_FACT[(2 * j + 1) * 2 + 1];
    if ((j & 1) === 1) {
      ch = -ch;
      cl = -cl;
    }
    ddAdd(ch, cl, RH, RL);
    ah = RH;
    al = RL;
  }
  ddMul(rh, rl, ah, al);
}

/** (RH, RL) = cos(r) for |r| ≤ π/4 + ε. */
function cosKernel(rh: number, rl: number): void {
  ddMul(rh, rl, rh, rl);
  const zh = RH;
  const zl = RL;
  // cos r = Σ_j (−1)^j z^j / (2j)!   (j = 0..15)
  let ah = INV_FACT[30 * 2];
  let al = INV_FACT[30 * 2 + 1];
  if ((15 & 1) === 1) {
    ah = -ah;
    al = -al;
  }
  for (let j = 14; j >= 0; j--) {
    ddMul(zh, zl, ah, al);
    let ch = INV_FACT[2 * j * 2];
    let cl = INV_FACT[2 * j * 2 + 1];
    if ((j & 1) === 1) {
      ch = -ch;
      cl = -cl;
    }
    ddAdd(ch, cl, RH, RL);
    ah = RH;
    al = RL;
  }
  RH = ah;
  RL = al;
}

/** Java `Math.sin(x)` (HotSpot x86-64 intrinsic): the correctly rounded sine. */
export function javaSin(x: number): number {
  const ax = Math.abs(x);
  if (!(ax < TRIG_LIMIT)) return Math.sin(x); // NaN, ±Infinity, huge arguments
  if (ax < TINY) return x;
  const q = reduceHalfPi(x);
  const rh = RH;
  const rl = RL;
  switch (q) {
    case 0:
      sinKernel(rh, rl);
      return RH + RL;
    case 1:
      cosKernel(rh, rl);
      return RH + RL;
    case 2:
      sinKernel(rh, rl);
      return -(RH + RL);
    default:
      cosKernel(rh, rl);
      return -(RH + RL);
  }
}

/** Java `Math.cos(x)` (HotSpot x86-64 intrinsic): the correctly rounded cosine. */
export function javaCos(x: number): number {
  const ax = Math.abs(x);
  if (!(ax < TRIG_LIMIT)) return Math.cos(x);
  if (ax < TINY) return 1;
  const q = reduceHalfPi(x);
  const rh = RH;
  const rl = RL;
  switch (q) {
    case 0:
      cosKernel(rh, rl);
      return RH + RL;
    case 1:
      sinKernel(rh, rl);
      return -(RH + RL);
    case 2:
      cosKernel(rh, rl);
      return -(RH + RL);
    default:
      sinKernel(rh, rl);
      return RH + RL;
  }
}

/** Java `Math.tan(x)` (HotSpot x86-64 intrinsic): the correctly rounded tangent. */
export function javaTan(x: number): number {
  const ax = Math.abs(x);
  if (!(ax < TRIG_LIMIT)) return Math.tan(x);
  if (ax < TINY) return x;
  const q = reduceHalfPi(x);
  const rh = RH;
  const rl = RL;
  sinKernel(rh, rl);
  const sh = RH;
  const sl = RL;
  cosKernel(rh, rl);
  if ((q & 1) === 0) ddDiv(sh, sl, RH, RL);
  else ddDiv(-RH, -RL, sh, sl);
  return RH + RL;
}

/** 2^k for an integer k in [-1022, 1023], from its bit pattern. */
function pow2(k: number): number {
  I32[HI] = (k + 1023) << 20;
  I32[1 - HI] = 0;
  return F64[0];
}

/** (RH, RL) = ln(x) for finite x > 0. */
function logDD(x: number): void {
  let e = 0;
  let m = x;
  if (m < 2.2250738585072014e-308) {
    m *= 18014398509481984;
    e = -54;
  } // subnormal: × 2^54
  // split m = mantissa · 2^exponent through the bit pattern (mantissa in [1, 2))
  F64[0] = m;
  const hi = I32[HI];
  e += ((hi >>> 20) & 0x7ff) - 1023;
  I32[HI] = (hi & 0x800fffff) | 0x3ff00000;
  m = F64[0];
  if (m > SQRT2) {
    m *= 0.5;
    e += 1;
  }
  // ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716
  const f = m - 1; // exact for m in [0.5, 2]
  twoSum(m, 1);
  ddDiv(f, 0, RH, RL);
  const sh = RH;
  const sl = RL;
  ddMul(sh, sl, sh, sl);
  const zh = RH;
  const zl = RL;
  let ah = INV_ODD[(N_ATANH - 1) * 2];
  let al = INV_ODD[(N_ATANH - 1) * 2 + 1];
  for (let j = N_ATANH - 2; j >= 0; j--) {
    ddMul(zh, zl, ah, al);
    ddAdd(INV_ODD[j * 2], INV_ODD[j * 2 + 1], RH, RL);
    ah = RH;
    al = RL;
  }
  ddMul(sh, sl, ah, al);
  const lh = 2 * RH;
  const ll = 2 * RL;
  if (e === 0) {
    RH = lh;
    RL = ll;
    return;
  }
  // e·ln2 with ln2 in three parts
  twoProd(e, LN2_1);
  const ph = RH;
  const pl = RL;
  twoProd(e, LN2_2);
  ddAdd(ph, pl, RH, RL + e * LN2_3);
  ddAdd(RH, RL, lh, ll);
}

/**
 * Correctly rounded exp of the double-double (th, tl), including overflow to Infinity and
 * subnormal results (rounded once, at 2^-1074).
 */
function expDD(th: number, tl: number): number {
  if (th > 709.79) return Infinity; // ln(MAX_VALUE) = 709.7827…
  if (th < -746) return 0; // below half of MIN_VALUE
  const k = Math.round(th / LN2_1);
  // r = t − k·ln2
  twoProd(k, LN2_1);
  ddAdd(th, tl, -RH, -RL);
  const r1h = RH;
  const r1l = RL;
  twoProd(k, LN2_2);
  ddAdd(r1h, r1l, -RH, -RL - k * LN2_3);
  // exp(r) = exp(r / 1024)^1024, |r/1024| ≤ 3.4e-4
  const rh = RH * 0.0009765625;
  const rl = RL * 0.0009765625;
  let ah = INV_FACT[12 * 2];
  let al = INV_FACT[12 * 2 + 1];
  for (let n = 11; n >= 0; n--) {
    ddMul(rh, rl, ah, al);
    ddAdd(INV_FACT[n * 2], INV_FACT[n * 2 + 1], RH, RL);
    ah = RH;
    al = RL;
  }
  for (let i = 0; i < 10; i++) {
    ddMul(ah, al, ah, al);
    ah = RH;
    al = RL;
  }
  // exp(t) = (ah + al) · 2^k with ah in [0.7, 1.42]
  if (k > 1000) return (ah + al) * pow2(k - 1000) * 1.0715086071862673e301; // × 2^1000, exact or overflow
  if (k >= -1021) return (ah + al) * pow2(k); // normal result: exact scaling
  // Subnormal: count units of 2^-1074 in double-double and round that count to nearest-even.
  const p = pow2(k + 1074);
  const sh = ah * p;
  const sl = al * p;
  let n = Math.floor(sh);
  let frac = sh - n + sl;
  if (frac < 0) {
    n -= 1;
    frac += 1;
  }
  if (frac > 0.5 || (frac === 0.5 && n % 2 === 1)) n += 1;
  return n * 5e-324;
}

/** Java `Math.exp(x)` (HotSpot x86-64 intrinsic): the correctly rounded exponential. */
export function javaExp(x: number): number {
  if (x === 0) return 1;
  if (x !== x) return x;
  return expDD(x, 0);
}

/** Java `Math.log(x)` (HotSpot x86-64 intrinsic): the correctly rounded natural logarithm. */
export function javaLog(x: number): number {
  if (!(x > 0 && x < Infinity) || x === 1) return Math.log(x);
  logDD(x);
  return RH + RL;
}

/** Java `Math.log10(x)` (HotSpot x86-64 intrinsic): the correctly rounded base-10 logarithm. */
export function javaLog10(x: number): number {
  if (!(x > 0 && x < Infinity) || x === 1) return Math.log10(x);
  logDD(x);
  ddMul(RH, RL, INV_LN10_H, INV_LN10_L);
  return RH + RL;
}

/** x^y for finite x > 0 and finite y. */
function powPositive(x: number, y: number): number {
  if (x === 1) return 1;
  logDD(x);
  const lh = RH;
  const ll = RL;
  twoProd(y, lh);
  ddAdd(RH, RL, y * ll, 0);
  return expDD(RH, RL);
}

/**
 * Java `Math.pow(x, y)` (HotSpot x86-64 intrinsic): special cases exactly as java.lang.Math
 * specifies them (JavaScript's Math.pow shares that table), otherwise the correctly rounded power.
 */
export function javaPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (y === 1) return x;
  if (!(x > 0 && x < Infinity) || !(y > -Infinity && y < Infinity)) {
    // zeros, negatives, NaN and infinities: defer to the platform, except negative finite bases
    // with integer exponents, which are computed exactly below.
    if (x < 0 && x > -Infinity && y > -Infinity && y < Infinity && Math.floor(y) === y) {
      const odd = Math.abs(y) < 9007199254740992 && y % 2 !== 0;
      const r = y === 2 ? x * x : powPositive(-x, y);
      return odd ? -r : r;
    }
    return Math.pow(x, y);
  }
  if (y === 2) return x * x;
  if (y === 0.5) return Math.sqrt(x);
  return powPositive(x, y);
}
