import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLACK,
  CLEAR,
  WHITE,
  alpha,
  b,
  blue,
  gray,
  grayf,
  grayn,
  graynf,
  green,
  h,
  hsb,
  hsba,
  javaInt,
  luminosity,
  red,
  rgb,
  rgba,
  rgbf,
  s,
  scaleBrightness,
  scaleBrightnessf,
} from '../../../src/light/color/lx-color.js';
import { javaRoundf } from '../../../src/light/math/java-num.js';

const hex = (c: number): string => c.toString(16).padStart(8, '0');
const eqHex = (actual: number, expected: number, what: string): void => assert.equal(hex(actual), hex(expected), what);

test('constants are LX ARGB values', () => {
  eqHex(BLACK, 0xff000000, 'BLACK');
  eqHex(WHITE, 0xffffffff, 'WHITE');
  eqHex(CLEAR, 0x00000000, 'CLEAR');
});

test('hsb: reference checks (§11.1)', () => {
  eqHex(hsb(0, 100, 100), 0xffff0000, 'hsb(0,100,100)');
  eqHex(hsb(120, 50, 50), 0xff408040, 'hsb(120,50,50)');
  eqHex(hsb(30, 100, 100), 0xffff8000, 'hsb(30,100,100)');
  eqHex(hsb(359.9, 100, 100), 0xffff0000, 'hsb(359.9,100,100)');
});

test('hsb: primaries, grays, hue wrap', () => {
  eqHex(hsb(120, 100, 100), 0xff00ff00, 'green');
  eqHex(hsb(240, 100, 100), 0xff0000ff, 'blue');
  eqHex(hsb(0, 0, 50), 0xff808080, 'gray: int(127.5 + 0.5)');
  eqHex(hsb(0, 0, 0), 0xff000000, 'black');
  eqHex(hsb(480, 100, 100), hsb(120, 100, 100), 'hue wraps above 360');
  eqHex(hsb(-1, 100, 100), 0xffff0004, 'negative hue wraps to 359');
});

test('hsb: no clamping, brightness above 100 spills into neighbouring bytes', () => {
  eqHex(hsb(0, 0, 101), 0xff030302, 'gray 258 in every channel overlaps the next byte');
  eqHex(hsb(0, 100, 110), 0xff190000, 'red 281 carries into the alpha byte');
});

test('hsb: a hue one float ulp below a full turn rounds to sector 6 and yields black, as in LX', () => {
  eqHex(hsb(-1e-6, 100, 100), 0xff000000, 'hsb(-1e-6,100,100)');
});

test('hsba: alpha = min(255, (int)(a · 255f)), negative alpha wraps through the shift', () => {
  eqHex(hsba(0, 100, 100, 1), 0xffff0000, 'a=1');
  eqHex(hsba(0, 100, 100, 0.5), 0x7fff0000, 'a=0.5 → 127');
  eqHex(hsba(0, 100, 100, 2), 0xffff0000, 'a=2 clamps to 255');
  eqHex(hsba(0, 100, 100, 0), 0x00ff0000, 'a=0');
  eqHex(hsba(0, 100, 100, -0.01), 0xfeff0000, 'a<0: (int)(−2.55) = −2, shifted');
});

test('rgb/rgba mask each byte; rgbf truncates 255·x', () => {
  eqHex(rgb(0x12, 0x34, 0x56), 0xff123456, 'rgb');
  eqHex(rgb(256, -1, 0x1ff), 0xff00ffff, 'rgb masks');
  eqHex(rgba(1, 2, 3, 4), 0x04010203, 'rgba');
  eqHex(rgbf(1, 0.5, 0), 0xffff7f00, 'rgbf: (int)127.5 = 127');
  eqHex(rgbf(1.1, -0.01, 0.999), 0xff18fefe, 'rgbf: 280 & 0xff = 0x18; (int)(−2.55) = −2 → 0xfe; 254');
});

test('channel extractors return unsigned bytes', () => {
  const c = 0x80ff7f01;
  assert.equal(alpha(c), 0x80);
  assert.equal(red(c), 0xff);
  assert.equal(green(c), 0x7f);
  assert.equal(blue(c), 0x01);
});

test('gray (double overload): (int)(b · 2.559) & 0xff, wrapping out of range', () => {
  eqHex(gray(101), 0xff020202, 'gray(101) wraps to 2 (§11.1)');
  eqHex(gray(100), 0xffffffff, 'gray(100)');
  eqHex(gray(50), 0xff7f7f7f, 'gray(50) = (int)127.95');
  eqHex(gray(0), 0xff000000, 'gray(0)');
  eqHex(gray(-0.5), 0xffffffff, 'gray(−0.5): (int)(−1.28) = −1 → 0xff');
});

