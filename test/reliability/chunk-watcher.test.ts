// The chunk-size watcher follows real request framing without a false alarm, at every split of
// the bytes into reads, and finds an oversized chunk size wherever the reads split it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChunkSizeWatcher } from '../../src/http/framing.js';

const LIMIT = 4096;
const chunked = (path: string, chunks: string[], trailers = ''): string => {
  const body = chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join('');
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n${body}0\r\n${trailers}\r\n`;
};
const fixed = (path: string, body: string): string => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Feeds `bytes` in two reads split at `at`; returns what the watcher reported. */
function feedSplit(bytes: Buffer, at: number): bigint | undefined {
  const w = new ChunkSizeWatcher(LIMIT);
  return w.feed(bytes.subarray(0, at)) ?? w.feed(bytes.subarray(at));
}

test('chunk watcher: pipelined valid requests never alarm, however the reads split them', () => {
  const stream = Buffer.from(
    [
      'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      fixed('/mcp', '{"jsonrpc":"2.0","id":1,"method":"ping","body":"\r\n\r\n0\r\n"}'),
      chunked('/mcp', ['{"a":', '"FFFFFFFFFFFFFFFF\\r\\n"', '}']),
      chunked('/api/parameter', ['x'.repeat(LIMIT)], 'X-Trailer: 1\r\n'),
      '\r\n',
      chunked('/mcp', ['é'.repeat(100)]),
      'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      'FFFFFFFFFFFFFFFF\r\n (WebSocket frames are not HTTP)',
    ].join(''),
  );
  for (let at = 0; at <= stream.length; at++) assert.equal(feedSplit(stream, at), undefined, `split at ${at}`);
  const byByte = new ChunkSizeWatcher(LIMIT);
  for (let i = 0; i < stream.length; i++) assert.equal(byByte.feed(stream.subarray(i, i + 1)), undefined, `byte ${i}`);
});

test('chunk watcher: an oversized chunk size is found wherever the reads split it, after valid requests too', () => {
  for (const size of ['FFFFFFFFFFFFFFFF', 'ffffffffffffffff;name=value', '1001']) {
    const stream = Buffer.from(
      `${fixed('/mcp', '{}')}${chunked('/mcp', ['{}'])}POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\n{"a":`,
    );
    for (let at = 0; at <= stream.length; at++) assert.equal(feedSplit(stream, at), BigInt(`0x${size.split(';')[0]}`), `${size} split at ${at}`);
  }
  assert.equal(new ChunkSizeWatcher(LIMIT).feed(Buffer.from(chunked('/mcp', ['x'.repeat(LIMIT)]))), undefined, 'a chunk of exactly the limit is fine');
});
