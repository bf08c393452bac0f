// Issue #33's failover figure: how long a cluster is without a leader when its leader dies. Starts
// nats-server (JetStream, temporary store) and NODES `footlight serve` nodes (the first leads, the
// others render, all with --lease LEASE). Each round SIGKILLs the leader and measures, from the kill,
//  - the first write the next leader accepts (set_parameter over MCP, tried every 20 ms), and
//  - the first tick the next leader appends (a subscription to the show's tick subject).
// The next leader is the next node by name (the followers applied the same log; ties go by name).
// Prints each round and p50/max, and writes bench/results/cluster-failover.json.
//
//   node --import tsx bench/cluster-failover.ts        (NODES=4 LEASE=3)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { freePort } from '../test/cluster/nodes.js';
import { connect } from '@nats-io/transport-node';

const NODES = Number(process.env.NODES ?? 4);
const LEASE = process.env.LEASE ?? '3';
const BIN = new URL('../bin/footlight.js', import.meta.url).pathname;
const children: ChildProcess[] = [];
const temps: string[] = [];

async function until<T>(get: () => Promise<T | undefined>, ms = 120_000, everyMs = 50): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('timed out');
}

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function serve(node: string, role: string, url: string): Promise<{ client: Client; child: ChildProcess }> {
  const home = await temp('footlight-bench-');
  const args = ['serve', '--port', '0', '--sound-port', '0', '--osc-port', '0', '--osc-transmit', 'off'];
  const child = spawn(process.execPath, [BIN, ...args, '--cluster', url, '--node', node, '--role', role, '--lease', LEASE], {
    env: { ...process.env, FOOTLIGHT_HOME: home },
    stdio: 'ignore',
  });
  children.push(child);
  const status = await until(async () => {
    const s = JSON.parse(await readFile(join(home, 'status.json'), 'utf8'));
    return s.running === true ? s : undefined;
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(status.url)));
  return { client, child };
}

const structured = async (c: Client, name: string, args: Record<string, unknown> = {}) => {
  const r = await c.callTool({ name, arguments: args });
  if (r.isError === true) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as Record<string, any>;
};

const load0 = loadavg()[0];
const store = await temp('footlight-nats-');
const port = await freePort();
const url = `nats://127.0.0.1:${port}`;
children.push(spawn('/usr/sbin/nats-server', ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' }));
try {
  const nc = await until(() => connect({ servers: url }), 20_000);
  const names = Array.from({ length: NODES }, (_, i) => (i === 0 ? 'lead' : `r${i}`));
  const nodes = [];
  for (const [i, name] of names.entries()) nodes.push(await serve(name, i === 0 ? 'leader' : 'render', url));
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
  const sorted = (k: 'writeMs' | 'tickMs') => rounds.map((r) => r[k]).sort((a, b) => a - b);
  const summary = (k: 'writeMs' | 'tickMs') => ({ p50: sorted(k)[Math.floor(rounds.length / 2)], max: sorted(k)[rounds.length - 1] });
  const out = { leaseSeconds: Number(LEASE), rounds, write: summary('writeMs'), tick: summary('tickMs'), loadAverage: [load0, loadavg()[0]] };
  process.stdout.write(
    `lease ${LEASE} s, ${rounds.length} failovers: first write p50 ${out.write.p50} ms (max ${out.write.max}); first tick p50 ${out.tick.p50} ms ` +
      `(max ${out.tick.max}); load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`,
  );
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-failover.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
} finally {
  for (const c of children.reverse()) {
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  }
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
  process.exit(0);
}
