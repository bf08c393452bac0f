import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createLibrary } from '../../src/light/library.js';
import { renderOffline } from '../../src/light/render/offline.js';

import { GOLDEN_DIR as GOLDEN } from '../helpers/golden-dir.js';

/** Scenes whose every device Footlight implements; the rest are reported as todo until they are. */
const EXACT = new Set(['solid_faders', 'noise_perlin', 'noise_ridge_fbm', 'chase', 'test_pattern', 'gradient_fixed_rgb', 'planes']);

interface GoldenFile {
  deltaMs: number;
  frameCount: number;
  frameStep: number;
  points: number;
  frames: { index: number; argb: string }[];
}

function decode(b64: string): Uint32Array {
  const buf = Buffer.from(b64, 'base64');
  return new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
}

const scenes = (await readdir(GOLDEN)).filter((f) => f.endsWith('.lxp')).map((f) => f.slice(0, -4)).sort();

for (const scene of scenes) {
  const run = EXACT.has(scene) ? test : test.todo;
  run(`golden ${scene}: every frame equals LX 1.2.1 exactly`, async () => {
    const golden = JSON.parse(await readFile(join(GOLDEN, `${scene}.frames.json`), 'utf8')) as GoldenFile;
    const project = JSON.parse(await readFile(join(GOLDEN, `${scene}.lxp`), 'utf8'));
    const out = renderOffline(project, { frames: golden.frameCount, deltaMs: golden.deltaMs, every: golden.frameStep, registry: createLibrary() });
    assert.equal(out.points, golden.points);
    assert.equal(out.frames.length, golden.frames.length);
    for (let f = 0; f < golden.frames.length; f++) {
      const expected = decode(golden.frames[f].argb);
      const actual = out.frames[f].argb;
      let mismatches = 0;
      let first = -1;
      for (let i = 0; i < expected.length; i++) {
        if (expected[i] !== actual[i]) {
          mismatches++;
          if (first < 0) first = i;
        }
      }
      assert.equal(mismatches, 0, `${scene} frame ${golden.frames[f].index}: ${mismatches}/${expected.length} points differ; first at ${first}: expected ${expected[first]?.toString(16)}, got ${actual[first]?.toString(16)}`);
    }
  });
}
