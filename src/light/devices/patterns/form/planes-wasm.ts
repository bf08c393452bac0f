// PlanesPattern's point loop as WebAssembly SIMD, four points per step: each plane's distance,
// its slab's gray, and the sum of the planes on black, in native float32 (Java's float math,
// operation for operation as LX's Plane.run) and byte-saturating adds. A slab gray is opaque, so
// adding it is LXColor.add at full alpha: each channel min(255, d + s).
//
// Each thread has its own instance (src/light/parallel/point-slices.ts): xn, yn, zn and rn of a slice go
// in, the planes' numbers into plane blocks, and the colors come out of `outColors`.
import {
  type Code,
  I32,
  V128,
  block,
  br,
  brIf,
  encodeModule,
  f32,
  f32x4Abs,
  f32x4Add,
  f32x4Gt,
  f32x4Mul,
  f32x4Pmin,
  f32x4Splat,
  f32x4Sqrt,
  f32x4Sub,
  get,
  i32,
  i32x4Mul,
  i32x4Splat,
  i32x4TruncSat,
  i8x16AddSatU,
  iadd,
  ige,
  ifElse,
  ifThen,
  ine,
  ishl,
  loadF32,
  loadI32,
  loadV128,
  loop,
  set,
  storeV128,
  v128And,
  v128Or,
} from '../../../parallel/wasm-encoder.js';
import { PointSlices, SLICE_OUT, SLICE_PAGES, SLICE_W, SLICE_X, SLICE_Y, SLICE_Z } from '../../../parallel/point-slices.js';
import { AXIS, A, AP, B, BP, C, CP, D, FADE, FREE, INV_SQRT, LEVEL, PLANE_WORDS, RC, WIDTH, X, Y, Z } from './planes-layout.js';

/** Word offsets: 1 when unrotated, then the 12 matrix entries; 16-word plane blocks from PLANES. */
const UNROTATED = 0;
const MATRIX = 4;
const PLANES = 64;
const MAX_PLANES = 8;
const [XS, YS, ZS, RS, OUT] = [SLICE_X, SLICE_Y, SLICE_Z, SLICE_W, SLICE_OUT];
const BLACK = 0xff000000 | 0;

const L = {
  count: 0,
  planes: 1,
  p: 2,
  base: 3,
  axis: 4,
  i: 5,
  a: 6,
  b: 7,
  c: 8,
  d: 9,
  ap: 10,
  bp: 11,
  cp: 12,
  invSqrt: 13,
  width: 14,
  fade: 15,
  level: 16,
  x: 17,
  y: 18,
  z: 19,
  xn: 20,
  yn: 21,
  zn: 22,
  dist: 23,
  bn: 24,
  gray: 25,
  out: 26,
  one: 27,
  zero: 28,
  half: 29,
  m0: 30,
} as const;
const I32_LOCALS = L.a - L.p;
const V128_LOCALS = L.m0 + 12 - L.a;

const word = (offset: Code): Code => ishl(offset, i32(2));
const splatParam = (local: number, field: number): Code => set(local, f32x4Splat(loadF32(get(L.base), 4 * field)));
const at = word(get(L.i));
const m = (k: number): Code => get(L.m0 + k);

/** own + (b − b) + (c − c): the identity matrix's float transform (−0 → +0, NaN beside a non-finite coordinate). */
const identity = (own: number, b: number, c: number): Code => f32x4Add(f32x4Add(get(own), f32x4Sub(get(b), get(b))), f32x4Sub(get(c), get(c)));
/** m[row]·(x, y, z, 1), float32 left to right (LXMatrix.xn/yn/zn). */
const rotated = (row: number): Code =>
  f32x4Add(f32x4Add(f32x4Add(f32x4Mul(m(4 * row), get(L.x)), f32x4Mul(m(4 * row + 1), get(L.y))), f32x4Mul(m(4 * row + 2), get(L.z))), m(4 * row + 3));
/** (s − ap)·a + (t − bp)·b + (u − cp)·c, in float, left to right. */
const planeSum = (s: number, t: number, u: number): Code =>
  f32x4Add(
    f32x4Add(f32x4Mul(f32x4Sub(get(s), get(L.ap)), get(L.a)), f32x4Mul(f32x4Sub(get(t), get(L.bp)), get(L.b))),
    f32x4Mul(f32x4Sub(get(u), get(L.cp)), get(L.c)),
  );
const axisIs = (axis: number): Code => [...get(L.axis), ...i32(axis), 0x46]; // i32.eq
/** distf(xn, yn, zn, .5, .5, .5): sqrt of float squares, in float. */
const centerDistance = (): Code => {
  const sq = (v: number): Code => f32x4Mul(f32x4Sub(get(L.half), get(v)), f32x4Sub(get(L.half), get(v)));
  return f32x4Sqrt(f32x4Add(f32x4Add(sq(L.xn), sq(L.yn)), sq(L.zn)));
};

