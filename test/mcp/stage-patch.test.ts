// Stage fixtures over MCP (real HTTP, the SDK's client), with QLC+ profiles from the tests' library:
// patch, edit and remove are one undo step each; an overlap with another stage fixture or a pixel
// fixture's Art-Net output is refused with the channels and a free address, nothing changed,
// history included; attributes are parameters whose values make the DMX bytes; the patch saves
// in the project (externals) with its profiles and opens again without the library.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { udpCapture } from '../helpers/pcap.js';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const MAC = 'qlc/Martin/Martin-MAC-250-Wash.qxf';
const MAC_MODE = '16 Bt (16 Bit Mode)';
const PAR = 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';

type Fixture = { path: string; id: number; label: string; universe: number; address: number; channels: [number, number]; mode: string; placement: unknown };

test('stage fixtures: patch, collide, set attributes, read DMX, edit, remove — each one undo step', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home, outputPorts: { artnet: cap.port } });
  const sheet = () => show.call('list_stage_fixtures', { detail: true });

  const head = await assertUndoable(
    show,
    () => show.call('patch_fixture', { profile: MAC, mode: MAC_MODE, label: 'Head L', placement: { position: { x: -2, y: 4, z: 0 }, roll: 180 } }),
    async (r) => {
      const f = r.fixture;
      assert.deepEqual([f.path, f.label, f.universe, f.address, f.channels, f.footprint], ['/lx/stage/fixture/1', 'Head L', 1, 1, [1, 13], 13]);
      assert.deepEqual(f.placement, { position: { x: -2, y: 4, z: 0 }, yaw: 0, pitch: 0, roll: 180, home: { x: 0, y: 1, z: 0 } });
      const pan = f.attributes.find((a: { key: string }) => a.key === 'pan');
      assert.deepEqual(pan, { key: 'pan', path: '/lx/stage/fixture/1/pan', channel: 'Pan', attribute: 'pan', bits: 16, value: 0, defaultValue: 0 });
      assert.equal((await sheet()).fixtures.length, 1);
    },
    [sheet],
  );
  assert.equal(head.fixture.address, 1);
  await show.call('redo');
  assert.equal((await sheet()).fixtures.length, 1, 'redo patches the same fixture again');

  // Channels 5–7 of a 3-channel par would fall inside the head's 1–13.
  const refusal = await assertRefused(show, 'patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', address: 5 }, /^invalid_argument: /, [sheet]);
  assert.match(refusal, /address 5–7 overlaps \/lx\/stage\/fixture\/1 "Head L" on channels 5–7; the first free address in universe 1 is 14/);
  assert.match(
    await assertRefused(show, 'patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', address: 511 }, /^invalid_argument: /, [sheet]),
    /from address 511 it would run to 513, past 512/,
  );
  assert.match(await assertRefused(show, 'patch_fixture', { profile: PAR, mode: 'Nope' }, /^not_found: /, [sheet]), /3-Channel Mode 2/);
  await assertRefused(show, 'patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', universe: -1 }, /^invalid_argument: universe takes/, [sheet]);
  const par = await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2' });
  assert.deepEqual([par.fixture.label, par.fixture.channels], ['Flat PAR CAN TRI 3W', [14, 16]], 'auto: the first gap that fits');

  // An attribute is a parameter: set_parameter, undo; the DMX bytes follow (16-bit pan: coarse, then fine).
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: '/lx/stage/fixture/1/pan', value: 32768 + 300 }),
    async () => {
      const dmx = await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/1' });
      assert.equal(dmx.dmx.length, 13);
      assert.deepEqual(dmx.dmx[7], { channel: 8, name: 'Pan', value: 129 });
      assert.deepEqual(dmx.dmx[8], { channel: 9, name: 'Pan Fine (Least Significant Bit)', value: 44 });
      assert.equal(dmx.attributes.find((a: { key: string }) => a.key === 'pan').value, 33068);
    },
    [sheet],
  );
  await show.call('set_parameter', { path: '/lx/stage/fixture/2/red', value: 200 });
  const parDmx = await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/2' });
  assert.deepEqual(
    parDmx.dmx.map((d: { channel: number; value: number }) => [d.channel, d.value]),
    [
      [14, 200],
      [15, 0],
      [16, 0],
    ],
  );
  await assertRefused(show, 'set_parameter', { path: '/lx/stage/fixture/2/red', value: 256 }, /^invalid_argument: /, [sheet]);

  // Edits: one step each; a move onto the par is refused; another mode changes the footprint.
  await assertRefused(show, 'edit_stage_fixture', { path: '/lx/stage/fixture/2', address: 10 }, /overlaps \/lx\/stage\/fixture\/1 "Head L" on channels 10–12/, [
    sheet,
  ]);
  await assertUndoable(
    show,
    () => show.call('edit_stage_fixture', { path: '/lx/stage/fixture/2', universe: 2, address: 'auto', label: 'Par 1', placement: { yaw: 90 } }),
    (r) => {
      assert.deepEqual([r.fixture.label, r.fixture.universe, r.fixture.channels, r.fixture.id], ['Par 1', 2, [1, 3], par.fixture.id]);
      assert.equal((r.fixture.placement as { yaw: number }).yaw, 90);
    },
    [sheet],
  );
  await assertRefused(show, 'edit_stage_fixture', { path: '/lx/stage/fixture/1', mode: '16 Ex (16 Bit Extended)' }, /overlaps \/lx\/stage\/fixture\/2/, [
    sheet,
  ]);
  await assertUndoable(
    show,
    () => show.call('edit_stage_fixture', { path: '/lx/stage/fixture/1', mode: '16 Ex (16 Bit Extended)', address: 17 }),
    async (r) => {
      assert.deepEqual([r.fixture.mode, r.fixture.channels], ['16 Ex (16 Bit Extended)', [17, 35]]);
      assert.equal(r.fixture.attributes.find((a: { key: string }) => a.key === 'intensity').bits, 16);
    },
    [sheet],
  );
  await assertRefused(show, 'edit_stage_fixture', { path: '/lx/mixer/master' }, /^invalid_argument: \/lx\/mixer\/master is not a stage fixture/, [sheet]);

  // A pixel fixture's Art-Net output on universe 1 holds channels too.
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/protocol', value: 'Art-Net' });
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/artNetUniverse', value: 1 });
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/enabled', value: true });
  const overlaps = (await show.call('list_stage_fixtures')).overlaps;
  assert.equal(overlaps.length, 2, 'both stage fixtures on universe 1 now share channels with the grid');
  assert.match(overlaps[0].with, /^pixel fixture \/lx\/structure\/fixture\/1 /);
  assert.match(
    await assertRefused(show, 'patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', address: 100 }, /^invalid_argument: /, [sheet]),
    /overlaps pixel fixture \/lx\/structure\/fixture\/1 "[^"]+" \(artnet\) on channels 100–102; /,
  );
  assert.match(
    await show.callError('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', address: 100 }),
    /universe 1 has no 3 free channels; universe 7 has, from address 13/,
  );

  await assertUndoable(
    show,
    () => show.call('remove_stage_fixture', { path: '/lx/stage/fixture/1' }),
    async (r) => {
      assert.deepEqual([r.removed, r.kind, r.id], ['/lx/stage/fixture/1', 'stage fixture', head.fixture.id]);
      assert.equal((await sheet()).fixtures[0].label, 'Flat PAR CAN TRI 3W');
    },
    [sheet],
  );
});

