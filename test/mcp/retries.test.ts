import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';

const channels = (show: Awaited<ReturnType<typeof startShow>>): number => show.app.light.mixer.channels.items.length;

test('retry key: the same add with the same request_id runs once and says the reply is replayed; undo restores', async (t) => {
  const show = await startShow(t);
  const before = channels(show);
  const args = { class: 'Solid', label: 'Wash', request_id: 'a1b2' };
  const first = await show.client.callTool({ name: 'add_channel', arguments: args });
  const again = await show.client.callTool({ name: 'add_channel', arguments: args });
  assert.notEqual(first.isError, true);
  assert.equal(channels(show), before + 1, 'one channel, not two');
  assert.deepEqual(again.structuredContent, first.structuredContent, 'the first reply, as it was');
  assert.equal((again.content as { text: string }[])[0].text, JSON.stringify(first.structuredContent));
  assert.match((again.content as { text: string }[])[1].text, /^replayed: request_id "a1b2" already ran in this session; .*nothing was done again/);
  assert.equal((first.content as unknown[]).length, 1, 'the first reply carries no note');
  assert.equal((await show.call('get_history')).steps.length, 1);

  // The id reused for a different call: refused, nothing changed, history included.
  const reused = await show.callError('add_channel', { class: 'Noise', request_id: 'a1b2' });
  assert.match(reused, /^invalid_argument: request_id "a1b2" was already used for a different add_channel call in this session, so nothing was done/);
  assert.equal(channels(show), before + 1);
  assert.equal((await show.call('get_history')).steps.length, 1);
  for (const bad of ['', 'a b', '../x', 'x'.repeat(129), '\ud800']) {
    assert.match(await show.callError('add_channel', { request_id: bad }), /^invalid_argument: request_id: 1 to 128 letters, digits or/);
  }
  assert.equal(channels(show), before + 1, 'bad ids changed nothing');

  // undo with a retry key undoes once however often it is resent.
  await show.call('undo', { request_id: 'u1' });
  await show.call('undo', { request_id: 'u1' });
  assert.equal(channels(show), before, 'undone once');
  assert.equal((await show.call('redo')).changed, true, 'the add is still redoable: the second undo did not run');
  await show.call('undo');
  assert.equal(channels(show), before);

  // Another session's id is its own; without an id every call runs.
  const other = await show.connect('other');
  const r = await other.callTool({ name: 'add_channel', arguments: args });
  assert.equal((r.content as unknown[]).length, 1, 'not a replay in another session');
  assert.equal(channels(show), before + 1);
  await show.call('add_channel', { class: 'Solid' });
  await show.call('add_channel', { class: 'Solid' });
  assert.equal(channels(show), before + 3);
});

test('retry key: a failed first call is forgotten, so the same id runs when resent', async (t) => {
  const show = await startShow(t);
  const before = channels(show);
  assert.match(await show.callError('add_channel', { class: 'NoSuchPattern', request_id: 'x' }), /^(not_found|invalid_argument): /);
  assert.equal(channels(show), before);
  assert.match(
    await show.callError('add_channel', { class: 'NoSuchPattern', request_id: 'x' }),
    /^(not_found|invalid_argument): /,
    'a failure is not replayed as a success',
  );
  await show.call('add_channel', { class: 'Solid', request_id: 'y' });
  assert.equal(channels(show), before + 1);
});

test('retry key: offered on every non-idempotent write, not on reads or idempotent writes', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const tools = (await show.client.listTools()).tools;
  const has = (name: string): boolean => 'request_id' in ((tools.find((x) => x.name === name)?.inputSchema.properties ?? {}) as object);
  for (const name of [
    'add_channel',
    'add_modulator',
    'save_swatch',
    'copy_channel',
    'duplicate_fixture',
    'wire_modulation',
    'add_snapshot',
    'undo',
    'apply_operations',
  ])
    assert.ok(has(name), name);
  for (const name of ['get_status', 'set_parameter', 'move_channel', 'get_frame']) assert.ok(!has(name), name);
});

test("defect 6: on the 2026-07-28 era a retry key is the client's own: another client reusing it runs its own call", async (t) => {
  const show = await startShow(t);
  const first = await show.connect('agent-one', 'auto');
  const second = await show.connect('agent-two', 'auto');
  const before = channels(show);
  const args = { class: 'Solid', label: 'Shared id', request_id: 'same-id-1' };
  const a = await first.callTool({ name: 'add_channel', arguments: args });
  const b = await second.callTool({ name: 'add_channel', arguments: args });
  assert.notEqual(a.isError, true);
  assert.notEqual(b.isError, true);
  assert.equal((b.content as unknown[]).length, 1, "the second client was not given the first one's reply");
  assert.equal(channels(show), before + 2, 'both adds ran');
  assert.notDeepEqual(b.structuredContent, a.structuredContent);
  // The first client's own resend is still a replay.
  const again = await first.callTool({ name: 'add_channel', arguments: args });
  assert.match((again.content as { text: string }[])[1].text, /^replayed: /);
  assert.equal(channels(show), before + 2);
  const history = await show.call('get_history');
  assert.equal(history.steps.length, 2);
});
