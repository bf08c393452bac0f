// Stage fixtures driven by the frame, over MCP (real HTTP): the output and sampling settings are
// part of the patch (one undo step each, bad values refused with nothing changed, history
// included), sampleColor/sampleIntensity are parameters, get_stage_fixture_dmx tells the base
// and the sent value and what drove it, and everything saves and opens again.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const PAR = 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';
const frames = (show: TestShow, n = 1): Promise<void> => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));

test('stage drive: protocol, host, sample and the sample switches are undoable; bad ones refused; saved and opened', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  const sheet = () => show.call('list_stage_fixtures', { detail: true });
  const size = show.app.light.structure.model.size;
  assert.ok(size > 1, 'the demo show has a model to sample');

  const par = await assertUndoable(
    show,
    () => show.call('patch_fixture', { profile: PAR, mode: '6-Channel Mode', protocol: 'sacn', host: '127.0.0.1', sampleIntensity: false }),
    (r) => {
      const f = r.fixture;
      assert.deepEqual([f.protocol, f.host, f.sample, f.sampleColor, f.sampleIntensity], ['sacn', '127.0.0.1', 'nearest', true, false]);
    },
    [sheet],
  );
  assert.equal(par.fixture.universe, 1);
  await show.call('redo');
  // The same universe and address on Art-Net is another universe: no overlap.
  const art = await show.call('patch_fixture', { profile: PAR, mode: '6-Channel Mode', address: 1 });
  assert.deepEqual([art.fixture.protocol, art.fixture.address, art.fixture.host], ['artnet', 1, '127.0.0.1']);
  assert.deepEqual((await sheet()).overlaps, [], 'the same channels on Art-Net and sACN do not overlap');
  assert.match(
    await assertRefused(show, 'edit_stage_fixture', { path: '/lx/stage/fixture/2', protocol: 'sacn' }, /^invalid_argument: /, [sheet]),
    /overlaps \/lx\/stage\/fixture\/1/,
  );

  await assertUndoable(
    show,
    () => show.call('edit_stage_fixture', { path: '/lx/stage/fixture/2', sample: [size - 1], host: 'localhost' }),
    (r) => assert.deepEqual([r.fixture.sample, r.fixture.host], [[size - 1], 'localhost']),
    [sheet],
  );
  await assertUndoable(
    show,
    () => show.call('edit_stage_fixture', { path: '/lx/stage/fixture/2', sample: 'off' }),
    (r) => assert.equal(r.fixture.sample, 'off'),
    [sheet],
  );
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: '/lx/stage/fixture/2/sampleColor', value: false }),
    async () => assert.equal((await sheet()).fixtures[1].sampleColor, false),
    [sheet],
  );
  const edit = (args: Record<string, unknown>) => ({ path: '/lx/stage/fixture/2', ...args });
  assert.match(
    await assertRefused(show, 'edit_stage_fixture', edit({ sample: [size] }), /^not_found: /, [sheet]),
    new RegExp(`sample point ${size} is not in the model: it has ${size} points`),
  );
  await assertRefused(show, 'edit_stage_fixture', edit({ sample: [1, 2] }), /^invalid_argument: sample \[1,2\] is not/, [sheet]);
  await assertRefused(show, 'edit_stage_fixture', edit({ sample: [-1] }), /^invalid_argument: /, [sheet]);
  await assertRefused(show, 'edit_stage_fixture', edit({ protocol: 'dmx' }), /^invalid_argument: /, [sheet]);
  await assertRefused(show, 'edit_stage_fixture', edit({ host: 'not a host' }), /^invalid_argument: host "not a host"/, [sheet]);
  await assertRefused(show, 'patch_fixture', { profile: PAR, mode: '6-Channel Mode', sample: [size] }, /^not_found: /, [sheet]);

  // What drives what: the sACN par samples colour (not intensity), the Art-Net par its parameters.
  await show.call('edit_stage_fixture', edit({ sample: 'off' }));
  await show.call('set_parameter', { path: '/lx/stage/fixture/2/sampleColor', value: false });
  await show.call('set_parameter', { path: '/lx/stage/fixture/1/intensity', value: 99 });
  await frames(show, 2);
  const dmx = await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/1' });
  const attr = (key: string) => dmx.attributes.find((a: { key: string }) => a.key === key);
  assert.deepEqual([attr('intensity').value, attr('intensity').base, attr('intensity').drivenBy], [99, 99, undefined], 'intensity: not sampled');
  assert.match(attr('red').drivenBy, /^the frame at model point \d+$/);
  assert.equal(dmx.dmx[2].value, attr('red').value, 'the bytes are the values sent');
  const plain = await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/2' });
  assert.ok(plain.attributes.every((a: { drivenBy?: string; value: number; base: number }) => a.drivenBy === undefined && a.value === a.base));

  const before = await sheet();
  const file = join(home, 'drive.lxp');
  await show.app.light.saveProject(file);
  const saved = JSON.parse(await readFile(file, 'utf8')).externals['footlight.stageFixtures'].fixtures;
  assert.deepEqual(
    saved.map((f: Record<string, unknown>) => [f.protocol, f.sample, f.sampleColor, f.sampleIntensity]),
    [
      ['sacn', undefined, true, false],
      [undefined, 'off', false, true],
    ],
  );
  await show.app.light.openProject(file);
  const after = await sheet();
  const noIds = (s: { fixtures: { id: number }[] }) => s.fixtures.map(({ id: _id, ...rest }) => rest);
  assert.deepEqual(noIds(after), noIds(before));
});
