// Stock effects on hand-computed vectors: each expected value below is worked out from LX's
// formula (reference §10.3, §11) in the comment beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BooleanParameter } from '../../../src/engine/parameters/boolean.js';
import { SeededRandom } from '../../../src/engine/random.js';
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import type { Effect } from '../../../src/light/devices/effects/effect.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { BlurEffect } from '../../../src/light/devices/effects/blur-effect.js';
import { ColorMaskEffect } from '../../../src/light/devices/effects/color/color-mask-effect.js';
import { ColorizeEffect } from '../../../src/light/devices/effects/color/colorize-effect.js';
import { DynamicsEffect } from '../../../src/light/devices/effects/dynamics-effect.js';
import { FreezeEffect } from '../../../src/light/devices/effects/freeze-effect.js';
import { HueSaturationEffect } from '../../../src/light/devices/effects/hue-saturation-effect.js';
import { InvertEffect } from '../../../src/light/devices/effects/invert-effect.js';
import { LinearMaskEffect } from '../../../src/light/devices/effects/linear-mask-effect.js';
import { SparkleEffect } from '../../../src/light/devices/effects/sparkle-effect.js';
import { StrobeEffect } from '../../../src/light/devices/effects/strobe-effect.js';
import { TransparifyEffect } from '../../../src/light/devices/effects/color/transparify-effect.js';
import type { LoadContext, LxObject } from '../../../src/light/component/lxp-types.js';
import { StubEngine, fixedPalette, hex, points, step } from './harness.js';

const px = (...colors: number[]): Uint32Array => Uint32Array.from(colors);
const eqHex = (actual: Uint32Array, expected: number[], what: string): void => assert.deepEqual(Array.from(actual, hex), expected.map(hex), what);

test('Invert: round(lerp(c, 255 − c, amount × channel)), alpha kept', () => {
  const fx = new StubEngine().adopt(new InvertEffect());
  fx.amount.setValue(0.8);
  fx.greenAmount.setValue(0.5);
  fx.blueAmount.setValue(0);
  // r: 100 + 55·0.8 = 144 (0x90); g: 100 + 55·0.4 = 122 (0x7a); b: amount 0 → 100 (0x64)
  eqHex(step(fx, px(0x80646464), points(1)), [0x80907a64], 'partial inversion');
  fx.amount.setValue(1);
  fx.greenAmount.setValue(1);
  fx.blueAmount.setValue(1);
  eqHex(step(fx, px(0xff102030), points(1)), [0xffefdfcf], 'full inversion: 255 − c');
  fx.amount.setValue(0);
  eqHex(step(fx, px(0xff102030), points(1)), [0xff102030], 'amount 0 leaves the frame alone');
});

test('Invert: ties round up (lerp(i, 255 − i, ½) = 127.5 → 128)', () => {
  const fx = new StubEngine().adopt(new InvertEffect());
  fx.amount.setValue(0.5);
  // i = 0: 0 + 255·½ = 127.5 → 128; i = 255: 255 − 255·½ = 127.5 → 128 (Java's Math.round)
  eqHex(step(fx, px(0xff000000, 0xffffffff), points(2)), [0xff808080, 0xff808080], 'both ends meet at 128');
});

test('Invert: scales by the enabled amount while the effect ramps in', () => {
  const fx = new StubEngine().adopt(new InvertEffect());
  fx.enabled.setOn(false);
  fx.settle();
  fx.enabled.setOn(true);
  // first frame after switching on: enabledAmount = 16.67 / 250 = 1/15; lerp(0, 255, 1/15) = 17
  eqHex(step(fx, px(0xff000000), points(1)), [0xff111111], 'one fifteenth of the way');
});

