import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { test, type TestContext } from 'node:test';
import {
  Protocol3AmbiguousWriteError,
  Protocol3Client,
  Protocol3CommandError,
  Protocol3Error,
  Protocol3ConnectError,
  Protocol3NotConnectedError,
  Protocol3TransportError,
} from '../../src/protocol3/client/client.js';
import { COMMANDS } from '../../src/protocol3/server/commands.js';
import { PROTOCOL3 } from '../../src/protocol3/replies/index.js';
import { CLIENT_TIMEOUT_MS, MAX_COMMAND_BYTES, MAX_RESPONSE_BYTES, MAX_RESPONSE_DEPTH, READ_ONLY_COMMANDS } from '../../src/protocol3/wire.js';
import { startStack } from './helpers.js';

/** A scripted protocol-3 peer on a real loopback socket: records every line it receives. */
async function fakeHost(t: TestContext, onLine: (line: string, socket: Socket) => void): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString('utf8');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        lines.push(line);
        onLine(line, socket);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return { port: (server.address() as AddressInfo).port, lines };
}

async function client(t: TestContext, port: number, timeoutMs?: number): Promise<Protocol3Client> {
  const c = new Protocol3Client({ timeoutMs });
  await c.connect('127.0.0.1', port);
  t.after(() => c.close());
  return c;
}

test('client defaults follow the contract: 1 MiB commands, 8 MiB replies, 65 s socket timeout', () => {
  assert.equal(MAX_COMMAND_BYTES, 1024 * 1024);
  assert.equal(MAX_RESPONSE_BYTES, 8 * 1024 * 1024);
  assert.equal(CLIENT_TIMEOUT_MS, 65_000);
});

test("the shared command table (src/protocol3/replies) and the host's command table name the same commands; the reads are the contract's", () => {
  assert.deepEqual(COMMANDS.map((c) => c.name).sort(), Object.keys(PROTOCOL3).sort());
  // A write marked read-only would make a lost reply look safe to ask again: the reads are pinned here.
  assert.deepEqual([...READ_ONLY_COMMANDS].sort(), [
    'actions',
    'capabilities',
    'device-catalog',
    'devices',
    'graph-capabilities',
    'graph-catalog',
    'graph-host-modulators',
    'graph-modulators',
    'graph-resolve-value',
    'graph-state',
    'history',
    'inspect',
    'ping',
    'sample-audition',
    'sample-list',
    'song-arranger',
    'song-import-status',
    'song-listen',
    'song-state',
    'state',
    'tracks',
  ]);
  assert.deepEqual(
    COMMANDS.filter((c) => !c.write)
      .map((c) => c.name)
      .sort(),
    [...READ_ONLY_COMMANDS].sort(),
  );
});

test('commands over the bound, or with a newline, are refused before anything is sent', async (t) => {
  const fake = await fakeHost(t, (line, socket) => socket.write(`{"ok":true,"echo":${JSON.stringify(line.slice(0, 20))}}\n`));
  const c = await client(t, fake.port);
  await assert.rejects(c.request(`ping${' '.repeat(MAX_COMMAND_BYTES)}`), (e: unknown) => e instanceof Protocol3CommandError && e.code === 'command_too_large');
  await assert.rejects(c.request('ping\nundo'), (e: unknown) => e instanceof Protocol3CommandError && e.code === 'invalid_command');
  assert.deepEqual(await c.request('ping'), { ok: true, echo: 'ping' });
  assert.deepEqual(fake.lines, ['ping'], 'nothing else reached the host');
  const exact = `ping${' '.repeat(MAX_COMMAND_BYTES - 4)}`;
  assert.equal((await c.request(exact)).ok, true, 'exactly 1 MiB is sent');
});

test('a reply over 8 MiB fails the request and closes the connection; a write becomes ambiguous', async (t) => {
  const fake = await fakeHost(t, (_line, socket) => {
    socket.write(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20));
    socket.write('\n');
  });
  const c = await client(t, fake.port);
  const read = c.request('song-state');
  const write = c.request('set 1 0.5');
  await assert.rejects(read, (e: unknown) => e instanceof Protocol3TransportError && e.code === 'response_too_large' && e.command === 'song-state');
  await assert.rejects(write, (e: unknown) => e instanceof Protocol3AmbiguousWriteError && e.transportCode === 'response_too_large' && e.requiresObservation);
  assert.equal(c.usable, false);
  await assert.rejects(c.request('ping'), Protocol3NotConnectedError);
});

test('timeout: no reply within the socket timeout rejects reads plainly and writes as ambiguous; nothing is replayed', async (t) => {
  const fake = await fakeHost(t, () => {});
  const c = await client(t, fake.port, 150);
  const started = Date.now();
  const write = c.request('song-transport-tempo aaaa 100');
  const read = c.request('tracks');
  await assert.rejects(
    write,
    (e: unknown) =>
      e instanceof Protocol3AmbiguousWriteError && e.transportCode === 'timeout' && e.command === 'song-transport-tempo' && e.retryPerformed === false,
  );
  await assert.rejects(read, (e: unknown) => e instanceof Protocol3TransportError && e.code === 'timeout');
  assert.ok(Date.now() - started >= 100);
  await assert.rejects(c.request('song-transport-tempo aaaa 100'), Protocol3NotConnectedError);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(fake.lines, ['song-transport-tempo aaaa 100', 'tracks'], 'the write reached the host exactly once');
});

