import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

const F1 = '/lx/mixer/channel/1/fader';
const F2 = '/lx/mixer/channel/2/fader';
const HUE = '/lx/mixer/channel/2/pattern/1/color/hue';

async function state(show: Awaited<ReturnType<typeof startShow>>) {
  return {
    channels: await show.call('list_channels', { detail: 'full' }),
    solid: await show.call('list_parameters', { path: '/lx/mixer/channel/2/pattern/1' }),
    history: await show.call('get_history', { limit: 200 }),
  };
}

test('apply_operations: all applied as one undo step; undo restores all', async (t) => {
  const show = await startShow(t);
  const before = await state(show);
  const out = await show.call('apply_operations', {
    label: 'Warm look',
    operations: [
      { tool: 'set_parameter', args: { path: F1, value: 0.5 } },
      { tool: 'set_parameter', args: { path: F2, value: 1 } },
      { tool: 'set_parameter', args: { path: HUE, value: 30 } },
    ],
  });
  assert.equal(out.applied, 3);
  assert.equal(out.results[2].result.parameter.value, 30);
  assert.equal(out.step.label, 'Warm look');
  const history = await show.call('get_history');
  assert.equal(history.undoDepth, 1);
  await show.call('undo');
  const after = await state(show);
  assert.deepEqual(after.channels, before.channels);
  assert.deepEqual(after.solid, before.solid);
  await show.call('redo');
  assert.equal((await show.call('get_parameter', { path: HUE })).parameter.value, 30);
});

test('apply_operations: the 5th operation failing rolls back the first four; state and history exactly as before', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: F1, value: 0.9 });
  const before = await state(show);
  const text = await show.callError('apply_operations', {
    operations: [
      { tool: 'set_parameter', args: { path: F1, value: 0.1 } },
      { tool: 'set_parameter', args: { path: F2, value: 0.2 } },
      { tool: 'set_parameter', args: { path: HUE, value: 200 } },
      { tool: 'set_parameter', args: { path: '/lx/mixer/channel/1/label', value: 'Renamed' } },
      { tool: 'set_parameter', args: { path: F2, value: 5 } },
      { tool: 'set_parameter', args: { path: F1, value: 0.3 } },
    ],
  });
  assert.match(text, /^invalid_argument: operations\[4\] \(set_parameter\) failed: .*takes 0–1; got 5; every operation was rolled back/);
  assert.deepEqual(await state(show), before);
});

test('apply_operations: a missing path fails with its own code and nothing changes', async (t) => {
  const show = await startShow(t);
  const before = await state(show);
  assert.match(
    await show.callError('apply_operations', {
      operations: [
        { tool: 'set_parameter', args: { path: F1, value: 0.2 } },
        { tool: 'set_parameter', args: { path: '/lx/mixer/channel/7/fader', value: 0.2 } },
      ],
    }),
    /^not_found: operations\[1\]/,
  );
  assert.deepEqual(await state(show), before);
});

test('apply_operations: bad plans are refused before anything runs', async (t) => {
  const show = await startShow(t);
  const before = await state(show);
  const cases: [unknown, RegExp][] = [
    [[], /operations: must be at least 1 items/],
    [[{ tool: 'nope', args: {} }], /operations\[0\]: no tool named "nope"/],
    [[{ tool: 'get_parameter', args: { path: F1 } }], /get_parameter cannot run in a batch/],
    [[{ tool: 'undo', args: {} }], /undo cannot run in a batch/],
    [
      [
        { tool: 'set_parameter', args: { path: F1, value: 0.2 } },
        { tool: 'set_parameter', args: { path: F1 } },
      ],
      /operations\[1\] \(set_parameter\): value: required \(number, string or boolean\); nothing was applied/,
    ],
    [Array.from({ length: 101 }, () => ({ tool: 'set_parameter', args: { path: F1, value: 0.1 } })), /at most 100 items/],
  ];
  for (const [operations, expected] of cases) assert.match(await show.callError('apply_operations', { operations: operations as object[] }), expected);
  assert.deepEqual(await state(show), before);
});