test('Hue + Saturation: rebuilt through hsb(), so alpha becomes 255', () => {
  const fx = new StubEngine().adopt(new HueSaturationEffect());
  fx.hue.setValue(120);
  // blue (240°) + 120° = 360° → red; the half-transparent input comes back opaque
  eqHex(step(fx, px(0x400000ff), points(1)), [0xffff0000], 'hue shift');
  fx.hue.setValue(0);
  fx.saturation.setValue(-50);
  // hsb(240, 50, 100): sector 4, p = t = 255·0.5 + 0.5 = 128 → (128, 128, 255)
  eqHex(step(fx, px(0xff0000ff), points(1)), [0xff8080ff], 'saturation −50');
  fx.saturation.setValue(0);
  fx.brightness.setValue(-50);
  // hsb(240, 100, 50): b255 = 127.5 → blue int(128.0) = 128
  eqHex(step(fx, px(0xff0000ff), points(1)), [0xff000080], 'brightness −50, clamped to 0..100');
  fx.brightness.setValue(100);
  eqHex(step(fx, px(0xff000080), points(1)), [0xff0000ff], 'brightness clamps at 100 (no byte spill)');
});

test('Dynamics: gate, ceiling, floor and per-channel amounts shape the 256-entry curve', () => {
  const fx = new StubEngine().adopt(new DynamicsEffect());
  fx.gate.setValue(0.5);
  step(fx, px(0), points(1));
  const t = fx.lookupTable;
  for (let i = 0; i <= 127; i++) assert.equal(t[i], 0, `gate 0.5: level ${i} is gated`);
  assert.equal(t[255], 255, 'full scale stays full');
  fx.gate.setValue(0);
  fx.ceiling.setValue(0.5);
  step(fx, px(0), points(1));
  assert.equal(t[255], 127, 'ceiling 0.5: (int) 127.5');
  fx.ceiling.setValue(1);
  fx.floor.setValue(0.2);
  step(fx, px(0), points(1));
  assert.equal(t[0], 51, 'floor 0.2: 255 × 0.2 = 51');
  // red amount 0 keeps red as it is; the curve applies to green and blue
  fx.redAmount.setValue(0);
  eqHex(step(fx, px(0x80000000), points(1)), [0x80003333], 'floor lifts green and blue only; alpha kept');
});

test('Dynamics: the curve is rebuilt when a modulated value moves, without a base-value change', () => {
  const fx = new StubEngine().adopt(new DynamicsEffect());
  step(fx, px(0), points(1));
  const before = Array.from(fx.lookupTable);
  let amount = 0;
  fx.gate.addModulation({ modulationAmount: () => amount });
  step(fx, px(0), points(1));
  assert.deepEqual(Array.from(fx.lookupTable), before, 'zero modulation: same curve');
  amount = 0.5;
  eqHex(step(fx, px(0xff404040), points(1)), [0xff000000], 'gate modulated to 0.5: level 64 is gated');
  assert.equal(fx.gate.getBaseValue(), 0, 'the base value never moved');
});

test('Transparify: alpha ← lerp(alpha, 0, amount·(1 − lerp(0, s/threshold, feather))) at or below the threshold', () => {
  const fx = new StubEngine().adopt(new TransparifyEffect());
  fx.threshold.setValue(0.4);
  fx.feather.setValue(0.5);
  fx.amount.setValue(0.9);
  // brightness of 0x33 = 20 % → s = 0.2; 0.9·(1 − 0.5·0.5) = 0.675; round(255 − 255·0.675) = round(82.875) = 83
  eqHex(step(fx, px(0xff333333, 0xff808080), points(2)), [0x53333333, 0xff808080], 'dim pixel fades; bright pixel kept');
});

test('Transparify: LX quirk — threshold 0 makes a black pixel fully transparent (0/0)', () => {
  const fx = new StubEngine().adopt(new TransparifyEffect());
  eqHex(step(fx, px(0xff000000, 0xff010101), points(2)), [0x00000000, 0xff010101], 'only exact black');
});

test('Color Mask: mode(pixel, color, depth × enabled); the color may follow the palette', () => {
  const engine = new StubEngine(
    fixedPalette([
      { h: 0, s: 100, b: 100 },
      { h: 120, s: 100, b: 100 },
    ]),
  );
  const fx = engine.adopt(new ColorMaskEffect());
  fx.color.brightness.setValue(50);
  // hsb(0, 0, 50) = ff808080; multiply(ffffffff, ff808080) = (128·256) >> 8 = 128
  eqHex(step(fx, px(0xffffffff), points(1)), [0xff808080], 'multiply by gray');
  fx.depth.setValue(0.5);
  // mask 128 → sA 128: (255·128 + 128·128) >> 8 = 191
  eqHex(step(fx, px(0xffffffff), points(1)), [0xffbfbfbf], 'half depth');
  fx.depth.setValue(1);
  fx.color.mode.setValue(1);
  fx.color.index.setValue(2);
  eqHex(step(fx, px(0xffffffff), points(1)), [0xff00ff00], 'palette color 2 (green)');
  fx.mode.setValue(6); // Lerp
  eqHex(step(fx, px(0xff0000ff), points(1)), [0xff00ff00], 'lerp to the color');
});

