import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSound, type SoundShow } from './helpers.js';

async function selected(show: SoundShow): Promise<{ track: string; device: string }> {
  const i = (await show.call('sound_inspect_device')).native;
  return { track: i.track?.name ?? 'none', device: i.device?.name ?? 'none' };
}

test('status and readiness: capabilities identity, the grant, workflow state; reads keep the native payload', async (t) => {
  const show = await startSound(t);
  const s = await show.call('sound_get_status');
  assert.equal(s.ready, true);
  assert.equal(s.cooperative, false);
  assert.equal(s.connection.identity.protocol, 3);
  assert.equal(s.connection.identity.host_name, 'Footlight');
  assert.equal(s.connection.identity.graph_available, true);
  assert.equal(s.connection.endpoint, `127.0.0.1:${show.app.protocol3.port}`);
  assert.equal(s.capabilities.protocol, 3);
  assert.equal(s.ping.pong, true);
  assert.equal(s.workflow.pending_confirmations, 0);
  const history = await show.call('sound_get_history');
  assert.equal(history.command, 'history');
  assert.equal(history.native.scope, 'global');
  const tracks = await show.call('sound_list_tracks');
  assert.equal(tracks.native.bank, 'ALL_CHANNELS');
  assert.ok(tracks.native.tracks.length >= 9);
  const window = await show.call('sound_list_device_window');
  assert.match(window.native.selection_token, /^[0-9a-f]{64}$/);
  const catalog = await show.call('sound_search_devices', { query: 'grid' });
  assert.deepEqual(catalog.native.devices.map((d: { name: string }) => d.name).sort(), ['FX Grid', 'Poly Grid']);
  assert.equal(catalog.command, 'device-catalog grid');
  const actions = await show.call('sound_list_actions', { query: 'track' });
  assert.ok(actions.native.actions.some((a: { id: string }) => a.id === 'Create%20Instrument%20Track'));
  const state = await show.call('sound_get_device_state');
  assert.deepEqual(
    state.controls.find((c: { index: number }) => c.index === 1),
    { index: 1, name: 'Output', mcp_value: 64, display: '0 dB' },
  );
  assert.equal(state.native.controls.length, 8, 'the native reply keeps unmapped slots too');
});

test('sound_set_controls: 0–128 → native 0–1, batch is one undo step; do → undo → restored', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const before = await show.call('sound_get_device_state');
  const r = await show.call('sound_set_controls', {
    controls: [
      { index: 3, value: 96 },
      { index: 4, value: 16 },
    ],
  });
  assert.equal(r.command, 'batch 3=0.75 4=0.125');
  assert.equal(r.native.atomic, false);
  assert.deepEqual(
    r.controls.map((c: { mcp_value: number }) => c.mcp_value),
    [96, 16],
  );
  const depth = show.app.engine.history.undoDepth;
  const undone = await show.call('sound_undo');
  assert.equal(undone.status, 'completed');
  assert.equal(undone.native.undone.surface, 'mcp', "the step is the calling agent's, not the adapter connection's");
  assert.equal(show.app.engine.history.undoDepth, depth - 1);
  assert.deepEqual((await show.call('sound_get_device_state')).controls, before.controls);
  await show.call('sound_redo');
  assert.equal((await show.call('sound_get_device_state')).controls.find((c: { index: number }) => c.index === 3).mcp_value, 96);
});

test('sound_set_controls refusals: out of range, unmapped, repeated index, stale reviewed token; nothing changes', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const depth = show.app.engine.history.undoDepth;
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 3, value: 129 }] }), /^invalid_argument: controls\.0\.value: /);
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 3, value: -1 }] }), /^invalid_argument: /);
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: 8, value: 1 }] }),
    /^invalid_argument: control 8 is not mapped on Poly Grid .*mapped controls: 1 Output/,
  );
  assert.match(
    await show.callError('sound_set_controls', {
      controls: [
        { index: 3, value: 1 },
        { index: 3, value: 2 },
      ],
    }),
    /^invalid_argument: controls: index 3 appears twice/,
  );
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: 3, value: 1 }], selection_token: 'd'.repeat(64) }),
    /^stale: selection_token d+ is not the current one/,
  );
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 3, value: 1 }], extra: true }), /^invalid_argument: /);
  assert.equal(show.app.engine.history.undoDepth, depth);
});

