// perlinNoise3 over a batch as WebAssembly: the same stb_perlin lattice in native float32
// arithmetic, which is Java's `float` arithmetic exactly (IEEE single, round to nearest even,
// with Java's saturating (int) casts as trunc_sat). It follows LX's operations one by one (the
// slow path of perlin.ts, without the JavaScript kernel's shortcuts), so its values are LX's bit
// for bit (NaN payloads aside); test/light/noise/perlin-wasm.test.ts compares it with perlin.ts.
//
// Four neighbouring points in one lattice cell (the usual case on a model: a row of a grid, a
// strip) share the cell's eight gradients, so they run as one group of four lanes; the gradients
// are kept while the cell stays the same. Other groups, and the last points of a batch, run one
// point at a time.
//
// Each thread has its own instance; coordinates go into its memory (xs, ys, zs) and results come
// out of `out`, up to `capacity` points per run. The fractal noises (ridge, fbm, turbulence) run
// their octaves through the same loop and sum them in JavaScript.
import { PERLIN_TABLES } from '../../../math/perlin.js';
import {
  type Code,
  F32,
  I32,
  V128,
  block,
  br,
  brIf,
  call,
  encodeModule,
  f32,
  f32x4Add,
  f32x4FromI32x4,
  f32x4Lt,
  f32x4Mul,
  f32x4Splat,
  f32x4Sub,
  fadd,
  flt,
  fmul,
  fsub,
  get,
  i32,
  i32x4Add,
  i32x4AllTrue,
  i32x4Eq,
  i32x4Lane,
  i32x4Splat,
  i32x4TruncSat,
  iadd,
  iand,
  ifElse,
  ige,
  igt,
  ine,
  ior,
  ishl,
  isub,
  loadF32,
  loadI32,
  loadV128,
  loop,
  set,
  storeF32,
  storeV128,
  toF32,
  truncSat,
  v128And,
} from '../../../parallel/wasm-encoder.js';

/** Points per run. */
const CAPACITY = 16384;
const PERM = 0;
const GRAD = 2048;
const GX = 4096;
const GY = GX + 48;
const GZ = GY + 48;
const XS = 8192;
const YS = XS + 4 * CAPACITY;
const ZS = YS + 4 * CAPACITY;
const OUT = ZS + 4 * CAPACITY;
const PAGES = Math.ceil((OUT + 4 * CAPACITY) / 65536);

const word = (index: Code): Code => ishl(index, i32(2));
const perm = (index: Code): Code => loadI32(word(index), PERM);
const gradientIndex = (corner: number, zCell: number): Code => loadI32(word(iadd(get(corner), get(zCell))), GRAD);

/** Numbers locals from `first` on, in the order given. */
function numbered<K extends string>(first: number, names: readonly K[]): Record<K, number> {
  return Object.fromEntries(names.map((n, i) => [n, first + i])) as Record<K, number>;
}

/** The eight cell corners: which x-y permutation value and z cell they use, and which coordinates (fraction or fraction − 1). */
const CORNERS = [
  ['r00', 'z0', 0, 0, 0],
  ['r00', 'z1', 0, 0, 1],
  ['r01', 'z0', 0, 1, 0],
  ['r01', 'z1', 0, 1, 1],
  ['r10', 'z0', 1, 0, 0],
  ['r10', 'z1', 1, 0, 1],
  ['r11', 'z0', 1, 1, 0],
  ['r11', 'z1', 1, 1, 1],
] as const;

/** The cell's permutation values and gradient indices (stb's hashing, masks 255) into locals `l`. */
function cellHash(l: Record<'px' | 'py' | 'pz' | 'seed' | 'r0' | 'r1' | 'y0' | 'y1' | 'z0' | 'z1' | 'r00' | 'r01' | 'r10' | 'r11', number>): Code[] {
  return [
    set(l.r0, perm(iadd(iand(get(l.px), i32(255)), get(l.seed)))),
    set(l.r1, perm(iadd(iand(iadd(get(l.px), i32(1)), i32(255)), get(l.seed)))),
    set(l.y0, iand(get(l.py), i32(255))),
    set(l.y1, iand(iadd(get(l.py), i32(1)), i32(255))),
    set(l.z0, iand(get(l.pz), i32(255))),
    set(l.z1, iand(iadd(get(l.pz), i32(1)), i32(255))),
    set(l.r00, perm(iadd(get(l.r0), get(l.y0)))),
    set(l.r01, perm(iadd(get(l.r0), get(l.y1)))),
    set(l.r10, perm(iadd(get(l.r1), get(l.y0)))),
    set(l.r11, perm(iadd(get(l.r1), get(l.y1)))),
  ];
}