test('Colorize: Fixed maps the source level from color 1 to color 2 and keeps alpha', () => {
  const fx = new StubEngine().adopt(new ColorizeEffect());
  // defaults: black → white, RGB; brightness 1 → white, alpha 0x80 kept
  eqHex(step(fx, px(0x80ff0000), points(1)), [0x80ffffff], 'red is at full brightness');
  fx.color2.hue.setValue(240);
  fx.color2.saturation.setValue(100);
  // brightness of 0x808080 = 50.196 % → t = 0.50196; blue: round(255·t) = 128
  eqHex(step(fx, px(0xff808080), points(1)), [0xff000080], 'half way to blue');
});

test('Colorize: the filter threshold leaves, blacks out or clears low pixels and rescales the rest', () => {
  const fx = new StubEngine().adopt(new ColorizeEffect());
  fx.filterThreshold.setValue(0.5);
  const input = (): Uint32Array => px(0xff202020, 0xffffffff);
  eqHex(step(fx, input(), points(2)), [0xff202020, 0xffffffff], 'Leave');
  fx.filterMode.setValue(1);
  eqHex(step(fx, input(), points(2)), [0xff000000, 0xffffffff], 'Black');
  fx.filterMode.setValue(2);
  eqHex(step(fx, input(), points(2)), [0x00000000, 0xffffffff], 'Clear');
});

test('Colorize: Palette runs consecutive swatch colors; depth and invert reshape the lookup', () => {
  const engine = new StubEngine(
    fixedPalette([
      { h: 0, s: 100, b: 100 },
      { h: 240, s: 100, b: 100 },
    ]),
  );
  const fx = engine.adopt(new ColorizeEffect());
  fx.colorMode.setValue(3);
  fx.paletteStops.setValue(2);
  eqHex(step(fx, px(0xffffffff, 0xff000000), points(2)), [0xff0000ff, 0xffff0000], 'white → last stop (blue), black → first (red)');
  fx.paletteInvert.setOn(true);
  eqHex(step(fx, px(0xffffffff), points(1)), [0xffff0000], 'inverted');
  fx.paletteInvert.setOn(false);
  fx.paletteDepth.setValue(0.5);
  // t = 0.5: RGB lerp red → blue: round(127.5) = 128 in red and blue
  eqHex(step(fx, px(0xffffffff), points(1)), [0xff800080], 'depth 0.5 stops half way');
});

test('Colorize: Linked starts from the palette color plus linked offsets; Relative from color 1', () => {
  const engine = new StubEngine(fixedPalette([{ h: 120, s: 100, b: 100 }]));
  const fx = engine.adopt(new ColorizeEffect());
  fx.colorMode.setValue(2);
  fx.gradientBrightness.setValue(-100);
  eqHex(step(fx, px(0xff000000, 0xffffffff), points(2)), [0xff00ff00, 0xff000000], 'black → palette green, white → green − 100 % brightness');
  assert.equal(fx.color1.hue.getValue(), 120, 'Linked shows the palette color as color 1');
  const rel = new StubEngine().adopt(new ColorizeEffect());
  rel.colorMode.setValue(1);
  rel.blendMode.setValue(1); // HSV
  rel.color1.saturation.setValue(100);
  rel.color1.brightness.setValue(100);
  rel.gradientHue.setValue(120);
  eqHex(step(rel, px(0xffffffff), points(1)), [0xff00ff00], 'red + 120° = green at full level');
  assert.equal(rel.color2.hue.getValue(), 120, 'Relative shows color 1 + offsets as color 2');
});

