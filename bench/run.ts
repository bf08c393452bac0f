// `npm run bench`: runs every benchmark, each in its own process one after another, then prints
// one table of the headline figures and writes bench/results/all.json (every benchmark's own
// JSON, the machine, and the load average at start and end: on a shared machine the load
// average says how far to trust the figures).
//
//   npm run bench                               all of them
//   npm run bench -- --only render,agent-load   some of them
//   BENCH_QUICK=1 npm run bench                 short runs (a smoke test of the harness, not figures)
//
// Benchmarks: render (bench/render.ts, the golden README's standard workload at 10k/100k/1M
// points), agent-load (bench/agent-load.ts), floor (bench/floor.ts), protocol3, output,
// mcp-roundtrip, audio-render (bench/audio-render.ts, the sound engine's offline speed),
// audio-quality (bench/audio-quality.ts: every row of issue #28's quality table, fft.js and sox on offline renders), reverb
// (bench/reverb.ts: the Reverb's CPU and quality beside Csound's reverbsc, Delay+'s CPU beside a Csound delay; needs csound), csound-commands
// (bench/csound-commands.ts: render-sound beside csound as whole commands: start-up, one voice, stress, demo), kernels-c
// (bench/kernels-c.ts: two of the engine's hot loops beside the same loops in C, gcc -O2; needs gcc), dmx-in
// (bench/dmx-in.ts: the latch's cost per frame, the receiver's throughput, the render under a flood),
// live-kicks (bench/live-kicks.ts: the kick pulse live against offline, with agents),
// check-show (bench/check-show.ts: the offline show check's copy and render times),
// agent-tasks (bench/agent-tasks.ts: issue #29's agent jobs — calls, bytes, success, undo),
// project-open (bench/project-open.ts, opening 1k/4k/20k-channel shows), add-fixtures (bench/add-fixtures.ts:
// 256 fixtures added one by one to a 700k-point model, issue #33), samples (bench/samples.ts: loading
// a sample per format, converting it to the engine rate),
// console-preview and show-load (bench/show-load.ts: the stage demo's song playing, a console
// open, 32 agents; issue #26's load figure) need Debian's chromium and are skipped without it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fmt, machine, type Machine } from './load-loop.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const QUICK = process.env.BENCH_QUICK === '1';

interface Bench {
  readonly name: string;
  readonly script: string;
  readonly args?: readonly string[];
  /** Extra environment for a quick run. */
  readonly quick: Record<string, string>;
  readonly quickArgs?: readonly string[];
  /** Why it cannot run here, if it cannot. */
  readonly unavailable?: () => string | undefined;
}

const BENCHES: readonly Bench[] = [
  { name: 'render', script: 'bench/render.ts', quick: { BENCH_SIZES: '10k,100k', BENCH_WARMUP: '30', BENCH_FRAMES: '60', BENCH_DEVICES: '0' } },
  { name: 'floor', script: 'bench/floor.ts', quick: { BENCH_SECONDS: '2' } },
  { name: 'agent-load', script: 'bench/agent-load.ts', quick: { BENCH_SECONDS: '2', BENCH_WORKLOADS: 'light' } },
  { name: 'protocol3', script: 'bench/protocol3.ts', quick: {}, quickArgs: ['--requests', '400'] },
  { name: 'output', script: 'bench/output.ts', quick: { BENCH_SECONDS: '2' } },
  { name: 'mcp-roundtrip', script: 'bench/mcp-roundtrip.ts', quick: { BENCH_CALLS: '200' } },
  { name: 'audio-render', script: 'bench/audio-render.ts', quick: { BENCH_REPEATS: '2' } },
  { name: 'audio-quality', script: 'bench/audio-quality.ts', quick: {} },
  { name: 'samples', script: 'bench/samples.ts', quick: { BENCH_REPEATS: '1' } },
  { name: 'reverb', script: 'bench/reverb.ts', quick: { BENCH_SECONDS: '10', BENCH_REPEATS: '1' }, unavailable: noCsound },
  { name: 'csound-commands', script: 'bench/csound-commands.ts', quick: { BENCH_SECONDS: '4', BENCH_REPEATS: '1' } },
  { name: 'kernels-c', script: 'bench/kernels-c.ts', quick: { BENCH_SECONDS: '4', BENCH_REPEATS: '1' }, unavailable: noGcc },
  { name: 'project-open', script: 'bench/project-open.ts', quick: { BENCH_CHANNELS: '100,400' } },
  { name: 'add-fixtures', script: 'bench/add-fixtures.ts', quick: { FIXTURES: '32', ROWS: '20', COLUMNS: '20' } },
  { name: 'dmx-in', script: 'bench/dmx-in.ts', quick: { BENCH_SECONDS: '2' } },
  { name: 'live-kicks', script: 'bench/live-kicks.ts', quick: { BENCH_QUICK: '1' } },
  { name: 'check-show', script: 'bench/check-show.ts', quick: { BENCH_QUICK: '1', BENCH_REPEATS: '1' } },
  { name: 'agent-tasks', script: 'bench/agent-tasks.ts', quick: {} },
  { name: 'console-preview', script: 'bench/console-preview.ts', quick: { BENCH_SECONDS: '2', BENCH_POINTS: '10000' }, unavailable: noChromium },
  { name: 'show-load', script: 'bench/show-load.ts', quick: { BENCH_SECONDS: '3', BENCH_SESSIONS: '0,4' }, unavailable: noChromium },
];

