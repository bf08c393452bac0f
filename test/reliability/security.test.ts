// Security of the HTTP surface and of file paths: every route (MCP, the console API, the
// WebSocket upgrade, /osc-params, /health, the page's static files, unknown paths) refuses every
// foreign Host and Origin a DNS-rebinding page, another local server's page (a foreign port or
// scheme, a numeric spelling of loopback) or a confused client can send, and nothing changes;
// static paths cannot climb out of the page's folder; the console's save writes only the file it
// names (never through a symlink, never over a file without confirmation); binding a non-loopback
// address warns for each listening surface. (test/mcp/session.test.ts and test/console/api.test.ts
// check one or two routes each; this file is the whole matrix.)
import { upgradeStatus } from '../helpers/ws-upgrade.js';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLogger } from '../../src/engine/log.js';
import { startShow, tempHome } from '../helpers/show.js';
import { fingerprint } from './helpers.js';

interface RouteCase {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

const FADER = '/lx/mixer/channel/1/fader';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'evil', version: '1' } },
};
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** Every HTTP route, with a body that would change the show if it were accepted. */
function routes(savePath: string): RouteCase[] {
  return [
    { method: 'POST', path: '/mcp', body: INIT, headers: MCP_HEADERS },
    { method: 'GET', path: '/mcp', headers: { accept: 'text/event-stream' } },
    { method: 'DELETE', path: '/mcp', headers: { 'mcp-session-id': 'x' } },
    { method: 'GET', path: '/health' },
    { method: 'GET', path: '/osc-params' },
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/index.html' },
    { method: 'GET', path: '/app.js' },
    { method: 'GET', path: '/app.css' },
    { method: 'GET', path: '/no/such/page' },
    { method: 'GET', path: '/api/state' },
    { method: 'GET', path: `/api/component?path=${encodeURIComponent('/lx/mixer')}` },
    { method: 'GET', path: `/api/parameter?path=${encodeURIComponent(FADER)}` },
    { method: 'GET', path: '/api/history' },
    { method: 'GET', path: '/api/activity' },
    { method: 'GET', path: '/api/policy' },
    { method: 'GET', path: '/api/connect' },
    { method: 'POST', path: '/api/parameter', body: { path: FADER, value: 0.11 } },
    { method: 'POST', path: '/api/tools/fire_trigger', body: { path: '/lx/tempo/tap' } },
    { method: 'POST', path: '/api/tools/add_pattern', body: { containerPath: '/lx/mixer/channel/1', class: 'Solid' } },
    { method: 'POST', path: '/api/tools/remove_pattern', body: { path: '/lx/mixer/channel/1/pattern/1' } },
    { method: 'POST', path: '/api/tools/move_pattern', body: { path: '/lx/mixer/channel/1/pattern/1', index: 0 } },
    { method: 'POST', path: '/api/tools/activate_pattern', body: { path: '/lx/mixer/channel/1/pattern/1' } },
    { method: 'POST', path: '/api/tools/undo', body: {} },
    { method: 'POST', path: '/api/tools/redo', body: {} },
    { method: 'POST', path: '/api/policy', body: { agentsReadOnly: true, soundCooperative: true } },
    { method: 'POST', path: '/api/save', body: { path: savePath, overwrite: true } },
    { method: 'POST', path: '/api/sound/transport', body: { action: 'tempo', bpm: 99 } },
    { method: 'POST', path: '/api/sound/track', body: { index: 1, muted: true } },
    { method: 'POST', path: '/api/sound/control', body: { index: 1, value: 0.9 } },
    { method: 'POST', path: '/api/sound/device', body: { navigate: 'next' } },
    { method: 'POST', path: '/api/sound/save', body: { dir: join(savePath, '..', 'sound') } },
  ];
}

