// Kills at random moments (issue #33, docs/cluster.md "Failure"): nats-server, a leader and two render
// nodes as real processes, and a writer that keeps making writes, each with a label of its own (a
// snapshot `kill-wN`), on whichever node is alive. In a seeded order and at seeded moments it SIGKILLs
//  - a render node, and starts it again under its name: it joins from a checkpoint and catches up;
//  - the leader: a render node takes the lease;
//  - the NATS server, and starts it again on the same store and port: the leader appends what it held.
// Then every acknowledged write is in the history exactly once (and no write twice), every live node
// holds the same project, sound host and history and renders the same frames. Recovery times are printed
// (bench/cluster-kill.ts measures them). FOOTLIGHT_KILL_SEED replays a run.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { pick, prng } from '../reliability/helpers.js';
import { history, nextFrames, replayed, sameFrames, sameShow } from './agree.js';
import { NATS_SERVER, type Node, startNats, startNode, until } from './nodes.js';

const SEED = Number(process.env.FOOTLIGHT_KILL_SEED ?? Math.floor(Math.random() * 1_000_000));
const NODE_ARGS = ['--lease', '3', '--checkpoint', '3'];
/** Writes stay below get_history's 200 steps, so every one can be found. */
const MAX_WRITES = 170;
/** A write that gets no answer within this is counted as not acknowledged (it may still have run). */
const CALL_MS = 15_000;

type Kill = 'render' | 'leader' | 'nats';

/** The live nodes by name, and which leads. */
class Cluster {
  readonly nodes = new Map<string, Node>();
  constructor(nodes: readonly Node[]) {
    for (const n of nodes) this.nodes.set(n.name, n);
  }
  async leader(): Promise<Node> {
    return until('a node to lead', async () => {
      for (const n of this.nodes.values()) if ((await n.status()).role === 'leader') return n;
      return undefined;
    });
  }
  async renders(): Promise<Node[]> {
    const lead = await this.leader();
    return [...this.nodes.values()].filter((n) => n !== lead);
  }
}

interface Write {
  readonly label: string;
  acked: boolean;
  error?: string;
}

/** Writes `kill-wN` snapshots on random live nodes, one at a time, until `stop` (or MAX_WRITES). */
function writer(cluster: Cluster, random: () => number): { writes: Write[]; stop: () => Promise<void> } {
  const writes: Write[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped && i < MAX_WRITES; i++) {
      const node = pick(random, [...cluster.nodes.values()]);
      const w: Write = { label: `kill-w${i}`, acked: false };
      writes.push(w);
      try {
        const r = await node.client.callTool({ name: 'add_snapshot', arguments: { label: w.label } }, { timeout: CALL_MS });
        w.acked = r.isError !== true;
        if (!w.acked) w.error = (r.content as { text: string }[])[0].text.slice(0, 200);
      } catch (err) {
        w.error = String(err).slice(0, 200);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  return {
    writes,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

const since = (t0: number): number => Math.round(performance.now() - t0);

test('kills at random moments: a render node, the leader, the NATS server; no acknowledged write lost, every node agrees', {
  skip: !existsSync(NATS_SERVER),
  timeout: 420_000,
}, async (t: TestContext) => {
  t.diagnostic(`seed ${SEED} (FOOTLIGHT_KILL_SEED)`);
  const random = prng(SEED);
  const order: Kill[] = ['render', 'leader', 'nats'];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const nats = await startNats(t);
  const cluster = new Cluster(
    await Promise.all([
      startNode(t, nats.url, 'lead', 'leader', NODE_ARGS),
      startNode(t, nats.url, 'r1', 'render', NODE_ARGS),
      startNode(t, nats.url, 'r2', 'render', NODE_ARGS),
    ]),
  );
  const initial = (await history(await cluster.leader())).undo.length;
  const w = writer(cluster, prng(SEED + 1));
  const recovery: Record<string, number> = {};

  for (const kill of order) {
    // A random moment: 1–4 s of writes after the last recovery.
    await new Promise((r) => setTimeout(r, 1000 + random() * 3000));
    const t0 = performance.now();
    if (kill === 'render') {
      const victim = pick(random, await cluster.renders());
      await victim.kill();
      cluster.nodes.delete(victim.name);
      const again = await startNode(t, nats.url, victim.name, 'render', NODE_ARGS);
      const spawned = performance.now();
      const done = await until(`${victim.name} to catch up again`, async () => {
        const s = await again.status();
        return s.caughtUp === undefined ? undefined : s;
      });
      cluster.nodes.set(again.name, again);
      assert.ok(done.joined !== undefined, `${victim.name} joined from a checkpoint`);
      assert.equal(done.failed, 0, `${victim.name} replayed every call`);
      recovery['render: kill → caught up (ms)'] = since(t0);
      recovery['render: start → caught up (ms)'] = since(spawned);
    } else if (kill === 'leader') {
      const old = await cluster.leader();
      await old.kill();
      cluster.nodes.delete(old.name);
      const next = await cluster.leader();
      recovery['leader: kill → a render node leads (ms)'] = since(t0);
      await until(`${next.name} to take writes`, async () => {
        const r = await next.client.callTool({ name: 'get_cluster_status', arguments: {} });
        return (r.structuredContent as { role: string }).role === 'leader' ? true : undefined;
      });
    } else {
      await nats.stop('SIGKILL');
      await new Promise((r) => setTimeout(r, 500 + random() * 2500));
      const restarted = performance.now();
      await nats.start();
      const lead = await cluster.leader();
      await until('the leader to append what it held', async () => ((await lead.status()).held === undefined ? true : undefined));
      for (const r of await cluster.renders()) {
        await until(`${r.name} to follow again`, async () => ((await r.status()).presenting === 'following' ? true : undefined));
      }
      recovery['nats: kill → every node follows (ms)'] = since(t0);
      recovery['nats: restart → every node follows (ms)'] = since(restarted);
    }
    t.diagnostic(`${kill} killed and recovered; ${w.writes.length} writes so far`);
  }
  await new Promise((r) => setTimeout(r, 1000));
  await w.stop();
  t.diagnostic(`order ${order.join(', ')}; recovery ${JSON.stringify(recovery)}`);

  const lead = await cluster.leader();
  const renders = await cluster.renders();
  await replayed(lead, renders);
  const labels = (await history(lead)).undo;
  const acked = w.writes.filter((x) => x.acked);
  const lost = w.writes.filter((x) => !x.acked);
  t.diagnostic(`${w.writes.length} writes, ${acked.length} acknowledged; not: ${JSON.stringify(lost.map((x) => `${x.label}: ${x.error}`))}`);
  assert.equal(labels.length - initial <= MAX_WRITES, true);
  for (const x of w.writes) {
    const times = labels.filter((l) => l === `Capture ${x.label}`).length;
    if (x.acked) assert.equal(times, 1, `acknowledged ${x.label} is in the history exactly once`);
    else assert.ok(times <= 1, `${x.label} (not acknowledged) is in the history at most once`);
  }
  await sameShow(lead, renders);
  await sameFrames([lead, ...renders], await nextFrames(lead));
});
