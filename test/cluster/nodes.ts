// Real processes for the cluster tests: nats-server with JetStream on a free loopback port (stopped by
// pid), `footlight serve` nodes with an MCP client each (stopped by SIGTERM, exit 0 checked), and an
// Art-Net receiver that keeps every ArtDmx packet with the source port it came from (one sender
// socket per process).
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { BIN, until } from '../helpers/serve-process.js';
import { callOk, tempHome } from '../helpers/show.js';

export { until };
export const NATS_SERVER = '/usr/sbin/nats-server';
const BASE = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];
/** A node starts in seconds; on a loaded machine it can take a minute or more. */
const START_MS = 180_000;

/** The exit code, or the signal that ended the process. */
const exited = (child: ChildProcess): Promise<number | string> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode ?? child.signalCode ?? -1)
    : new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));

/** A free loopback TCP port (nats-server takes its port on the command line). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * nats-server with JetStream on a free loopback port and a temporary store; `stop` (SIGTERM, or the
 * signal given) and `start` again keep its port and store. Stopped by its pid after the test.
 */
export async function startNats(t: TestContext): Promise<{ url: string; stop: (signal?: NodeJS.Signals) => Promise<void>; start: () => Promise<void> }> {
  const store = await mkdtemp(join(tmpdir(), 'footlight-nats-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const c = spawn(NATS_SERVER, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let out = '';
    c.stdout!.on('data', (d) => (out += d));
    c.stderr!.on('data', (d) => (out += d));
    await until('nats-server', async () => (/Server is ready/.test(out) ? true : undefined), 20_000);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child === undefined) return;
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, signal);
    await exited(child);
  };
  t.after(async () => {
    await stop();
    await rm(store, { recursive: true, force: true });
  });
  await start();
  return { url: `nats://127.0.0.1:${port}`, stop, start };
}

export interface ServeNode {
  readonly client: Client;
  readonly home: string;
  /** Its process id (to pause it with SIGSTOP, say). */
  readonly pid: number;
  /** Its status.json once it was up. */
  readonly info: any;
  /** Its MCP endpoint (its console is at the same origin). */
  readonly url: string;
  call(name: string, args?: Record<string, unknown>): Promise<any>;
  /** The error text of a call that must fail. */
  refused(name: string, args?: Record<string, unknown>): Promise<string>;
  /** Stops the process (SIGTERM) and checks that it exited cleanly (also run after the test). */
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, mid-whatever. */
  kill(): Promise<void>;
}

/** Starts `footlight serve` with `args` after the common ones (and `config` as its config.json), waits for status.json, connects an MCP client. */
export async function startServe(t: TestContext, name: string, args: string[], config?: Record<string, unknown>): Promise<ServeNode> {
  const home = await tempHome(t);
  if (config !== undefined) await writeFile(join(home, 'config.json'), JSON.stringify(config));
  const child = spawn(process.execPath, [BIN, ...BASE, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d) => (err += d));
  const status = await until(
    `${name}'s status.json`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${err}`);
      const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
      return s.running === true ? s : undefined;
    },
    START_MS,
  );
  const client = new Client({ name: `test-${name}`, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  let killed = false;
  const stop = async (): Promise<void> => {
    // A client with calls still waiting (a test that failed mid-outage) may not close: stop the node anyway.
    await Promise.race([client.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5_000))]);
    if (killed) return;
    if (child.exitCode === null) child.kill('SIGTERM');
    assert.equal(await exited(child), 0, `${name} stopped cleanly`);
  };
  const kill = async (): Promise<void> => {
    killed = true;
    child.kill('SIGKILL');
    await exited(child);
  };
  // After-hooks run in order: the client, then the process (SIGTERM, exit 0), before nats-server stops.
  t.after(stop);
  const refused = async (tool: string, a: Record<string, unknown> = {}): Promise<string> => {
    const r = await client.callTool({ name: tool, arguments: a });
    assert.equal(r.isError, true, `${tool} on ${name} must fail`);
    return (r.content as { text: string }[])[0].text;
  };
  return { client, home, pid: child.pid!, info: status, url: status.url, call: (tool, a = {}) => callOk(client, tool, a), refused, stop, kill };
}

export interface Node extends ServeNode {
  readonly name: string;
  /** The node's protocol-3 listener port. */
  readonly protocol3: number;
  /** The node's OSC receive port. */
  readonly osc: number;
  status(frames?: number[]): Promise<any>;
}

/** Starts `footlight serve` as a node of the cluster (with `extra` serve options, and `config` as its config.json). */
export type ClusterProcess = Node;

export async function startNode(
  t: TestContext,
  url: string,
  node: string,
  role: 'leader' | 'render',
  extra: readonly string[] = [],
  config?: Record<string, unknown>,
): Promise<Node> {
  const serve = await startServe(t, node, ['--cluster', url, '--node', node, '--role', role, ...extra], config);
  assert.deepEqual({ role: serve.info.cluster?.role, node: serve.info.cluster?.node }, { role, node });
  return {
    ...serve,
    name: node,
    protocol3: serve.info.protocol3.port,
    osc: serve.info.osc.receivePort,
    status: (frames = []) => serve.call('get_cluster_status', { frames }),
  };
}

/** Runs `footlight serve` expecting it to stop by itself: its exit code and stderr. */
export function runServe(home: string, args: string[]): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...BASE, ...args], { env: { ...process.env, FOOTLIGHT_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code: code ?? -1, stderr })));
}

/** One ArtDmx packet as received: the sending socket's port, its universe and its DMX data (hex). */
export interface DmxPacket {
  readonly from: number;
  readonly universe: number;
  readonly data: string;
}

/** An Art-Net receiver on 127.0.0.1 (ephemeral port) keeping every ArtDmx packet; closed after the test. */
export async function artnetReceiver(t: TestContext): Promise<{ port: number; packets: DmxPacket[] }> {
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  const packets: DmxPacket[] = [];
  socket.on('message', (msg, rinfo) => {
    if (msg.length < 18 || msg.toString('latin1', 0, 8) !== 'Art-Net\0' || msg.readUInt16LE(8) !== 0x5000) return;
    const length = msg.readUInt16BE(16);
    packets.push({ from: rinfo.port, universe: msg.readUInt16LE(14), data: msg.subarray(18, 18 + length).toString('hex') });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return { port: socket.address().port, packets };
}

/**
 * The DMX data each universe settled on among the packets after index `since`: once every universe
 * of `universes` has sent at least 12 packets since, the last 10 of them equal (a still scene).
 */
export function settled(packets: readonly DmxPacket[], since: number, universes: readonly number[]): Promise<Map<number, string>> {
  return until(`universes ${universes.join(', ')} to settle`, async () => {
    const out = new Map<number, string>();
    for (const u of universes) {
      const mine = packets.slice(since).filter((p) => p.universe === u);
      if (mine.length < 12) return undefined;
      const last = mine.slice(-10);
      if (last.some((p) => p.data !== last[0].data)) return undefined;
      out.set(u, last[0].data);
    }
    return out;
  });
}
