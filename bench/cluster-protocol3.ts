// Issue #33: what a protocol-3 write costs on a render node, which sends it to the leader and answers
// once its own replay has the line (docs/cluster.md, "Writes on a render node"), against the same
// write on the leader. Starts nats-server (JetStream, temporary store), a leader and a render node as
// `footlight serve` processes, then sends LINES `set 1 VALUE` lines, one at a time on one connection,
// to each in turn, twice. Prints p50/p99 of each and writes bench/results/cluster-protocol3.json.
//
//   node --import tsx bench/cluster-protocol3.ts        (LINES=300)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { Protocol3Client } from '../src/protocol3/client/client.js';
import { ClusterProcesses, figures } from './cluster-processes.js';

const LINES = Number(process.env.LINES ?? 300);
const processes = new ClusterProcesses();

/** A `serve` process and a protocol-3 client connected to it (closed before the processes stop). */
async function serve(args: string[]): Promise<Protocol3Client> {
  const { status } = await processes.launch(args);
  const client = new Protocol3Client();
  processes.closing(() => client.close());
  await client.connect('127.0.0.1', status.protocol3.port);
  return client;
}

async function lines(client: Protocol3Client): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const t0 = performance.now();
    const reply = await client.request(`set 1 ${((i % 100) / 100 + 0.005).toFixed(3)}`);
    ms.push(performance.now() - t0);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
  }
  return ms;
}

const load0 = loadavg()[0];
await processes.run(async () => {
  const url = await processes.nats();
  const leader = await serve(['--cluster', url, '--node', 'lead', '--role', 'leader']);
  const render = await serve(['--cluster', url, '--node', 'r1', '--role', 'render']);
  await lines(leader); // a round each to warm both paths up, then two rounds each, alternating
  await lines(render);
  const onLeader: number[] = [];
  const onRender: number[] = [];
  for (let round = 0; round < 2; round++) {
    onLeader.push(...(await lines(leader)));
    onRender.push(...(await lines(render)));
  }
  const out = { leaderLineMs: figures(onLeader), renderLineMs: figures(onRender), loadAverage: [load0, loadavg()[0]] };
  process.stdout.write(
    `protocol-3 set on the leader (${onLeader.length}): p50 ${out.leaderLineMs.p50} ms, p99 ${out.leaderLineMs.p99} ms\n` +
      `the same on the render node, forwarded and replayed (${onRender.length}): p50 ${out.renderLineMs.p50} ms, p99 ${out.renderLineMs.p99} ms\n` +
      `load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`,
  );
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-protocol3.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
});