test('stage fixtures: saved in the project with their profiles, opened again without the library', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  await show.call('patch_fixture', { profile: MAC, mode: MAC_MODE, universe: 3, address: 101, label: 'Head', placement: { pitch: -30 } });
  await show.call('patch_fixture', { profile: PAR, mode: '6-Channel Mode' });
  await show.call('set_parameter', { path: '/lx/stage/fixture/1/tilt', value: 40000 });
  const sheet = await show.call('list_stage_fixtures', { detail: true });
  const file = join(home, 'rig.lxp');
  await show.app.light.saveProject(file);
  const saved = JSON.parse(await readFile(file, 'utf8'));
  assert.equal(saved.engine.children.stage, undefined, "LX's engine never sees the stage");
  assert.deepEqual(Object.keys(saved.externals['footlight.stageFixtures'].profiles).sort(), [MAC, PAR].sort(), 'one copy of each profile');

  // Another show whose library is an empty folder.
  const bareHome = await tempHome(t);
  await mkdir(join(bareHome, 'empty'));
  await writeFile(join(bareHome, 'config.json'), JSON.stringify({ fixtureLibrary: 'empty' }));
  const bare = await startShow(t, { home: bareHome });
  const warnings = await bare.app.light.openProject(file);
  assert.deepEqual(warnings, []);
  const reopened = await bare.call('list_stage_fixtures', { detail: true });
  const noIds = (s: { fixtures: Fixture[] }) => s.fixtures.map(({ id: _id, ...rest }) => rest);
  assert.deepEqual(noIds(reopened), noIds(sheet));
  assert.equal((await bare.call('list_fixture_profiles')).total, 5, "the second show's library holds only the built-in profiles");
  assert.match(await bare.callError('patch_fixture', { profile: 'qlc/Showtec/Showtec-Infinity-XPLO-15-LED-Strobe.qxf', mode: 'x' }), /^not_found: /);
  const again = await bare.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2' });
  assert.deepEqual(again.fixture.channels, [7, 9], 'a profile the show holds patches again without the library');
});

