// Issue #33's log-size figures: how the show's log grows with the show, with the leader trimming the
// ticks behind its checkpoints and without (--checkpoint 0 keeps the whole log). Starts nats-server
// (JetStream, temporary store) and, for each round, a leader of the demo show that hears sound (the
// demo song plays: its audio blocks ride on every tick) and takes a set_parameter call a second;
// reads the stream's bytes and messages every SAMPLE_S seconds of show. Reports the log's growth in
// bytes a minute of show (the second half's peak against the first's), and the largest it got.
// Writes bench/results/cluster-log-size.json.
//
//   node --import tsx bench/cluster-log-size.ts        (SHOW_S=90 CHECKPOINT_S=15 SAMPLE_S=5)
import { loadavg } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/client';
import { ShowLog } from '../src/cluster/log.js';
import { ClusterProcesses, until } from './cluster-processes.js';

/** Seconds of show a round runs: the demo song plays for about 105 s, then the light hears silence (null blocks). */
const SHOW_S = Number(process.env.SHOW_S ?? 90);
const CHECKPOINT_S = Number(process.env.CHECKPOINT_S ?? 15);
const SAMPLE_S = Number(process.env.SAMPLE_S ?? 5);
const STREAM = 'footlight-demo';

interface Sample {
  /** Seconds of show (the leader's frames / 60). */
  readonly showS: number;
  readonly bytes: number;
  readonly messages: number;
}

interface Round {
  readonly checkpointS: number;
  readonly samples: Sample[];
  /** The log's growth, in bytes a minute of show: its largest size in the round's second half against the first's. */
  readonly bytesPerMinute: number;
  readonly mostBytes: number;
}

const processes = new ClusterProcesses();
const frameOf = async (client: Client): Promise<number> =>
  ((await client.callTool({ name: 'get_cluster_status', arguments: {} })).structuredContent as { frame: number | null }).frame ?? 0;

/** One leader that hears the song for SHOW_S seconds of show, its log sampled as it goes. */
async function round(url: string, log: ShowLog, checkpointS: number): Promise<Round> {
  const { child, client } = await processes.serve(['--cluster', url, '--node', 'lead', '--role', 'leader', '--checkpoint', String(checkpointS)]);
  await client.callTool({ name: 'song_control_transport', arguments: { operation: 'play' } });
  const samples: Sample[] = [];
  for (let next = 0; next <= SHOW_S; ) {
    const frame = await frameOf(client);
    if (frame / 60 >= next) {
      const { state } = await log.jsm.streams.info(STREAM);
      samples.push({ showS: +(frame / 60).toFixed(1), bytes: state.bytes, messages: state.messages });
      next += SAMPLE_S;
      await client.callTool({ name: 'set_parameter', arguments: { path: '/lx/mixer/channel/1/fader', value: 0.3 + (next % 7) / 10 } });
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await client.close();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  // A trimmed log saws between one and two checkpoints of ticks: compare the halves' peaks, not two points.
  const half = Math.floor(samples.length / 2);
  const most = (list: readonly Sample[]) => Math.max(...list.map((s) => s.bytes));
  const span = samples.at(-1)!.showS - samples[half - 1]!.showS;
  return {
    checkpointS,
    samples,
    bytesPerMinute: Math.round(((most(samples.slice(half)) - most(samples.slice(0, half))) * 60) / span),
    mostBytes: most(samples),
  };
}

const load0 = loadavg()[0];
await processes.run(async () => {
  const url = await processes.nats();
  const log = await until(() => ShowLog.open(url, 'bench', STREAM), 20_000);
  processes.closing(() => log.close());
  const rounds: Round[] = [];
  for (const checkpointS of [CHECKPOINT_S, 0]) {
    const r = await round(url, log, checkpointS);
    rounds.push(r);
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    const marks = r.samples.filter((_s, i) => i % Math.round(15 / SAMPLE_S) === 0 || i === r.samples.length - 1);
    process.stdout.write(
      `--checkpoint ${checkpointS}: ${kb(r.bytesPerMinute)} a minute of show, at most ${kb(r.mostBytes)}; ` +
        `${marks.map((s) => `${s.showS} s: ${kb(s.bytes)} in ${s.messages}`).join(', ')}\n`,
    );
  }
  process.stdout.write(`load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`);
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  const out = { showS: SHOW_S, sampleS: SAMPLE_S, rounds, loadAverage: [load0, loadavg()[0]] };
  await writeFile(new URL('./results/cluster-log-size.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
});
