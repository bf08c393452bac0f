// The small expression language of `.lxf` fixture files (§7.6), evaluated as LX 1.2.1 does it.
//
// LX does not parse: it rewrites text. Footlight follows the same steps, so every quirk matches:
// - References `$name` / `${name}` (letters and digits) are replaced by their values as text, then
//   all whitespace is removed. A float value below 0.001 is refused: LX writes it as `1.0E-4`, and
//   its reader then takes that `-` for a subtraction and fails.
// - Parentheses: the first `)` closes the nearest `(`; that inner text is evaluated, a function
//   name the text before it ends with is applied (no word boundary: `2sin(30)` is `2` glued to
//   `0.5`, i.e. 20.5), and the result is written back as text — a number through Java's `%.10f`
//   (rounded half up to 10 decimals) — and the whole is evaluated again. A result that is the whole
//   remaining text is returned as it is, unrounded.
// - Outside parentheses, a `,` makes an argument list (Java's split: trailing empty parts dropped).
// - Ternary `c ? a : b`: split at the first `?` and the last `:`; only the chosen branch is read,
//   so `x ? 1 : y ? 2 : 3` reads `3` as the else branch. Nest at the end inside parentheses.
// - Then, lowest precedence first, `||` `|`, `&&` `&`, `<= >= < >`, `== !=`, `+ -`, `* / %`, `^`:
//   the expression splits at the LAST occurrence of the level's operators, so all of them,
//   `^` included, are left-associative (`2^3^2` is 64). `&&` and `||` stop early. A `-` right
//   after an operator character (or first) is a sign; `+` never is (`+3` is an error), and the
//   `-` of `1e-3` splits it (an error: write 0.001). Comparisons and `==` take numbers only.
// - Then a leading `-` or `!`, applied after every binary operator (`-2^2` is 4).
// - Then `true`/`false` (any case) or a number read as Java's Float.parseFloat (suffix f/d allowed).
// Numbers are Java floats: each operation rounds to float32, as do functions (computed in double).
// Trigonometry takes and returns degrees; sin, cos and tan round to 8 decimals (LXUtils.sinf).
// A boolean field (LX's loadBoolean) refuses a reference to a non-boolean parameter, `$instance`
// and `$instances` included, and a numeric result: LX warns and reads false (evaluateCondition).
import { ModelInputError } from './errors.js';
import { f, javaRoundFloat, lxCosf, lxSinf, lxTanf, toDegrees, toRadians } from '../math/float32.js';

export type ExpressionValue = number | boolean;

/** Variable values visible to an expression. */
export type Variables = ReadonlyMap<string, number | boolean | string>;

/** LX's parameter reference pattern: the braces are each optional, the name letters and digits. */
const REFERENCE = /\$\{?([A-Za-z0-9]+)\}?/g;

function lookup(name: string, vars: Variables, where: string): number | boolean | string {
  const value = vars.get(name);
  if (value === undefined) {
    const known = [...vars.keys()].map((k) => `$${k}`).join(', ') || 'none';
    throw new ModelInputError(`${where}: unknown variable $${name} (declared: ${known})`);
  }
  return value;
}

/** Replaces `$name` / `${name}` references with their values (for text fields). */
export function substitute(text: string, vars: Variables, where: string): string {
  return text.replace(REFERENCE, (_m, name: string) => String(lookup(name, vars, where)));
}

/** A number as LX writes a parameter into an expression (Java's Double.toString, as it reads back). */
function numberText(name: string, v: number, where: string): string {
  if (v !== 0 && Math.abs(f(v)) < 1e-3) {
    throw new ModelInputError(
      `${where}: $${name} is ${v}: LX 1.2.1 writes numbers below 0.001 in E-notation (like 1.0E-4), ` +
        'which its expression reader cannot read (LX reads the field as 0)',
    );
  }
  return Math.abs(v) >= 1e21 ? v.toExponential().replace('e+', 'E') : String(v);
}

