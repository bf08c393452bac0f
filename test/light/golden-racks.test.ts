import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

// Scenes LX 1.2.1 built, saved and rendered itself (scripts/lx-harness/racks): pattern racks in
// playlist and blend mode, the Alternating pattern, Freeze, trigger mappings, a master Strobe.
const DIR = fileURLToPath(new URL('../golden/lx-scenes/racks/', import.meta.url));

/** Every scene of the folder; one that departs from LX is left out here and listed in its README. */
const EXACT = [
  'freeze_interval_lock',
  'freeze_modes_hold',
  'rack_blend',
  'rack_nested_effects',
  'rack_playlist',
  'rack_saved_state',
  'rack_views',
  'scoped_triggers',
  'strobe_master_trigger',
  'trigger_chain',
];

test('the racks folder holds exactly the scenes asserted exact', () => {
  assert.deepEqual(goldenScenes(DIR).sort(), [...EXACT].sort());
});

for (const scene of EXACT) {
  test(`LX scene racks/${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(DIR, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.deepEqual(parity.warnings, []);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