/** Header sets a browser on a foreign page, or a confused client, can send. `port` is the bound port. */
function spoofs(port: number): Record<string, string>[] {
  const ok = `127.0.0.1:${port}`;
  return [
    { host: 'evil.example' },
    { host: `evil.example:${port}` },
    { host: `127.0.0.1.evil.example:${port}` },
    { host: `localhost.evil.example:${port}` },
    { host: `0.0.0.0:${port}` },
    { host: `192.168.1.20:${port}` },
    { host: '' },
    { host: ok, origin: 'http://evil.example' },
    { host: ok, origin: `http://evil.example:${port}` },
    { host: ok, origin: 'null' },
    { host: ok, origin: `http://127.0.0.1.evil.example:${port}` },
    { host: ok, origin: `https://localhost.evil.example:${port}` },
    { host: ok, origin: 'file://' },
    { host: ok, origin: 'not a url' },
    { host: `localhost:${port}`, origin: 'http://[::ffff:7f00:1]' },
    // Origin means scheme, host and port: another local server's page, https, numeric spellings.
    { host: ok, origin: 'http://localhost:9999' },
    { host: ok, origin: `http://127.0.0.1:${port + 1}` },
    { host: ok, origin: 'http://127.0.0.1' },
    { host: ok, origin: `https://127.0.0.1:${port}` },
    { host: ok, origin: `ws://127.0.0.1:${port}` },
    { host: ok, origin: 'http://2130706433' },
    { host: ok, origin: `http://2130706433:${port}` },
    { host: ok, origin: `http://0x7f000001:${port}` },
    { host: ok, origin: `http://127.1:${port}` },
    { host: ok, origin: `http://0177.0.0.1:${port}` },
    { host: ok, origin: `http://[::ffff:127.0.0.1]:${port}` },
    { host: ok, origin: `http://127.0.0.1:0${port}` },
    { host: ok, origin: `http://127.0.0.1:${port}/` },
  ];
}

function send(port: number, c: RouteCase, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const all: Record<string, string> = { ...(c.headers ?? {}), ...headers };
    if (body !== undefined) all['content-type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, path: c.path, method: c.method, headers: all, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An HTTP/1.0 request without any Host header. */
function hostless(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.\d (\d{3})/.exec(text)?.[1] ?? 0)));
  });
}

test('every HTTP route refuses every foreign Host and Origin with 403, and nothing changes', { timeout: 300_000 }, async (t) => {
  const show = await startShow(t);
  const port = show.app.http.port;
  const dir = await tempHome(t);
  const savePath = join(dir, 'stolen.lxp');
  const before = await fingerprint(show.app);
  const policy = JSON.stringify(show.app.services.policy);
  const sessions = show.app.mcp.activeSessions;
  let checked = 0;
  for (const c of routes(savePath)) {
    for (const h of spoofs(port)) {
      const r = await send(port, c, h);
      assert.equal(r.status, 403, `${c.method} ${c.path} with ${JSON.stringify(h)} → ${r.status} ${r.text.slice(0, 120)}`);
      assert.match(r.text, /"forbidden"|not allowed/, `${c.method} ${c.path}: a JSON refusal`);
      checked++;
    }
    assert.equal(await hostless(port, c.path), 403, `${c.path} without a Host header`);
  }
  for (const h of spoofs(port)) {
    assert.equal(await upgradeStatus(port, '/ws', h), 403, `WebSocket upgrade with ${JSON.stringify(h)}`);
    checked++;
  }
  assert.equal(await fingerprint(show.app), before, 'the show and its history are unchanged');
  assert.equal(JSON.stringify(show.app.services.policy), policy, 'the agent policy is unchanged');
  assert.equal(show.app.mcp.activeSessions, sessions, 'no MCP session was opened');
  assert.deepEqual(await readdir(dir), [], 'no file was saved');
  // The same routes with this machine's own names are served (the matrix above tested real routes).
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
    for (const c of routes(savePath).filter((r) => r.method === 'GET' && r.path !== '/mcp')) {
      const r = await send(port, c, { host, origin: `http://${host}` });
      assert.notEqual(r.status, 403, `${c.path} with Host ${host}`);
    }
  }
  assert.equal(await upgradeStatus(port, '/ws', { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }), 101);
  t.diagnostic(`${checked} refused requests across ${routes(savePath).length} routes and the WebSocket upgrade`);
});

test('static files: no path climbs out of the page folder', async (t) => {
  const show = await startShow(t);
  const port = show.app.http.port;
  const host = `127.0.0.1:${port}`;
  const attempts = [
    '/../package.json',
    '/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/..%2F..%2Fpackage.json',
    '/chunks/../../package.json',
    '/chunks/..%2f..%2fpackage.json',
    '/%2fetc%2fpasswd',
    '//etc/passwd',
    '/..\\..\\package.json',
    '/..%5c..%5cpackage.json',
    '/app.js%00.html',
    '/index.html/..%2f..%2f..%2fpackage.json',
    '/%252e%252e/package.json',
    '/.%2e/package.json',
    '/%c0%ae%c0%ae/package.json',
    '/../src/main.ts',
    '/..%2fsrc%2fmain.ts',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/....//package.json',
    `/${'../'.repeat(20)}etc/passwd`,
  ];
  for (const p of attempts) {
    const r = await send(port, { method: 'GET', path: p }, { host });
    assert.ok(r.status === 404 || r.status === 400, `${p} → ${r.status}`);
    assert.doesNotMatch(r.text, /"name": "footlight"|root:x:0:0|startFootlight/, `${p} leaked a file`);
  }
});