function noGcc(): string | undefined {
  return spawnSync('gcc', ['--version']).status === 0 ? undefined : 'no gcc (apt-get install -y gcc)';
}

function noCsound(): string | undefined {
  return spawnSync('csound', ['--version']).status === 0 ? undefined : 'no csound (apt-get install -y csound)';
}

function noChromium(): string | undefined {
  return existsSync(process.env.FOOTLIGHT_CHROMIUM ?? '/usr/bin/chromium') ? undefined : 'no chromium at /usr/bin/chromium (apt-get install -y chromium)';
}

interface Outcome {
  readonly name: string;
  readonly status: 'ok' | 'failed' | 'skipped' | 'missing';
  readonly seconds: number;
  readonly reason?: string;
  readonly result?: unknown;
}

function selected(): readonly Bench[] {
  const i = process.argv.indexOf('--only');
  if (i < 0) return BENCHES;
  const names = new Set((process.argv[i + 1] ?? '').split(','));
  const unknown = [...names].filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length > 0) throw new Error(`unknown benchmark(s) ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  return BENCHES.filter((b) => names.has(b.name));
}

/** Runs one benchmark as `node --import tsx <script>`, its output passed through. */
function runChild(b: Bench): Promise<number> {
  return new Promise((resolve) => {
    const args = ['--import', 'tsx', b.script, ...(QUICK ? (b.quickArgs ?? []) : (b.args ?? []))];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...(QUICK ? b.quick : {}) } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function readJson(name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(`${RESULTS}${name}.json`, 'utf8'));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The summary table: one line per case, the figures that matter for each benchmark.

interface Line {
  readonly bench: string;
  readonly case: string;
  readonly median?: number;
  readonly p99?: number;
  readonly rate?: string;
  readonly note?: string;
}

type Json = Record<string, any>;

function summarize(outcomes: readonly Outcome[]): Line[] {
  const lines: Line[] = [];
  const of = (name: string): Json | undefined => outcomes.find((o) => o.name === name && o.status === 'ok')?.result as Json | undefined;
  const render = of('render');
  for (const r of (render?.results ?? []) as Json[]) {
    lines.push({
      bench: 'render',
      case: `${r.size} points (${r.points}), ${r.threads} render thread${r.threads === 1 ? '' : 's'}`,
      median: r.medianMs,
      p99: r.p99Ms,
      rate: `${fmt(r.pointsPerSecond / 1e6, 1)} M points/s`,
      note: `×${fmt(r.ratioToLx)} LX (${r.lxMedianMs} ms); CPU ${fmt(r.medianCpuMs)} ms/frame; RSS ${fmt(r.rssMiB, 0)} MiB`,
    });
  }
  const floor = of('floor');
  const floorRow = (n: number): Json | undefined => ((floor?.rows ?? []) as Json[]).find((r) => r.concurrency === n);
  for (const r of (floor?.rows ?? []) as Json[])
    lines.push({
      bench: 'floor',
      case: `${r.concurrency} clients, node:http echo`,
      median: r.medianMs,
      p99: r.p99Ms,
      rate: `${fmt(r.callsPerSecond, 0)} calls/s`,
    });
  const agents = of('agent-load');
  for (const r of (agents?.rows ?? []) as Json[]) {
    const f = floorRow(r.sessions);
    const ratio = f !== undefined && r.sessions > 0 ? `; ×${fmt(r.medianMs / f.medianMs, 1)} floor median, ×${fmt(r.p99Ms / f.p99Ms, 1)} floor p99` : '';
    lines.push({
      bench: 'agent-load',
      case: `${r.workload}, ${r.sessions === 0 ? 'no agents' : `${r.sessions} × ${r.client}`}`,
      median: r.sessions > 0 ? r.medianMs : undefined,
      p99: r.sessions > 0 ? r.p99Ms : undefined,
      rate: r.sessions > 0 ? `${fmt(r.callsPerSecond, 0)} calls/s` : undefined,
      note:
        `${fmt(r.fps, 1)} fps, dropped ${r.framesDropped}/${r.frames} (${fmt(r.framesDroppedPct, 1)}%); frame ${fmt(r.frameMeanMs)} ms, started ` +
        `${fmt(r.frameStartDelayMeanMs)} ms after due${ratio}${r.errors > 0 ? `; ${r.errors} errors` : ''}`,
    });
  }
  const p3 = of('protocol3');
  for (const r of (p3?.results ?? []) as Json[])
    lines.push({ bench: 'protocol3', case: `${r.command}, ${r.connections} conn`, median: r.median_ms, p99: r.p99_ms, rate: `${r.requests_per_second} req/s` });
  const output = of('output');
  for (const r of (output?.results ?? []) as Json[]) {
    lines.push({
      bench: 'output',
      case:
        `${r.protocol}, ${r.universes} universes${r.label === '100k rig' ? ' (100k points)' : ''} at ${r.fps} Hz, ` +
        `${r.batching ? 'segmented' : 'per packet'}`,
      rate: `${fmt(r.universesPerSecond, 0)} universes/s`,
      note:
        `outputs ${fmt(100 * r.outputsCore, 1)}% of a core (encoder ${fmt(100 * r.encoderCore, 1)}%, sender ${fmt(100 * r.senderCore, 1)}%), ` +
        `${fmt(100 * r.fullRateCore, 1)}% at the full rate; ` +
        `received ${fmt(r.receivedPerSecond, 0)}/s; dropped ${r.framesDropped}, late ${r.framesLate}, lost at receiver ${r.receiverDrops}`,
    });
  }
  const rt = of('mcp-roundtrip');
  if (rt !== undefined) {
    lines.push({ bench: 'mcp-roundtrip', case: 'get_parameter, 1 session', median: rt.get_parameter_ms?.median, p99: rt.get_parameter_ms?.p99 });
    lines.push({ bench: 'mcp-roundtrip', case: 'set_parameter, 1 session', median: rt.set_parameter_ms?.median, p99: rt.set_parameter_ms?.p99 });
  }
  for (const r of (of('agent-tasks')?.jobs ?? []) as Json[])
    lines.push({
      bench: 'agent-tasks',
      case: r.task,
      rate: `${r.calls} calls, ${fmt(r.kb, 1)} KB`,
      note:
        `${r.ok ? 'done' : `FAILED (${r.error})`} in ${fmt(r.seconds, 1)} s; largest reply ${r.largest.tool} ${fmt(r.largest.bytes / 1024, 1)} KB; ` +
        `undo ${r.undo_restores ? 'restores' : 'FAILED'}`,
    });
  const audio = of('audio-render');
  if (audio !== undefined)
    lines.push({
      bench: 'audio-render',
      case: `demo song, ${fmt(audio.audioSeconds, 1)} s offline`,
      median: audio.medianWallSeconds * 1000,
      rate: `${fmt(audio.realTimeCpu, 0)}× real time (CPU)`,
      note: `${fmt(audio.realTimeWall, 0)}× real time by the wall clock`,
    });
  const verb = of('reverb');
  if (verb !== undefined)
    lines.push({
      bench: 'reverb',
      case: `Reverb beside Csound's reverbsc, ${verb.audioSeconds} s of noise`,
      rate: `${fmt(verb.footlightMsPerSecond)} ms CPU per audio second`,
      note:
        `×${fmt(verb.ratio)} of reverbsc (${fmt(verb.csoundMsPerSecond)} ms); tail ripple ${fmt(verb.footlight.rippleDb)} dB ` +
        `(reverbsc ${fmt(verb.reverbsc?.rippleDb)}); 15 kHz image ${fmt(verb.footlight.imageDb, 1)} dB`,
    });
  if (verb?.delayPlus !== undefined)
    lines.push({
      bench: 'reverb',
      case: `Delay+ beside a Csound delay of the same shape, ${verb.audioSeconds} s of noise`,
      rate: `${fmt(verb.delayPlus.footlightMsPerSecond)} ms CPU per audio second`,
      note: `×${fmt(verb.delayPlus.ratio)} of Csound (${fmt(verb.delayPlus.csoundMsPerSecond)} ms)`,
    });
  for (const r of (of('kernels-c')?.rows ?? []) as Json[])
    lines.push({
      bench: 'kernels-c',
      case: `${r.kernel} loop, ${fmt(r.audioSeconds, 0)} s of audio`,
      rate: `${fmt(r.jsCpuSeconds, 3)} s CPU`,
      note: `×${fmt(r.ratio, 2)} of the same loop in C (gcc -O2, ${fmt(r.cCpuSeconds, 3)} s)`,
    });
  const samples = of('samples');
  for (const r of (samples?.rows ?? []) as Json[]) lines.push({ bench: 'samples', case: `${r.name}, ${samples!.seconds} s stereo`, median: r.ms });
  const dmx = of('dmx-in');
  if (dmx !== undefined) {
    lines.push({
      bench: 'dmx-in',
      case: 'latch per frame, 512 universes changed',
      median: dmx.latch.allChangedUs / 1000,
      note: `${fmt(dmx.latch.unchangedUs, 1)} µs with nothing new`,
    });
    lines.push({ bench: 'dmx-in', case: 'receiver, valid 512-channel ArtDmx', rate: `${fmt(dmx.throughput.appliedPerSecond, 0)} packets/s applied` });
    for (const r of dmx.render as Json[])
      lines.push({
        bench: 'dmx-in',
        case: `60 fps render, ${r.flood ? 'during a flood' : 'no flood'}`,
        median: r.frameMeanMs,
        note: `${r.late} of ${r.frames} frames late; started ${fmt(r.startDelayMeanMs)} ms after due${r.flood ? `; ${r.sent} datagrams` : ''}`,
      });
  }
  const kicks = of('live-kicks');
  for (const r of (kicks?.rows ?? []) as Json[])
    lines.push({
      bench: 'live-kicks',
      case: `hears ${r.source}, ${kicks?.sessions} agent sessions`,
      median: r.lagDiffMs?.median,
      rate: `${fmt(100 * r.liveFraction, 1)} % of ${r.kicks} kicks fired live`,
      note:
        `offline fired ${r.offlineFired}; live agrees on ${fmt(100 * r.agree, 1)} %; lag live−offline p95 ${fmt(r.lagDiffMs?.p95, 1)} ms; ` +
        `${r.lateAudioBlocks} late audio blocks`,
    });
  const adds = of('add-fixtures');
  if (adds !== undefined)
    lines.push({
      bench: 'add-fixtures',
      case: `${adds.fixtures} fixtures one by one (${fmt(adds.points, 0)} points)`,
      median: adds.medianAddMs,
      p99: adds.p99AddMs,
      rate: `${fmt(adds.totalCpuMs / 1000)} s CPU in all`,
      note: `CPU ms per add; the same model opened at once ${fmt(adds.openCpuMs, 0)} ms; same points ${adds.samePoints}`,
    });
  const open = of('project-open');
  for (const r of (open?.rows ?? []) as Json[])
    lines.push({
      bench: 'project-open',
      case: `${r.channels} channels (${fmt(r.fileMiB, 1)} MiB)`,
      median: r.openMs,
      rate: `${fmt((r.openCpuMs * 1000) / r.channels, 0)} µs CPU/channel`,
      note:
        `open CPU ${fmt(r.openCpuMs / 1000)} s; heap ${fmt(r.heapMiB, 0)} MiB; ` +
        `first frame ${fmt(r.firstFrameMs, 0)} ms; /api/state ${fmt(r.stateMs, 0)} ms`,
    });
  const preview = of('console-preview');
  for (const r of (preview?.rows ?? []) as Json[])
    lines.push({
      bench: 'console-preview',
      case: `${r.points} points`,
      rate: `${fmt(r.newFramesDrawnPerSec, 1)} new frames drawn/s`,
      note: `engine ${fmt(r.engineFps, 1)} fps; ${fmt(r.kbPerSec, 0)} KiB/s over the WebSocket`,
    });
  const show = of('show-load');
  for (const r of (show?.rows ?? []) as Json[])
    lines.push({
      bench: 'show-load',
      case: `stage demo, song playing, console open, ${r.sessions} agents`,
      median: r.sessions > 0 ? r.medianMs : undefined,
      p99: r.sessions > 0 ? r.p99Ms : undefined,
      rate: r.sessions > 0 ? `${fmt(r.callsPerSecond, 0)} calls/s` : undefined,
      note:
        `${fmt(r.fps, 1)} fps, late ${r.lateFrames} (${fmt(r.latePct, 1)}%); late audio blocks ${r.lateAudioBlocks}/${r.audioBlocks}; ` +
        `page ${fmt(r.pageFps, 1)} fps${r.errors > 0 ? `; ${r.errors} errors` : ''}`,
    });
  for (const o of outcomes) if (o.status !== 'ok') lines.push({ bench: o.name, case: o.status, note: o.reason });
  return lines;
}

