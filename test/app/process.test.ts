import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server as OscPeer } from 'node-osc';
import { tempHome } from '../helpers/show.js';
import { writeFileAtomic } from '../../src/app/atomic-write.js';
import { loadConfig } from '../../src/app/config.js';
import { exposureWarning } from '../../src/http/server.js';
import type { Logger } from '../../src/engine/log.js';
import { compiledIsCurrent } from '../../bin/compiled-build.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

function run(args: string[], home: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function waitForStatus(home: string, predicate: (s: any) => boolean, ms = 120_000): Promise<any> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
      if (predicate(s)) return s;
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('status.json did not reach the expected state');
}

function exit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
}

test('footlight serve --port 0: status.json, an outside SDK client, OSC to --osc-transmit, footlight status, clean stop', async (t) => {
  const home = await tempHome(t);
  const peer = new OscPeer(0, '127.0.0.1');
  await once(peer, 'listening');
  t.after(() => peer.close());
  const received: unknown[][] = [];
  peer.on('message', (m: unknown[]) => received.push(m));
  const peerPort = (peer._sock.address() as { port: number }).port;
  const child = run(['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', `127.0.0.1:${peerPort}`, '--host', '127.0.0.1'], home);
  t.after(() => child.kill('SIGKILL'));
  let banner = '';
  child.stdout!.on('data', (d) => (banner += d));
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const status = await waitForStatus(home, (s) => s.running === true);
  assert.equal(status.pid, child.pid);
  assert.equal(status.host, '127.0.0.1');
  assert.ok(status.port > 0);
  assert.equal(status.url, `http://127.0.0.1:${status.port}/mcp`);
  assert.equal(status.lxVersion, '1.2.1');
  assert.equal(status.connected, false);
  for (const k of ['serverVersion', 'buildTime', 'startedAt']) assert.equal(typeof status[k], 'string', k);
  // bin/footlight.js runs lib/ while it is current (npm test builds it first), the sources otherwise.
  const code = compiledIsCurrent(new URL('../../', import.meta.url).pathname) ? 'compiled' : 'sources';
  assert.equal(status.code, code);
  assert.equal('projectPath' in status, false);
  assert.equal(status.protocol3.host, '127.0.0.1');
  assert.ok(status.protocol3.port > 0);

  const client = new Client({ name: 'outside', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  const connected = await waitForStatus(home, (s) => s.connected === true);
  assert.equal(typeof connected.lastActivityAt, 'string');
  const got = await client.callTool({ name: 'get_status', arguments: {} });
  assert.equal((got.structuredContent as { port: number }).port, status.port);
  assert.equal((got.structuredContent as { code: string }).code, code);
  const render = (got.structuredContent as { render: { threads: number; priority: string; nice: number; refused?: string } }).render;
  assert.ok(render.threads >= 1);
  // serve asks for high priority: granted (as root, nice −10), or refused with the reason.
  if (render.refused === undefined) assert.deepEqual([render.priority, render.nice], ['high', -10]);
  else assert.deepEqual([render.priority, render.refused.includes('CAP_SYS_NICE')], ['normal', true]);
  await client.callTool({ name: 'set_parameter', arguments: { path: '/lx/mixer/channel/1/fader', value: 0.25 } });
  for (let i = 0; i < 200 && !received.some((m) => m[0] === '/lx/mixer/channel/1/fader'); i++) await new Promise((r) => setTimeout(r, 25));
  assert.deepEqual(
    received.find((m) => m[0] === '/lx/mixer/channel/1/fader'),
    ['/lx/mixer/channel/1/fader', 0.25],
    'the change reached the --osc-transmit peer',
  );
  await client.close();
  assert.ok(status.osc.receivePort > 0);
  // serve raises the engine thread's priority where it may (root with CAP_SYS_NICE), and says why not where it may not.
  const priority =
    /Render: +\d+ threads?, (?:high priority \(nice -10\)|normal priority \(high was refused: E(?:ACCES|PERM): raising a thread priority needs root)/;
  assert.match(banner, priority);
  if (/high priority/.test(banner) && process.platform === 'linux') {
    const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
    assert.equal(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]), -10, "the engine thread's nice is −10, as the banner says");
  }
  assert.match(banner, new RegExp(`OSC: +udp 127\\.0\\.0\\.1:${status.osc.receivePort}, changes sent to 127\\.0\\.0\\.1:${peerPort}`));
  // The terminal shows the banner in words; the JSON log goes to the log file.
  assert.match(banner, new RegExp(`Log: +${home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/footlight\\.log`));
  assert.doesNotMatch(stderr, /^\{"time"/m, 'no JSON log lines on the terminal');
  assert.match(await readFile(join(home, 'footlight.log'), 'utf8'), /"msg":"Footlight is running"/);

  const cli = run(['status'], home);
  let out = '';
  cli.stdout!.on('data', (d) => (out += d));
  assert.equal(await exit(cli), 0);
  assert.match(out, /— running/);

  child.kill('SIGTERM');
  assert.equal(await exit(child), 0);
  const stopped = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
  assert.equal(stopped.running, false);
  assert.equal(typeof stopped.stoppedAt, 'string');
  const cli2 = run(['status'], home);
  assert.equal(await exit(cli2), 1);
  assert.deepEqual(
    (await readdir(home)).filter((f) => f.endsWith('.tmp')),
    [],
    'no temporary files left',
  );
});

test('footlight serve with the protocol-3 port in use fails with a clear message', async (t) => {
  const home = await tempHome(t);
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
  t.after(() => blocker.close());
  const port = (blocker.address() as { port: number }).port;
  const child = run(['serve', '--port', '0', '--sound-port', String(port), '--osc-port', '0'], home);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  assert.equal(await exit(child), 1);
  assert.match(err, /protocol 3 cannot listen .* already in use/);
});

test('footlight serve on a port in use fails with a clear message', async (t) => {
  const home = await tempHome(t);
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
  t.after(() => blocker.close());
  const port = (blocker.address() as { port: number }).port;
  const child = run(['serve', '--port', String(port), '--sound-port', '0', '--osc-port', '0'], home);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  assert.equal(await exit(child), 1);
  assert.match(err, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
});

test('config.json sets the port; a bad config file is logged and ignored', async (t) => {
  const home = await tempHome(t);
  const warnings: string[] = [];
  const log = {
    warn: (_f: unknown, m: string) => warnings.push(m),
    info() {},
    debug() {},
    error() {},
    child() {
      return log;
    },
  } as unknown as Logger;
  await writeFile(join(home, 'config.json'), '{"port": 4555, "host": "127.0.0.1"}');
  assert.deepEqual(await loadConfig(home, log), { port: 4555, host: '127.0.0.1' });
  await writeFile(join(home, 'config.json'), '{"port": "high"');
  assert.deepEqual(await loadConfig(home, log), {});
  await writeFile(join(home, 'config.json'), '{"port": 99999}');
  assert.deepEqual(await loadConfig(home, log), {});
  await writeFile(join(home, 'config.json'), '{"colour": "red"}');
  assert.deepEqual(await loadConfig(home, log), {});
  await writeFile(join(home, 'config.json'), '{"oscPort": 9000, "oscTransmit": "127.0.0.1:9001"}');
  assert.deepEqual(await loadConfig(home, log), { oscPort: 9000, oscTransmit: '127.0.0.1:9001' });
  await writeFile(join(home, 'config.json'), '{"oscTransmit": "off"}');
  assert.deepEqual(await loadConfig(home, log), { oscTransmit: 'off' });
  await writeFile(join(home, 'config.json'), '{"oscTransmit": "everywhere"}');
  assert.deepEqual(await loadConfig(home, log), {});
  assert.equal(warnings.length, 4);
  assert.match(warnings[0], /not valid JSON/);
});

test('status.json is replaced atomically: a reader never sees a partial file', async (t) => {
  const home = await tempHome(t);
  const path = join(home, 'status.json');
  const big = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(200_000 + n) });
  await writeFileAtomic(path, big(0));
  let reads = 0;
  let writing = true;
  const reader = (async () => {
    while (writing) {
      const text = await readFile(path, 'utf8');
      JSON.parse(text);
      reads++;
    }
  })();
  for (let i = 1; i <= 40; i++) await writeFileAtomic(path, big(i));
  writing = false;
  await reader;
  assert.ok(reads > 0);
  assert.equal(JSON.parse(await readFile(path, 'utf8')).n, 40);
  assert.deepEqual(
    (await readdir(home)).filter((f) => f !== 'status.json'),
    [],
  );
});

test('binding a non-loopback address warns that anyone who can reach it with the token controls the show', () => {
  assert.equal(exposureWarning('127.0.0.1'), undefined);
  assert.equal(exposureWarning('::1'), undefined);
  assert.equal(exposureWarning('localhost'), undefined);
  assert.match(exposureWarning('0.0.0.0') ?? '', /anyone who can reach this address and has the access token controls the show/);
  assert.match(exposureWarning('192.168.1.20') ?? '', /not loopback/);
});
