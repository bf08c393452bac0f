// A show under agents (issue #26's load figure): the stage demo with its song playing through the
// live render worker, a console open in headless Chromium (Debian's, through playwright-core) with
// its preview and an /ws/audio monitor, and N MCP sessions (32 by default) over real HTTP, each a
// closed loop of tool calls on both wings: light reads and writes, clip listings and the song's
// state over protocol 3. Footlight runs in its own process; this one is the load generator and the
// browser's driver. Prints the show's frame rate, its late frames (started over 1.5 periods after
// the previous one), late audio blocks, the agents' calls/s, median and p99, the page's drawn frame
// rate and the load average; asserts nothing. Writes bench/results/show-load.json.
//
//   node --import tsx bench/show-load.ts           BENCH_SECONDS=20 BENCH_SESSIONS=0,32@2,32@4,32
//
// Row 0 is the same show with no agents, the baseline the machine allows. `32@2` is 32 agents
// that each start a call every half second (an agent thinks between calls; a language model takes
// longer than that to write one); `32` is 32 closed loops, each call sent the moment the last
// reply arrived: a stress far past any real agent, where the load generator itself competes for
// the machine's cores. BENCH_CPU_PROF=DIR writes the Footlight process's CPU profiles there.
import { fork, type ChildProcess } from 'node:child_process';
import { once, setMaxListeners } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { SeededRandom } from '../src/engine/random.js';
import { launch, openConsole } from '../test/console/browser.js';
import { fmt, quantile, runLoop, type Call } from './load-loop.js';

// The SDK client reuses one AbortSignal per transport for every fetch (see bench/agent-load.ts).
setMaxListeners(0);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Rows: agents, optionally @ calls per second per agent (none: a closed loop). */
const SESSIONS = (process.env.BENCH_SESSIONS ?? '0,32@2,32@4,32').split(',').map((row) => {
  const [n, pace] = row.split('@').map(Number);
  return { n, pace: pace ?? 0 };
});

interface ServerStats {
  readonly frames: number;
  readonly late: number;
  readonly audioBlocks: number;
  readonly lateAudioBlocks: number;
  readonly audioOutput: string;
  readonly rssMiB: number;
  readonly playing: boolean;
}

// ---------------------------------------------------------------------------------------------
// Server side (child process): the stage demo, its song looping and playing.

async function serve(): Promise<void> {
  const { silentLogger } = await import('../src/engine/log.js');
  const { startFootlight } = await import('../src/main.js');
  const { Protocol3Client } = await import('../src/protocol3/client/client.js');
  const home = await mkdtemp(join(tmpdir(), 'footlight-show-load-'));
  const app = await startFootlight({
    host: '127.0.0.1',
    port: 0,
    soundPort: 0,
    home,
    log: silentLogger,
    writeStatus: false,
    oscReceivePort: 0,
    oscTransmitPort: 0,
    maxSessions: 256,
    demo: 'stage',
    liveAudio: 'clock',
    // As `serve` runs it by default (README: --render-priority).
    renderPriority: 'high',
  });
  const live = app.live;
  if (live === undefined) throw new Error('no live audio player: the song cannot play');
  const opened = await live.ready;
  const p3 = new Protocol3Client();
  await p3.connect(app.protocol3.host, app.protocol3.port);
  const token = async (): Promise<string> => ((await p3.request('song-state')) as { project_token: string }).project_token;
  await p3.request(`song-transport-loop ${await token()} true`);
  await p3.request(`song-transport-play ${await token()}`);
  const stats = async (): Promise<ServerStats> => {
    const c = app.engine.clock.stats();
    const state = (await p3.request('song-state')) as { transport?: { playing?: boolean } };
    return {
      frames: c.frames,
      late: c.late,
      audioBlocks: live.blocks,
      lateAudioBlocks: live.lateBlocks,
      audioOutput: `${opened.output}${opened.reason !== undefined ? ` (${opened.reason})` : ''}`,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      playing: state.transport?.playing === true,
    };
  };
  process.on('message', (m: { cmd: string }) => {
    if (m.cmd === 'stats') void stats().then((s) => process.send?.({ stats: s }));
    else if (m.cmd === 'exit')
      void p3
        .close()
        .then(() => app.close())
        .then(() => rm(home, { recursive: true, force: true }))
        .then(() => process.exit(0));
  });
  process.send?.({ url: app.http.url });
}

