// `__proto__` and `constructor` are both unknown argument keys: refused, never silently dropped,
// on MCP (a tool's arguments, an apply_operations batch's nested args, spelled with an escape)
// and the console API. Nothing changes, history included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { baseOf } from '../console/helpers.js';
import { fingerprint, RawMcp } from './helpers.js';

const FADER = '/lx/mixer/channel/1/fader';

async function post(url: string, text: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  return { status: res.status, text: await res.text() };
}

test('__proto__ and constructor are refused as unknown keys on every surface; nothing changes', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const mcp = new RawMcp(show.url);
  await mcp.initialize();
  const before = await fingerprint(show.app);
  const call = (args: string): string => `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"set_parameter","arguments":${args}}}`;
  const batch = (inner: string): string =>
    `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"apply_operations","arguments":{"operations":[{"tool":"set_parameter","args":${inner}}]}}}`;
  for (const key of ['__proto__', '\\u005f_proto__']) {
    for (const text of [call(`{"path":"${FADER}","value":0.3,"${key}":{"x":1}}`), batch(`{"path":"${FADER}","value":0.3,"${key}":{}}`)]) {
      const r = await post(show.url, text, mcp.headers());
      assert.equal(r.status, 400, text);
      assert.match(r.text, /unknown argument \\"__proto__\\"/);
    }
  }
  for (const text of [call(`{"path":"${FADER}","value":0.3,"constructor":{}}`), batch(`{"path":"${FADER}","value":0.3,"constructor":1}`)]) {
    const r = await post(show.url, text, mcp.headers());
    assert.equal(r.status, 200);
    assert.match(r.text, /invalid_argument: [^"]*unknown argument \\"constructor\\"/);
  }
  const api = await post(`${base}/api/parameter`, `{"path":"${FADER}","value":0.3,"__proto__":{"value":1}}`, {});
  assert.equal(api.status, 400);
  assert.match(api.text, /"error":"invalid_argument".*__proto__/);
  assert.equal(await fingerprint(show.app), before, 'nothing changed, history included');
});
