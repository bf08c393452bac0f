import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ColorStops,
  GRADIENT_BLEND_MODES,
  GradientBlendMode,
  GrayTable,
  MAX_GRADIENT_STOPS,
  gradientBlendModeOf,
  hueLerp,
  lerpf,
} from '../../../src/light/color/gradient.js';
import { hsb } from '../../../src/light/color/lx-color.js';

const hex = (c: number): string => c.toString(16).padStart(8, '0');
const { RGB, HSV, HSVM, HSVCW, HSVCCW } = GradientBlendMode;
const ALL_MODES = [RGB, HSV, HSVM, HSVCW, HSVCCW] as const;

function twoStops(h1: number, s1: number, b1: number, h2: number, s2: number, b2: number): ColorStops {
  const stops = new ColorStops();
  stops.setStop(0, h1, s1, b1);
  stops.setStop(1, h2, s2, b2);
  stops.setNumStops(2);
  return stops;
}

test('blend mode enum: ordinals, LX constant names, display labels', () => {
  assert.deepEqual(
    GRADIENT_BLEND_MODES.map((m) => [m.ordinal, m.name, m.label]),
    [
      [0, 'RGB', 'RGB'],
      [1, 'HSV', 'HSV'],
      [2, 'HSVM', 'HSV-Min'],
      [3, 'HSVCW', 'HSV-CW'],
      [4, 'HSVCCW', 'HSV-CCW'],
    ],
  );
  assert.deepEqual([RGB, HSV, HSVM, HSVCW, HSVCCW], [0, 1, 2, 3, 4]);
  assert.equal(gradientBlendModeOf('HSVM'), HSVM);
  assert.equal(gradientBlendModeOf('HSV-CCW'), HSVCCW);
  assert.equal(gradientBlendModeOf('HSL'), undefined);
});

test('stops at t = 0 and t = 1 are the stop colors in every mode', () => {
  const stops = twoStops(0, 100, 100, 240, 100, 100);
  for (const mode of ALL_MODES) {
    assert.equal(hex(stops.getColor(0, mode)), 'ffff0000', `mode ${mode} t=0`);
    assert.equal(hex(stops.getColor(1, mode)), 'ff0000ff', `mode ${mode} t=1`);
  }
});

test('midpoint red → blue: each mode takes its own path', () => {
  const stops = twoStops(0, 100, 100, 240, 100, 100);
  assert.equal(hex(stops.getColor(0.5, RGB)), 'ff800080', 'RGB: round(127.5) = 128 per channel');
  assert.equal(hex(stops.getColor(0.5, HSV)), 'ff00ff00', 'HSV: hue 120');
  assert.equal(hex(stops.getColor(0.5, HSVM)), 'ffff00ff', 'HSV-Min: 360 → 240, hue 300');
  assert.equal(hex(stops.getColor(0.5, HSVCW)), 'ff00ff00', 'HSV-CW: 0 → 240 already clockwise');
  assert.equal(hex(stops.getColor(0.5, HSVCCW)), 'ffff00ff', 'HSV-CCW: 360 → 240');
  assert.equal(hex(stops.getColor(0.25, HSV)), 'ffffff00', 'HSV quarter: hue 60');
  assert.equal(hex(stops.getColor(0.25, HSVM)), 'ffff0080', 'HSV-Min quarter: hue 330');
});

test('midpoint blue → red: the wrap rules mirror', () => {
  const stops = twoStops(240, 100, 100, 0, 100, 100);
  assert.equal(hex(stops.getColor(0.5, HSV)), 'ff00ff00', 'HSV: hue 120');
  assert.equal(hex(stops.getColor(0.5, HSVM)), 'ffff00ff', 'HSV-Min: 240 → 360');
  assert.equal(hex(stops.getColor(0.5, HSVCW)), 'ffff00ff', 'HSV-CW: 240 → 360');
  assert.equal(hex(stops.getColor(0.5, HSVCCW)), 'ff00ff00', 'HSV-CCW: 240 → 0 already counter-clockwise');
});