test('Colorize: amount < 1 lerps from the original', () => {
  const fx = new StubEngine().adopt(new ColorizeEffect());
  fx.amount.setValue(0.5);
  // colorized ff0000 (brightness 1) → white; lerp(ff0000ff... ): mask 128 → (255·128 + 255·128) >> 8 = 255 red, (0 + 255·128) >> 8 = 127
  eqHex(step(fx, px(0xffff0000), points(1)), [0xffff7f7f], 'half colorized');
});

test('Linear Mask: Outer fade along y: mask = 255 − (255 / fade)·(d − size)', () => {
  const fx = new StubEngine().adopt(new LinearMaskEffect());
  const pts = points(4, 0, { yn: [0.25, 0.625, 0.75, 1] });
  // falloff 1020. yn 0.25: inside → untouched. 0.625: 255 − 127.5 → 127, alpha 128: (255·127) >> 8 = 126.
  // 0.75 and 1: mask 0 → alpha 255 → black
  eqHex(step(fx, px(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff), pts), [0xffffffff, 0xff7e7e7e, 0xff000000, 0xff000000], 'fade');
  fx.invert.setOn(true);
  eqHex(step(fx, px(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff), pts), [0xff000000, 0xff7f7f7f, 0xffffffff, 0xffffffff], 'inverted: alpha = mask');
  fx.invert.setOn(false);
  fx.mask.setValue(1);
  eqHex(
    step(fx, px(0xff000000, 0xff000000, 0xff000000, 0xff000000), pts),
    [0xff000000, 0xff808080, 0xffffffff, 0xffffffff],
    'whiteout: lightest with gray(alpha)',
  );
  fx.mask.setValue(0);
  fx.cue.setOn(true);
  eqHex(step(fx, px(0, 0, 0, 0), pts), [0xffffffff, 0xff7f7f7f, 0xff000000, 0xff000000], 'CUE shows the mask');
});

test('Linear Mask: Inner fade, Pos and Neg distance, Radial axis', () => {
  const fx = new StubEngine().adopt(new LinearMaskEffect());
  fx.fadePosition.setValue(1);
  // base 0: yn 0.375 → 0 − 1020·(−0.125) = 127.5 → 127 → alpha 128 → 126
  eqHex(step(fx, px(0xffffffff), points(1, 0, { yn: [0.375] })), [0xff7e7e7e], 'inner');
  fx.fadePosition.setValue(0);
  fx.offset.setValue(1);
  fx.mode.setValue(1); // Pos: p − o = −0.75 < size: untouched
  eqHex(step(fx, px(0xffffffff), points(1, 0, { yn: [0.25] })), [0xffffffff], 'pos');
  fx.mode.setValue(2); // Neg: o − p = 0.75 → black
  eqHex(step(fx, px(0xffffffff), points(1, 0, { yn: [0.25] })), [0xff000000], 'neg');
  fx.mode.setValue(0);
  fx.offset.setValue(0);
  fx.axis.setValue(3);
  eqHex(step(fx, px(0xffffffff, 0xffffffff), points(2, 0, { yn: [1, 0], rcn: [0.25, 1] })), [0xffffffff, 0xff000000], 'radial reads rcn');
});

test('Blur: the buffer decays by factor^(Δt/decay), takes the lightest of itself and the frame, and mixes back at level', () => {
  const fx = new StubEngine().adopt(new BlurEffect());
  fx.level.setValue(1);
  const pts = points(1);
  // Δt = 1000 ms, decay 1 s, factor 0.5: gray byte int(0.5·255.9) = 127
  eqHex(step(fx, px(0xff808080), pts, 1000), [0xff808080], 'first frame: the buffer is the frame');
  // 0x80 → (127·129) >> 8 = 63; mixed at level 1 → the buffer
  eqHex(step(fx, px(0xff000000), pts, 1000), [0xff3f3f3f], 'decayed trail');
  fx.level.setValue(0.5);
  // 63 → (127·64) >> 8 = 31; lerp(black, 31, mask 128) = (31·128) >> 8 = 15
  eqHex(step(fx, px(0xff000000), pts, 1000), [0xff0f0f0f], 'half level');
  fx.level.setValue(0);
  eqHex(step(fx, px(0xff000000), pts, 1000), [0xff000000], 'level 0 leaves the frame alone');
});