// ---- range(start, end, seed): one point at a time --------------------------------------------

const S = numbered(0, [
  'start',
  'end',
  'seed',
  'px',
  'py',
  'pz',
  'r0',
  'r1',
  'y0',
  'y1',
  'z0',
  'z1',
  'r00',
  'r01',
  'r10',
  'r11',
  'g',
  'x',
  'y',
  'z',
  'u',
  'v',
  'w',
  'xm',
  'ym',
  'zm',
  'n0',
  'n1',
  'n2',
  'n3',
  'n4',
  'n5',
  'n6',
  'n7',
  'n00',
  'n01',
  'n10',
  'n11',
  'na',
  'nb',
] as const);

/** Java's floor of float `v` to int as stb does it: (int) v, minus one when v is below it. */
const floorTo = (target: number, v: number): Code => [...set(target, truncSat(get(v))), ...set(target, isub(get(target), flt(get(v), toF32(get(target)))))];
const ease = (a: number): Code => fmul(fmul(fmul(fadd(fmul(fsub(fmul(get(a), f32(6)), f32(15)), get(a)), f32(10)), get(a)), get(a)), get(a));
const lerp = (a: number, b: number, t: number): Code => fadd(get(a), fmul(fsub(get(b), get(a)), get(t)));
const at = word(get(S.start));

const scalarBody: Code = block(
  loop(
    brIf(1, ige(get(S.start), get(S.end))),
    set(S.x, loadF32(at, XS)),
    set(S.y, loadF32(at, YS)),
    set(S.z, loadF32(at, ZS)),
    floorTo(S.px, S.x),
    floorTo(S.py, S.y),
    floorTo(S.pz, S.z),
    ...cellHash(S),
    set(S.x, fsub(get(S.x), toF32(get(S.px)))),
    set(S.y, fsub(get(S.y), toF32(get(S.py)))),
    set(S.z, fsub(get(S.z), toF32(get(S.pz)))),
    set(S.u, ease(S.x)),
    set(S.v, ease(S.y)),
    set(S.w, ease(S.z)),
    set(S.xm, fsub(get(S.x), f32(1))),
    set(S.ym, fsub(get(S.y), f32(1))),
    set(S.zm, fsub(get(S.z), f32(1))),
    ...CORNERS.map(([corner, zCell, xi, yi, zi], c) => {
      const [x, y, z] = [xi === 0 ? S.x : S.xm, yi === 0 ? S.y : S.ym, zi === 0 ? S.z : S.zm];
      // g·(x, y, z) as (gx·x + gy·y) + gz·z in float (the literal Java order)
      return [
        ...set(S.g, gradientIndex(S[corner], S[zCell])),
        ...set(
          S.n0 + c,
          fadd(fadd(fmul(loadF32(word(get(S.g)), GX), get(x)), fmul(loadF32(word(get(S.g)), GY), get(y))), fmul(loadF32(word(get(S.g)), GZ), get(z))),
        ),
      ];
    }),
    set(S.n00, lerp(S.n0, S.n1, S.w)),
    set(S.n01, lerp(S.n2, S.n3, S.w)),
    set(S.n10, lerp(S.n4, S.n5, S.w)),
    set(S.n11, lerp(S.n6, S.n7, S.w)),
    set(S.na, lerp(S.n00, S.n01, S.v)),
    set(S.nb, lerp(S.n10, S.n11, S.v)),
    storeF32(at, lerp(S.na, S.nb, S.u), OUT),
    set(S.start, iadd(get(S.start), i32(1))),
    br(0),
  ),
);

// ---- perlin(count, seed): groups of four in one cell --------------------------------------------

