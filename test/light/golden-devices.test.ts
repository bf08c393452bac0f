// Every stock device of LX 1.2.1 (test/golden/lx-scenes/devices/devices.json): Footlight runs it and
// renders its own LX scene exactly, or the table says why there is no scene; docs/lx-devices.md lists them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLibrary } from '../../src/light/devices/library.js';
import { compareScene, formatParity, goldenScenes } from '../../src/light/render/golden.js';

const GOLDEN = fileURLToPath(new URL('../golden/', import.meta.url));
const DIR = fileURLToPath(new URL('../golden/lx-scenes/devices/', import.meta.url));
const DOC = fileURLToPath(new URL('../../docs/lx-devices.md', import.meta.url));

interface Row {
  readonly class: string;
  readonly scene?: string;
  readonly owner?: string;
  readonly note?: string;
}
const rows = (JSON.parse(readFileSync(`${DIR}devices.json`, 'utf8')) as { devices: Row[] }).devices;
const scenes = goldenScenes(DIR);
const OWN = 'lx-scenes/devices/';

test('the device table lists LX 1.2.1 default registry: 10 patterns, 14 effects, 28 modulators, each once', () => {
  const library = createLibrary();
  assert.equal(new Set(rows.map((r) => r.class)).size, rows.length);
  const kinds = rows.map((r) => library.byClassName(r.class)?.kind);
  assert.deepEqual(
    ['pattern', 'effect', 'modulator'].map((k) => kinds.filter((x) => x === k).length),
    [10, 14, 28],
  );
});

test('every row has a scene or the reason it has none; every scene of the folder has a row', () => {
  const library = createLibrary();
  for (const row of rows) {
    if (row.scene === undefined) {
      assert.ok((row.note ?? '').length > 20, `${row.class}: no scene and no reason`);
    } else if (row.scene.endsWith('/')) {
      assert.ok(row.owner !== undefined, `${row.class}: a folder scene names the part of #35 that owns it`);
    } else {
      assert.ok(existsSync(`${GOLDEN}${row.scene}.lxp`) || existsSync(`${GOLDEN}${row.scene}.golden.json`), row.scene);
    }
    // Without a scene, the class is either unavailable here (MIDI) or random (a reason says which).
    const entry = library.byClassName(row.class);
    if (entry?.create === undefined) assert.ok(row.note?.includes('MIDI'), `${row.class} is not implemented: ${entry?.unavailable}`);
  }
  const named = new Set(rows.filter((r) => r.scene?.startsWith(OWN)).map((r) => (r.scene as string).slice(OWN.length)));
  assert.deepEqual(scenes, [...named].sort());
});

test('docs/lx-devices.md lists every class of the table', () => {
  const doc = readFileSync(DOC, 'utf8');
  for (const row of rows) assert.ok(doc.includes(`\`${row.class}\``), row.class);
});

for (const scene of scenes) {
  test(`device scene ${scene}: every frame equals LX 1.2.1 exactly`, () => {
    const parity = compareScene(DIR, scene, createLibrary());
    assert.equal(parity.shapeError, undefined, parity.shapeError);
    assert.equal(parity.exactFraction, 1, formatParity(parity));
  });
}
