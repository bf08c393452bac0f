// list_available_fixtures' domain half: stock classes, and the .lxf types of a media folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureCatalog } from '../../../src/light/docs/fixture-catalog.js';

test('fixture catalog: stock classes in LX order with their own parameters only', () => {
  const c = fixtureCatalog();
  assert.deepEqual(
    c.classes.map((k) => k.name),
    ['Arc', 'Grid', 'Point', 'Spiral', 'Strip'],
  );
  const strip = c.classes[4];
  assert.deepEqual(
    strip.parameters.map((p) => p.key),
    ['numPoints', 'spacing'],
  );
  assert.deepEqual(c.classes[0].defaultTags, ['strip', 'arc']);
  assert.ok(c.commonParameters.some((p) => p.key === 'x'));
  assert.equal(c.fixturesFolder, undefined);
  assert.deepEqual(c.jsonTypes, []);
});

test('fixture catalog: .lxf types under Fixtures/, sub-folders included; unreadable files reported', async (t) => {
  const media = await mkdtemp(join(tmpdir(), 'footlight-media-'));
  t.after(() => rm(media, { recursive: true, force: true }));
  await mkdir(join(media, 'Fixtures', 'rigs'), { recursive: true });
  await writeFile(
    join(media, 'Fixtures', 'Bar.lxf'),
    JSON.stringify({
      label: 'LED Bar',
      parameters: { count: { type: 'int', default: 8, min: 1, max: 64, description: 'Pixels' } },
      components: [{ type: 'strip', numPoints: '$count' }],
    }),
  );
  await writeFile(join(media, 'Fixtures', 'rigs', 'Part.lxf'), JSON.stringify({ isVisible: false, components: [{ type: 'point' }] }));
  await writeFile(join(media, 'Fixtures', 'Broken.lxf'), '{ not json');
  // Read leniently, as LX does: comments, unquoted names, single quotes.
  await writeFile(join(media, 'Fixtures', 'Soft.lxf'), "/* shared */ { label: 'Soft Bar', # hash\n components: [ { type: 'point' } ] }\n");
  await writeFile(join(media, 'Fixtures', 'notes.txt'), 'ignored');
  const c = fixtureCatalog(media);
  assert.equal(c.fixturesFolder, join(media, 'Fixtures'));
  assert.deepEqual(
    c.jsonTypes.map((j) => [j.type, j.label, j.isVisible]),
    [
      ['Bar', 'LED Bar', true],
      ['Soft', 'Soft Bar', true],
      ['rigs/Part', 'Part', false],
    ],
  );
  assert.deepEqual(
    c.jsonTypes[0].parameters.map((p) => [p.name, p.type, p.default, p.min, p.max]),
    [['count', 'int', 8, 1, 64]],
  );
  assert.deepEqual(
    c.errors.map((e) => e.type),
    ['Broken'],
  );
  assert.match(c.errors[0].error, /Broken\.lxf:1:7: Expected ':'/, 'file, line and column');
});

test('fixture catalog: a media folder without Fixtures/ has no JSON types', async (t) => {
  const media = await mkdtemp(join(tmpdir(), 'footlight-media-'));
  t.after(() => rm(media, { recursive: true, force: true }));
  const c = fixtureCatalog(media);
  assert.deepEqual([c.jsonTypes, c.errors], [[], []]);
  assert.equal(c.fixturesFolder, join(media, 'Fixtures'));
});
