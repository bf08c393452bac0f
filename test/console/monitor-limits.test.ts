// /ws/audio is shared fairly: at most 8 monitors at once (the ninth is refused `busy` before the
// handshake), and a page that stops reading is dropped once it stays behind, so sockets that never
// read cannot take the engine thread's time (issue #26).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';

/** Opens /ws/audio with the ws client; resolves with the socket once open, or the HTTP status of a refusal. */
function monitor(base: string): Promise<WebSocket | number> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/audio`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/** A raw client that completes the WebSocket handshake and then never reads. */
function stalled(base: string): Promise<Socket> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => {
      s.write(
        `GET /ws/audio HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    s.once('data', (d) => {
      if (!d.toString('latin1').startsWith('HTTP/1.1 101')) reject(new Error(d.toString('latin1').split('\r\n')[0]));
      s.pause(); // never read again
      resolve(s);
    });
    s.once('error', reject);
  });
}

test('/ws/audio: at most 8 monitors; the ninth is refused busy (503) and one may join when another leaves', async (t) => {
  const show = await startShow(t, { realtime: true, liveAudio: 'clock' });
  const base = baseOf(show.url);
  const open: WebSocket[] = [];
  t.after(() => open.forEach((ws) => ws.terminate()));
  for (let i = 0; i < 8; i++) {
    const ws = await monitor(base);
    assert.ok(ws instanceof WebSocket, `monitor ${i + 1} opened (${ws})`);
    open.push(ws);
  }
  assert.equal(await monitor(base), 503, 'the ninth is refused busy');
  const leaving = open.pop()!;
  const closed = new Promise((r) => leaving.once('close', r));
  leaving.close();
  await closed;
  let again: WebSocket | number = 503;
  for (let i = 0; i < 50 && again === 503; i++) {
    again = await monitor(base);
    if (again === 503) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(again instanceof WebSocket, 'a place freed by a leaving monitor is taken');
  open.push(again);
});

test('/ws/audio: pages that never read are dropped (their pings go unanswered) and their places freed; a reading page keeps its stream', {
  timeout: 180_000,
}, async (t) => {
  const show = await startShow(t, { realtime: true, liveAudio: 'clock' });
  const base = baseOf(show.url);
  const reader = await monitor(base);
  assert.ok(reader instanceof WebSocket);
  t.after(() => reader.terminate());
  let received = 0;
  reader.on('message', (d: Buffer, binary: boolean) => {
    if (binary) received += d.length;
  });
  // Seven pages that stop reading take every other place.
  const sockets: Socket[] = [];
  t.after(() => sockets.forEach((s) => s.destroy()));
  for (let i = 0; i < 7; i++) sockets.push(await stalled(base));
  assert.equal(await monitor(base), 503, 'the monitors are full');
  // Within seconds they are dropped: a new page gets a place.
  let joined: WebSocket | number = 503;
  for (const until = Date.now() + 60_000; joined === 503 && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 250));
    joined = await monitor(base);
  }
  assert.ok(joined instanceof WebSocket, 'a place freed by a dropped page is taken');
  t.after(() => (joined as WebSocket).terminate());
  // A dropped page sees its connection end once it reads again.
  const ended = new Promise<void>((r) => sockets[0].once('close', () => r()));
  sockets[0].resume();
  await ended;
  const before = received;
  await new Promise((r) => setTimeout(r, 1000));
  assert.ok(received > before, 'the reading page kept its stream throughout');
});
