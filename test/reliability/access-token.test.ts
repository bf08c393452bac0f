import { upgradeStatus } from '../helpers/ws-upgrade.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startShow, type TestShow } from '../helpers/show.js';
import { chromiumMissing, launch, openConsole } from '../console/browser.js';

declare const window: { __footlight: { preview?: { lastFrame: number } } };

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const FADER = '/lx/mixer/channel/1/fader';

/** A show bound to every interface (0.0.0.0); every request below still goes to 127.0.0.1. */
const exposed = (t: Parameters<typeof startShow>[0]) => startShow(t, { host: '0.0.0.0' });

async function http(show: TestShow, path: string, init: RequestInit = {}): Promise<{ status: number; body: any; auth: string | null }> {
  const res = await fetch(new URL(path, show.url), init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a static file
  }
  return { status: res.status, body, auth: res.headers.get('www-authenticate') };
}

const setFader = (value: number) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'set_parameter', arguments: { path: FADER, value } },
});

/** A WebSocket upgrade of `path` by hand, as the console's page would send it; the reply's status code. */
const upgrade = (port: number, path: string): Promise<number> => upgradeStatus(port, path, { Host: `127.0.0.1:${port}` });

/** The token with its last character changed: same length, so only the comparison can refuse it. */
const oneOff = (token: string): string => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

async function observed(show: TestShow): Promise<{ value: number; depth: number }> {
  const value = (await show.call('get_parameter', { path: FADER })).parameter.value;
  return { value, depth: (await show.call('get_history', {})).undoDepth };
}

test('beyond loopback: a generated token, in status.json (owner-only) and the Connect info', async (t) => {
  const show = await exposed(t);
  const token = show.app.http.accessToken;
  assert.match(token ?? '', /^[A-Za-z0-9_-]{43}$/, '256 random bits, base64url');
  const status = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.equal(status.accessToken, token);
  assert.equal((await stat(join(show.home, 'status.json'))).mode & 0o777, 0o600);
  const connectInfo = await http(show, '/api/connect', { headers: { authorization: `Bearer ${token}` } });
  assert.equal(connectInfo.status, 200);
  assert.equal(connectInfo.body.accessToken, token);
  assert.match(connectInfo.body.consoleUrl, new RegExp(`#token=${token}$`));
  for (const c of connectInfo.body.clients) assert.ok(c.text.includes(token), `${c.name} sends the token`);
});

test('beyond loopback: a missing or wrong token is refused with 401 and a clear message, and nothing changes', async (t) => {
  const show = await exposed(t);
  const before = await observed(show);
  const post = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } };
  const attempts: [string, Record<string, string>, RegExp][] = [
    ['no token', {}, /needs its access token: send Authorization: Bearer <token>/],
    ['a wrong token', { authorization: 'Bearer not-the-token' }, /wrong access token/],
    ['a token of the right length, one character off', { authorization: `Bearer ${oneOff(show.app.http.accessToken!)}` }, /wrong access token/],
    ['another scheme', { authorization: `Basic ${show.app.http.accessToken}` }, /needs its access token/],
  ];
  for (const [what, headers, message] of attempts) {
    const mcp = await http(show, '/mcp', { ...post, headers: { ...post.headers, ...headers }, body: JSON.stringify(setFader(0.9)) });
    assert.equal(mcp.status, 401, `/mcp with ${what}`);
    assert.equal(mcp.body.error, 'unauthorized');
    assert.match(mcp.body.message, message, what);
    assert.match(mcp.auth ?? '', /^Bearer /);
    const api = await http(show, '/api/parameter', { ...post, headers: { ...post.headers, ...headers }, body: JSON.stringify({ path: FADER, value: 0.9 }) });
    assert.equal(api.status, 401, `console API with ${what}`);
    assert.equal((await http(show, '/api/state', { headers })).status, 401, `console state with ${what}`);
  }
  const port = show.app.http.port;
  assert.equal(await upgrade(port, '/ws'), 401, 'the console WebSocket without a token');
  assert.equal(await upgrade(port, '/ws?access_token=wrong'), 401, 'the console WebSocket with a wrong token');
  assert.deepEqual(await observed(show), before, 'no value changed and no undo step was added');
});

test('beyond loopback: the right token works — MCP do, undo, the console API and its WebSocket', async (t) => {
  const show = await exposed(t);
  const token = show.app.http.accessToken!;
  const before = await observed(show);
  // show.client sends the token (test/helpers/show.ts): an SDK client over real HTTP.
  await show.call('set_parameter', { path: FADER, value: 0.42 });
  assert.equal((await observed(show)).value, 0.42);
  await show.call('undo', {});
  assert.deepEqual(await observed(show), before);
  const state = await http(show, '/api/state', { headers: { authorization: `Bearer ${token}` } });
  assert.equal(state.status, 200);
  assert.equal(await upgrade(show.app.http.port, `/ws?access_token=${token}`), 101);
});

test('beyond loopback: /health and the console page load without the token (they read nothing of the show)', async (t) => {
  const show = await exposed(t);
  assert.equal((await http(show, '/health')).status, 200);
  const page = await http(show, '/');
  assert.equal(page.status, 200);
  assert.match(String(page.body), /<html/i);
});

test('beyond loopback: the stdio bridge sends the token it finds in status.json', async (t) => {
  const show = await exposed(t);
  const client = new Client({ name: 'bridged', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'bridge'],
      env: { ...process.env, FOOTLIGHT_HOME: show.home } as Record<string, string>,
    }),
  );
  t.after(() => client.close());
  const got = await client.callTool({ name: 'get_parameter', arguments: { path: FADER } });
  assert.equal(got.isError, undefined, JSON.stringify(got.content).slice(0, 300));
});

test('loopback is unaffected: no token, none in status.json, requests need no header', async (t) => {
  const show = await startShow(t);
  assert.equal(show.app.http.accessToken, undefined);
  const status = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.equal('accessToken' in status, false);
  assert.equal((await http(show, '/api/state')).status, 200);
  const connectInfo = await http(show, '/api/connect');
  assert.equal(connectInfo.body.accessToken, undefined);
  assert.equal(await upgrade(show.app.http.port, '/ws'), 101);
});

const noChromium = chromiumMissing();

test('beyond loopback: the console opened from its #token link sends the token on its WebSocket and API', { skip: noChromium }, async (t) => {
  const show = await startShow(t, { host: '0.0.0.0', realtime: true });
  const token = show.app.http.accessToken!;
  const browser = await launch();
  t.after(() => browser.close());
  const { page, problems } = await openConsole(browser, show.url.replace(/\/mcp$/, ''), undefined, `#token=${token}`);
  // The channel strips and preview frames arrive over the WebSocket, which needs the token.
  await page.waitForSelector('[data-channel="/lx/mixer/channel/2"]');
  await page.waitForFunction(() => (window.__footlight.preview?.lastFrame ?? -1) >= 0, undefined, { timeout: 10_000 });
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  // The Connect dialog comes from the console API, which needs the token too; it shows the token.
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.waitForSelector('.access-token');
  assert.match(await page.locator('.access-token').innerText(), new RegExp(token));
  assert.deepEqual(problems, []);
});
