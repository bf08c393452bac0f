import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLEND_ALPHA_FULL,
  BLEND_ALPHA_HALF,
  ColorBlend,
  add,
  addOpaqueFull,
  blend,
  blendMask,
  blendMaskf,
  burn,
  darkest,
  difference,
  dodge,
  highlight,
  lerp,
  lightest,
  lightestOpaqueFull,
  multiply,
  screen,
  spotlight,
  subtract,
} from '../../../src/light/color/blend-kernel.js';

type Kernel = (dst: number, src: number, alpha: number) => number;
const hex = (c: number): string => c.toString(16).padStart(8, '0');
const eqHex = (actual: number, expected: number, what: string): void => assert.equal(hex(actual), hex(expected), what);

const KERNELS: ReadonlyArray<readonly [string, Kernel]> = [
  ['lerp', lerp],
  ['add', add],
  ['subtract', subtract],
  ['multiply', multiply],
  ['screen', screen],
  ['lightest', lightest],
  ['darkest', darkest],
  ['difference', difference],
  ['dodge', dodge],
  ['burn', burn],
  ['highlight', highlight],
  ['spotlight', spotlight],
];

// Deterministic 32-bit generator (mulberry32) for property tests.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
const rgbOf = (c: number): number => c & 0x00ffffff;

test('§11.3 vectors: dst ff808080, src ff404040', () => {
  const d = 0xff808080;
  const s = 0xff404040;
  const full = blendMask(1);
  eqHex(lerp(d, s, full), 0xff404040, 'lerp');
  eqHex(add(d, s, full), 0xffc0c0c0, 'add');
  eqHex(subtract(d, s, full), 0xff404040, 'subtract');
  eqHex(multiply(d, s, full), 0xff202020, 'multiply');
  eqHex(screen(d, s, full), 0xffa0a0a0, 'screen');
  eqHex(lightest(d, s, full), 0xff808080, 'lightest');
  eqHex(darkest(d, s, full), 0xff404040, 'darkest');
  eqHex(difference(d, s, full), 0xff404040, 'difference');
  eqHex(dodge(d, s, full), 0xffaaaaaa, 'dodge');
  eqHex(burn(d, s, full), 0xff000000, 'burn');
  eqHex(highlight(d, s, full), 0xffa0a0a0, 'highlight');
  eqHex(spotlight(d, s, full), 0xffa0a0a0, 'spotlight');
  eqHex(lerp(d, s, blendMask(0.5)), 0xff606060, 'lerp 0.5');
  eqHex(add(d, s, blendMask(0.5)), 0xffa0a0a0, 'add 0.5');
});

test('§11.3 vectors: dst ffff0000, src 80008000 (half-transparent green)', () => {
  const d = 0xffff0000;
  const s = 0x80008000;
  eqHex(lerp(d, s, blendMask(1)), 0xff7e4000, 'lerp');
  eqHex(add(d, s, blendMask(1)), 0xffff4000, 'add');
  eqHex(multiply(d, s, blendMask(1)), 0xff7e0000, 'multiply');
  eqHex(spotlight(d, s, blendMask(1)), 0xffffbf7e, 'spotlight');
  eqHex(lerp(d, s, blendMask(0.5)), 0xffbf2000, 'lerp 0.5');
});

test('§11.3 vectors: dst ff102030, src ffa0b0c0', () => {
  const d = 0xff102030;
  const s = 0xffa0b0c0;
  const full = blendMask(1);
  eqHex(add(d, s, full), 0xffb0d0f0, 'add');
  eqHex(subtract(d, s, full), 0xff000000, 'subtract');
  eqHex(multiply(d, s, full), 0xff0a1624, 'multiply');
  eqHex(screen(d, s, full), 0xffa6bacc, 'screen');
  eqHex(difference(d, s, full), 0xff909090, 'difference');
  eqHex(dodge(d, s, full), 0xff2a66c0, 'dodge');
  eqHex(highlight(d, s, full), 0xff1a3654, 'highlight');
  eqHex(spotlight(d, s, full), 0xff2e4154, 'spotlight');
  eqHex(lerp(d, s, blendMask(0.5)), 0xff586878, 'lerp 0.5');
  eqHex(add(d, s, blendMask(0.5)), 0xff607890, 'add 0.5');
});