test('Blur: a decay too slow to move a byte still drops it by one per frame, so trails end', () => {
  const fx = new StubEngine().adopt(new BlurEffect());
  fx.level.setValue(1);
  fx.decay.setValue(60);
  fx.decayFactor.setValue(0.99);
  const pts = points(1);
  eqHex(step(fx, px(0xff030303), pts), [0xff030303], 'fill');
  const trail: string[] = [];
  for (let f = 0; f < 4; f++) trail.push(hex(step(fx, px(0xff000000), pts)[0]));
  assert.deepEqual(trail, ['ff020202', 'ff010101', 'ff000000', 'ff000000']);
});

test('Blur: a color whose channels all stall drops each by one; a stalled channel beside a decaying one holds (LX master_chain)', () => {
  const fx = new StubEngine().adopt(new BlurEffect());
  fx.level.setValue(1);
  fx.mode.setValue(1); // Add: the frame plus the buffer at level 1
  fx.decay.setValue(0.6);
  fx.decayFactor.setValue(0.5);
  const pts = points(1);
  const dt = 1000 / 60; // gray byte int(0.5^(dt/600)·255.9) = 251: bytes up to 50 stall, (251·(v + 1)) >> 8 = v
  // Green 48 stalls, blue 255 decays to 251: the color changed, so green keeps 48 frame after frame.
  step(fx, px(0xff0030ff), pts, dt);
  const held: string[] = [];
  for (let f = 0; f < 3; f++) held.push(hex(step(fx, px(0xff000000), pts, dt)[0]));
  assert.deepEqual(held, ['ff0030fb', 'ff0030f7', 'ff0030f3']);
  // Every channel stalls (0, 3, 7): the whole color steps down by one per channel.
  const fy = new StubEngine().adopt(new BlurEffect());
  fy.level.setValue(1);
  fy.mode.setValue(1);
  fy.decay.setValue(0.6);
  step(fy, px(0xff000307), pts, dt);
  const trail: string[] = [];
  for (let f = 0; f < 3; f++) trail.push(hex(step(fy, px(0xff000000), pts, dt)[0]));
  assert.deepEqual(trail, ['ff000206', 'ff000105', 'ff000004']);
});

test('Blur: Screen mode and the buffer cleared when switched back on', () => {
  const fx = new StubEngine().adopt(new BlurEffect());
  fx.level.setValue(1);
  fx.mode.setValue(2);
  const pts = points(1);
  // screen(40, 40): 64 + 64 − ((64·65) >> 8 = 16) = 112
  eqHex(step(fx, px(0xff404040), pts, 1000), [0xff707070], 'screen');
  fx.enabled.setOn(false);
  for (let f = 0; f < 20; f++) step(fx, px(0xff000000), pts);
  fx.enabled.setOn(true);
  fx.mode.setValue(0);
  for (let f = 0; f < 15; f++) step(fx, px(0xff000000), pts);
  eqHex(step(fx, px(0xff000000), pts), [0xff000000], 'no trail survives a restart');
});

test('Strobe: the clock restarts at 0 when switched on; level = lerp(1, shape, depth) multiplies the points of its view', () => {
  const fx = new StubEngine().adopt(new StrobeEffect());
  // frame 0: basis 0 → sine 0 → lerp(1, 0, 0.5) = 0.5 → gray(50f) = int(127.95) = 127
  eqHex(step(fx, px(0xffffffff, 0xffffffff), points(1)), [0xff7f7f7f, 0xffffffff], 'its own point only (LX loops over its model view)');
  const clock = fx.builtIns.items[0];
  assert.equal(clock.getValue(), 0, 'frame 0 runs at basis 0: the clock advanced, then onEnable reset it');
  step(fx, px(0xffffffff), points(1));
  // speed 0.5 → 0.5 + 4.5·0.5 = 2.75 Hz; frame 1 basis = 16.67 / 363.64
  assert.ok(Math.abs(clock.getValue() - 1000 / 60 / (1000 / 2.75)) < 1e-12, 'clock advanced one frame');
  fx.waveshape.setValue(2); // Square
  fx.depth.setValue(1);
  eqHex(step(fx, px(0xffffffff, 0xffffffff), points(1)), [0xff000000, 0xffffffff], "level 0: the effect's own points go black");
});

