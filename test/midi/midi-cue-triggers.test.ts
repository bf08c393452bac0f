// MIDI cue triggers: a note or CC on a channel runs a cue list's action (go, back, goto, pause,
// resume, release) through run_cue_list, as the OSC cue addresses do. Adding and removing one is an
// undo step each; bad input is refused with nothing changed, history included; the triggers are
// saved in the cue list (Footlight's key), never in LX's MIDI mappings, and read back on open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, history } from '../light/operations/helpers.js';

const F1 = '/lx/mixer/channel/1/fader';

async function withList(show: TestShow): Promise<void> {
  await show.call('create_cue_list', { name: 'Main' });
  for (const value of [0.2, 0.6, 0.9]) await show.call('record_cue', { list: 'Main', blind: true, values: [{ path: F1, value }] });
}

const triggers = async (show: TestShow) => (await show.call('list_cue_lists')).lists[0].midiTriggers;
const status = async (show: TestShow) => {
  const s = await show.call('get_cue_list_status', { list: 'Main' });
  return [s.state, s.current?.number ?? null];
};

test('MIDI cue triggers: add and remove are each one undo step', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await withList(show);
  const lists = () => show.call('list_cue_lists');
  await assertUndoable(
    show,
    () => show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 60, action: 'go' }),
    async (r) => {
      assert.deepEqual(r.trigger, { type: 'note', channel: 1, number: 60, action: 'go' });
      assert.deepEqual(await triggers(show), [r.trigger]);
    },
    [lists],
  );
  // assertUndoable leaves the step undone: add it again, and a second one.
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 60, action: 'go' });
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'cc', channel: 16, number: 20, action: 'goto', cue: 3 });
  await assertUndoable(
    show,
    () => show.call('remove_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 60 }),
    async (r) => {
      assert.deepEqual(r.removed, { type: 'note', channel: 1, number: 60, action: 'go' });
      assert.deepEqual(await triggers(show), [{ type: 'cc', channel: 16, number: 20, action: 'goto', cue: 3 }]);
    },
    [lists],
  );
});

test('MIDI cue triggers: bad input is refused with the reason, nothing changed, history included', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await withList(show);
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 60, action: 'go' });
  const lists = () => show.call('list_cue_lists');
  const add = (args: Record<string, unknown>, re: RegExp) =>
    assertRefused(show, 'add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 2, number: 61, action: 'go', ...args }, re, [lists]);
  await add({ list: 'Nope' }, /not_found.*no cue list named "Nope"/);
  await add({ channel: 0 }, /invalid_argument.*channel is 1–16/);
  await add({ channel: 17 }, /invalid_argument.*channel is 1–16/);
  await add({ number: 128 }, /invalid_argument.*note number is 0–127/);
  await add({ action: 'goto' }, /invalid_argument.*goto takes the cue number/);
  await add({ action: 'go', cue: 2 }, /invalid_argument.*cue goes with action goto/);
  await add({ action: 'goto', cue: 7 }, /not_found.*has no cue 7/);
  await add({ channel: 1, number: 60, action: 'back' }, /invalid_argument.*note 60 on channel 1 already runs go/);
  await assertRefused(show, 'remove_midi_cue_trigger', { list: 'Main', type: 'cc', channel: 1, number: 60 }, /not_found.*no MIDI trigger on CC 60/, [lists]);
  await assertRefused(show, 'remove_midi_cue_trigger', { list: 'Nope', type: 'note', channel: 1, number: 60 }, /not_found/, [lists]);
});