test('output alpha is min(255, dst alpha + RAW src alpha), whatever the blend amount', () => {
  // Hand-computed: a = (0x80·256) >> 8 = 128 → sA 129, dA 127; alpha 0x40 + 0x80.
  eqHex(lerp(0x40102030, 0x80a0b0c0, 256), 0xc0586878, 'lerp full, translucent both');
  // At mask 128: a = 64 → sA 64, dA 192; the alpha byte still adds the raw 0x80, not 64.
  eqHex(lerp(0x40102030, 0x80a0b0c0, 128), 0xc0344454, 'lerp half');
  const next = rng(1);
  for (let n = 0; n < 2000; n++) {
    const d = next();
    const s = next();
    const mask = next() % 257;
    const expected = Math.min(255, (d >>> 24) + (s >>> 24));
    for (const [name, k] of KERNELS) {
      if (name === 'highlight' || name === 'spotlight') continue; // these add an intermediate, see below
      assert.equal(k(d, s, mask) >>> 24, expected, `${name} alpha for ${hex(d)} ${hex(s)} @${mask}`);
    }
    // highlight/spotlight add (dst alpha + src alpha, capped) on top of dst alpha.
    const inner = Math.min(255, (d >>> 24) + (s >>> 24));
    assert.equal(highlight(d, s, mask) >>> 24, Math.min(255, (d >>> 24) + inner), 'highlight alpha');
    assert.equal(spotlight(d, s, mask) >>> 24, Math.min(255, (d >>> 24) + inner), 'spotlight alpha');
  }
});

test('every kernel at alpha 0 leaves the destination RGB unchanged', () => {
  const next = rng(2);
  for (let n = 0; n < 2000; n++) {
    const d = next();
    const s = next();
    for (const [name, k] of KERNELS) assert.equal(hex(rgbOf(k(d, s, 0))), hex(rgbOf(d)), `${name} ${hex(d)} ${hex(s)}`);
  }
});

test('every kernel with a fully transparent source leaves the destination RGB unchanged', () => {
  const next = rng(3);
  for (let n = 0; n < 2000; n++) {
    const d = next();
    const s = next() & 0x00ffffff;
    for (const [name, k] of KERNELS) {
      if (name === 'highlight' || name === 'spotlight') continue; // their intermediate takes dst's alpha
      assert.equal(hex(rgbOf(k(d, s, 256))), hex(rgbOf(d)), `${name} ${hex(d)} ${hex(s)}`);
    }
  }
});

test('lerp at 256 with an opaque source returns the source RGB; add at 0 is the identity', () => {
  const next = rng(4);
  for (let n = 0; n < 2000; n++) {
    const d = next();
    const s = (next() | 0xff000000) >>> 0;
    assert.equal(hex(rgbOf(lerp(d, s, 256))), hex(rgbOf(s)));
    assert.equal(hex(add(d, s, 0)), hex(((Math.min(255, (d >>> 24) + 255) << 24) | rgbOf(d)) >>> 0));
  }
});

test('full-alpha opaque identities: multiply by white, screen/dodge by black, difference symmetric', () => {
  const next = rng(5);
  for (let n = 0; n < 2000; n++) {
    const d = (next() | 0xff000000) >>> 0;
    const s = (next() | 0xff000000) >>> 0;
    eqHex(multiply(d, 0xffffffff, 256), d, 'multiply white');
    eqHex(multiply(d, 0xff000000, 256), 0xff000000, 'multiply black');
    eqHex(screen(d, 0xff000000, 256), d, 'screen black');
    eqHex(screen(d, 0xffffffff, 256), 0xffffffff, 'screen white');
    eqHex(dodge(d, 0xff000000, 256), d, 'dodge black');
    eqHex(difference(d, s, 256), difference(s, d, 256), 'difference symmetric');
    eqHex(difference(d, d, 256), 0xff000000, 'difference self');
    for (let c = 0; c < 24; c += 8) {
      const dc = (d >>> c) & 0xff;
      const sc = (s >>> c) & 0xff;
      assert.equal((lightest(d, s, 256) >>> c) & 0xff, Math.max(dc, sc), 'lightest channel');
      assert.equal((darkest(d, s, 256) >>> c) & 0xff, Math.min(dc, sc), 'darkest channel');
      assert.equal((add(d, s, 256) >>> c) & 0xff, Math.min(255, dc + sc), 'add channel');
      assert.equal((subtract(d, s, 256) >>> c) & 0xff, Math.max(0, dc - sc), 'subtract channel');
    }
  }
});

test('burn divides every channel by 1 + the source BLUE byte (LX quirk)', () => {
  const d = 0xff80c040;
  // Same blue byte, wildly different red/green: identical result.
  eqHex(burn(d, 0xff00ff40, 256), burn(d, 0xffff0040, 256), 'red/green of src are ignored');
  // (255 − 0x80)·256 / 65 = 500 → 255 → 0; (255 − 0xc0)·256/65 = 248 → 7; (255 − 0x40)·256/65 = 846 → 0.
  eqHex(burn(d, 0xffffff40, 256), 0xff000700, 'white-but-blue-0x40 source burns like gray 0x40');
  // Blue 0xff: divisor 256 → x = 255 − (255 − d) = d → unchanged.
  eqHex(burn(d, 0xff0000ff, 256), d, 'blue 0xff keeps dst');
});