const V = numbered(0, [
  'count',
  'seed',
  'i',
  'px',
  'py',
  'pz',
  'cx',
  'cy',
  'cz',
  'known',
  'r0',
  'r1',
  'y0',
  'y1',
  'z0',
  'z1',
  'r00',
  'r01',
  'r10',
  'r11',
  'g',
  'x',
  'y',
  'z',
  'fx',
  'fy',
  'fz',
  'u',
  'v',
  'w',
  'xm',
  'ym',
  'zm',
  'one',
  'six',
  'ten',
  'fifteen',
  'n0',
  'n1',
  'n2',
  'n3',
  'n4',
  'n5',
  'n6',
  'n7',
  'n00',
  'n01',
  'n10',
  'n11',
  'na',
  'nb',
  'gx0',
] as const);
/** The 24 gradient component vectors gx, gy, gz of corner c sit at V.gx0 + 3c. */
const V_I32_LOCALS = V.x - V.i;
const V_V128_LOCALS = V.gx0 + 24 - V.x;

const floor4 = (target: number, v: number): Code => [
  ...set(target, i32x4TruncSat(get(v))),
  ...set(target, i32x4Add(get(target), f32x4Lt(get(v), f32x4FromI32x4(get(target))))),
];
const ease4 = (a: number): Code =>
  f32x4Mul(f32x4Mul(f32x4Mul(f32x4Add(f32x4Mul(f32x4Sub(f32x4Mul(get(a), get(V.six)), get(V.fifteen)), get(a)), get(V.ten)), get(a)), get(a)), get(a));
const lerp4 = (a: number, b: number, t: number): Code => f32x4Add(get(a), f32x4Mul(f32x4Sub(get(b), get(a)), get(t)));
const at4 = word(get(V.i));
const sameCell = i32x4AllTrue(
  v128And(v128And(i32x4Eq(get(V.fx), i32x4Splat(get(V.px))), i32x4Eq(get(V.fy), i32x4Splat(get(V.py)))), i32x4Eq(get(V.fz), i32x4Splat(get(V.pz)))),
);
const cellChanged = ior(ior(ior(ine(get(V.known), i32(1)), ine(get(V.px), get(V.cx))), ine(get(V.py), get(V.cy))), ine(get(V.pz), get(V.cz)));

const vectorBody: Code = [
  ...set(V.one, f32x4Splat(f32(1))),
  ...set(V.six, f32x4Splat(f32(6))),
  ...set(V.ten, f32x4Splat(f32(10))),
  ...set(V.fifteen, f32x4Splat(f32(15))),
  ...block(
    loop(
      brIf(1, igt(iadd(get(V.i), i32(4)), get(V.count))),
      set(V.x, loadV128(at4, XS)),
      set(V.y, loadV128(at4, YS)),
      set(V.z, loadV128(at4, ZS)),
      floor4(V.fx, V.x),
      floor4(V.fy, V.y),
      floor4(V.fz, V.z),
      set(V.px, i32x4Lane(get(V.fx), 0)),
      set(V.py, i32x4Lane(get(V.fy), 0)),
      set(V.pz, i32x4Lane(get(V.fz), 0)),
      ifElse(
        sameCell,
        [
          ...ifElse(
            cellChanged,
            [
              ...cellHash(V).flat(),
              ...CORNERS.flatMap(([corner, zCell], c) => [
                ...set(V.g, gradientIndex(V[corner], V[zCell])),
                ...set(V.gx0 + 3 * c, f32x4Splat(loadF32(word(get(V.g)), GX))),
                ...set(V.gx0 + 3 * c + 1, f32x4Splat(loadF32(word(get(V.g)), GY))),
                ...set(V.gx0 + 3 * c + 2, f32x4Splat(loadF32(word(get(V.g)), GZ))),
              ]),
              ...set(V.cx, get(V.px)),
              ...set(V.cy, get(V.py)),
              ...set(V.cz, get(V.pz)),
              ...set(V.known, i32(1)),
            ],
            [],
          ),
          ...set(V.x, f32x4Sub(get(V.x), f32x4FromI32x4(get(V.fx)))),
          ...set(V.y, f32x4Sub(get(V.y), f32x4FromI32x4(get(V.fy)))),
          ...set(V.z, f32x4Sub(get(V.z), f32x4FromI32x4(get(V.fz)))),
          ...set(V.u, ease4(V.x)),
          ...set(V.v, ease4(V.y)),
          ...set(V.w, ease4(V.z)),
          ...set(V.xm, f32x4Sub(get(V.x), get(V.one))),
          ...set(V.ym, f32x4Sub(get(V.y), get(V.one))),
          ...set(V.zm, f32x4Sub(get(V.z), get(V.one))),
          ...CORNERS.flatMap(([, , xi, yi, zi], c) => {
            const [x, y, z] = [xi === 0 ? V.x : V.xm, yi === 0 ? V.y : V.ym, zi === 0 ? V.z : V.zm];
            const g = V.gx0 + 3 * c;
            return set(V.n0 + c, f32x4Add(f32x4Add(f32x4Mul(get(g), get(x)), f32x4Mul(get(g + 1), get(y))), f32x4Mul(get(g + 2), get(z))));
          }),
          ...set(V.n00, lerp4(V.n0, V.n1, V.w)),
          ...set(V.n01, lerp4(V.n2, V.n3, V.w)),
          ...set(V.n10, lerp4(V.n4, V.n5, V.w)),
          ...set(V.n11, lerp4(V.n6, V.n7, V.w)),
          ...set(V.na, lerp4(V.n00, V.n01, V.v)),
          ...set(V.nb, lerp4(V.n10, V.n11, V.v)),
          ...storeV128(at4, lerp4(V.na, V.nb, V.u), OUT),
        ],
        call(0, get(V.i), iadd(get(V.i), i32(4)), get(V.seed)),
      ),
      set(V.i, iadd(get(V.i), i32(4))),
      br(0),
    ),
  ),
  ...call(0, get(V.i), get(V.count), get(V.seed)),
];

