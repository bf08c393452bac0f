import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProtocolError } from '@modelcontextprotocol/client';
import { startShow } from '../helpers/show.js';
import { Channel } from '../../src/light/mixer/channel.js';

test('resources: the agent guide and the live structure summary', async (t) => {
  const show = await startShow(t);
  const { resources } = await show.client.listResources();
  assert.deepEqual(resources.map((r) => r.uri).sort(), [
    'footlight://guide',
    'footlight://light/structure',
    'footlight://tool-schema-shared',
    'ui://footlight/preview',
  ]);
  const guide = await show.client.readResource({ uri: 'footlight://guide' });
  assert.match((guide.contents[0] as { text: string }).text, /visibility chain/);
  const structure = JSON.parse(((await show.client.readResource({ uri: 'footlight://light/structure' })).contents[0] as { text: string }).text);
  assert.equal(structure.channels.length, 2);
  assert.equal(typeof structure.structureRevision, 'number');
});

test('resources: a subscribed session is told when the structure changes', async (t) => {
  const show = await startShow(t);
  const updates: string[] = [];
  show.client.setNotificationHandler('notifications/resources/updated', (n) => {
    updates.push(n.params.uri);
  });
  await show.client.subscribeResource({ uri: 'footlight://light/structure' });
  await show.app.engine.queue.submit(() => show.app.light.mixer.channels.insert(new Channel('Late')));
  const until = Date.now() + 3000;
  while (updates.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(updates, ['footlight://light/structure']);
});

test('prompts: listed and rendered with their arguments', async (t) => {
  const show = await startShow(t);
  const { prompts } = await show.client.listPrompts();
  assert.deepEqual(prompts.map((p) => p.name).sort(), ['build_a_look', 'mix_a_track', 'review_my_changes', 'set_a_parameter', 'why_is_it_dark']);
  const p = await show.client.getPrompt({ name: 'build_a_look', arguments: { description: 'amber wash' } });
  assert.match((p.messages[0].content as { text: string }).text, /amber wash.*apply_operations/s);
});

test("resources: a tool's full schemas", async (t) => {
  const show = await startShow(t);
  const read = await show.client.readResource({ uri: 'footlight://tool-schema/get_tempo' });
  const schema = JSON.parse((read.contents[0] as { text: string }).text);
  assert.equal(schema.outputSchema.properties.bpm.properties.path.type, 'string', 'the full schema keeps nested shapes');
  const listed = (await show.client.listTools()).tools.find((x) => x.name === 'get_tempo');
  assert.deepEqual((listed!.outputSchema!.properties as Record<string, unknown>).bpm, { type: 'object' }, 'tools/list declares one level');
  await assert.rejects(show.client.readResource({ uri: 'footlight://tool-schema/nope' }), /no tool named "nope"/);
});

test('defect 10: a resource read that names nothing is −32602 with the uri (resource not found), not −32603; on both protocol eras', async (t) => {
  const show = await startShow(t);
  const modern = await show.connect('resources-modern', 'auto');
  // A miss is the SDK's resource-not-found (data: exactly the uri); a malformed path is Invalid Params with its code.
  const misses: [string, RegExp, Record<string, unknown>][] = [
    ['footlight://tool-schema/nope', /^not_found: no tool named "nope"/, {}],
    ['footlight://light/lx/mixer/channel/99/fader', /^not_found: /, {}],
    ['footlight://light/nowhere', /^invalid_argument: /, { code: 'invalid_argument' }],
  ];
  for (const client of [show.client, modern]) {
    for (const [uri, message, data] of misses) {
      await assert.rejects(client.readResource({ uri }), (err: unknown) => {
        assert.ok(err instanceof ProtocolError, String(err));
        assert.equal(err.code, -32602, `${uri}: ${err.message}`);
        assert.deepEqual(err.data, { uri, ...data });
        assert.match(err.message, message);
        return true;
      });
    }
  }
  // The server answers afterwards.
  await show.client.readResource({ uri: 'footlight://light/lx/mixer/channel/1/fader' });
});
