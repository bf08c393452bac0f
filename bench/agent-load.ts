// Agent load: 1, 8 and 32 concurrent MCP sessions over real HTTP, each a closed loop of tool calls
// (70% reads: get_parameter and list_channels summary; 30% writes: set_parameter) while the
// engine renders 100,000 points at 60 fps. The Footlight under test runs in its own process; this
// process is only the load generator. Per row: calls/s, median/p99 latency, and the frames the
// engine dropped (started later than 1.5× their period: the clock's `late` count) during the row.
// Two load generators: the official MCP SDK client (what agents use) and a bare fetch client that
// speaks the same JSON-RPC over the same HTTP (so the SDK client's own cost can be told apart).
// Two render workloads: `standard` (the golden README's workload at 100k points; on this machine
// it cannot reach 60 fps on its own, so its row 0 is the baseline to compare with) and `light`
// (the same grid with one Solid channel, which renders well inside 16.7 ms, so frames dropped
// measure what the agents cost the show). Writes bench/results/agent-load.json.
//
//   node --import tsx bench/agent-load.ts
//   BENCH_SECONDS=8 BENCH_SESSIONS=1,8,32 BENCH_WORKLOADS=standard,light BENCH_CLIENTS=sdk,raw BENCH_DONE_SPIN=2
//   BENCH_PRIORITY=high (the server's render priority, as `serve`; normal leaves it as started)
// Under each row with late frames, a line gives them by main cause (see LateFrame).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setMaxListeners } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fmt, machine, runLoop, type Call, type LoopResult } from './load-loop.js';
import { PerformanceObserver } from 'node:perf_hooks';
import { SeededRandom } from '../src/engine/random.js';
import type { RenderPriority, RenderPriorityResult } from '../src/engine/thread-priority.js';
import { ThreadClock, type ThreadTime } from '../src/engine/thread-time.js';

// The SDK client reuses one AbortSignal per transport for every fetch; Node warns past the
// default listener count. The warning is about the client, not the server measured.
setMaxListeners(0);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SESSIONS = (process.env.BENCH_SESSIONS ?? '1,8,32').split(',').map(Number);
const WORKLOADS = (process.env.BENCH_WORKLOADS ?? 'standard,light').split(',') as Workload[];
const CLIENTS = (process.env.BENCH_CLIENTS ?? 'sdk,raw').split(',') as ClientKind[];
const POINTS = { rows: 250, columns: 400 };
const PRIORITY = (process.env.BENCH_PRIORITY ?? 'high') as RenderPriority;

type Workload = 'standard' | 'light';
type ClientKind = 'sdk' | 'raw';

interface ServerStats {
  readonly frames: number;
  readonly late: number;
  readonly skipped: number;
  readonly frameMs: number;
  readonly startDelayMs: number;
  readonly rssMiB: number;
  readonly cpuMs: number;
  readonly eluActive: number;
  readonly eluIdle: number;
  readonly sessions: number;
  readonly queueExpired: number;
  /** Every late frame so far (at most the last LATE_RECORDS). */
  readonly lateFrames: LateFrame[];
}

/**
 * A late frame (started over 1.5 periods after the previous one) and where the time between the
 * two starts went, on the engine thread: the previous frame's run, calls still running when the
 * frame was due, garbage collection, the thread descheduled (runnable, but the cores were taken:
 * the scheduler's accounting, src/engine/thread-time.ts), and the rest of its CPU time outside
 * frames and calls (HTTP, the MCP SDK, replies).
 */
export interface LateFrame {
  readonly at: number;
  readonly gapMs: number;
  readonly previousFrameMs: number;
  /** The previous frame's CPU time on this thread (its wall time less time descheduled). */
  readonly previousFrameCpuMs: number;
  readonly callsPastDueMs: number;
  readonly gcMs: number;
  readonly descheduledMs: number;
  readonly otherCpuMs: number;
}

const LATE_RECORDS = 5000;
const PERIOD_MS = 1000 / 60;
/** The late causes, in the order a row prints them. */
const LATE_CAUSES = ['previousFrameMs', 'callsPastDueMs', 'gcMs', 'descheduledMs', 'otherCpuMs'] as const;

// ---------------------------------------------------------------------------------------------
// Server side (child process)

