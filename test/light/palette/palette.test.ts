import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LinkedColorParameter } from '../../../src/engine/parameters/color.js';
import { hsb, s as saturationOf } from '../../../src/light/color/lx-color.js';
import { LXEngineComponent } from '../../../src/light/show/lx-engine.js';
import { DynamicColor } from '../../../src/light/palette/dynamic-color.js';
import { linkedColor } from '../../../src/light/palette/palette.js';

function palette() {
  const lx = new LXEngineComponent();
  return lx.palette;
}

test('swatch API: 0-based colors, past the end reads the last, LX getSaturation (parameter, not ARGB)', () => {
  const p = palette();
  assert.equal(p.swatchSize(), 1);
  assert.equal(p.swatchColor(0), 0xffff0000);
  p.swatch.addColor();
  const c1 = p.getSwatchColor(1);
  c1.primary.hue.setValue(220);
  c1.primary.saturation.setValue(85);
  assert.equal(p.swatchColor(1), hsb(220, 85, 100));
  assert.equal(p.swatchColor(4), p.swatchColor(1), 'index past the end: the last color');
  assert.equal(p.swatchHue(1), 220);
  assert.equal(p.swatchSaturation(1), 85, 'the parameter, as LX 1.2.1 reports it');
  assert.notEqual(saturationOf(p.swatchColor(1)), 85, 'the ARGB rounds differently');
  assert.equal(p.getColor(), 0xffff0000);
});

test('dynamic colors: Cycle turns the hue once per period; Osc goes primary → secondary → primary', () => {
  const c = new DynamicColor();
  c.mode.setValue(2);
  c.period.setValue(2);
  c.loop(500);
  assert.equal(c.getHue(), 90);
  assert.equal(c.getColor(), hsb(90, 100, 100));
  c.loop(1500);
  assert.equal(c.getBasis(), 0);
  c.mode.setValue(1);
  assert.equal(c.getColor(), 0xffff0000, 'Osc at basis 0 is the primary');
  c.loop(1000);
  assert.equal(c.getBasis(), 1);
  assert.equal(c.getColor(), 0xff00ff00, 'Osc at the half period is the secondary');
});

test('exact ARGB: a color set as ARGB keeps it; gray keeps its hue (LX ColorParameter rules)', () => {
  const c = new DynamicColor();
  c.primary.hue.setValue(200);
  c.setPrimaryColor(0xff808080);
  assert.equal(c.getColor(), 0xff808080);
  assert.equal(c.primary.hue.getValue(), 200, 'saturation 0: the hue is left alone');
  c.setPrimaryColor(0xff102030);
  assert.equal(c.getColor(), 0xff102030, 'exact, though hsb() of the derived values might differ');
});

test('LinkedColorParameter: Static is its own color, Palette follows the live swatch color index − 1', () => {
  const p = palette();
  p.swatch.addColor();
  p.getSwatchColor(1).primary.hue.setValue(120);
  const linked = new LinkedColorParameter('Color', { h: 30, s: 100, b: 100 });
  assert.equal(linkedColor(linked, p), hsb(30, 100, 100));
  linked.mode.setValue(1);
  linked.index.setValue(2);
  assert.equal(linkedColor(linked, p), p.swatchColor(1));
  linked.index.setValue(5);
  assert.equal(linkedColor(linked, p), p.swatchColor(1), 'past the end: the last color');
});

test('saved swatches: recall without and with a transition, auto-cycle NEXT', () => {
  const p = palette();
  const saved = p.newSwatchFromLive();
  p.attachSwatch(saved);
  saved.getColor(0).primary.hue.setValue(240);
  saved.addColor().primary.hue.setValue(60);
  p.setSwatch(saved);
  assert.equal(p.swatchSize(), 2);
  assert.equal(p.swatchHue(0), 240);
  assert.equal(p.autoCycleCursor.getValue(), 0);

  const other = p.newSwatchFromLive();
  p.attachSwatch(other);
  other.getColor(0).primary.hue.setValue(0);
  p.transitionEnabled.setOn(true);
  p.transitionTimeSecs.setValue(1);
  p.setSwatch(other);
  assert.equal(p.transitioning, true);
  p.loop(500);
  const mid = p.swatchColor(0);
  assert.notEqual(mid, hsb(240, 100, 100));
  assert.notEqual(mid, hsb(0, 100, 100));
  p.loop(600);
  assert.equal(p.transitioning, false);
  assert.equal(p.swatchColor(0), hsb(0, 100, 100));

  p.transitionEnabled.setOn(false);
  p.autoCycleEnabled.setOn(true);
  p.autoCycleTimeSecs.setValue(1);
  p.loop(1000);
  assert.equal(p.autoCycleCursor.getValue(), 0, 'cycled from swatch 2 back to swatch 1');
  assert.equal(p.swatchHue(0), 240);
});

