// The gradient engine's positions as WebAssembly SIMD, four points per step: each point's
// weighted coordinate sum, scaled and clamped (Clamp, Wrap or Mirror), shifted by the phase,
// inverted and scaled by the stop span, in native float32 (Java's float math, operation for
// operation as LX's GradientPattern.Engine). The stop blend at each position stays in
// JavaScript (gradient-kernel.ts), memoized per position.
//
// Each thread has its own instance (src/light/parallel/point-slices.ts): xn, yn, zn and rcn of a slice
// go in, the job's numbers (gradient-layout.ts, up to GRADIENT_STOPS) into the first words, and
// the positions come out of `out` (`outBits`: the same memory as bit patterns).
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
  f32x4Floor,
  f32x4Gt,
  f32x4Lt,
  f32x4Mul,
  f32x4Splat,
  f32x4Sub,
  f32x4Trunc,
  get,
  i32,
  i32x4Eq,
  i32x4Splat,
  i32x4TruncSat,
  iadd,
  ifElse,
  ifThen,
  ige,
  ine,
  ishl,
  loadF32,
  loadI32,
  loadV128,
  loop,
  set,
  storeV128,
  v128And,
  v128Bitselect,
} from '../../parallel/wasm-encoder.js';
import { PointSlices, SLICE_OUT, SLICE_PAGES, SLICE_W, SLICE_X, SLICE_Y, SLICE_Z } from '../../parallel/point-slices.js';
import {
  AXIS_WORDS,
  CENTER,
  CLAMP,
  GRADIENT_AXES,
  GRADIENT_CLAMP,
  GRADIENT_INVERT,
  GRADIENT_MATRIX,
  GRADIENT_PHASE,
  GRADIENT_ROTATE,
  GRADIENT_SCALE,
  GRADIENT_STOPS,
  NORMAL,
  WRAP,
} from './gradient-layout.js';

/** The span of the stops (numStops − 1), after the job's numbers. */
const SPAN = GRADIENT_STOPS;
const [XS, YS, ZS, RS, OUT] = [SLICE_X, SLICE_Y, SLICE_Z, SLICE_W, SLICE_OUT];

const L = {
  count: 0,
  i: 1,
  clamp: 2,
  invert: 3,
  rotate: 4,
  xMode: 5,
  yMode: 6,
  zMode: 7,
  x: 8,
  y: 9,
  z: 10,
  r: 11,
  sum: 12,
  term: 13,
  v: 14,
  floor: 15,
  diff: 16,
  zero: 17,
  one: 18,
  half: 19,
  two: 20,
  scale: 21,
  phase: 22,
  span: 23,
  xOffset: 24,
  xShift: 25,
  xAmount: 26,
  yOffset: 27,
  yShift: 28,
  yAmount: 29,
  zOffset: 30,
  zShift: 31,
  zAmount: 32,
  m0: 33,
} as const;
const I32_LOCALS = L.x - L.i;
const V128_LOCALS = L.m0 + 12 - L.x;

const word = (index: Code): Code => ishl(index, i32(2));
const at = word(get(L.i));
const number = (slot: number): Code => loadF32(i32(0), 4 * slot);
const splat = (local: number, slot: number): Code => set(local, f32x4Splat(number(slot)));
const is = (local: number, value: number): Code => [...get(local), ...i32(value), 0x46]; // i32.eq
const m = (k: number): Code => get(L.m0 + k);
/** m[row]·(x, y, z, 1), float32 left to right (LXMatrix.xn/yn/zn). */
const rotated = (row: number): Code =>
  f32x4Add(f32x4Add(f32x4Add(f32x4Mul(m(4 * row), get(L.x)), f32x4Mul(m(4 * row + 1), get(L.y))), f32x4Mul(m(4 * row + 2), get(L.z))), m(4 * row + 3));

/** amount · (coordinate − shift) for one axis: Normal n − off, Center 2|n − (½ + off·½)|, Radial rcn − off. */
function axisTerm(n: number, mode: number, offset: number, shift: number, amount: number): Code {
  const coordinate = (c: Code): Code => set(L.term, f32x4Mul(get(amount), f32x4Sub(c, get(shift))));
  return ifElse(
    is(mode, NORMAL),
    coordinate(f32x4Sub(get(n), get(offset))),
    ifElse(
      is(mode, CENTER),
      coordinate(f32x4Mul(get(L.two), f32x4Abs(f32x4Sub(get(n), f32x4Add(get(L.half), f32x4Mul(get(offset), get(L.half))))))),
      coordinate(f32x4Sub(get(L.r), get(offset))),
    ),
  );
}

