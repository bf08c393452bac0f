// The console's structural edits over its HTTP API: effects, channels and groups, palette
// swatches and snapshots. Each is the light domain's own operation (the one the MCP tools call),
// recorded as a console step in the one history; every one is read back over MCP, undone, and
// checked restored. Bad input changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { api, baseOf } from './helpers.js';

const CH1 = '/lx/mixer/channel/1';
const CH2 = '/lx/mixer/channel/2';
const MASTER = '/lx/mixer/master';
const HEADERS = { 'x-footlight-connection': 'c5' };

async function post(show: TestShow, path: string, body: unknown): Promise<any> {
  const r = await api(baseOf(show.url), path, body, HEADERS);
  assert.equal(r.status, 200, `${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function channels(show: TestShow): Promise<any[]> {
  return (await show.call('list_channels', { detail: 'full' })).channels;
}

async function depth(show: TestShow): Promise<number> {
  return (await show.call('get_history', {})).undoDepth;
}

async function undo(show: TestShow, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) assert.equal((await post(show, '/api/tools/undo', {})).changed, true);
}

test('effects: add to a channel, the master and a pattern, move and remove, as console steps; undo restores each', async (t) => {
  const show = await startShow(t);
  const before = await channels(show);
  const masterBefore = (await show.call('get_channel', { path: MASTER })).channel;
  const d0 = await depth(show);

  const blur = await post(show, '/api/tools/add_effect', { containerPath: CH1, class: 'Blur' });
  assert.equal(blur.effect.path, `${CH1}/effect/1`);
  const invert = await post(show, '/api/tools/add_effect', { containerPath: CH1, class: 'Invert', index: 0 });
  assert.equal(invert.effect.path, `${CH1}/effect/1`);
  assert.ok(
    invert.pathChanges.some((c: { id: number }) => c.id === blur.effect.id),
    'the shifted effect is reported',
  );
  const strobe = await post(show, '/api/tools/add_effect', { containerPath: MASTER, class: 'Strobe' });
  assert.equal(strobe.effect.path, `${MASTER}/effect/1`);
  const onPattern = await post(show, '/api/tools/add_effect', { containerPath: `${CH2}/pattern/1`, class: 'Hue + Saturation' });
  assert.equal(onPattern.effect.path, `${CH2}/pattern/1/effect/1`);

  let ch1 = (await show.call('get_channel', { path: CH1 })).channel;
  assert.deepEqual(
    ch1.effects.map((e: { id: number }) => e.id),
    [invert.effect.id, blur.effect.id],
  );
  assert.equal((await show.call('get_channel', { path: MASTER })).channel.effects[0].id, strobe.effect.id);
  assert.equal((await show.call('get_channel', { path: CH2 })).channel.patterns[0].effects[0].id, onPattern.effect.id);

  const moved = await post(show, '/api/tools/move_effect', { path: `${CH1}/effect/1`, id: invert.effect.id, index: 1 });
  assert.equal(moved.effect.path, `${CH1}/effect/2`);
  ch1 = (await show.call('get_channel', { path: CH1 })).channel;
  assert.deepEqual(
    ch1.effects.map((e: { id: number }) => e.id),
    [blur.effect.id, invert.effect.id],
  );
  // To another container: the same effect (same id) now on the master.
  const relocated = await post(show, '/api/tools/move_effect', { path: `${CH1}/effect/2`, index: 0, containerPath: MASTER });
  assert.equal(relocated.effect.id, invert.effect.id);
  assert.equal(relocated.effect.path, `${MASTER}/effect/1`);

  const removed = await post(show, '/api/tools/remove_effect', { path: `${MASTER}/effect/2`, id: strobe.effect.id });
  assert.equal(removed.id, strobe.effect.id);
  assert.equal((await show.call('get_channel', { path: MASTER })).channel.effects.length, 1);

  const steps = (await show.call('get_history', {})).steps.slice(0, 7);
  assert.ok(
    steps.every((s: { surface: string; session: string }) => s.surface === 'console' && s.session === 'c5'),
    JSON.stringify(steps),
  );
  assert.equal(await depth(show), d0 + 7, 'one step each');

  await undo(show); // remove
  assert.deepEqual(
    (await show.call('get_channel', { path: MASTER })).channel.effects.map((e: { id: number }) => e.id),
    [invert.effect.id, strobe.effect.id],
    'the removed effect is back with its id',
  );
  await undo(show, 6);
  assert.deepEqual(await channels(show), before);
  assert.deepEqual((await show.call('get_channel', { path: MASTER })).channel, masterBefore);
});

test('effects: a locked effect is refused; bad containers and classes change nothing', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const fx = await post(show, '/api/tools/add_effect', { containerPath: CH1, class: 'Blur' });
  await post(show, '/api/parameter', { path: `${fx.effect.path}/locked`, value: true });
  const state = (await api(base, '/api/state')).body;
  const cases: [string, unknown, number, string, RegExp][] = [
    ['/api/tools/remove_effect', { path: fx.effect.path }, 400, 'invalid_argument', /locked/],
    ['/api/tools/add_effect', { containerPath: CH1, class: 'Nope' }, 404, 'not_found', /Nope/],
    ['/api/tools/add_effect', { containerPath: '/lx/structure', class: 'Blur' }, 400, 'invalid_argument', /cannot hold effects/],
    ['/api/tools/add_effect', { containerPath: CH1, class: 'Blur', index: 5 }, 400, 'invalid_argument', /index/],
    ['/api/tools/move_effect', { path: fx.effect.path, index: 3 }, 400, 'invalid_argument', /index/],
    ['/api/tools/remove_effect', { path: `${CH1}/pattern/1` }, 400, 'invalid_argument', /not an effect/],
    ['/api/tools/remove_effect', {}, 400, 'invalid_argument', /path or .*id/],
  ];
  for (const [path, body, status, code, message] of cases) {
    const r = await api(base, path, body);
    assert.equal(r.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.error, code);
    assert.match(r.body.message, message);
  }
  const after = (await api(base, '/api/state')).body;
  assert.deepEqual(after.light, state.light);
  assert.deepEqual(after.history, state.history);
});

test('channels: add, move, group, ungroup, remove as console steps; undo restores the mixer with the same ids', async (t) => {
  const show = await startShow(t);
  const before = await channels(show);
  const added = await post(show, '/api/tools/add_channel', { class: 'Noise' });
  assert.equal(added.channel.path, '/lx/mixer/channel/3');
  let list = await channels(show);
  assert.equal(list.length, 3);
  assert.equal(list[2].patterns[0].label, 'Noise');
  assert.equal(list[2].fader, 0, 'as in LX a new channel starts at 0 unless it is the only one');

  await post(show, '/api/tools/move_channel', { path: '/lx/mixer/channel/3', id: added.channel.id, index: 0 });
  list = await channels(show);
  assert.equal(list[0].id, added.channel.id);

  const grouped = await post(show, '/api/tools/group_channels', { channels: [CH2, '/lx/mixer/channel/3'] });
  list = await channels(show);
  assert.equal(list[1].id, grouped.group.id);
  assert.equal(list[1].type, 'group');
  assert.deepEqual(
    grouped.members.map((m: { id: number }) => m.id),
    [before[0].id, before[1].id],
  );

  // The console state shows the group with its members, and members with their group.
  const light = (await api(baseOf(show.url), '/api/state')).body.light;
  assert.deepEqual(light.channels[1].members, [before[0].id, before[1].id]);
  assert.equal(light.channels[2].group, grouped.group.id);

  await post(show, '/api/tools/ungroup_channel', { path: '/lx/mixer/channel/4' });
  assert.equal((await channels(show)).find((c: { id: number }) => c.id === before[1].id).group, undefined);
  const dissolved = await post(show, '/api/tools/ungroup_channels', { path: '/lx/mixer/channel/2', id: grouped.group.id });
  assert.equal(dissolved.id, grouped.group.id);
  await post(show, '/api/tools/remove_channel', { path: '/lx/mixer/channel/1', id: added.channel.id });
  assert.deepEqual(
    (await channels(show)).map((c: { id: number }) => c.id),
    before.map((c: { id: number }) => c.id),
  );

  await undo(show, 6);
  assert.deepEqual(await channels(show), before);
});

test('channels: a target whose path an agent has shifted is refused as stale, and nothing changes', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const ch2 = (await show.call('get_channel', { path: CH2 })).channel;
  // An agent moves Channel-2 first: the page still has the old path and the id.
  await show.call('move_channel', { path: CH2, index: 0 });
  const state = (await api(base, '/api/state')).body;
  const r = await api(base, '/api/tools/remove_channel', { path: CH2, id: ch2.id });
  assert.equal(r.status, 409);
  assert.equal(r.body.error, 'stale');
  assert.match(r.body.message, new RegExp(`id ${ch2.id} is now at /lx/mixer/channel/1`));
  const after = (await api(base, '/api/state')).body;
  assert.deepEqual(after.light, state.light);
  assert.deepEqual(after.history, state.history);
  for (const [path, body] of [
    ['/api/tools/add_channel', { class: 'Nope' }],
    ['/api/tools/add_channel', { index: 9 }],
    ['/api/tools/move_channel', { path: CH1, index: 7 }],
    ['/api/tools/group_channels', { channels: [] }],
    ['/api/tools/ungroup_channel', { path: CH1 }],
    ['/api/tools/ungroup_channels', { path: CH1 }],
    ['/api/tools/remove_channel', { path: '/lx/mixer/channel/9' }],
  ] as const) {
    const bad = await api(base, path, body);
    assert.ok(bad.status === 400 || bad.status === 404, `${path} ${JSON.stringify(body)}: ${bad.status}`);
  }
  assert.deepEqual((await api(base, '/api/state')).body.history, state.history);
});

const LIVE_HUE = '/lx/palette/swatch/color/1/primary/hue';

test('palette: save the live colors as a swatch, recall it over changed colors, undo restores the live swatch; remove undoes', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  await post(show, '/api/parameter', { path: LIVE_HUE, value: 200 });
  const saved = await post(show, '/api/tools/save_swatch', {});
  assert.equal(saved.swatch.path, '/lx/palette/swatches/1');
  let palette = (await api(base, '/api/state')).body.light.palette;
  assert.equal(palette.swatches.length, 1);
  assert.equal(palette.swatches[0].colors.length, 1);
  assert.equal(palette.recalled, undefined);
  assert.deepEqual(palette.swatches, (await show.call('get_palette', {})).swatches, 'a swatch looks the same over MCP and in the console');

  await show.call('set_parameter', { path: LIVE_HUE, value: 40 });
  await post(show, '/api/tools/set_swatch', { path: saved.swatch.path, id: saved.swatch.id });
  assert.equal((await show.call('get_parameter', { path: LIVE_HUE })).parameter.value, 200, 'the recalled swatch is live');
  palette = (await api(base, '/api/state')).body.light.palette;
  assert.equal(palette.recalled, 0);
  assert.equal((await show.call('get_history', {})).steps[0].surface, 'console');
  await undo(show);
  assert.equal((await show.call('get_parameter', { path: LIVE_HUE })).parameter.value, 40, 'undo puts back the live color the recall overwrote');

  await post(show, '/api/tools/remove_swatch', { path: saved.swatch.path });
  assert.equal((await api(base, '/api/state')).body.light.palette.swatches.length, 0);
  await undo(show);
  assert.equal((await api(base, '/api/state')).body.light.palette.swatches[0].id, saved.swatch.id);
  const second = await post(show, '/api/tools/save_swatch', { label: 'Warm' });
  assert.equal(second.swatch.label, 'Warm');
  await post(show, '/api/tools/move_swatch', { path: second.swatch.path, id: second.swatch.id, index: 0 });
  assert.deepEqual(
    (await api(base, '/api/state')).body.light.palette.swatches.map((s: { id: number }) => s.id),
    [second.swatch.id, saved.swatch.id],
  );
  assert.deepEqual(
    (await show.call('get_palette', {})).swatches.map((s: { id: number }) => s.id),
    [second.swatch.id, saved.swatch.id],
    'the same over MCP',
  );
  await undo(show, 2);
  assert.deepEqual(
    (await api(base, '/api/state')).body.light.palette.swatches.map((s: { id: number }) => s.id),
    [saved.swatch.id],
  );
  const live = await api(base, '/api/tools/set_swatch', { path: '/lx/palette/swatch' });
  assert.equal(live.status, 400);
  assert.match(live.body.message, /live swatch/);
});

test('snapshots: capture, recall over changes, undo restores every overwritten value; update and remove undo', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const captured = await post(show, '/api/tools/add_snapshot', {});
  assert.equal(captured.snapshot.path, '/lx/snapshots/snapshot/1');
  const named = await post(show, '/api/tools/add_snapshot', { label: 'Chorus' });
  assert.equal(named.snapshot.label, 'Chorus');
  assert.deepEqual(
    (await api(base, '/api/state')).body.light.snapshots.items,
    (await show.call('list_snapshots', {})).snapshots,
    'snapshots look the same over MCP and in the console',
  );

  // An agent changes the look; the operator recalls the snapshot.
  await show.call('set_parameter', { path: `${CH1}/fader`, value: 0.3 });
  await show.call('set_parameter', { path: `${CH2}/fader`, value: 0.9 });
  await post(show, '/api/tools/recall_snapshot', { path: captured.snapshot.path, id: captured.snapshot.id });
  assert.equal((await show.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 1);
  assert.equal((await show.call('get_parameter', { path: `${CH2}/fader` })).parameter.value, 0.25);
  assert.equal((await api(base, '/api/state')).body.light.snapshots.recalled, 0);
  await undo(show);
  assert.equal((await show.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.3, 'undo restores what the recall overwrote');
  assert.equal((await show.call('get_parameter', { path: `${CH2}/fader` })).parameter.value, 0.9);

  // Update takes the current values; undo gives the snapshot its old ones back.
  await post(show, '/api/tools/update_snapshot', { path: captured.snapshot.path });
  await show.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await post(show, '/api/tools/recall_snapshot', { path: captured.snapshot.path });
  assert.equal((await show.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.3, 'the updated snapshot holds 0.3');
  await undo(show, 3); // the recall, the agent's edit and the update: the snapshot holds its first values again
  await post(show, '/api/tools/recall_snapshot', { path: captured.snapshot.path });
  assert.equal((await show.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 1, 'after undoing the update the snapshot holds its first values');
  await undo(show);

  await post(show, '/api/tools/remove_snapshot', { path: named.snapshot.path });
  assert.equal((await api(base, '/api/state')).body.light.snapshots.items.length, 1);
  await undo(show);
  assert.deepEqual(
    (await api(base, '/api/state')).body.light.snapshots.items.map((s: { id: number }) => s.id),
    [captured.snapshot.id, named.snapshot.id],
  );
  const bad = await api(base, '/api/tools/recall_snapshot', { path: CH1 });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /not a snapshot/);
});
