// Issue #33: how closely a cluster's render nodes present the same frame. Starts nats-server, a
// leader and two render nodes (`footlight serve`, --cluster-delay DELAY_MS, default 50) on this
// machine, lets FRAMES frames run, then reads when each node rendered each frame (get_cluster_status
// `renderedAt`) once both nodes have caught up with the log. Prints p50/p99/max of |render 1 − render 2| (the spread between nodes), of a render
// node's time after the leader's, and the frames each node presented late meanwhile. Writes
// bench/results/cluster-present.json. One machine's clock: across machines add their clock offset
// (NTP: about a millisecond on a LAN; PTP: microseconds).
//
//   node --import tsx bench/cluster-present.ts        (FRAMES=600 DELAY_MS=50)
import { mkdir, writeFile } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/client';
import { ClusterProcesses, figures, until } from './cluster-processes.js';
import { machine } from './load-loop.js';

const FRAMES = Number(process.env.FRAMES ?? 600);
const DELAY_MS = Number(process.env.DELAY_MS ?? 50);
/** get_cluster_status answers at most 64 frames a call. */
const PER_CALL = 64;
const processes = new ClusterProcesses();

/** A node's get_cluster_status, with when it rendered `frames`. */
async function status(client: Client, frames: number[] = []): Promise<Record<string, any>> {
  const r = await client.callTool({ name: 'get_cluster_status', arguments: { frames } });
  if (r.isError === true) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as Record<string, any>;
}

const start = machine();
await processes.run(async () => {
  const url = await processes.nats();
  const node = async (name: string, role: string, extra: string[] = []): Promise<Client> =>
    (await processes.serve(['--cluster', url, '--node', name, '--role', role, ...extra])).client;
  const leader = await node('lead', 'leader');
  const nodes = [await node('r1', 'render', ['--cluster-delay', String(DELAY_MS)]), await node('r2', 'render', ['--cluster-delay', String(DELAY_MS)])];
  // The nodes replay the log from its start: measure once both have caught up with the leader.
  for (const n of nodes) await until(async () => ((await status(n)).lag <= 6 ? true : undefined), 600_000);
  const lateBefore = await Promise.all(nodes.map(async (n) => (await status(n)).late as number));
  const from = ((await status(leader)).frame as number) + 30;
  const frames = Array.from({ length: FRAMES }, (_, i) => from + i);
  const end = frames[frames.length - 1];
  for (const n of nodes) await until(async () => ((await status(n)).frame >= end ? true : undefined), 600_000);
  const times = async (client: Client): Promise<(number | null)[]> => {
    const out: (number | null)[] = [];
    for (let i = 0; i < frames.length; i += PER_CALL) out.push(...(await status(client, frames.slice(i, i + PER_CALL))).renderedAt);
    return out;
  };
  const [lead, r1, r2] = [await times(leader), await times(nodes[0]), await times(nodes[1])];
  const spread: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < frames.length; i++) {
    const [a, b, l] = [r1[i], r2[i], lead[i]];
    if (a === null || b === null || l === null) continue;
    spread.push(Math.abs(a - b));
    after.push(a - l, b - l);
  }
  const late = await Promise.all(nodes.map(async (n, i) => ((await status(n)).late as number) - lateBefore[i]));
  const result = {
    frames: FRAMES,
    delayMs: DELAY_MS,
    spreadMs: figures(spread, 2),
    afterLeaderMs: figures(after, 2),
    late,
    machine: { start, end: machine() },
  };
  console.log(`two render nodes, --cluster-delay ${DELAY_MS} ms, ${spread.length} frames`);
  console.log(`  between the nodes:     p50 ${result.spreadMs.p50} ms, p99 ${result.spreadMs.p99} ms, max ${result.spreadMs.max} ms`);
  console.log(`  after the leader:      p50 ${result.afterLeaderMs.p50} ms, p99 ${result.afterLeaderMs.p99} ms, max ${result.afterLeaderMs.max} ms`);
  console.log(`  frames late (r1, r2):  ${late.join(', ')} (load average ${start.loadAverage.join(' ')})`);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/cluster-present.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
});
