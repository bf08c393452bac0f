import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, history } from '../light/operations/helpers.js';

const F1 = '/lx/mixer/channel/1/fader';
const lists = (show: TestShow) => () => show.call('list_cue_lists');
const value = async (show: TestShow, path: string): Promise<number> => (await show.call('get_parameter', { path })).parameter.value;

async function stepFrames(show: TestShow, n: number, deltaMs = 10): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

test('cue lists over MCP: create, record, edit are undo steps; bad input changes nothing, history included', async (t) => {
  const show = await startShow(t);
  const extra = [lists(show)];
  await assertUndoable(
    show,
    () => show.call('create_cue_list', { name: 'Main' }),
    (r) => assert.deepEqual(r.list.status.state, 'released'),
    extra,
  );
  await show.call('create_cue_list', { name: 'Main' });
  await assertRefused(show, 'create_cue_list', { name: 'Main' }, /^invalid_argument: a cue list named "Main" exists already/, extra);
  await assertUndoable(
    show,
    () => show.call('record_cue', { list: 'Main', label: 'Dark', blind: true, values: [{ path: F1, value: 0 }] }),
    (r) => assert.deepEqual([r.cue.number, r.cue.label, r.cue.sets, r.cue.scopes], [1, 'Dark', 1, ['MIXER']]),
    extra,
  );
  await show.call('record_cue', { list: 'Main', label: 'Dark', blind: true, values: [{ path: F1, value: 0 }] });
  await show.call('record_cue', { list: 'Main', number: 2, blind: true, values: [{ path: F1, value: 1 }], fadeInMs: 1000 });
  await assertRefused(show, 'record_cue', { list: 'Main', number: 2, blind: true }, /^invalid_argument: cue 2 exists/, extra);
  await assertRefused(
    show,
    'record_cue',
    { list: 'Main', number: 3, fadeInMs: 700_000 },
    /^invalid_argument: fade in takes milliseconds from 0 to 600000/,
    extra,
  );
  await assertRefused(show, 'record_cue', { list: 'Nope' }, /^not_found: no cue list named "Nope"/, extra);
  await assertRefused(
    show,
    'record_cue',
    { list: 'Main', number: 3, values: [{ path: F1, value: 7 }] },
    /^invalid_argument: .*takes a number from 0 to 1/,
    extra,
  );
  await assertRefused(show, 'edit_cue', { list: 'Main', cue: 9, label: 'x' }, /^not_found: cue list "Main" has no cue 9/, extra);
  await assertRefused(show, 'run_cue_list', { list: 'Main', action: 'goto', cue: 9 }, /^not_found/, extra);
  await assertRefused(show, 'run_cue_list', { list: 'Main', action: 'back' }, /^invalid_argument: cue list "Main" is not running/, extra);
  await assertUndoable(
    show,
    () => show.call('edit_cue', { list: 'Main', cue: 2, number: 1.5, followMs: 2000 }),
    (r) => assert.deepEqual([r.cue.number, r.cue.followMs], [1.5, 2000]),
    extra,
  );
  await assertRefused(
    show,
    'edit_cue',
    { list: 'Main', cue: 2, attributeTimes: { color: { fadeInMs: 600_001 } } },
    /^invalid_argument: color fadeInMs takes milliseconds from 0 to 600000/,
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('edit_cue', { list: 'Main', cue: 2, attributeTimes: { intensity: { fadeInMs: 250, delayOutMs: 50 } } }),
    (r) => assert.deepEqual(r.cue.attributeTimes, { intensity: { fadeInMs: 250, delayOutMs: 50 } }),
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('edit_cue_list', { list: 'Main', mode: 'cue-only' }),
    (r) => assert.equal(r.list.mode, 'cue-only'),
    extra,
  );
});

test('run_cue_list: Go fades on the frame clock, is not an undo step and says so; preview_cue renders blind', async (t) => {
  const show = await startShow(t);
  await show.call('create_cue_list', { name: 'Main' });
  await show.call('record_cue', { list: 'Main', label: 'Dark', blind: true, values: [{ path: F1, value: 0 }] });
  await show.call('record_cue', { list: 'Main', label: 'Full', blind: true, values: [{ path: F1, value: 1 }], fadeInMs: 1000 });
  await stepFrames(show, 2);
  const h = await history(show);
  const liveFrame = await show.call('get_frame', {});
  const live = await value(show, F1);

  // Blind: cue 1 (dark channel 1) renders darker than cue 2, and the live show does not move.
  const dark = await show.call('preview_cue', { list: 'Main', cue: 1 });
  const full = await show.call('preview_cue', { list: 'Main', cue: 2 });
  assert.ok(full.meanBrightness > dark.meanBrightness, `${full.meanBrightness} > ${dark.meanBrightness}`);
  assert.deepEqual(await show.call('get_frame', {}), liveFrame, 'the live frame is untouched');
  assert.equal(await value(show, F1), live);
  assert.deepEqual(await history(show), h);

  const go = await show.call('run_cue_list', { list: 'Main', action: 'go' });
  assert.equal(go.undoable, false);
  assert.match(go.note, /not an undo step/);
  assert.equal(go.status.current.number, 1);
  assert.equal(await value(show, F1), 0);
  const two = await show.call('run_cue_list', { list: 'Main', action: 'go' });
  assert.deepEqual([two.status.current.label, two.status.next, two.status.fadeMs], ['Full', null, 1000]);
  await stepFrames(show, 25);
  assert.equal(await value(show, F1), 0.25);
  const status = await show.call('get_cue_list_status', { list: 'Main' });
  assert.deepEqual([status.state, status.progress, status.elapsedMs], ['running', 0.25, 250]);
  await show.call('run_cue_list', { list: 'Main', action: 'pause' });
  await stepFrames(show, 25);
  assert.equal(await value(show, F1), 0.25, 'paused');
  await show.call('run_cue_list', { list: 'Main', action: 'resume' });
  await stepFrames(show, 75);
  assert.equal(await value(show, F1), 1);
  assert.deepEqual(await history(show), h, 'running the list left the history as it was');

  const back = await show.call('run_cue_list', { list: 'Main', action: 'back', immediate: true });
  assert.equal(back.status.current.number, 1);
  assert.equal(await value(show, F1), 0);
  const released = await show.call('run_cue_list', { list: 'Main', action: 'release' });
  assert.equal(released.status.state, 'released');
  assert.equal(await value(show, F1), live, 'release puts back what the show held');
});
