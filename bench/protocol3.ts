/**
 * Protocol-3 latency and throughput over real loopback TCP: ping and graph-set, with 1 and 8
 * connections, one request in flight per connection. Prints median / p99 latency and
 * requests per second, and writes bench/results/protocol3.json.
 *
 *   node --import tsx bench/protocol3.ts [--requests N]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { Protocol3Client } from '../src/protocol3/client/client.js';
import { startProtocol3Server } from '../src/protocol3/server/server.js';
import { createSoundHost } from '../src/sound/index.js';

const argIndex = process.argv.indexOf('--requests');
const REQUESTS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 4000;
const WARMUP = 200;

interface Result {
  readonly command: string;
  readonly connections: number;
  readonly requests: number;
  readonly median_ms: number;
  readonly p99_ms: number;
  readonly max_ms: number;
  readonly requests_per_second: number;
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function run(port: number, command: string, connections: number, lineFor: (i: number) => string): Promise<Result> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new Protocol3Client();
      await c.connect('127.0.0.1', port);
      return c;
    }),
  );
  // Warm up: JIT, socket buffers.
  await Promise.all(
    clients.map(async (c, k) => {
      for (let i = 0; i < WARMUP / connections; i++) await c.request(lineFor(k * 1_000_000 + i));
    }),
  );
  const latencies: number[] = [];
  const perClient = Math.ceil(REQUESTS / connections);
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (c, k) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = process.hrtime.bigint();
        const reply = await c.request(lineFor(k * perClient + i));
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (reply.ok !== true) throw new Error(`${command} failed: ${JSON.stringify(reply).slice(0, 300)}`);
      }
    }),
  );
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  await Promise.all(clients.map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    command,
    connections,
    requests: latencies.length,
    median_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies[latencies.length - 1]),
    requests_per_second: Math.round((latencies.length / wallMs) * 1000),
  };
}

async function main(): Promise<void> {
  const engine = new Engine();
  const host = createSoundHost(engine);
  const server = await startProtocol3Server({ host: '127.0.0.1', port: 0, soundHost: host, engine });
  const probe = new Protocol3Client();
  await probe.connect('127.0.0.1', server.port);
  const graph = (await probe.request('graph-state')) as { modules: { id: number; name: string }[] };
  await probe.close();
  const filter = graph.modules.find((m) => m.name === 'Low-pass LD')!.id;
  const cutoff = Buffer.from('CUTOFF', 'utf8').toString('base64url');

  const results: Result[] = [];
  for (const connections of [1, 8]) {
    results.push(await run(server.port, 'ping', connections, () => 'ping'));
    results.push(await run(server.port, 'graph-set', connections, (i) => `graph-set ${filter} ${cutoff} ${((i % 1000) / 1000).toFixed(3)}`));
  }
  await server.close();
  host.dispose();

  console.log(
    `protocol 3 over loopback TCP, ${REQUESTS} timed requests per row, one in flight per connection (${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)})`,
  );
  console.log('command     conns  requests  median ms  p99 ms   max ms   req/s');
  for (const r of results) {
    console.log(
      `${r.command.padEnd(11)} ${String(r.connections).padStart(5)}  ${String(r.requests).padStart(8)}  ${r.median_ms.toFixed(3).padStart(9)}  ` +
        `${r.p99_ms.toFixed(3).padStart(6)}  ${r.max_ms.toFixed(3).padStart(7)}  ${String(r.requests_per_second).padStart(6)}`,
    );
  }
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  const out = {
    benchmark: 'protocol3',
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    load_average_1m: Math.round(loadavg()[0] * 100) / 100,
    requests_per_row: REQUESTS,
    warmup_per_row: WARMUP,
    results,
  };
  await writeFile(new URL('./results/protocol3.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  console.log('wrote bench/results/protocol3.json');
}

await main();
