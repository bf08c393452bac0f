// Live equals offline, on the kick: the stage demo plays the demo song live (the live render
// worker, paced by the wall clock, 60 fps) while 8 agent sessions call tools over MCP, and the
// kick-reactive light (the show's Beat Detect labelled "Kick") is watched frame by frame. The
// same show and song are stepped offline (render-show's path). Per source the light hears (the
// master, then the Kick track), it prints:
//   kicks        note-ons of the song's Kick track in the span played (every run from beat 0)
//   offline      kicks the pulse fired on offline; live: the same, live
//   live/kicks   the fraction of kicks that fired the pulse live (target ≥ 99 % where offline fires on every kick)
//   agree        kicks fired live and offline alike, over the kicks fired offline (live equals offline)
//   lag          per kick fired both ways: when the pulse fired after the kick, in song time heard
//                (live: the position the output was playing at that frame), live − offline, ms
// The server runs in a child process (this process only generates the agents' load); the load
// average is printed beside the figures: on a shared machine they are noisy.
//
//   node --import tsx bench/live-kicks.ts [--runs 7] [--seconds S] [--sessions 8] [--sources master,Kick]
// Writes bench/results/live-kicks.json.
import { fork, type ChildProcess } from 'node:child_process';
import { once, setMaxListeners } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Engine } from '../src/engine/engine.js';
import { silentLogger } from '../src/engine/log.js';
import { SeededRandom } from '../src/engine/random.js';
import { BandGate } from '../src/light/audio/band-filter.js';
import { buildDemoShow } from '../src/light/demo-show.js';
import { LightShow } from '../src/light/show/light-show.js';
import { startFootlight } from '../src/main.js';
import { linkLightCues } from '../src/show/cue-playback.js';
import { linkShowClock } from '../src/show/show-clock.js';
import { linkShowAudio } from '../src/show/song-audio.js';
import { buildPlan } from '../src/sound/audio/plan.js';
import { createSoundHost } from '../src/sound/index.js';
import { saveProject } from '../src/sound/model/components.js';
import { startPlayback, stopPlayback } from '../src/sound/operations/song.js';
import { fmt, machine, quantile } from './load-loop.js';

setMaxListeners(0);

const QUICK = process.env.BENCH_QUICK === '1';
const KICK_TRACK = 'Kick';
/** A kick counts as fired when the pulse fires after it and before the next kick, at most this many beats later (a late one shows in the lag). */
const WINDOW_BEATS = 0.95;
/** Where the light's audio comes from: `master` (the default) or a track name. */
type Source = string;

/** The show's kick-reactive light: its Beat Detect labelled "Kick", else its first Beat Detect. */
function kickGate(light: LightShow): BandGate {
  const gates = light.lx.modulation.modulators.items.filter((m): m is BandGate => m instanceof BandGate);
  const gate = gates.find((g) => g.label.getString() === 'Kick') ?? gates[0];
  if (gate === undefined) throw new Error('the show has no Beat Detect to watch');
  return gate;
}

// ---------------------------------------------------------------------------------------------
// The server (a child process): the stage demo, live audio paced by the wall clock, 60 fps.

interface Fire {
  /** The song position heard when the pulse fired (beats). */
  readonly beat: number;
}