// ---- normalAxis(at, count, motion, scale, offset): NoisePattern's Normal coordinates in place ----

const A = numbered(0, ['at', 'count', 'motion', 'scale', 'offset', 'i', 'm', 's', 'o'] as const);
const atA = iadd(get(A.at), word(get(A.i)));

/** v ← motion + scale · (v + offset) in float, four lanes at a time (lanes past `count` stay inside the array). */
const axisBody: Code = [
  ...set(A.m, f32x4Splat(get(A.motion))),
  ...set(A.s, f32x4Splat(get(A.scale))),
  ...set(A.o, f32x4Splat(get(A.offset))),
  ...block(
    loop(
      brIf(1, ige(get(A.i), get(A.count))),
      storeV128(atA, f32x4Add(get(A.m), f32x4Mul(get(A.s), f32x4Add(loadV128(atA), get(A.o))))),
      set(A.i, iadd(get(A.i), i32(4))),
      br(0),
    ),
  ),
];

let compiled: WebAssembly.Module | undefined;

type FractalKind = 'ridge' | 'fbm' | 'turbulence';

function compile(): WebAssembly.Module {
  return new WebAssembly.Module(
    encodeModule(PAGES, [
      { name: 'range', params: [I32, I32, I32], locals: [...Array(S.x - S.px).fill(I32), ...Array(S.nb + 1 - S.x).fill(F32)], body: scalarBody },
      { name: 'perlin', params: [I32, I32], locals: [...Array(V_I32_LOCALS).fill(I32), ...Array(V_V128_LOCALS).fill(V128)], body: vectorBody },
      { name: 'normalAxis', params: [I32, I32, F32, F32, F32], locals: [I32, V128, V128, V128], body: axisBody },
    ]),
  );
}

/** One thread's Perlin batch kernel. */
export class PerlinWasm {
  readonly capacity = CAPACITY;
  readonly xs: Float32Array;
  readonly ys: Float32Array;
  readonly zs: Float32Array;
  readonly out: Float32Array;
  /** fractal()'s scratch: the base coordinates, the running sum and ridge's previous octave. */
  private readonly base = [new Float32Array(CAPACITY), new Float32Array(CAPACITY), new Float32Array(CAPACITY)] as const;
  private readonly sum = new Float32Array(CAPACITY);
  private readonly prev = new Float32Array(CAPACITY);
  private readonly perlin: (count: number, seed: number) => void;
  private readonly range: (start: number, end: number, seed: number) => void;
  private readonly normalAxis: (at: number, count: number, motion: number, scale: number, offset: number) => void;

