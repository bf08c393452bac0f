// Small pieces of float32 math that LX 1.2.1's stock patterns share: LXUtils helpers in Java
// `float`. (The parameterized rotation matrix they and some effects use is ../model/rotation-matrix.ts.)
//
// Every function takes and returns float32 values (as JavaScript numbers) and rounds each float
// operation with Math.fround, in Java's evaluation order.
//
// Hot-path note: Footlight runs its TypeScript through tsx, where a call to an imported binding
// costs a module getter per call. Per-point code therefore keeps `Math.fround` in a module-local
// const (each pattern file declares its own `f`) and calls helpers that are local or methods.

const f = Math.fround;

/** LXUtils.lerpf: v1 + (v2 − v1)·amt, in float. */
export function lerpf(v1: number, v2: number, amt: number): number {
  return f(v1 + f(f(v2 - v1) * amt));
}

/** LXUtils.clampf / constrainf. */
export function clampf(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}

/** LXUtils.distf(x1, y1, x2, y2): (float) sqrt of float squares. */
export function distf2(x1: number, y1: number, x2: number, y2: number): number {
  const dx = f(x2 - x1);
  const dy = f(y2 - y1);
  return f(Math.sqrt(f(f(dx * dx) + f(dy * dy))));
}

/** LXUtils.distf(x1, y1, z1, x2, y2, z2): (float) sqrt of float squares. */
export function distf3(x1: number, y1: number, z1: number, x2: number, y2: number, z2: number): number {
  const dx = f(x2 - x1);
  const dy = f(y2 - y1);
  const dz = f(z2 - z1);
  return f(Math.sqrt(f(f(f(dx * dx) + f(dy * dy)) + f(dz * dz))));
}

/** LXUtils.wrapdistf: the shorter distance between v1 and v2 on a circle of length `modulus`. */
export function wrapdistf(v1: number, v2: number, modulus: number): number {
  if (v1 < v2) {
    const a = f(v2 - v1);
    const b = f(f(v1 + modulus) - v2);
    return a < b ? a : b;
  }
  const a = f(v1 - v2);
  const b = f(f(v2 + modulus) - v1);
  return a < b ? a : b;
}