test("a black stop borrows the other stop's hue and saturation (HSV modes only)", () => {
  const toBlack = twoStops(0, 100, 100, 240, 100, 0);
  for (const mode of [HSV, HSVM, HSVCW, HSVCCW]) {
    assert.equal(hex(toBlack.getColor(0.5, mode)), 'ff800000', `mode ${mode}: half-bright red, no sweep to 120`);
  }
  assert.equal(hex(hsb(120, 100, 50)), 'ff008000', 'what HSV would give without the rule');
  const fromBlack = twoStops(240, 0, 0, 0, 100, 100);
  assert.equal(hex(fromBlack.getColor(0.5, HSV)), 'ff800000', 'black first stop borrows hue 0 and saturation 100');
  assert.equal(hex(fromBlack.getColor(0.5, RGB)), 'ff800000', 'RGB: round(127.5) red');
  const bothBlack = twoStops(10, 50, 0, 200, 80, 0);
  assert.equal(hex(bothBlack.getColor(0.5, HSV)), 'ff000000');
  assert.ok(toBlack.isBlack(1) && !toBlack.isBlack(0));
});

test('RGB mode rounds each channel with Java Math.round (ties up)', () => {
  const one = twoStops(0, 0, 0, 0, 0, 0.4); // (0,0,0) → (1,1,1)
  assert.equal(hex(one.getColor(1, RGB)), 'ff010101');
  assert.equal(hex(one.getColor(0.5, RGB)), 'ff010101', 'round(0.5) = 1');
  const three = twoStops(0, 0, 1.2, 0, 0, 0); // (3,3,3) → (0,0,0)
  assert.equal(hex(three.getColor(0, RGB)), 'ff030303');
  assert.equal(hex(three.getColor(0.5, RGB)), 'ff020202', 'round(1.5) = 2');
  assert.equal(hex(three.getColor(0.49, RGB)), 'ff020202', 'round(1.53) = 2');
  assert.equal(hex(three.getColor(0.51, RGB)), 'ff010101', 'round(1.47) = 1');
});

test('three stops: t scales by numStops − 1; t = 1 reads the copy of the last stop', () => {
  const stops = new ColorStops();
  stops.setStop(0, 0, 100, 100);
  stops.setStop(1, 120, 100, 100);
  stops.setStop(2, 240, 100, 100);
  stops.setNumStops(3);
  assert.equal(hex(stops.getColor(0.5, HSV)), 'ff00ff00', 'exactly stop 1');
  assert.equal(hex(stops.getColor(0.25, HSV)), 'ffffff00', 'half way red → green');
  assert.equal(hex(stops.getColor(0.75, HSV)), 'ff00ffff', 'half way green → blue');
  assert.equal(hex(stops.getColor(1, HSV)), 'ff0000ff', 'last stop');
  assert.equal(stops.hue[3], 240, 'setNumStops copied stop 2 into slot 3');
});

test('a single stop is flat', () => {
  const stops = new ColorStops();
  stops.setStop(0, 30, 100, 100);
  stops.setNumStops(1);
  for (const t of [0, 0.3, 1]) assert.equal(hex(stops.getColor(t, HSV)), 'ffff8000');
});

test('golden blend_modes b5 (Normal at fader 1 shows the source): HSV stops (165,70,30) → (+90,+30,+70)', () => {
  // LX 1.2.1 frame rows of panel b5, y = 100..170; the 8 rows sit at t = r/7.
  const stops = new ColorStops();
  stops.setStopWithOffsets(0, 165, 70, 30, 0, 0, 0);
  stops.setStopWithOffsets(1, 165, 70, 30, 90, 30, 70);
  stops.setNumStops(2);
  assert.deepEqual([stops.hue[1], stops.saturation[1], stops.brightness[1]], [255, 100, 100]);
  const golden = ['ff174d3f', 'ff1a6663', 'ff1b6e80', 'ff1a6799', 'ff1754b3', 'ff1133cc', 'ff120ae6', 'ff4000ff'];
  const rows = golden.map((_, r) => hex(stops.getColor(Math.fround(r / 7), HSV)));
  assert.deepEqual(rows, golden);
});

