import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, callOk } from '../helpers/show.js';

test('find_tools: small surface → find → toolset enabled → tools/list_changed → call the hidden tool → undo', async (t) => {
  const show = await startShow(t);
  const changes: string[] = [];
  show.client.setNotificationHandler('notifications/tools/list_changed', (n) => {
    changes.push(n.method);
  });
  const before = (await show.client.listTools()).tools.map((x) => x.name);
  assert.ok(!before.includes('add_modulator') && !before.includes('wire_modulation'));
  const historyBefore = await show.call('get_history');

  const found = await show.call('find_tools', { task: 'wire an LFO' });
  const names = found.tools.map((x: { name: string }) => x.name);
  assert.ok(names.includes('wire_modulation') && names.includes('add_modulator'), names.join(', '));
  assert.deepEqual(found.enabled, ['modulation']);
  // The best match carries its description and schema; the rest a title and a one-line purpose.
  assert.equal(found.tools[0].inputSchema.type, 'object');
  assert.ok(found.tools.slice(1).every((x: { inputSchema?: unknown; description?: unknown }) => x.inputSchema === undefined && x.description === undefined));
  assert.ok(found.tools.every((x: { purpose: string }) => x.purpose.length > 0 && x.purpose.length <= 201 && !x.purpose.includes('\n')));
  const schemas = await show.call('find_tools', { task: 'wire an LFO', schemas: 6 });
  assert.ok(JSON.stringify(found).length * 2 < JSON.stringify(schemas).length, `${JSON.stringify(found).length} vs ${JSON.stringify(schemas).length}`);
  const add = schemas.tools.find((x: { name: string }) => x.name === 'add_modulator');
  assert.equal(add.inputSchema.type, 'object');
  assert.ok('class' in add.inputSchema.properties);
  assert.equal(add.readOnly, false);
  assert.equal(
    add.purpose,
    'Adds a modulator of a library class (`class`: full, simple or display name from list_available_modulators, e.g. "LFO", "Env", "Knobs") and starts it.',
  );
  const until = Date.now() + 3000;
  while (changes.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(changes, ['notifications/tools/list_changed']);
  const after = (await show.client.listTools()).tools.map((x) => x.name);
  assert.ok(after.includes('add_modulator') && after.includes('wire_modulation') && after.includes('list_modulations'));
  assert.ok(!after.includes('add_fixture'), 'only the found toolsets are listed');
  // Finding and listing changed nothing in the show.
  assert.deepEqual(await show.call('get_history'), historyBefore);

  const made = await show.call('add_modulator', { class: 'LFO' });
  assert.match(made.modulator.path, /^\/lx\/modulation\//);
  assert.equal((await show.call('list_modulations')).modulators.length, 1);
  await show.call('undo');
  assert.equal((await show.call('list_modulations')).modulators.length, 0);
  const historyAfter = await show.call('get_history');
  assert.deepEqual(historyAfter.steps, historyBefore.steps);
  assert.equal(historyAfter.redo[0].label, 'Add LFO');

  // The same find again lists nothing new and sends no second notification.
  assert.deepEqual((await show.call('find_tools', { task: 'wire an LFO' })).enabled, []);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(changes.length, 1);
});

test('find_tools: the example tasks find their tools; nothing matching lists every toolset', async (t) => {
  const show = await startShow(t);
  const first = async (task: string): Promise<string[]> => (await show.call('find_tools', { task, enable: false })).tools.map((x: { name: string }) => x.name);
  assert.ok((await first('song import')).slice(0, 2).includes('song_import_plan'));
  assert.ok((await first('grid patch')).slice(0, 3).some((n) => n.startsWith('grid_') && n.includes('patch')));
  assert.ok((await first('add a fixture')).slice(0, 2).includes('add_fixture'));
  const none = await show.call('find_tools', { task: 'zzqx' });
  assert.deepEqual(none.tools, []);
  assert.ok(none.toolsets.some((s: { id: string }) => s.id === 'grid'));
  assert.deepEqual((await show.client.listTools()).tools.length <= 30, true, 'enable: false listed nothing');
});

test('find_tools: a hidden tool called by name works and is listed from then on; a 2026-era client can call it too', async (t) => {
  const show = await startShow(t);
  const made = await show.call('add_channel', {});
  assert.ok(made.channel.path);
  assert.ok((await show.client.listTools()).tools.some((x) => x.name === 'add_channel'));
  await show.call('undo');
  const modern = await show.connect('modern-agent', 'auto');
  const listed = (await modern.listTools()).tools.map((x) => x.name);
  assert.ok(!listed.includes('list_fixtures'));
  const fixtures = await callOk(modern, 'list_fixtures');
  assert.ok(Array.isArray(fixtures.fixtures));
});
