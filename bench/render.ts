// `npm run bench:render`: the golden README's standard workload at 10k, 100k and 1M points
// (warm-up to the JIT's steady state, then 600 timed frames) on one render thread and on every core, then each device
// alone at 100k points, four channels without Blur and an empty frame. Prints median and p99
// ms/frame, CPU ms/frame (every thread of the process), resident memory and the ratio to LX
// 1.2.1's published figures (../shared/reference/lx-performance.md, docs/performance.md), with the
// load average at the start and end of each run, and writes bench/results/render.json. Every run
// is its own child process, and the thread counts alternate, so a slow spell of the machine hits
// both; with BENCH_REPEAT > 1 a figure is the median of the runs' medians.
//
// Environment: BENCH_SIZES=10k,100k,1M  BENCH_THREADS=1,N (N = cores)  BENCH_WARMUP=4000
//   BENCH_WARMUP_MS=20000 (warm-up: that many frames, or that long once 300 frames have run)
//   BENCH_FRAMES=600  BENCH_REPEAT=1  BENCH_DEVICES=1 (0: skip the per-device runs)
//   BENCH_DONE_SPIN=2 (with helpers: how many of its chunk times the engine thread watches for a
//   helper's last chunk before sleeping; a list such as 2,0 alternates the settings like thread counts)
//
// With helpers, each line also says where the slow frames' time went, from the scheduler's
// accounting of each thread (src/engine/thread-time.ts), which holds on a loaded machine: a frame
// is slow when it takes over 1.5× the median; for those frames, the mean excess over the median
// and how much of a frame the engine thread spent descheduled, waiting for helpers' chunks, and
// the helper descheduled.
import { spawnSync } from 'node:child_process';
import { openSync, readSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { Engine } from '../src/engine/engine.js';
import { LightShow } from '../src/light/show/light-show.js';
import { createLibrary } from '../src/light/devices/library.js';
import { ThreadClock, type ThreadTime, currentThreadId } from '../src/engine/thread-time.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { defaultRenderThreads } from '../src/engine/render-threads.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { standardWorkload } from './workload.js';

type Json = Record<string, any>;

const SIZES: Record<string, [number, number]> = { '10k': [100, 100], '100k': [250, 400], '1M': [1000, 1000] };
/** LX 1.2.1 on this kind of machine (median of per-run medians), whole workload. */
const LX_MEDIAN: Record<string, number> = { '10k': 1.13, '100k': 11.2, '1M': 140 };
/** LX 1.2.1's CPU ms per frame, whole workload (one thread: about its frame time on a quiet machine). */
const LX_CPU: Record<string, number> = { '10k': 1.25, '100k': 11.2, '1M': 139 };
/** LX 1.2.1 at 100k points: each pattern alone on one channel without Blur, four channels without Blur, an empty frame. */
const LX_DEVICE: Record<string, number> = { Noise: 3.97, Gradient: 2.29, Planes: 2.04, Chase: 2.53, 'four channels, no Blur': 9.91, 'empty frame': 0.06 };
/**
 * Warm-up frames. V8 keeps optimizing functions that run once a frame for about 4,000 frames
 * (at 100k points: 45 compilations in the first 1,000 frames, 22, 10 and 8 in the next three
 * thousands, then 0–4 a thousand), each 0.5–15 ms on a background thread that takes one of the
 * cores the render shares: timed frames before that measure the JIT's start, not the show's
 * steady state (docs/performance.md). At 1M points a frame is long enough that the time bound ends it.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 20_000);
const MIN_WARMUP = Math.min(WARMUP, 300);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const DELTA = 1000 / 60;

interface Result {
  size: string;
  /** 'workload', or the device variant (a key of LX_DEVICE). */
  variant: string;
  threads: number;
  points: number;
  /** Frames run before timing (WARMUP, or fewer when WARMUP_MS ended it). */
  warmupFrames: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
  /** Median CPU time (user + system, every thread of the process) per frame: less sensitive to other processes than wall time. */
  medianCpuMs: number;
  pointsPerSecond: number;
  rssMiB: number;
  /** Chunks the helpers ran, of all chunks (0 on one thread). */
  helperShare: number;
  lxMedianMs: number;
  ratioToLx: number;
  /**
   * CPU per frame over LX's (its CPU per frame for the workload, its frame time for a device
   * alone): the per-core comparison, much less sensitive to other processes than wall time.
   */
  cpuRatioToLx: number;
  loadAverage: [number, number];
  warnings: string[];
  /** The engine thread's watch for helpers' last chunks (PointPool.doneSpinChunks). */
  doneSpin: number;
  /** Where the time of the slow frames (over 1.5× the median) went; undefined on one thread or without schedstat. */
  tail?: Tail;
}