test('setStopWithOffsets clamps saturation and brightness to 0..100 but not hue', () => {
  const stops = new ColorStops();
  stops.setStopWithOffsets(0, 350, 90, 10, 30, 50, -40);
  assert.deepEqual([stops.hue[0], stops.saturation[0], stops.brightness[0]], [380, 100, 0]);
  assert.deepEqual([stops.red[0], stops.green[0], stops.blue[0]], [0, 0, 0]);
  stops.setStop(1, 0, 100, 110); // setStop does not clamp: hsb() spills, the stop keeps the low bytes
  assert.deepEqual([stops.red[1], stops.green[1], stops.blue[1]], [0x19, 0, 0]);
});

test('stop slots and counts are range-checked', () => {
  const stops = new ColorStops();
  assert.equal(MAX_GRADIENT_STOPS, 6);
  assert.throws(() => stops.setStop(6, 0, 0, 0), /stop index takes 0–5; got 6/);
  assert.throws(() => stops.setNumStops(0), /numStops takes 1–5; got 0/);
  assert.throws(() => stops.setNumStops(6), RangeError);
  stops.setNumStops(5);
  assert.equal(stops.numStops, 5);
});

test('hueLerp and lerpf are float32', () => {
  assert.equal(lerpf(0, 1, 0.1), Math.fround(0.1));
  assert.equal(lerpf(10, 20, 1 / 3), Math.fround(10 + Math.fround(10 * Math.fround(1 / 3))));
  assert.equal(hueLerp(HSVM, 350, 10, 0.5), 360, '350 → 370');
  assert.equal(hueLerp(HSVM, 10, 350, 0.5), 360, '370 → 350');
  assert.equal(hueLerp(HSVM, 10, 190, 0.5), 100, 'gap exactly 180 is not wrapped');
  assert.equal(hueLerp(HSVCW, 350, 340, 0.5), 525, '350 → 700');
  assert.equal(hueLerp(HSVCCW, 340, 350, 0.5), 525, '700 → 350');
  assert.throws(() => hueLerp(RGB, 0, 1, 0.5), RangeError);
});

test('GrayTable: entry i = (int)(level · lerp(i, 255.9 − i, invert))', () => {
  const table = new GrayTable();
  table.update(0);
  assert.deepEqual([table.lut[0], table.lut[128], table.lut[255]].map(hex), ['ff000000', 'ff808080', 'ffffffff']);
  table.update(1);
  assert.deepEqual([table.lut[0], table.lut[100], table.lut[255]].map(hex), ['ffffffff', 'ff9b9b9b', 'ff000000'], '255.9 → 255, 155.9 → 155, 0.9 → 0');
  table.update(0.5);
  assert.ok(
    table.lut.every((c) => c === 0xff7f7f7f),
    'invert 0.5: every entry 127.95 → 127',
  );
  table.update(0, 0.5);
  assert.deepEqual([table.lut[3], table.lut[255]].map(hex), ['ff010101', 'ff7f7f7f']);
  table.update(0.25, 0.8);
  assert.equal(hex(table.lut[10]), 'ff373737', '0.8 · (10 + 235.9 · 0.25) = 55.18');
});

test('GrayTable.get indexes with (int)(2.559f · b)', () => {
  const table = new GrayTable();
  table.update(0);
  assert.equal(hex(table.get(100)), 'ffffffff', 'index 255');
  assert.equal(hex(table.get(50)), 'ff7f7f7f', '127.95 → 127');
  assert.equal(hex(table.get(0.39)), 'ff000000', '0.998 → 0');
  assert.equal(hex(table.get(Math.fround(1 / 2.559))), 'ff010101', 'float product rounds up to 1.0f');
});

test('GrayTable padding repeats the last entry; the LUT rebuilds only when parameters change', () => {
  const table = new GrayTable(3);
  assert.equal(table.lut.length, 259);
  table.update(1);
  assert.deepEqual(Array.from(table.lut.subarray(255)).map(hex), ['ff000000', 'ff000000', 'ff000000', 'ff000000']);
  table.update(0.3, 0.9);
  const entry = table.lut[7];
  table.lut[7] = 0;
  table.update(0.3, 0.9);
  assert.equal(table.lut[7], 0, 'same parameters: not rebuilt');
  table.update(0.3, 0.91);
  assert.notEqual(table.lut[7], 0, 'changed level: rebuilt');
  table.update(0.3, 0.9);
  assert.equal(table.lut[7], entry);
});
