// The small expression language of `.lxf` fixture files (§7.6).
//
// A field value that is a string may hold `$name` or `${name}` references to the fixture's
// declared parameters (and `$instance`, `$instances` inside repeated components). References
// are replaced by their values as text, whitespace is stripped, and the result is evaluated.
// Operators, lowest precedence first: `? :`, `||` `|`, `&&` `&`, `< <= > >=`, `== !=`, `+ -`,
// `* / %`, `^` (power, right-associative), then unary `-` and `!`. Trigonometric functions take
// and return degrees. A numeric result is rounded through a 10-decimal string.
import { ModelInputError } from './errors.js';

export type ExpressionValue = number | boolean;

/** Variable values visible to an expression. */
export type Variables = ReadonlyMap<string, number | boolean | string>;

const REFERENCE = /\$\{([A-Za-z0-9_]+)\}|\$([A-Za-z0-9_]+)/g;

/** Replaces `$name` / `${name}` references with their values. */
export function substitute(text: string, vars: Variables, where: string): string {
  return text.replace(REFERENCE, (_m, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    const value = vars.get(name);
    if (value === undefined) {
      const known = [...vars.keys()].map((k) => `$${k}`).join(', ') || 'none';
      throw new ModelInputError(`${where}: unknown variable $${name} (declared: ${known})`);
    }
    return String(value);
  });
}

const RAD = Math.PI / 180;

type Fn = (args: number[]) => number;
const FUNCTIONS: Readonly<Record<string, { readonly arity: number | 'any'; readonly fn: Fn }>> = {
  sin: { arity: 1, fn: ([a]) => Math.sin(a * RAD) },
  cos: { arity: 1, fn: ([a]) => Math.cos(a * RAD) },
  tan: { arity: 1, fn: ([a]) => Math.tan(a * RAD) },
  asin: { arity: 1, fn: ([a]) => Math.asin(a) / RAD },
  acos: { arity: 1, fn: ([a]) => Math.acos(a) / RAD },
  atan: { arity: 1, fn: ([a]) => Math.atan(a) / RAD },
  atan2: { arity: 2, fn: ([y, x]) => Math.atan2(y, x) / RAD },
  atan2p: { arity: 2, fn: ([y, x]) => (Math.atan2(y, x) / RAD + 360) % 360 },
  abs: { arity: 1, fn: ([a]) => Math.abs(a) },
  avg: { arity: 'any', fn: (a) => a.reduce((s, v) => s + v, 0) / a.length },
  cbrt: { arity: 1, fn: ([a]) => Math.cbrt(a) },
  ceil: { arity: 1, fn: ([a]) => Math.ceil(a) },
  clamp: { arity: 3, fn: ([v, lo, hi]) => (v < lo ? lo : v > hi ? hi : v) },
  deg: { arity: 1, fn: ([a]) => a / RAD },
  exp: { arity: 1, fn: ([a]) => Math.exp(a) },
  floor: { arity: 1, fn: ([a]) => Math.floor(a) },
  ilerp: { arity: 3, fn: ([v, a, b]) => (v - a) / (b - a) },
  lerp: { arity: 3, fn: ([a, b, t]) => a + (b - a) * t },
  log: { arity: 1, fn: ([a]) => Math.log(a) },
  log10: { arity: 1, fn: ([a]) => Math.log10(a) },
  max: { arity: 'any', fn: (a) => Math.max(...a) },
  min: { arity: 'any', fn: (a) => Math.min(...a) },
  pow: { arity: 2, fn: ([a, b]) => Math.pow(a, b) },
  rad: { arity: 1, fn: ([a]) => a * RAD },
  round: { arity: 1, fn: ([a]) => Math.round(a) },
  sqrt: { arity: 1, fn: ([a]) => Math.sqrt(a) },
};

class Parser {
  private pos = 0;
  constructor(
    private readonly src: string,
    private readonly where: string,
  ) {}

  fail(problem: string): never {
    throw new ModelInputError(`${this.where}: ${problem} at position ${this.pos} of expression ${JSON.stringify(this.src)}`);
  }

  private peek(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }

