// JSON nested 10,000 deep (20 kB) on every JSON surface: the MCP endpoint (a raw body and as tool
// arguments), the console API, the console WebSocket, and the project files MCP, the console and
// protocol 3 load. Each answers a JSON client error naming the bound, the server stays up, and
// the show and its history are unchanged.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import WebSocket from 'ws';
import { MAX_JSON_DEPTH } from '../../src/engine/client-json.js';
import { openProjectFile } from '../../src/light/show/project/project-file.js';
import { readProjectFile } from '../../src/sound/model/project-file.js';
import { FootlightError } from '../../src/engine/errors.js';
import { startShow, tempHome } from '../helpers/show.js';
import { api, baseOf } from '../console/helpers.js';
import { fingerprint, RawMcp } from './helpers.js';

const DEEP = 10_000;
const deepArray = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

async function postRaw(url: string, text: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  const t = await res.text();
  return { status: res.status, body: JSON.parse(t) };
}

test('deep nesting: MCP, the console API and the WebSocket refuse it with a JSON 4xx; nothing changes', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const before = await fingerprint(show.app);
  const mcp = new RawMcp(show.url);
  await mcp.initialize();
  for (const text of [
    deepArray(DEEP),
    deepObject(DEEP),
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"set_parameter",' +
      `"arguments":{"path":"/lx/mixer/channel/1/fader","value":${deepArray(DEEP)}}}}`,
  ]) {
    for (const headers of [mcp.headers(), { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }]) {
      const r = await postRaw(show.url, text, headers);
      assert.equal(r.status, 400, text.slice(0, 40));
      assert.match(r.body.error.message, new RegExp(`deeper than ${MAX_JSON_DEPTH}`));
    }
  }
  // Just under the bound is parsed as usual (and refused by the tool's schema, not by the bound).
  const shallow = await mcp.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: JSON.parse(deepArray(MAX_JSON_DEPTH - 8)) });
  assert.equal(shallow.status, 200);
  assert.match(shallow.result.content[0].text, /^invalid_argument/);
  for (const text of [deepArray(DEEP), `{"path":"/lx/mixer/channel/1/fader","value":${deepObject(DEEP)}}`]) {
    const r = await postRaw(`${base}/api/parameter`, text, {});
    assert.equal(r.status, 400);
    assert.equal(r.body.error, 'invalid_argument');
    assert.match(r.body.message, /deeper than/);
  }
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const replies: any[] = [];
  ws.on('message', (d) => replies.push(JSON.parse(d.toString())));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(deepArray(7000)); // 14 kB: the socket's messages are at most 16 kB
  const deadline = Date.now() + 5000;
  while (!replies.some((m) => m.type === 'error') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const err = replies.find((m) => m.type === 'error');
  assert.equal(err?.error, 'invalid_argument');
  assert.match(err.message, /deeper than/);
  ws.close();
  assert.equal((await api(base, '/api/history')).status, 200, 'the server still answers');
  assert.equal(await fingerprint(show.app), before);
});

test('deep nesting: light and sound project files nested too deep are refused invalid_argument', async (t) => {
  const dir = await tempHome(t);
  const lxp = join(dir, 'deep.lxp');
  const sound = join(dir, 'deep.json');
  await writeFile(lxp, deepObject(DEEP));
  await writeFile(sound, deepObject(DEEP));
  const show = await startShow(t);
  await assert.rejects(
    openProjectFile(lxp, show.app.services.light.registry),
    (e) => e instanceof FootlightError && e.code === 'invalid_argument' && /deeper than/.test(e.message),
  );
  await assert.rejects(readProjectFile(sound), (e) => e instanceof FootlightError && e.code === 'invalid_argument' && /deeper than/.test(e.message));
});
