// Issue #29's agent jobs, each on a fresh Footlight serving the stage demo (real time, as
// `footlight serve` runs), over real HTTP with the official SDK client: calls, bytes, the largest
// reply, wall time of the job itself (the bench's own before/after checks excluded), success, and
// whether undo restored the show. Prints a table and writes
// bench/results/agent-tasks.json.
//
//   node --import tsx bench/agent-tasks.ts            every job
//   BENCH_JOBS=synth,song node --import tsx bench/agent-tasks.ts
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '../src/engine/log.js';
import { startFootlight } from '../src/main.js';
import { Agent, JOBS } from './agent-jobs.js';

const only = process.env.BENCH_JOBS?.split(',');
const rows: Record<string, unknown>[] = [];
const load = loadavg()[0];
for (const job of JOBS.filter((j) => only === undefined || only.includes(j.name))) {
  const home = await mkdtemp(join(tmpdir(), 'footlight-agent-tasks-'));
  const app = await startFootlight({ host: '127.0.0.1', port: 0, soundPort: 0, oscReceivePort: 0, oscTransmitPort: 0, home, log: silentLogger, demo: 'stage' });
  const client = new Client({ name: 'agent-tasks', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(app.http.url)));
  const agent = new Agent(client);
  const t0 = performance.now();
  let error: string | undefined;
  let undone = false;
  let seconds = 0;
  try {
    const { undo } = await job.run(agent);
    seconds = (performance.now() - t0) / 1000;
    const counted = { calls: agent.calls, bytes: agent.bytes };
    try {
      await undo();
      undone = true;
    } finally {
      Object.assign(agent, counted);
    }
  } catch (err) {
    seconds ||= (performance.now() - t0) / 1000;
    error = (err as Error).message.split('\n')[0].slice(0, 200);
  }
  rows.push({
    job: job.name,
    task: job.task,
    ok: error === undefined,
    calls: agent.calls,
    kb: Number((agent.bytes / 1024).toFixed(1)),
    largest: agent.largest,
    seconds: Number(seconds.toFixed(1)),
    undo_restores: undone,
    target: job.target ?? null,
    ...(error === undefined ? {} : { error }),
  });
  await client.close();
  await app.close();
  await rm(home, { recursive: true, force: true });
}

console.log(`Agent jobs over MCP on the stage demo (load average ${load.toFixed(2)})`);
console.log('job     ok  calls  target   KB     target  largest reply            s      undo restores');
for (const r of rows as any[]) {
  const target = r.target ?? {};
  console.log(
    `${r.job.padEnd(7)} ${r.ok ? 'yes' : 'NO '} ${String(r.calls).padStart(5)}  ${String(target.calls ?? '—').padStart(6)}  ${r.kb.toFixed(1).padStart(6)}  ` +
      `${String(target.kb ?? '—').padStart(6)}  ${`${r.largest.tool} ${(r.largest.bytes / 1024).toFixed(1)} KB`.padEnd(24)} ` +
      `${r.seconds.toFixed(1).padStart(5)}  ` +
      `${r.undo_restores ? 'yes' : 'no'}${r.error === undefined ? '' : `  (${r.error})`}`,
  );
}
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/agent-tasks.json', `${JSON.stringify({ load_average: load, jobs: rows }, null, 2)}\n`);
