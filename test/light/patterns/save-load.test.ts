// Loading a golden project and saving it again gives back, for every stock pattern, the exact
// parameters LX wrote (keys, order, values, enum names) and Planes' `planes` array.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { Pattern } from '../../../src/light/devices/patterns/pattern.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import type { LxObject } from '../../../src/light/component/lxp-types.js';
import { GOLDEN, readScene } from './golden-harness.js';
import { createLibrary } from '../../../src/light/devices/library.js';

const BASE = new Set([
  'label',
  'view',
  'viewPriority',
  'enabled',
  'recall',
  'launch',
  'compositeBlend',
  'compositeLevel',
  'hasCustomCycleTime',
  'customCycleTimeSecs',
  'autoMute',
  'cueActive',
  'auxActive',
  'compositeMode',
]);

const scenes = existsSync(GOLDEN)
  ? readdirSync(GOLDEN)
      .filter((f) => f.endsWith('.lxp'))
      .map((f) => f.slice(0, -4))
      .sort()
  : [];

function savedPatterns(project: unknown): LxObject[] {
  const out: LxObject[] = [];
  const channels = ((project as LxObject).engine as LxObject).children!.mixer as LxObject;
  const walk = (list: unknown): void => {
    for (const ch of list as LxObject[]) {
      for (const p of (ch.patterns ?? []) as LxObject[]) out.push(p);
      if (Array.isArray(ch.channels)) walk(ch.channels);
    }
  };
  walk(channels.channels);
  return out;
}

test('save/load: every stock pattern in the golden projects saves back what LX wrote', { skip: scenes.length === 0 && 'golden files not found' }, () => {
  let compared = 0;
  for (const scene of scenes) {
    const { project } = readScene(scene);
    const opened = readProject(project, createLibrary());
    const live: Pattern[] = [];
    for (const c of opened.lx.descendants()) if (c instanceof Pattern) live.push(c);
    const saved = savedPatterns(project);
    assert.equal(live.length, saved.length, `${scene}: pattern count`);
    for (let i = 0; i < saved.length; i++) {
      const again = live[i].save();
      const at = `${scene} pattern ${i + 1} (${String(saved[i].class)})`;
      assert.equal(again.class, saved[i].class, at);
      // Order of the pattern's own keys (the LXPattern base keys are the engine's and come first in LX).
      const own = (keys: string[]): string[] => keys.filter((k) => !BASE.has(k.replace(/\/name$/, '')) && !k.startsWith('midiFilter/'));
      assert.deepEqual(own(Object.keys(again.parameters!)), own(Object.keys(saved[i].parameters!)), `${at}: parameter keys and order`);
      assert.deepEqual(again.parameters, saved[i].parameters, `${at}: parameter values`);
      if ('planes' in saved[i]) {
        const planes = again.planes as LxObject[];
        const expected = saved[i].planes as LxObject[];
        assert.equal(planes.length, expected.length, `${at}: planes`);
        for (let k = 0; k < planes.length; k++) {
          assert.equal(planes[k].class, expected[k].class);
          assert.deepEqual(planes[k].parameters, expected[k].parameters, `${at}: plane ${k + 1}`);
        }
      }
      compared++;
    }
  }
  assert.ok(compared >= 30, `compared ${compared} patterns`);
});
