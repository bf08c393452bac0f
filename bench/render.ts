// `npm run bench:render`: the golden README's standard workload at 10k, 100k and 1M points
// (300 warm-up frames, then 600 timed), printing median and p99 ms/frame, points per second
// and resident memory, and writing bench/results/render.json. Each size runs in its own child
// process so one size's memory does not inflate the next's. LX 1.2.1's figures on this kind of
// machine: 1.13 / 11.2 / 140 ms median.
//
// Environment: BENCH_SIZES=10k,100k,1M  BENCH_WARMUP=300  BENCH_FRAMES=600
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../src/engine/engine.js';
import { LightShow } from '../src/light/light-show.js';
import { createLibrary } from '../src/light/library.js';
import { readProject } from '../src/light/project/project-file.js';
import { standardWorkload } from './workload.js';

const SIZES: Record<string, [number, number]> = { '10k': [100, 100], '100k': [250, 400], '1M': [1000, 1000] };
const LX_MEDIAN: Record<string, number> = { '10k': 1.13, '100k': 11.2, '1M': 140 };
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const DELTA = 1000 / 60;

interface Result {
  size: string;
  points: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
  /** Median CPU time (user + system) per frame: less sensitive to other processes than wall time. */
  medianCpuMs: number;
  pointsPerSecond: number;
  rssMiB: number;
  lxMedianMs: number;
  ratioToLx: number;
  warnings: string[];
}

function runOne(size: string): Result {
  const [rows, columns] = SIZES[size];
  const engine = new Engine();
  const opened = readProject(standardWorkload(rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const points = show.structure.model.size;
  for (let i = 0; i < WARMUP; i++) engine.clock.stepFixed(1, DELTA);
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
  const cpuSorted = Array.from(cpu).sort((a, b) => a - b);
  const sorted = Array.from(samples).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    size, points, medianMs: median, p99Ms: p99, meanMs: mean, medianCpuMs: cpuSorted[Math.floor(cpuSorted.length / 2)], pointsPerSecond: points / (median / 1000),
    rssMiB: process.memoryUsage().rss / 2 ** 20, lxMedianMs: LX_MEDIAN[size], ratioToLx: median / LX_MEDIAN[size],
    warnings: [...opened.warnings],
  };
}

if (process.env.BENCH_CHILD !== undefined) {
  process.stdout.write(`${JSON.stringify(runOne(process.env.BENCH_CHILD))}\n`);
} else {
  const sizes = (process.env.BENCH_SIZES ?? '10k,100k,1M').split(',').map((s) => s.trim()).filter((s) => s in SIZES);
  const results: Result[] = [];
  for (const size of sizes) {
    const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
      env: { ...process.env, BENCH_CHILD: size }, encoding: 'utf8', maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`bench ${size} failed: ${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Result;
    results.push(r);
    process.stdout.write(`${r.size.padStart(5)} ${String(r.points).padStart(8)} points  median ${r.medianMs.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  ` +
      `cpu ${r.medianCpuMs.toFixed(2)} ms  ${(r.pointsPerSecond / 1e6).toFixed(1)} M points/s  RSS ${r.rssMiB.toFixed(0)} MiB  (LX ${r.lxMedianMs} ms: ×${r.ratioToLx.toFixed(2)})\n`);
    for (const w of r.warnings) process.stdout.write(`      warning: ${w}\n`);
  }
  const out = { workload: 'golden README standard workload', warmupFrames: WARMUP, timedFrames: FRAMES, node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, loadAverage: loadavg(), results };
  await mkdir(new URL('./results/', import.meta.url).pathname, { recursive: true });
  await writeFile(join(new URL('./results/', import.meta.url).pathname, 'render.json'), `${JSON.stringify(out, null, 2)}\n`);
}
