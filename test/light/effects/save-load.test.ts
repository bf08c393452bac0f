// Every effect saved in the golden projects loads and saves back the same parameters, enum
// constant names included (LX writes `<key>/name` and prefers it when loading).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Effect } from '../../../src/light/devices/effects/effect.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { LoadContext, LxObject } from '../../../src/light/component/lxp-types.js';
import { GOLDEN_DIR, loadGolden } from './harness.js';

function effectsIn(node: unknown, out: LxObject[]): LxObject[] {
  if (Array.isArray(node)) for (const item of node) effectsIn(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'effects' && Array.isArray(value)) out.push(...(value as LxObject[]));
      effectsIn(value, out);
    }
  }
  return out;
}

test('golden projects: each saved effect round-trips its parameters through load and save', {
  skip: GOLDEN_DIR === undefined && 'golden projects not found',
}, () => {
  const registry = createLibrary();
  let count = 0;
  for (const scene of ['effects_color', 'effects_mask', 'effects_blur_strobe', 'groups', 'modulation_lfos']) {
    for (const json of effectsIn(loadGolden(scene).project, [])) {
      const entry = registry.byClassName(String(json.class));
      assert.ok(entry?.create, `${scene}: ${String(json.class)} is implemented`);
      const effect = entry.create();
      assert.ok(effect instanceof Effect);
      const ctx: LoadContext = { ids: new Map(), defer: (fn) => fn(), warn: (m) => assert.fail(m), registry };
      effect.load(json, ctx);
      const saved = effect.save();
      assert.equal(saved.class, json.class);
      for (const [key, value] of Object.entries(json.parameters ?? {})) {
        assert.deepEqual(saved.parameters?.[key], value, `${scene} ${String(json.class)}: ${key}`);
      }
      count++;
    }
  }
  assert.ok(count >= 12, `saw ${count} effects`);
});

test('a new effect of every class saves and reloads to the same parameters', () => {
  const registry = createLibrary();
  for (const entry of registry.list('effect')) {
    if (entry.create === undefined) continue;
    const a = entry.create() as Effect;
    const saved = a.save();
    const b = entry.create() as Effect;
    b.load(saved, { ids: new Map(), defer: (fn) => fn(), warn: (m) => assert.fail(m), registry });
    assert.deepEqual(b.save().parameters, saved.parameters, entry.className);
  }
});
