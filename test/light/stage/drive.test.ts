// The stage fixtures' drive pass: a driven value replaces the parameter's in the DMX bytes, and
// every frame's pass starts from nothing driven.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PLACEMENT, StageFixture, StageRig } from '../../../src/light/show/stage-rig.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';
import { PointSet } from '../../../src/light/model/points.js';

const QLC = fileURLToPath(new URL('fixtures/qlc/', import.meta.url));
const profile = async (path: string) => importQlc(path, await readFile(`${QLC}${path}`, 'utf8'));

test('drive: a driven value goes out instead of the parameter; the pass clears it each frame', async () => {
  const par = await profile('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf');
  const rig = new StageRig();
  const f = new StageFixture(par, { profileId: 'par', mode: '3-Channel Mode 2', universe: 1, address: 1, placement: DEFAULT_PLACEMENT }, 'Par');
  rig.fixtures.insert(f);
  f.values[0].setValue(10);
  assert.deepEqual([...f.dmx()], [10, 0, 0]);
  f.driven[0] = 200;
  f.driven[2] = 7;
  assert.deepEqual([...f.dmx()], [200, 0, 7], 'driven slots replace the parameter values');
  assert.equal(f.values[0].getValue(), 10, 'the parameter keeps its value');
  rig.drive({ colors: new Uint32Array(0), points: new PointSet(0), level: 1 });
  assert.ok(f.driven.every(Number.isNaN));
  assert.deepEqual([...f.dmx()], [10, 0, 0]);
});