  private eat(s: string): boolean {
    if (this.peek(s)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  parse(): ExpressionValue {
    if (this.src.length === 0) this.fail('empty expression');
    const v = this.ternary();
    if (this.pos < this.src.length) this.fail(`unexpected ${JSON.stringify(this.src[this.pos])}`);
    return v;
  }

  private ternary(): ExpressionValue {
    const cond = this.or();
    if (!this.eat('?')) return cond;
    const a = this.ternary();
    if (!this.eat(':')) this.fail('expected ":" in a ? b : c');
    const b = this.ternary();
    return this.bool(cond) ? a : b;
  }

  private or(): ExpressionValue {
    let v = this.and();
    for (;;) {
      if (this.eat('||') || this.eat('|')) {
        const r = this.and();
        v = this.bool(v) || this.bool(r);
      } else {
        return v;
      }
    }
  }

  private and(): ExpressionValue {
    let v = this.relational();
    for (;;) {
      if (this.eat('&&') || this.eat('&')) {
        const r = this.relational();
        v = this.bool(v) && this.bool(r);
      } else {
        return v;
      }
    }
  }

  private relational(): ExpressionValue {
    let v = this.equality();
    for (;;) {
      let op: string | undefined;
      for (const o of ['<=', '>=', '<', '>'])
        if (this.eat(o)) {
          op = o;
          break;
        }
      if (op === undefined) return v;
      const a = this.num(v),
        b = this.num(this.equality());
      v = op === '<=' ? a <= b : op === '>=' ? a >= b : op === '<' ? a < b : a > b;
    }
  }

  private equality(): ExpressionValue {
    let v = this.additive();
    for (;;) {
      if (this.eat('==')) v = v === this.additive();
      else if (this.eat('!=')) v = v !== this.additive();
      else return v;
    }
  }

  private additive(): ExpressionValue {
    let v = this.multiplicative();
    for (;;) {
      if (this.eat('+')) v = this.num(v) + this.num(this.multiplicative());
      else if (this.eat('-')) v = this.num(v) - this.num(this.multiplicative());
      else return v;
    }
  }

  private multiplicative(): ExpressionValue {
    let v = this.power();
    for (;;) {
      if (this.eat('*')) v = this.num(v) * this.num(this.power());
      else if (this.eat('/')) v = this.num(v) / this.num(this.power());
      else if (this.eat('%')) v = this.num(v) % this.num(this.power());
      else return v;
    }
  }

  private power(): ExpressionValue {
    const base = this.unary();
    if (this.eat('^')) return Math.pow(this.num(base), this.num(this.power()));
    return base;
  }

  private unary(): ExpressionValue {
    if (this.eat('-')) return -this.num(this.unary());
    if (this.eat('!')) return !this.bool(this.unary());
    if (this.eat('+')) return this.num(this.unary());
    return this.primary();
  }

  private primary(): ExpressionValue {
    if (this.eat('(')) {
      const v = this.ternary();
      if (!this.eat(')')) this.fail('expected ")"');
      return v;
    }
    const rest = this.src.slice(this.pos);
    const number = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (number !== null) {
      this.pos += number[0].length;
      return Number(number[0]);
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (word !== null) {
      const name = word[0];
      this.pos += name.length;
      if (name === 'true') return true;
      if (name === 'false') return false;
      const fn = FUNCTIONS[name];
      if (fn === undefined) this.fail(`unknown name ${JSON.stringify(name)} (variables need a "$")`);
      if (!this.eat('(')) this.fail(`expected "(" after ${name}`);
      const args: number[] = [];
      if (!this.eat(')')) {
        do args.push(this.num(this.ternary()));
        while (this.eat(','));
        if (!this.eat(')')) this.fail(`expected ")" to close ${name}(`);
      }
      if (fn.arity === 'any' ? args.length === 0 : args.length !== fn.arity) {
        this.fail(`${name} takes ${fn.arity === 'any' ? 'one or more' : fn.arity} argument(s), got ${args.length}`);
      }
      return fn.fn(args);
    }
    return this.fail(this.pos >= this.src.length ? 'unexpected end' : `unexpected ${JSON.stringify(this.src[this.pos])}`);
  }

  private num(v: ExpressionValue): number {
    if (typeof v !== 'number') this.fail('expected a number, got a boolean');
    return v;
  }

  private bool(v: ExpressionValue): boolean {
    if (typeof v !== 'boolean') this.fail('expected a boolean, got a number');
    return v;
  }
}

/** Substitutes variables, strips whitespace and evaluates; numbers are rounded to 10 decimals. */
export function evaluate(text: string, vars: Variables, where: string): ExpressionValue {
  const src = substitute(text, vars, where).replace(/\s+/g, '');
  const v = new Parser(src, where).parse();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ModelInputError(`${where}: expression ${JSON.stringify(text)} is not a finite number`);
    return Number(v.toFixed(10));
  }
  return v;
}
