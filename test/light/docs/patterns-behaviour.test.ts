// Checks, by rendering, the behaviour the pattern notes (src/light/docs/notes) claim. Each test
// names the note it backs; a claim that changes here must change in the note too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AlternatingPattern } from '../../../src/light/devices/patterns/color/alternating-pattern.js';
import { ChasePattern } from '../../../src/light/devices/patterns/strip/chase-pattern.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { NoisePattern } from '../../../src/light/devices/patterns/texture/noise-pattern.js';
import { type Plane, PlanesPattern } from '../../../src/light/devices/patterns/form/planes-pattern.js';
import { PatternRack } from '../../../src/light/devices/patterns/pattern-rack.js';
import { paletteColor } from '../../../src/light/devices/shared/palette-colors.js';
import { SolidPattern } from '../../../src/light/devices/patterns/color/solid-pattern.js';
import { SparklePattern } from '../../../src/light/devices/patterns/texture/sparkle-pattern.js';
import { TestPattern } from '../../../src/light/devices/patterns/test/test-pattern.js';
import { stage, r } from './stage.js';

const FIXED = 0;

function gradient(setup: (g: GradientPattern) => void) {
  const g = new GradientPattern();
  g.colorMode.setValue(FIXED); // red fixed color
  setup(g);
  const s = stage(g, { cls: 'StripFixture', numPoints: 11 });
  s.step();
  return s;
}

test('Gradient note: Amount 0 renders one flat color whatever the axis amounts', () => {
  const s = gradient((g) => {
    g.xAmount.setValue(1);
  });
  assert.equal(new Set(s.colors()).size, 1);
});

test('Gradient note: a negative axis amount runs the gradient from the other end', () => {
  const pos = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
  }).hues();
  const neg = gradient((g) => {
    g.xAmount.setValue(-1);
    g.gradient.setValue(0.5);
  }).hues();
  assert.equal(r(pos[0]), 0);
  assert.equal(r(pos[10]), 180);
  assert.deepEqual(
    neg.map((h) => r(h, 0)),
    [...pos].reverse().map((h) => r(h, 0)),
  );
});

test('Gradient note: a negative Amount turns the hue the other way round the wheel', () => {
  const hues = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(-0.25);
  }).hues();
  assert.equal(r(hues[10], 0), 270); // 0 − 90
  assert.ok(hues[5] > 300, `midpoint ${hues[5]}`);
});

test('Gradient note: HSV-Min collapses a full 360° travel to one color; HSV goes all the way round', () => {
  const hsv = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(1);
  }).hues();
  const min = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(1);
    g.blendMode.setValue(2);
  });
  assert.equal(new Set(min.colors()).size, 1);
  assert.ok(new Set(hsv.map((h) => r(h, 0))).size >= 10);
});

test('Gradient note: Phase wraps the gradient round even in Clamp mode', () => {
  const hues = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.gradientPhase.setValue(0.5);
  }).hues();
  // point 5 sits at 0.5 + 0.5 → wraps to the start color; point 4 is just short of the end.
  assert.equal(r(hues[5], 0), 0);
  assert.equal(r(hues[4], 0), 162);
});

test('Gradient note: Clamp holds the end color, Wrap repeats, Mirror goes back', () => {
  const clamp = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.gradientScale.setValue(2);
  }).hues();
  const wrap = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.gradientScale.setValue(2);
    g.gradientClamp.setValue(1);
  }).hues();
  const mirror = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.gradientScale.setValue(2);
    g.gradientClamp.setValue(2);
  }).hues();
  assert.deepEqual(
    clamp.slice(5).map((h) => r(h, 0)),
    [180, 180, 180, 180, 180, 180],
  );
  assert.equal(r(wrap[6], 0), 36);
  assert.equal(r(mirror[6], 0), 144);
  assert.equal(r(mirror[10], 0), 0);
});

test('Gradient note: Compress keeps two full axes within one length; without it the far corner clamps', () => {
  const grid = (compress: number) => {
    const g = new GradientPattern();
    g.colorMode.setValue(FIXED);
    g.xAmount.setValue(1);
    g.yAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.gradientCompress.setValue(compress);
    const s = stage(g, { cls: 'GridFixture', rows: 5, columns: 5 });
    s.step();
    return s.hues();
  };
  const on = grid(1);
  const off = grid(0);
  // point 12 is the center (xn = yn = 0.5): half way with compression, at the end without.
  assert.equal(r(on[12], 0), 90);
  assert.equal(r(off[12], 0), 180);
  assert.equal(r(on[24], 0), 180);
});