async function server(source: Source): Promise<void> {
  const home = await mkdtemp(join(tmpdir(), 'footlight-live-kicks-'));
  const app = await startFootlight({
    home,
    port: 0,
    soundPort: 0,
    oscReceivePort: 0,
    oscTransmitPort: 0,
    writeStatus: false,
    log: silentLogger,
    liveAudio: 'clock',
    defaultRenderPriority: 'high',
    ...(source === 'master' ? {} : { audioTrack: source }),
  });
  const live = app.live!;
  await live.ready;
  const gate = kickGate(app.light);
  let fires: Fire[] | null = null;
  // After the light rendered: the frame's detection, at the position the output plays now.
  app.engine.clock.onFrame(() => {
    if (fires === null || !gate.gate.isOn()) return;
    const heard = live.playout.positionAt(live.playout.playedSample(performance.timeOrigin + performance.now()));
    fires.push({ beat: heard ?? app.sound.transport.position });
  });
  const late0 = { frames: app.engine.clock.stats().late, blocks: live.lateBlocks };
  process.on('message', (m: { cmd: string; seconds?: number }) => {
    if (m.cmd === 'run') {
      void (async () => {
        await app.engine.queue.submit(() => {
          stopPlayback(app.sound);
          app.sound.transport.position = 0;
        });
        await new Promise((r) => setTimeout(r, 600)); // the stop and the seek reach the worker; the tail dies away
        fires = [];
        await app.engine.queue.submit(() => startPlayback(app.sound));
        await new Promise((r) => setTimeout(r, (m.seconds ?? 10) * 1000 + 400));
        const got = fires;
        fires = null;
        await app.engine.queue.submit(() => stopPlayback(app.sound));
        process.send?.({ fires: got });
      })();
    } else if (m.cmd === 'stats')
      process.send?.({
        stats: {
          lateFrames: app.engine.clock.stats().late - late0.frames,
          frames: app.engine.clock.stats().frames,
          lateBlocks: live.lateBlocks - late0.blocks,
          priority: app.renderPriority,
        },
      });
    else if (m.cmd === 'exit')
      void app
        .close()
        .then(() => rm(home, { recursive: true, force: true }))
        .then(() => process.exit(0));
  });
  process.send?.({ url: app.http.url, song: saveProject(app.sound.project, { ids: false }) });
}

// ---------------------------------------------------------------------------------------------
// Offline: render-show's wiring (song first, then the light, stepped at 60 fps).

function offlineFires(source: Source, seconds: number): number[] {
  const engine = new Engine();
  const light = new LightShow(engine);
  buildDemoShow(light);
  const sound = createSoundHost(engine);
  linkShowClock(light, sound);
  linkLightCues(light, sound);
  linkShowAudio(light, sound, source === 'master' ? {} : { track: source });
  const gate = kickGate(light);
  startPlayback(sound);
  const fires: number[] = [];
  for (let k = 0; k < seconds * 60; k++) {
    engine.clock.stepFixed(1, 1000 / 60);
    if (gate.gate.isOn()) fires.push(sound.transport.position);
  }
  sound.dispose();
  return fires;
}

// ---------------------------------------------------------------------------------------------
// The agents: closed loops of MCP tool calls over real HTTP (70 % reads, 30 % writes).

const TARGETS = ['/lx/mixer/channel/1/fader', '/lx/mixer/channel/2/fader', '/lx/mixer/channel/3/fader'];

async function agents(url: string, count: number): Promise<{ stop(): Promise<{ calls: number; errors: number; seconds: number }> }> {
  let running = true;
  let calls = 0;
  let errors = 0;
  const t0 = performance.now();
  const loops = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const client = new Client({ name: `live-kicks-agent-${i}`, version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const random = new SeededRandom(1000 + i);
      const loop = (async () => {
        while (running) {
          const r = random.next();
          const path = TARGETS[Math.floor(random.next() * TARGETS.length)];
          const req =
            r < 0.35
              ? { name: 'get_parameter', arguments: { path } }
              : r < 0.7
                ? { name: 'list_channels', arguments: { detail: 'summary' } }
                : { name: 'set_parameter', arguments: { path, value: 0.3 + 0.5 * random.next() } };
          try {
            const res = await client.callTool(req);
            if (res.isError === true) errors++;
          } catch {
            errors++;
          }
          calls++;
        }
      })();
      return { client, loop };
    }),
  );
  return {
    async stop() {
      running = false;
      for (const l of loops) await l.loop;
      for (const l of loops) await l.client.close().catch(() => undefined);
      return { calls, errors, seconds: (performance.now() - t0) / 1000 };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The measurement.

class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly song: ReturnType<typeof saveProject>,
  ) {}

  static async start(source: Source): Promise<ServerProcess> {
    const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, LIVE_KICKS_SERVER: source }, execArgv: process.execArgv });
    const [m] = (await once(child, 'message')) as [{ url: string; song: ReturnType<typeof saveProject> }];
    return new ServerProcess(child, m.url, m.song);
  }

  async ask<T>(msg: object): Promise<T> {
    this.child.send(msg);
    const [m] = (await once(this.child, 'message')) as [T];
    return m;
  }

  async stop(): Promise<void> {
    this.child.send({ cmd: 'exit' });
    await once(this.child, 'exit');
  }
}

