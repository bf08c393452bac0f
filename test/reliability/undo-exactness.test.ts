// Undo must restore the exact state before a step. A defect found by the soak: some parameters
// change other parameters from their change listeners (a pattern's Cue and Aux are exclusive
// within a channel: turning one on turns the others off), and those side effects are not
// recorded in the history, so undoing the step leaves the other pattern's Cue off. Kept as a
// todo (reported, not failing the suite) until the kernel records side effects; the soak leaves
// these parameters out (soak.test.ts, NOT_EXACT).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { stateDigest } from './helpers.js';

for (const key of ['cueActive', 'auxActive']) {
  test(`undo of a pattern's ${key} restores the sibling pattern's ${key} it turned off`, async (t) => {
    const show = await startShow(t);
    const base = show.url.replace(/\/mcp$/, '');
    const added = await fetch(`${base}/api/pattern/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel: '/lx/mixer/channel/1', class: 'Solid' }) });
    assert.equal(added.status, 200);
    const first = `/lx/mixer/channel/1/pattern/1/${key}`;
    const second = `/lx/mixer/channel/1/pattern/2/${key}`;
    await show.call('set_parameter', { path: first, value: true });
    const before = await stateDigest(show.app);
    await show.call('set_parameter', { path: second, value: true });
    assert.equal((await show.call('get_parameter', { path: first })).parameter.value, false, 'exclusive: the first turned off');
    await show.call('undo');
    assert.equal((await show.call('get_parameter', { path: first })).parameter.value, true, 'undo turns the first back on');
    assert.equal(await stateDigest(show.app), before);
  });
}
