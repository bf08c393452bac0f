import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

import { EXACT_SCENES as EXACT, GOLDEN_DIR as GOLDEN } from '../helpers/golden-dir.js';

const scenes = goldenScenes(GOLDEN);

test('the golden folder holds every scene LX rendered', () => {
  assert.equal(scenes.length, 22, scenes.join(', '));
  for (const scene of EXACT) assert.ok(scenes.includes(scene), scene);
});

for (const scene of EXACT) {
  test(`golden ${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(GOLDEN, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
