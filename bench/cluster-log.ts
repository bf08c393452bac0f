// Issue #33's log figures: how long a leader's write waits for the show's command log, and how far a
// render node trails the leader. Starts nats-server (JetStream, temporary store), then
//  1. appends APPENDS records straight through the log client, one at a time: append → ack latency;
//  2. runs a leader and a render node as `footlight serve` processes and sends CALLS set_parameter
//     calls to the leader over MCP, one at a time, while it polls the render node's lag (frames);
//  3. sends the same calls to a `serve` without --cluster: the same round trip with no log.
// Prints p50/p99 of each and writes bench/results/cluster-log.json.
//
//   node --import tsx bench/cluster-log.ts        (APPENDS=2000 CALLS=400)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { Client } from '@modelcontextprotocol/client';
import { ShowLog } from '../src/cluster/log.js';
import { ClusterProcesses, figures, percentile, until } from './cluster-processes.js';

const APPENDS = Number(process.env.APPENDS ?? 2000);
const CALLS = Number(process.env.CALLS ?? 400);
const processes = new ClusterProcesses();
const serve = async (args: string[]): Promise<Client> => (await processes.serve(args)).client;

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
await processes.run(async () => {
  const url = await processes.nats();
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
});
