import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startProtocol3Server } from '../../src/protocol3/server/server.js';
import { MAX_COMMAND_BYTES } from '../../src/protocol3/wire.js';
import { rawExchange, startStack, type Reply } from './helpers.js';

const parse = (lines: string[]): Reply[] => lines.map((l) => JSON.parse(l) as Reply);

/** A small deterministic PRNG (xorshift32), so a failing fuzz run can be replayed. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

test('20 pipelined requests in one write are answered in order', async (t) => {
  const s = await startStack(t);
  const lines: string[] = [];
  for (let i = 0; i < 10; i++) lines.push(`set 3 0.${i}5`, 'state');
  const replies = parse(await rawExchange(s.server.port, `${lines.join('\n')}\n`));
  assert.equal(replies.length, 20);
  for (let i = 0; i < 10; i++) {
    assert.equal(replies[2 * i].value, Number(`0.${i}5`), `reply ${2 * i} answers set #${i}`);
    const shuffle = (replies[2 * i + 1].controls as { index: number; value: number }[])[2];
    assert.equal(shuffle.value, Number(`0.${i}5`), `reply ${2 * i + 1} sees the write before it`);
  }
  assert.equal(s.engine.history.undoDepth, 10);
});

test('the client pipelines: 20 requests in flight on one connection resolve to their own replies', async (t) => {
  const s = await startStack(t);
  const lines = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? `song-arranger ${i % 9}` : 'ping'));
  const replies = await Promise.all(lines.map((l) => s.call(l)));
  replies.forEach((r, i) => {
    if (i % 2 === 0) assert.equal(r.track_index, i % 9);
    else assert.equal(r.pong, true);
  });
});

test('command bound: exactly 1 MiB is read, one byte more is refused with a JSON error, and the connection lives on', async (t) => {
  const s = await startStack(t);
  const exact = `ping${' '.repeat(MAX_COMMAND_BYTES - 4)}`;
  assert.equal(Buffer.byteLength(exact), MAX_COMMAND_BYTES);
  const over = `set 3 0.9${' '.repeat(MAX_COMMAND_BYTES)}`;
  const fp = s.host.fingerprint();
  const replies = parse(await rawExchange(s.server.port, `${exact}\n${over}\nping\n${'x'.repeat(3 * MAX_COMMAND_BYTES)}\nping\n`));
  assert.equal(replies.length, 5);
  assert.equal(replies[0].pong, true);
  assert.equal(replies[1].ok, false);
  assert.match(replies[1].error as string, /exceeds 1048576 bytes/);
  assert.equal(replies[2].pong, true);
  assert.equal(replies[3].ok, false);
  assert.equal(replies[4].pong, true);
  assert.equal(s.host.fingerprint(), fp, 'the oversized write was not run');
});

test('invalid UTF-8, NUL bytes, CRLF and unterminated commands', async (t) => {
  const s = await startStack(t);
  const fp = s.host.fingerprint();
  const data = Buffer.concat([
    Buffer.from([0x73, 0x65, 0x74, 0x20, 0xc3, 0x28, 0x0a]),
    Buffer.from('ping\r\n'),
    Buffer.from('pi\0ng\n'),
    Buffer.from('set 3 0.99'),
  ]);
  const replies = parse(await rawExchange(s.server.port, data));
  assert.equal(replies.length, 4);
  assert.match(replies[0].error as string, /not valid UTF-8/);
  assert.equal(replies[1].pong, true, 'a trailing CR is whitespace');
  assert.equal(replies[2].ok, false);
  assert.match(replies[3].error as string, /no terminating newline/);
  assert.equal(s.host.fingerprint(), fp, 'the unterminated write was not run');
});

test('fuzz: random bytes, huge lines and invalid UTF-8 never kill the listener nor change state', async (t) => {
  const s = await startStack(t);
  const fp = s.host.fingerprint();
  const depth = s.engine.history.undoDepth;
  const random = rng(0x5eed);
  for (let round = 0; round < 12; round++) {
    const parts: Buffer[] = [];
    for (let k = 0; k < 40; k++) {
      const kind = random();
      if (kind < 0.5) parts.push(Buffer.from(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256))));
      else if (kind < 0.7)
        parts.push(Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => [0xc0, 0xff, 0xfe, 0x80, 0xed, 0xa0][Math.floor(random() * 6)])));
      else if (kind < 0.8)
        parts.push(Buffer.alloc(Math.floor(MAX_COMMAND_BYTES * (0.5 + random())), 0x0b + Math.floor(random() * 240))); // one huge line, no newline inside
      else if (kind < 0.9)
        parts.push(Buffer.from(`graph-set ${Math.floor(random() * 100)} ${'%$#'.repeat(Math.floor(random() * 5))} 1e${Math.floor(random() * 400)}`));
      else parts.push(Buffer.from(`song-transport-tempo ${'g'.repeat(64)} 100`));
      parts.push(Buffer.from(random() < 0.8 ? '\n' : ''));
    }
    const replies = await rawExchange(s.server.port, Buffer.concat(parts), { timeoutMs: 30_000 });
    for (const line of replies) {
      const r = JSON.parse(line) as Reply;
      assert.equal(typeof r.ok, 'boolean');
    }
  }
  // Connections dropped abruptly mid-line.
  for (let i = 0; i < 5; i++) {
    await new Promise<void>((resolve) => {
      const c = connect({ host: '127.0.0.1', port: s.server.port }, () => {
        c.write(Buffer.from([0xff, 0x00, 0x41, 0x0a, 0x42]));
        c.destroy();
        resolve();
      });
      c.on('error', () => resolve());
    });
  }
  assert.equal(s.host.fingerprint(), fp, 'fuzzing changed nothing');
  assert.equal(s.engine.history.undoDepth, depth);
  const fresh = new Protocol3Client();
  await fresh.connect(s.server.host, s.server.port);
  assert.deepEqual(await fresh.request('ping'), { ok: true, pong: true, protocol: 3 });
  await fresh.close();
});

test('deadline: a write still queued at its deadline is refused with timeout and never applied', async (t) => {
  const s = await startStack(t, { deadlineMs: 100 });
  const before = s.document();
  s.engine.queue.pause();
  const r = await s.call('set 3 0.9');
  assert.equal(r.ok, false);
  assert.equal(r.code, 'timeout');
  assert.equal(r.applied, false);
  assert.match(r.error as string, /not applied/);
  s.engine.queue.resume();
  assert.equal(s.document(), before);
  assert.equal(s.engine.history.undoDepth, 0);
});

test('deadline: a write queued behind a pause that lifts before its deadline runs', async (t) => {
  const s = await startStack(t, { deadlineMs: 5000 });
  const before = s.document();
  s.engine.queue.pause();
  const pending = s.call('set 3 0.9');
  setTimeout(() => s.engine.queue.resume(), 50);
  assert.equal((await pending).ok, true);
  assert.notEqual(s.document(), before);
});

test('deadline: pipelined requests each get their own deadline from arrival', async (t) => {
  const s = await startStack(t, { deadlineMs: 150 });
  s.engine.queue.pause();
  const replies = Promise.all([s.call('set 3 0.1'), s.call('set 3 0.2'), s.call('ping')]);
  const r = await replies;
  assert.deepEqual(
    r.map((x) => x.code),
    ['timeout', 'timeout', 'timeout'],
  );
  s.engine.queue.resume();
  assert.equal(s.engine.history.undoDepth, 0);
});

test('a port in use is refused with a clear error; ports and hosts are reported', async (t) => {
  const s = await startStack(t);
  assert.equal(s.server.host, '127.0.0.1');
  assert.ok(s.server.port > 0);
  await assert.rejects(startProtocol3Server({ host: '127.0.0.1', port: s.server.port, soundHost: s.host, engine: s.engine }), /already in use/);
  assert.equal((await s.call('ping')).ok, true, 'the first listener is unaffected');
});

test('connection limit: extra connections get a JSON error and are closed; the listener lives on', async (t) => {
  const s = await startStack(t, { maxConnections: 2 });
  const second = new Protocol3Client();
  await second.connect(s.server.host, s.server.port);
  t.after(() => second.close());
  await second.request('ping');
  const third = parse(await rawExchange(s.server.port, 'ping\n', { halfClose: false }));
  assert.equal(third.length, 1);
  assert.equal(third[0].ok, false);
  assert.match(third[0].error as string, /already serves 2 connections/);
  assert.equal((await s.call('ping')).ok, true);
});

test('a client that vanishes mid-request does not disturb the listener', async (t) => {
  const s = await startStack(t);
  await new Promise<void>((resolve) => {
    const c = connect({ host: '127.0.0.1', port: s.server.port }, () => {
      c.write('set 3 0.33\nsong-state\ntracks\n');
      c.destroy();
      resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 50));
  assert.equal((await s.call('ping')).ok, true);
});

test('close() ends the listener and its connections', async (t) => {
  const s = await startStack(t);
  const port = s.server.port;
  await s.server.close();
  await assert.rejects(rawExchange(port, 'ping\n'), /ECONNREFUSED/);
});
