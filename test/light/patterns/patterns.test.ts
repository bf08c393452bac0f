// Behaviour of the stock patterns on small models, beyond what the golden scenes cover: palette
// modes, Planes' Free-axis quirk, Chase's legacy key, Test's modes, seeded randomness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { ColorStops } from '../../../src/light/color/gradient.js';
import { b as brightnessOf, grayn, h as hueOf, hsb, s as saturationOf } from '../../../src/light/color/lx-color.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { AlternatingPattern } from '../../../src/light/devices/patterns/color/alternating-pattern.js';
import { ChasePattern } from '../../../src/light/devices/patterns/strip/chase-pattern.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { NoisePattern } from '../../../src/light/devices/patterns/texture/noise-pattern.js';
import { setPaletteStops, type SwatchReader } from '../../../src/light/devices/shared/palette-colors.js';
import type { Pattern } from '../../../src/light/devices/patterns/pattern.js';
import { PlanesPattern } from '../../../src/light/devices/patterns/form/planes-pattern.js';
import { SolidPattern } from '../../../src/light/devices/patterns/color/solid-pattern.js';
import { SparklePattern } from '../../../src/light/devices/patterns/texture/sparkle-pattern.js';
import { TestPattern } from '../../../src/light/devices/patterns/test/test-pattern.js';
import type { LoadContext } from '../../../src/light/component/lxp-types.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { Fixture } from '../../../src/light/structure/fixture.js';

const DT = 1000 / 60;

/** A show with one grid fixture and one channel playing `pattern`. */
function showWith(pattern: Pattern, rows = 4, cols = 6): { show: LightShow; step: (n?: number) => Uint32Array } {
  const engine = new Engine();
  const show = new LightShow(engine);
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')!.setBase(rows);
  grid.parameters.get('numColumns')!.setBase(cols);
  show.structure.addFixture(grid);
  const channel = new Channel('Channel-1');
  show.mixer.insertChannel(channel);
  channel.addPattern(pattern);
  return {
    show,
    step: (n = 1) => {
      engine.clock.stepFixed(n, DT);
      return show.main;
    },
  };
}

/** Gives the show's palette a swatch (stands in for the palette API in these tests). */
function withSwatch(show: LightShow, colors: readonly number[], hues?: readonly number[]): void {
  const reader: SwatchReader = {
    swatchSize: () => colors.length,
    swatchColor: (i) => colors[Math.min(i, colors.length - 1)],
    swatchHue: (i) => (hues ?? colors.map((c) => hueOf(c)))[Math.min(i, colors.length - 1)],
    swatchSaturation: (i) => saturationOf(colors[Math.min(i, colors.length - 1)]),
  };
  Object.assign(show.lx.palette, reader);
}

const loadContext = (): LoadContext => ({ ids: new Map(), registry: createLibrary(), defer: () => {}, warn: () => {} });

test('Solid: Static fills with hsb() of the (modulated) color; Palette follows the swatch color', () => {
  const solid = new SolidPattern({ h: 120, s: 50, b: 50 });
  const { show, step } = showWith(solid);
  assert.ok(step().every((c) => c === hsb(120, 50, 50)));
  withSwatch(show, [0xff112233, 0xff445566]);
  solid.color.mode.setValue(1);
  solid.color.index.setValue(2);
  assert.ok(step().every((c) => c === 0xff445566));
  solid.color.index.setValue(5); // past the swatch's end: the last color
  assert.ok(step().every((c) => c === 0xff445566));
});

test('Alternating: stripes of Length points in point order, palette colors 1 and 2 by default', () => {
  const alt = new AlternatingPattern();
  const { show, step } = showWith(alt, 1, 10);
  withSwatch(show, [0xffff0000, 0xff0000ff]);
  alt.stripeLength.setValue(3);
  assert.deepEqual([...step()].map((c) => (c === 0xffff0000 ? 'a' : 'b')).join(''), 'aaabbbaaab');
  alt.firstColor.mode.setValue(0); // Static: white
  assert.equal(step()[0], 0xffffffff);
});

test('Gradient Palette mode: consecutive swatch colors from the index; a start past the end uses the last color', () => {
  const g = new GradientPattern();
  const { show, step } = showWith(g, 1, 11);
  const swatch = [0xffff0000, 0xff00ff00, 0xff0000ff];
  withSwatch(show, swatch);
  g.colorMode.setValue(2);
  g.blendMode.setValue(0); // RGB
  g.xAmount.setValue(1);
  g.paletteIndex.setValue(2);
  const out = step();
  assert.equal(g.colorStops.numStops, 2);
  assert.equal(out[0], hsb(hueOf(swatch[1]), saturationOf(swatch[1]), brightnessOf(swatch[1])));
  assert.equal(out[10], hsb(hueOf(swatch[2]), saturationOf(swatch[2]), brightnessOf(swatch[2])));
  const stops = new ColorStops();
  setPaletteStops(g, stops, 7, 5);
  assert.equal(stops.numStops, 1);
  assert.equal(stops.blendStops(0, 1, 0.5, 0), 0xff0000ff);
});

test('Gradient Linked mode: from the palette color to the same color shifted by the ranges', () => {
  const g = new GradientPattern();
  const { show, step } = showWith(g, 1, 2);
  withSwatch(show, [hsb(40, 80, 90)], [40]);
  g.xAmount.setValue(1);
  g.gradient.setValue(0.5);
  g.gradientRange.setValue(100);
  g.blendMode.setValue(1); // HSV
  const out = step();
  assert.equal(out[0], hsb(40, saturationOf(hsb(40, 80, 90)), brightnessOf(hsb(40, 80, 90))));
  assert.equal(out[1], hsb(90, saturationOf(hsb(40, 80, 90)), brightnessOf(hsb(40, 80, 90))));
});