function substituteForExpression(text: string, vars: Variables, where: string): string {
  return text.replace(REFERENCE, (_m, name: string) => {
    const v = lookup(name, vars, where);
    if (typeof v === 'string') throw new ModelInputError(`${where}: $${name} is a string parameter; an expression reads numbers and booleans only`);
    return typeof v === 'number' ? numberText(name, v, where) : String(v);
  });
}

type Result = number | boolean | Result[];

const R = toRadians;
type Fn = (a: number[]) => number;
/** LX's functions, in LX's order: a name is matched as a suffix of the text before `(`, first match wins. */
const FUNCTIONS: readonly (readonly [string, number, Fn])[] = [
  ['acos', 1, ([a]) => f(toDegrees(Math.acos(a)))],
  ['asin', 1, ([a]) => f(toDegrees(Math.asin(a)))],
  ['atan', 1, ([a]) => f(toDegrees(Math.atan(a)))],
  ['atan2', 2, ([y, x]) => f(toDegrees(Math.atan2(y, x)))],
  ['atan2p', 2, ([y, x]) => f(toDegrees(f((Math.PI * 2 + Math.atan2(y, x)) % (Math.PI * 2))))],
  ['cos', 1, ([a]) => lxCosf(R(a))],
  ['sin', 1, ([a]) => lxSinf(R(a))],
  ['tan', 1, ([a]) => lxTanf(R(a))],
  ['abs', 1, ([a]) => Math.abs(a)],
  ['avg', 2, ([a, b]) => f(0.5 * f(a + b))],
  ['cbrt', 1, ([a]) => f(Math.cbrt(a))],
  ['ceil', 1, ([a]) => f(Math.ceil(a))],
  ['clamp', 3, ([v, lo, hi]) => (v < lo ? lo : v > hi ? hi : v)],
  ['deg', 1, ([a]) => f(toDegrees(a))],
  ['exp', 1, ([a]) => f(Math.exp(a))],
  ['floor', 1, ([a]) => f(Math.floor(a))],
  ['ilerp', 3, ([v, a, b]) => f(f(v - a) / f(b - a))],
  ['lerp', 3, ([a, b, t]) => f(a + f(f(b - a) * t))],
  ['log', 1, ([a]) => f(Math.log(a))],
  ['log10', 1, ([a]) => f(Math.log10(a))],
  ['max', 2, ([a, b]) => Math.max(a, b)],
  ['min', 2, ([a, b]) => Math.min(a, b)],
  ['pow', 2, ([a, b]) => f(Math.pow(a, b))],
  ['rad', 1, ([a]) => f(R(a))],
  ['round', 1, ([a]) => f(javaRoundFloat(a))],
  ['sqrt', 1, ([a]) => f(Math.sqrt(a))],
];

/** Operator levels, lowest precedence first. */
const LEVELS: readonly (readonly string[])[] = [['||', '|'], ['&&', '&'], ['<=', '>=', '<', '>'], ['==', '!='], ['+', '-'], ['*', '/', '%'], ['^']];
const OPERATOR_CHARS = '^*/+-%<>=!&|';

/**
 * Java's `String.format("%.10f", (double) x)`: the shortest decimal digits of the value, rounded
 * half up to 10 decimals; NaN and infinities as Java writes them.
 */
function javaFixed10(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const keep = Number(exponent) + 1 + 10;
  let units = keep > 0 ? BigInt(digits.slice(0, keep).padEnd(keep, '0')) : 0n;
  if (keep >= 0 && keep < digits.length && digits[keep] >= '5') units += 1n;
  const text = units.toString().padStart(11, '0');
  return `${sign}${text.slice(0, -10)}.${text.slice(-10)}`;
}