/** Means per frame, in ms, over all frames and over the slow ones. */
interface Tail {
  /** Frames over 1.5× the median. */
  slowFrames: number;
  /** Mean excess of a slow frame over the median. */
  slowExcessMs: number;
  all: FrameParts;
  slow: FrameParts;
}

interface FrameParts {
  /** Engine thread on a CPU, and runnable but not scheduled. */
  engineCpuMs: number;
  engineDescheduledMs: number;
  /** Engine thread waiting for chunks helpers held, of which asleep; jobs that waited, sleeps. */
  helperWaitMs: number;
  sleepMs: number;
  waits: number;
  sleeps: number;
  /** The helper on a CPU, and runnable but not scheduled. */
  helperCpuMs: number;
  helperDescheduledMs: number;
  /** Times the helper slept between jobs and a job woke it. */
  helperSleeps: number;
  /** Frames that ended with the engine thread and the helper last run on the same CPU (/proc/…/stat). */
  sameCpu: number;
  /** Frames in which the engine thread's heap shrank (a collection ran), and the heap's growth otherwise, in KiB. */
  gcs: number;
  allocatedKiB: number;
}

const PARTS = [
  'engineCpuMs',
  'engineDescheduledMs',
  'helperWaitMs',
  'sleepMs',
  'waits',
  'sleeps',
  'helperCpuMs',
  'helperDescheduledMs',
  'helperSleeps',
  'sameCpu',
  'gcs',
  'allocatedKiB',
] as const;

/** The workload project of `variant` on a rows × columns grid. */
function project(variant: string, rows: number, columns: number): Json {
  const p = standardWorkload(rows, columns) as Json;
  if (variant === 'workload') return p;
  const mixer = p.engine.children.mixer;
  mixer.children.master.effects = [];
  if (variant === 'empty frame') mixer.channels = [];
  else if (variant !== 'four channels, no Blur') mixer.channels = mixer.channels.filter((c: Json) => c.parameters.label === variant);
  // The LFO modulates Noise's scale: without the Noise channel it has no target.
  if (!mixer.channels.some((c: Json) => c.parameters.label === 'Noise')) p.engine.children.modulation.modulations = [];
  return p;
}