const distance: Code = ifElse(
  axisIs(X),
  set(L.dist, f32x4Mul(get(L.invSqrt), f32x4Abs(planeSum(L.xn, L.yn, L.zn)))),
  ifElse(
    axisIs(Y),
    set(L.dist, f32x4Mul(get(L.invSqrt), f32x4Abs(planeSum(L.yn, L.zn, L.xn)))),
    ifElse(
      axisIs(Z),
      set(L.dist, f32x4Mul(get(L.invSqrt), f32x4Abs(planeSum(L.zn, L.xn, L.yn)))),
      ifElse(
        axisIs(FREE),
        set(L.dist, f32x4Mul(get(L.invSqrt), f32x4Abs(f32x4Add(planeSum(L.xn, L.yn, L.zn), get(L.d))))),
        ifElse(axisIs(RC), set(L.dist, f32x4Sub(centerDistance(), get(L.d))), set(L.dist, f32x4Sub(loadV128(at, RS), get(L.d)))),
      ),
    ),
  ),
);

const body: Code = [
  ...set(L.one, f32x4Splat(f32(1))),
  ...set(L.zero, f32x4Splat(f32(0))),
  ...set(L.half, f32x4Splat(f32(0.5))),
  ...Array.from({ length: 12 }, (_, k) => set(L.m0 + k, f32x4Splat(loadF32(i32(0), 4 * (MATRIX + k))))).flat(),
  ...block(
    loop(
      brIf(1, ige(get(L.p), get(L.planes))),
      set(L.base, iadd(i32(4 * PLANES), ishl(get(L.p), i32(6)))),
      set(L.axis, loadI32(get(L.base), 4 * AXIS)),
      splatParam(L.a, A),
      splatParam(L.b, B),
      splatParam(L.c, C),
      splatParam(L.d, D),
      splatParam(L.ap, AP),
      splatParam(L.bp, BP),
      splatParam(L.cp, CP),
      splatParam(L.invSqrt, INV_SQRT),
      splatParam(L.width, WIDTH),
      splatParam(L.fade, FADE),
      splatParam(L.level, LEVEL),
      set(L.i, i32(0)),
      block(
        loop(
          brIf(1, ige(get(L.i), get(L.count))),
          set(L.x, loadV128(at, XS)),
          set(L.y, loadV128(at, YS)),
          set(L.z, loadV128(at, ZS)),
          ifElse(
            ine(loadI32(i32(0), 4 * UNROTATED), i32(0)),
            [...set(L.xn, identity(L.x, L.y, L.z)), ...set(L.yn, identity(L.y, L.z, L.x)), ...set(L.zn, identity(L.z, L.x, L.y))],
            [...set(L.xn, rotated(0)), ...set(L.yn, rotated(1)), ...set(L.zn, rotated(2))],
          ),
          distance,
          // bn = 1 − (|dist| − width)·fade, at most 1; a gray (int)(level·bn·255.9f) & 0xff where bn > 0
          set(L.bn, f32x4Pmin(f32x4Sub(get(L.one), f32x4Mul(f32x4Sub(f32x4Abs(get(L.dist)), get(L.width)), get(L.fade))), get(L.one))),
          set(L.gray, v128And(i32x4TruncSat(f32x4Mul(f32x4Mul(get(L.level), get(L.bn)), f32x4Splat(f32(255.9)))), i32x4Splat(i32(0xff)))),
          set(L.gray, v128And(v128Or(i32x4Mul(get(L.gray), i32x4Splat(i32(0x010101))), i32x4Splat(i32(BLACK))), f32x4Gt(get(L.bn), get(L.zero)))),
          set(L.out, i32x4Splat(i32(BLACK))),
          ifThen(ine(get(L.p), i32(0)), set(L.out, loadV128(at, OUT))),
          storeV128(at, i8x16AddSatU(get(L.out), get(L.gray)), OUT),
          set(L.i, iadd(get(L.i), i32(4))),
          br(0),
        ),
      ),
      set(L.p, iadd(get(L.p), i32(1))),
      br(0),
    ),
  ),
];

let compiled: WebAssembly.Module | undefined;

/** One thread's Planes point loop: xn, yn, zn and rn of a slice in, colors out. */
export class PlanesWasm {
  readonly slices: PointSlices;
  private readonly planes: (count: number, planes: number) => void;

  constructor() {
    compiled ??= new WebAssembly.Module(
      encodeModule(SLICE_PAGES, [{ name: 'planes', params: [I32, I32], locals: [...Array(I32_LOCALS).fill(I32), ...Array(V128_LOCALS).fill(V128)], body }]),
    );
    this.slices = new PointSlices(compiled);
    this.planes = this.slices.exports.planes as (count: number, planes: number) => void;
  }

  /** Takes a job's numbers (planes-layout.ts): the rotation and `planes` plane blocks from `first`. */
  setPlanes(unrotated: boolean, matrix: ArrayLike<number>, num: Float64Array, first: number, planes: number): void {
    if (planes > MAX_PLANES) throw new RangeError(`PlanesWasm: at most ${MAX_PLANES} planes`);
    const { numbers, words } = this.slices;
    words[UNROTATED] = unrotated ? 1 : 0;
    for (let k = 0; k < 12; k++) numbers[MATRIX + k] = matrix[k];
    for (let p = 0; p < planes; p++) {
      const at = PLANES + 16 * p;
      words[at + AXIS] = num[first + p * PLANE_WORDS + AXIS];
      for (let k = A; k < PLANE_WORDS; k++) numbers[at + k] = num[first + p * PLANE_WORDS + k];
    }
  }

  /** outColors[k] = black plus every set plane's gray at point k, for k < count. */
  run(count: number, planes: number): void {
    if (count > this.slices.capacity) throw new RangeError(`PlanesWasm.run: ${count} points exceed the capacity of ${this.slices.capacity}`);
    this.planes(count, planes);
  }
}