/** Java's Float.parseFloat for the forms an expression can hold; undefined if Java would throw. */
function javaParseFloat(text: string): number | undefined {
  const m = /^([+-]?)(?:(NaN|Infinity)|(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?[fFdD]?)$/.exec(text);
  if (m === null || (m[2] === undefined && m[3] === '' && m[4] === '')) return undefined;
  const [, sign, word, whole, fraction, exponent] = m;
  const magnitude = word !== undefined ? Number(word) : decimalToFloat(whole, fraction, Number(exponent ?? 0));
  return sign === '-' ? -magnitude : magnitude;
}

const bits = new DataView(new ArrayBuffer(8));

/**
 * The float32 nearest a decimal, as Java rounds it: once. Rounding to double and then to float
 * can land exactly between two floats and go the wrong way; then the exact decimal decides.
 */
function decimalToFloat(whole: string, fraction: string, exponent: number): number {
  const d = Number(`${whole || '0'}.${fraction || '0'}e${exponent}`);
  const r = f(d);
  if (r === d || !Number.isFinite(r)) return r;
  bits.setFloat32(0, r);
  bits.setUint32(0, bits.getUint32(0) + (d > r ? 1 : -1));
  const other = bits.getFloat32(0);
  if ((r + other) / 2 !== d) return r;
  // d is a midpoint: compare the decimal digits × 10^e with d = m × 2^k exactly.
  bits.setFloat64(0, d);
  const raw = bits.getBigUint64(0);
  const biased = Number((raw >> 52n) & 0x7ffn);
  const m = (raw & ((1n << 52n) - 1n)) | (biased === 0 ? 0n : 1n << 52n);
  const k = (biased === 0 ? 1 : biased) - 1075;
  const e = exponent - fraction.length;
  let lhs = BigInt(`${whole}${fraction}` || '0');
  let rhs = m;
  if (e >= 0) lhs *= 10n ** BigInt(e);
  else rhs *= 10n ** BigInt(-e);
  if (k >= 0) rhs <<= BigInt(k);
  else lhs <<= BigInt(-k);
  if (lhs === rhs) return r;
  return lhs > rhs === other > r ? other : r;
}

class Evaluator {
  constructor(
    private readonly src: string,
    private readonly where: string,
  ) {}

  private fail(problem: string): never {
    throw new ModelInputError(`${this.where}: ${problem} in expression ${JSON.stringify(this.src)}`);
  }

  number(text: string): number {
    const v = this.run(text);
    if (typeof v === 'number') return v;
    return this.fail(`expected a number, got ${Array.isArray(v) ? 'a list' : 'a boolean'} (${JSON.stringify(text)})`);
  }

  boolean(text: string): boolean {
    const v = this.run(text);
    if (typeof v === 'boolean') return v;
    return this.fail(`expected true or false, got ${Array.isArray(v) ? 'a list' : 'a number'} (${JSON.stringify(text)})`);
  }

  private text(v: Result): string {
    if (Array.isArray(v)) return v.map((x) => this.text(x)).join(',');
    return typeof v === 'number' ? javaFixed10(v) : String(v);
  }

  run(expr: string): Result {
    if (expr.length === 0) return this.fail('missing operand (an empty part)');

    // Parentheses, innermost first, one at a time.
    let open = -1;
    for (let i = 0; i < expr.length; i++) {
      if (expr[i] === '(') open = i;
      else if (expr[i] === ')') {
        if (open < 0) this.fail('")" without a matching "("');
        let result = this.run(expr.slice(open + 1, i));
        if (open === 0 && i === expr.length - 1) return result;
        let left = expr.slice(0, open);
        const fn = FUNCTIONS.find(([name]) => left.endsWith(name));
        if (fn !== undefined) {
          result = this.call(fn, result);
          left = left.slice(0, left.length - fn[0].length);
        }
        const right = expr.slice(i + 1);
        if (left === '' && right === '') return result;
        return this.run(left + this.text(result) + right);
      }
    }

    if (expr.includes(',')) {
      const parts = expr.split(',');
      while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
      return parts.map((p) => this.run(p));
    }

    const q = expr.indexOf('?');
    if (q > 0) {
      const c = expr.lastIndexOf(':');
      if (c <= q) this.fail('"?" without a following ":"');
      return this.boolean(expr.slice(0, q)) ? this.run(expr.slice(q + 1, c)) : this.run(expr.slice(c + 1));
    }

    for (const level of LEVELS) {
      let at = -1;
      let op = '';
      for (const candidate of level) {
        const i = operatorIndex(expr, candidate);
        if (i > at) {
          at = i;
          op = candidate;
        }
      }
      if (at >= 0) return this.apply(op, expr.slice(0, at), expr.slice(at + op.length));
    }

    if (expr[0] === '-') return f(-this.number(expr.slice(1)));
    if (expr[0] === '!') return !this.boolean(expr.slice(1));
    const lower = expr.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    const n = javaParseFloat(expr);
    if (n !== undefined) return n;
    if (expr.includes('(')) this.fail(`cannot read ${JSON.stringify(expr)}: "(" without a matching ")"`);
    return this.fail(`cannot read ${JSON.stringify(expr)} as a number or true/false (an unknown function? variables need a "$")`);
  }

  private apply(op: string, left: string, right: string): Result {
    switch (op) {
      case '||':
      case '|':
        return this.boolean(left) || this.boolean(right);
      case '&&':
      case '&':
        return this.boolean(left) && this.boolean(right);
    }
    const a = this.number(left);
    const b = this.number(right);
    switch (op) {
      case '<=':
        return a <= b;
      case '>=':
        return a >= b;
      case '<':
        return a < b;
      case '>':
        return a > b;
      case '==':
        return a === b;
      case '!=':
        return a !== b;
      case '+':
        return f(a + b);
      case '-':
        return f(a - b);
      case '*':
        return f(a * b);
      case '/':
        return f(a / b);
      case '%':
        return f(a % b);
      default:
        return f(Math.pow(a, b));
    }
  }

  private call([name, arity, fn]: readonly [string, number, Fn], arg: Result): number {
    const args = Array.isArray(arg) ? arg : [arg];
    if (args.length !== arity) this.fail(`${name} takes ${arity} argument${arity === 1 ? '' : 's'}, got ${args.length}`);
    const nums = args.map((a) => (typeof a === 'number' ? a : this.fail(`${name} takes numbers, got ${this.text(a)}`)));
    return fn(nums);
  }
}

/** Where LX splits for an operator: its last occurrence, skipping signs and the halves of && / ||. */
function operatorIndex(expr: string, op: string): number {
  if (op === '-') {
    for (let i = expr.length - 1; i > 0; i--) {
      if (expr[i] === '-' && !OPERATOR_CHARS.includes(expr[i - 1])) return i;
    }
    return -1;
  }
  let i = expr.lastIndexOf(op);
  if (op === '&' || op === '|') {
    while (i > 0 && expr[i - 1] === op) i = i - 2 < 0 ? -1 : expr.lastIndexOf(op, i - 2);
  }
  return i;
}

/**
 * Substitutes variables, strips whitespace and evaluates as LX does; a number is a float32 value.
 * Malformed text, a list, and a result that is not finite throw ModelInputError.
 */
export function evaluate(text: string, vars: Variables, where: string): ExpressionValue {
  const expr = substituteForExpression(text, vars, where).replace(/\s+/g, '');
  const v = new Evaluator(expr, where).run(expr);
  if (Array.isArray(v)) throw new ModelInputError(`${where}: expression ${JSON.stringify(text)} is a list, not a value`);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new ModelInputError(`${where}: expression ${JSON.stringify(text)} is not a finite number`);
  return v;
}

/**
 * A boolean field (`enabled`, boolean parameters), as LX's loadBoolean reads it: a reference to a
 * parameter that is not boolean, or a result that is a number, is refused — LX warns and reads
 * false; `refused` says why. Malformed text still throws ModelInputError.
 */
export function evaluateCondition(text: string, vars: Variables, where: string): { value: boolean; refused?: string } {
  for (const [, name] of text.matchAll(REFERENCE)) {
    const v = lookup(name, vars, where);
    if (typeof v !== 'boolean') {
      return { value: false, refused: `${where}: $${name} is not a boolean parameter; LX 1.2.1 refuses it in a true/false field and reads false` };
    }
  }
  const v = evaluate(text, vars, where);
  if (typeof v !== 'boolean') return { value: false, refused: `${where}: ${JSON.stringify(text)} is a number, not true or false; LX reads false` };
  return { value: v };
}
