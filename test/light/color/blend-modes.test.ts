import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_BLENDS,
  CHANNEL_BLENDS,
  CROSSFADER_BLENDS,
  TRANSITION_BLENDS,
  createBlend,
  isBlendName,
  type BlendName,
} from '../../../src/light/color/blend-modes.js';
import {
  add,
  blendMask,
  burn,
  darkest,
  difference,
  dodge,
  highlight,
  lerp,
  lightest,
  multiply,
  screen,
  spotlight,
  subtract,
} from '../../../src/light/color/blend-kernel.js';

type Kernel = (dst: number, src: number, alpha: number) => number;
const hex = (c: number): string => c.toString(16).padStart(8, '0');
const hexes = (a: Uint32Array): string[] => Array.from(a, hex);

const KERNEL_OF: Readonly<Record<Exclude<BlendName, 'Dissolve'>, Kernel>> = {
  Normal: lerp,
  Add: add,
  Subtract: subtract,
  Multiply: multiply,
  Screen: screen,
  Lightest: lightest,
  Darkest: darkest,
  Difference: difference,
  Dodge: dodge,
  Burn: burn,
  Highlight: highlight,
  Spotlight: spotlight,
};

function buffers(n: number, seed: number): { dst: Uint32Array; src: Uint32Array } {
  let a = seed >>> 0;
  const next = (): number => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a;
  };
  const dst = new Uint32Array(n);
  const src = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    dst[i] = next();
    src[i] = i % 3 === 0 ? (next() | 0xff000000) >>> 0 : next();
  }
  return { dst, src };
}

test('registry lists in LX order (saved files store the index)', () => {
  assert.deepEqual(CHANNEL_BLENDS, ['Add', 'Multiply', 'Subtract', 'Difference', 'Normal', 'Dodge', 'Burn', 'Highlight', 'Spotlight', 'Lightest', 'Darkest']);
  assert.deepEqual(TRANSITION_BLENDS, ['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference']);
  assert.deepEqual(CROSSFADER_BLENDS, ['Dissolve', 'Add', 'Multiply', 'Lightest', 'Darkest', 'Difference']);
  assert.ok(!CHANNEL_BLENDS.includes('Screen') && !TRANSITION_BLENDS.includes('Screen'), 'Screen is in no list');
  assert.ok(!CHANNEL_BLENDS.includes('Dissolve'), 'Dissolve is not a channel blend');
  assert.ok(Object.isFrozen(CHANNEL_BLENDS));
});

test('createBlend: every name, display name preserved, fresh instance each call', () => {
  for (const name of ALL_BLENDS) {
    const b = createBlend(name);
    assert.equal(b.name, name);
    assert.notEqual(createBlend(name), b, 'LX gives every bus its own instance');
  }
  assert.equal(createBlend('Screen').name, 'Screen', 'Screen available by name');
  assert.throws(() => createBlend('Lighten' as BlendName), /unknown blend "Lighten"/);
  assert.ok(isBlendName('Darkest'));
  assert.ok(!isBlendName('Darken'));
});

test('every kernel blend over the whole buffer equals its per-pixel kernel at (int)(alpha·256)', () => {
  const { dst, src } = buffers(257, 11);
  for (const alpha of [0, 0.25, 0.42, 0.5, 0.999, 1]) {
    const mask = blendMask(alpha);
    for (const name of Object.keys(KERNEL_OF) as Array<keyof typeof KERNEL_OF>) {
      const out = new Uint32Array(dst.length);
      createBlend(name).blend(dst, src, alpha, out, null);
      const k = KERNEL_OF[name];
      const expected = Uint32Array.from(dst, (d, i) => k(d, src[i], mask));
      assert.deepEqual(hexes(out), hexes(expected), `${name} @ ${alpha}`);
    }
  }
});

test('with an index list only the listed points are written; the rest keep their previous value', () => {
  const { dst, src } = buffers(64, 12);
  const indices = Int32Array.from([0, 5, 6, 31, 63]);
  const listed = new Set(indices);
  for (const name of ALL_BLENDS) {
    const out = new Uint32Array(dst.length).fill(0x12345678);
    const whole = new Uint32Array(dst.length);
    const b = createBlend(name);
    b.blend(dst, src, 0.7, out, indices);
    b.blend(dst, src, 0.7, whole, null);
    for (let i = 0; i < out.length; i++) {
      if (listed.has(i)) assert.equal(hex(out[i]), hex(whole[i]), `${name}: listed point ${i}`);
      else assert.equal(hex(out[i]), '12345678', `${name}: point ${i} outside the view untouched`);
    }
  }
});

test('an empty index list writes nothing', () => {
  const { dst, src } = buffers(8, 13);
  for (const name of ALL_BLENDS) {
    const out = new Uint32Array(8).fill(7);
    createBlend(name).blend(dst, src, 1, out, new Int32Array(0));
    assert.deepEqual(Array.from(out), [7, 7, 7, 7, 7, 7, 7, 7], name);
  }
});