const body: Code = [
  ...set(L.zero, f32x4Splat(f32(0))),
  ...set(L.one, f32x4Splat(f32(1))),
  ...set(L.half, f32x4Splat(f32(0.5))),
  ...set(L.two, f32x4Splat(f32(2))),
  ...set(L.clamp, loadI32(i32(0), 4 * GRADIENT_CLAMP)),
  ...set(L.invert, loadI32(i32(0), 4 * GRADIENT_INVERT)),
  ...set(L.rotate, loadI32(i32(0), 4 * GRADIENT_ROTATE)),
  ...splat(L.scale, GRADIENT_SCALE),
  ...splat(L.phase, GRADIENT_PHASE),
  ...splat(L.span, SPAN),
  ...[0, 1, 2].flatMap((axis) => {
    const base = GRADIENT_AXES + axis * AXIS_WORDS;
    const [mode, offset, shift, amount] = [
      [L.xMode, L.xOffset, L.xShift, L.xAmount],
      [L.yMode, L.yOffset, L.yShift, L.yAmount],
      [L.zMode, L.zOffset, L.zShift, L.zAmount],
    ][axis];
    return [...set(mode, loadI32(i32(0), 4 * base)), ...splat(offset, base + 1), ...splat(shift, base + 2), ...splat(amount, base + 3)];
  }),
  ...Array.from({ length: 12 }, (_, k) => splat(L.m0 + k, GRADIENT_MATRIX + k)).flat(),
  ...block(
    loop(
      brIf(1, ige(get(L.i), get(L.count))),
      set(L.x, loadV128(at, XS)),
      set(L.y, loadV128(at, YS)),
      set(L.z, loadV128(at, ZS)),
      set(L.r, loadV128(at, RS)),
      ifThen(ine(get(L.rotate), i32(0)), set(L.sum, rotated(0)), set(L.term, rotated(1)), set(L.z, rotated(2)), set(L.x, get(L.sum)), set(L.y, get(L.term))),
      // The weighted sum x·xc + y·yc + z·zc, in LX's order of float additions.
      axisTerm(L.x, L.xMode, L.xOffset, L.xShift, L.xAmount),
      set(L.sum, get(L.term)),
      axisTerm(L.y, L.yMode, L.yOffset, L.yShift, L.yAmount),
      set(L.sum, f32x4Add(get(L.sum), get(L.term))),
      axisTerm(L.z, L.zMode, L.zOffset, L.zShift, L.zAmount),
      set(L.sum, f32x4Add(get(L.sum), get(L.term))),
      set(L.v, f32x4Mul(get(L.scale), get(L.sum))),
      ifElse(
        is(L.clamp, CLAMP),
        [
          // v < 0 ? 0 : v > 1 ? 1 : v (NaN stays)
          ...set(L.v, v128Bitselect(get(L.zero), get(L.v), f32x4Lt(get(L.v), get(L.zero)))),
          ...set(L.v, v128Bitselect(get(L.one), get(L.v), f32x4Gt(get(L.v), get(L.one)))),
        ],
        [
          ...set(L.floor, f32x4Floor(get(L.v))),
          ...set(L.diff, f32x4Sub(get(L.v), get(L.floor))),
          // Wrap: the fraction. Mirror: the fraction when (int) floor is even, else 1 − it.
          ...ifElse(
            is(L.clamp, WRAP),
            set(L.v, get(L.diff)),
            set(
              L.v,
              v128Bitselect(
                get(L.diff),
                f32x4Sub(get(L.one), get(L.diff)),
                i32x4Eq(v128And(i32x4TruncSat(get(L.floor)), i32x4Splat(i32(1))), i32x4Splat(i32(0))),
              ),
            ),
          ),
        ],
      ),
      // Phase: (v + phase) % 1, Java's float remainder. v is in 0..1 (or NaN) here and phase > 0,
      // so the sum is positive and its remainder is exactly sum − trunc(sum).
      ifThen(f32Positive(GRADIENT_PHASE), set(L.v, f32x4Add(get(L.v), get(L.phase))), set(L.v, f32x4Sub(get(L.v), f32x4Trunc(get(L.v))))),
      ifThen(ine(get(L.invert), i32(0)), set(L.v, f32x4Sub(get(L.one), get(L.v)))),
      storeV128(at, f32x4Mul(get(L.v), get(L.span)), OUT),
      set(L.i, iadd(get(L.i), i32(4))),
      br(0),
    ),
  ),
];

/** Whether the f32 number in `slot` is above 0 (an i32 condition). */
function f32Positive(slot: number): Code {
  return [...number(slot), ...f32(0), 0x5e]; // f32.gt
}

let compiled: WebAssembly.Module | undefined;

/** The job's integer numbers (the others are floats). */
const INTEGER_SLOTS = new Set([GRADIENT_CLAMP, GRADIENT_INVERT, GRADIENT_ROTATE, ...[0, 1, 2].map((axis) => GRADIENT_AXES + axis * AXIS_WORDS)]);

/** One thread's gradient position loop: xn, yn, zn and rcn of a slice in, positions × span out. */
export class GradientWasm {
  readonly slices: PointSlices;
  private readonly positions: (count: number) => void;

  constructor() {
    compiled ??= new WebAssembly.Module(
      encodeModule(SLICE_PAGES, [{ name: 'positions', params: [I32], locals: [...Array(I32_LOCALS).fill(I32), ...Array(V128_LOCALS).fill(V128)], body }]),
    );
    this.slices = new PointSlices(compiled);
    this.positions = this.slices.exports.positions as (count: number) => void;
  }

  /** Takes a job's numbers (gradient-layout.ts) and the stops' span (numStops − 1). */
  setNumbers(num: Float64Array, span: number): void {
    const { numbers, words } = this.slices;
    for (let slot = 0; slot < SPAN; slot++) {
      if (INTEGER_SLOTS.has(slot)) words[slot] = num[slot];
      else numbers[slot] = num[slot];
    }
    numbers[SPAN] = span;
  }

  /** out[k] = the gradient position × span of point k, for k < count. */
  run(count: number): void {
    if (count > this.slices.capacity) throw new RangeError(`GradientWasm.run: ${count} points exceed the capacity of ${this.slices.capacity}`);
    this.positions(count);
  }
}
