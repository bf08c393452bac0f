// The pattern golden scenes whose only outside dependency is a global VariableLFO: rendered with
// the library's VariableLFO when it has one, else a stand-in, every pixel of every frame must
// equal LX 1.2.1. (test/light/golden.test.ts runs them with the library alone.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN, runScene } from './golden-harness.js';
import { libraryWithLfo } from './stub-variable-lfo.js';

for (const scene of ['planes', 'gradient_fixed_rgb', 'noise_perlin', 'noise_ridge_fbm', 'chase', 'test_pattern']) {
  test(`golden ${scene}: every frame equals LX 1.2.1`, { skip: !existsSync(join(GOLDEN, `${scene}.lxp`)) && 'golden files not found' }, () => {
    const r = runScene(scene, undefined, undefined, libraryWithLfo());
    assert.equal(r.differingPoints, 0, `${r.badFrames} frames differ, max error ${r.maxError}; ${r.firstMiss}`);
  });
}