test('Gradient note: Center mode mirrors about the middle, shifted by the offset', () => {
  const hues = gradient((g) => {
    g.xAmount.setValue(1);
    g.gradient.setValue(0.5);
    g.xMode.setValue(1);
  }).hues();
  assert.equal(r(hues[5], 0), 0);
  assert.equal(r(hues[0], 0), 180);
  assert.equal(r(hues[10], 0), 180);
  assert.equal(r(hues[2], 0), r(hues[8], 0));
});

// ---- Solid, Alternating -------------------------------------------------------------------

test('Solid note: Fixed mode shows hsb of the color knobs; Palette mode ignores them', () => {
  const p = new SolidPattern({ h: 120, s: 100, b: 50 });
  const s = stage(p);
  s.step();
  assert.equal(r(s.hues()[0], 0), 120);
  assert.equal(r(s.levels()[7], 0), 50);
  p.color.mode.setValue(1);
  s.step();
  const palette = s.colors()[0];
  p.color.hue.setValue(240);
  s.step();
  assert.equal(s.colors()[0], palette);
  assert.equal(new Set(s.colors()).size, 1);
});

test('Alternating note: stripes of Length points in point order; a one-color palette gives no stripes', () => {
  const p = new AlternatingPattern();
  const s = stage(p);
  s.step();
  // Both colors follow the palette (1 and 2); a one-color swatch reads its only color for both.
  assert.equal(new Set(s.colors()).size, paletteColor(p, 0) === paletteColor(p, 1) ? 1 : 2);
  p.firstColor.mode.setValue(0);
  p.secondColor.mode.setValue(0);
  p.stripeLength.setValue(3);
  s.step();
  const c = s.colors();
  assert.deepEqual([...c.slice(0, 7)].map((x) => (x === c[0] ? 'a' : 'b')).join(''), 'aaabbba');
});

// ---- Planes --------------------------------------------------------------------------------

function planes(setup: (p: PlanesPattern, plane: Plane) => void, points = 21) {
  const p = new PlanesPattern();
  setup(p, p.planes.items[0]);
  const s = stage(p, { cls: 'StripFixture', numPoints: points });
  s.step();
  return s;
}

test('Planes note: one X plane by default, a grey slab around the middle on black', () => {
  const s = planes(() => {});
  const levels = s.levels();
  assert.equal(levels[10], 100);
  assert.equal(levels[0], 0);
  assert.equal(levels[20], 0);
  assert.equal(new Set(s.saturations()).size, 1);
  assert.equal(s.saturations()[10], 0);
});

test('Planes note: Contrast 100% is a hard edge; lower contrast widens the fade', () => {
  const hard = planes((_p, pl) => {
    pl.contrast.setValue(1);
    pl.width.setValue(0.4);
  }).levels();
  assert.ok(
    hard.every((l) => l === 0 || l === 100),
    hard.join(','),
  );
  const soft = planes((_p, pl) => {
    pl.contrast.setValue(0);
    pl.width.setValue(0.4);
  }).levels();
  assert.ok(
    soft.some((l) => l > 0 && l < 100),
    soft.join(','),
  );
  assert.ok(soft.filter((l) => l > 0).length > hard.filter((l) => l > 0).length);
});

test('Planes note: Width 0 (with Min Width 0) makes the plane vanish', () => {
  const s = planes((_p, pl) => {
    pl.width.setValue(0);
  });
  assert.ok(s.levels().every((l) => l === 0));
});

test('Planes note: Position −100%/+100% reach Min/Max Position', () => {
  const low = planes((_p, pl) => {
    pl.position.setValue(-1);
  }).levels();
  const high = planes((_p, pl) => {
    pl.position.setValue(1);
  }).levels();
  assert.equal(low[0], 100);
  assert.equal(low[20], 0);
  assert.equal(high[20], 100);
  assert.equal(high[0], 0);
});