test('console save: writes only the file it names, never through a symlink nor over a file without confirmation', async (t) => {
  const show = await startShow(t);
  const port = show.app.http.port;
  const host = `127.0.0.1:${port}`;
  const dir = await tempHome(t);
  const outside = await tempHome(t);
  const victim = join(outside, 'victim.lxp');
  await writeFile(victim, 'precious');
  const link = join(dir, 'link.lxp');
  await symlink(victim, link);
  const save = (body: unknown): Promise<{ status: number; text: string }> => send(port, { method: 'POST', path: '/api/save', body }, { host });

  // Without confirmation, an existing name (a symlink included) is never replaced.
  assert.equal((await save({ path: link })).status, 409);
  assert.equal(await readFile(victim, 'utf8'), 'precious');
  // With confirmation, the symlink itself is replaced by the show; the file it pointed to is untouched.
  assert.equal((await save({ path: link, overwrite: true })).status, 200);
  assert.equal(await readFile(victim, 'utf8'), 'precious', 'nothing was written through the symlink');
  assert.ok((await lstat(link)).isFile());
  // A symlinked folder on the way is the operator's choice of folder: the file lands inside its target, by name.
  const linkedDir = join(dir, 'linked');
  await symlink(outside, linkedDir);
  assert.equal((await save({ path: join(linkedDir, 'via-link.lxp') })).status, 200);
  assert.deepEqual((await readdir(outside)).sort(), ['via-link.lxp', 'victim.lxp']);
  // Refusals: relative, other extensions, no file name, NUL, a folder that does not exist, a folder as the target.
  await mkdir(join(dir, 'folder.lxp'));
  const refusals = [
    'relative.lxp',
    '../up.lxp',
    join(dir, 'show.json'),
    join(dir, '.lxp'),
    join(dir, 'nul\u0000.lxp'),
    join(dir, 'missing', 'x.lxp'),
    join(dir, 'folder.lxp'),
    join(dir, `${'n'.repeat(300)}.lxp`),
    '',
    'x'.repeat(2000),
  ];
  for (const p of refusals) {
    const r = await save({ path: p, overwrite: true });
    assert.ok(r.status >= 400 && r.status < 500, `${JSON.stringify(p.slice(0, 60))} → ${r.status} ${r.text.slice(0, 160)}`);
  }
  assert.ok((await lstat(join(dir, 'folder.lxp'))).isDirectory(), 'the folder named like a show is still a folder');
  assert.equal(await readlink(linkedDir), outside);
  // No temporary file is left behind by any of these.
  for (const d of [dir, outside]) for (const name of await readdir(d)) assert.doesNotMatch(name, /^\./, `${d}: leftover ${name}`);
});

test('binding a non-loopback address logs the exposure warning for HTTP and protocol 3; the Host guard still refuses foreign names', async (t) => {
  const lines: string[] = [];
  const log = createLogger({ level: 'warn', write: (l) => lines.push(l) });
  const show = await startShow(t, { host: '0.0.0.0', log });
  assert.match(show.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/, 'the URL printed and written to status.json is one the Host guard lets in');
  const warnings = lines.map((l) => JSON.parse(l) as { msg: string; level: string }).filter((l) => l.level === 'warn');
  const exposed = warnings.filter((w) => /not loopback|anyone who can reach/.test(w.msg));
  assert.ok(exposed.length >= 2, `one warning per surface bound to 0.0.0.0 (HTTP, protocol 3); got ${JSON.stringify(warnings.map((w) => w.msg))}`);
  assert.ok(
    exposed.some((w) => /protocol/i.test(JSON.stringify(w))),
    `protocol 3 warns too: ${JSON.stringify(exposed)}`,
  );
  const r = await send(show.app.http.port, { method: 'GET', path: '/api/state' }, { host: 'evil.example' });
  assert.equal(r.status, 403);
});
