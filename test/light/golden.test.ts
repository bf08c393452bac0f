import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

import { GOLDEN_DIR as GOLDEN } from '../helpers/golden-dir.js';

/** Scenes whose every device Footlight implements; the rest are reported as todo until they are. */
const EXACT = new Set(['solid_faders', 'noise_perlin', 'noise_ridge_fbm', 'chase', 'test_pattern', 'gradient_fixed_rgb', 'planes', 'blend_modes', 'composite_blend', 'crossfader_ab', 'playlist_transition', 'gradient_palette_views', 'effects_color', 'effects_mask', 'effects_blur_strobe', 'groups']);

for (const scene of goldenScenes(GOLDEN)) {
  const run = EXACT.has(scene) ? test : test.todo;
  run(`golden ${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(GOLDEN, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