test('an idle connection does not time out while nothing is in flight', async (t) => {
  const fake = await fakeHost(t, (_line, socket) => socket.write('{"ok":true}\n'));
  const c = await client(t, fake.port, 400);
  await new Promise((r) => setTimeout(r, 1000));
  assert.deepEqual(await c.request('ping'), { ok: true });
});

test('connection loss after a write was sent is ambiguous; unknown commands count as writes', async (t) => {
  const fake = await fakeHost(t, (line, socket) => {
    if (line === 'ping') socket.write('{"ok":true,"pong":true}\n');
    else socket.destroy();
  });
  const c = await client(t, fake.port);
  assert.equal((await c.request('ping')).pong, true);
  const p1 = c.request('guard 00 graph-clear');
  const p2 = c.request('some-future-command x');
  await assert.rejects(p1, (e: unknown) => e instanceof Protocol3AmbiguousWriteError && e.command === 'guard');
  await assert.rejects(p2, (e: unknown) => e instanceof Protocol3AmbiguousWriteError && e.command === 'some-future-command');
});

test('malformed and unsolicited replies close the connection', async (t) => {
  const bad = await fakeHost(t, (_line, socket) => socket.write('this is not json\n'));
  const c1 = await client(t, bad.port);
  await assert.rejects(c1.request('ping'), (e: unknown) => e instanceof Protocol3TransportError && e.code === 'malformed_response');
  const arr = await fakeHost(t, (_line, socket) => socket.write('[1,2]\n'));
  const c2 = await client(t, arr.port);
  await assert.rejects(c2.request('set 1 0'), (e: unknown) => e instanceof Protocol3AmbiguousWriteError && e.transportCode === 'malformed_response');
  const chatty = await fakeHost(t, (_line, socket) => socket.write('{"ok":true}\n{"ok":true}\n'));
  const c3 = await client(t, chatty.port);
  assert.deepEqual(await c3.request('ping'), { ok: true });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(c3.usable, false, 'a reply nobody asked for ends the connection');
});

test('a reply nested deeper than 64 levels is refused unparsed and closes the connection; 64 levels parse', async (t) => {
  assert.equal(MAX_RESPONSE_DEPTH, 64);
  const nest = (n: number): string => `{"ok":true,"x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
  // Brackets inside strings (an escaped backslash and quote before them) are text, not nesting.
  const text = `\\"${'['.repeat(100)}`;
  const fine = await fakeHost(t, (_line, socket) => socket.write(`${nest(64).slice(0, -1)},"s":${JSON.stringify(text)}}\n`));
  const c0 = await client(t, fine.port);
  const reply = await c0.request('ping');
  assert.equal(reply.ok, true);
  assert.equal(reply.s, text);
  const deep = await fakeHost(t, (_line, socket) => socket.write(`${nest(65)}\n`));
  const c1 = await client(t, deep.port);
  await assert.rejects(
    c1.request('song-state'),
    (e: unknown) => e instanceof Protocol3TransportError && e.code === 'response_too_deep' && /deeper than 64 levels/.test(e.message),
  );
  assert.equal(c1.usable, false);
  const hostile = await fakeHost(t, (_line, socket) => socket.write(`${'['.repeat(200_000)}${']'.repeat(200_000)}\n`));
  const c2 = await client(t, hostile.port);
  await assert.rejects(
    c2.request('set 1 0'),
    (e: unknown) => e instanceof Protocol3AmbiguousWriteError && e.transportCode === 'response_too_deep' && e.requiresObservation,
  );
  const bounded = new Protocol3Client({ maxResponseDepth: 2 });
  await bounded.connect('127.0.0.1', fine.port);
  t.after(() => bounded.close());
  await assert.rejects(bounded.request('ping'), (e: unknown) => e instanceof Protocol3TransportError && /deeper than 2 levels/.test(e.message));
});

test('connect failures are typed; a client connects once', async (t) => {
  const fake = await fakeHost(t, () => {});
  const port = fake.port;
  const c = await client(t, port);
  await assert.rejects(c.connect('127.0.0.1', port), (e: unknown) => e instanceof Protocol3Error && e.code === 'connect_failed');
  const s = await startStack(t);
  const dead = s.server.port;
  await s.server.close();
  await assert.rejects(new Protocol3Client().connect('127.0.0.1', dead), Protocol3ConnectError);
  await assert.rejects(new Protocol3Client().request('ping'), Protocol3NotConnectedError);
});

test('against the real listener: ok:false replies resolve as data, and close() rejects nothing already answered', async (t) => {
  const s = await startStack(t);
  const r = await s.client.request('set 99 0');
  assert.equal(r.ok, false);
  assert.equal(s.client.inFlight, 0);
  const pending = s.client.request('ping');
  assert.equal(s.client.inFlight, 1);
  assert.equal((await pending).ok, true);
});
