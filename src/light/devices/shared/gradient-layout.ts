// The numbers of a gradient point job (gradient-kernel.ts) and their order, shared by the engine
// that writes them and the WebAssembly loop that reads them (gradient-wasm.ts).

/** GradientPattern.CoordinateMode and clamp mode ordinals. */
export const NORMAL = 0;
export const CENTER = 1;
export const CLAMP = 0;
export const WRAP = 1;

/** Per axis (x, y, z): mode, offset, shift (1 for a negative amount), amount. */
export const GRADIENT_AXES = 0;
export const AXIS_WORDS = 4;
export const GRADIENT_BLEND = 12;
export const GRADIENT_SCALE = 13;
export const GRADIENT_CLAMP = 14;
export const GRADIENT_PHASE = 15;
export const GRADIENT_INVERT = 16;
/** 1 when coordinates are rotated; the 12 matrix entries (3 rows of LXMatrix) follow. */
export const GRADIENT_ROTATE = 17;
export const GRADIENT_MATRIX = 18;
/** The color stops (ColorStops.writeTo). */
export const GRADIENT_STOPS = 30;
