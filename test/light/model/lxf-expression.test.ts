// The .lxf expression evaluator against LX 1.2.1's own rules (heronarts.lx.structure.Expression and
// JsonFixture.replaceVariables). Each case is one where LX's answer differs from naive JavaScript.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelInputError } from '../../../src/light/model/index.js';
import { evaluate, evaluateCondition } from '../../../src/light/model/expression.js';

const f = Math.fround;
const vars = new Map<string, number | boolean | string>([
  ['a', 3],
  ['gap', 2.5],
  ['tiny', 0.0001],
  ['on', true],
  ['label', 'bar'],
]);
const e = (s: string): unknown => evaluate(s, vars, 'test');
const bad = (s: string, pattern: RegExp): void => {
  assert.throws(
    () => e(s),
    (err: unknown) => err instanceof ModelInputError && err.code === 'invalid_argument' && pattern.test(err.message),
    s,
  );
};

test('lxf expression: float32 arithmetic, as Java float', () => {
  assert.equal(e('16777216 + 1'), 16777216, 'float32 has no 16777217');
  assert.equal(e('0.1 + 0.2 == 0.3'), true, 'equal in float32, not in double');
  assert.equal(e('0.1'), f(0.1), 'a literal is read as a float');
  assert.equal(e('1 / 3'), f(1 / 3));
  assert.equal(e('2 ^ 0.5'), f(Math.SQRT2), 'power through double, then to float');
});

test('lxf expression: every operator splits at its last occurrence, so ^ is left-associative', () => {
  assert.equal(e('2 ^ 3 ^ 2'), 64, '(2^3)^2, not 2^(3^2) = 512');
  assert.equal(e('2 ^ 3 * 2'), 16);
  assert.equal(e('8 / 4 / 2'), 1);
  assert.equal(e('10 - 4 - 3'), 3);
  assert.equal(e('2 + 3 * 4'), 14);
});

test('lxf expression: unary minus and ! apply after every binary operator', () => {
  assert.equal(e('-2 ^ 2'), 4, '(-2)^2');
  assert.equal(e('2 * -3'), -6);
  assert.equal(e('2 - -3'), 5);
  assert.equal(e('2 - - - 3'), -1);
  assert.equal(e('!false && false'), false);
  bad('+3', /missing operand/);
  bad('2 * +3', /missing operand/);
});

test('lxf expression: a parenthesised result is rounded through %.10f before it is used', () => {
  assert.equal(e('(0.00000000004) * 1e10'), 0, 'naive arithmetic gives 0.4');
  assert.equal(e('(0.00000000006) * 1e10'), f(f(1e-10) * 1e10), 'rounded half up to 1e-10');
  assert.equal(e('(0.00000000004)'), f(4e-11), 'a whole-expression parenthesis is not rounded');
  assert.equal(e('0.00000000004 * 1e10'), f(f(4e-11) * 1e10), 'no parenthesis, no rounding');
  assert.equal(e('(1/3) * 3'), f(f(0.3333333433) * 3));
});

test('lxf expression: trigonometry in degrees, rounded to 8 decimals as LXUtils.sinf', () => {
  assert.equal(e('cos(90)'), 0, 'Math.cos gives 6e-17');
  assert.equal(e('sin(180)'), 0);
  assert.equal(e('sin(30)'), 0.5);
  assert.equal(e('tan(45)'), 1);
  assert.equal(e('atan2(1, 1)'), 45);
  assert.equal(e('atan2p(-1, 0)'), 270);
  assert.equal(e('deg(rad(33))'), 33);
});

