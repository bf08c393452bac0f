// Issue #33: how closely a cluster's render nodes present the same frame. Starts nats-server, a
// leader and two render nodes (`footlight serve`, --cluster-delay DELAY_MS, default 50) on this
// machine, lets FRAMES frames run, then reads when each node rendered each frame (get_cluster_status
// `renderedAt`) once both nodes have caught up with the log. Prints p50/p99/max of |render 1 − render 2| (the spread between nodes), of a render
// node's time after the leader's, and the frames each node presented late meanwhile. Writes
// bench/results/cluster-present.json. One machine's clock: across machines add their clock offset
// (NTP: about a millisecond on a LAN; PTP: microseconds).
//
//   node --import tsx bench/cluster-present.ts        (FRAMES=600 DELAY_MS=50)
import type { TestContext } from 'node:test';
import { mkdir, writeFile } from 'node:fs/promises';
import { startNats, startNode, until } from '../test/cluster/nodes.js';
import { machine } from './load-loop.js';

const FRAMES = Number(process.env.FRAMES ?? 600);
const DELAY_MS = Number(process.env.DELAY_MS ?? 50);
/** get_cluster_status answers at most 64 frames a call. */
const PER_CALL = 64;

// The test helpers' cleanup, run here in reverse order at the end.
const cleanups: (() => unknown)[] = [];
const context = { after: (fn: () => unknown) => void cleanups.push(fn) } as unknown as TestContext;

function figures(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => +sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
  return { n: values.length, p50: at(0.5), p99: at(0.99), max: +sorted[sorted.length - 1].toFixed(2) };
}

const start = machine();
try {
  const { url } = await startNats(context);
  const leader = await startNode(context, url, 'lead', 'leader');
  const nodes = [
    await startNode(context, url, 'r1', 'render', ['--cluster-delay', String(DELAY_MS)]),
    await startNode(context, url, 'r2', 'render', ['--cluster-delay', String(DELAY_MS)]),
  ];
  // The nodes replay the log from its start: measure once both have caught up with the leader.
  for (const n of nodes) await until('a caught-up node', async () => ((await n.status()).lag <= 6 ? true : undefined), 600_000);
  const lateBefore = await Promise.all(nodes.map(async (n) => (await n.status()).late as number));
  const from = ((await leader.status()).frame as number) + 30;
  const frames = Array.from({ length: FRAMES }, (_, i) => from + i);
  const end = frames[frames.length - 1];
  for (const n of nodes) await until('the frames', async () => ((await n.status()).frame >= end ? true : undefined), 600_000);
  const times = async (node: typeof leader): Promise<(number | null)[]> => {
    const out: (number | null)[] = [];
    for (let i = 0; i < frames.length; i += PER_CALL) out.push(...(await node.status(frames.slice(i, i + PER_CALL))).renderedAt);
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
  const late = await Promise.all(nodes.map(async (n, i) => ((await n.status()).late as number) - lateBefore[i]));
  const result = { frames: FRAMES, delayMs: DELAY_MS, spreadMs: figures(spread), afterLeaderMs: figures(after), late, machine: { start, end: machine() } };
  console.log(`two render nodes, --cluster-delay ${DELAY_MS} ms, ${spread.length} frames`);
  console.log(`  between the nodes:     p50 ${result.spreadMs.p50} ms, p99 ${result.spreadMs.p99} ms, max ${result.spreadMs.max} ms`);
  console.log(`  after the leader:      p50 ${result.afterLeaderMs.p50} ms, p99 ${result.afterLeaderMs.p99} ms, max ${result.afterLeaderMs.max} ms`);
  console.log(`  frames late (r1, r2):  ${late.join(', ')} (load average ${start.loadAverage.join(' ')})`);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/cluster-present.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
}
