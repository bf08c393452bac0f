// Cluster test parts: a NATS server with JetStream (started here, stopped by pid) and `footlight
// serve` processes as its nodes, each with an MCP client. Every process stops after its test.
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { callOk, tempHome } from '../helpers/show.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
export const NATS_SERVER = '/usr/sbin/nats-server';

export async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const exited = (child: ChildProcess): Promise<number> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code ?? -1)));

/** A free loopback port (nats-server takes its port on the command line). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts nats-server with JetStream on a free port and a temporary store; stopped by its pid after the test. */
export async function startNats(t: TestContext): Promise<{ url: string }> {
  const store = await mkdtemp(join(tmpdir(), 'footlight-nats-'));
  const port = await freePort();
  const child = spawn(NATS_SERVER, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  t.after(async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    await exited(child);
    await rm(store, { recursive: true, force: true });
  });
  await until('nats-server', async () => (/Server is ready/.test(out) ? true : undefined), 20_000);
  return { url: `nats://127.0.0.1:${port}` };
}

export interface ClusterProcess {
  readonly client: Client;
  /** The node's MCP endpoint (its console is at the same origin). */
  readonly url: string;
  /** The node's protocol-3 listener port. */
  readonly protocol3: number;
  /** The node's OSC receive port. */
  readonly osc: number;
  call(name: string, args?: Record<string, unknown>): Promise<any>;
  /** The error text of a call that must fail. */
  refused(name: string, args?: Record<string, unknown>): Promise<string>;
  status(frames?: number[]): Promise<any>;
  /** Stops the process (SIGTERM) and checks that it exited cleanly. */
  stop(): Promise<void>;
}

/** Starts `footlight serve` as a node of the cluster, waits for its status.json, connects an MCP client. */
export async function startNode(t: TestContext, url: string, node: string, role: 'leader' | 'render', extra: string[] = []): Promise<ClusterProcess> {
  const home = await tempHome(t);
  const args = [
    'serve',
    '--port',
    '0',
    '--sound-port',
    '0',
    '--osc-port',
    '0',
    '--osc-transmit',
    'off',
    '--cluster',
    url,
    '--node',
    node,
    '--role',
    role,
    ...extra,
  ];
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d) => (err += d));
  const status = await until(`${node}'s status.json`, async () => {
    if (child.exitCode !== null) throw new Error(`${node} exited: ${err}`);
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true && s.cluster !== undefined ? s : undefined;
  });
  assert.deepEqual({ role: status.cluster.role, node: status.cluster.node }, { role, node });
  const client = new Client({ name: `test-${node}`, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  const stop = async (): Promise<void> => {
    await client.close().catch(() => undefined);
    if (child.exitCode === null) child.kill('SIGTERM');
    assert.equal(await exited(child), 0, `${node} stopped cleanly`);
  };
  // After-hooks run in order: the client, then the process (SIGTERM, exit 0), before nats-server stops.
  t.after(stop);
  const call = (name: string, a: Record<string, unknown> = {}) => callOk(client, name, a);
  const refused = async (name: string, a: Record<string, unknown> = {}): Promise<string> => {
    const r = await client.callTool({ name, arguments: a });
    assert.equal(r.isError, true, `${name} on ${node} must fail`);
    return (r.content as { text: string }[])[0].text;
  };
  return {
    client,
    url: status.url,
    protocol3: status.protocol3.port,
    osc: status.osc.receivePort,
    call,
    refused,
    status: (frames = []) => call('get_cluster_status', { frames }),
    stop,
  };
}
