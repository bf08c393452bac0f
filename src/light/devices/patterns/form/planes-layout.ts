// The numbers of a Planes point job (planes-kernel.ts) and their order, shared by the pattern
// that writes them and the WebAssembly loop that reads them (planes-wasm.ts).

/** PlanesPattern.Axis ordinals. */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const FREE = 3;
export const RC = 4;

/** How many plane blocks follow. */
export const PLANES_COUNT = 0;
/** 1 when the model is not rotated; the 12 matrix entries (3 rows of LXMatrix) follow either way. */
export const PLANES_UNROTATED = 1;
export const PLANES_MATRIX = 2;
export const PLANES_FIRST = 16;
export const PLANE_WORDS = 12;
/** Offsets within a plane block: its axis, LX's PlaneConstants, and the slab's shape. */
export const AXIS = 0;
export const A = 1;
export const B = 2;
export const C = 3;
export const D = 4;
export const AP = 5;
export const BP = 6;
export const CP = 7;
export const INV_SQRT = 8;
export const WIDTH = 9;
export const FADE = 10;
export const LEVEL = 11;