test('MIDI cue triggers run the list: note on goes, CC presses once per press, goto; ignored inputs and releases do nothing', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await withList(show);
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 60, action: 'go' });
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'cc', channel: 2, number: 20, action: 'back' });
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 62, action: 'goto', cue: 3 });
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'note', channel: 1, number: 63, action: 'release' });
  await show.call('set_midi_input', { name: 'Off Pads', control: false });
  const h = await history(show);
  const midi = (bytes: number[], input = 'Pads') => show.app.midi.receive(bytes, input);

  let r = await midi([0x90, 60, 100]);
  assert.deepEqual(r.cues, [{ list: 'Main', action: 'go' }]);
  assert.deepEqual(await status(show), ['running', 1]);
  assert.deepEqual((await show.call('get_last_midi_control')).control.cues, [{ list: 'Main', action: 'go' }], 'the agent sees what the control runs');
  await midi([0x80, 60, 0]); // note off: nothing
  await midi([0x90, 60, 0]); // note on at velocity 0 is a note off
  assert.deepEqual(await status(show), ['running', 1]);
  await midi([0x90, 60, 100]);
  assert.deepEqual(await status(show), ['running', 2]);
  await midi([0x91, 60, 100]); // channel 2: not this trigger
  assert.deepEqual(await status(show), ['running', 2]);
  await midi([0x90, 62, 100]);
  assert.deepEqual(await status(show), ['running', 3]);
  // A CC fires when it rises to 64: 127 presses, more 127s and the release to 0 do nothing, the next press fires.
  r = await midi([0xb1, 20, 127]);
  assert.deepEqual(r.cues, [{ list: 'Main', action: 'back' }]);
  assert.deepEqual(await status(show), ['running', 2]);
  await midi([0xb1, 20, 127]);
  await midi([0xb1, 20, 0]);
  assert.deepEqual(await status(show), ['running', 2]);
  await midi([0xb1, 20, 100]);
  assert.deepEqual(await status(show), ['running', 1]);
  // An input with Control off does not trigger.
  await midi([0x90, 62, 100], 'Off Pads');
  assert.deepEqual(await status(show), ['running', 1]);
  await midi([0x90, 63, 100]);
  assert.deepEqual(await status(show), ['released', null]);
  assert.deepEqual(await history(show), h, 'running a list is live, not an undo step');
  // A goto whose cue has since gone is refused by run_cue_list: counted, nothing runs.
  await show.call('edit_cue', { list: 'Main', cue: 3, remove: true });
  r = await midi([0x90, 62, 100]);
  assert.equal(r.rejected, 1);
  const findings = (await show.call('check_cue_list', { list: 'Main' })).findings.filter((f: { kind: string }) => f.kind === 'missing_reference');
  assert.equal(findings.length, 1);
  assert.match(findings[0].message, /MIDI trigger on note 62 on channel 1 goes to cue 3, which the list lacks/);
  assert.deepEqual(await status(show), ['released', null]);
});

test('MIDI cue triggers stay with their list through a rename, a mode switch and cue edits', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await withList(show);
  const trigger = { type: 'note', channel: 3, number: 36, action: 'go' };
  await show.call('add_midi_cue_trigger', { list: 'Main', ...trigger });
  await show.call('edit_cue_list', { list: 'Main', name: 'Stage', mode: 'cue-only' });
  await show.call('edit_cue', { list: 'Stage', cue: 2, label: 'Two' });
  await show.call('edit_cue', { list: 'Stage', cue: 1, remove: true });
  assert.deepEqual((await show.call('list_cue_lists')).lists[0].midiTriggers, [trigger]);
  await show.app.midi.receive([0x92, 36, 100], 'Pads');
  assert.equal((await show.call('get_cue_list_status', { list: 'Stage' })).current.number, 2);
});

test('MIDI cue triggers are saved in the cue list, not in LX’s MIDI mappings, and read back', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await withList(show);
  await show.call('add_midi_cue_trigger', { list: 'Main', type: 'cc', channel: 10, number: 5, action: 'goto', cue: 2 });
  const path = join(await tempHome(t), 'triggers.lxp');
  await show.app.light.saveProject(path);
  const file = JSON.parse(await readFile(path, 'utf8'));
  assert.deepEqual(file.externals['footlight.cueLists'][0].midiTriggers, [{ type: 'cc', channel: 10, number: 5, action: 'goto', cue: 2 }]);
  assert.deepEqual(file.engine.children.midi?.mapping ?? [], [], 'LX’s mapping array holds nothing of ours');
  const again = await startShow(t, { toolsets: ['all'], project: path });
  assert.deepEqual(await triggers(again), [{ type: 'cc', channel: 10, number: 5, action: 'goto', cue: 2 }]);
});
