// The midi toolset over MCP (real HTTP) and MIDI messages through the show's MIDI surface: each
// edit one undo step, bad input refused with nothing changed (history included), mappings
// driving parameters through the tool path with soft takeover, bad bytes dropped and counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const FADER = '/lx/mixer/channel/1/fader';
const ENABLED = '/lx/mixer/channel/1/enabled';

test('midi tools: add and remove mappings, set inputs — each one undo step; bad input changes nothing', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const mappings = () => show.call('list_midi_mappings');
  const inputs = () => show.call('list_midi_inputs');
  const extra = [mappings, inputs];
  assert.deepEqual((await mappings()).mappings, []);

  await assertUndoable(
    show,
    () => show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 21, path: FADER }),
    async (r) => {
      assert.deepEqual(r.mapping, { index: 0, type: 'cc', channel: 1, number: 21, path: FADER, range: [0, 1] });
      assert.deepEqual((await mappings()).mappings, [r.mapping]);
    },
    extra,
  );
  const note = await show.call('add_midi_mapping', { type: 'note', channel: 10, number: 36, path: ENABLED, mode: 'momentary' });
  assert.deepEqual(note.mapping, { index: 0, type: 'note', channel: 10, number: 36, path: ENABLED, mode: 'momentary' });
  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 21, path: FADER });

  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 0, number: 1, path: FADER }, /^invalid_argument: channel takes 1–16/, extra);
  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 1, number: 128, path: FADER }, /^invalid_argument: number takes/, extra);
  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 1, number: 1, path: '/lx/mixer/channel/99/fader' }, /^not_found/, extra);
  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 1, number: 1, path: '/lx/mixer/channel/1/label' }, /^invalid_argument: .*string/, extra);
  await assertRefused(
    show,
    'add_midi_mapping',
    { type: 'cc', channel: 1, number: 1, path: FADER, mode: 'toggle' },
    /^invalid_argument: mode is for note/,
    extra,
  );
  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 1, number: 21, path: FADER }, /^invalid_argument: .*already mapped/, extra);
  await assertRefused(show, 'remove_midi_mapping', { index: 2 }, /^invalid_argument: index takes an integer in 0–1/, extra);

  await assertUndoable(
    show,
    () => show.call('remove_midi_mapping', { index: 0 }),
    async (r) => {
      assert.equal(r.removed.path, ENABLED);
      assert.deepEqual(
        (await mappings()).mappings.map((m: { path: string }) => m.path),
        [FADER],
      );
    },
    extra,
  );

  await assertUndoable(
    show,
    () => show.call('set_midi_input', { name: 'APC40 mkII', control: true }),
    async (r) => {
      assert.deepEqual(r, { input: { name: 'APC40 mkII', channel: false, control: true, sync: false }, changed: true });
      assert.deepEqual((await inputs()).inputs, [r.input]);
    },
    extra,
  );
  await show.call('set_midi_input', { name: 'APC40 mkII', control: true, sync: true });
  await assertUndoable(
    show,
    () => show.call('set_midi_input', { name: 'APC40 mkII', sync: false }),
    async (r) => assert.deepEqual(r.input, { name: 'APC40 mkII', channel: false, control: true, sync: false }),
    extra,
  );
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;
  assert.equal((await show.call('set_midi_input', { name: 'APC40 mkII', control: true, sync: true })).changed, false);
  assert.equal((await show.call('get_history', { limit: 1 })).undoDepth, depth, 'no change, no step');
  await assertRefused(show, 'set_midi_input', { name: ' ', control: true }, /^invalid_argument: name is empty/, extra);
  await assertRefused(
    show,
    'set_midi_input',
    { name: 'APC\ud800', control: true },
    /^invalid_argument: a MIDI input name contains an unpaired surrogate/,
    extra,
  );
  await assertRefused(
    show,
    'set_midi_input',
    { name: 'APC\u202e40', control: true },
    /^invalid_argument: a MIDI input name contains the bidi control U\+202E/,
    extra,
  );

  await show.call('remove_midi_mapping', { index: 1 });
  await show.call('remove_midi_mapping', { index: 0 });
  await assertRefused(show, 'remove_midi_mapping', { index: 0 }, /^not_found: the show has no MIDI mappings/, extra);
});

