// LX's MIDI templates over MCP (real HTTP): add, retarget and remove are one undo step each; bad
// input is refused with nothing changed, history included; a template's knob and button drive
// their targets through the MIDI surface, as mappings do (soft takeover, surface `midi`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const FADER = '/lx/mixer/channel/1/fader';
const ENABLED = '/lx/mixer/channel/1/enabled';
const MIDIMIX = 'heronarts.lx.midi.template.AkaiMidiMix';

test('midi template tools: add, set a target, remove — each one undo step; bad input changes nothing', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const list = () => show.call('list_midi_templates');
  const extra = [list];
  const first = await list();
  assert.deepEqual(first.templates, []);
  assert.deepEqual(
    first.templateClasses.map((c: { name: string; controls: string[] }) => `${c.name}: ${c.controls.length}`),
    ['Akai MIDIMIX: 57', 'Akai MPD218: 66', 'DJTT Midi Fighter Twister: 32', 'Novation Launchkey MK3 37: 36'],
  );
  assert.deepEqual(first.templateClasses[0].controls.slice(0, 4), ['knob-1-1=cc16', 'knob-1-2=cc17', 'knob-1-3=cc18', 'knob-2-1=cc20']);
  assert.ok(first.templateClasses[2].controls.includes('Switch-3=note2/ch2'));

  await assertUndoable(
    show,
    () => show.call('add_midi_template', { class: 'AkaiMidiMix' }),
    async (r) => {
      assert.deepEqual(r.template, { index: 0, class: MIDIMIX, label: 'Akai MIDIMIX', input: 'MIDI Mix', targets: {} });
      assert.deepEqual((await list()).templates, [r.template]);
    },
    extra,
  );
  await show.call('add_midi_template', { class: 'AkaiMidiMix' });
  await assertUndoable(
    show,
    () => show.call('set_midi_template_target', { index: 0, control: 'fader-1', path: FADER }),
    async (r) => assert.deepEqual((await list()).templates[0].targets, { 'fader-1': FADER }, JSON.stringify(r)),
    extra,
  );
  await show.call('set_midi_template_target', { index: 0, control: 'fader-1', path: FADER });
  await assertUndoable(
    show,
    () => show.call('set_midi_template_target', { index: 0, control: 'fader-1', path: null }),
    async () => assert.deepEqual((await list()).templates[0].targets, {}),
    extra,
  );

  await assertRefused(show, 'add_midi_template', { class: 'APC40' }, /^invalid_argument: no MIDI template class "APC40"; LX 1.2.1 has AkaiMidiMix/, extra);
  await assertRefused(show, 'add_midi_template', { class: 'AkaiMPD218', input: ' ' }, /^invalid_argument: input is empty/, extra);
  await assertRefused(show, 'add_midi_template', { class: 'AkaiMPD218', input: 'Pad\u202e' }, /^invalid_argument: a MIDI input name contains the bidi/, extra);
  await assertRefused(
    show,
    'set_midi_template_target',
    { index: 1, control: 'fader-1', path: FADER },
    /^invalid_argument: index takes an integer in 0–0/,
    extra,
  );
  await assertRefused(
    show,
    'set_midi_template_target',
    { index: 0, control: 'knob-9', path: FADER },
    /^not_found: Akai MIDIMIX has no control "knob-9"/,
    extra,
  );
  await assertRefused(show, 'set_midi_template_target', { index: 0, control: 'fader-1', path: '/lx/mixer/channel/99/fader' }, /^not_found/, extra);
  await assertRefused(
    show,
    'set_midi_template_target',
    { index: 0, control: 'fader-1', path: '/lx/mixer/channel/1/label' },
    /^invalid_argument: .*string/,
    extra,
  );
  await assertRefused(show, 'remove_midi_template', { index: 3 }, /^invalid_argument: index takes an integer in 0–0/, extra);

  await assertUndoable(
    show,
    () => show.call('remove_midi_template', { index: 0 }),
    async (r) => {
      assert.equal(r.removed.class, MIDIMIX);
      assert.deepEqual((await list()).templates, []);
    },
    extra,
  );
  await show.call('remove_midi_template', { index: 0 });
  await assertRefused(show, 'remove_midi_template', { index: 0 }, /^not_found: the show has no MIDI templates/, extra);
  await assertRefused(show, 'set_midi_template_target', { index: 0, control: 'fader-1', path: FADER }, /^not_found: the show has no MIDI templates/, extra);
});

test("a template's fader and button drive their targets through the MIDI surface, from its input only", async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const midi = show.app.midi;
  const get = async (path: string) => (await show.call('get_parameter', { path })).parameter.value;
  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await show.call('add_midi_template', { class: 'Akai MIDIMIX' });
  await show.call('set_midi_template_target', { index: 0, control: 'fader-1', path: FADER });
  await show.call('set_midi_template_target', { index: 0, control: 'mute-1', path: ENABLED });
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;

  // fader-1 is CC 19 on any channel; it waits until it reaches the fader's value (soft takeover).
  assert.deepEqual((await midi.receive([0xb3, 19, 10], 'MIDI Mix')).waiting, [FADER]);
  assert.equal((await midi.receive([0xb3, 19, 70], 'MIDI Mix')).writes.length, 1);
  assert.ok(Math.abs((await get(FADER)) - 70 / 127) < 1e-6);
  assert.deepEqual((await midi.receive([0xb0, 19, 127], 'Other box')).writes, [], 'another input is not the template');
  assert.ok(Math.abs((await get(FADER)) - 70 / 127) < 1e-6);
  const h = await show.call('get_history', { limit: 1 });
  assert.equal(h.undoDepth, depth + 1);
  assert.equal(h.steps[0].surface, 'midi');

  // mute-1 is note 1: each press toggles (LX's Toggle), release leaves it.
  const was = await get(ENABLED);
  await midi.receive([0x90, 1, 127], 'MIDI Mix');
  assert.equal(await get(ENABLED), !was);
  await midi.receive([0x80, 1, 0], 'MIDI Mix');
  assert.equal(await get(ENABLED), !was);
  await midi.receive([0x90, 1, 127], 'MIDI Mix');
  assert.equal(await get(ENABLED), was);
});

test('templates are saved in the project where LX writes them, and come back when it opens', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('add_midi_template', { class: 'DJTTMidiFighterTwister', input: null });
  await show.call('set_midi_template_target', { index: 0, control: 'knob-2', path: FADER });
  const path = join(show.home, 'templates.lxp');
  await show.app.light.saveProject(path);
  const saved = JSON.parse(await readFile(path, 'utf8')).engine.children.midi.templates;
  assert.equal(saved.length, 1);
  assert.equal(saved[0].class, 'heronarts.lx.midi.template.DJTTMidiFighterTwister');
  assert.deepEqual(Object.keys(saved[0].parameters).slice(0, 5), ['label', 'sourceDevice/index', 'destinationDevice/index', 'knob-1', 'Switch-1']);
  assert.deepEqual(saved[0].targets, { 'knob-2': FADER });
  await show.call('remove_midi_template', { index: 0 });
  await show.app.light.openProject(path);
  const [tpl] = (await show.call('list_midi_templates')).templates;
  assert.deepEqual(tpl, { index: 0, class: saved[0].class, label: 'DJTT Midi Fighter Twister', input: null, targets: { 'knob-2': FADER } });
});
