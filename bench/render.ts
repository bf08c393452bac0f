// `npm run bench:render`: the golden README's standard workload at 10k, 100k and 1M points
// (300 warm-up frames, then 600 timed) on one render thread and on every core, then each device
// alone at 100k points, four channels without Blur and an empty frame. Prints median and p99
// ms/frame, CPU ms/frame (every thread of the process), resident memory and the ratio to LX
// 1.2.1's published figures (../shared/reference/lx-performance.md, docs/performance.md), with the
// load average at the start and end of each run, and writes bench/results/render.json. Every run
// is its own child process, and the thread counts alternate, so a slow spell of the machine hits
// both; with BENCH_REPEAT > 1 a figure is the median of the runs' medians.
//
// Environment: BENCH_SIZES=10k,100k,1M  BENCH_THREADS=1,N (N = cores)  BENCH_WARMUP=300
//   BENCH_FRAMES=600  BENCH_REPEAT=1  BENCH_DEVICES=1 (0: skip the per-device runs)
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../src/engine/engine.js';
import { LightShow } from '../src/light/light-show.js';
import { createLibrary } from '../src/light/library.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { defaultRenderThreads } from '../src/light/parallel/render-threads.js';
import { readProject } from '../src/light/project/project-file.js';
import { standardWorkload } from './workload.js';

type Json = Record<string, any>;

const SIZES: Record<string, [number, number]> = { '10k': [100, 100], '100k': [250, 400], '1M': [1000, 1000] };
/** LX 1.2.1 on this kind of machine (median of per-run medians), whole workload. */
const LX_MEDIAN: Record<string, number> = { '10k': 1.13, '100k': 11.2, '1M': 140 };
/** LX 1.2.1's CPU ms per frame, whole workload (one thread: about its frame time on a quiet machine). */
const LX_CPU: Record<string, number> = { '10k': 1.25, '100k': 11.2, '1M': 139 };
/** LX 1.2.1 at 100k points: each pattern alone on one channel without Blur, four channels without Blur, an empty frame. */
const LX_DEVICE: Record<string, number> = { Noise: 3.97, Gradient: 2.29, Planes: 2.04, Chase: 2.53, 'four channels, no Blur': 9.91, 'empty frame': 0.06 };
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const DELTA = 1000 / 60;

interface Result {
  size: string;
  /** 'workload', or the device variant (a key of LX_DEVICE). */
  variant: string;
  threads: number;
  points: number;
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
}

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

function runOne(size: string, variant: string, threads: number): Result {
  const [rows, columns] = SIZES[size];
  const load0 = loadavg()[0];
  pointPool.setThreads(threads);
  const engine = new Engine();
  const opened = readProject(project(variant, rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const points = show.structure.model.size;
  for (let i = 0; i < WARMUP; i++) engine.clock.stepFixed(1, DELTA);
  const chunks0 = pointPool.chunks;
  const helperChunks0 = pointPool.helperChunks;
  const samples = new Float64Array(FRAMES);
  const cpu = new Float64Array(FRAMES);
  for (let i = 0; i < FRAMES; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    engine.clock.stepFixed(1, DELTA);
    samples[i] = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    cpu[i] = (c1.user + c1.system) / 1000;
  }
  const median = quantile(samples, 0.5);
  const lx = variant === 'workload' ? LX_MEDIAN[size] : LX_DEVICE[variant];
  const chunks = pointPool.chunks - chunks0;
  return {
    size,
    variant,
    threads,
    points,
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

function child(size: string, variant: string, threads: number): Result {
  const run = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
    env: { ...process.env, BENCH_CHILD: JSON.stringify({ size, variant, threads }) },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`bench ${size} ${variant} (${threads} threads) failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Result;
}

const f2 = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Runs every case at every thread count, alternating thread counts within each repetition. */
function measure(cases: [string, string][], threadCounts: number[]): Result[] {
  const runs = new Map<string, Result[]>();
  for (let rep = 0; rep < REPEAT; rep++) {
    for (const [size, variant] of cases) {
      const order = rep % 2 === 0 ? threadCounts : [...threadCounts].reverse();
      for (const threads of order) {
        const key = `${size}|${variant}|${threads}`;
        const r = child(size, variant, threads);
        runs.set(key, [...(runs.get(key) ?? []), r]);
        process.stdout.write(
          `  ${variant.padEnd(22)} ${size.padStart(4)} ${threads} thread${threads === 1 ? ' ' : 's'}  median ${f2(r.medianMs)} ms  p99 ${f2(r.p99Ms)}  cpu ` +
            `${f2(r.medianCpuMs)}  ` +
            `RSS ${r.rssMiB.toFixed(0)} MiB  helpers ${(100 * r.helperShare).toFixed(0)} %  ×${r.ratioToLx.toFixed(2)} LX (CPU ` +
            `×${r.cpuRatioToLx.toFixed(2)})  (load ${r.loadAverage.map((l) => l.toFixed(1)).join('→')})\n`,
        );
        for (const w of r.warnings) process.stdout.write(`      warning: ${w}\n`);
      }
    }
  }
  return [...runs.values()].map(medianOf);
}

/** One line per case: one thread and N threads side by side, with the ratios to LX (wall time, then CPU). */
function table(results: Result[], threadCounts: number[], label: (r: Result) => string): string {
  const keys = [...new Set(results.map((r) => `${r.size}|${r.variant}`))];
  const head = `| case | LX ms | ${threadCounts.map((n) => `${n} thread${n === 1 ? '' : 's'}: median / p99 / CPU ms, ×LX wall / CPU`).join(' | ')} |`;
  const lines = [head, `|---|---:|${threadCounts.map(() => '---:').join('|')}|`];
  for (const key of keys) {
    const row = threadCounts.map((n) => results.find((r) => `${r.size}|${r.variant}` === key && r.threads === n));
    const first = row.find((r) => r !== undefined) as Result;
    const cell = (r: Result | undefined): string =>
      r === undefined ? '' : `${f2(r.medianMs)} / ${f2(r.p99Ms)} / ${f2(r.medianCpuMs)}, **×${r.ratioToLx.toFixed(2)}** / ×${r.cpuRatioToLx.toFixed(2)}`;
    lines.push(`| ${label(first)} | ${first.lxMedianMs} | ${row.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

if (process.env.BENCH_CHILD !== undefined) {
  const { size, variant, threads } = JSON.parse(process.env.BENCH_CHILD) as { size: string; variant: string; threads: number };
  process.stdout.write(`${JSON.stringify(runOne(size, variant, threads))}\n`);
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
