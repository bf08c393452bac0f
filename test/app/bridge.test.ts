import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startShow } from '../helpers/show.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

test('footlight bridge relays a stdio MCP client to the HTTP endpoint (Claude Desktop setup)', async (t) => {
  const show = await startShow(t);
  const client = new Client({ name: 'desktop-like', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'bridge', '--url', show.url],
      env: { ...process.env, FOOTLIGHT_HOME: show.home } as Record<string, string>,
    }),
  );
  t.after(() => client.close());
  assert.match(client.getInstructions() ?? '', /Discover, never guess/);
  const set = await client.callTool({ name: 'set_parameter', arguments: { path: '/lx/mixer/channel/1/fader', value: 0.3 } });
  assert.equal((set.structuredContent as { parameter: { value: number } }).parameter.value, 0.3);
  const history = await show.call('get_history');
  assert.equal(history.steps[0].client, 'desktop-like');
});