test('Strobe: bias powers the shape; tempo sync reads the division basis plus the phase offset', () => {
  const engine = new StubEngine();
  const fx = engine.adopt(new StrobeEffect());
  fx.waveshape.setValue(3); // Up
  fx.bias.setValue(1 / 3); // power 1 + 3·⅓ = 2
  fx.depth.setValue(1);
  assert.equal(fx.compute(0.5), 0.25, 'up(0.5)² = 0.25');
  fx.bias.setValue(0);
  fx.tempoSync.setOn(true);
  engine.tempo = { getBasis: (division) => (division.name === 'QUARTER' ? 0.25 : 0) };
  fx.tempoPhaseOffset.setValue(0.5);
  // up(0.75) = 0.75 → gray(75f) = int(191.925) = 191
  eqHex(step(fx, px(0xffffffff), points(1)), [0xffbfbfbf], 'quarter-note basis 0.25 + 0.5');
});

test('Freeze: lock captures a frame and holds it; release fades back to live', () => {
  const fx = new StubEngine().adopt(new FreezeEffect());
  const pts = points(1);
  fx.lock.setOn(true);
  eqHex(step(fx, px(0xff102030), pts), [0xff102030], 'captured');
  eqHex(step(fx, px(0xff000000), pts), [0xff102030], 'held while locked');
  fx.lock.setOn(false);
  // release 50 ms: basis 1 − 16.67/50 = ⅔ → mask int(170.67) = 170; a = (255·170) >> 8 = 169 → sA 170:
  // (16·170) >> 8 = 10, (32·170) >> 8 = 21, (48·170) >> 8 = 31
  eqHex(step(fx, px(0xff000000), pts), [0xff0a151f], 'fading out');
  step(fx, px(0xff000000), pts);
  eqHex(step(fx, px(0xff000000), pts), [0xff000000], 'live again');
  fx.mode.setValue(2); // Add
  fx.resample.fire();
  fx.hold.setOn(true);
  step(fx, px(0xff010101), pts);
  eqHex(step(fx, px(0xff010101), pts), [0xff020202], 'hold with Add: live + frozen');
});

test('Sparkle: seeded, so the same seed repeats exactly and another seed differs', () => {
  const run = (seed: number): string[] => {
    const fx = new StubEngine().adopt(new SparkleEffect(seed));
    fx.engine.density.setValue(400);
    fx.engine.minInterval.setValue(0.1);
    fx.engine.maxInterval.setValue(0.1);
    const out: string[] = [];
    const pts = points(64);
    for (let f = 0; f < 30; f++) out.push(Array.from(step(fx, new Uint32Array(64).fill(0xffffffff), pts), hex).join(''));
    return out;
  };
  const a = run(1);
  assert.deepEqual(run(1), a, 'same seed, same frames');
  assert.notDeepEqual(run(2), a, 'another seed, other frames');
  assert.ok(
    a.some((frame) => frame !== 'ffffffff'.repeat(64)),
    'Mask mode darkens where nothing sparkles',
  );
});

test('every effect writes only the points of its view', () => {
  const registry = createLibrary();
  const engine = new StubEngine(
    fixedPalette([
      { h: 30, s: 80, b: 90 },
      { h: 200, s: 100, b: 60 },
    ]),
  );
  for (const entry of registry.list('effect')) {
    if (entry.create === undefined) continue;
    const fx = engine.adopt(entry.create() as Effect);
    for (const [key, value] of [
      ['level', 1],
      ['lock', 1],
      ['depth', 1],
      ['threshold', 0.9],
      ['gain', 3],
      ['hue', 90],
      ['xAmount', 1],
      ['amount', 1],
      ['color/brightness', 50],
    ] as const) {
      const p = fx.parameters.get(key);
      if (p instanceof BoundedParameter || p instanceof BooleanParameter) p.setValue(value);
    }
    const buffer = new Uint32Array(16);
    const view = points(8, 4, { xn: [0, 0.1, 0.3, 0.4, 0.6, 0.7, 0.9, 1], yn: [0, 0.2, 0.4, 0.6, 0.8, 1, 0.5, 0.5] });
    let changedInside = false;
    for (let f = 0; f < 30; f++) {
      for (let i = 0; i < 16; i++) buffer[i] = (0xff000000 | Math.imul(i + 1, 0x9e3779b1 + f)) >>> 0;
      const before = buffer.slice();
      step(fx, buffer, view);
      for (let i = 4; i < 12; i++) if (buffer[i] !== before[i]) changedInside = true;
      for (const i of [0, 1, 2, 3, 12, 13, 14, 15]) assert.equal(hex(buffer[i]), hex(before[i]), `${entry.name} frame ${f}: point ${i} is outside its view`);
    }
    assert.ok(changedInside, `${entry.name} changed something inside its view`);
  }
});

