// Round-trip latency of get_parameter and set_parameter over real HTTP with the official SDK
// client, against an in-process Footlight rendering its demo show in real time.
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '../src/engine/log.js';
import { startFootlight } from '../src/main.js';

// The SDK client reuses one AbortSignal for every fetch; undici's listeners on it are released
// by GC, but Node warns past 1500. The warning is about the client, not the server measured.
setMaxListeners(0);

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const PATH = '/lx/mixer/channel/2/fader';

function stats(samples: number[]): { median: number; p99: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

const home = await mkdtemp(join(tmpdir(), 'footlight-bench-'));
const app = await startFootlight({ host: '127.0.0.1', port: 0, soundPort: 0, home, log: silentLogger, realtime: true });
const client = new Client({ name: 'bench', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(app.http.url)));

async function measure(name: string, args: (i: number) => Record<string, unknown>): Promise<number[]> {
  for (let i = 0; i < 100; i++) await client.callTool({ name, arguments: args(i) });
  const out: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name, arguments: args(i) });
    out.push(performance.now() - t0);
    if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  }
  return out;
}

const get = stats(await measure('get_parameter', () => ({ path: PATH })));
const set = stats(await measure('set_parameter', (i) => ({ path: PATH, value: (i % 100) / 100 })));
await client.close();
await app.close();
await rm(home, { recursive: true, force: true });

const result = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  calls: CALLS,
  get_parameter_ms: get,
  set_parameter_ms: set,
};
console.log(`MCP round trip over HTTP, ${CALLS} calls each, engine rendering at 60 fps`);
console.log(`  get_parameter  median ${get.median.toFixed(2)} ms  p99 ${get.p99.toFixed(2)} ms`);
console.log(`  set_parameter  median ${set.median.toFixed(2)} ms  p99 ${set.p99.toFixed(2)} ms`);
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/mcp-roundtrip.json', `${JSON.stringify(result, null, 2)}\n`);
