// Every fixture definition of QLC+'s installed library (Debian's qlcplus-data, which .ci/run
// installs) goes through the importer: most import, and each refused one carries its file and a
// reason; nothing crashes. The library's header index agrees with the full import.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { defaultFixtureFolder, FixtureLibrary } from '../../../src/light/stage/profiles/library.js';
import { ProfileError } from '../../../src/light/stage/profiles/profile.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

test('QLC+ library: every installed .qxf imports or is refused with a reason', async (t) => {
  const folder = defaultFixtureFolder();
  assert.ok(folder, "QLC+'s fixture library is installed (Debian package qlcplus-data)");
  const lib = new FixtureLibrary(folder);
  const index = await lib.entries();
  const ids = [...index.entries.map((e) => e.id), ...index.refused.map((r) => r.id)].filter((id) => id.endsWith('.qxf'));
  assert.ok(ids.length > 1000, `${ids.length} definitions found`);
  let imported = 0;
  const refused: string[] = [];
  const byType = new Map<string, number>();
  let sixteenBit = 0;
  for (const entry of index.entries) {
    const path = join(folder, ...entry.id.split('/'));
    try {
      const p = importQlc(entry.id, await readFile(path, 'utf8'));
      imported++;
      assert.deepEqual([p.maker, p.model, p.type], [entry.maker, entry.model, entry.type], `${entry.id}: the index agrees with the import`);
      byType.set(p.type, (byType.get(p.type) ?? 0) + 1);
      if (p.channels.some((c) => c.attribute === 'pan' && c.byte === 1 && c.coarse !== undefined)) sixteenBit++;
    } catch (err) {
      assert.ok(err instanceof ProfileError, `${entry.id}: ${String(err)}`);
      assert.equal(err.file, entry.id);
      assert.ok(err.reason.length > 0, `${entry.id}: a reason`);
      refused.push(`${entry.id}: ${err.reason}`);
    }
  }
  for (const r of index.refused) {
    assert.ok(r.reason.length > 0, `${r.id}: a reason`);
    refused.push(`${r.id}: ${r.reason}`);
  }
  t.diagnostic(`${ids.length} definitions: ${imported} imported, ${refused.length} refused; ${sixteenBit} with 16-bit pan`);
  t.diagnostic(`by type: ${[...byType].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const r of refused) t.diagnostic(`refused ${r}`);
  assert.equal(imported + refused.length, ids.length);
  assert.ok(imported / ids.length > 0.99, `${imported} of ${ids.length} import`);
  assert.ok((byType.get('moving-head') ?? 0) > 300);
  assert.ok(sixteenBit > 300);
});
