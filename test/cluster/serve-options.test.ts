// `serve --cluster` refuses what it cannot run, before anything listens: flags without each other, a
// URL that is not nats://HOST:PORT, a NATS server that is not there. Each says why and exits non-zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tempHome } from '../helpers/show.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const BASE = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];

function run(home: string, args: string[]): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...BASE, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code: code ?? -1, stderr })));
}

test('serve --cluster: the flags go together, the URL is checked, an absent NATS server is named', async (t) => {
  const home = await tempHome(t);
  const alone = await run(home, ['--cluster', 'nats://127.0.0.1:4222']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--cluster, --node and --role go together/);
  const stray = await run(home, ['--role', 'render']);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /--cluster, --node and --role go together/);
  const url = await run(home, ['--cluster', 'http://127.0.0.1:4222', '--node', 'a', '--role', 'render']);
  assert.notEqual(url.code, 0);
  assert.match(url.stderr, /nats:\/\/HOST:PORT/);
  const role = await run(home, ['--cluster', 'nats://127.0.0.1:4222', '--node', 'a', '--role', 'follower']);
  assert.notEqual(role.code, 0);
  assert.match(role.stderr, /leader or render/);
  assert.equal(existsSync(join(home, 'status.json')), false, 'nothing started');
  // A port nothing listens on: the start stops with the reason.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const absent = await run(home, ['--cluster', `nats://127.0.0.1:${port}`, '--node', 'a', '--role', 'leader']);
  assert.equal(absent.code, 2);
  assert.match(absent.stderr, new RegExp(`cannot reach the cluster's NATS server at nats://127\\.0\\.0\\.1:${port}`));
});

test('serve --checkpoint: a value that is not 0 or 1–3600 seconds is refused with the rule, before anything starts', async (t) => {
  const home = await tempHome(t);
  // A cluster URL nothing answers: a value taken would go on to "cannot reach the cluster's NATS server".
  for (const value of ['-1', '5000', 'abc', '', ' ', '0x10', '1e2']) {
    const { code, stderr } = await run(home, ['--cluster', 'nats://127.0.0.1:9', '--node', 'a', '--role', 'leader', '--checkpoint', value]);
    assert.notEqual(code, 0, JSON.stringify(value));
    assert.match(stderr, /option '--checkpoint <seconds>' argument .* is invalid\. 0 \(none\), or seconds from 1 to 3600/, JSON.stringify(value));
    assert.doesNotMatch(stderr, /cannot reach/, `${JSON.stringify(value)} is refused before the start`);
  }
  assert.equal(existsSync(join(home, 'status.json')), false, 'nothing started');
});

test('serve stops at a signal while its start waits for a NATS server that does not answer', { timeout: 90_000 }, async (t) => {
  const home = await tempHome(t);
  // A TCP server that accepts and never speaks: the NATS client waits for its greeting (20 s).
  const sockets: import('node:net').Socket[] = [];
  let accepted!: () => void;
  const connected = new Promise<void>((resolve) => (accepted = resolve));
  const silent = createServer((socket) => {
    sockets.push(socket);
    accepted();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });
  const { port } = silent.address() as { port: number };
  const child = spawn(process.execPath, [BIN, ...BASE, '--cluster', `nats://127.0.0.1:${port}`, '--node', 'a', '--role', 'leader'], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: 'ignore',
  });
  t.after(() => child.kill('SIGKILL'));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  await connected; // the start is under way: its signal handlers are in place
  child.kill('SIGTERM');
  assert.equal(await exited, 143, 'ended at the signal, not when the NATS client gave up (exit 2)');
});
