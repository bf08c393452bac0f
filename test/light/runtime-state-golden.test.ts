// A checkpoint of every LX golden scene: show A runs, changes some parameters and its playlist
// midway, and is checkpointed (saved project + runtime state, through JSON); show B opens the
// checkpoint and renders the next frames byte-identical to A's (docs/runtime-state.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { goldenScenes } from '../../src/light/render/golden.js';
import { mediaResolvers } from '../../src/light/show/project/media.js';
import { parseLenientJson } from '../../src/light/show/project/lenient-json.js';
import { Channel } from '../../src/light/mixer/channel.js';
import { Pattern } from '../../src/light/devices/patterns/pattern.js';
import type { LightShow } from '../../src/light/show/light-show.js';
import { ORIGIN, divergenceAfterCheckpoint, openShow } from './runtime-state-helpers.js';

const GOLDEN = fileURLToPath(new URL('../golden/', import.meta.url));
const FOLDERS = [
  'lx-1.2.1',
  'lx-1.2.1-dmx',
  'lx-outputs',
  'lx-round-trip',
  ...['clips', 'devices', 'fixtures', 'modulators', 'racks', 'snapshots'].map((f) => `lx-scenes/${f}`),
];
const FRAMES = 150;

/** Midway: every playlist starts a transition to its next pattern, and each pattern's first two knobs move. */
function midway(show: LightShow): void {
  for (const c of show.mixer.channels.items) {
    if (!(c instanceof Channel)) continue;
    if (c.patterns.length >= 2) {
      show.setParameter(c.patternEngine.transitionEnabled, true, ORIGIN);
      c.patternEngine.goNextPattern();
    }
    for (const p of c.patterns.items) {
      if (!(p instanceof Pattern)) continue;
      const knobs = [...p.parameters.values()].filter((x) => x instanceof BoundedParameter && !x.internal).slice(0, 2) as BoundedParameter[];
      for (const k of knobs) show.setParameter(k, k.normalize(k.getBaseValue()) > 0.5 ? k.denormalize(0.3) : k.denormalize(0.7), ORIGIN);
    }
  }
}

for (const folder of FOLDERS) {
  const dir = join(GOLDEN, folder);
  const media = existsSync(join(dir, 'media')) ? mediaResolvers(join(dir, 'media')) : {};
  for (const scene of goldenScenes(dir)) {
    test(`${folder}/${scene}: a show opened from a checkpoint renders the next frames exactly`, { timeout: 120_000 }, () => {
      const path = join(dir, `${scene}.lxp`);
      const project = parseLenientJson(readFileSync(path, 'utf8'), path);
      const a = openShow(project, media);
      const diverged = divergenceAfterCheckpoint(a, { before: FRAMES, after: FRAMES, deltaMs: 1000 / 60, midway, media });
      assert.equal(diverged, -1, `frame ${diverged} after the checkpoint differs`);
    });
  }
}