test("Planes: a fresh Free plane lights every point at its level (LX never computes its invSqrt); after an X frame it reuses X's", () => {
  const planes = new PlanesPattern();
  const { step } = showWith(planes, 3, 3);
  const p1 = planes.planes.items[0];
  p1.axis.setValue(3); // Free
  p1.level.setValue(0.4);
  assert.ok(step().every((c) => c === grayn(0.4) || c === 0xff000000 + (grayn(0.4) & 0xffffff)));
  p1.axis.setValue(0); // X: a slab, not everything
  const x = [...step()];
  assert.ok(x.some((c) => c === 0xff000000));
  p1.axis.setValue(3); // Free again: invSqrt is X's now, so the plane constants matter
  p1.planeA.setValue(1);
  const free = [...step()];
  assert.ok(free.some((c) => c === 0xff000000));
  assert.equal(planes.planes.length, 8);
  assert.equal(planes.planes.items[1].path, `${planes.path}/layer/2`);
});

test('Planes: `planes` JSON saves every layer and loads them back by position', () => {
  const a = new PlanesPattern();
  a.planes.items[2].active.setOn(true);
  a.planes.items[2].position.setValue(-0.5);
  const json = a.save();
  assert.equal((json.planes as unknown[]).length, 8);
  const b = new PlanesPattern();
  b.load(json, loadContext());
  assert.equal(b.planes.items[2].active.isOn(), true);
  assert.equal(b.planes.items[2].position.getValue(), -0.5);
  assert.equal(b.planes.items[3].active.isOn(), false);
});

test('Chase: the legacy key `alternate` loads into interlace', () => {
  const c = new ChasePattern();
  c.load({ class: c.lxClass, parameters: { alternate: true } }, loadContext());
  assert.equal(c.interlace.isOn(), true);
  assert.equal('alternate' in c.save().parameters!, false);
});

test('Chase: tempo sync follows the tempo division (1/4 at 120 bpm repeats every 500 ms)', () => {
  const c = new ChasePattern();
  const { show, step } = showWith(c, 1, 40);
  c.tempoSync.setOn(true);
  show.lx.tempo.bpm.setValue(120);
  step(5);
  const a = [...step()];
  assert.notDeepEqual([...step()], a);
  step(28);
  assert.deepEqual([...step()], a); // 30 frames = 500 ms = one quarter note later
  c.tempoDivision.setValue(8); // 1/2: a different phase now
  assert.notDeepEqual([...step(30)], a);
});

test('Test: Iterate advances one point each time the rate wraps; Fixed and Tag light what they name', () => {
  const t = new TestPattern();
  const { step } = showWith(t, 2, 5);
  t.rate.setValue(40); // 2.4 frames of 16.7 ms per point
  const lit = (frame: Uint32Array): number[] => [...frame].flatMap((c, i) => (c === 0xffffffff ? [i] : []));
  const seq: number[] = [];
  for (let k = 0; k < 9; k++) seq.push(...lit(step()));
  assert.deepEqual(seq, [0, 0, 1, 1, 2, 2, 2, 3, 3]);
  t.mode.setValue(1);
  t.fixedIndex.setValue(7);
  assert.deepEqual(lit(step()), [7]);
  assert.equal(t.fixedIndex.max, 9); // follows the model
  t.mode.setValue(2);
  t.tag.setString('grid');
  assert.equal(lit(step()).length, 10);
  t.tagAll.setOn(false);
  t.tagIndex.setValue(4);
  assert.deepEqual(lit(step()), [4]);
  t.tag.setString('nothing');
  assert.deepEqual(lit(step()), []);
});

test('Noise Static and Sparkle are seeded: two instances render the same frames, within their levels', () => {
  const frames = (make: () => Pattern): Uint32Array[] => {
    const { step } = showWith(make(), 6, 6);
    return Array.from({ length: 40 }, () => step().slice());
  };
  const staticNoise = (): Pattern => {
    const n = new NoisePattern();
    n.algorithm.setValue(4);
    n.minLevel.setValue(20);
    n.maxLevel.setValue(70);
    return n;
  };
  const a = frames(staticNoise);
  assert.deepEqual(frames(staticNoise), a);
  for (const f of a) for (const c of f) assert.ok((c & 0xff) >= Math.trunc(20 * 2.559) && (c & 0xff) <= Math.trunc(70 * 2.559));
  assert.notDeepEqual(a[0], a[1]);
  const sparkle = (): Pattern => {
    const s = new SparklePattern();
    s.engine.minInterval.setValue(0.2);
    s.engine.maxInterval.setValue(0.2);
    s.engine.baseLevel.setValue(10);
    return s;
  };
  const s = frames(sparkle);
  assert.deepEqual(frames(sparkle), s);
  assert.ok(
    s.some((f) => f.some((c) => (c & 0xff) > Math.trunc(10 * 2.559))),
    'some sparkle fires',
  );
  assert.ok(
    s.every((f) => f.every((c) => (c & 0xff) >= Math.trunc(10 * 2.559))),
    'never below the base level',
  );
});

test('Noise: turning motion off ramps the motion speed down over 250 ms, then the noise stands still', () => {
  const n = new NoisePattern();
  n.motionSpeed.setValue(0.5);
  const { step } = showWith(n, 4, 4);
  step(3);
  n.motion.setOn(false);
  const during = [step().slice(), step().slice()];
  assert.notDeepEqual(during[0], during[1]);
  step(20);
  const still = step().slice();
  assert.deepEqual(step().slice(), still);
});