/** LXColor.lerp(c1, c2, float) by hand: mask (int)(amount·256), then LX's Normal blend of opaque colors. */
function lxLerp(c1: number, c2: number, amount: number): number {
  const mask = Math.floor(Math.fround(amount) * 256);
  const a = (255 * mask) >> 8;
  const sA = a >= 127 ? a + 1 : a;
  const ch = (shift: number): number => ((((c1 >>> shift) & 0xff) * (256 - sA) + ((c2 >>> shift) & 0xff) * sA) >> 8) << shift;
  return (0xff000000 | ch(16) | ch(8) | ch(0)) >>> 0;
}

test('Osc in RGB blends the two stored ARGBs with LXColor.lerp (an 8-bit mask), not a rounded per-byte lerp', () => {
  const c = new DynamicColor();
  c.mode.setValue(1);
  c.period.setValue(1.5);
  c.primary.hue.setValue(170);
  c.primary.saturation.setValue(85);
  c.primary.brightness.setValue(95);
  c.secondary.hue.setValue(310);
  c.secondary.saturation.setValue(100);
  c.secondary.brightness.setValue(55);
  let differsFromRounded = 0;
  for (let k = 1; k <= 90; k++) {
    c.loop(1000 / 60);
    const basis = c.getBasis();
    const expected = lxLerp(c.primaryColor, c.secondaryColor, basis);
    assert.equal(c.getColor(), expected, `frame ${k}`);
    assert.equal(c.getSaturation(), saturationOf(expected));
    const rounded =
      [16, 8, 0].reduce(
        (acc, sh) =>
          acc | (Math.round(((c.primaryColor >>> sh) & 0xff) + (((c.secondaryColor >>> sh) & 0xff) - ((c.primaryColor >>> sh) & 0xff)) * basis) << sh),
        0xff000000,
      ) >>> 0;
    if (rounded !== expected) differsFromRounded++;
  }
  assert.ok(differsFromRounded > 30, `the two rules differ on ${differsFromRounded} of 90 frames`);
});

test('Cycle: the hue a gradient stop reads wraps into [0, 360) once hue + basis·360 passes 360', () => {
  const c = new DynamicColor();
  c.mode.setValue(2);
  c.period.setValue(2);
  c.primary.hue.setValue(30);
  c.loop(1800);
  assert.ok(Math.abs(c.getHue() - 354) < 1e-9, String(c.getHue()));
  c.loop(50);
  assert.ok(Math.abs(c.getHue() - 3) < 1e-9, String(c.getHue()));
  assert.equal(c.getColor(), hsb(363, 100, 100), 'the color itself is the same either way');
});

test('swatch transitions blend what the colors show: a Cycle color from its current hue, RGB by LXColor.lerp', () => {
  const p = palette();
  const live = p.getSwatchColor(0);
  live.mode.setValue(2); // CYCLE from hue 0 over 1 s
  live.period.setValue(1);
  live.primary.hue.setValue(0);
  const target = p.newSwatchFromLive();
  p.attachSwatch(target);
  target.getColor(0).mode.setValue(0);
  target.getColor(0).primary.hue.setValue(200);
  target.getColor(0).primary.saturation.setValue(60);
  p.loop(250); // the live color now shows hue 90
  p.transitionEnabled.setOn(true);
  p.transitionTimeSecs.setValue(1);
  p.transitionMode.setValue(1); // HSV
  p.setSwatch(target);
  p.loop(500);
  // Half way from hue 90 (what the Cycle color showed), not from its setting 0: hue 145.
  assert.equal(p.swatchColor(0), hsb(145, 80, 100));
  p.loop(600);
  assert.equal(p.transitioning, false);

  p.transitionMode.setValue(0); // RGB
  const other = p.newSwatchFromLive();
  p.attachSwatch(other);
  other.getColor(0).primary.hue.setValue(30);
  const shown = p.swatchColor(0);
  p.setSwatch(other);
  p.loop(300);
  assert.equal(p.swatchColor(0), lxLerp(shown, other.getColor(0).getColor(), 0.3));
});