test('selection: select a track by index or move, navigate devices, toggle the editor (not undo steps)', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const depth = show.app.engine.history.undoDepth;
  const sel = await show.call('sound_select_track', { index: 4 });
  assert.equal(sel.command, 'track 4');
  assert.equal(sel.preview.target.name, 'Bass');
  assert.equal(sel.preview.current.track.name, 'Lead');
  assert.deepEqual(await selected(show), { track: 'Bass', device: 'Polysynth' });
  await show.call('sound_select_track', { move: 'next' });
  assert.equal((await selected(show)).track, 'Chords');
  assert.match(await show.callError('sound_select_track', {}), /^invalid_argument: give exactly one of index/);
  assert.match(await show.callError('sound_select_track', { index: 60 }), /^not_found: no track at bank index 60/);
  const nav = await show.call('sound_navigate_device', { move: 'next' });
  assert.equal(nav.command, 'next');
  assert.equal((await selected(show)).device, 'Chorus+');
  assert.equal((await show.call('sound_navigate_device', { move: 'first' })).command, 'device-first');
  assert.equal((await selected(show)).device, 'Polysynth');
  const editor = await show.call('sound_toggle_device_editor');
  assert.equal(editor.native.window_open, true);
  assert.equal(show.app.engine.history.undoDepth, depth, 'selection and windows are not undo steps');
});

test('selection and the editor window need no authorization: without the grant they run at once (authorization not_required)', async (t) => {
  const show = await startSound(t);
  const depth = show.app.engine.history.undoDepth;
  const sel = await show.call('sound_select_track', { index: 4 });
  assert.equal(sel.status, 'completed');
  assert.equal(sel.authorization, 'not_required');
  assert.deepEqual(await selected(show), { track: 'Bass', device: 'Polysynth' });
  const nav = await show.call('sound_navigate_device', { move: 'next' });
  assert.equal(nav.authorization, 'not_required');
  const editor = await show.call('sound_toggle_device_editor');
  assert.equal(editor.native.window_open, true);
  assert.equal(show.app.engine.history.undoDepth, depth, 'no undo steps');
  // A project change still asks first.
  assert.equal((await show.call('sound_set_controls', { controls: [{ index: 3, value: 9 }] })).status, 'confirmation_required');
  assert.match(
    await show.callError('sound_select_track', { index: 1, confirmation_token: 'f'.repeat(64) }),
    /^invalid_argument: arguments: unknown argument "confirmation_token"/,
  );
  // The operator's read-only switch still refuses them.
  show.app.services.policy.agentsReadOnly = true;
  assert.match(await show.callError('sound_select_track', { index: 1 }), /^invalid_argument: the operator has set agents to read-only/);
  show.app.services.policy.agentsReadOnly = false;
  assert.equal((await selected(show)).track, 'Bass', 'refused, nothing changed');
});

test('insert and remove a device: guarded by the selection token, undoable, the removal previews what goes', async (t) => {
  const show = await startSound(t);
  const eq = (await show.call('sound_search_devices', { query: 'eq' })).native.devices[0];
  const window = await show.call('sound_list_device_window');
  const [preview, inserted] = await show.confirm('sound_insert_device', { position: 'end', uuid: eq.uuid, selection_token: window.native.selection_token });
  assert.match(preview.summary, /Insert EQ\+ .* at the end of Lead's chain/);
  assert.equal(inserted.status, 'completed');
  assert.equal(inserted.guard.source, 'caller');
  assert.equal(inserted.native.inserted.name, 'EQ+');
  assert.equal((await selected(show)).device, 'EQ+');
  const [rp, removed] = await show.confirm('sound_remove_device');
  assert.match(rp.summary, /^Remove EQ\+/);
  assert.equal(removed.native.removed.name, 'EQ+');
  // An unknown UUID and a Grid module UUID are refused before anything is sent.
  assert.match(
    await show.callError('sound_insert_device', { position: 'end', uuid: 'not-a-device' }),
    /^not_found: not-a-device is not an installed device UUID/,
  );
  // Removing the Poly Grid names its slots and patch; undo brings it back with its graph.
  await show.call('sound_navigate_device', { move: 'first' });
  const g = (await show.call('grid_get_state')).native;
  const [gp] = await show.confirm('sound_remove_device');
  assert.match(gp.summary, /with everything in its slots .* and its Grid patch/);
  await show.confirm('sound_undo');
  await show.call('sound_navigate_device', { move: 'first' });
  assert.equal((await show.call('grid_get_state')).native.revision, g.revision);
});

test('actions: invoke by wire id (undoable ones are undo steps); unknown ids are refused with a hint', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const count = (await show.call('sound_list_tracks')).native.count;
  const r = await show.call('sound_invoke_action', { action_id: 'Create%20Instrument%20Track' });
  assert.equal(r.status, 'completed');
  assert.equal(r.preview.action.undoable, true);
  assert.equal((await show.call('sound_list_tracks')).native.count, count + 1);
  await show.call('sound_undo');
  assert.equal((await show.call('sound_list_tracks')).native.count, count);
  assert.match(await show.callError('sound_invoke_action', { action_id: 'Create Instrument Track' }), /^invalid_argument: action_id: /);
  assert.match(await show.callError('sound_invoke_action', { action_id: 'Create_Instrument_Track' }), /^not_found: no action with the wire id/);
  assert.match(await show.callError('sound_undo'), /^invalid_argument: nothing to undo/);
  assert.equal((await show.call('sound_redo')).status, 'completed');
  assert.equal((await show.call('sound_list_tracks')).native.count, count + 1);
  assert.match(await show.callError('sound_redo'), /^invalid_argument: nothing to redo/);
});