test('Planes note: overlapping planes add up', () => {
  const one = planes((_p, pl) => {
    pl.level.setValue(0.5);
  }).levels();
  const two = planes((p, pl) => {
    pl.level.setValue(0.5);
    const b = p.planes.items[1];
    b.active.setOn(true);
    b.level.setValue(0.5);
  }).levels();
  assert.equal(r(one[10], 0), 50);
  assert.equal(r(two[10], 0), 100);
});

test('Planes note: Free on a plane never rendered on X/Y/Z lights the whole model', () => {
  const s = planes((_p, pl) => {
    pl.axis.setValue(3);
  });
  assert.ok(s.levels().every((l) => l === 100));
});

test('Planes note: R-origin ignores yaw, pitch and roll; R-center follows them only through the center', () => {
  const a = planes((_p, pl) => {
    pl.axis.setValue(5);
  }).colors();
  const b = planes((p, pl) => {
    pl.axis.setValue(5);
    p.yaw.setValue(90);
    p.roll.setValue(45);
  }).colors();
  assert.deepEqual(b, a);
});

// ---- Chase ---------------------------------------------------------------------------------

function chase(setup: (c: ChasePattern) => void, frames = 10) {
  const c = new ChasePattern();
  setup(c);
  const s = stage(c, { cls: 'StripFixture', numPoints: 40 });
  s.step(frames);
  return s;
}

test('Chase note: grey output; Invert 50% flattens everything to half level', () => {
  const s = chase((c) => {
    c.invert.setValue(50);
  });
  assert.ok(
    s.levels().every((l) => r(l, 0) === 50),
    s.levels().join(','),
  );
  assert.ok(s.saturations().every((x) => x === 0));
});

test('Chase note: Shift 100% at Shift Range 100% looks the same as Shift 0', () => {
  const a = chase((c) => {
    c.chunkSize.setValue(10);
  });
  const b = chase((c) => {
    c.chunkSize.setValue(10);
    c.shift.setValue(100);
  });
  const half = chase((c) => {
    c.chunkSize.setValue(10);
    c.shift.setValue(50);
  });
  assert.deepEqual(b.colors(), a.colors());
  assert.notDeepEqual(half.colors(), a.colors());
});

test('Chase note: negative Speed and Reverse both run it backwards', () => {
  const wave = 2; // Up: one-way travel
  const fwd = chase((c) => {
    c.waveshape.setValue(wave);
  }, 30);
  const neg = chase((c) => {
    c.waveshape.setValue(wave);
    c.speed.setValue(-50);
  }, 30);
  const rev = chase((c) => {
    c.waveshape.setValue(wave);
    c.reverse.setOn(true);
  }, 30);
  assert.deepEqual(rev.colors(), neg.colors());
  assert.notDeepEqual(neg.colors(), fwd.colors());
});

test('Chase note: Sine swings the bar back and forth, Up travels one way', () => {
  const peak = (setup: (c: ChasePattern) => void, frames: number) => {
    const l = chase((c) => {
      c.minChunk.setValue(20);
      c.chunkSize.setValue(0);
      c.size.setValue(5);
      c.fade.setValue(5);
      c.speed.setValue(100);
      setup(c);
    }, frames).levels();
    return l.slice(0, 20).indexOf(Math.max(...l.slice(0, 20)));
  };
  // 60 frames = one cycle at Speed 100% and Range 1 Hz.
  const sine = [10, 20, 40, 50].map((f) => peak(() => {}, f));
  assert.equal(sine[0], sine[3], sine.join(','));
  assert.equal(sine[1], sine[2], sine.join(','));
  assert.ok(sine[1] > sine[0], sine.join(','));
  const up = [10, 20, 40, 50].map((f) => peak((c) => c.waveshape.setValue(2), f));
  assert.ok(up[0] < up[1] && up[1] < up[2] && up[2] < up[3], up.join(','));
});

test('Chase note: with tiny chunks, Size + Fade below one point goes dark', () => {
  const s = chase((c) => {
    c.chunkSize.setValue(0);
    c.size.setValue(20);
    c.fade.setValue(20);
  });
  assert.ok(s.levels().every((l) => l === 0));
});

// ---- Noise ---------------------------------------------------------------------------------