interface Row {
  readonly source: Source;
  readonly runs: number;
  readonly kicks: number;
  readonly offlineFired: number;
  readonly liveFired: number;
  readonly liveFraction: number;
  readonly agree: number;
  readonly lagDiffMs: { readonly median: number; readonly p95: number; readonly max: number };
  readonly liveLagMs: { readonly median: number; readonly p95: number };
  readonly offlineLagMs: { readonly median: number };
  readonly extraLive: number;
  readonly agentCallsPerSecond: number;
  readonly agentErrors: number;
  readonly lateFrames: number;
  readonly frames: number;
  readonly lateAudioBlocks: number;
  readonly loadAverage: readonly number[];
}

/** The beat of the first fire from `kick` (less a hair: the heard position is interpolated) up to the next kick or the window, or undefined. */
function fireFor(kick: number, next: number, fires: readonly number[]): number | undefined {
  const end = Math.min(kick + WINDOW_BEATS, next - 0.02);
  return fires.find((b) => b >= kick - 0.02 && b < end);
}

async function measure(source: Source, runs: number, secondsOpt: number | undefined, sessions: number): Promise<Row> {
  const srv = await ServerProcess.start(source);
  const plan = buildPlan(srv.song);
  const msPerBeat = 60000 / plan.tempo;
  const kickTrack = plan.tracks.find((t) => t.name === KICK_TRACK);
  if (kickTrack === undefined) throw new Error(`the song has no track named ${KICK_TRACK}`);
  const seconds = secondsOpt ?? Math.min(60, (plan.lengthBeats * msPerBeat) / 1000);
  const span = (seconds * 1000) / msPerBeat;
  const kicks = [...new Set(kickTrack.notes.map((n) => n.on))].filter((b) => b < span - 1).sort((a, b) => a - b);
  const offline = offlineFires(source, seconds + 0.5);
  const load = agents(srv.url, sessions);
  const agentLoad = await load;
  await new Promise((r) => setTimeout(r, 1000)); // the agents' warm-up
  const diffs: number[] = [];
  const liveLags: number[] = [];
  const offLags: number[] = [];
  let offlineFired = 0;
  let liveFired = 0;
  let agree = 0;
  let extra = 0;
  for (let run = 0; run < runs; run++) {
    const { fires } = await srv.ask<{ fires: Fire[] }>({ cmd: 'run', seconds });
    const live = fires.map((f) => f.beat);
    let matched = 0;
    for (let i = 0; i < kicks.length; i++) {
      const k = kicks[i];
      const next = kicks[i + 1] ?? Number.POSITIVE_INFINITY;
      const o = fireFor(k, next, offline);
      const l = fireFor(k, next, live);
      if (o !== undefined) offlineFired++;
      if (l !== undefined) {
        liveFired++;
        matched++;
        liveLags.push((l - k) * msPerBeat);
      }
      if (o !== undefined && l !== undefined) {
        agree++;
        diffs.push((l - o) * msPerBeat);
        offLags.push((o - k) * msPerBeat);
      }
    }
    extra += live.length - matched;
    process.stderr.write(`\r${source}: run ${run + 1}/${runs}, live fired ${liveFired} of ${(run + 1) * kicks.length} kicks   `);
  }
  process.stderr.write('\n');
  const a = await agentLoad.stop();
  const stats = await srv.ask<{ stats: { lateFrames: number; frames: number; lateBlocks: number } }>({ cmd: 'stats' });
  await srv.stop();
  const sorted = (xs: number[]): Float64Array => Float64Array.from(xs).sort();
  const d = sorted(diffs);
  const ll = sorted(liveLags);
  const total = kicks.length * runs;
  return {
    source,
    runs,
    kicks: total,
    offlineFired,
    liveFired,
    liveFraction: total > 0 ? liveFired / total : Number.NaN,
    agree: offlineFired > 0 ? agree / offlineFired : Number.NaN,
    lagDiffMs: { median: quantile(d, 0.5), p95: quantile(d, 0.95), max: d.length > 0 ? d[d.length - 1] : Number.NaN },
    liveLagMs: { median: quantile(ll, 0.5), p95: quantile(ll, 0.95) },
    offlineLagMs: { median: quantile(sorted(offLags), 0.5) },
    extraLive: extra,
    agentCallsPerSecond: a.calls / a.seconds,
    agentErrors: a.errors,
    lateFrames: stats.stats.lateFrames,
    frames: stats.stats.frames,
    lateAudioBlocks: stats.stats.lateBlocks,
    loadAverage: machine().loadAverage,
  };
}

