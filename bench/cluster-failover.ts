// Issue #33's failover figure: how long a cluster is without a leader when its leader dies. Starts
// nats-server (JetStream, temporary store) and NODES `footlight serve` nodes (the first leads, the
// others render, all with --lease LEASE). Each round SIGKILLs the leader and measures, from the kill,
//  - the first write the next leader accepts (set_parameter over MCP, tried every 20 ms), and
//  - the first tick the next leader appends (a subscription to the show's tick subject).
// The next leader is the next node by name (the followers applied the same log; ties go by name).
// Prints each round and p50/max, and writes bench/results/cluster-failover.json.
//
//   node --import tsx bench/cluster-failover.ts        (NODES=4 LEASE=3)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { Client } from '@modelcontextprotocol/client';
import { connect } from '@nats-io/transport-node';
import { ClusterProcesses, percentile, until } from './cluster-processes.js';

const NODES = Number(process.env.NODES ?? 4);
const LEASE = process.env.LEASE ?? '3';
const processes = new ClusterProcesses();

const structured = async (c: Client, name: string, args: Record<string, unknown> = {}) => {
  const r = await c.callTool({ name, arguments: args });
  if (r.isError === true) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as Record<string, any>;
};

const load0 = loadavg()[0];
await processes.run(async () => {
  const url = await processes.nats();
  const nc = await until(() => connect({ servers: url }), 20_000);
  const names = Array.from({ length: NODES }, (_, i) => (i === 0 ? 'lead' : `r${i}`));
  const nodes = [];
  for (const [i, name] of names.entries()) {
    nodes.push(await processes.serve(['--cluster', url, '--node', name, '--role', i === 0 ? 'leader' : 'render', '--lease', LEASE]));
  }
  // The first tick after a lead record is the new leader's.
  let leadAt: number | undefined;
  let firstTickAt: number | undefined;
  nc.subscribe('footlight-demo.lead', {
    callback: () => {
      leadAt = performance.now();
    },
  });
  nc.subscribe('footlight-demo.tick', {
    callback: () => {
      if (leadAt !== undefined && firstTickAt === undefined) firstTickAt = performance.now();
    },
  });
  const rounds: { writeMs: number; tickMs: number }[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    const [old, next, ...rest] = nodes.slice(i);
    await structured(old.client, 'set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.3 + i / 10 });
    for (const n of [next, ...rest]) await until(async () => ((await structured(n.client, 'get_cluster_status')).lag === 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 1000)); // every follower has reported its progress since
    leadAt = undefined;
    firstTickAt = undefined;
    const killed = performance.now();
    old.child.kill('SIGKILL');
    await until(() => structured(next.client, 'set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.9 - i / 10 }), 60_000, 20);
    const writeMs = performance.now() - killed;
    await until(async () => (firstTickAt !== undefined ? true : undefined), 10_000, 10);
    rounds.push({ writeMs: +writeMs.toFixed(1), tickMs: +(firstTickAt! - killed).toFixed(1) });
    process.stdout.write(`round ${i + 1}: kill → first write accepted ${rounds[i].writeMs} ms, → first tick ${rounds[i].tickMs} ms\n`);
  }
  await nc.close();
  const column = (k: 'writeMs' | 'tickMs') => rounds.map((r) => r[k]);
  const summary = (k: 'writeMs' | 'tickMs') => ({ p50: percentile(column(k), 50), max: Math.max(...column(k)) });
  const out = { leaseSeconds: Number(LEASE), rounds, write: summary('writeMs'), tick: summary('tickMs'), loadAverage: [load0, loadavg()[0]] };
  process.stdout.write(
    `lease ${LEASE} s, ${rounds.length} failovers: first write p50 ${out.write.p50} ms (max ${out.write.max}); first tick p50 ${out.tick.p50} ms ` +
      `(max ${out.tick.max}); load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`,
  );
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-failover.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
});