test('MIDI surface: a CC drives a fader through the tool path with soft takeover; notes toggle; bad bytes are counted', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const midi = show.app.midi;
  const fader = async () => (await show.call('get_parameter', { path: FADER })).parameter.value as number;
  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 21, path: FADER });
  await show.call('add_midi_mapping', { type: 'note', channel: 1, number: 36, path: ENABLED });
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;

  // The control starts low: the fader at 0.5 waits until the control reaches it.
  assert.deepEqual((await midi.receive([0xb0, 21, 10])).waiting, [FADER]);
  assert.equal(await fader(), 0.5);
  const picked = await midi.receive([0xb0, 21, 70]);
  assert.equal(picked.writes.length, 1, 'crossing 0.5 picks the fader up');
  assert.ok(Math.abs((await fader()) - 70 / 127) < 1e-6);
  await midi.receive([0xb0, 21, 127]);
  assert.equal(await fader(), 1);
  const h = await show.call('get_history', { limit: 1 });
  assert.equal(h.undoDepth, depth + 1, 'one CC gesture is one undo step');
  assert.equal(h.steps[0].surface, 'midi');
  // An agent moves the fader: the control lets go until it comes back to the new value.
  await show.call('set_parameter', { path: FADER, value: 0.2 });
  assert.deepEqual((await midi.receive([0xb0, 21, 120])).writes, []);
  assert.equal(await fader(), 0.2);

  const enabled = async () => (await show.call('get_parameter', { path: ENABLED })).parameter.value as boolean;
  const was = await enabled();
  await midi.receive([0x90, 36, 100]);
  assert.equal(await enabled(), !was, 'a note toggles the switch');
  await midi.receive([0x90, 36, 0]);
  assert.equal(await enabled(), !was, 'note off (velocity 0) leaves a toggle alone');

  // An input whose Control flag is off does not drive mappings.
  await show.call('set_midi_input', { name: 'Pads', control: false });
  assert.equal((await midi.receive([0x90, 36, 100], 'Pads')).ignored, true);
  assert.equal(await enabled(), !was);
  await midi.receive([0x80, 36, 0], 'Pads');
  const heard = (await show.call('list_midi_inputs')).devices as { name: string; messages: number; lastHeard: string }[];
  assert.deepEqual(
    heard.map((d) => [d.name, d.messages]),
    [['Pads', 2]],
    'the devices heard: only messages that named their device',
  );
  assert.ok(!Number.isNaN(Date.parse(heard[0].lastHeard)), heard[0].lastHeard);

  const before = await show.call('get_history', { limit: 5 });
  for (const bad of [[36, 100], [0x90, 200, 1], [0xb0, 21], []]) assert.ok((await midi.receive(bad)).dropped !== undefined);
  assert.deepEqual(await show.call('get_history', { limit: 5 }), before, 'dropped messages change nothing');
  const stats = (await show.call('list_midi_mappings')).stats;
  assert.equal(stats.dropped, 4);
  assert.equal(stats.received, 12);
  assert.equal(stats.applied, 3);
  assert.equal(stats.waiting, 2);
});

test('mappings are saved with the project and come back when it opens; saved inputs stay across projects', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 7, path: FADER });
  await show.call('set_midi_input', { name: 'Twister', control: true, channel: true });
  const path = join(show.home, 'midi-show.lxp');
  await show.app.light.saveProject(path);
  const saved = JSON.parse(await readFile(path, 'utf8'));
  assert.deepEqual(saved.engine.children.midi.mapping, [
    {
      channel: 1,
      type: 'CONTROL_CHANGE',
      path: FADER,
      componentId: saved.engine.children.mixer.channels[0].id,
      parameterPath: 'fader',
      cc: 7,
      minValue: 0,
      maxValue: 1,
    },
  ]);
  assert.equal(JSON.stringify(saved).includes('Twister'), false, 'inputs are not project state (LX keeps them in .lxmidi)');
  await show.call('remove_midi_mapping', { index: 0 });
  await show.app.light.openProject(path);
  assert.deepEqual(
    (await show.call('list_midi_mappings')).mappings.map((m: { path: string; channel: number }) => `${m.channel} ${m.path}`),
    [`2 ${FADER}`],
  );
  assert.deepEqual((await show.call('list_midi_inputs')).inputs, [{ name: 'Twister', channel: true, control: true, sync: false }]);
});

test("saved MIDI inputs live in the home folder's .lxmidi, in LX's shape, and are read at start", async (t) => {
  const home = await tempHome(t);
  const lxmidi = {
    version: '1.2.1',
    inputs: [{ name: 'APC40 mkII', channel: true, control: true, sync: false }],
    surfaces: [{ id: 0, class: 'heronarts.lx.midi.surface.APC40Mk2', parameters: { label: 'APC40Mk2', enabled: true }, name: 'APC40 mkII' }],
  };
  await writeFile(join(home, '.lxmidi'), JSON.stringify(lxmidi));
  const show = await startShow(t, { home, toolsets: ['all'] });
  assert.deepEqual(await show.call('list_midi_inputs'), {
    inputs: lxmidi.inputs,
    surfaces: [{ className: 'heronarts.lx.midi.surface.APC40Mk2', deviceName: 'APC40 mkII', enabled: true }],
    devices: [],
    systemPorts: { on: false, reason: 'serve --midi-ports was not given', ports: [] },
  });
  await show.call('set_midi_input', { name: 'Twister', sync: true });
  await show.app.close();
  assert.deepEqual(JSON.parse(await readFile(join(home, '.lxmidi'), 'utf8')), {
    ...lxmidi,
    inputs: [...lxmidi.inputs, { name: 'Twister', channel: false, control: false, sync: true }],
  });
});

