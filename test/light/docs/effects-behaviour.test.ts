// Checks, by rendering, the behaviour the effect notes (src/light/docs/notes) claim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BlurEffect } from '../../../src/light/devices/effects/blur-effect.js';
import { ColorMaskEffect } from '../../../src/light/devices/effects/color/color-mask-effect.js';
import { ColorizeEffect } from '../../../src/light/devices/effects/color/colorize-effect.js';
import { DynamicsEffect } from '../../../src/light/devices/effects/dynamics-effect.js';
import type { Effect } from '../../../src/light/devices/effects/effect.js';
import { FreezeEffect } from '../../../src/light/devices/effects/freeze-effect.js';
import { GradientMaskEffect } from '../../../src/light/devices/effects/color/gradient-mask-effect.js';
import { HueSaturationEffect } from '../../../src/light/devices/effects/hue-saturation-effect.js';
import { InvertEffect } from '../../../src/light/devices/effects/invert-effect.js';
import { LinearMaskEffect } from '../../../src/light/devices/effects/linear-mask-effect.js';
import { SparkleEffect } from '../../../src/light/devices/effects/sparkle-effect.js';
import { StrobeEffect } from '../../../src/light/devices/effects/strobe-effect.js';
import { TransparifyEffect } from '../../../src/light/devices/effects/color/transparify-effect.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { SolidPattern } from '../../../src/light/devices/patterns/color/solid-pattern.js';
import type { Pattern } from '../../../src/light/devices/patterns/pattern.js';
import { ChasePattern } from '../../../src/light/devices/patterns/strip/chase-pattern.js';
import { stage, r } from './stage.js';

/** A channel running `pattern` with `effect` on the pattern, stepped `frames` frames. */
function run(pattern: Pattern, effect: Effect, setup: () => void = () => {}, frames = 1, points = 21) {
  pattern.effects.insert(effect);
  effect.settle();
  setup();
  const s = stage(pattern, { cls: 'StripFixture', numPoints: points });
  s.step(frames);
  return s;
}
/** The pattern alone, one frame. */
function stageOf(pattern: Pattern) {
  const s = stage(pattern, { cls: 'StripFixture', numPoints: 21 });
  s.step();
  return s;
}
const solid = (h = 0, s = 100, b = 100) => new SolidPattern({ h, s, b });
/** A grey ramp 0 → 100% along x. */
function ramp(): GradientPattern {
  const g = new GradientPattern();
  g.colorMode.setValue(0);
  g.fixedColor.saturation.setValue(0);
  g.fixedColor.brightness.setValue(0);
  g.xAmount.setValue(1);
  g.gradient.setValue(1);
  g.gradientRange.setValue(0);
  g.brightnessRange.setValue(100);
  g.blendMode.setValue(0);
  return g;
}

const alphaOf = (c: number) => c >>> 24;
const redOf = (c: number) => (c >>> 16) & 0xff;
const greenOf = (c: number) => (c >>> 8) & 0xff;
const blueOf = (c: number) => c & 0xff;

// ---- Blur ----------------------------------------------------------------------------------

test('Blur note: Level 0 shows nothing; with Level, a moving bar leaves a trail; Mix leaves a still frame unchanged', () => {
  const bar = () => {
    const c = new ChasePattern();
    c.waveshape.setValue(2); // Up: one-way travel
    c.size.setValue(5);
    c.fade.setValue(0);
    c.speed.setValue(100);
    return c;
  };
  const plain = run(bar(), new BlurEffect(), () => {}, 20, 40)
    .levels()
    .filter((l) => l > 0).length;
  const zero = run(bar(), new BlurEffect(), () => {}, 20, 40)
    .levels()
    .filter((l) => l > 0).length;
  const blur = new BlurEffect();
  const trailed = run(bar(), blur, () => blur.level.setValue(1), 20, 40)
    .levels()
    .filter((l) => l > 0).length;
  assert.equal(zero, plain);
  assert.ok(trailed > plain + 3, `${trailed} lit with blur vs ${plain}`);
  const still = new BlurEffect();
  const s = run(solid(120), still, () => still.level.setValue(1), 10);
  assert.equal(r(s.hues()[0], 0), 120);
  assert.equal(r(s.levels()[0], 0), 100);
});

