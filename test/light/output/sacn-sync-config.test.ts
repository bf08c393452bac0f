// config.json's E1.31 sync settings: the rig's default for a show whose project does not set them
// (a new show, or a project LX saved, which has no such keys); a project that sets them wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOLDEN_DIR } from '../../helpers/golden-dir.js';
import { startShow } from '../../helpers/show.js';

const SYNC = '/lx/output/sacnSync';
const UNIVERSE = '/lx/output/sacnSyncUniverse';

async function values(show: Awaited<ReturnType<typeof startShow>>): Promise<[unknown, unknown]> {
  return [(await show.call('get_parameter', { path: SYNC })).parameter.value, (await show.call('get_parameter', { path: UNIVERSE })).parameter.value];
}

test('config.json sacnSync and sacnSyncUniverse fill what the project leaves unsaid; the project wins; off without them', async (t) => {
  // Removed after every show has closed (after-hooks run in the order they were added).
  const home = await mkdtemp(join(tmpdir(), 'footlight-test-'));
  assert.deepEqual(await values(await startShow(t, { home })), [false, 63999], 'no config: off, as LX');
  await writeFile(join(home, 'config.json'), JSON.stringify({ sacnSync: true, sacnSyncUniverse: 4000 }));
  assert.deepEqual(await values(await startShow(t, { home })), [true, 4000], 'the built-in show');
  const fromLx = join(home, 'from-lx.lxp');
  const lx = JSON.parse(await readFile(join(GOLDEN_DIR, 'solid_faders.lxp'), 'utf8'));
  await writeFile(fromLx, JSON.stringify(lx));
  assert.deepEqual(await values(await startShow(t, { home, project: fromLx })), [true, 4000], 'a project LX saved has no sync keys');
  lx.engine.children.output.parameters.sacnSync = false;
  const saved = join(home, 'saved.lxp');
  await writeFile(saved, JSON.stringify(lx));
  assert.deepEqual(await values(await startShow(t, { home, project: saved })), [false, 4000], 'the project says off; it says no universe');
  await writeFile(join(home, 'config.json'), JSON.stringify({ sacnSyncUniverse: 0 }));
  assert.deepEqual(await values(await startShow(t, { home })), [false, 63999], 'an invalid config.json is ignored whole');
  t.after(() => rm(home, { recursive: true, force: true }));
});
