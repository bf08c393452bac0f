// Issue #33's rejoin figures: how long a render node that joins late (or restarts) takes to replay the
// show's log and catch up. Starts nats-server (JetStream, temporary store); for each log length it
// writes a log as a leader of the demo show would have (a start record, FRAMES ticks whose wall
// clocks end now, one set_parameter call every CALL_EVERY frames), then starts a render node
// (`footlight serve`, the demo show) and polls get_cluster_status until it rendered the last frame.
// Reports the time from spawn to caught up, from the node's first status to caught up, and the
// replay's frames a second; with the node's own `caughtUpMs` when it reports one. A last round runs a
// live leader and joins it twice: replaying the whole log, and from the newest checkpoint.
// Writes bench/results/cluster-rejoin.json.
//
//   node --import tsx bench/cluster-rejoin.ts        (FRAMES=1000,5000,20000 CALL_EVERY=4 LIVE_S=60 CALL_MS=0 CHECKPOINT_S=15)
// Before and after a change: run it with FOOTLIGHT_BIN=<the other build>/bin/footlight.js, copy the results file, then
// run it with BEFORE=<that copy>.
import { setMaxListeners } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { Client } from '@modelcontextprotocol/client';
import { ShowLog } from '../src/cluster/log.js';
import type { LogRecord } from '../src/cluster/records.js';
import { ClusterProcesses, cpuMs, until } from './cluster-processes.js';