// ---- Freeze --------------------------------------------------------------------------------

test('Freeze note: passes through until engaged; Lock holds the captured frame while the pattern moves; release returns to live', () => {
  const c = new ChasePattern();
  c.waveshape.setValue(2);
  const f = new FreezeEffect();
  const s = run(c, f, () => {}, 5, 40);
  const live = s.colors();
  s.step();
  assert.notDeepEqual(s.colors(), live, 'the chase moves while not frozen');
  f.lock.setOn(true);
  s.step();
  const frozen = s.colors();
  s.step(10);
  assert.deepEqual(s.colors(), frozen, 'held while locked');
  f.lock.setOn(false);
  s.step(10); // Release 50 ms
  s.step();
  const after = s.colors();
  s.step();
  assert.notDeepEqual(s.colors(), after, 'live again after the release');
});

// ---- Colorize ------------------------------------------------------------------------------

test('Colorize note: a new Colorize turns color to grey by brightness; Relative rewrites Color 2', () => {
  const s = run(solid(120, 100, 60), new ColorizeEffect());
  assert.equal(s.saturations()[0], 0);
  assert.equal(r(s.levels()[0], 0), 60);
  const c = new ColorizeEffect();
  const w = run(solid(0, 0, 100), c, () => {
    c.colorMode.setValue(1);
    c.color1.saturation.setValue(100);
    c.color1.brightness.setValue(100);
    c.color1.hue.setValue(30);
    c.gradientHue.setValue(90);
  });
  assert.equal(r(c.color2.hue.getValue(), 0), 120, 'rewritten to Color 1 + H-Offset');
  assert.equal(r(w.hues()[0], 0), 120, 'white maps to the second color');
  c.color2.hue.setValue(200);
  w.step();
  assert.equal(r(w.hues()[0], 0), 120, 'editing Color 2 has no effect');
  assert.equal(r(c.color2.hue.getValue(), 0), 120);
});

test('Colorize note: Depth and Invert act in Palette mode only; Filter Black blacks out points below the threshold', () => {
  const depthFixed = new ColorizeEffect();
  const a = run(solid(0, 0, 100), depthFixed, () => {
    depthFixed.paletteDepth.setValue(0);
    depthFixed.paletteInvert.setOn(true);
  });
  assert.equal(r(a.levels()[0], 0), 100, 'ignored in Fixed mode');
  const filter = new ColorizeEffect();
  const b = run(ramp(), filter, () => {
    filter.filterThreshold.setValue(0.5);
    filter.filterMode.setValue(1);
  });
  const l = b.levels();
  assert.equal(l[5], 0);
  assert.equal(l[9], 0);
  assert.ok(l[15] > 0 && l[20] === 100, l.join(','));
});

// ---- Color Mask, Gradient Mask ----------------------------------------------------------------

test('Color Mask note: the default white Multiply changes nothing; a color tints; Lerp replaces', () => {
  assert.deepEqual(run(ramp(), new ColorMaskEffect()).colors(), stageOf(ramp()).colors());
  const m = new ColorMaskEffect();
  const tinted = run(solid(0, 0, 100), m, () => {
    m.color.hue.setValue(240);
    m.color.saturation.setValue(100);
  }).colors()[0];
  assert.deepEqual([redOf(tinted), greenOf(tinted), blueOf(tinted)], [0, 0, 255]);
  const lerp = new ColorMaskEffect();
  const replaced = run(solid(120), lerp, () => {
    lerp.mode.setValue(6);
    lerp.color.saturation.setValue(100);
  }).hues()[0];
  assert.equal(r(replaced, 0), 0);
});

test('Gradient Mask note: by default a flat palette color multiplies the frame; CUE shows the mask', () => {
  const g = new GradientMaskEffect();
  const c = run(solid(0, 0, 100), g).colors()[0];
  // LX's default swatch is one red color: white × red is red.
  assert.deepEqual([redOf(c), greenOf(c), blueOf(c)], [255, 0, 0]);
  const cue = new GradientMaskEffect();
  const shown = run(solid(240), cue, () => cue.cueMask.setOn(true)).colors()[0];
  assert.deepEqual([redOf(shown), greenOf(shown), blueOf(shown)], [255, 0, 0]);
});