test('out may alias dst (the mixer blends in place)', () => {
  const { dst, src } = buffers(100, 14);
  for (const name of ALL_BLENDS) {
    const expected = new Uint32Array(dst.length);
    createBlend(name).blend(dst, src, 0.6, expected, null);
    const inPlace = dst.slice();
    createBlend(name).blend(inPlace, src, 0.6, inPlace, null);
    assert.deepEqual(hexes(inPlace), hexes(expected), name);
  }
});

test('Dissolve: alpha 0 is dst, alpha 1 is a 50/50 mix, output stays opaque', () => {
  const dissolve = createBlend('Dissolve');
  const dst = Uint32Array.from([0xff000000, 0xff102030, 0xffffffff]);
  const src = Uint32Array.from([0xffffffff, 0xffa0b0c0, 0xff000000]);
  const out = new Uint32Array(3);
  dissolve.blend(dst, src, 0, out, null);
  assert.deepEqual(hexes(out), hexes(dst), 'alpha 0');
  dissolve.blend(dst, src, 1, out, null);
  // sA = 128, dA = 128 → both terms scaled by (128·…) >> 8 after the ≥127 bump.
  assert.deepEqual(hexes(out), ['ff7f7f7f', 'ff586878', 'ff7f7f7f'], 'alpha 1');
  dissolve.blend(dst, src, 0.5, out, null);
  // sA = 64, dA = 192: inner a = 191 → sA' 192; outer a = 63 → sA' 63.
  assert.deepEqual(hexes(out), ['ff3e3e3e', 'ff334353', 'ffbfbfbf'], 'alpha 0.5');
});

test('Dissolve output alpha adds raw alphas (golden crossfader_ab frame 0 depends on it)', () => {
  // LX 1.2.1 crossfader_ab, frame 0: crossfader 1/60, Dissolve lerp(A, B), then ADD onto the main stack at 1.
  // Where B is black the gradient's 255 channel reads 251 in the golden frame: (255·252) >> 8. Were the
  // dissolved alpha the scaled 254, the ADD would use sA 255 and give 250.
  const dissolve = createBlend('Dissolve');
  const from = Uint32Array.from([0xffff6a00]);
  const to = Uint32Array.from([0xff000000]);
  const mixed = new Uint32Array(1);
  dissolve.lerp(from, to, 1 / 60, mixed, null);
  assert.equal(hex(mixed[0]), 'fffb6800');
  const main = Uint32Array.from([0xff000000]);
  createBlend('Add').blend(main, mixed, 1, main, null);
  assert.equal(hex(main[0]), 'fffb6800');
});

test('Dissolve through lerp() is a linear cross-fade from → to', () => {
  const dissolve = createBlend('Dissolve');
  const from = Uint32Array.from([0xffffffff]);
  const to = Uint32Array.from([0xff000000]);
  const out = new Uint32Array(1);
  const at = (amt: number): string => {
    dissolve.lerp(from, to, amt, out, null);
    return hex(out[0]);
  };
  assert.equal(at(0), 'ffffffff', 'amt 0 = from');
  assert.equal(at(0.25), 'ffbfbfbf', 'amt 0.25 = blend(from, to, 0.5)');
  assert.equal(at(0.5), 'ff7f7f7f', 'amt 0.5 = blend(from, to, 1)');
  assert.equal(at(0.75), 'ff3e3e3e', 'amt 0.75 = blend(to, from, 0.5)');
  assert.equal(at(1), 'ff000000', 'amt 1 = to');
});

test('lerp(): amt ≤ 0.5 blends to over from at 2·amt; above, from over to at 2·(1 − amt)', () => {
  const addBlend = createBlend('Add');
  const from = Uint32Array.from([0xff400000]);
  const to = Uint32Array.from([0xff000040]);
  const out = new Uint32Array(1);
  addBlend.lerp(from, to, 0.25, out, null);
  assert.equal(hex(out[0]), hex(add(0xff400000, 0xff000040, 128)), 'first half: add(from, to, 0.5)');
  addBlend.lerp(from, to, 0.5, out, null);
  assert.equal(hex(out[0]), 'ff400040', 'amt exactly 0.5 takes the first branch: add(from, to, 1)');
  addBlend.lerp(from, to, 0.75, out, null);
  assert.equal(hex(out[0]), hex(add(0xff000040, 0xff400000, 128)), 'second half: add(to, from, 0.5)');
  addBlend.lerp(from, to, 1, out, null);
  assert.equal(hex(out[0]), 'ff000040', 'amt 1 = to alone');
  // The index list passes through.
  const big = Uint32Array.from([0xff400000, 0xff400000]);
  const bigTo = Uint32Array.from([0xff000040, 0xff000040]);
  const bigOut = Uint32Array.from([1, 1]);
  addBlend.lerp(big, bigTo, 1, bigOut, Int32Array.from([1]));
  assert.deepEqual(hexes(bigOut), ['00000001', 'ff000040']);
});

test('channel blend at fader 0.42 uses mask 107', () => {
  const out = new Uint32Array(1);
  createBlend('Add').blend(Uint32Array.from([0xff000000]), Uint32Array.from([0xffffffff]), 0.42, out, null);
  // a = (255·107) >> 8 = 106 → sA 106 → (255·106) >> 8 = 105.
  assert.equal(hex(out[0]), 'ff696969');
});
