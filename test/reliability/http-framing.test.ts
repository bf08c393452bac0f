// HTTP framing and time limits on every route: malformed chunked framing, and a chunk size
// larger than the body limit (FFFFFFFFFFFFFFFF: valid framing to Node's parser, which would wait
// for it), are answered 400 and the connection closed at once; a body that stops midway and
// headers that never end are answered 408 and closed when the time limits pass; a keep-alive connection idle longer
// than the limits still serves its next request. Nothing changes.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { fingerprint } from './helpers.js';

const HEADERS_MS = 400;
const REQUEST_MS = 800;
const ROUTES = ['/mcp', '/api/parameter', '/api/save', '/osc-params', '/nowhere'];
/** Routes that answer a POST before its body (405, 404): any 4xx, still closed in time. */
const EARLY = new Set(['/osc-params', '/nowhere']);

/** Writes `parts` ([delay ms, text]) to a fresh connection; resolves with what came back and when it closed. */
function exchange(port: number, parts: readonly [number, string][], giveUpMs = 10_000): Promise<{ text: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: undefined });
    }, giveUpMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    for (const [ms, part] of parts) setTimeout(() => socket.writable && socket.write(part), ms);
  });
}

const head = (path: string, port: number, extra: string): string =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${extra}\r\n`;

test('http framing: malformed chunking is 400 at once; held bodies and headers are 408 at the limits; nothing changes', { timeout: 120_000 }, async (t) => {
  const show = await startShow(t, { httpTimeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS } });
  const port = show.app.http.port;
  const before = await fingerprint(show.app);
  for (const path of ROUTES) {
    const chunked = head(path, port, 'Transfer-Encoding: chunked\r\n');
    for (const bad of [
      'FFFFFFFFFFFFFFFF\r\n{"a":',
      'ffffffffffffffff;ext=1\r\n{',
      '1000000\r\n',
      '1FFFFFFFFFFFFFFFF\r\n{',
      'ZZ\r\n{}\r\n0\r\n\r\n',
      '-1\r\n{}\r\n0\r\n\r\n',
      '2\r\n{}XX0\r\n\r\n',
    ]) {
      const r = await exchange(port, [[0, chunked + bad]]);
      assert.match(r.text, EARLY.has(path) ? /^HTTP\/1\.1 4\d\d / : /^HTTP\/1\.1 400 /, `${path} ${JSON.stringify(bad)}: ${r.text.slice(0, 40)}`);
      assert.ok(r.closedAfterMs !== undefined && r.closedAfterMs < REQUEST_MS, `${path}: closed at once (${r.closedAfterMs} ms)`);
    }
    for (const [what, parts] of [
      ['a chunk that stops midway', [[0, `${chunked}10\r\n{"a":`]]],
      ['a body that stops midway', [[0, `${head(path, port, 'Content-Length: 1000\r\n')}{"path":`]]],
      ['headers that never end', [[0, `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: 1\r\n`]]],
    ] as const) {
      const r = await exchange(port, parts as unknown as [number, string][]);
      assert.match(
        r.text,
        EARLY.has(path) && what !== 'headers that never end' ? /^HTTP\/1\.1 4\d\d / : /^HTTP\/1\.1 408 /,
        `${path}, ${what}: ${JSON.stringify(r.text.slice(0, 40))}`,
      );
      assert.ok(r.closedAfterMs !== undefined, `${path}, ${what}: the connection is closed`);
    }
  }
  // Idle keep-alive is not a slow request: the next request after the limits is served.
  const get = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
  const kept = await exchange(
    port,
    [
      [0, get],
      [REQUEST_MS * 2, get],
    ],
    REQUEST_MS * 3,
  );
  assert.equal((kept.text.match(/HTTP\/1\.1 200 /g) ?? []).length, 2, kept.text.slice(0, 200));
  assert.equal(await fingerprint(show.app), before);
});