function quantile(values: Float64Array, q: number): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/** Reads the CPU thread `tid` of this process last ran on (field 39 of /proc/…/stat); NaN where there is none. */
function lastCpuReader(tid: number | undefined): () => number {
  if (tid === undefined) return () => NaN;
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${tid}/stat`, 'r');
  } catch {
    return () => NaN;
  }
  const bytes = Buffer.alloc(1024);
  return () => {
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    const line = bytes.toString('latin1', 0, n);
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return Number(fields[36]);
  };
}

function runOne(size: string, variant: string, threads: number, doneSpin: number): Result {
  const [rows, columns] = SIZES[size];
  const load0 = loadavg()[0];
  pointPool.setThreads(threads);
  pointPool.doneSpinChunks = doneSpin;
  if (process.env.BENCH_HELPER_WATCH_US !== undefined) pointPool.helperWatchUs = Number(process.env.BENCH_HELPER_WATCH_US);
  if (process.env.BENCH_CHEAP_SHARE !== undefined) pointPool.cheapShareFactor = Number(process.env.BENCH_CHEAP_SHARE);
  const engine = new Engine();
  const opened = readProject(project(variant, rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const points = show.structure.model.size;
  const warmupStart = performance.now();
  let warmupFrames = 0;
  while (warmupFrames < WARMUP && (warmupFrames < MIN_WARMUP || performance.now() - warmupStart < WARMUP_MS)) {
    engine.clock.stepFixed(1, DELTA);
    warmupFrames++;
  }
  const chunks0 = pointPool.chunks;
  const helperChunks0 = pointPool.helperChunks;
  const samples = new Float64Array(FRAMES);
  const cpu = new Float64Array(FRAMES);
  const engineClock = new ThreadClock();
  const helperId = pointPool.helperThreadIds()[0];
  const helperClock = helperId === undefined || helperId === 0 ? undefined : new ThreadClock(helperId);
  const parts = Object.fromEntries(PARTS.map((k) => [k, new Float64Array(FRAMES)])) as Record<keyof FrameParts, Float64Array>;
  const engineCpu = lastCpuReader(currentThreadId());
  const helperCpu = helperId === undefined || helperId === 0 ? () => NaN : lastCpuReader(helperId);
  const diff = (a: ThreadTime | undefined, b: ThreadTime | undefined, f: 'cpuMs' | 'waitMs'): number =>
    a === undefined || b === undefined ? NaN : b[f] - a[f];
  for (let i = 0; i < FRAMES; i++) {
    const heap0 = getHeapStatistics().used_heap_size;
    const p0 = pointPool.stats();
    const s0 = pointPool.helperSleepCounts()[0] ?? 0;
    const e0 = engineClock.read();
    const h0 = helperClock?.read();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    engine.clock.stepFixed(1, DELTA);
    samples[i] = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    const h1 = helperClock?.read();
    const e1 = engineClock.read();
    const p1 = pointPool.stats();
    parts.helperSleeps[i] = (pointPool.helperSleepCounts()[0] ?? 0) - s0;
    const cpuE = engineCpu();
    const cpuH = helperCpu();
    parts.sameCpu[i] = Number.isNaN(cpuE) || Number.isNaN(cpuH) ? NaN : cpuE === cpuH ? 1 : 0;
    const heap1 = getHeapStatistics().used_heap_size;
    cpu[i] = (c1.user + c1.system) / 1000;
    parts.engineCpuMs[i] = diff(e0, e1, 'cpuMs');
    parts.engineDescheduledMs[i] = diff(e0, e1, 'waitMs');
    parts.helperCpuMs[i] = diff(h0, h1, 'cpuMs');
    parts.helperDescheduledMs[i] = diff(h0, h1, 'waitMs');
    parts.helperWaitMs[i] = p1.waitMs - p0.waitMs;
    parts.sleepMs[i] = p1.sleepMs - p0.sleepMs;
    parts.waits[i] = p1.waits - p0.waits;
    parts.sleeps[i] = p1.sleeps - p0.sleeps;
    parts.gcs[i] = heap1 < heap0 ? 1 : 0;
    parts.allocatedKiB[i] = heap1 < heap0 ? NaN : (heap1 - heap0) / 1024;
  }
  const accounted = engineClock.available;
  engineClock.close();
  helperClock?.close();
  const median = quantile(samples, 0.5);
  const mean = (values: Float64Array, pick: (i: number) => boolean): number => {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < values.length; i++)
      if (pick(i) && !Number.isNaN(values[i])) {
        sum += values[i];
        n++;
      }
    return n === 0 ? NaN : sum / n;
  };
  const slow = (i: number): boolean => samples[i] > 1.5 * median;
  const meansOf = (pick: (i: number) => boolean): FrameParts => Object.fromEntries(PARTS.map((k) => [k, mean(parts[k], pick)])) as unknown as FrameParts;
  const tail: Tail | undefined = accounted
    ? {
        slowFrames: samples.filter((_, i) => slow(i)).length,
        slowExcessMs: mean(samples, slow) - median,
        all: meansOf(() => true),
        slow: meansOf(slow),
      }
    : undefined;
  const lx = variant === 'workload' ? LX_MEDIAN[size] : LX_DEVICE[variant];
  const chunks = pointPool.chunks - chunks0;
  return {
    size,
    variant,
    threads,
    points,
    warmupFrames,
    medianMs: median,
    p99Ms: quantile(samples, 0.99),
    meanMs: samples.reduce((a, b) => a + b, 0) / FRAMES,
    medianCpuMs: quantile(cpu, 0.5),
    pointsPerSecond: points / (median / 1000),
    rssMiB: process.memoryUsage().rss / 2 ** 20,
    helperShare: chunks === 0 ? 0 : (pointPool.helperChunks - helperChunks0) / chunks,
    lxMedianMs: lx,
    ratioToLx: median / lx,
    cpuRatioToLx: quantile(cpu, 0.5) / (variant === 'workload' ? LX_CPU[size] : lx),
    loadAverage: [load0, loadavg()[0]],
    warnings: [...opened.warnings],
    doneSpin,
    tail,
  };
}

/** The median of each figure over repeated runs of one case (the mean of the middle two for an even count). */
function medianOf(runs: Result[]): Result {
  const pick = (f: (r: Result) => number): number => {
    const v = runs.map(f).sort((a, b) => a - b);
    const mid = v.length >> 1;
    return v.length % 2 === 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  };
  const r = { ...runs[0] };
  r.medianMs = pick((x) => x.medianMs);
  r.p99Ms = pick((x) => x.p99Ms);
  r.meanMs = pick((x) => x.meanMs);
  r.medianCpuMs = pick((x) => x.medianCpuMs);
  r.rssMiB = pick((x) => x.rssMiB);
  r.helperShare = pick((x) => x.helperShare);
  r.pointsPerSecond = r.points / (r.medianMs / 1000);
  r.ratioToLx = r.medianMs / r.lxMedianMs;
  r.cpuRatioToLx = pick((x) => x.cpuRatioToLx);
  r.loadAverage = [Math.min(...runs.map((x) => x.loadAverage[0])), Math.max(...runs.map((x) => x.loadAverage[1]))];
  return r;
}

function child(size: string, variant: string, threads: number, doneSpin: number): Result {
  const run = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
    env: { ...process.env, BENCH_CHILD: JSON.stringify({ size, variant, threads, doneSpin }) },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`bench ${size} ${variant} (${threads} threads) failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Result;
}