// ---------------------------------------------------------------------------------------------
// Load generator (this process)

class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<ServerProcess> {
    const child = fork(new URL(import.meta.url).pathname, [], {
      env: { ...process.env, SHOW_LOAD_SERVER: '1' },
      execArgv: [...process.execArgv, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [])],
    });
    const [m] = (await once(child, 'message')) as [{ url: string }];
    return new ServerProcess(child, m.url);
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

interface Target {
  readonly path: string;
  readonly min: number;
  readonly max: number;
}

/** The bounded parameters of the first channel and the master bus (the writes' targets; faders left alone). */
async function discoverTargets(client: Client): Promise<Target[]> {
  const channels = (await client.callTool({ name: 'list_channels', arguments: {} })).structuredContent as { channels: { path: string }[] };
  const targets: Target[] = [];
  for (const path of [channels.channels[0].path, '/lx/mixer/master']) {
    const list = (await client.callTool({ name: 'list_parameters', arguments: { path } })).structuredContent as {
      parameters: { path: string; kind: string; range?: { min: number; max: number } }[];
    };
    for (const p of list.parameters)
      if (p.kind === 'bounded' && p.range !== undefined && !/fader$/.test(p.path)) targets.push({ path: p.path, min: p.range.min, max: p.range.max });
  }
  if (targets.length === 0) throw new Error('no bounded parameters found to write');
  return targets;
}

/** The mix: 30% get_parameter, 20% list_channels summary, 25% set_parameter, 15% song_get_state, 10% list_clips. */
function nextRequest(random: () => number, targets: readonly Target[]): { name: string; arguments: Record<string, unknown> } {
  const r = random();
  const t = targets[Math.floor(random() * targets.length)];
  if (r < 0.3) return { name: 'get_parameter', arguments: { path: t.path } };
  if (r < 0.5) return { name: 'list_channels', arguments: { detail: 'summary' } };
  if (r < 0.75) return { name: 'set_parameter', arguments: { path: t.path, value: t.min + random() * (t.max - t.min) } };
  if (r < 0.9) return { name: 'song_get_state', arguments: {} };
  return { name: 'list_clips', arguments: {} };
}

interface Agent {
  readonly call: Call;
  close(): Promise<void>;
}

/** Each tool's latencies in the measured part of a row (ms), to tell which calls the p99 is made of. */
const byTool = new Map<string, number[]>();
let measuring = false;

