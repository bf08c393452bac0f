// Issue #33: what a protocol-3 write costs on a render node, which sends it to the leader and answers
// once its own replay has the line (docs/cluster.md, "Writes on a render node"), against the same
// write on the leader. Starts nats-server (JetStream, temporary store), a leader and a render node as
// `footlight serve` processes, then sends LINES `set 1 VALUE` lines, one at a time on one connection,
// to each in turn, twice. Prints p50/p99 of each and writes bench/results/cluster-protocol3.json.
//
//   node --import tsx bench/cluster-protocol3.ts        (LINES=300)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Protocol3Client } from '../src/protocol3/client/client.js';
import { freePort } from '../test/cluster/nodes.js';

const LINES = Number(process.env.LINES ?? 300);
const BIN = new URL('../bin/footlight.js', import.meta.url).pathname;
const children: ChildProcess[] = [];
const temps: string[] = [];
const clients: Protocol3Client[] = [];

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

async function until<T>(get: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

/** A `serve` process and a protocol-3 client connected to it. */
async function serve(args: string[]): Promise<Protocol3Client> {
  const home = await mkdtemp(join(tmpdir(), 'footlight-bench-'));
  temps.push(home);
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off', ...args], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: 'ignore',
  });
  children.push(child);
  const status = await until(async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true ? s : undefined;
  });
  const client = new Protocol3Client();
  clients.push(client);
  await client.connect('127.0.0.1', status.protocol3.port);
  return client;
}

async function lines(client: Protocol3Client): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const t0 = performance.now();
    const reply = await client.request(`set 1 ${((i % 100) / 100 + 0.005).toFixed(3)}`);
    ms.push(performance.now() - t0);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
  }
  return ms;
}

const load0 = loadavg()[0];
const store = await mkdtemp(join(tmpdir(), 'footlight-nats-'));
temps.push(store);
const port = await freePort();
children.push(spawn('/usr/sbin/nats-server', ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' }));
const url = `nats://127.0.0.1:${port}`;
try {
  const leader = await serve(['--cluster', url, '--node', 'lead', '--role', 'leader']);
  const render = await serve(['--cluster', url, '--node', 'r1', '--role', 'render']);
  await lines(leader); // a round each to warm both paths up, then two rounds each, alternating
  await lines(render);
  const onLeader: number[] = [];
  const onRender: number[] = [];
  for (let round = 0; round < 2; round++) {
    onLeader.push(...(await lines(leader)));
    onRender.push(...(await lines(render)));
  }
  const out = { leaderLineMs: figures(onLeader), renderLineMs: figures(onRender), loadAverage: [load0, loadavg()[0]] };
  process.stdout.write(
    `protocol-3 set on the leader (${onLeader.length}): p50 ${out.leaderLineMs.p50} ms, p99 ${out.leaderLineMs.p99} ms\n` +
      `the same on the render node, forwarded and replayed (${onRender.length}): p50 ${out.renderLineMs.p50} ms, p99 ${out.renderLineMs.p99} ms\n` +
      `load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`,
  );
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-protocol3.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const c of clients) await c.close();
  for (const c of children.reverse()) {
    if (c.exitCode === null) c.kill('SIGTERM');
    if (c.exitCode === null) await new Promise((r) => c.once('exit', r));
  }
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
  process.exit(process.exitCode ?? 0);
}
