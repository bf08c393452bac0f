// Java numeric conversions that LX relies on and JavaScript spells differently.

/** Java's `(int) x` for a float or double: truncation toward zero, NaN → 0, saturating at the int range. */
export function javaInt(x: number): number {
  return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : x | 0;
}

/**
 * Java's `Math.round(float)`: the nearest int, ties toward +∞, NaN → 0, saturating. `x` must already be a
 * float32 value; then `x + 0.5` is exact in double, so this equals the JDK's exact result.
 */
export function javaRoundf(x: number): number {
  return javaInt(Math.floor(x + 0.5));
}
