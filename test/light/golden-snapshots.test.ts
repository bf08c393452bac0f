import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

// Scenes LX 1.2.1 built, saved and rendered itself (scripts/lx-harness/snapshots): snapshot
// auto-cycle with transitions (FADE and TOGGLE channel modes), recalls mid-transition, saved palette swatches auto-cycled
// with RGB and HSV transitions, crossfader groups swept by an LFO under every crossfader blend.
const DIR = fileURLToPath(new URL('../golden/lx-scenes/snapshots/', import.meta.url));

/** Every scene of the folder; one that departs from LX is left out here and listed in its README. */
const EXACT = [
  'crossfader_groups_add',
  'crossfader_groups_darkest',
  'crossfader_groups_difference',
  'crossfader_groups_lightest',
  'crossfader_groups_multiply',
  'crossfader_groups_one_side',
  'snapshots_fade_cycle',
  'snapshots_mid_transition',
  'snapshots_toggle_custom',
  'swatches_hsv_cycle',
  'swatches_hsvccw_cycle',
  'swatches_rgb_cycle',
  'swatches_trigger_cycle',
];

test('the snapshots folder holds exactly the scenes asserted exact', () => {
  assert.deepEqual(goldenScenes(DIR).sort(), [...EXACT].sort());
});

for (const scene of EXACT) {
  test(`LX scene snapshots/${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(DIR, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.deepEqual(parity.warnings, []);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