// null: NaN through JSON.
const f2 = (n: number | null): string => (n === null || Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** The engine thread's watch settings to run with helpers (the first is the default; one thread has none). */
const DONE_SPINS = (process.env.BENCH_DONE_SPIN ?? String(pointPool.doneSpinChunks)).split(',').map(Number);

/** Where a slow frame's time went, for a bench line. */
function tailLine(t: Tail | undefined): string {
  if (t === undefined) return '';
  const p = (x: FrameParts): string =>
    `engine CPU ${f2(x.engineCpuMs)} descheduled ${f2(x.engineDescheduledMs)}, waiting for the helper ${f2(x.helperWaitMs)} ` +
    `(asleep ${f2(x.sleepMs)}, ${f2(x.sleeps)} sleeps), helper CPU ${f2(x.helperCpuMs)} descheduled ${f2(x.helperDescheduledMs)} ` +
    `(${f2(x.helperSleeps)} sleeps), on one CPU at the end in ${(100 * x.sameCpu).toFixed(0)} %, ` +
    `GC in ${(100 * x.gcs).toFixed(1)} % of frames, ${f2(x.allocatedKiB)} KiB allocated a frame`;
  return `\n      all frames: ${p(t.all)}\n      ${t.slowFrames} slow frames (+${f2(t.slowExcessMs)} ms): ${p(t.slow)}`;
}

/** Runs every case at every thread count, alternating thread counts (and watch settings) within each repetition. */
function measure(cases: [string, string][], threadCounts: number[]): Result[] {
  const runs = new Map<string, Result[]>();
  const configs = threadCounts.flatMap((threads) => (threads === 1 ? [[1, DONE_SPINS[0]]] : DONE_SPINS.map((spin) => [threads, spin])));
  for (let rep = 0; rep < REPEAT; rep++) {
    for (const [size, variant] of cases) {
      const order = rep % 2 === 0 ? configs : [...configs].reverse();
      for (const [threads, doneSpin] of order) {
        const key = `${size}|${variant}|${threads}|${doneSpin}`;
        const r = child(size, variant, threads, doneSpin);
        runs.set(key, [...(runs.get(key) ?? []), r]);
        const spin = threads > 1 && DONE_SPINS.length > 1 ? ` spin ${doneSpin}` : '';
        process.stdout.write(
          `  ${variant.padEnd(22)} ${size.padStart(4)} ${threads} thread${threads === 1 ? ' ' : 's'}${spin}  median ${f2(r.medianMs)} ms  ` +
            `p99 ${f2(r.p99Ms)} (×${(r.p99Ms / r.medianMs).toFixed(2)})  cpu ${f2(r.medianCpuMs)}  ` +
            `RSS ${r.rssMiB.toFixed(0)} MiB  helpers ${(100 * r.helperShare).toFixed(0)} %  ×${r.ratioToLx.toFixed(2)} LX (CPU ` +
            `×${r.cpuRatioToLx.toFixed(2)})  (load ${r.loadAverage.map((l) => l.toFixed(1)).join('→')}, ${r.warmupFrames} warm-up frames)${tailLine(r.tail)}\n`,
        );
        for (const w of r.warnings) process.stdout.write(`      warning: ${w}\n`);
      }
    }
  }
  return [...runs.values()].map(medianOf);
}

/** One line per case: one thread and N threads (each watch setting) side by side, with the ratios to LX (wall time, then CPU). */
function table(results: Result[], threadCounts: number[], label: (r: Result) => string): string {
  const keys = [...new Set(results.map((r) => `${r.size}|${r.variant}`))];
  const columns = threadCounts.flatMap((n) => (n === 1 ? [[1, DONE_SPINS[0]]] : DONE_SPINS.map((spin) => [n, spin])));
  const name = ([n, spin]: number[]): string => `${n} thread${n === 1 ? '' : 's'}${n > 1 && DONE_SPINS.length > 1 ? ` (spin ${spin})` : ''}`;
  const head = `| case | LX ms | ${columns.map((c) => `${name(c)}: median / p99 / CPU ms, ×LX wall / CPU`).join(' | ')} |`;
  const lines = [head, `|---|---:|${columns.map(() => '---:').join('|')}|`];
  for (const key of keys) {
    const row = columns.map(([n, spin]) => results.find((r) => `${r.size}|${r.variant}` === key && r.threads === n && (n === 1 || r.doneSpin === spin)));
    const first = row.find((r) => r !== undefined) as Result;
    const cell = (r: Result | undefined): string =>
      r === undefined ? '' : `${f2(r.medianMs)} / ${f2(r.p99Ms)} / ${f2(r.medianCpuMs)}, **×${r.ratioToLx.toFixed(2)}** / ×${r.cpuRatioToLx.toFixed(2)}`;
    lines.push(`| ${label(first)} | ${first.lxMedianMs} | ${row.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

if (process.env.BENCH_CHILD !== undefined) {
  const { size, variant, threads, doneSpin } = JSON.parse(process.env.BENCH_CHILD) as { size: string; variant: string; threads: number; doneSpin: number };
  process.stdout.write(`${JSON.stringify(runOne(size, variant, threads, doneSpin))}\n`);
} else {
  const sizes = (process.env.BENCH_SIZES ?? '10k,100k,1M')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s in SIZES);
  const threadCounts = [...new Set((process.env.BENCH_THREADS ?? `1,${defaultRenderThreads()}`).split(',').map(Number))];
  const load = loadavg();
  process.stdout.write(`standard workload (load average ${load.map((l) => l.toFixed(2)).join(' ')}):\n`);
  const workload = measure(
    sizes.map((s) => [s, 'workload']),
    threadCounts,
  );
  const devices =
    process.env.BENCH_DEVICES === '0'
      ? []
      : (process.stdout.write('each device at 100k points:\n'),
        measure(
          Object.keys(LX_DEVICE).map((v) => ['100k', v]),
          threadCounts,
        ));
  process.stdout.write(`\n${table(workload, threadCounts, (r) => `${r.size} points`)}\n`);
  if (devices.length > 0) process.stdout.write(`\n${table(devices, threadCounts, (r) => r.variant)}\n`);
  const out = {
    workload: 'golden README standard workload',
    warmupFrames: WARMUP,
    warmupMs: WARMUP_MS,
    timedFrames: FRAMES,
    repeat: REPEAT,
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    loadAverage: { start: load, end: loadavg() },
    threadCounts,
    results: workload,
    devices,
  };
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(join(new URL('./results/', import.meta.url).pathname, 'render.json'), `${JSON.stringify(out, null, 2)}\n`);
}
