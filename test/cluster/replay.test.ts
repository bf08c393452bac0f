// A cluster's core (docs/cluster.md): a NATS server with JetStream (started here, stopped by pid), a
// leader and a render node as two real `footlight serve` processes. The leader is driven over MCP
// (add a pattern, activate it, set parameters, undo, redo); the render node replays the show's log
// and renders the same frames: their digests for the same frame numbers are equal, their histories
// hold the same steps, and a write sent to the render node is refused and changes nothing there.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { callOk, tempHome } from '../helpers/show.js';
import { rawExchange } from '../protocol3/helpers.js';

const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;
const NATS_SERVER = '/usr/sbin/nats-server';
const CH1 = '/lx/mixer/channel/1';

async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
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
async function startNats(t: TestContext): Promise<{ url: string }> {
  const store = await mkdtemp(join(tmpdir(), 'footlight-nats-'));
  const port = await freePort();
  const child = spawn(NATS_SERVER, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    await exited(child);
  };
  t.after(async () => {
    await stop();
    await rm(store, { recursive: true, force: true });
  });
  await until('nats-server', async () => (/Server is ready/.test(out) ? true : undefined), 20_000);
  return { url: `nats://127.0.0.1:${port}` };
}

interface Node {
  readonly client: Client;
  /** The node's protocol-3 listener port. */
  readonly protocol3: number;
  call(name: string, args?: Record<string, unknown>): Promise<any>;
  status(frames?: number[]): Promise<any>;
}

/** Starts `footlight serve` as a node of the cluster, waits for its status.json, connects an MCP client. */
async function startNode(t: TestContext, url: string, node: string, role: 'leader' | 'render'): Promise<Node> {
  const home = await tempHome(t);
  const args = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', '--cluster', url, '--node', node, '--role', role];
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
  // After-hooks run in order: the client, then the process (SIGTERM, exit 0), before nats-server stops.
  t.after(async () => {
    await client.close().catch(() => undefined);
    if (child.exitCode === null) child.kill('SIGTERM');
    assert.equal(await exited(child), 0, `${node} stopped cleanly`);
  });
  const call = (name: string, a: Record<string, unknown> = {}) => callOk(client, name, a);
  return { client, protocol3: status.protocol3.port, call, status: (frames = []) => call('get_cluster_status', { frames }) };
}

test("a render node replays the leader's log: equal frame digests and history, writes refused", { skip: !existsSync(NATS_SERVER) }, async (t) => {
  const { url } = await startNats(t);
  const leader = await startNode(t, url, 'lead', 'leader');
  const render = await startNode(t, url, 'r1', 'render');

  // The leader's writes: each is acknowledged by the log before its reply.
  const before = (await leader.status()).frame as number;
  const added = await leader.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 });
  assert.equal(added.pattern.path, `${CH1}/pattern/1`);
  await leader.call('activate_pattern', { path: `${CH1}/pattern/1` });
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.35 });
  await leader.call('set_parameter', { path: `${CH1}/pattern/1/scale`, value: 0.8 });
  await leader.call('undo');
  await leader.call('set_parameter', { path: `${CH1}/fader`, value: 0.6 });
  await leader.call('undo');
  await leader.call('redo');
  const history = await leader.call('get_history', { limit: 20 });
  assert.equal((await leader.status()).calls, 8, 'every write was appended');

  // The same frames on both nodes, from before the first write to after the last.
  const last = (await leader.status()).frame as number;
  const frames = [before, ...Array.from({ length: 12 }, (_, i) => last + 5 * i)];
  const end = frames[frames.length - 1];
  await until('the leader to pass the frames', async () => ((await leader.status()).frame >= end ? true : undefined));
  await until('the render node to replay them', async () => ((await render.status()).frame >= end ? true : undefined));
  const ours = (await leader.status(frames)).digests;
  const theirs = await render.status(frames);
  assert.equal(theirs.leader, 'lead');
  assert.equal(theirs.failed, 0, 'every replayed call succeeded');
  assert.equal(theirs.calls, 8, 'every call was replayed');
  assert.ok(
    ours.every((d: { digest: string | null }) => d.digest !== null),
    'the leader keeps the digests',
  );
  assert.deepEqual(theirs.digests, ours, 'the render node rendered the same frames');

  // The same history (steps and labels), the same parameter values.
  const replayed = await render.call('get_history', { limit: 20 });
  const steps = (h: any) => ({ undo: h.steps.map((s: any) => s.label), redo: h.redo.map((s: any) => s.label) });
  assert.deepEqual(steps(replayed), steps(history));
  assert.ok(replayed.steps.every((s: any) => s.surface === 'cluster'));
  assert.equal((await render.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.6);

  // A write on the render node is refused with the leader's name and changes nothing.
  const refused = await render.client.callTool({ name: 'set_parameter', arguments: { path: `${CH1}/fader`, value: 0.1 } });
  assert.equal(refused.isError, true);
  const text = (refused.content as { text: string }[])[0].text;
  assert.match(text, /^unavailable: this is render node r1 of a cluster: .*set_parameter was refused and nothing changed\. Send writes to the leader \(lead\)/);
  assert.equal((await render.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.6);
  assert.deepEqual(steps(await render.call('get_history', { limit: 20 })), steps(history), 'the refusal left no step');
  const undone = await render.client.callTool({ name: 'undo', arguments: {} });
  assert.equal(undone.isError, true, 'undo is a write too');
  // Protocol 3 from an outside client: reads answer, writes are refused.
  const [ping, p3undo] = (await rawExchange(render.protocol3, 'ping\nundo\n')).map((l) => JSON.parse(l));
  assert.equal(ping.ok, true);
  assert.equal(p3undo.ok, false);
  assert.equal(p3undo.code, 'unavailable');
  assert.match(p3undo.error, /^this is render node r1 of a cluster: .*undo was refused and nothing changed\. Send writes to the leader \(lead\)/);
  assert.equal((await render.call('get_parameter', { path: `${CH1}/fader` })).parameter.value, 0.6);
  assert.deepEqual(steps(await render.call('get_history', { limit: 20 })), steps(history), 'the refusals left the history as it was');
});