test('lxf expression: functions take exactly their argument count; names match as suffixes', () => {
  assert.equal(e('max(1, 2) + min(4, 2) + avg(1, 2)'), 5.5);
  bad('max(1, 2, 3)', /max takes 2 arguments, got 3/);
  bad('avg(1, 2, 3)', /avg takes 2 arguments, got 3/);
  bad('sin(1, 2)', /sin takes 1 argument, got 2/);
  assert.equal(e('sin(30,)'), 0.5, 'a trailing comma is dropped, as Java String.split does');
  assert.equal(e('2sin(30)'), 20.5, 'the text before a function is glued to its result');
  assert.equal(e('round(2.5) + round(-2.5)'), 1, 'Java rounds half up');
  assert.equal(e('lerp(10, 20, 0.25) + ilerp(15, 10, 20) + clamp(15, 0, 10)'), 23);
  bad('foo(1)', /cannot read "foo1.0000000000"/);
});

test('lxf expression: ternaries split at the first ? and the last :', () => {
  assert.equal(e('$a == 3 ? 10 : 20'), 10);
  assert.equal(e('true ? false ? 1 : 2 : 3'), 2, 'nesting in the middle works');
  assert.equal(e('false ? 1 : true ? 2 : 3'), 3, 'the else branch is what follows the last ":" (naively 2)');
  bad('true ? 1 : true ? 2 : 3', /"\?" without a following ":"/);
  assert.equal(e('false ? 1 : (true ? 2 : 3)'), 2, 'nesting at the end needs parentheses');
  assert.equal(e('true ? 1 : foo'), 1, 'the branch not taken is not read');
  assert.equal(e('false && foo'), false, '&& stops at false');
  assert.equal(e('true || foo'), true, '|| stops at true');
});

test('lxf expression: == and != compare numbers only; literals read as Java floats', () => {
  bad('true == true', /expected a number, got a boolean/);
  assert.equal(e('TRUE && True'), true);
  assert.equal(e('2f * 3d'), 6, 'Java float suffixes');
  assert.equal(e('1e3 + .5 + 5.'), 1005.5);
  // Just above the midpoint of 1 and the next float: it rounds to the midpoint as a double, which
  // then rounds down to 1 (ties to even); Java rounds the decimal once, up.
  assert.equal(e('1.00000005960464477539062501'), f(1 + 2 ** -23));
  assert.equal(e('1.00000005960464477539062499'), 1);
  assert.equal(e('1.000000059604644775390625'), 1, 'an exact tie goes to even');
  assert.equal(e('1.000000178813934326171875'), f(1 + 2 ** -22), 'an exact tie goes to even');
  bad('1e-3', /cannot read "1e"/);
  bad('$on + 1', /expected a number, got a boolean/);
  bad('2 +', /missing operand/);
  bad('(1 + 2', /cannot read "\(1"/);
  bad('1 + 2)', /"\)" without a matching "\("/);
  bad('1 / 0', /not a finite number/);
});

test('lxf expression: references substitute as LX writes them', () => {
  assert.equal(e('${a}0'), 30);
  assert.equal(e('$gap * 2'), 5);
  assert.equal(e('$on ? $a : 0'), 3);
  bad('$tiny * 2', /LX 1\.2\.1 writes numbers below 0\.001 in E-notation/);
  bad('$label', /\$label is a string parameter/);
  bad('$nope', /unknown variable \$nope/);
});

test('lxf expression: a boolean field refuses numeric references and numeric results', () => {
  assert.deepEqual(evaluateCondition('$on && 2 > 1', vars, 'test'), { value: true });
  assert.deepEqual(evaluateCondition('!$on', vars, 'test'), { value: false });
  const refusedRef = evaluateCondition('$a > 1', vars, 'test');
  assert.equal(refusedRef.value, false);
  assert.match(refusedRef.refused ?? '', /\$a is not a boolean parameter/);
  const counters = new Map([...vars, ['instance', 0] as const]);
  assert.match(evaluateCondition('$instance == 0', counters, 'test').refused ?? '', /\$instance is not a boolean parameter/);
  const refusedValue = evaluateCondition('1', vars, 'test');
  assert.equal(refusedValue.value, false);
  assert.match(refusedValue.refused ?? '', /is a number, not true or false/);
  assert.throws(() => evaluateCondition('2 >', vars, 'test'), /missing operand/);
});
