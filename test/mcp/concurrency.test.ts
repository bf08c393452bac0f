import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callOk, callFail, startShow } from '../helpers/show.js';

test('two sessions interleaving writes: every write is its own undo step, nothing is lost', async (t) => {
  const show = await startShow(t);
  const a = await show.connect('agent-a');
  const b = await show.connect('agent-b');
  const paths = ['/lx/mixer/channel/1/fader', '/lx/mixer/channel/2/fader'];
  const writes: Promise<unknown>[] = [];
  for (let i = 1; i <= 20; i++) {
    writes.push(callOk(a, 'set_parameter', { path: paths[0], value: i / 20 }));
    writes.push(callOk(b, 'set_parameter', { path: paths[1], value: i / 40 }));
  }
  await Promise.all(writes);
  assert.equal((await show.call('get_parameter', { path: paths[0] })).parameter.value, 1);
  assert.equal((await show.call('get_parameter', { path: paths[1] })).parameter.value, 0.5);
  const history = await show.call('get_history', { limit: 200 });
  assert.equal(history.undoDepth, 40);
  assert.equal(history.steps.filter((s: { client: string }) => s.client === 'agent-a').length, 20);
  assert.equal(history.steps.filter((s: { client: string }) => s.client === 'agent-b').length, 20);
  for (let i = 0; i < 40; i++) await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: paths[0] })).parameter.value, 1);
  assert.equal((await show.call('get_parameter', { path: paths[1] })).parameter.value, 0.25);
});

test('frames render between calls; each call sees a consistent state', async (t) => {
  const show = await startShow(t, { realtime: true });
  const frames0 = (await show.call('get_status')).engine.framesRendered;
  for (let i = 0; i < 10; i++) await show.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: (i % 2) * 0.5 + 0.25 });
  await new Promise((r) => setTimeout(r, 200));
  const frames1 = (await show.call('get_status')).engine.framesRendered;
  assert.ok(frames1 > frames0, `frames advanced (${frames0} → ${frames1})`);
});

test('a call queued past its deadline is refused with timeout and not applied', async (t) => {
  // Margin: the reads before and after run under the same deadline, and a loaded machine can hold the process off the CPU that long.
  const show = await startShow(t, { deadlineMs: 3000 });
  const path = '/lx/mixer/channel/1/fader';
  const history = await show.call('get_history');
  show.app.engine.queue.pause();
  const pending = callFail(show.client, 'set_parameter', { path, value: 0.1 });
  const text = await pending;
  show.app.engine.queue.resume();
  assert.match(text, /^timeout: .*not applied/);
  assert.equal((await show.call('get_parameter', { path })).parameter.value, 1);
  assert.deepEqual(await show.call('get_history'), history);
});