function noise(setup: (n: NoisePattern) => void, frames = 1) {
  const n = new NoisePattern();
  setup(n);
  const s = stage(n, { cls: 'GridFixture', rows: 8, columns: 8 });
  s.step(frames);
  return s;
}

test('Noise note: still at Speed 0 even with Motion on; moves once Speed is raised', () => {
  const n = new NoisePattern();
  const s = stage(n, { cls: 'GridFixture', rows: 8, columns: 8 });
  s.step();
  const a = s.colors();
  s.step(30);
  assert.deepEqual(s.colors(), a);
  n.motionSpeed.setValue(0.5);
  s.step(30);
  assert.notDeepEqual(s.colors(), a);
  assert.ok(s.saturations().every((x) => x === 0));
});

test('Noise note: Seed changes Perlin only', () => {
  const p0 = noise(() => {}).colors();
  const p1 = noise((n) => n.seed.setValue(7)).colors();
  assert.notDeepEqual(p1, p0);
  const f0 = noise((n) => n.algorithm.setValue(2)).colors();
  const f1 = noise((n) => {
    n.algorithm.setValue(2);
    n.seed.setValue(7);
  }).colors();
  assert.deepEqual(f1, f0);
});

test('Noise note: an axis scale of 0 makes the noise constant along that axis', () => {
  const s = noise((n) => n.xScale.setValue(0));
  const c = s.colors();
  for (let row = 0; row < 8; row++) assert.equal(new Set(c.slice(row * 8, row * 8 + 8)).size, 1);
});

test('Noise note: Min and Max bound the output', () => {
  const s = noise((n) => {
    n.minLevel.setValue(20);
    n.maxLevel.setValue(60);
    n.contrast.setValue(500);
  });
  const l = s.levels();
  assert.ok(
    l.every((x) => x >= 19 && x <= 61),
    l.join(','),
  );
  assert.ok(l.some((x) => x < 25) && l.some((x) => x > 55));
});

test('Noise note: Static re-rolls every frame and ignores Scale', () => {
  const n = new NoisePattern();
  n.algorithm.setValue(4);
  const s = stage(n, { cls: 'GridFixture', rows: 8, columns: 8 });
  s.step();
  const a = s.colors();
  s.step();
  assert.notDeepEqual(s.colors(), a);
});

// ---- Sparkle -------------------------------------------------------------------------------

function sparkle(setup: (p: SparklePattern) => void, frames = 90) {
  const p = new SparklePattern();
  setup(p);
  const s = stage(p, { cls: 'StripFixture', numPoints: 200 });
  s.step(frames);
  return s;
}

test('Sparkle note: Speed does nothing while Fast and Slow are equal (the default)', () => {
  assert.deepEqual(sparkle((p) => p.engine.speed.setValue(0)).colors(), sparkle((p) => p.engine.speed.setValue(1)).colors());
  assert.notDeepEqual(
    sparkle((p) => {
      p.engine.minInterval.setValue(0.2);
      p.engine.speed.setValue(0);
    }).colors(),
    sparkle((p) => {
      p.engine.minInterval.setValue(0.2);
      p.engine.speed.setValue(1);
    }).colors(),
  );
});

test('Sparkle note: Density 0 leaves every point at Base; runs repeat exactly (seeded)', () => {
  const s = sparkle((p) => {
    p.engine.density.setValue(0);
    p.engine.baseLevel.setValue(30);
  }, 200);
  assert.ok(
    s.levels().every((l) => r(l, 0) === 30),
    s.levels().slice(0, 10).join(','),
  );
  assert.deepEqual(sparkle(() => {}).colors(), sparkle(() => {}).colors());
});

test('Sparkle note: Min is a share of Max (Min 100% makes every peak equal)', () => {
  const s = sparkle((p) => {
    p.engine.minLevel.setValue(100);
    p.engine.maxLevel.setValue(60);
    p.engine.waveshape.setValue(4);
  });
  const lit = s.levels().filter((l) => l > 0);
  assert.ok(lit.length > 0);
  assert.ok(
    lit.every((l) => r(l, 0) === 60 || r(l, 0) === 100),
    lit.join(','),
  );
});

// ---- Test ----------------------------------------------------------------------------------