test('dodge clamps at 255 and spares the destination when the source is 0', () => {
  eqHex(dodge(0xff808080, 0xffffffff, 256), 0xffffffff, '128·256/1 clamps');
  eqHex(dodge(0xff000000, 0xffffffff, 256), 0xff000000, '0 stays 0');
});

test('highlight = add(dst, multiply(dst, src)); spotlight uses the gray of dst max', () => {
  const next = rng(6);
  for (let n = 0; n < 1000; n++) {
    const d = next();
    const s = next();
    const mask = next() % 257;
    eqHex(highlight(d, s, mask), add(d, multiply(d, s, 256), mask), 'highlight');
    const m = Math.max((d >>> 16) & 0xff, (d >>> 8) & 0xff, d & 0xff);
    const g = ((d & 0xff000000) | (m << 16) | (m << 8) | m) >>> 0;
    eqHex(spotlight(d, s, mask), add(d, multiply(g, s, 256), mask), 'spotlight');
  }
});

test('alpha prologue: a = ((srcA · mask) >> 8) & 0xff, with the ≥127 bump', () => {
  // srcA 0x7f at full: a = 127 → sA = 128 (bumped): exact half.
  eqHex(lerp(0xff000000, 0x7fffffff, 256), 0xff7f7f7f, '255·128 >> 8 = 127');
  // srcA 0x7e: a = 126 → sA = 126 (no bump).
  eqHex(lerp(0xff000000, 0x7effffff, 256), 0xff7d7d7d, '255·126 >> 8 = 125');
  // Odd masks behave like Java ints: mask 512 → a = (255·2) & 0xff = 254 → sA 255.
  eqHex(lerp(0xff000000, 0xffffffff, 512), 0xfffefefe, 'mask 512 wraps through & 0xff');
});

test('blendMask: (int)(alpha · 256) in double; blendMaskf rounds alpha to float first', () => {
  assert.equal(blendMask(1), BLEND_ALPHA_FULL);
  assert.equal(blendMask(0.5), BLEND_ALPHA_HALF);
  assert.equal(blendMask(0.999), 255);
  assert.equal(blendMask(0.42), 107);
  assert.equal(blendMask(-0.001), 0);
  assert.equal(blendMask(Number.NaN), 0);
  assert.equal(blendMask(1e10), 2147483647);
  assert.equal(blendMask(0.99999999), 255);
  assert.equal(blendMaskf(0.99999999), 256, 'float(0.99999999) is 1.0f');
});

test('LXColor.blend(dst, src, Blend) runs the enum mode at full alpha', () => {
  const d = 0xff102030;
  const s = 0x80a0b0c0;
  const cases: ReadonlyArray<readonly [ColorBlend, Kernel]> = [
    [ColorBlend.LERP, lerp],
    [ColorBlend.ADD, add],
    [ColorBlend.SUBTRACT, subtract],
    [ColorBlend.MULTIPLY, multiply],
    [ColorBlend.SCREEN, screen],
    [ColorBlend.LIGHTEST, lightest],
    [ColorBlend.DARKEST, darkest],
    [ColorBlend.DODGE, dodge],
    [ColorBlend.BURN, burn],
    [ColorBlend.HIGHLIGHT, highlight],
    [ColorBlend.SPOTLIGHT, spotlight],
  ];
  assert.deepEqual(
    cases.map(([m]) => m),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    'LX ordinal order',
  );
  for (const [mode, k] of cases) eqHex(blend(d, s, mode), k(d, s, 256), `mode ${mode}`);
  assert.throws(() => blend(d, s, 11 as ColorBlend), RangeError);
});

test('results are uint32 (never negative) for every kernel', () => {
  const next = rng(7);
  for (let n = 0; n < 2000; n++) {
    const d = next();
    const s = next();
    for (const [name, k] of KERNELS) {
      const v = k(d, s, next() % 257);
      assert.ok(Number.isInteger(v) && v >= 0 && v <= 0xffffffff, `${name} → ${v}`);
    }
  }
});

test('addOpaqueFull and lightestOpaqueFull equal add and lightest at full alpha for every opaque source', () => {
  const next = rng(0x5eed);
  const bytes = [0, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff];
  const check = (dst: number, src: number): void => {
    const opaque = (src | 0xff000000) >>> 0;
    eqHex(addOpaqueFull(dst, opaque), add(dst, opaque, BLEND_ALPHA_FULL), `${hex(dst)} + ${hex(opaque)}`);
    eqHex(lightestOpaqueFull(dst, opaque), lightest(dst, opaque, BLEND_ALPHA_FULL), `lightest(${hex(dst)}, ${hex(opaque)})`);
  };
  for (const a of bytes)
    for (const b of bytes)
      for (const alpha of [0, 0x80, 0xff]) {
        check(((alpha << 24) | (a << 16) | (b << 8) | a) >>> 0, ((b << 16) | (a << 8) | b) >>> 0);
      }
  for (let i = 0; i < 200000; i++) check(next(), next());
});
