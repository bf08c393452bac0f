import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

const FADER = '/lx/mixer/channel/2/fader';
const HUE = '/lx/mixer/channel/2/pattern/1/color/hue';
const MODE = '/lx/mixer/channel/1/compositeMode';

async function snapshot(show: Awaited<ReturnType<typeof startShow>>) {
  return {
    channels: await show.call('list_channels', { detail: 'full' }),
    params: await show.call('list_parameters', { path: '/lx/mixer/channel/2/pattern/1' }),
    history: await show.call('get_history', { limit: 200 }),
  };
}

test('get_status and get_project_info describe the running show', async (t) => {
  const show = await startShow(t);
  const status = await show.call('get_status');
  assert.equal(status.serverName, 'footlight');
  assert.equal(status.lxVersion, '1.2.1');
  assert.equal(status.url, show.url);
  assert.equal(status.connection.connected, true);
  assert.match(status.buildTime, /^\d{4}-\d\d-\d\dT/);
  const info = await show.call('get_project_info');
  assert.equal(info.channelCount, 2);
  assert.equal(info.pointCount, 1024);
  assert.equal(info.projectPath, undefined, 'key omitted, never null, for the demo show');
  assert.equal(info.engine.speedPath, '/lx/speed');
});

test('list_channels: summary keeps the same key types as full, which adds patterns and controls', async (t) => {
  const show = await startShow(t);
  const summary = await show.call('list_channels');
  const full = await show.call('list_channels', { detail: 'full' });
  assert.equal(summary.channels.length, 2);
  assert.equal(summary.channels[0].patterns, undefined);
  assert.equal(full.channels[0].patterns[0].class, 'heronarts.lx.pattern.color.GradientPattern');
  for (const [k, v] of Object.entries(summary.channels[0])) assert.equal(typeof full.channels[0][k], typeof v, k);
  assert.equal(summary.mixer.master.path, '/lx/mixer/master');
});

test('parameters: enum by name and index; string; color through sub-parameters; each an undo step', async (t) => {
  const show = await startShow(t);
  const mode = await show.call('set_parameter', { path: MODE, value: 'Blend' });
  assert.equal(mode.parameter.value, 1);
  assert.equal(mode.parameter.option, 'Blend');
  assert.deepEqual(mode.parameter.options, ['Playlist', 'Blend']);
  await show.call('set_parameter', { path: MODE, value: 0 });
  const label = await show.call('set_parameter', { path: '/lx/mixer/channel/1/label', value: 'Wash' });
  assert.equal(label.parameter.value, 'Wash');
  const hue = await show.call('set_parameter', { path: HUE, value: 120 });
  assert.equal(hue.parameter.value, 120);
  const color = await show.call('get_parameter', { path: '/lx/mixer/channel/2/pattern/1/color' });
  assert.equal(color.parameter.kind, 'color');
  assert.match(color.parameter.value, /^0xff[0-9a-f]{6}$/);
  assert.equal((await show.call('get_history')).undoDepth, 4);
  for (let i = 0; i < 4; i++) await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: MODE })).parameter.option, 'Playlist');
  assert.equal((await show.call('get_parameter', { path: '/lx/mixer/channel/1/label' })).parameter.value, 'Channel-1');
  assert.equal((await show.call('get_parameter', { path: HUE })).parameter.value, 220);
});

test('undo/redo with nothing to do report changed: false', async (t) => {
  const show = await startShow(t);
  const nothing = (action: string) => ({
    summary: `Nothing to ${action}.`,
    action,
    changed: false,
    steps: [],
    position: { seq: 0, undoDepth: 0, redoDepth: 0 },
    canUndo: false,
    canRedo: false,
  });
  assert.deepEqual(await show.call('undo'), nothing('undo'));
  assert.deepEqual(await show.call('redo'), nothing('redo'));
});

const BAD: [string, Record<string, unknown>, RegExp][] = [
  ['set_parameter', { path: FADER, value: 7 }, /^invalid_argument: \/lx\/mixer\/channel\/2\/fader: takes 0–1; got 7/],
  ['set_parameter', { path: FADER, value: -0.1 }, /^invalid_argument: .*takes 0–1/],
  ['set_parameter', { path: FADER, value: 'loud' }, /^invalid_argument: .*takes a number/],
  ['set_parameter', { path: FADER, value: true }, /^invalid_argument: /],
  ['set_parameter', { path: FADER }, /^invalid_argument: value: required/],
  ['set_parameter', { path: FADER, value: 0.5, extra: 1 }, /^invalid_argument: arguments: unknown argument "extra"/],
  ['set_parameter', { path: 42, value: 0.5 }, /^invalid_argument: path: expected string, got number/],
  ['set_parameter', { path: MODE, value: 'Mix' }, /^invalid_argument: .*unknown option "Mix"; options: 0="Playlist", 1="Blend"/],
  ['set_parameter', { path: MODE, value: 2 }, /^invalid_argument: .*takes 0–1/],
  ['set_parameter', { path: MODE, value: 0.5 }, /^invalid_argument: .*integer/],
  ['set_parameter', { path: '/lx/mixer/channel/2/pattern/1/color', value: 1 }, /^invalid_argument: .*set .*color\/hue/],
  ['set_parameter', { path: '/lx/mixer/channel/9/fader', value: 0.5 }, /^not_found: .*has 2 items/],
  ['set_parameter', { path: '/lx/mixer/channel/2/fader/extra', value: 0.5 }, /^not_found: .*continues past it/],
  ['set_parameter', { path: '/lx/mixer/channel/2', value: 0.5 }, /^invalid_argument: .*is a component/],
  ['set_parameter', { path: '/mixer/channel/2/fader', value: 0.5 }, /^invalid_argument: .*must start with \/lx/],
  ['set_parameter', { path: '/lx/mixer//fader', value: 0.5 }, /^invalid_argument: .*empty segment/],
  ['set_parameter', { path: '/lx/mixer/../mixer/channel/1/fader', value: 0.5 }, /^invalid_argument: /],
  ['set_parameter', { path: '/lx/mixer/channel/1/label', value: 'x'.repeat(300) }, /^invalid_argument: .*at most 256/],
  ['get_parameter', { path: '/lx/nope' }, /^not_found: \/lx has nothing named "nope"/],
  ['list_parameters', { path: FADER }, /^invalid_argument: .*is a parameter/],
  ['list_channels', { detail: 'everything' }, /^invalid_argument: detail: must be one of "summary", "full"/],
  ['get_history', { limit: 0 }, /^invalid_argument: limit: must be at least 1/],
  ['undo', { now: true }, /^invalid_argument: arguments: unknown argument "now"/],
];