test('Freeze: its built-in Interval, once started, resamples the frozen frame when it fires', () => {
  const fx = new StubEngine().adopt(new FreezeEffect());
  const pts = points(1);
  assert.equal(fx.interval.path, `${fx.path}/interval`, "the interval is the child 'interval', as in LX");
  assert.equal(fx.interval.running.isOn(), false, 'stopped until started, as LX adds it');
  fx.lock.setOn(true);
  eqHex(step(fx, px(0xff101010), pts), [0xff101010], 'captured on lock');
  fx.interval.periodMs.setValue(100);
  fx.interval.start();
  const seen: string[] = [];
  for (let f = 0; f < 8; f++) seen.push(hex(step(fx, px((0xff000000 | ((f + 1) * 0x010101)) >>> 0), pts)[0]));
  // 100 ms at 60 fps: the interval fires on the 6th frame (basis 6·16.67/100 = 1.0000000000000002), which captures that frame
  assert.deepEqual(seen, ['ff101010', 'ff101010', 'ff101010', 'ff101010', 'ff101010', 'ff060606', 'ff060606', 'ff060606']);
});

test('Freeze: its Interval loads and saves with the effect (running, interval), as LX writes it under children.interval', () => {
  const ctx: LoadContext = { ids: new Map(), registry: createLibrary(), defer: () => {}, warn: () => {} };
  const saved = new FreezeEffect().save();
  const interval = saved.children!.interval as LxObject;
  assert.equal(interval.class, 'heronarts.lx.modulator.Interval');
  interval.parameters = { ...interval.parameters, running: true, periodMs: 100 };
  const fx = new StubEngine().adopt(new FreezeEffect());
  fx.load(saved, ctx);
  assert.equal(fx.interval.running.isOn(), true, 'started from the file');
  assert.equal(fx.interval.periodMs.getValue(), 100);
  const again = fx.save().children!.interval as LxObject;
  assert.equal(again.parameters!.running, true);
  assert.equal(again.parameters!.periodMs, 100);
  // Locked: the interval firing on the 6th frame resamples, as the started interval above does.
  fx.lock.setOn(true);
  const pts = points(1);
  const seen: string[] = [];
  for (let f = 0; f < 7; f++) seen.push(hex(step(fx, px((0xff000000 | ((f + 1) * 0x010101)) >>> 0), pts)[0]));
  assert.deepEqual(seen, ['ff010101', 'ff010101', 'ff010101', 'ff010101', 'ff010101', 'ff060606', 'ff060606']);
});

test('Hue + Saturation and Colorize: a frame of many colors, repeated and colliding, equals each color alone', () => {
  const random = new SeededRandom(21);
  const palette = Array.from({ length: 6000 }, () => random.nextUint32() | (random.next() < 0.8 ? 0xff000000 : 0));
  const frame = Uint32Array.from({ length: 10000 }, () => palette[random.nextInt(palette.length)]);
  const hueSat = new StubEngine().adopt(new HueSaturationEffect());
  hueSat.hue.setValue(47);
  hueSat.saturation.setValue(-20);
  const colorize = new StubEngine().adopt(new ColorizeEffect());
  colorize.amount.setValue(0.7);
  for (const fx of [hueSat, colorize] as Effect[]) {
    const whole = step(fx, frame.slice(), points(frame.length));
    for (let k = 0; k < frame.length; k += 7) {
      assert.equal(hex(whole[k]), hex(step(fx, px(frame[k]), points(1))[0]), `${fx.constructor.name}, pixel ${k}`);
    }
  }
});
