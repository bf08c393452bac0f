import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';
const BIN = new URL('../../../bin/footlight.js', import.meta.url).pathname;

test('footlight render prints frames in the golden format: same sha256, geometry and channels as LX', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'footlight-render-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const out = join(dir, 'frames.json');
  const r = spawnSync(
    process.execPath,
    [BIN, 'render', join(GOLDEN, 'playlist_transition.lxp'), '--frames', '121', '--delta-ms', '16.666666666666668', '--out', out],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const mine = JSON.parse(await readFile(out, 'utf8'));
  const lx = JSON.parse(await readFile(join(GOLDEN, 'playlist_transition.frames.json'), 'utf8'));
  for (const key of ['sha256', 'points', 'frameCount', 'frameStep', 'pointsXYZ', 'pointsXYZn', 'channels', 'deltaMs', 'fps', 'clock', 'colorFormat'])
    assert.deepEqual(mine[key], lx[key], key);
  assert.deepEqual(
    mine.frames.map((f: { index: number }) => f.index),
    lx.frames.map((f: { index: number }) => f.index),
  );
});

test('footlight render: a bad project or option fails with a message and exit 1', () => {
  const r = spawnSync(process.execPath, [BIN, 'render', '/nonexistent.lxp', '--frames', '1', '--delta-ms', '16'], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /invalid_argument: no project file at \/nonexistent\.lxp/);
  const bad = spawnSync(process.execPath, [BIN, 'render', join(GOLDEN, 'solid_faders.lxp'), '--frames', '0', '--delta-ms', '16'], { encoding: 'utf8' });
  assert.notEqual(bad.status, 0);
});
