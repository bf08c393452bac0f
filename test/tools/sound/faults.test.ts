import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { Engine } from '../../../src/engine/engine.js';
import { internal } from '../../../src/engine/errors.js';
import { silentLogger } from '../../../src/engine/log.js';
import { startProtocol3Server } from '../../../src/protocol3/server/server.js';
import { SoundAdapter } from '../../../src/sound-client/adapter.js';
import { createSoundHost } from '../../../src/sound/index.js';
import { names, startProxy, startSound, tempDir, type FaultProxy, type SoundShow } from './helpers.js';

/** Footlight whose sound tools reach the built-in host through a fault-injecting proxy. */
async function proxied(
  t: TestContext,
  options: { soundCooperative?: boolean; soundOutputRoot?: string } = {},
): Promise<{ show: SoundShow; proxy: FaultProxy }> {
  const proxy = await startProxy(t, 1);
  const show = await startSound(t, { ...options, soundHost: `127.0.0.1:${proxy.port}` });
  proxy.upstreamPort = show.app.protocol3.port;
  return { show, proxy };
}

/** Waits until the adapter has seen its connection close (a host going away). */
async function disconnected(show: SoundShow): Promise<void> {
  for (let i = 0; i < 500 && show.app.services.soundAdapter.connection.status().connected; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(show.app.services.soundAdapter.connection.status().connected, false);
}

const count = (proxy: FaultProxy, name: string): number => names(proxy.lines).filter((n) => n === name).length;

test('readiness: the first request on every connection is a read-only capabilities, never a mutation', async (t) => {
  const { show, proxy } = await proxied(t, { soundCooperative: true });
  await show.call('sound_set_controls', { controls: [{ index: 3, value: 8 }] });
  assert.deepEqual(names(proxy.lines).slice(0, 3), ['capabilities', 'state', 'set'], "capabilities, the plan's read, then the write");
  proxy.cut();
  await disconnected(show);
  await show.call('sound_set_controls', { controls: [{ index: 3, value: 16 }] });
  assert.equal(proxy.connections, 2);
  assert.deepEqual(names(proxy.lines).slice(3), ['capabilities', 'state', 'set'], 'after a reconnect, readiness is proved again before the first request');
});

test('a write whose connection dies after the host received it: requires_observation, not resent; the host did apply it', async (t) => {
  const { show, proxy } = await proxied(t, { soundCooperative: true });
  proxy.dropAfterReply((line) => line.startsWith('set '));
  const lost = await show.call('sound_set_controls', { controls: [{ index: 3, value: 100 }] });
  assert.equal(lost.ok, false);
  assert.equal(lost.status, 'requires_observation');
  assert.equal(lost.retry_performed, false);
  assert.equal(lost.code, 'connection_lost');
  assert.equal(lost.native, undefined, 'no reply came back');
  assert.match(lost.next, /may or may not have applied it\. Do not resend it\. Read state first \(sound_get_device_state/);
  assert.equal(count(proxy, 'set'), 1, 'sent exactly once');
  // Observe: the next read reconnects (and re-checks readiness) and shows what the host holds.
  const now = await show.call('sound_get_device_state');
  assert.equal(now.controls.find((c: { index: number }) => c.index === 3).mcp_value, 100, 'the host had applied it');
  assert.equal(count(proxy, 'set'), 1, 'still never resent');
  assert.equal(proxy.connections, 2);
});

test('a confirmed write lost in flight consumes its token: the agent cannot resend it by confirming again', async (t) => {
  const { show, proxy } = await proxied(t);
  const preview = await show.call('song_control_transport', { operation: 'tempo', bpm: 150 });
  proxy.dropAfterReply((line) => line.startsWith('song-transport-tempo '));
  const lost = await show.call('song_control_transport', { operation: 'tempo', bpm: 150, confirmation_token: preview.confirmation.token });
  assert.equal(lost.status, 'requires_observation');
  assert.equal(lost.authorization, 'confirmed');
  assert.match(await show.callError('song_control_transport', { operation: 'tempo', bpm: 150, confirmation_token: preview.confirmation.token }), /^stale: /);
  assert.equal(count(proxy, 'song-transport-tempo'), 1);
  assert.equal((await show.call('song_get_state')).native.transport.tempo, 150);
});

test('a patch-session step lost in flight freezes the session (ambiguous_outcome); nothing is replayed', async (t) => {
  const { show, proxy } = await proxied(t, { soundCooperative: true });
  const s = await show.call('grid_begin_patch_session');
  const filter = s.before_graph.modules.find((m: { name: string }) => m.name === 'Low-pass LD');
  proxy.dropAfterReply((line) => line.startsWith('guard '));
  const lost = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.25,
    patch_session_id: s.patch_session_id,
  });
  assert.equal(lost.status, 'requires_observation');
  assert.equal(lost.patch_session.state, 'frozen');
  assert.equal(lost.patch_session.frozen.reason, 'ambiguous_outcome');
  assert.equal(lost.patch_session.frozen.at_step, 1);
  assert.equal(lost.patch_session.steps[0].outcome, 'requires_observation');
  assert.match(lost.patch_session.next, /may or may not have applied the last step/);
  const again = await show.call('grid_set_parameter', {
    kind: 'module',
    node_id: filter.id,
    parameter_id: 'CUTOFF',
    value: 0.25,
    patch_session_id: s.patch_session_id,
  });
  assert.equal(again.reason, 'patch_session_frozen');
  assert.equal(count(proxy, 'guard graph-set'), 1, 'the step was sent once; the frozen session sent nothing more');
});