function printTable(lines: readonly Line[], start: Machine, end: Machine): void {
  const rows = lines.map((l) => [
    l.bench,
    l.case,
    l.median === undefined ? '' : fmt(l.median),
    l.p99 === undefined ? '' : fmt(l.p99),
    l.rate ?? '',
    l.note ?? '',
  ]);
  const head = ['benchmark', 'case', 'median ms', 'p99 ms', 'rate', 'notes'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(`Footlight benchmarks — ${start.cores} cores (${start.cpu}), Node ${start.node}, ${start.platform}`);
  console.log(
    `load average at start ${start.loadAverage.join(' ')}, at end ${end.loadAverage.join(' ')}` +
      (start.loadAverage[0] > start.cores * 0.5 ? ' — the machine was busy with other work: treat every figure as pessimistic and noisy' : ''),
  );
  if (QUICK) console.log('BENCH_QUICK=1: short runs; these figures test the harness, they are not measurements');
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const start = machine();
  const started = new Date().toISOString();
  const outcomes: Outcome[] = [];
  for (const b of selected()) {
    const t0 = performance.now();
    if (!existsSync(`${ROOT}${b.script}`)) {
      outcomes.push({ name: b.name, status: 'missing', seconds: 0, reason: `${b.script} is not in this checkout` });
      continue;
    }
    const why = b.unavailable?.();
    if (why !== undefined) {
      outcomes.push({ name: b.name, status: 'skipped', seconds: 0, reason: why });
      continue;
    }
    console.log(`\n== ${b.name} (${b.script}) ==`);
    const code = await runChild(b);
    const seconds = (performance.now() - t0) / 1000;
    if (code !== 0) outcomes.push({ name: b.name, status: 'failed', seconds, reason: `exit code ${code}` });
    else outcomes.push({ name: b.name, status: 'ok', seconds, result: await readJson(b.name) });
  }
  const end = machine();
  printTable(summarize(outcomes), start, end);
  await mkdir(RESULTS, { recursive: true });
  const all = { started, finished: new Date().toISOString(), quick: QUICK, machine: { start, end }, benchmarks: outcomes };
  await writeFile(`${RESULTS}all.json`, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nwrote bench/results/all.json`);
  if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
}

await main();
