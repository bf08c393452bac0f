// list_midi_surfaces and set_midi_surface over MCP (real HTTP): binding a driver to a device, enabling
// and disabling it, each one undo step saved in `.lxmidi` as LX saves surfaces; bad input refused with
// nothing changed, history included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const APC = 'APC mini mk2 Control';

test('midi surfaces: bind, disable, rebind — each one undo step, saved as LX saves them; bad input changes nothing', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const list = () => show.call('list_midi_surfaces');
  const extra = [list];
  const first = await list();
  assert.deepEqual(
    first.drivers.map((d: { id: string; className: string }) => [d.id, d.className]),
    [
      ['APCminiMk2', 'heronarts.lx.midi.surface.APCminiMk2'],
      ['MidiFighterTwister', 'heronarts.lx.midi.surface.MidiFighterTwister'],
    ],
  );
  assert.deepEqual(first.surfaces, []);

  await assertUndoable(
    show,
    () => show.call('set_midi_surface', { device: APC, driver: 'APCminiMk2' }),
    async (r) => {
      assert.deepEqual(r, {
        surface: { driver: 'APCminiMk2', className: 'heronarts.lx.midi.surface.APCminiMk2', deviceName: APC, enabled: true },
        changed: true,
      });
      assert.deepEqual((await list()).surfaces, [r.surface]);
    },
    extra,
  );
  await show.call('set_midi_surface', { device: APC, driver: 'APCminiMk2' });
  await assertUndoable(
    show,
    () => show.call('set_midi_surface', { device: APC, enabled: false }),
    async (r) => assert.equal(r.surface.enabled, false),
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('set_midi_surface', { device: APC, driver: 'MidiFighterTwister' }),
    async (r) => {
      assert.equal(r.surface.driver, 'MidiFighterTwister');
      assert.equal((await list()).surfaces.length, 1, 'rebound, not added');
    },
    extra,
  );
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;
  assert.equal((await show.call('set_midi_surface', { device: APC, enabled: true })).changed, false);
  assert.equal((await show.call('get_history', { limit: 1 })).undoDepth, depth, 'no change, no step');

  await assertRefused(show, 'set_midi_surface', { device: APC, driver: 'Launchpad' }, /^invalid_argument: no surface driver Launchpad/, extra);
  await assertRefused(show, 'set_midi_surface', { device: 'Other', enabled: true }, /^not_found: no surface is bound to Other/, extra);
  await assertRefused(show, 'set_midi_surface', { device: ' ', driver: 'APCminiMk2' }, /^invalid_argument: device is empty/, extra);
  await assertRefused(
    show,
    'set_midi_surface',
    { device: 'APC\u202e', driver: 'APCminiMk2' },
    /^invalid_argument: a MIDI device name contains the bidi control U\+202E/,
    extra,
  );

  // Saved in the machine's .lxmidi in LX's shape: class, name, parameters.enabled.
  await show.call('set_midi_surface', { device: APC, enabled: false });
  const file = join(show.home, '.lxmidi');
  let saved: { surfaces?: { parameters?: { enabled?: boolean } }[] } | undefined;
  for (let i = 0; i < 100 && saved?.surfaces?.[0]?.parameters?.enabled !== false; i++) {
    await new Promise((r) => setTimeout(r, 20));
    saved = JSON.parse(await readFile(file, 'utf8').catch(() => '{}'));
  }
  const s = saved!.surfaces![0] as Record<string, unknown>;
  assert.equal(s.class, 'heronarts.lx.midi.surface.APCminiMk2');
  assert.equal(s.name, APC);
  assert.deepEqual(s.parameters, { label: 'Akai APCmini mk2', enabled: false });
});

test('a surface LX saved keeps its settings and state when disabled here, and an unknown class is listed and kept', async (t) => {
  const home = await tempHome(t);
  const apc = {
    id: 7,
    class: 'heronarts.lx.midi.surface.APCminiMk2',
    internal: { modulationColor: 0 },
    parameters: { label: 'Akai APCmini mk2', enabled: true },
    children: {},
    name: APC,
    settings: { masterFader: true },
    state: { gridMode: 1 },
  };
  const apc40 = { id: 0, class: 'heronarts.lx.midi.surface.APC40Mk2', parameters: { label: 'APC40Mk2', enabled: true }, name: 'APC40 mkII' };
  const lxmidi = { version: '1.2.1', inputs: [], surfaces: [apc40, apc] };
  await writeFile(join(home, '.lxmidi'), JSON.stringify(lxmidi));
  const show = await startShow(t, { home, toolsets: ['all'] });
  assert.deepEqual(
    (await show.call('list_midi_surfaces')).surfaces.map((s: { driver: string; enabled: boolean }) => [s.driver, s.enabled]),
    [
      ['heronarts.lx.midi.surface.APC40Mk2', true],
      ['APCminiMk2', true],
    ],
  );
  await show.call('set_midi_surface', { device: APC, enabled: false });
  await show.app.close();
  assert.deepEqual(JSON.parse(await readFile(join(home, '.lxmidi'), 'utf8')), {
    ...lxmidi,
    surfaces: [apc40, { ...apc, parameters: { label: 'Akai APCmini mk2', enabled: false } }],
  });
});