test('grid_clear_graph lost in flight: requires_observation with the before snapshot kept in the reply and the session', async (t) => {
  const { show, proxy } = await proxied(t, { soundCooperative: true });
  const g = (await show.call('grid_get_state')).native;
  proxy.dropAfterReply((line) => line.includes(' graph-clear'));
  const lost = await show.call('grid_clear_graph', { expected_revision: g.revision });
  assert.equal(lost.status, 'requires_observation');
  assert.deepEqual(lost.before_snapshot, g);
  const session = await show.call('grid_get_patch_session', { patch_session_id: lost.patch_session.patch_session_id, include_before_graph: true });
  assert.deepEqual(session.before_graph, g);
  assert.equal(session.frozen.reason, 'ambiguous_outcome');
  assert.equal(count(proxy, 'guard graph-clear'), 1);
  assert.equal((await show.call('grid_get_state')).native.module_count, 0, 'observed: the clear had happened');
});

test('an import lost in flight counts as the one attempt; tempo and meter are not touched', async (t) => {
  const { show, proxy } = await proxied(t, { soundCooperative: true });
  const compiled = await show.call('song_compile_plan', {
    plan: { title: 'Lost', tempo: 90, sections: [{ name: 'A', bars: 1 }], parts: [{ name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] }] },
  });
  proxy.dropAfterReply((line) => line.startsWith('song-import '));
  const lost = await show.call('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 });
  assert.equal(lost.status, 'requires_observation');
  assert.match(lost.next, /look for a new group named "Lost".*will not be imported again\. Tempo and meter were not touched/);
  assert.equal(lost.song_session.imports[0].status, 'requires_observation');
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }),
    /already imported once \(status requires_observation\)/,
  );
  assert.equal(count(proxy, 'song-import'), 1);
  assert.equal(count(proxy, 'song-transport-tempo'), 0);
  const song = (await show.call('song_get_state')).native;
  assert.ok(
    song.inventory.tracks.some((x: { name: string }) => x.name === 'Lost'),
    'observed: it did land',
  );
  assert.equal(song.transport.tempo, 120);
});

test('a save lost in flight: ok false, requires_observation, native_response null, the folder kept; never saved again', async (t) => {
  const root = await tempDir(t, 'footlight-saves-');
  const { show, proxy } = await proxied(t, { soundCooperative: true, soundOutputRoot: root });
  proxy.dropAfterReply((line) => line.startsWith('song-save '));
  const lost = await show.call('song_save_project');
  assert.equal(lost.ok, false);
  assert.equal(lost.status, 'requires_observation');
  assert.equal(lost.native_response, null);
  assert.equal(lost.retry_performed, false);
  assert.match(lost.output_directory, new RegExp(`^${root}/sound-project-`));
  assert.match(lost.next, /nothing is deleted or saved again automatically/);
  assert.equal(count(proxy, 'song-save'), 1);
  // Observing: the host finished the write into the kept folder.
  assert.deepEqual(await readdir(join(lost.output_directory, 'PromptTrack')), ['PromptTrack.bwproject']);
  assert.equal((await show.call('song_get_state')).native.project_save_pending, false);
});