test('bad inputs: a clear code and message; state and history unchanged', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: FADER, value: 0.4 });
  const before = await snapshot(show);
  for (const [tool, args, expected] of BAD) {
    assert.match(await show.callError(tool, args), expected, `${tool} ${JSON.stringify(args).slice(0, 80)}`);
  }
  assert.deepEqual(await snapshot(show), before);
});

test('unknown tool is refused by the protocol', async (t) => {
  const show = await startShow(t);
  const r = await show.client.callTool({ name: 'no_such_tool', arguments: {} }).then(
    (x) => JSON.stringify(x),
    (e: unknown) => String(e),
  );
  assert.match(r, /no_such_tool/);
});

test('agents read-only: writes are refused with a clear message, reads still work, nothing changes', async (t) => {
  const show = await startShow(t);
  const before = await snapshot(show);
  show.app.services.policy.agentsReadOnly = true;
  assert.match(await show.callError('set_parameter', { path: FADER, value: 0.9 }), /^invalid_argument: the operator has set agents to read-only/);
  assert.match(await show.callError('undo'), /read-only/);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 0.25);
  assert.deepEqual(await snapshot(show), before);
  show.app.services.policy.agentsReadOnly = false;
  assert.equal((await show.call('set_parameter', { path: FADER, value: 0.9 })).parameter.value, 0.9);
});

test('ids address components and parameters across renumbering; a stale path with an id is refused', async (t) => {
  const show = await startShow(t);
  const ch2 = (await show.call('list_channels')).channels[1];
  const byId = await show.call('get_parameter', { id: ch2.id, key: 'fader' });
  assert.equal(byId.parameter.path, '/lx/mixer/channel/2/fader');
  // Move channel 2 to the front behind the agent's back (as another client would).
  await show.app.engine.queue.submit(() => {
    const mixer = show.app.light.mixer;
    mixer.channels.move(mixer.channels.at(1)!, 0);
  });
  const moved = await show.call('get_parameter', { id: ch2.id, key: 'fader' });
  assert.equal(moved.parameter.path, '/lx/mixer/channel/1/fader');
  assert.match(
    await show.callError('set_parameter', { path: '/lx/mixer/channel/2/fader', id: ch2.id, key: 'fader', value: 0.5 }),
    /^stale: \/lx\/mixer\/channel\/2\/fader is not \/lx\/mixer\/channel\/1\/fader/,
  );
  assert.match(
    await show.callError('list_parameters', { path: '/lx/mixer/channel/2', id: ch2.id }),
    /^stale: \/lx\/mixer\/channel\/2 now points to "Channel-1" .*is now at \/lx\/mixer\/channel\/1/,
  );
  assert.match(await show.callError('get_parameter', { id: 99999, key: 'fader' }), /^not_found: no light component with id 99999/);
  assert.match(await show.callError('get_parameter', { id: ch2.id }), /^invalid_argument: with id, also give the parameter key/);
  assert.match(await show.callError('get_parameter', {}), /^invalid_argument: give the parameter's path/);
  const set = await show.call('set_parameter', { id: ch2.id, key: 'fader', value: 0.75 });
  assert.equal(set.parameter.value, 0.75);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { id: ch2.id, key: 'fader' })).parameter.value, 0.25);
});

test('set_parameter to the value it already has: changed false, no undo step; a real change is one', async (t) => {
  const show = await startShow(t);
  const fader = '/lx/mixer/channel/1/fader';
  const current = (await show.call('get_parameter', { path: fader })).parameter.value;
  const history = await show.call('get_history');
  const same = await show.call('set_parameter', { path: fader, value: current });
  assert.equal(same.changed, false);
  assert.equal(same.parameter.value, current);
  assert.deepEqual(await show.call('get_history'), history);
  const moved = await show.call('set_parameter', { path: fader, value: current === 0.5 ? 0.25 : 0.5 });
  assert.equal(moved.changed, true);
  assert.equal((await show.call('get_history')).steps.length, history.steps.length + 1);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: fader })).parameter.value, current);
  const after = await show.call('get_history');
  assert.deepEqual(after.steps, history.steps);
  assert.equal(after.redo.length, 1);
});
