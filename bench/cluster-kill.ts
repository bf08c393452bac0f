// Issue #33's recovery figures: how long a cluster takes to recover from each kill the kill test
// (test/cluster/kill-random.test.ts) makes. Starts nats-server (JetStream, temporary store), a leader
// and two render nodes (--lease LEASE --checkpoint CHECKPOINT) and a writer that sets a fader on the
// leader every 100 ms. Each round, one after the other:
//  - render: SIGKILL a render node and start it again under its name: kill → caught up, spawn → caught up;
//  - nats: SIGKILL the NATS server, wait OUTAGE_MS, start it on the same store and port: restart → the
//    leader appended what it held, restart → every render node follows again;
//  - leader: SIGKILL the leader: kill → a render node leads, kill → it accepted a write; the dead leader
//    is then started again as a render node (it joins from a checkpoint) for the next round.
// Prints each round and p50/max, and writes bench/results/cluster-kill.json.
//
//   node --import tsx bench/cluster-kill.ts        (ROUNDS=3 LEASE=3 CHECKPOINT=3 OUTAGE_MS=1000)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/client';
import { ClusterProcesses, figures, until } from './cluster-processes.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LEASE = process.env.LEASE ?? '3';
const CHECKPOINT = process.env.CHECKPOINT ?? '3';
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 1000);
const FADER = '/lx/mixer/channel/1/fader';
const processes = new ClusterProcesses();

interface Member {
  readonly name: string;
  child: ChildProcess;
  client: Client;
}

const structured = async (c: Client, name: string, args: Record<string, unknown> = {}) => {
  const r = await c.callTool({ name, arguments: args });
  if (r.isError === true) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as Record<string, any>;
};
const status = (m: Member) => structured(m.client, 'get_cluster_status');
const since = (t0: number): number => +(performance.now() - t0).toFixed(0);
const kill = async (m: Member): Promise<void> => {
  const exited = new Promise((r) => m.child.once('exit', r));
  m.child.kill('SIGKILL');
  await exited;
  await m.client.close().catch(() => undefined);
};

const load0 = loadavg()[0];
await processes.run(async () => {
  const url = await processes.nats();
  const start = async (name: string, role: 'leader' | 'render'): Promise<Member> => {
    const { child, client } = await processes.serve(['--cluster', url, '--node', name, '--role', role, '--lease', LEASE, '--checkpoint', CHECKPOINT]);
    processes.closing(() => client.close());
    return { name, child, client };
  };
  const members = await Promise.all([start('lead', 'leader'), start('r1', 'render'), start('r2', 'render')]);
  const leader = async (): Promise<Member> =>
    until(async () => {
      for (const m of members) if ((await status(m)).role === 'leader') return m;
      return undefined;
    }, 120_000);
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const lead = await leader().catch(() => undefined);
      await lead?.client.callTool({ name: 'set_parameter', arguments: { path: FADER, value: (i % 100) / 100 } }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const rows: Record<string, number[]> = {};
  const record = (what: string, ms: number): void => {
    (rows[what] ??= []).push(ms);
    process.stdout.write(`  ${what}: ${ms} ms\n`);
  };
  /** Starts a killed member again as a render node under its name; spawn → caught up. */
  const restart = async (m: Member): Promise<number> => {
    const t0 = performance.now();
    const again = await start(m.name, 'render');
    m.child = again.child;
    m.client = again.client;
    await until(async () => ((await status(m)).caughtUp !== undefined ? true : undefined), 240_000);
    return since(t0);
  };

  for (let round = 1; round <= ROUNDS; round++) {
    process.stdout.write(`round ${round}\n`);
    await new Promise((r) => setTimeout(r, 3000));
    const lead = await leader();
    const victim = members.find((m) => m !== lead)!;
    let t0 = performance.now();
    await kill(victim);
    const spawned = await restart(victim);
    record('render: kill → caught up', since(t0));
    record('render: spawn → caught up', spawned);

    await new Promise((r) => setTimeout(r, 3000));
    await processes.restartNats(OUTAGE_MS);
    t0 = performance.now();
    const now = await leader();
    await until(async () => ((await status(now)).held === undefined ? true : undefined), 120_000);
    record('nats: restart → leader appended what it held', since(t0));
    for (const m of members.filter((x) => x !== now)) {
      await until(async () => ((await status(m)).presenting === 'following' ? true : undefined), 120_000);
    }
    record('nats: restart → every render node follows', since(t0));

    await new Promise((r) => setTimeout(r, 3000));
    const old = await leader();
    t0 = performance.now();
    await kill(old);
    const rest = members.filter((m) => m !== old);
    const next = await until(async () => {
      for (const m of rest) if ((await status(m)).role === 'leader') return m;
      return undefined;
    }, 120_000);
    record('leader: kill → a render node leads', since(t0));
    await until(() => structured(next.client, 'set_parameter', { path: FADER, value: 0.5 }), 120_000, 20);
    record('leader: kill → first write accepted', since(t0));
    await restart(old);
  }
  writing = false;
  await writer;
  const out = {
    lease: Number(LEASE),
    checkpoint: Number(CHECKPOINT),
    outageMs: OUTAGE_MS,
    figures: Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { ...figures(v, 0), rounds: v }])),
    loadAverage: [load0, loadavg()[0]],
  };
  for (const [k, f] of Object.entries(out.figures)) process.stdout.write(`${k}: p50 ${f.p50} ms, max ${f.max} ms (${f.n} rounds)\n`);
  process.stdout.write(`load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`);
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-kill.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
});