  constructor() {
    compiled ??= compile();
    const instance = new WebAssembly.Instance(compiled);
    const memory = instance.exports.memory as WebAssembly.Memory;
    const { perm, grad, gx, gy, gz } = PERLIN_TABLES;
    new Int32Array(memory.buffer, PERM, 512).set(perm);
    new Int32Array(memory.buffer, GRAD, 512).set(grad);
    new Float32Array(memory.buffer, GX, 12).set(gx);
    new Float32Array(memory.buffer, GY, 12).set(gy);
    new Float32Array(memory.buffer, GZ, 12).set(gz);
    this.xs = new Float32Array(memory.buffer, XS, CAPACITY);
    this.ys = new Float32Array(memory.buffer, YS, CAPACITY);
    this.zs = new Float32Array(memory.buffer, ZS, CAPACITY);
    this.out = new Float32Array(memory.buffer, OUT, CAPACITY);
    this.perlin = instance.exports.perlin as (count: number, seed: number) => void;
    this.range = instance.exports.range as (start: number, end: number, seed: number) => void;
    this.normalAxis = instance.exports.normalAxis as (at: number, count: number, motion: number, scale: number, offset: number) => void;
  }

  /**
   * NoisePattern's Normal coordinates of one axis (0: xs, 1: ys, 2: zs) in place, for the first
   * count points: v ← motion + scale · (v + offset), each step in float. The three numbers must
   * be float values (as the pattern's are): the JavaScript form f(motion + f(scale · f(v + offset)))
   * then rounds each double step of two floats once, which is the float step.
   */
  normalCoordinates(axis: 0 | 1 | 2, count: number, motion: number, scale: number, offset: number): void {
    if (count > CAPACITY) throw new RangeError(`PerlinWasm.normalCoordinates: ${count} points exceed the capacity of ${CAPACITY}`);
    this.normalAxis(axis === 0 ? XS : axis === 1 ? YS : ZS, count, motion, scale, offset);
  }

  /** out[i] = perlinNoise3(xs[i], ys[i], zs[i], seed) for i < count (count ≤ capacity, seed 0..255). */
  run(count: number, seed: number): void {
    if (count > CAPACITY) throw new RangeError(`PerlinWasm.run: ${count} points exceed the capacity of ${CAPACITY}`);
    this.perlin(count, seed);
  }

  /**
   * The fractal noises over xs, ys, zs into `out`, for count points: LX's stb_perlin ridge
   * (with `offset`), fbm or turbulence, each octave i the noise of seed i at lacunarityⁱ · p, summed
   * in the float order of perlin.ts's ridgeNoise3, fbmNoise3 and turbulenceNoise3.
   */
  fractal(kind: FractalKind, count: number, lacunarity: number, gain: number, offset: number, octaves: number): void {
    if (count > CAPACITY) throw new RangeError(`PerlinWasm.fractal: ${count} points exceed the capacity of ${CAPACITY}`);
    const f = Math.fround;
    const { xs, ys, zs, out, base, sum, prev } = this;
    base[0].set(xs.subarray(0, count));
    base[1].set(ys.subarray(0, count));
    base[2].set(zs.subarray(0, count));
    sum.fill(0, 0, count);
    prev.fill(1, 0, count);
    lacunarity = f(lacunarity);
    gain = f(gain);
    offset = f(offset);
    let frequency = 1;
    let amplitude = kind === 'ridge' ? 0.5 : 1;
    for (let octave = 0; octave < octaves; octave++) {
      for (let k = 0; k < count; k++) {
        xs[k] = base[0][k] * frequency;
        ys[k] = base[1][k] * frequency;
        zs[k] = base[2][k] * frequency;
      }
      this.perlin(count, octave);
      if (kind === 'ridge') {
        for (let k = 0; k < count; k++) {
          let r = f(offset - Math.abs(out[k]));
          r = f(r * r);
          sum[k] = f(sum[k] + f(f(r * amplitude) * prev[k]));
          prev[k] = r;
        }
      } else if (kind === 'fbm') {
        for (let k = 0; k < count; k++) sum[k] = f(sum[k] + f(out[k] * amplitude));
      } else {
        for (let k = 0; k < count; k++) sum[k] = f(sum[k] + Math.abs(f(out[k] * amplitude)));
      }
      frequency = f(frequency * lacunarity);
      amplitude = f(amplitude * gain);
    }
    out.set(sum.subarray(0, count));
  }

  /** run() one point at a time, for points start..end−1 only (tests compare the two paths). */
  runScalar(start: number, end: number, seed: number): void {
    if (end > CAPACITY) throw new RangeError(`PerlinWasm.runScalar: ${end} exceeds the capacity of ${CAPACITY}`);
    this.range(start, end, seed);
  }
}
