import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

// LX 1.2.1's own frames of modulators that process modulators (test/golden/lx-scenes/modulators,
// made by scripts/lx-harness/modulators/render.sh; its README says what each scene covers).
const DIR = fileURLToPath(new URL('../golden/lx-scenes/modulators/', import.meta.url));

const EXACT = [
  'chain_hue',
  'cycle_speeds',
  'device_chain',
  'logic_invert',
  'nan_blends',
  'nan_spread',
  'operator_nan',
  'order_scopes',
  'run_stop',
  'scaler_shapes',
  'smoother_spring',
];

test('the modulators folder holds exactly the scenes listed here', () => {
  assert.deepEqual(goldenScenes(DIR), EXACT);
});

for (const scene of EXACT) {
  test(`modulators ${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(DIR, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