test('stage fixtures: a saved fixture that cannot be read is dropped with a warning naming it; the others load', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', label: 'Good' });
  const file = join(home, 'rig.lxp');
  await show.app.light.saveProject(file);
  const saved = JSON.parse(await readFile(file, 'utf8'));
  const stage = saved.externals['footlight.stageFixtures'];
  const good = stage.fixtures[0];
  stage.profiles.broken = { ...stage.profiles[PAR], maker: '' };
  stage.fixtures.push(
    { ...good, label: 'Far', address: 511 },
    { ...good, label: 'Lost', profile: 'nowhere.qxf' },
    { ...good, label: 'Broken', profile: 'broken' },
    { ...good, label: 'Twin', values: { red: 999 } },
  );
  await writeFile(file, JSON.stringify(saved));
  const warnings = await show.app.light.openProject(file);
  const at = 'externals/footlight.stageFixtures';
  assert.deepEqual(warnings, [
    `${at}/profiles/broken: fixture profile ${stage.profiles[PAR].file}: no manufacturer; its fixtures were not loaded`,
    `${at}/fixtures/1: 3 channels from address 511 run past 512; the fixture was not loaded`,
    `${at}/fixtures/2: its profile "nowhere.qxf" is not among the saved profiles; the fixture was not loaded`,
    `${at}/fixtures/3: its profile "broken" is not among the saved profiles; the fixture was not loaded`,
    `${at}/fixtures/4/values/red: 999 is not 0–255; the default is kept`,
    `${at}/fixtures/4: "Twin" overlaps /lx/stage/fixture/1 "Good" in universe 1; patch one elsewhere`,
  ]);
  const sheet = await show.call('list_stage_fixtures');
  assert.deepEqual(sheet.overlaps, [{ fixture: '/lx/stage/fixture/2', with: '/lx/stage/fixture/1 "Good"', universe: 1, channels: [1, 3] }]);
  assert.deepEqual(
    sheet.fixtures.map((f: Fixture) => [f.label, f.channels]),
    [
      ['Good', [1, 3]],
      ['Twin', [1, 3]],
    ],
  );
});
