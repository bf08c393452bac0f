// The loopback floor: the agent-load request loop (bench/load-loop.ts) against a bare node:http
// endpoint in another process that reads the JSON body and echoes it back. Whatever MCP costs
// beyond this is Footlight's (and the MCP SDK's) overhead; bench/agent-load.ts reports its
// latency as a ratio to these figures. Writes bench/results/floor.json.
//
//   node --import tsx bench/floor.ts        (BENCH_SECONDS=8, BENCH_CONCURRENCY=1,8,32)
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fmt, machine, runLoop, type LoopResult } from './load-loop.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);

/** The bytes of a typical tools/call (a get_parameter), so the floor moves the same payload. */
export const SAMPLE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 17,
  method: 'tools/call',
  params: { name: 'get_parameter', arguments: { path: '/lx/mixer/channel/1/fader' } },
});

/** Starts the echo server in this process (child mode). */
async function serveEcho(): Promise<void> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
  process.on('message', (m) => {
    if (m === 'exit') server.close(() => process.exit(0));
  });
}

export interface FloorResults {
  readonly benchmark: 'floor';
  readonly machine: ReturnType<typeof machine>;
  readonly machineAfter: ReturnType<typeof machine>;
  readonly seconds: number;
  readonly rows: LoopResult[];
}

async function main(): Promise<void> {
  const before = machine();
  const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, FLOOR_SERVER: '1' }, execArgv: process.execArgv });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  const url = `http://127.0.0.1:${port}/echo`;
  const call = async (): Promise<void> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: SAMPLE_BODY,
    });
    const text = await res.text();
    if (res.status !== 200 || text.length !== SAMPLE_BODY.length) throw new Error(`echo failed: ${res.status}`);
  };
  const rows: LoopResult[] = [];
  for (const n of CONCURRENCY)
    rows.push(
      await runLoop(
        Array.from({ length: n }, () => call),
        SECONDS,
      ),
    );
  child.send('exit');
  await once(child, 'exit');
  const out: FloorResults = { benchmark: 'floor', machine: before, machineAfter: machine(), seconds: SECONDS, rows };
  console.log(
    `loopback floor: bare node:http echo in another process, fetch client, ${SECONDS} s per row (load ${before.loadAverage[0]} → ` +
      `${out.machineAfter.loadAverage[0]} on ${before.cores} cores)`,
  );
  console.log('clients  calls/s   median ms  p99 ms');
  for (const r of rows)
    console.log(
      `${String(r.concurrency).padStart(7)}  ${fmt(r.callsPerSecond, 0).padStart(7)}  ${fmt(r.medianMs, 3).padStart(10)}  ${fmt(r.p99Ms, 3).padStart(6)}`,
    );
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/floor.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
}

if (process.env.FLOOR_SERVER === '1') await serveEcho();
else await main();