test('Test note: Iterate lights one point at a time; disabled for auto-cycle by default', () => {
  const t = new TestPattern();
  assert.equal(t.enabled.isOn(), false);
  const s = stage(t);
  s.step();
  const lit = () =>
    s
      .levels()
      .map((l, i) => (l > 0 ? i : -1))
      .filter((i) => i >= 0);
  assert.equal(lit().length, 1);
  const first = lit()[0];
  s.step(3); // 50 ms per point
  assert.equal(lit().length, 1);
  assert.notEqual(lit()[0], first);
});

test('Test note: Tag mode lights the tagged fixtures; All off lights only the n-th tagged point', () => {
  const t = new TestPattern();
  t.mode.setValue(2);
  const s = stage(t);
  s.step();
  assert.ok(s.levels().every((l) => l === 100));
  t.tagAll.setOn(false);
  t.tagIndex.setValue(4);
  s.step();
  assert.deepEqual(
    s
      .levels()
      .map((l, i) => (l > 0 ? i : -1))
      .filter((i) => i >= 0),
    [4],
  );
  t.tag.setString('nothing-has-this');
  s.step();
  assert.ok(s.levels().every((l) => l === 0));
});

test('Noise note: Invert 50% is flat mid-grey', () => {
  const s = noise((n) => n.invert.setValue(0.5));
  assert.equal(new Set(s.colors()).size, 1);
  assert.equal(r(s.levels()[0], 0), 50);
});

test('Sparkle note: Density is latched per cycle, the level knobs act at once', () => {
  const p = new SparklePattern();
  const s = stage(p, { cls: 'StripFixture', numPoints: 200 });
  s.step(30);
  const lit = () => s.levels().filter((l) => l > 0).length;
  const before = lit();
  assert.ok(before > 0);
  p.engine.density.setValue(0);
  s.step();
  assert.ok(lit() > 0, 'sparkles already fired keep running after Density drops');
  s.step(120);
  assert.equal(lit(), 0);
  p.engine.density.setValue(50);
  s.step(90);
  p.engine.maxLevel.setValue(0);
  s.step();
  assert.equal(lit(), 0);
});

test('Test note: in blend mode a new Test pattern renders nothing until enabled', () => {
  const t = new TestPattern();
  const s = stage(t);
  s.channel.compositeMode.setValue(1);
  s.step(2);
  assert.ok(s.levels().every((l) => l === 0));
  t.enabled.setOn(true);
  s.step(2);
  assert.ok(s.levels().some((l) => l > 0));
});

test('Chase note: Swarm >Brt dims away from the center; negative dims the center instead', () => {
  const swarm = (brt: number) => {
    const c = new ChasePattern();
    c.invert.setValue(50); // flat half level, so only the swarm shapes it
    c.swarmOn.setOn(true);
    c.swarmFade.setValue(0);
    c.swarmSize.setValue(1);
    c.swarmBrightness.setValue(brt);
    const s = stage(c, { cls: 'GridFixture', rows: 9, columns: 9 });
    s.step();
    const l = s.levels();
    return { center: l[40], corner: l[0] };
  };
  const pos = swarm(100);
  assert.ok(pos.center > pos.corner, JSON.stringify(pos));
  const neg = swarm(-100);
  assert.ok(neg.center < neg.corner, JSON.stringify(neg));
});

// ---- Pattern Rack ----------------------------------------------------------------------------

test('Pattern Rack note: playlist shows the active inner pattern; blend mixes them; empty renders nothing', () => {
  const rack = new PatternRack();
  const s = stage(rack);
  s.step();
  assert.ok(
    s.levels().every((l) => l === 0),
    'an empty rack is dark',
  );
  rack.addPattern(new SolidPattern({ h: 0, s: 100, b: 100 }));
  rack.addPattern(new SolidPattern({ h: 240, s: 100, b: 100 }));
  s.step();
  assert.equal(r(s.hues()[0], 0), 0, 'playlist: the first pattern is active');
  rack.patternEngine.compositeMode.setValue(1);
  s.step(30);
  assert.notEqual(r(s.hues()[0], 0), 0, 'blend: the second pattern mixes in');
  assert.equal(rack.isSnapshotControl({ key: 'compositeMode' }), false);
  assert.equal(rack.isSnapshotControl({ key: 'compositeLevel' }), true);
});