function print(rows: readonly Row[], start: ReturnType<typeof machine>, sessions: number): void {
  const head = [
    'source',
    'kicks',
    'offline',
    'live',
    'live/kicks',
    'agree',
    'lag live−offline ms (median/p95/max)',
    'live lag ms (median/p95)',
    'agents',
    'late frames',
    'late blocks',
    'load',
  ];
  const cells = rows.map((r) => [
    r.source,
    String(r.kicks),
    String(r.offlineFired),
    `${r.liveFired}${r.extraLive > 0 ? ` (+${r.extraLive} off-kick)` : ''}`,
    `${fmt(100 * r.liveFraction, 1)} %`,
    `${fmt(100 * r.agree, 1)} %`,
    `${fmt(r.lagDiffMs.median, 1)} / ${fmt(r.lagDiffMs.p95, 1)} / ${fmt(r.lagDiffMs.max, 1)}`,
    `${fmt(r.liveLagMs.median, 1)} / ${fmt(r.liveLagMs.p95, 1)}`,
    `${sessions} × ${fmt(r.agentCallsPerSecond, 0)}/s${r.agentErrors > 0 ? `, ${r.agentErrors} errors` : ''}`,
    `${r.lateFrames}/${r.frames}`,
    String(r.lateAudioBlocks),
    r.loadAverage.join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: readonly string[]): string =>
    c
      .map((x, i) => x.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(
    `Live kicks — stage demo and demo song live (clock-paced worker, 60 fps) with ${sessions} MCP agent sessions; ${start.cores} cores, Node ${start.node}`,
  );
  const busy = start.loadAverage[0] > start.cores ? ' — a busy machine: the figures are pessimistic and noisy' : '';
  console.log(`load average at start ${start.loadAverage.join(' ')}${busy}`);
  console.log(line(head));
  for (const c of cells) console.log(line(c));
  console.log('offline: the same show and song stepped at 60 fps (render-show); lag: song time heard when the pulse fired, after the kick');
}

if (process.env.LIVE_KICKS_SERVER !== undefined) await server(process.env.LIVE_KICKS_SERVER);
else {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: QUICK ? '1' : '7' },
      seconds: { type: 'string' },
      sessions: { type: 'string', default: '8' },
      sources: { type: 'string', default: `master,${KICK_TRACK}` },
    },
  });
  const start = machine();
  const rows: Row[] = [];
  for (const source of values.sources.split(','))
    rows.push(await measure(source, Number(values.runs), values.seconds === undefined ? undefined : Number(values.seconds), Number(values.sessions)));
  print(rows, start, Number(values.sessions));
  const dir = new URL('./results/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'live-kicks.json'),
    `${JSON.stringify({ at: new Date().toISOString(), machine: start, end: machine(), sessions: Number(values.sessions), rows }, null, 1)}\n`,
  );
}
