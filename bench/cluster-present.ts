// Issue #33: how closely a cluster's render nodes present the same frame. Starts nats-server, a
// leader and two render nodes (`footlight serve`, --cluster-delay DELAY_MS, default 50) on this
// machine, lets FRAMES frames run, then reads when each node rendered each frame (get_cluster_status
// `renderedAt`) once both nodes have caught up with the log. Prints p50/p99/max of |render 1 − render 2| (the spread between nodes), of a render
// node's time after the leader's, and the frames each node presented late meanwhile. Writes
// bench/results/cluster-present.json. One machine's clock: across machines add their clock offset
// (NTP: about a millisecond on a LAN; PTP: microseconds).
//
// Then the leader's own outputs beside a render node's: a second cluster on the four-bar rig of
// test/cluster/slices (the leader sends bar Left, a render node bar Right, both --cluster-delay
// DELAY_MS) and an Art-Net receiver that stamps arrivals. STEPS times the channel's fader takes a new
// level: the first packet showing it on each bar is the same frame, so their arrival times differ by
// the skew between the leader's and the render node's packets for one frame; each also arrives at least
// DELAY_MS after the call (the leader holds its packets until the frame's presentation time).
//
//   node --import tsx bench/cluster-present.ts        (FRAMES=600 DELAY_MS=50 STEPS=100; SKEW_ONLY=1 skips the first part;
//                                                      LEADER_DELAY_MS=0 gives the leader no delay, for comparison)
import dgram from 'node:dgram';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { ClusterProcesses, figures, until } from './cluster-processes.js';
import { machine } from './load-loop.js';

const FRAMES = Number(process.env.FRAMES ?? 600);
const STEPS = Number(process.env.STEPS ?? 100);
const DELAY_MS = Number(process.env.DELAY_MS ?? 50);
const SKEW_ONLY = process.env.SKEW_ONLY === '1';
/** The leader's --cluster-delay in the second part (0: it sends as it renders, as before the leader presented on the delay). */
const LEADER_DELAY_MS = Number(process.env.LEADER_DELAY_MS ?? DELAY_MS);
const RIG = ['--project', fileURLToPath(new URL('../test/cluster/slices/slices.lxp', import.meta.url))];
const RIG_MEDIA = ['--media', fileURLToPath(new URL('../test/cluster/slices/media', import.meta.url))];
/** get_cluster_status answers at most 64 frames a call. */
const PER_CALL = 64;
const processes = new ClusterProcesses();

/** A node's get_cluster_status, with when it rendered `frames`. */
async function status(client: Client, frames: number[] = []): Promise<Record<string, any>> {
  const r = await client.callTool({ name: 'get_cluster_status', arguments: { frames } });
  if (r.isError === true) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as Record<string, any>;
}

async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError === true) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
  return r.structuredContent;
}

/** An ArtDmx packet as it arrived (epoch ms), by universe. */
interface Arrival {
  readonly at: number;
  readonly universe: number;
  readonly data: string;
}

/** The leader (bar Left, universe 1) and a render node (bar Right, universe 4): per fader step, when each bar first showed it. */
async function leaderSkew(url: string): Promise<Record<string, unknown>> {
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  const arrivals: Arrival[] = [];
  socket.on('message', (msg) => {
    if (msg.length >= 18 && msg.readUInt16LE(8) === 0x5000)
      arrivals.push({ at: Date.now(), universe: msg.readUInt16LE(14), data: msg.subarray(18, 18 + msg.readUInt16BE(16)).toString('hex') });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  processes.closing(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  const node = async (name: string, role: string, slice: string): Promise<Client> =>
    (
      await processes.serve([
        ...RIG,
        ...RIG_MEDIA,
        ...['--cluster', url, '--node', name, '--role', role, '--slice', slice],
        ...['--cluster-delay', String(role === 'leader' ? LEADER_DELAY_MS : DELAY_MS)],
      ])
    ).client;
  const leader = await node('bars-lead', 'leader', 'Left');
  const render = await node('bars-r1', 'render', 'Right');
  await until(async () => ((await status(render)).lag <= 6 ? true : undefined), 600_000);
  for (const f of (await callOk(leader, 'get_output_map', {})).fixtures as { path: string }[])
    await callOk(leader, 'set_fixture_params', { path: f.path, params: { port: socket.address().port, enabled: true } });
  await callOk(leader, 'add_channel', { class: 'Gradient', fader: 0.05 });
  await callOk(leader, 'set_parameter', { path: '/lx/mixer/channel/1/pattern/1/colorMode', value: 'FIXED' });
  await new Promise((r) => setTimeout(r, 1000 + 2 * DELAY_MS));
  const skew: number[] = [];
  const afterCall: number[] = [];
  let missed = 0;
  for (let i = 0; i < STEPS; i++) {
    // Levels that differ from step to step in every byte the bars send.
    const level = 0.1 + ((i * 37) % 90) / 100;
    const since = arrivals.length;
    const sent = Date.now();
    await callOk(leader, 'set_parameter', { path: '/lx/mixer/channel/1/fader', value: level });
    const before = arrivals.slice(0, since);
    const old = (u: number): string | undefined => before.findLast((p) => p.universe === u)?.data;
    const [oldLeft, oldRight] = [old(1), old(4)];
    const firsts = await until(
      async () => {
        const now = arrivals.slice(since);
        const left = now.find((p) => p.universe === 1 && p.data !== oldLeft);
        const right = now.find((p) => p.universe === 4 && p.data !== oldRight);
        return left !== undefined && right !== undefined ? [left, right] : undefined;
      },
      10_000,
      5,
    ).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    if (firsts === undefined || firsts[0].data !== firsts[1].data) {
      missed++;
      continue;
    }
    skew.push(firsts[1].at - firsts[0].at);
    afterCall.push(firsts[0].at - sent, firsts[1].at - sent);
  }
  const result = {
    steps: STEPS,
    delayMs: DELAY_MS,
    leaderDelayMs: LEADER_DELAY_MS,
    skewMs: figures(skew, 2),
    absSkewMs: figures(skew.map(Math.abs), 2),
    afterCallMs: figures(afterCall, 2),
    missed,
  };
  console.log(`leader (bar Left, --cluster-delay ${LEADER_DELAY_MS}) beside a render node (bar Right, ${DELAY_MS} ms), ${skew.length} steps`);
  console.log(`  render node − leader, same frame:  p50 ${result.skewMs.p50} ms, p99 ${result.skewMs.p99} ms, |max| ${result.absSkewMs.max} ms`);
  console.log(`  |skew|:                           p50 ${result.absSkewMs.p50} ms, p99 ${result.absSkewMs.p99} ms`);
  console.log(`  call → first packet (both):       p50 ${result.afterCallMs.p50} ms, min ${Math.min(...afterCall)} ms`);
  if (missed > 0) console.log(`  steps not seen alike on both bars: ${missed}`);
  return { ...result, afterCallMinMs: Math.min(...afterCall) };
}

const start = machine();
await processes.run(async () => {
  const url = await processes.nats();
  if (SKEW_ONLY) {
    const leaderSkewResult = await leaderSkew(url);
    await mkdir(new URL('./results/', import.meta.url), { recursive: true });
    await writeFile(
      new URL('./results/cluster-present.json', import.meta.url),
      `${JSON.stringify({ leaderSkew: leaderSkewResult, machine: { start, end: machine() } }, null, 2)}\n`,
    );
    return;
  }
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
  const leaderSkewResult = await leaderSkew(url);
  const result = {
    leaderSkew: leaderSkewResult,
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