test('parameter snapshots and shaping sessions: record steps, compare with the snapshot, bound to the device', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const other = await show.other();
  const snap = await show.call('sound_take_parameter_snapshot');
  assert.equal(snap.device.name, 'Poly Grid');
  assert.equal(snap.controls.length, 7);
  assert.ok(snap.graph.parameters.length > 10, 'a Grid snapshot covers its native parameters');
  assert.match(snap.scope, /hidden parameters and audio are not observable/);
  const session = await show.call('sound_begin_shaping_session');
  const step = await show.call('sound_set_controls', { controls: [{ index: 3, value: 40 }], shaping_session_id: session.shaping_session_id });
  assert.deepEqual(step.shaping_session, { shaping_session_id: session.shaping_session_id, steps: 1, state: 'open' });
  // Another writer changes a Grid parameter: the comparison shows both.
  const g = (await show.call('grid_get_state')).native;
  const filter = g.modules.find((m: { name: string }) => m.name === 'Low-pass LD');
  await other.request(`graph-set ${filter.id} ${Buffer.from('CUTOFF').toString('base64url')} 0.1`);
  const now = await show.call('sound_get_shaping_session', { shaping_session_id: session.shaping_session_id });
  assert.equal(now.session.steps[0].controls[0].before_mcp, 0);
  assert.equal(now.session.steps[0].controls[0].after_mcp, 40);
  assert.equal(now.comparison.comparable, true);
  assert.deepEqual(
    now.comparison.controls_changed.map((c: { index: number }) => c.index),
    [3],
  );
  assert.deepEqual(
    now.comparison.grid_parameters_changed.map((p: { parameter_id: string }) => p.parameter_id),
    ['CUTOFF'],
  );
  const cmp = await show.call('sound_compare_parameter_snapshot', { snapshot_id: snap.id });
  assert.equal(cmp.comparison.controls_changed.length, 1);
  // Another device selected: the shaping session refuses, the comparison says why.
  await show.call('sound_select_track', { index: 3 });
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: 1, value: 1 }], shaping_session_id: session.shaping_session_id }),
    /^invalid_argument: shaping session .* shapes Poly Grid .* not the selected device/,
  );
  const away = await show.call('sound_compare_parameter_snapshot', { snapshot_id: snap.id });
  assert.equal(away.comparison.comparable, false);
  assert.match(away.comparison.reason, /not the snapshot's Poly Grid/);
  const ended = await show.call('sound_end_shaping_session', { shaping_session_id: session.shaping_session_id });
  assert.equal(ended.state, 'closed');
  await show.call('sound_select_track', { index: 4 });
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: 3, value: 1 }], shaping_session_id: session.shaping_session_id }),
    /^invalid_argument: shaping session .* is closed/,
  );
  assert.match(await show.callError('sound_compare_parameter_snapshot', { snapshot_id: 'snapshot-none' }), /^not_found: /);
});
