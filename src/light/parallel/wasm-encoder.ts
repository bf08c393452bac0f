// A small WebAssembly encoder: just enough of the binary format (one memory, functions over i32
// and f32, structured control flow) to write numeric kernels in TypeScript without a toolchain.
// Code is built as byte arrays by the helpers below, in stack-machine order.

export type Code = readonly number[];

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of an int32. */
function sleb(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export const I32 = 0x7f;
export const F32 = 0x7d;
export const V128 = 0x7b;

const flat = (...parts: Code[]): number[] => parts.flat();

// Locals, constants, memory.
export const get = (local: number): Code => [0x20, ...uleb(local)];
export const set = (local: number, value: Code): Code => flat(value, [0x21, ...uleb(local)]);
export const i32 = (n: number): Code => [0x41, ...sleb(n)];
export function f32(n: number): Code {
  const bytes = new Uint8Array(new Float32Array([n]).buffer);
  return [0x43, ...bytes];
}
/** i32.load / f32.load of the 4-byte value at address + offset. */
export const loadI32 = (address: Code, offset = 0): Code => flat(address, [0x28, 2, ...uleb(offset)]);
export const loadF32 = (address: Code, offset = 0): Code => flat(address, [0x2a, 2, ...uleb(offset)]);
export const storeF32 = (address: Code, value: Code, offset = 0): Code => flat(address, value, [0x38, 2, ...uleb(offset)]);
export const storeI32 = (address: Code, value: Code, offset = 0): Code => flat(address, value, [0x36, 2, ...uleb(offset)]);

// Arithmetic.
const binary =
  (op: number) =>
  (a: Code, b: Code): Code =>
    flat(a, b, [op]);
export const iadd = binary(0x6a);
export const isub = binary(0x6b);
export const iand = binary(0x71);
export const ishl = binary(0x74);
export const ige = binary(0x4e);
export const igt = binary(0x4a);
export const ine = binary(0x47);
export const ior = binary(0x72);
export const fadd = binary(0x92);
export const fsub = binary(0x93);
export const fmul = binary(0x94);
export const flt = binary(0x5d);
/** Java's (int) of a float: truncation, NaN → 0, saturating at the int range. */
export const truncSat = (a: Code): Code => flat(a, [0xfc, 0x00]);
/** Java's (float) of an int: round to nearest even. */
export const toF32 = (a: Code): Code => flat(a, [0xb2]);

// 128-bit SIMD: four f32 or i32 lanes.
const simd =
  (op: number) =>
  (...operands: Code[]): Code =>
    flat(...operands, [0xfd, ...uleb(op)]);
export const loadV128 = (address: Code, offset = 0): Code => flat(address, [0xfd, 0x00, 4, ...uleb(offset)]);
export const storeV128 = (address: Code, value: Code, offset = 0): Code => flat(address, value, [0xfd, 0x0b, 4, ...uleb(offset)]);
export const f32x4Splat = simd(0x13);
export const i32x4Lane = (vector: Code, lane: number): Code => flat(vector, [0xfd, 0x1b, lane]);
export const i32x4Eq = simd(0x37);
export const f32x4Lt = simd(0x43);
export const f32x4Gt = simd(0x44);
export const v128Or = simd(0x50);
/** (a & mask) | (b & ~mask). */
export const v128Bitselect = simd(0x52);
export const f32x4Floor = simd(0x68);
export const f32x4Trunc = simd(0x69);
export const i8x16AddSatU = simd(0x70);
export const i32x4Mul = simd(0xb5);
export const f32x4Abs = simd(0xe0);
export const f32x4Sqrt = simd(0xe3);
/** b < a ? b : a (WebAssembly's pmin): NaN in a stays. */
export const f32x4Pmin = simd(0xea);
export const v128And = simd(0x4e);
export const i32x4AllTrue = simd(0xa3);
export const i32x4Add = simd(0xae);
export const f32x4Add = simd(0xe4);
export const f32x4Sub = simd(0xe5);
export const f32x4Mul = simd(0xe6);
export const i32x4TruncSat = simd(0xf8);
export const f32x4FromI32x4 = simd(0xfa);
export const i32x4Splat = simd(0x11);

// Control flow (blocks without results).
export const block = (...body: Code[]): Code => flat([0x02, 0x40], ...body, [0x0b]);
export const loop = (...body: Code[]): Code => flat([0x03, 0x40], ...body, [0x0b]);
export const br = (depth: number): Code => [0x0c, ...uleb(depth)];
export const brIf = (depth: number, condition: Code): Code => flat(condition, [0x0d, ...uleb(depth)]);
export const ifThen = (condition: Code, ...then: Code[]): Code => flat(condition, [0x04, 0x40], ...then, [0x0b]);
export const ifElse = (condition: Code, then: Code, otherwise: Code): Code => flat(condition, [0x04, 0x40], then, [0x05], otherwise, [0x0b]);
/** Calls function `index` of the module (in encodeModule's order). */
export const call = (index: number, ...args: Code[]): Code => flat(...args, [0x10, ...uleb(index)]);

interface FunctionSpec {
  readonly name: string;
  readonly params: readonly number[];
  /** Extra locals after the parameters, by type. */
  readonly locals: readonly number[];
  readonly body: Code;
}

const section = (id: number, content: number[]): number[] => [id, ...uleb(content.length), ...content];
const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => {
  const bytes = [...new TextEncoder().encode(s)];
  return [...uleb(bytes.length), ...bytes];
};

/** A module with one exported memory ("memory", `pages` of 64 KiB) and the given exported functions (no results). */
export function encodeModule(pages: number, functions: readonly FunctionSpec[]): Uint8Array {
  const types = functions.map((fn) => [0x60, ...vector(fn.params.map((t) => [t])), 0]);
  const bodies = functions.map((fn) => {
    const locals = vector(fn.locals.map((t) => [1, t]));
    const code = [...locals, ...fn.body, 0x0b];
    return [...uleb(code.length), ...code];
  });
  const exports = [[...name('memory'), 0x02, 0], ...functions.map((fn, i) => [...name(fn.name), 0x00, ...uleb(i)])];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(5, vector([[0x00, ...uleb(pages)]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}
