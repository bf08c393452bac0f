// The stage tools over MCP (real HTTP, the SDK's client): list_fixture_profiles searches the
// fixture library the operator set (here the tests' QLC+ and OFL files, through config.json),
// a page at a time; get_fixture_profile returns a profile's modes, channels and capabilities, or
// refuses a bad file with its name and reason. Both are read-only: history never moves.
import assert from 'node:assert/strict';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));

test('stage tools: search the fixture library from config.json, page, read a profile and a mode', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  const history = await show.call('get_history');

  const heads = await show.call('list_fixture_profiles', { type: 'moving-head', limit: 2 });
  assert.equal(heads.folder, resolve(LIBRARY));
  assert.equal(heads.total, 5, "the folder's three and Footlight's two generic heads");
  assert.deepEqual(
    heads.profiles.map((p: { maker: string; model: string; source: string }) => [p.maker, p.model, p.source]),
    [
      ['Acme Stage', 'Spot 300', 'ofl'],
      ['Clay Paky', 'Sharpy', 'qlc'],
    ],
  );
  assert.deepEqual(heads.refused, 0);
  const rest = await show.call('list_fixture_profiles', { type: 'moving-head', limit: 3, cursor: heads.nextCursor });
  assert.deepEqual(
    rest.profiles.map((p: { id: string }) => p.id),
    ['footlight/generic-wash-head', 'footlight/generic-spot-head', 'qlc/Martin/Martin-MAC-250-Wash.qxf'],
  );
  assert.equal(rest.nextCursor, undefined);
  assert.deepEqual(
    (await show.call('list_fixture_profiles', { text: 'par cameo' })).profiles.map((p: { model: string }) => p.model),
    ['Flat PAR CAN TRI 3W'],
  );

  const mac = await show.call('get_fixture_profile', { id: 'qlc/Martin/Martin-MAC-250-Wash.qxf' });
  assert.deepEqual([mac.maker, mac.model, mac.type, mac.physical.panDegrees, mac.physical.tiltDegrees], ['Martin', 'MAC 250 Wash', 'moving-head', 540, 270]);
  assert.ok(mac.modes.length >= 2);
  assert.deepEqual(mac.modes[0], { name: '16 Bt (16 Bit Mode)', channelCount: 13 }, 'a summary: modes by their size');
  const pan = mac.channels.find((c: { name: string }) => c.name === 'Pan');
  assert.deepEqual(pan, { name: 'Pan', attribute: 'pan', byte: 0, defaultValue: 0, fine: ['Pan Fine (Least Significant Bit)'], capabilityCount: 1 });
  const one = await show.call('get_fixture_profile', { id: 'qlc/Martin/Martin-MAC-250-Wash.qxf', mode: '16 Bt (16 Bit Mode)' });
  assert.deepEqual(
    one.modes.map((m: { name: string }) => m.name),
    ['16 Bt (16 Bit Mode)'],
  );
  assert.equal(one.modes[0].channels[8], 'Pan Fine (Least Significant Bit)');
  assert.deepEqual(
    one.channels.map((c: { name: string }) => c.name),
    one.modes[0].channels,
    "the mode's channels in DMX order",
  );
  assert.equal(one.channels[0].capabilities.length, one.channels[0].capabilityCount);
  const spot = await show.call('get_fixture_profile', { id: 'ofl/acme/spot-300.json', mode: 'Standard' });
  assert.deepEqual(spot.channels.find((c: { name: string }) => c.name === 'Color Wheel').capabilities[1], {
    from: 10,
    to: 19,
    kind: 'color',
    label: 'Red',
    slot: 2,
    colors: ['#ff0000'],
  });
  assert.deepEqual(await show.call('get_history'), history, 'reading profiles records nothing');
});

test('stage tools: a bad profile, an unknown id or mode and bad arguments are refused; nothing changes', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  const bad = 'qlc/Stairville/Stairville-LED-PAR56-MKII-RGBA.qxf';
  await assertRefused(show, 'get_fixture_profile', { id: bad }, /^invalid_argument: fixture profile qlc\/Stairville\/.*\.qxf: two channels are named "Mode"$/);
  await assertRefused(show, 'get_fixture_profile', { id: 'qlc/None/none.qxf' }, /^not_found: no fixture profile "qlc\/None\/none.qxf"/);
  await assertRefused(
    show,
    'get_fixture_profile',
    { id: 'ofl/acme/spot-300.json', mode: 'Turbo' },
    /^not_found: Spot 300 has no mode "Turbo"; its modes: Standard, Extended$/,
  );
  await assertRefused(show, 'list_fixture_profiles', { type: 'teapot' }, /^invalid_argument: /);
  await assertRefused(show, 'list_fixture_profiles', { cursor: 'bm90IGEgY3Vyc29y' }, /^invalid_argument: cursor is not a cursor from this list/);
  const other = (await show.call('list_fixture_profiles', { limit: 1 })).nextCursor;
  await assertRefused(show, 'list_fixture_profiles', { type: 'par', cursor: other }, /^invalid_argument: cursor is not a cursor from this list/);
});

test('stage tools: files added to the library appear after a rescan', async (t) => {
  const home = await tempHome(t);
  const folder = join(home, 'fixtures');
  await cp(join(LIBRARY, 'ofl'), folder, { recursive: true });
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: 'fixtures' }));
  const show = await startShow(t, { home });
  const first = await show.call('list_fixture_profiles');
  assert.equal(first.folder, folder, 'a relative folder is taken from the home folder');
  assert.equal(first.total, 7, "the folder's two and Footlight's five built-in profiles");
  await cp(join(LIBRARY, 'qlc', 'Martin'), join(folder, 'Martin'), { recursive: true });
  assert.equal((await show.call('list_fixture_profiles')).total, 7, 'the index is kept');
  const again = await show.call('list_fixture_profiles', { rescan: true, maker: 'martin' });
  assert.deepEqual(
    again.profiles.map((p: { id: string }) => p.id),
    ['Martin/Martin-MAC-250-Wash.qxf'],
  );
});

test('stage tools: with no library, the built-in generic profiles are listed, read and patched', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: 'empty' }));
  await mkdir(join(home, 'empty'));
  const show = await startShow(t, { home });
  const all = await show.call('list_fixture_profiles');
  assert.deepEqual(
    all.profiles.map((p: { id: string; source: string }) => [p.id, p.source]),
    [
      ['footlight/generic-dimmer', 'footlight'],
      ['footlight/generic-rgbw-par', 'footlight'],
      ['footlight/generic-wash-head', 'footlight'],
      ['footlight/generic-spot-head', 'footlight'],
      ['footlight/generic-strobe', 'footlight'],
    ],
  );
  const wash = await show.call('get_fixture_profile', { id: 'footlight/generic-wash-head', mode: '16-bit' });
  assert.equal(wash.maker, 'Footlight');
  assert.deepEqual(wash.modes[0].channels.slice(0, 4), ['Pan', 'Pan fine', 'Tilt', 'Tilt fine']);
  const patched = await show.call('patch_fixture', { profile: 'footlight/generic-wash-head', mode: '16-bit', universe: 5 });
  assert.equal(patched.fixture.footprint, 12);
  const dmx = await show.call('get_stage_fixture_dmx', { path: patched.fixture.path });
  assert.deepEqual(
    dmx.dmx.slice(0, 4).map((c: { value: number }) => c.value),
    [128, 0, 128, 0],
    'pan and tilt start centred',
  );
  await show.call('undo');
  assert.deepEqual((await show.call('list_stage_fixtures')).fixtures, [], 'undo unpatches it');
});