test('grayn (double overload): (int)(n · 255.9) & 0xff', () => {
  eqHex(grayn(1), 0xffffffff, 'grayn(1)');
  eqHex(grayn(0.5), 0xff7f7f7f, 'grayn(0.5)');
  eqHex(grayn(0), 0xff000000, 'grayn(0)');
});

test('gray/grayn float overloads differ from the double ones at integer boundaries', () => {
  // 2.559f is slightly above 2.559, so a float just below 1/2.559 crosses to 1 only in float32.
  const x = Math.fround(1 / 2.559);
  eqHex(gray(x), 0xff000000, 'double: 0.99999999 → 0');
  eqHex(grayf(x), 0xff010101, 'float: rounds to 1.0f → 1');
  const n = Math.fround(3 / 255.9);
  eqHex(grayn(n), 0xff020202, 'grayn double');
  eqHex(graynf(n), 0xff030303, 'grayn float');
});

test('h/s/b: LX RGB → HSB extraction in float32', () => {
  assert.equal(h(0xffff0000), 0);
  assert.equal(h(0xff00ff00), 120);
  assert.equal(h(0xff0000ff), 240);
  assert.equal(h(0xffff00ff), 300);
  assert.equal(h(0xffff8000), 30.117645263671875, 'float32 result, not 30.1176470…');
  assert.equal(h(0xff808080), 0, 'gray has hue 0');
  assert.equal(h(0xff000000), 0, 'black has hue 0');
  assert.equal(h(0xff408040), 120);
  assert.equal(s(0xff808040), 50);
  assert.equal(s(0xff000000), 0);
  assert.equal(s(0xffffffff), 0);
  assert.equal(s(0xffff0000), 100);
  assert.equal(b(0xffffffff), 100);
  assert.equal(b(0xff808080), 50.19607925415039, 'float32 of 128 · (100f / 255f)');
  assert.equal(b(0x00000000), 0);
});

test('h/s/b ignore the alpha byte', () => {
  assert.equal(h(0x00ff8000), h(0xffff8000));
  assert.equal(s(0x12808040), 50);
  assert.equal(b(0x00ffffff), 100);
});

test('luminosity: ((3r + 4g + b) >> 3) · (100f / 255f)', () => {
  assert.equal(luminosity(0xffffffff), 100);
  assert.equal(luminosity(0xff00ff00), 49.80392074584961, '1020 >> 3 = 127');
  assert.equal(luminosity(0xffff0000), Math.fround(95 * Math.fround(100 / 255)), '765 >> 3 = 95');
  assert.equal(luminosity(0xff0000ff), Math.fround(31 * Math.fround(100 / 255)), '255 >> 3 = 31');
});

test('scaleBrightness = multiply(c, grayn(amt), 256)', () => {
  eqHex(scaleBrightness(0xff808080, 0.5), 0xff3f3f3f, '127 · 129 >> 8 = 63');
  eqHex(scaleBrightness(0xff102030, 1), 0xff102030, 'amt 1 keeps the color');
  eqHex(scaleBrightness(0xff102030, 0), 0xff000000, 'amt 0 is black');
  eqHex(scaleBrightnessf(0xffffffff, Math.fround(3 / 255.9)), 0xff030303, 'float overload uses graynf');
  eqHex(scaleBrightness(0xffffffff, Math.fround(3 / 255.9)), 0xff020202, 'double overload uses grayn');
});

test('javaInt: truncation toward zero, NaN → 0, saturating', () => {
  assert.equal(javaInt(2.9), 2);
  assert.equal(javaInt(-2.9), -2);
  assert.equal(javaInt(Number.NaN), 0);
  assert.equal(javaInt(1e12), 2147483647);
  assert.equal(javaInt(-1e12), -2147483648);
});

test('javaRoundf: Math.round(float), ties toward +∞', () => {
  assert.equal(javaRoundf(0.5), 1);
  assert.equal(javaRoundf(1.5), 2);
  assert.equal(javaRoundf(2.5), 3);
  assert.equal(javaRoundf(-0.5), 0);
  assert.equal(javaRoundf(-1.5), -1);
  assert.equal(javaRoundf(Math.fround(0.49999997)), 0, 'the largest float below 0.5 rounds down (JDK 7+)');
  assert.equal(javaRoundf(Number.NaN), 0);
});