test('a mapping follows its parameter when the channel moves, and goes inactive while the channel is removed', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const channels = (await show.call('list_channels')).channels as { path: string }[];
  assert.ok(channels.length >= 2, 'the demo show has two channels');
  const second = `${channels[1].path}/fader`;
  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 1, path: second });
  await show.call('move_channel', { path: channels[1].path, index: 0 });
  const moved = (await show.call('list_midi_mappings')).mappings[0];
  assert.equal(moved.path, FADER, 'the mapping follows the fader to channel 1');
  const path = join(show.home, 'moved.lxp');
  await show.app.light.saveProject(path);
  assert.equal(JSON.parse(await readFile(path, 'utf8')).engine.children.midi.mapping[0].path, FADER);

  await show.call('remove_channel', { path: '/lx/mixer/channel/1' });
  const removed = (await show.call('list_midi_mappings')).mappings[0];
  assert.match(removed.problem, /component was removed/);
  await show.app.light.saveProject(path);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')).engine.children.midi.mapping, [], 'not saved, as LX removes it');
  await show.call('undo');
  assert.equal((await show.call('list_midi_mappings')).mappings[0].path, FADER, 'undo brings the channel and its mapping back');
});

test('MIDI surface: a CC spreads a choice (enum) over its options; a note steps it', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const path = '/lx/mixer/channel/1/blendMode';
  const blend = async () => (await show.call('get_parameter', { path })).parameter;
  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 3, path });
  await show.call('add_midi_mapping', { type: 'note', channel: 1, number: 3, path });
  const first = await blend();
  const top = await show.app.midi.receive([0xb0, 3, 127]);
  assert.equal(top.writes.length, 1);
  assert.notDeepEqual((await blend()).value, first.value, 'the top of the CC selects the last option');
  await show.app.midi.receive([0xb0, 3, 0]);
  assert.deepEqual((await blend()).value, first.value, 'the bottom selects the first');
  const step = await show.app.midi.receive([0x90, 3, 100]);
  assert.equal(step.writes.length, 1);
  assert.equal(step.rejected, 0);
  assert.notDeepEqual((await blend()).value, first.value, 'a note steps to the next option');
});

test('relative encoders: a CC turns a knob by steps from where it is, within its span, never jumping; refused on notes and switches', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const midi = show.app.midi;
  const mappings = () => show.call('list_midi_mappings');
  const fader = async () => (await show.call('get_parameter', { path: FADER })).parameter.value as number;
  await show.call('set_parameter', { path: FADER, value: 0.5 });

  await assertUndoable(
    show,
    () => show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 40, path: FADER, relative: 'offset' }),
    async (r) => {
      assert.deepEqual(r.mapping, { index: 0, type: 'cc', channel: 1, number: 40, path: FADER, range: [0, 1], relative: 'offset' });
      assert.deepEqual((await mappings()).mappings, [r.mapping]);
    },
    [mappings],
  );
  await assertRefused(show, 'add_midi_mapping', { type: 'note', channel: 1, number: 40, path: FADER, relative: 'offset' }, /^invalid_argument: relative/, [
    mappings,
  ]);
  await assertRefused(show, 'add_midi_mapping', { type: 'cc', channel: 1, number: 40, path: ENABLED, relative: 'twos' }, /^invalid_argument: relative/, [
    mappings,
  ]);

  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 40, path: FADER, relative: 'offset' });
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 41, path: FADER, relative: 'twos' });
  // No pickup: the first turn moves the fader from 0.5 by one step.
  assert.equal((await midi.receive([0xb0, 40, 65])).writes.length, 1);
  assert.ok(Math.abs((await fader()) - (0.5 + 1 / 127)) < 1e-6);
  await midi.receive([0xb0, 40, 63]);
  assert.ok(Math.abs((await fader()) - 0.5) < 1e-6, 'offset: 63 is one step down');
  await midi.receive([0xb0, 40, 74]);
  assert.ok(Math.abs((await fader()) - (0.5 + 10 / 127)) < 1e-6, 'offset: 74 is ten steps up');
  await midi.receive([0xb1, 41, 127]);
  assert.ok(Math.abs((await fader()) - (0.5 + 9 / 127)) < 1e-6, 'twos: 127 is one step down');
  // An agent moves the fader: the encoder carries on from there.
  await show.call('set_parameter', { path: FADER, value: 0.98 });
  await midi.receive([0xb1, 41, 5]);
  assert.equal(await fader(), 1, 'the span holds the knob');
  assert.deepEqual((await midi.receive([0xb0, 40, 66])).writes, [], 'at the top, turning up writes nothing');
  const saved = JSON.stringify(show.app.light.lx.midi.mappings.map((m) => m.json));
  assert.match(saved, /"footlightRelative":"offset"/);
  assert.match(saved, /"footlightRelative":"twos"/);
});