test('a read whose connection dies is an internal error that changed nothing; the next call reconnects', async (t) => {
  const { show, proxy } = await proxied(t);
  proxy.dropAfterReply((line) => line === 'graph-state');
  assert.match(
    await show.callError('grid_get_state'),
    /^internal: graph-state: the protocol-3 connection .* failed .*Nothing was changed by this request; the next call reconnects/,
  );
  assert.equal((await show.call('grid_get_state')).ok, true);
});

test('a write whose reply never comes times out as requires_observation (adapter with a short client timeout)', async (t) => {
  const show = await startSound(t);
  const proxy = await startProxy(t, show.app.protocol3.port);
  const adapter = new SoundAdapter({
    endpoint: () => ({ host: '127.0.0.1', port: proxy.port }),
    log: silentLogger,
    outputRoot: await tempDir(t),
    timeoutMs: 400,
  });
  t.after(() => adapter.close());
  proxy.blackhole((line) => line.startsWith('set '));
  const args = { controls: [{ index: 3, value: 12 }] };
  const lost = await adapter.devices.setControls(args, args, { cooperative: true, session: 'test' });
  assert.equal(lost.status, 'requires_observation');
  assert.equal(lost.code, 'timeout');
  assert.equal(count(proxy, 'set'), 1);
  const state = await adapter.core.read('state');
  assert.equal((state.native.controls as { index: number; value: number }[])[2].value, 12 / 128, 'the host applied it; the adapter only lost the reply');
});

test('a host restart (new instance) voids pending confirmations and freezes patch and shaping sessions', async (t) => {
  const { show, proxy } = await proxied(t);
  const session = await show.call('grid_begin_patch_session');
  const shaping = await show.call('sound_begin_shaping_session');
  const preview = await show.call('sound_set_controls', { controls: [{ index: 3, value: 1 }] });
  const before = (await show.call('sound_get_status')).connection.identity.instance;
  // Another host instance answers at the same address.
  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'demo' });
  const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine });
  t.after(async () => {
    await server.close();
    host.dispose();
  });
  proxy.upstreamPort = server.port;
  proxy.cut();
  await disconnected(show);
  const status = await show.call('sound_get_status');
  assert.notEqual(status.connection.identity.instance, before);
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: 3, value: 1 }], confirmation_token: preview.confirmation.token }), /^stale: /);
  const s = await show.call('grid_get_patch_session', { patch_session_id: session.patch_session_id });
  assert.equal(s.state, 'frozen');
  assert.equal(s.frozen.reason, 'host_restarted');
  assert.equal((await show.call('sound_get_shaping_session', { shaping_session_id: shaping.shaping_session_id })).session.state, 'closed');
  assert.equal(count(proxy, 'set'), 0, 'nothing was written');
});

test('an import or save that never left the process (the host vanished before sending) is not an attempt; the save folder is reported', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const adapter = show.app.services.soundAdapter;
  const compiled = await show.call('song_compile_plan', {
    plan: { title: 'Later', sections: [{ name: 'A', bars: 1 }], parts: [{ name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] }] },
  });
  // Staged at the adapter's boundary: the reads succeed, then the write cannot be sent at all.
  const write = adapter.connection.write.bind(adapter.connection);
  adapter.connection.write = async () => {
    throw internal('cannot reach the protocol-3 sound host at 127.0.0.1:1: connect ECONNREFUSED. Nothing was sent.');
  };
  assert.match(await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }), /^internal: cannot reach/);
  assert.equal(
    (await show.call('song_get_workflow', { song_session_id: compiled.song_session_id })).import_available,
    true,
    'nothing was sent, so the one attempt is still available',
  );
  assert.match(
    await show.callError('song_save_project'),
    /^internal: cannot reach .* The save was not sent; the empty folder .*sound-project-\S+ was allocated and is left in place\./,
  );
  adapter.connection.write = write;
  const imported = await show.call('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 });
  assert.equal(imported.status, 'completed');
});