// ---- Transparify ---------------------------------------------------------------------------

test('Transparify note: at Threshold 0 only pure black goes (fully) transparent; Feather grades the alpha', () => {
  const t = new TransparifyEffect();
  const p = ramp();
  run(p, t);
  const buf = p.colors;
  const idx = p.points.index;
  assert.equal(alphaOf(buf[idx[0]]), 0, 'black point: transparent');
  assert.equal(alphaOf(buf[idx[1]]), 255, 'dim but not black: untouched');
  const t2 = new TransparifyEffect();
  const p2 = ramp();
  run(p2, t2, () => t2.threshold.setValue(0.5));
  const a = [0, 5, 10, 15].map((k) => alphaOf(p2.colors[p2.points.index[k]]));
  assert.ok(a[0] < a[1] && a[1] < a[2], a.join(','));
  assert.equal(a[3], 255);
  const t3 = new TransparifyEffect();
  const p3 = ramp();
  run(p3, t3, () => {
    t3.threshold.setValue(0.5);
    t3.feather.setValue(0);
  });
  assert.deepEqual(
    [0, 5, 9, 11].map((k) => alphaOf(p3.colors[p3.points.index[k]])),
    [0, 0, 0, 255],
  );
});

// ---- Dynamics, Invert, Hue + Saturation ---------------------------------------------------------

test('Dynamics note: a new Dynamics changes nothing; Gate, Floor and per-channel amounts', () => {
  const plain = stageOf(ramp()).colors();
  const dyn = run(ramp(), new DynamicsEffect()).colors();
  // The straight curve is rebuilt in float, so a level can round down by one step, never more.
  for (let k = 0; k < plain.length; k++) assert.ok(blueOf(plain[k]) - blueOf(dyn[k]) <= 1 && blueOf(plain[k]) >= blueOf(dyn[k]));
  const gate = new DynamicsEffect();
  const g = run(ramp(), gate, () => gate.gate.setValue(0.5)).levels();
  assert.equal(g[8], 0);
  assert.equal(r(g[20], 0), 100);
  const floor = new DynamicsEffect();
  assert.ok(run(ramp(), floor, () => floor.floor.setValue(0.2)).levels()[0] >= 19);
  const tint = new DynamicsEffect();
  const c = run(solid(0, 0, 50), tint, () => {
    tint.floor.setValue(1);
    tint.greenAmount.setValue(0);
    tint.blueAmount.setValue(0);
  }).colors()[0];
  assert.equal(redOf(c), 255);
  assert.equal(greenOf(c), blueOf(c));
  assert.ok(greenOf(c) < 200);
});

test('Invert note: 100% is a negative; 50% is flat grey; one channel shifts hue', () => {
  const full = run(solid(0), new InvertEffect()).colors()[0];
  assert.deepEqual([redOf(full), greenOf(full), blueOf(full)], [0, 255, 255]);
  const half = new InvertEffect();
  const greys = run(ramp(), half, () => half.amount.setValue(0.5)).colors();
  assert.equal(new Set(greys).size, 1);
  const red = new InvertEffect();
  const black = run(solid(0, 0, 0), red, () => {
    red.greenAmount.setValue(0);
    red.blueAmount.setValue(0);
  }).colors()[0];
  assert.deepEqual([redOf(black), greenOf(black), blueOf(black)], [255, 0, 0]);
});

test('Hue + Saturation note: Hue rotates colors; +Brightness lifts black; grey counts as red under +Saturation; output is opaque', () => {
  const h = new HueSaturationEffect();
  assert.equal(r(run(solid(0), h, () => h.hue.setValue(120)).hues()[0], 0), 120);
  const b = new HueSaturationEffect();
  assert.equal(r(run(solid(0, 0, 0), b, () => b.brightness.setValue(30)).levels()[0], 0), 30);
  const g = new HueSaturationEffect();
  const grey = run(solid(200, 0, 80), g, () => g.hue.setValue(90)).saturations()[0];
  assert.equal(grey, 0, 'Hue alone leaves grey grey');
  const s = new HueSaturationEffect();
  const c = run(solid(200, 0, 100), s, () => s.saturation.setValue(50)).colors()[0];
  assert.ok(redOf(c) === 255 && greenOf(c) < 255 && greenOf(c) === blueOf(c));
  const t = new TransparifyEffect();
  const after = new HueSaturationEffect();
  const p = ramp();
  p.effects.insert(t);
  t.settle();
  run(p, after);
  assert.equal(alphaOf(p.colors[p.points.index[0]]), 255, 'transparency lost');
});