async function serve(workload: Workload): Promise<void> {
  const { silentLogger } = await import('../src/engine/log.js');
  const { startFootlight } = await import('../src/main.js');
  // BENCH_DONE_SPIN: the engine thread's watch for a helper's last chunk (PointPool.doneSpinChunks; 0: sleep at once).
  if (process.env.BENCH_DONE_SPIN !== undefined) {
    const { pointPool } = await import('../src/light/parallel/point-pool.js');
    pointPool.doneSpinChunks = Number(process.env.BENCH_DONE_SPIN);
  }
  const { writeWorkload } = await import('./agent-workload.js');
  const home = await mkdtemp(join(tmpdir(), 'footlight-agent-load-'));
  const project = await writeWorkload(home, workload, POINTS.rows, POINTS.columns);
  const app = await startFootlight({
    host: '127.0.0.1',
    port: 0,
    soundPort: 0,
    home,
    log: silentLogger,
    realtime: false,
    writeStatus: false,
    oscReceivePort: 0,
    oscTransmitPort: 0,
    maxSessions: 256,
    project,
    renderPriority: PRIORITY,
  });
  const points = app.light.structure.model.size;
  const warnings = [...app.light.warnings];
  app.engine.history.clear();
  // Late-frame accounting (see LateFrame), from the first and the last frame listener.
  const thread = new ThreadClock();
  const gcs: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration });
    if (gcs.length > 4096) gcs.splice(0, gcs.length - 4096);
  });
  observer.observe({ entryTypes: ['gc'] });
  const pending: {
    at: number;
    gapMs: number;
    previousFrameMs: number;
    previousFrameCpuMs: number;
    callsPastDueMs: number;
    cpuMs: number;
    descheduledMs: number;
  }[] = [];
  const lateFrames: LateFrame[] = [];
  let lastStart = Number.NaN;
  let lastEnd = Number.NaN;
  let lastPastDue = 0;
  let lastTime: ThreadTime | undefined;
  let lastEndCpu = Number.NaN;
  app.engine.clock.onFrame(
    () => {
      const now = performance.now();
      const time = thread.read();
      const pastDue = app.engine.queue.stats().pastDueMs;
      if (now - lastStart > 1.5 * PERIOD_MS && lastEnd >= lastStart) {
        pending.push({
          at: lastStart,
          gapMs: now - lastStart,
          previousFrameMs: lastEnd - lastStart,
          previousFrameCpuMs: lastTime === undefined ? Number.NaN : lastEndCpu - lastTime.cpuMs,
          callsPastDueMs: pastDue - lastPastDue,
          cpuMs: time === undefined || lastTime === undefined ? Number.NaN : time.cpuMs - lastTime.cpuMs,
          descheduledMs: time === undefined || lastTime === undefined ? Number.NaN : time.waitMs - lastTime.waitMs,
        });
      }
      lastStart = now;
      lastPastDue = pastDue;
      lastTime = time;
    },
    { first: true },
  );
  app.engine.clock.onFrame(() => {
    lastEnd = performance.now();
    lastEndCpu = thread.read()?.cpuMs ?? Number.NaN;
  });
  /** Late frames whose GC entries have arrived (they come a little after the collection). */
  const settle = (): void => {
    const horizon = performance.now() - 200;
    while (pending.length > 0 && pending[0].at + pending[0].gapMs < horizon) {
      const p = pending.shift() as (typeof pending)[number];
      const end = p.at + p.gapMs;
      let gcMs = 0;
      for (const g of gcs) gcMs += Math.max(0, Math.min(end, g.end) - Math.max(p.at, g.start));
      lateFrames.push({
        at: p.at,
        gapMs: p.gapMs,
        previousFrameMs: p.previousFrameMs,
        previousFrameCpuMs: p.previousFrameCpuMs,
        callsPastDueMs: p.callsPastDueMs,
        gcMs,
        descheduledMs: p.descheduledMs,
        // CPU between the two starts that was neither the frame nor calls past due nor GC: HTTP, the SDK, replies.
        otherCpuMs: Math.max(0, p.cpuMs - p.previousFrameCpuMs - p.callsPastDueMs - gcMs),
      });
      if (lateFrames.length > LATE_RECORDS) lateFrames.shift();
    }
  };
  app.engine.clock.start(60);
  const stats = (): ServerStats => {
    const c = app.engine.clock.stats();
    const cpu = process.cpuUsage();
    const elu = performance.eventLoopUtilization();
    return {
      frames: c.frames,
      late: c.late,
      skipped: c.skipped,
      frameMs: c.frameMs,
      startDelayMs: c.startDelayMs,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      cpuMs: (cpu.user + cpu.system) / 1000,
      eluActive: elu.active,
      eluIdle: elu.idle,
      sessions: app.mcp.activeSessions,
      queueExpired: app.engine.queue.stats().expired,
      lateFrames: (settle(), lateFrames),
    };
  };
  process.on('message', (m: { cmd: string }) => {
    if (m.cmd === 'stats') process.send?.({ stats: stats() });
    else if (m.cmd === 'exit')
      void app
        .close()
        .then(() => rm(home, { recursive: true, force: true }))
        .then(() => process.exit(0));
  });
  process.send?.({ url: app.http.url, points, warnings, renderPriority: app.renderPriority });
}

