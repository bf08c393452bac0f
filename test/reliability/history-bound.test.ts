// The undo history's bound, end to end: 1,001 MCP steps are all kept and undoing them all brings
// the first value back; at a (shrunk) memory budget the earliest steps are dropped, and get_history,
// the console's /api/history and undo at the bottom say so (nearBudget before the first drop).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';
import { stateDigest } from './helpers.js';

const FADER = '/lx/mixer/channel/1/fader';
const BATCH = 100;

/** `n` one-parameter steps, BATCH calls at a time (each call its own step). */
async function steps(call: (name: string, args: Record<string, unknown>) => Promise<unknown>, n: number): Promise<void> {
  for (let i = 0; i < n; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, n - i) }, (_, j) => call('set_parameter', { path: FADER, value: ((i + j) % 997) / 1000 + 0.001 })));
  }
}

test('history bound: 1,001 steps over MCP, undo all, the first value is back', { timeout: 180_000 }, async (t) => {
  const show = await startShow(t);
  const initial = await stateDigest(show.app);
  const first = (await show.call('get_parameter', { path: FADER })).parameter.value;
  await steps(show.call, 1001);
  const h = await show.call('get_history', { limit: 1 });
  assert.equal(h.undoDepth, 1001, 'every step is kept (the old cap was 1,000)');
  assert.equal(h.memory.droppedSteps, 0);
  let undone = 0;
  for (;;) {
    const r = await show.call('undo');
    if (!r.changed) {
      assert.equal(r.trimmed, undefined);
      break;
    }
    undone++;
  }
  assert.equal(undone, 1001);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, first);
  assert.equal(await stateDigest(show.app), initial);
});

test('history bound: at the memory budget the earliest steps drop, and every surface says so', { timeout: 180_000 }, async (t) => {
  const show = await startShow(t, { historyBudgetBytes: 150_000 });
  const base = baseOf(show.url);
  let near = false;
  for (let i = 0; i < 10; i++) {
    await steps(show.call, 50);
    const m = (await show.call('get_history', { limit: 1 })).memory;
    if (m.droppedSteps > 0) break;
    near ||= m.nearBudget;
  }
  assert.ok(near, 'nearBudget showed before the first drop');
  const h = await show.call('get_history', { limit: 1 });
  assert.ok(h.memory.droppedSteps > 0);
  assert.ok(h.memory.usedBytes <= h.memory.budgetBytes);
  const consoleView = await api(base, '/api/history');
  assert.equal(consoleView.body.memory.droppedSteps, h.memory.droppedSteps, 'the console shows the dropped count');
  for (let r = await show.call('undo'); r.changed; r = await show.call('undo'));
  const bottom = await show.call('undo');
  assert.equal(bottom.changed, false);
  assert.equal(bottom.droppedSteps, h.memory.droppedSteps);
  assert.match(bottom.trimmed, /history was trimmed/);
  const consoleUndo = await api(base, '/api/tools/undo', {});
  assert.match(consoleUndo.body.trimmed, /history was trimmed/);
});