const LENGTHS = (process.env.FRAMES ?? '1000,5000,20000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CALL_EVERY = Number(process.env.CALL_EVERY ?? 4);
/** Seconds a live leader runs (with calls) before a node joins it; 0 leaves that round out. */
const LIVE_S = Number(process.env.LIVE_S ?? 60);
/** The live leader's pace of calls: one every CALL_MS (0: as fast as it answers). */
const CALL_MS = Number(process.env.CALL_MS ?? 0);
/** Seconds between the live leader's checkpoints. */
const CHECKPOINT_S = Number(process.env.CHECKPOINT_S ?? 15);
const FRAME_MS = 1000 / 60;
/** Appends in flight at once while the log is written (JetStream stores them in the order they leave). */
const APPEND_BATCH = 256;
/** FOOTLIGHT_BIN: another build's bin/footlight.js (the before figures). */
const processes = new ClusterProcesses(process.env.FOOTLIGHT_BIN);
/** How long a node may take to catch up. */
const CATCH_UP_MS = 900_000;

/** The log a leader of the demo show leaves after `frames` frames: calls on channel 1's fader and pattern, ticks up to now. */
async function writeLog(log: ShowLog, frames: number): Promise<number> {
  await log.reset();
  const records: LogRecord[] = [{ kind: 'start', leader: 'bench-lead', project: null, startedAt: new Date().toISOString() }];
  const origin = { surface: 'mcp' as const, client: 'bench', session: 'bench' };
  const end = Date.now();
  let calls = 0;
  for (let f = 0; f < frames; f++) {
    if (f % CALL_EVERY === 0) {
      calls++;
      const args =
        calls % 2 === 0
          ? { path: '/lx/mixer/channel/1/fader', value: ((calls * 7) % 100) / 100 }
          : { path: '/lx/mixer/channel/1/pattern/1/scale', value: 0.2 + ((calls * 3) % 50) / 100 };
      records.push({ kind: 'call', tool: 'set_parameter', args, origin, frame: f });
    }
    records.push({ kind: 'tick', frame: f, position: 0, playing: false, wallMs: end - (frames - f) * FRAME_MS });
  }
  for (let i = 0; i < records.length; i += APPEND_BATCH) await Promise.all(records.slice(i, i + APPEND_BATCH).map((r) => log.append(r)));
  return calls;
}

interface Rejoin {
  frames: number;
  calls: number;
  /** Spawn → the node rendered the log's last frame. */
  rejoinMs: number;
  /** The node's first answer → caught up: the replay alone (start-up excluded). */
  replayMs: number;
  replayFramesPerSecond: number;
  /** The node's CPU time (all its threads) over the replay, per frame replayed: what the machine's load does not change much. */
  cpuMsPerFrame: number;
  /** The node's CPU time over the replay, in all. */
  cpuMs: number;
  /** What the node reports itself (undefined before the node reported catch-up). */
  caughtUpMs?: number;
  /** The checkpoint the node joined from (the live rounds): its frame, the calls replayed to reach it, how long that took. */
  joined?: { frame: number; calls: number; ms: number };
  failed: number;
}

/** One round's figures, as printed. */
const summary = (r: Rejoin): string =>
  `rejoin ${r.rejoinMs} ms (replay ${r.replayMs} ms, ${r.replayFramesPerSecond} frames/s, ${r.cpuMsPerFrame} ms CPU a frame` +
  `${r.caughtUpMs === undefined ? '' : `; the node says ${r.caughtUpMs} ms`}), CPU ${r.cpuMs} ms` +
  `${r.joined === undefined ? '' : `, joined from the checkpoint at frame ${r.joined.frame} (${r.joined.calls} calls, ${r.joined.ms} ms)`}, failed ${r.failed}`;

const clusterStatus = async (client: Client) => (await client.callTool({ name: 'get_cluster_status', arguments: {} })).structuredContent as Record<string, any>;

/** A render node joins now and catches up with a log of `frames` frames (the newest tick's frame + 1 when a leader runs). */
async function rejoin(url: string, frames: number, calls: number, leader?: Client, extra: string[] = []): Promise<Rejoin> {
  const t0 = performance.now();
  const lease = leader === undefined ? '3600' : '3';
  const { child, client } = await processes.serve(['--cluster', url, '--node', 'late', '--role', 'render', '--lease', lease, ...extra]);
  const cluster = () => clusterStatus(client);
  const first = await cluster();
  const t1 = performance.now();
  const cpu1 = await cpuMs(child.pid!);
  const firstFrame = (first.frame as number | null) ?? -1;
  // With a leader running, caught up is within the presentation delay (3 frames) of its newest frame.
  const target = async (): Promise<number> => (leader === undefined ? frames - 1 : ((await clusterStatus(leader)).frame as number) - 4);
  const done = await until(async () => {
    const s = await cluster();
    return s.frame >= (await target()) && s.catchingUp === undefined ? s : undefined;
  }, CATCH_UP_MS);
  if (leader !== undefined) frames = done.frame + 1;
  const t2 = performance.now();
  const cpu2 = await cpuMs(child.pid!);
  await client.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const replayMs = t2 - t1;
  return {
    frames,
    calls,
    rejoinMs: Math.round(t2 - t0),
    replayMs: Math.round(replayMs),
    replayFramesPerSecond: Math.round(((frames - 1 - firstFrame) * 1000) / replayMs),
    cpuMsPerFrame: +((cpu2 - cpu1) / (frames - 1 - firstFrame)).toFixed(3),
    cpuMs: Math.round(cpu2 - cpu1),
    ...(done.caughtUp === undefined ? {} : { caughtUpMs: done.caughtUp.ms }),
    ...(done.joined === undefined ? {} : { joined: { frame: done.joined.frame, calls: done.joined.calls, ms: done.joined.ms } }),
    failed: done.failed,
  };
}

// One MCP client makes thousands of calls: each adds a listener to the process-wide abort signal for its life.
setMaxListeners(0);
const load0 = loadavg()[0];
await processes.run(async () => {
  const url = await processes.nats();
  // The demo show's stream, as the render node names it.
  const log = await until(() => ShowLog.open(url, 'bench', 'footlight-demo'), 20_000);
  const rounds: Rejoin[] = [];
  for (const frames of LENGTHS) {
    const calls = await writeLog(log, frames);
    const r = await rejoin(url, frames, calls);
    rounds.push(r);
    process.stdout.write(`${frames} frames, ${calls} calls: ${summary(r)}\n`);
  }
  await log.close();
  if (LIVE_S > 0) {
    // A leader starts anew (--fresh: the log holds the rounds above) and runs the demo show for LIVE_S seconds, taking set_parameter
    // calls over MCP as fast as it answers; then a node joins
    // by replaying the whole log (--checkpoint 0), and another from the newest checkpoint (taken every CHECKPOINT_S).
    const leader = await processes.serve(['--cluster', url, '--node', 'lead', '--role', 'leader', '--fresh', '--checkpoint', String(CHECKPOINT_S)]);
    const end = performance.now() + LIVE_S * 1000;
    let calls = 0;
    while (performance.now() < end) {
      const path = calls % 2 === 0 ? '/lx/mixer/channel/1/fader' : '/lx/mixer/channel/1/pattern/1/scale';
      await leader.client.callTool({ name: 'set_parameter', arguments: { path, value: 0.2 + ((calls * 7) % 80) / 100 } });
      calls++;
      if (CALL_MS > 0) await new Promise((r) => setTimeout(r, CALL_MS));
    }
    for (const [how, extra] of [
      ['whole log', ['--checkpoint', '0']],
      ['from a checkpoint', []],
    ] as const) {
      const r = await rejoin(url, 0, calls, leader.client, [...extra]);
      r.calls = (await clusterStatus(leader.client)).calls;
      rounds.push(r);
      process.stdout.write(`live leader, ${how}, ${r.frames} frames, ${r.calls} calls: ${summary(r)}\n`);
    }
  }
  // BEFORE: an earlier run's results file (another build's, through FOOTLIGHT_BIN), kept beside these.
  const before = process.env.BEFORE === undefined ? {} : { before: JSON.parse(await readFile(process.env.BEFORE, 'utf8')) };
  const out = { callEvery: CALL_EVERY, rounds, loadAverage: [load0, loadavg()[0]], ...before };
  process.stdout.write(`load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`);
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(new URL('./results/cluster-rejoin.json', import.meta.url).pathname, `${JSON.stringify(out, null, 2)}\n`);
});