async function agent(url: string, targets: readonly Target[], seed: number): Promise<Agent> {
  const client = new Client({ name: `show-load-${seed}`, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const random = new SeededRandom(seed);
  const next = () => random.next();
  return {
    call: async () => {
      const request = nextRequest(next, targets);
      const t0 = performance.now();
      const r = await client.callTool(request);
      if (measuring) {
        const samples = byTool.get(request.name) ?? [];
        samples.push(performance.now() - t0);
        byTool.set(request.name, samples);
      }
      if (r.isError === true) throw new Error(JSON.stringify(r.content).slice(0, 200));
    },
    close: () => client.close(),
  };
}

declare const window: {
  __footlight: { preview?: { stats: { framesShown: number } }; previewStats: { framesReceived: number } };
};

const pageFrames = (page: Page) => page.evaluate(() => window.__footlight.preview?.stats.framesShown ?? 0);

interface Row {
  readonly sessions: number;
  /** Calls per second each agent starts; 0 for a closed loop. */
  readonly pace: number;
  readonly seconds: number;
  readonly fps: number;
  readonly lateFrames: number;
  readonly latePct: number;
  readonly audioBlocks: number;
  readonly lateAudioBlocks: number;
  readonly calls: number;
  readonly errors: number;
  readonly callsPerSecond: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly pageFps: number;
  readonly playing: boolean;
  readonly rssMiB: number;
  readonly loadavg: readonly number[];
  /** Per tool: calls, median and p99 in ms. */
  readonly tools: Record<string, { calls: number; medianMs: number; p99Ms: number }>;
}

async function row(server: ServerProcess, page: Page, n: number, pace: number, targets: readonly Target[]): Promise<Row> {
  const agents: Agent[] = [];
  for (let i = 0; i < n; i++) agents.push(await agent(server.url, targets, 1000 + i));
  const workers = agents.map((a) => a.call);
  if (n > 0)
    await runLoop(workers, 5, 0, pace); // warm-up: a show's server has run for a while
  else await new Promise((r) => setTimeout(r, 2000));
  const s0 = await server.stats();
  const p0 = await pageFrames(page);
  const t0 = performance.now();
  byTool.clear();
  measuring = true;
  const loop = n > 0 ? await runLoop(workers, SECONDS, 0, pace) : (await new Promise((r) => setTimeout(r, SECONDS * 1000)), undefined);
  measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  const s1 = await server.stats();
  const tools: Row['tools'] = {};
  for (const [name, samples] of byTool) {
    const sorted = samples.sort((a, b) => a - b);
    tools[name] = { calls: sorted.length, medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
  }
  const p1 = await pageFrames(page);
  for (const a of agents) await a.close();
  const frames = s1.frames - s0.frames;
  return {
    sessions: n,
    pace,
    seconds,
    fps: frames / seconds,
    lateFrames: s1.late - s0.late,
    latePct: (100 * (s1.late - s0.late)) / Math.max(1, frames),
    audioBlocks: s1.audioBlocks - s0.audioBlocks,
    lateAudioBlocks: s1.lateAudioBlocks - s0.lateAudioBlocks,
    calls: loop?.calls ?? 0,
    errors: loop?.errors ?? 0,
    callsPerSecond: loop?.callsPerSecond ?? 0,
    medianMs: loop?.medianMs ?? Number.NaN,
    p99Ms: loop?.p99Ms ?? Number.NaN,
    pageFps: (p1 - p0) / seconds,
    playing: s0.playing && s1.playing,
    rssMiB: s1.rssMiB,
    loadavg: loadavg().map((x) => Number(x.toFixed(2))),
    tools,
  };
}

async function main(): Promise<void> {
  const server = await ServerProcess.start();
  const browser = await launch();
  const rows: Row[] = [];
  const load0 = loadavg().map((x) => Number(x.toFixed(2)));
  try {
    const base = server.url.replace(/\/mcp$/, '');
    const { page, problems } = await openConsole(browser, base, { width: 1280, height: 800 });
    await page.waitForFunction(() => (window.__footlight.preview?.stats.framesShown ?? 0) > 2, undefined, { timeout: 60_000 });
    // The console's audio monitor, as an operator listening in would have it (a page that reads).
    await page.evaluate(
      (url) => {
        const ws = new WebSocket(url);
        ws.binaryType = 'arraybuffer';
        (globalThis as { monitor?: WebSocket }).monitor = ws;
      },
      `${base.replace(/^http/, 'ws')}/ws/audio`,
    );
    const setup = new Client({ name: 'show-load-setup', version: '1' });
    await setup.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const targets = await discoverTargets(setup);
    await setup.close();
    for (const { n, pace } of SESSIONS) {
      const r = await row(server, page, n, pace, targets);
      rows.push(r);
      const who = `${String(n).padStart(3)} agents${n === 0 ? '' : pace > 0 ? ` at ${pace} calls/s each` : ', closed loops'}`;
      console.log(
        `${who}: ${fmt(r.fps, 1)} fps, late ${r.lateFrames} (${fmt(r.latePct, 2)} %), ` +
          `late audio blocks ${r.lateAudioBlocks} of ${r.audioBlocks}, ${fmt(r.callsPerSecond, 0)} calls/s ` +
          `(${r.errors} errors), median ${fmt(r.medianMs, 1)} ms, p99 ${fmt(r.p99Ms, 1)} ms, page ${fmt(r.pageFps, 1)} fps, ` +
          `song ${r.playing ? 'playing' : 'NOT playing'}, server RSS ${fmt(r.rssMiB, 0)} MiB, load ${r.loadavg.join(' ')}`,
      );
      for (const [name, x] of Object.entries(r.tools))
        console.log(`      ${name.padEnd(16)} ${String(x.calls).padStart(6)} calls, median ${fmt(x.medianMs, 1)} ms, p99 ${fmt(x.p99Ms, 1)} ms`);
    }
    if (problems.length > 0) console.log(`console problems: ${problems.slice(0, 5).join('; ')}`);
    const stats = await server.stats();
    const out = { at: new Date().toISOString(), audioOutput: stats.audioOutput, loadavgStart: load0, rows };
    await mkdir(new URL('./results/', import.meta.url), { recursive: true });
    await writeFile(new URL('./results/show-load.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.env.SHOW_LOAD_SERVER === '1') await serve();
else await main();
