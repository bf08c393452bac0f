// Issue #33's log figures: how long a leader's write waits for the show's command log, and how far a
// render node trails the leader. Starts nats-server (JetStream, temporary store), then
//  1. appends APPENDS records straight through the log client, one at a time: append → ack latency;
//  2. runs a leader and a render node as `footlight serve` processes and sends CALLS set_parameter
//     calls to the leader over MCP, one at a time, while it polls the render node's lag (frames);
//  3. sends the same calls to a `serve` without --cluster: the same round trip with no log.
// Prints p50/p99 of each and writes bench/results/cluster-log.json.
//
//   node --import tsx bench/cluster-log.ts        (APPENDS=2000 CALLS=400)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { freePort } from '../test/cluster/nodes.js';
import { ShowLog } from '../src/cluster/log.js';

const APPENDS = Number(process.env.APPENDS ?? 2000);
const CALLS = Number(process.env.CALLS ?? 400);
const BIN = new URL('../bin/footlight.js', import.meta.url).pathname;
const children: ChildProcess[] = [];
const temps: string[] = [];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const figures = (ms: number[]) => ({
  n: ms.length,
  p50: +percentile(ms, 50).toFixed(3),
  p99: +percentile(ms, 99).toFixed(3),
  max: +Math.max(...ms).toFixed(3),
});

async function until<T>(get: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function serve(args: string[]): Promise<Client> {
  const home = await temp('footlight-bench-');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', ...args], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: 'ignore',
  });
  children.push(child);
  const status = await until(async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true ? s : undefined;
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  return client;
}

async function calls(client: Client, onEach?: () => void): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name: 'set_parameter', arguments: { path: '/lx/mixer/channel/1/fader', value: (i % 100) / 100 + 0.005 } });
    ms.push(performance.now() - t0);
    if (r.isError === true) throw new Error(JSON.stringify(r.content));
    onEach?.();
  }
  return ms;
}

const load0 = loadavg()[0];
const store = await temp('footlight-nats-');
const port = await freePort();
const nats = spawn('/usr/sbin/nats-server', ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
children.push(nats);
const url = `nats://127.0.0.1:${port}`;
try {
  const log = await until(() => ShowLog.open(url, 'bench', 'footlight-bench'), 20_000);
  await log.reset();
  const appends: number[] = [];
  for (let i = 0; i < APPENDS; i++) {
    const t0 = performance.now();
    await log.append({ kind: 'tick', frame: i, position: 0, playing: false, wallMs: Date.now() });
    appends.push(performance.now() - t0);
  }
  await log.close();

  const leader = await serve(['--cluster', url, '--node', 'lead', '--role', 'leader']);
  const render = await serve(['--cluster', url, '--node', 'r1', '--role', 'render']);
  const status = async (c: Client) =>
    (await c.callTool({ name: 'get_cluster_status', arguments: {} })).structuredContent as { lag: number | null; frame: number };
  // A render node presents each frame --cluster-delay (50 ms, 3 frames) after the leader: caught up is that far behind.
  await until(async () => (((await status(render)).lag ?? Number.POSITIVE_INFINITY) <= 4 ? true : undefined));
  const lags: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const s = await status(render);
      if (s.lag !== null) lags.push(s.lag);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const clustered = await calls(leader);
  polling = false;
  await poll;
  const caughtUp = performance.now();
  const leaderFrame = (await status(leader)).frame;
  await until(async () => ((await status(render)).frame >= leaderFrame ? true : undefined));
  const catchUpMs = performance.now() - caughtUp;
  const alone = await calls(await serve([]));
  const out = {
    appendMs: figures(appends),
    clusteredCallMs: figures(clustered),
    plainCallMs: figures(alone),
    renderLagFrames: { samples: lags.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
    renderCatchUpMs: +catchUpMs.toFixed(1),
    loadAverage: [load0, loadavg()[0]],
  };
  process.stdout.write(
    `append → ack (${APPENDS}, one at a time): p50 ${out.appendMs.p50} ms, p99 ${out.appendMs.p99} ms\n` +
      `set_parameter over MCP, clustered leader: p50 ${out.clusteredCallMs.p50} ms, p99 ${out.clusteredCallMs.p99} ms; ` +
      `plain serve: p50 ${out.plainCallMs.p50} ms, p99 ${out.plainCallMs.p99} ms\n` +
      `render node lag while the calls ran (${lags.length} samples): p50 ${out.renderLagFrames.p50}, p99 ${out.renderLagFrames.p99}, max ` +
      `${out.renderLagFrames.max} frames; caught up ${out.renderCatchUpMs} ms after the last call; load average ${load0.toFixed(2)} → ` +
      `${loadavg()[0].toFixed(2)}\n`,
  );
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-log.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const c of children.reverse()) {
    if (c.exitCode === null) c.kill('SIGTERM');
    if (c.exitCode === null) await new Promise((r) => c.once('exit', r));
  }
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
  // The MCP clients keep the loop alive: exit, with the failure's code if one was reported above.
  process.exit(process.exitCode ?? 0);
}