// ---- Linear Mask ---------------------------------------------------------------------------

test('Linear Mask note: by default the lower half stays lit and the upper part fades out; Invert swaps; Pos keeps below', () => {
  const column = (setup: (m: LinearMaskEffect) => void) => {
    const m = new LinearMaskEffect();
    setup(m);
    const p = solid(0, 0, 100);
    p.effects.insert(m);
    m.settle();
    const s = stage(p, { cls: 'GridFixture', rows: 21, columns: 1 });
    s.step();
    return s.levels();
  };
  const d = column(() => {});
  assert.equal(d[0], 100);
  assert.equal(d[10], 100);
  assert.ok(d[14] > 0 && d[14] < 100, String(d[14]));
  assert.equal(d[20], 0);
  const inv = column((m) => m.invert.setOn(true));
  assert.equal(inv[0], 0);
  assert.equal(inv[20], 100);
  const hard = column((m) => m.fade.setValue(0));
  assert.ok(
    hard.every((l) => l === 0 || l === 100),
    hard.join(','),
  );
  const pos = column((m) => {
    m.mode.setValue(1);
    m.offset.setValue(0.5);
    m.size.setValue(0);
    m.fade.setValue(0.1);
  });
  assert.equal(pos[0], 100);
  assert.equal(pos[9], 100);
  assert.equal(pos[20], 0);
});

// ---- Sparkle effect ------------------------------------------------------------------------

test('Sparkle effect note: Mask shows the content only at sparkles; Amount 0 passes the frame', () => {
  const s = run(solid(240), new SparkleEffect(), () => {}, 90, 200);
  const lit = s.levels().filter((l) => l > 0);
  assert.ok(lit.length > 0 && lit.length < 200, String(lit.length));
  assert.ok(
    s
      .hues()
      .filter((_, i) => s.levels()[i] > 0)
      .every((h) => r(h, 0) === 240),
  );
  const off = new SparkleEffect();
  assert.ok(
    run(solid(240), off, () => off.amount.setValue(0), 90, 200)
      .levels()
      .every((l) => r(l, 0) === 100),
  );
});

// ---- Strobe --------------------------------------------------------------------------------

test('Strobe note: Depth 100% reaches black, 50% only half; Depth 0 changes nothing', () => {
  const trough = (depth: number) => {
    const st = new StrobeEffect();
    const s = run(
      solid(0, 0, 100),
      st,
      () => {
        st.depth.setValue(depth);
        st.waveshape.setValue(2);
      },
      1,
    );
    let min = 100;
    for (let i = 0; i < 120; i++) {
      s.step();
      min = Math.min(min, s.levels()[0]);
    }
    return r(min, 0);
  };
  assert.equal(trough(1), 0);
  assert.equal(trough(0.5), 50);
  assert.equal(trough(0), 100);
});

test('Freeze note: the built-in Interval, once started, resamples the frozen frame on its rhythm', () => {
  const c = new ChasePattern();
  c.waveshape.setValue(2);
  const f = new FreezeEffect();
  const s = run(c, f, () => {}, 1, 40);
  assert.equal(f.interval.isRunning(), false, 'stopped at first');
  f.lock.setOn(true);
  s.step();
  const first = s.colors();
  s.step(40);
  assert.deepEqual(s.colors(), first, 'no resampling while the interval is stopped');
  f.interval.periodMs.setValue(250);
  f.interval.start();
  s.step(20);
  assert.notDeepEqual(s.colors(), first, 'resampled');
  const held = s.colors();
  s.step(2);
  assert.deepEqual(s.colors(), held, 'held between firings');
});
