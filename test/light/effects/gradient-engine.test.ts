// Gradient Mask renders with the same gradient as the Gradient pattern (LX shares one engine,
// GradientPattern.Engine). The pattern is exact against LX's golden scenes; here both are set
// alike, over many parameter combinations, and must agree on every point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import type { NumericParameter } from '../../../src/engine/parameters/numeric.js';
import { GradientMaskEffect } from '../../../src/light/devices/effects/color/gradient-mask-effect.js';
import { modelFromProject } from '../../../src/light/model/project.js';
import { GradientPattern } from '../../../src/light/devices/patterns/color/gradient-pattern.js';
import { GOLDEN_DIR, StubEngine, fixedPalette, hex, loadGolden } from './harness.js';

// mulberry32: deterministic parameter draws
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('Gradient Mask (CUE) and the Gradient pattern render the same gradient', { skip: GOLDEN_DIR === undefined && 'golden model not found' }, () => {
  const model = modelFromProject(loadGolden('gradient_palette_views').project);
  const palette = fixedPalette([
    { h: 10, s: 90, b: 100 },
    { h: 200, s: 60, b: 80 },
    { h: 300, s: 100, b: 0 },
    { h: 45, s: 20, b: 100 },
  ]);
  const engine = new StubEngine(palette);
  const mask = engine.adopt(new GradientMaskEffect());
  const pattern = new GradientPattern();
  engine.addChild('pattern', pattern);
  mask.cueMask.setOn(true);
  const random = rng(7);
  const keys = [...mask.engine.parameters()].map(([key]) => key);
  for (let round = 0; round < 60; round++) {
    for (const key of keys) {
      const a = mask.parameters.get(key) as NumericParameter | undefined;
      const b = pattern.parameters.get(key) as NumericParameter | undefined;
      if (a === undefined || b === undefined || !('normalize' in a)) continue;
      if (key === 'fixedColor') continue;
      a.setNormalized(random());
      b.setValue(a.getBaseValue());
    }
    for (const sub of ['hue', 'saturation', 'brightness'] as const) {
      const v = random() * (sub === 'hue' ? 359 : 100);
      (mask.engine.fixedColor[sub] as BoundedParameter).setValue(v);
      (pattern.fixedColor[sub] as BoundedParameter).setValue(v);
    }
    const fromMask = new Uint32Array(model.size);
    const fromPattern = new Uint32Array(model.size);
    mask.colors = fromMask;
    mask.points = model.points;
    mask.loop(1000 / 60);
    pattern.colors = fromPattern;
    pattern.points = model.points;
    pattern.loop(1000 / 60);
    for (let i = 0; i < model.size; i++) {
      if (fromMask[i] !== fromPattern[i]) {
        const settings = keys.map((k) => `${k}=${(mask.parameters.get(k) as NumericParameter | undefined)?.getBaseValue?.()}`).join(' ');
        assert.fail(`round ${round} point ${i}: mask ${hex(fromMask[i])}, pattern ${hex(fromPattern[i])}; ${settings}`);
      }
    }
  }
});
