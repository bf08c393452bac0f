// Add at full alpha over opaque sources (the mixer's usual blend: channels Add at fader 1) as
// WebAssembly SIMD: for an opaque source, LXColor.add at 0x100 is min(255, d + s) in each color
// byte with an opaque result, which is i8x16.add_sat_u on the whole pixel (the alpha byte
// saturates to 255). Sixteen bytes, four pixels, per instruction. A slice with any source that
// is not opaque gets those pixels redone by the scalar blend, so the output is addFull's.
import { BLEND_ALPHA_FULL, add } from './blend-kernel.js';
import {
  type Code,
  I32,
  V128,
  block,
  br,
  brIf,
  encodeModule,
  get,
  i32,
  i32x4AllTrue,
  i32x4Eq,
  i32x4Splat,
  i8x16AddSatU,
  iadd,
  ige,
  ishl,
  isub,
  loadV128,
  loop,
  set,
  storeI32,
  storeV128,
  v128And,
} from '../parallel/wasm-encoder.js';
import { rangeView } from '../parallel/range-views.js';

/** Points per slice (a multiple of four). */
const CAPACITY = 16384;
const DST = 0;
const SRC = DST + 4 * CAPACITY;
const OUT = SRC + 4 * CAPACITY;
/** The count of four-pixel groups holding a source that is not opaque. */
const MIXED = OUT + 4 * CAPACITY;
const PAGES = Math.ceil((MIXED + 16) / 65536);

// addOpaque(count): OUT ← add_sat_u(DST, SRC) for the first count pixels (rounded up to four).
const L = { count: 0, at: 1, mixed: 2, alpha: 3, s: 4 } as const;
const body: Code = [
  ...set(L.alpha, i32x4Splat(i32(0xff000000 | 0))),
  ...block(
    loop(
      brIf(1, ige(get(L.at), ishl(get(L.count), i32(2)))),
      set(L.s, loadV128(get(L.at), SRC)),
      storeV128(get(L.at), i8x16AddSatU(loadV128(get(L.at), DST), get(L.s)), OUT),
      set(L.mixed, iadd(get(L.mixed), isub(i32(1), i32x4AllTrue(i32x4Eq(v128And(get(L.s), get(L.alpha)), get(L.alpha)))))),
      set(L.at, iadd(get(L.at), i32(16))),
      br(0),
    ),
  ),
  ...storeI32(i32(MIXED), get(L.mixed)),
];

let compiled: WebAssembly.Module | undefined;

/** One thread's Add kernel. */
class AddWasm {
  readonly dst: Uint32Array;
  readonly src: Uint32Array;
  readonly out: Uint32Array;
  readonly mixed: Int32Array;
  readonly run: (count: number) => void;

  constructor() {
    compiled ??= new WebAssembly.Module(encodeModule(PAGES, [{ name: 'addOpaque', params: [I32], locals: [I32, I32, V128, V128], body }]));
    const instance = new WebAssembly.Instance(compiled);
    const buffer = (instance.exports.memory as WebAssembly.Memory).buffer;
    this.dst = new Uint32Array(buffer, DST, CAPACITY);
    this.src = new Uint32Array(buffer, SRC, CAPACITY);
    this.out = new Uint32Array(buffer, OUT, CAPACITY);
    this.mixed = new Int32Array(buffer, MIXED, 1);
    this.run = instance.exports.addOpaque as (count: number) => void;
  }
}

let kernel: AddWasm | undefined;

/** out[i] = add(dst[i], src[i], 0x100) for i in start..end−1 (out may be dst or src). */
export function addFullWasm(dst: Uint32Array, src: Uint32Array, out: Uint32Array, start: number, end: number): void {
  const k = (kernel ??= new AddWasm());
  for (let from = start; from < end; from += CAPACITY) {
    const to = Math.min(end, from + CAPACITY);
    const n = to - from;
    k.dst.set(rangeView(dst, from, to));
    k.src.set(rangeView(src, from, to));
    k.run(n);
    out.set(rangeView(k.out, 0, n), from);
    if (k.mixed[0] === 0) continue;
    const d = k.dst;
    const s = k.src;
    for (let i = 0; i < n; i++) if (s[i] >>> 24 !== 0xff) out[from + i] = add(d[i], s[i], BLEND_ALPHA_FULL);
  }
}
