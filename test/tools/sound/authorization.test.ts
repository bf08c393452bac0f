import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { callFail, callOk, startSound } from './helpers.js';

const SHUFFLE = 3;

async function shuffle(show: { call: (n: string, a?: Record<string, unknown>) => Promise<any> }): Promise<number> {
  const s = await show.call('sound_get_device_state');
  return s.controls.find((c: { index: number }) => c.index === SHUFFLE).mcp_value;
}

test('confirm flow: the first call previews and changes nothing; the confirming call runs once', async (t) => {
  const show = await startSound(t);
  const depth = show.app.engine.history.undoDepth;
  const preview = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 32 }] });
  assert.equal(preview.ok, false);
  assert.equal(preview.status, 'confirmation_required');
  assert.equal(preview.command, 'set 3 0.25');
  assert.equal(preview.guard.kind, 'selection_token');
  assert.match(preview.confirmation.token, /^[0-9a-f]{64}$/);
  assert.match(preview.summary, /Shuffle \(3\) 0 % → 32\/128/);
  assert.deepEqual(preview.preview.changes[0].from, { mcp_value: 0, value: 0, display: '0 %' });
  assert.equal(preview.authorization, undefined, 'nothing was authorized');
  assert.equal(await shuffle(show), 0, 'a preview changes nothing');
  assert.equal(show.app.engine.history.undoDepth, depth);

  const done = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 32 }], confirmation_token: preview.confirmation.token });
  assert.equal(done.ok, true);
  assert.equal(done.status, 'completed');
  assert.equal(done.authorization, 'confirmed');
  assert.equal(done.retry_performed, false);
  assert.equal(done.native.value, 0.25, 'the native reply is kept whole');
  assert.deepEqual(done.controls, [{ index: 3, name: 'Shuffle', mcp_value: 32, value: 0.25, display: '25 %' }]);
  assert.equal(show.app.engine.history.undoDepth, depth + 1, 'one undo step');
  // A token works once.
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: SHUFFLE, value: 32 }], confirmation_token: preview.confirmation.token }),
    /^stale: .*unknown, already used or expired/,
  );
});

test('a stale confirmation is refused: another writer changed the bound state between preview and confirm', async (t) => {
  const show = await startSound(t);
  const other = await show.other();
  // Bound to the selection token: another writer selects another device.
  const preview = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 96 }] });
  await other.request('track 3');
  const err = await show.callError('sound_set_controls', { controls: [{ index: SHUFFLE, value: 96 }], confirmation_token: preview.confirmation.token });
  assert.match(err, /^stale: the selection token changed since the preview/);
  await other.request('track 6'); // back to the Lead
  assert.equal(await shuffle(show), 0, 'nothing was written');

  // Bound to the graph revision: another writer edits the graph.
  const g = await show.call('grid_get_state');
  const cutoffNode = g.native.modules.find((m: { name: string }) => m.name === 'Low-pass LD');
  const p2 = await show.call('grid_set_parameter', { kind: 'module', node_id: cutoffNode.id, parameter_id: 'CUTOFF', value: 0.3 });
  assert.equal(p2.guard.kind, 'graph_revision');
  assert.equal(p2.guard.value, g.native.revision);
  await other.request(`graph-set ${cutoffNode.id} ${Buffer.from('RESONANCE').toString('base64url')} 0.5`);
  assert.match(
    await show.callError('grid_set_parameter', {
      kind: 'module',
      node_id: cutoffNode.id,
      parameter_id: 'CUTOFF',
      value: 0.3,
      confirmation_token: p2.confirmation.token,
    }),
    /^stale: the graph revision changed/,
  );

  // Bound to the project token: another writer changes the tempo.
  const p3 = await show.call('song_control_transport', { operation: 'tempo', bpm: 100 });
  const token = ((await other.request('song-state')) as { project_token: string }).project_token;
  await other.request(`song-transport-tempo ${token} 101`);
  assert.match(
    await show.callError('song_control_transport', { operation: 'tempo', bpm: 100, confirmation_token: p3.confirmation.token }),
    /^stale: the project token changed/,
  );
  assert.equal(((await show.call('song_get_state')).native.transport as { tempo: number }).tempo, 101);

  // Bound to the history: another step lands before the confirmed undo.
  const p4 = await show.call('sound_undo');
  assert.match(p4.summary, /Tempo|tempo/);
  await other.request('set 3 0.75');
  assert.match(await show.callError('sound_undo', { confirmation_token: p4.confirmation.token }), /^stale: the history changed/);
});

test('a confirmation token binds to its tool, its exact arguments and its MCP session', async (t) => {
  const show = await startSound(t);
  const preview = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 10 }] });
  const token = preview.confirmation.token;
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: SHUFFLE, value: 11 }], confirmation_token: token }),
    /^invalid_argument: .*different arguments/,
  );
  assert.match(await show.callError('sound_undo', { confirmation_token: token }), /^invalid_argument: .*issued by sound_set_controls/);
  const second = await show.connect('second-agent');
  assert.match(
    await callFail(second, 'sound_set_controls', { controls: [{ index: SHUFFLE, value: 10 }], confirmation_token: token }),
    /^invalid_argument: .*another MCP session/,
  );
  // The refusals above did not consume it.
  const done = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 10 }], confirmation_token: token });
  assert.equal(done.status, 'completed');
  assert.match(await show.callError('sound_set_controls', { controls: [{ index: SHUFFLE, value: 10 }], confirmation_token: 'f'.repeat(64) }), /^stale: /);
});

test('cooperative grant: writes run at once while it is on; revoking it brings the preview back', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  assert.equal((await show.call('sound_get_status')).cooperative, true);
  const done = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 64 }] });
  assert.equal(done.status, 'completed');
  assert.equal(done.authorization, 'cooperative');
  assert.equal(done.guard.source, 'fresh_read');
  assert.match(done.notes[0], /selection_token was not given/);
  show.cooperative(false);
  const preview = await show.call('sound_set_controls', { controls: [{ index: SHUFFLE, value: 0 }] });
  assert.equal(preview.status, 'confirmation_required');
  assert.equal(await shuffle(show), 64);
});

test("the operator's read-only switch refuses every sound write, previews included; reads still work", async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  show.app.services.policy.agentsReadOnly = true;
  assert.match(
    await show.callError('sound_set_controls', { controls: [{ index: SHUFFLE, value: 1 }] }),
    /^invalid_argument: the operator has set agents to read-only/,
  );
  assert.equal((await show.call('song_get_state')).ok, true);
  assert.equal(await shuffle(show), 0);
});

test('elicitation: a 2025-era client that declares it is asked; accept runs the write, decline changes nothing', async (t) => {
  const show = await startSound(t);
  const answers: boolean[] = [true, false];
  const asked: string[] = [];
  const client = new Client(
    { name: 'human-in-the-loop', version: '1' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(String(request.params.message));
    return { action: 'accept', content: { approve: answers.shift() ?? false } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(show.url)));
  t.after(() => client.close());
  const accepted = await callOk(client, 'sound_set_controls', { controls: [{ index: SHUFFLE, value: 128 }] });
  assert.equal(accepted.status, 'completed');
  assert.equal(accepted.authorization, 'elicited');
  assert.match(asked[0], /Shuffle \(3\) 0 % → 128\/128/);
  assert.match(asked[0], /Protocol-3 command: set 3 1/);
  const declined = await callOk(client, 'sound_set_controls', { controls: [{ index: SHUFFLE, value: 0 }] });
  assert.equal(declined.status, 'declined');
  assert.equal(declined.ok, false);
  assert.equal(await shuffle(show), 128, 'the declined write was not sent');
});
