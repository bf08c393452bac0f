// LX 1.2.1's own frames of fixture files and external models (test/golden/lx-scenes/fixtures):
// every scene renders exactly, and every point sits where LX put it, raw and normalized.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';
import { decodeArgb } from '../../src/light/render/frames-format.js';
import { renderFramesFile, renderOffline } from '../../src/light/render/offline.js';
import { openProjectFile, saveProjectFile } from '../../src/light/show/project/project-file.js';
import { parseLenientJson } from '../../src/light/show/project/lenient-json.js';
import { mediaResolvers } from '../../src/light/show/project/media.js';

const DIR = fileURLToPath(new URL('../golden/lx-scenes/fixtures/', import.meta.url));
const EXACT = ['lxf_edges', 'lxf_instances', 'lxm_manual'];

test('the fixture-file golden folder holds the scenes LX rendered', () => {
  assert.deepEqual(goldenScenes(DIR), EXACT);
});

/** Point i's coordinates as float32 triples from a frames file's base64. */
function triples(base64: string): number[][] {
  const bytes = Buffer.from(base64, 'base64');
  const out: number[][] = [];
  for (let i = 0; i < bytes.length; i += 12) out.push([bytes.readFloatLE(i), bytes.readFloatLE(i + 4), bytes.readFloatLE(i + 8)]);
  return out;
}

for (const scene of EXACT) {
  test(`golden fixtures ${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(DIR, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });

  test(`golden fixtures ${scene}: every point where LX put it (xyz and normalized)`, () => {
    const golden = JSON.parse(readFileSync(join(DIR, `${scene}.frames.json`), 'utf8'));
    const path = join(DIR, `${scene}.lxp`);
    const media = mediaResolvers(join(DIR, 'media'));
    const mine = renderFramesFile(parseLenientJson(readFileSync(path, 'utf8'), path), path, scene, {
      frames: 1,
      deltaMs: golden.deltaMs,
      registry: createLibrary(),
      resolveLxf: media.resolveLxf,
      resolveLxm: media.resolveLxm,
    });
    assert.deepEqual(triples(mine.pointsXYZ), triples(golden.pointsXYZ));
    assert.deepEqual(triples(mine.pointsXYZn), triples(golden.pointsXYZn));
  });

  test(`golden fixtures ${scene}: saved back by Footlight and reopened, still LX's frames`, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'footlight-fixt-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const opened = await openProjectFile(join(DIR, `${scene}.lxp`), createLibrary(), join(DIR, 'media'));
    const saved = join(dir, 'saved.lxp');
    await saveProjectFile(saved, opened.lx, opened.externals);
    const golden = JSON.parse(readFileSync(join(DIR, `${scene}.frames.json`), 'utf8'));
    const media = mediaResolvers(join(DIR, 'media'));
    const out = renderOffline(parseLenientJson(await readFile(saved, 'utf8'), saved), {
      frames: golden.frameCount,
      deltaMs: golden.deltaMs,
      registry: createLibrary(),
      resolveLxf: media.resolveLxf,
      resolveLxm: media.resolveLxm,
    });
    assert.equal(out.frames.length, golden.frames.length);
    for (const [i, frame] of golden.frames.entries()) {
      assert.ok(Buffer.from(out.frames[i].argb.buffer).equals(Buffer.from(decodeArgb(frame.argb).buffer)), `frame ${frame.index} differs`);
    }
  });
}