// ---------------------------------------------------------------------------------------------
// Load generator (this process)

class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly points: number,
    readonly warnings: readonly string[],
    readonly renderPriority: RenderPriorityResult,
  ) {}

  static async start(workload: Workload): Promise<ServerProcess> {
    const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, AGENT_LOAD_SERVER: workload }, execArgv: process.execArgv });
    const [m] = (await once(child, 'message')) as [{ url: string; points: number; warnings: string[]; renderPriority: RenderPriorityResult }];
    return new ServerProcess(child, m.url, m.points, m.warnings, m.renderPriority);
  }

  async stats(): Promise<ServerStats> {
    this.child.send({ cmd: 'stats' });
    const [m] = (await once(this.child, 'message')) as [{ stats: ServerStats }];
    return m.stats;
  }

  async stop(): Promise<void> {
    this.child.send({ cmd: 'exit' });
    await once(this.child, 'exit');
  }
}

/** The parameters the writes touch: every bounded parameter of the channels and the master bus. */
interface Target {
  readonly path: string;
  readonly min: number;
  readonly max: number;
}

/** The engine's seeded generator, so each worker's sequence of calls is reproducible. */
function prng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

interface Request {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** The mix: 35% get_parameter, 35% list_channels summary, 30% set_parameter (a value in range). */
function nextRequest(random: () => number, targets: readonly Target[]): Request {
  const r = random();
  const t = targets[Math.floor(random() * targets.length)];
  if (r < 0.35) return { name: 'get_parameter', arguments: { path: t.path } };
  if (r < 0.7) return { name: 'list_channels', arguments: { detail: 'summary' } };
  return { name: 'set_parameter', arguments: { path: t.path, value: t.min + random() * (t.max - t.min) } };
}

interface Session {
  readonly call: Call;
  close(): Promise<void>;
}

async function sdkSession(url: string, targets: readonly Target[], seed: number): Promise<Session> {
  const client = new Client({ name: `agent-load-${seed}`, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const random = prng(seed);
  return {
    call: async () => {
      const r = await client.callTool(nextRequest(random, targets));
      if (r.isError === true) throw new Error(JSON.stringify(r.content).slice(0, 200));
    },
    close: () => client.close(),
  };
}

/** The same JSON-RPC over fetch, without the SDK: POST, read the SSE (or JSON) reply. */
async function rawSession(url: string, targets: readonly Target[], seed: number): Promise<Session> {
  let sessionId = '';
  let id = 0;
  const post = async (body: unknown): Promise<unknown> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    };
    if (sessionId !== '') headers['mcp-session-id'] = sessionId;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    sessionId = res.headers.get('mcp-session-id') ?? sessionId;
    const text = await res.text();
    if (res.status >= 300) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (text.length === 0) return undefined;
    const data = text.startsWith('{')
      ? text
      : (text
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5))
          .find((l) => l.trim().length > 0) ?? '{}');
    return JSON.parse(data);
  };
  await post({
    jsonrpc: '2.0',
    id: ++id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: `agent-load-raw-${seed}`, version: '1' } },
  });
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const random = prng(seed);
  return {
    call: async () => {
      const reply = (await post({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: nextRequest(random, targets) })) as {
        result?: { isError?: boolean };
      };
      if (reply?.result === undefined || reply.result.isError === true) throw new Error(JSON.stringify(reply).slice(0, 200));
    },
    close: async () => {
      await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } });
    },
  };
}

