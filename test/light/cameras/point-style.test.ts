import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { POINT_STYLE_KEY, readPointStyle } from '../../../src/light/show/point-style.js';
import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

const ORIGIN: Origin = { surface: 'engine' };

test('the point style saves with the project in its own key, only when it is not the default, and opens again', async (t) => {
  const show = await LightShow.open(new Engine(), join(GOLDEN, 'solid_faders.lxp'));
  const dir = await mkdtemp(join(tmpdir(), 'footlight-point-style-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await show.saveProject(join(dir, 'plain.lxp'));
  assert.equal(JSON.parse(await readFile(join(dir, 'plain.lxp'), 'utf8')).externals?.[POINT_STYLE_KEY], undefined, 'the default is not written');
  show.pointStyle.set(ORIGIN, { size: 7, led: 'square', gamma: 2.2 });
  await show.saveProject(join(dir, 'styled.lxp'));
  const again = await LightShow.open(new Engine(), join(dir, 'styled.lxp'));
  assert.deepEqual(again.warnings, []);
  assert.deepEqual(again.pointStyle.current(), { size: 7, led: 'square', gamma: 2.2 });
  show.engine.history.undo();
  assert.deepEqual(show.pointStyle.current(), { size: 'auto', led: 'disc', gamma: 1 });
  assert.equal(show.externals[POINT_STYLE_KEY], undefined, 'undo back to the default removes the key');
});

test('a damaged point style keeps its sound parts and warns by key path about the rest', () => {
  const warnings: string[] = [];
  const at = `externals/${POINT_STYLE_KEY}`;
  assert.deepEqual(
    readPointStyle({ size: 99, led: 'glow', gamma: 'x' }, at, (m) => warnings.push(m)),
    { size: 'auto', led: 'glow', gamma: 1 },
  );
  assert.equal(warnings.length, 2, warnings.join('\n'));
  assert.match(warnings[0], /footlight\.pointStyle\/size: size is "auto" or 1–32 pixels; got 99; the default \("auto"\) is used/);
  assert.match(warnings[1], /\/gamma: gamma is 0\.25–4/);
  assert.equal(
    readPointStyle([], at, (m) => warnings.push(m)),
    undefined,
  );
  assert.match(warnings[2], /the point style must be an object/);
});
