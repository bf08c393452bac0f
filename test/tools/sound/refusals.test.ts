import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { startSound } from './helpers.js';

test('no host at the address: status says not ready (nothing sent); reads and writes fail with internal, not a hang', async (t) => {
  // A port that was free a moment ago: nothing listens there.
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const show = await startSound(t, { soundHost: `127.0.0.1:${port}`, soundCooperative: true });
  const status = await show.call('sound_get_status');
  assert.equal(status.ready, false);
  assert.match(status.error, /cannot reach the protocol-3 sound host at 127\.0\.0\.1:\d+: .*Nothing was sent/);
  assert.equal(status.capabilities, undefined);
  assert.match(await show.callError('song_get_state'), /^internal: cannot reach the protocol-3 sound host/);
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 1, value: 1 }] }), /^internal: cannot reach the protocol-3 sound host/);
  // Offline work still works: compiling needs no host.
  const compiled = await show.call('song_compile_plan', {
    plan: { title: 'Offline', sections: [{ name: 'A', bars: 1 }], parts: [{ name: 'P', notes: [{ pitch: 'C3', start: 0, duration: 1 }] }] },
  });
  assert.equal(compiled.revision, 1);
});

test('read refusals: bad indexes and ids are invalid_argument; host refusals stay structured with the native payload', async (t) => {
  const show = await startSound(t);
  assert.match(await show.callError('song_get_arranger', { track_index: 64 }), /^invalid_argument: track_index: /);
  assert.match(await show.callError('song_get_import_status', { receipt_id: 'has space' }), /^invalid_argument: receipt_id: /);
  const unknown = await show.call('song_get_import_status', { receipt_id: 'import-0-none' });
  assert.equal(unknown.ok, false);
  assert.equal(unknown.code, 'not_found');
  assert.equal(unknown.native.ok, false);
  const empty = await show.call('song_get_arranger', { track_index: 40 });
  assert.equal(empty.ok, false, 'no track at 40: the host says so');
  assert.equal(empty.native.code, 'not_found');
  assert.match(await show.callError('sound_search_devices', { query: 'x'.repeat(201) }), /^invalid_argument: query: /);
  assert.match(await show.callError('sound_navigate_device', { move: 'sideways' }), /^invalid_argument: move: /);
  assert.match(await show.callError('grid_get_patch_session', {}), /^invalid_argument: patch_session_id: /);
});

test('device write refusals: a stale reviewed selection token, nothing selected, editor without a device', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const token = (await show.call('sound_inspect_device')).native.selection_token;
  await show.call('sound_navigate_device', { move: 'next' });
  const depth = show.app.engine.history.undoDepth;
  assert.match(await show.callError('sound_remove_device', { selection_token: token }), /^stale: selection_token .* is not the current one/);
  assert.match(await show.callError('sound_insert_device', { position: 'after', uuid: 'x', selection_token: token }), /^stale: /);
  assert.equal(show.app.engine.history.undoDepth, depth);
  // An empty track: nothing to remove, no editor to open.
  await show.call('sound_invoke_action', { action_id: 'Create%20Audio%20Track' });
  assert.equal((await show.call('sound_inspect_device')).native.device, null);
  assert.match(await show.callError('sound_remove_device'), /^not_found: no device is selected/);
  assert.match(await show.callError('sound_toggle_device_editor'), /^not_found: no device is selected/);
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 1, value: 1 }] }), /^not_found: no device is selected/);
  assert.match(await show.callError('sound_take_parameter_snapshot'), /^not_found: no device is selected/);
});