async function discoverTargets(url: string): Promise<Target[]> {
  const client = new Client({ name: 'agent-load-setup', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const targets: Target[] = [];
  const channels = (await client.callTool({ name: 'list_channels', arguments: {} })).structuredContent as { channels: { path: string }[] };
  for (const path of [...channels.channels.map((c) => c.path), '/lx/mixer/master']) {
    const list = (await client.callTool({ name: 'list_parameters', arguments: { path } })).structuredContent as {
      parameters: { path: string; kind: string; range?: { min: number; max: number } }[];
    };
    for (const p of list.parameters)
      if (p.kind === 'bounded' && p.range !== undefined && !/fader$/.test(p.path)) targets.push({ path: p.path, min: p.range.min, max: p.range.max });
  }
  await client.close();
  if (targets.length === 0) throw new Error('no bounded parameters found to write');
  return targets;
}

export interface AgentRow extends LoopResult {
  readonly workload: Workload;
  readonly client: ClientKind | 'none';
  readonly sessions: number;
  readonly frames: number;
  readonly fps: number;
  readonly framesDropped: number;
  readonly framesDroppedPct: number;
  readonly framesSkipped: number;
  /** Mean time a frame ran, and mean time it started after it was due, in ms. */
  readonly frameMeanMs: number;
  readonly frameStartDelayMeanMs: number;
  readonly serverCpuPct: number;
  readonly serverThreadBusyPct: number;
  readonly serverRssMiB: number;
  readonly openSessionsAfterClose: number;
  readonly expired: number;
  /** Late frames of the row by their main cause (the part over half their lateness), and each part's mean, in ms. */
  readonly lateCauses: Record<(typeof LATE_CAUSES)[number] | 'none', number>;
  readonly lateMeans: Record<(typeof LATE_CAUSES)[number] | 'gapMs' | 'previousFrameCpuMs', number>;
}

async function phase(server: ServerProcess, workload: Workload, client: ClientKind | 'none', n: number, targets: readonly Target[]): Promise<AgentRow> {
  const sessions: Session[] = [];
  for (let i = 0; i < n; i++) sessions.push(await (client === 'sdk' ? sdkSession : rawSession)(server.url, targets, 1000 * n + i + 1));
  let loop: LoopResult;
  let s0: ServerStats;
  let s1: ServerStats;
  if (n === 0) {
    await new Promise((r) => setTimeout(r, 1000));
    s0 = await server.stats();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    s1 = await server.stats();
    loop = { concurrency: 0, seconds, calls: 0, errors: 0, callsPerSecond: 0, medianMs: NaN, p99Ms: NaN, maxMs: NaN, meanMs: NaN };
  } else {
    // Stats are read between the warm-up second and the measured run: the loop reports both ends.
    const workers = sessions.map((s) => s.call);
    await runLoop(workers, 1, 0);
    s0 = await server.stats();
    loop = await runLoop(workers, SECONDS, 0);
    s1 = await server.stats();
  }
  for (const s of sessions) await s.close();
  await new Promise((r) => setTimeout(r, 200));
  const after = await server.stats();
  const late0 = s0.lateFrames.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  const late1 = s1.lateFrames.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  const lates = after.lateFrames.filter((l) => l.at > late0 && l.at <= late1);
  const frames = s1.frames - s0.frames;
  const late = s1.late - s0.late;
  const busy = s1.eluActive - s0.eluActive;
  const idle = s1.eluIdle - s0.eluIdle;
  return {
    ...loop,
    workload,
    client,
    sessions: n,
    frames,
    fps: frames / loop.seconds,
    framesDropped: late,
    framesDroppedPct: frames > 0 ? (100 * late) / frames : 0,
    framesSkipped: s1.skipped - s0.skipped,
    frameMeanMs: frames > 0 ? (s1.frameMs - s0.frameMs) / frames : NaN,
    frameStartDelayMeanMs: frames > 0 ? (s1.startDelayMs - s0.startDelayMs) / frames : NaN,
    serverCpuPct: (100 * (s1.cpuMs - s0.cpuMs)) / (loop.seconds * 1000),
    serverThreadBusyPct: busy + idle > 0 ? (100 * busy) / (busy + idle) : 0,
    serverRssMiB: s1.rssMiB,
    openSessionsAfterClose: after.sessions,
    expired: s1.queueExpired - s0.queueExpired,
    ...lateSummary(lates),
  };
}

/**
 * Late frames by main cause: the part of the time between its start and the previous frame's
 * start that is over half of its lateness (the gap beyond one period); `none` when no part is.
 * The previous frame counts for what it ran beyond half a period.
 */
function lateSummary(lates: readonly LateFrame[]): Pick<AgentRow, 'lateCauses' | 'lateMeans'> {
  const causes = { previousFrameMs: 0, callsPastDueMs: 0, gcMs: 0, descheduledMs: 0, otherCpuMs: 0, none: 0 };
  const means = { gapMs: 0, previousFrameMs: 0, previousFrameCpuMs: 0, callsPastDueMs: 0, gcMs: 0, descheduledMs: 0, otherCpuMs: 0 };
  for (const l of lates) {
    const lateness = l.gapMs - PERIOD_MS;
    const part = (k: (typeof LATE_CAUSES)[number]): number => (k === 'previousFrameMs' ? l[k] - PERIOD_MS / 2 : l[k]);
    const main = LATE_CAUSES.reduce((a, b) => (part(b) > part(a) ? b : a));
    causes[part(main) > lateness / 2 ? main : 'none']++;
    means.gapMs += l.gapMs / lates.length;
    for (const k of LATE_CAUSES) means[k] += l[k] / lates.length;
    means.previousFrameCpuMs += l.previousFrameCpuMs / lates.length;
  }
  return { lateCauses: causes, lateMeans: means };
}

export interface AgentLoadResults {
  readonly benchmark: 'agent-load';
  readonly machine: ReturnType<typeof machine>;
  readonly machineAfter: ReturnType<typeof machine>;
  readonly seconds: number;
  readonly points: number;
  /** The server's engine thread priority (BENCH_PRIORITY). */
  readonly renderPriority: RenderPriorityResult | undefined;
  readonly rows: AgentRow[];
  /** What did not load from the workload project (components Footlight lacks). */
  readonly warnings: string[];
}

async function main(): Promise<void> {
  const before = machine();
  const rows: AgentRow[] = [];
  const warnings: string[] = [];
  let points = 0;
  let renderPriority: RenderPriorityResult | undefined;
  for (const workload of WORKLOADS) {
    const server = await ServerProcess.start(workload);
    points = server.points;
    renderPriority = server.renderPriority;
    for (const w of server.warnings) console.log(`  ${workload} workload: ${w}`);
    warnings.push(...server.warnings.map((w) => `${workload}: ${w}`));
    try {
      const targets = await discoverTargets(server.url);
      rows.push(await phase(server, workload, 'none', 0, targets));
      for (const client of CLIENTS) for (const n of SESSIONS) rows.push(await phase(server, workload, client, n, targets));
    } finally {
      await server.stop();
    }
  }
  const out: AgentLoadResults = { benchmark: 'agent-load', machine: before, machineAfter: machine(), seconds: SECONDS, points, renderPriority, rows, warnings };
  console.log(
    `agent load: MCP sessions over HTTP (70% reads, 30% writes) while the engine renders ${points} points at 60 fps; server in another process; ${SECONDS} s ` +
      `per row; the engine thread at ${renderPriority === undefined ? '?' : `nice ${renderPriority.nice}`} (render priority ${PRIORITY}` +
      `${renderPriority?.refused === undefined ? '' : `, refused: ${renderPriority.refused}`})`,
  );
  console.log(
    `  load average ${before.loadAverage[0]} → ${out.machineAfter.loadAverage[0]} on ${before.cores} cores (${before.cpu}); other processes share these cores`,
  );
  console.log('workload  client  sessions  calls/s  median ms  p99 ms    fps   dropped  dropped%  frame ms  start delay ms  server CPU%  RSS MiB');
  for (const r of rows) {
    console.log(
      `${r.workload.padEnd(9)} ${r.client.padEnd(6)} ${String(r.sessions).padStart(8)}  ${fmt(r.callsPerSecond, 0).padStart(7)}  ` +
        `${fmt(r.medianMs).padStart(9)}  ${fmt(r.p99Ms).padStart(6)}  ${fmt(r.fps, 1).padStart(5)}  ${String(r.framesDropped).padStart(7)}  ` +
        `${fmt(r.framesDroppedPct, 1).padStart(8)}  ${fmt(r.frameMeanMs).padStart(8)}  ${fmt(r.frameStartDelayMeanMs).padStart(14)}  ` +
        `${fmt(r.serverCpuPct, 0).padStart(11)}  ${fmt(r.serverRssMiB, 0).padStart(7)}${r.errors > 0 ? `  errors ${r.errors}` : ''}`,
    );
    if (r.framesDropped > 0) {
      const c = r.lateCauses;
      const m = r.lateMeans;
      console.log(
        `    late frames by cause: previous frame ${c.previousFrameMs}, calls past due ${c.callsPastDueMs}, GC ${c.gcMs}, descheduled ${c.descheduledMs}, ` +
          `other CPU ${c.otherCpuMs}, none ${c.none}; means (ms): gap ${fmt(m.gapMs)}, ` +
          `previous frame ${fmt(m.previousFrameMs)} (CPU ${fmt(m.previousFrameCpuMs)}), calls past due ` +
          `${fmt(m.callsPastDueMs)}, GC ${fmt(m.gcMs)}, descheduled ${fmt(m.descheduledMs)}, other CPU ${fmt(m.otherCpuMs)}`,
      );
    }
  }
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/agent-load.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
}

const serverWorkload = process.env.AGENT_LOAD_SERVER as Workload | undefined;
if (serverWorkload !== undefined) await serve(serverWorkload);
else await main();
