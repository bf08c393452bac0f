// Undo must restore the exact state before a step, and redo the exact state after it. A defect
// found by the soak: some parameters change other parameters from their change listeners (a
// pattern's Cue and Aux are exclusive within a channel: turning one on turns the others off;
// switching a channel to playlist mode turns every Cue and Aux off). The history now records
// those side effects as part of the step (src/engine/commands/side-effects.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { stateDigest } from './helpers.js';

const CHANNEL = '/lx/mixer/channel/1';

async function addSolid(show: Awaited<ReturnType<typeof startShow>>): Promise<void> {
  const base = show.url.replace(/\/mcp$/, '');
  const added = await fetch(`${base}/api/tools/add_pattern`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ containerPath: CHANNEL, class: 'Solid' }),
  });
  assert.equal(added.status, 200);
}

for (const key of ['cueActive', 'auxActive']) {
  test(`undo of a pattern's ${key} restores the sibling pattern's ${key} it turned off; redo turns it off again`, async (t) => {
    const show = await startShow(t);
    await addSolid(show);
    const first = `${CHANNEL}/pattern/1/${key}`;
    const second = `${CHANNEL}/pattern/2/${key}`;
    await show.call('set_parameter', { path: first, value: true });
    const before = await stateDigest(show.app);
    await show.call('set_parameter', { path: second, value: true });
    const after = await stateDigest(show.app);
    assert.equal((await show.call('get_parameter', { path: first })).parameter.value, false, 'exclusive: the first turned off');
    await show.call('undo');
    assert.equal((await show.call('get_parameter', { path: first })).parameter.value, true, 'undo turns the first back on');
    assert.equal((await show.call('get_parameter', { path: second })).parameter.value, false);
    assert.equal(await stateDigest(show.app), before);
    await show.call('redo');
    assert.equal((await show.call('get_parameter', { path: first })).parameter.value, false, 'redo turns the first off again');
    assert.equal((await show.call('get_parameter', { path: second })).parameter.value, true);
    assert.equal(await stateDigest(show.app), after);
  });
}

test('undo of switching to playlist mode restores the Cue and Aux it turned off; redo clears them again', async (t) => {
  const show = await startShow(t);
  await addSolid(show);
  await show.call('set_parameter', { path: `${CHANNEL}/compositeMode`, value: 'Blend' });
  await show.call('set_parameter', { path: `${CHANNEL}/pattern/1/cueActive`, value: true });
  await show.call('set_parameter', { path: `${CHANNEL}/pattern/2/auxActive`, value: true });
  const before = await stateDigest(show.app);
  await show.call('set_parameter', { path: `${CHANNEL}/compositeMode`, value: 'Playlist' });
  const after = await stateDigest(show.app);
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/1/cueActive` })).parameter.value, false);
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/2/auxActive` })).parameter.value, false);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/1/cueActive` })).parameter.value, true);
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/2/auxActive` })).parameter.value, true);
  assert.equal(await stateDigest(show.app), before);
  await show.call('redo');
  assert.equal(await stateDigest(show.app), after);
});

test('undo of leaving playlist mode puts back a Cue that the undo itself would turn off', async (t) => {
  // In playlist mode a Cue may be switched on; going to Blend keeps it. Undoing that switch
  // returns to Playlist, whose listener clears every Cue: a side effect of the undo, not of the
  // step, which the history also puts back.
  const show = await startShow(t);
  await addSolid(show);
  await show.call('set_parameter', { path: `${CHANNEL}/pattern/2/cueActive`, value: true });
  const before = await stateDigest(show.app);
  await show.call('set_parameter', { path: `${CHANNEL}/compositeMode`, value: 'Blend' });
  const after = await stateDigest(show.app);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/2/cueActive` })).parameter.value, true);
  assert.equal(await stateDigest(show.app), before);
  await show.call('redo');
  assert.equal(await stateDigest(show.app), after);
});

test('a batch whose Cue switches turn siblings off undoes as one exact step', async (t) => {
  const show = await startShow(t);
  await addSolid(show);
  await show.call('set_parameter', { path: `${CHANNEL}/pattern/1/cueActive`, value: true });
  const before = await stateDigest(show.app);
  const ops = [
    { tool: 'set_parameter', args: { path: `${CHANNEL}/pattern/2/cueActive`, value: true } },
    { tool: 'set_parameter', args: { path: `${CHANNEL}/pattern/1/auxActive`, value: true } },
  ];
  assert.equal((await show.call('apply_operations', { operations: ops })).applied, 2);
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/1/cueActive` })).parameter.value, false);
  const after = await stateDigest(show.app);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/pattern/1/cueActive` })).parameter.value, true);
  assert.equal(await stateDigest(show.app), before);
  await show.call('redo');
  assert.equal(await stateDigest(show.app), after);
});

test("undo of the mixer's Cue-A restores the channel Cue and Cue-B it turned off", async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/cueB', value: true });
  await show.call('set_parameter', { path: `${CHANNEL}/cue`, value: true });
  const before = await stateDigest(show.app);
  await show.call('set_parameter', { path: '/lx/mixer/cueA', value: true });
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/cue` })).parameter.value, false);
  assert.equal((await show.call('get_parameter', { path: '/lx/mixer/cueB' })).parameter.value, false);
  const after = await stateDigest(show.app);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: `${CHANNEL}/cue` })).parameter.value, true);
  assert.equal((await show.call('get_parameter', { path: '/lx/mixer/cueB' })).parameter.value, true);
  assert.equal(await stateDigest(show.app), before);
  await show.call('redo');
  assert.equal(await stateDigest(show.app), after);
});
