// Java float arithmetic, reproduced in JavaScript.
//
// LX computes geometry in Java `float`: every float operation rounds to float32 and Java never
// fuses a multiply and an add. Here a number that stands for a Java float always holds a
// float32-representable value, and every operation on two such values is written as
// `f(a op b)`. Doing +, -, *, / or sqrt in double and rounding once to float32 gives the
// correctly rounded float32 result (a double has more than twice float's precision), so this
// is exactly Java's float arithmetic.

/** Rounds a double to the nearest float32 (Java's `(float) x`). */
export const f = Math.fround;

/** Java's `Math.toRadians(double)` (JDK 9+): a multiply by the double nearest π/180. */
const DEGREES_TO_RADIANS = 0.017453292519943295;
export function toRadians(degrees: number): number {
  return degrees * DEGREES_TO_RADIANS;
}

/**
 * Java's `Math.round(double)`: the nearest long, ties toward +∞; NaN gives 0 and values
 * beyond the long range saturate. Results here stay far below 2^53, so a number holds them.
 */
function javaRoundDouble(x: number): number {
  if (Number.isNaN(x)) return 0;
  if (x >= 9.223372036854776e18) return 9.223372036854776e18;
  if (x <= -9.223372036854776e18) return -9.223372036854776e18;
  return Math.round(x);
}

/** Java's `Math.round(float)`: the nearest int, ties toward +∞; NaN gives 0; saturates. */
export function javaRoundFloat(x: number): number {
  if (Number.isNaN(x)) return 0;
  if (x >= 2147483647) return 2147483647;
  if (x <= -2147483648) return -2147483648;
  return Math.round(x);
}

const HUNDRED_MILLION_F = f(1e8);

/**
 * LX's `LXUtils.sinf(double)`: `Math.round(Math.sin(r) * 1e8) / 1e8f`. The long is promoted to
 * float before the float division, so it is itself rounded to float32 first.
 */
export function lxSinf(radians: number): number {
  return f(f(javaRoundDouble(Math.sin(radians) * 1e8)) / HUNDRED_MILLION_F);
}

/** LX's `LXUtils.cosf(double)`, rounded the same way as {@link lxSinf}. */
export function lxCosf(radians: number): number {
  return f(f(javaRoundDouble(Math.cos(radians) * 1e8)) / HUNDRED_MILLION_F);
}

/** LX's `LXUtils.tanf(double)`, rounded the same way as {@link lxSinf}. */
export function lxTanf(radians: number): number {
  return f(f(javaRoundDouble(Math.tan(radians) * 1e8)) / HUNDRED_MILLION_F);
}

/** Java's `Math.toDegrees(double)` (JDK 9+): a multiply by the double nearest 180/π. */
const RADIANS_TO_DEGREES = 57.29577951308232;
export function toDegrees(radians: number): number {
  return radians * RADIANS_TO_DEGREES;
}

/** LX's `LXUtils.round2f(float)`: rounds a float to two decimals, `Math.round(v * 100) / 100f`. */
export function lxRound2f(v: number): number {
  return f(f(javaRoundFloat(f(v * 100))) / 100);
}

/** LX's `LX.TWO_PI`, a double; `%` on it keeps the dividend's sign in Java and JavaScript alike. */
export const TWO_PI = Math.PI * 2;

/** LX's `LX.TWO_PIf`: `(float) (Math.PI * 2.)`. */
export const TWO_PI_F = f(Math.PI * 2);

/** `(float) Math.sqrt(x*x + y*y + z*z)` with float products and sums, as LX writes it. */
export function distf3(x: number, y: number, z: number): number {
  return f(Math.sqrt(f(f(f(x * x) + f(y * y)) + f(z * z))));
}
