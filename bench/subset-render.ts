// `npm run bench:subset`: the standard workload (bench/workload.ts) at 100k and 1M points, each
// frame computing the whole model, the first half of its points, or the first quarter
// (LightShow.setRenderSubset: a render node's slice). Prints median and p90 ms a frame and the
// ratio to the whole model's median. Every size and slice opens a fresh show; the slices take
// turns, repeated, so a slow spell of the machine hits each.
//
// Environment: BENCH_SIZES=100k,1M  BENCH_WARMUP=600 (frames; 1M: a tenth)  BENCH_FRAMES=300 (1M: a tenth)
//   BENCH_REPEAT=2  BENCH_THREADS=N (render threads; default one per core)
import { cpus, loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { standardWorkload } from './workload.js';

const SIZES: Record<string, [number, number]> = { '100k': [250, 400], '1M': [1000, 1000] };
const SLICES: Record<string, number> = { whole: 1, half: 1 / 2, quarter: 1 / 4 };
const WARMUP = Number(process.env.BENCH_WARMUP ?? 600);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 300);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const DELTA = 1000 / 60;
if (process.env.BENCH_THREADS !== undefined) pointPool.setThreads(Number(process.env.BENCH_THREADS));

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Frame times (ms) of the workload on rows × columns points computing the first `fraction` of them. */
function run(rows: number, columns: number, fraction: number, warmup: number, frames: number): { wall: number[]; cpu: number[] } {
  const engine = new Engine();
  const opened = readProject(standardWorkload(rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const size = show.structure.model.size;
  if (fraction < 1) show.setRenderSubset(Int32Array.from({ length: Math.round(size * fraction) }, (_, k) => k));
  for (let i = 0; i < warmup; i++) engine.clock.stepFixed(1, DELTA);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < frames; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    engine.clock.stepFixed(1, DELTA);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  engine.graph.removeRoot(show.lx);
  return { wall, cpu };
}

const sizes = (process.env.BENCH_SIZES ?? '100k,1M').split(',');
const load = (): string => loadavg()[0].toFixed(1);
console.log(`render subset: the standard workload, ${pointPool.threads} render threads, ${cpus().length} cores, ${REPEAT} rounds, load ${load()}`);
for (const name of sizes) {
  const [rows, columns] = SIZES[name];
  const scale = name === '1M' ? 10 : 1;
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < REPEAT; r++) {
    for (const [slice, fraction] of Object.entries(SLICES)) {
      const got = run(rows, columns, fraction, Math.ceil(WARMUP / scale), Math.ceil(FRAMES / scale));
      wall[slice] = [...(wall[slice] ?? []), ...got.wall];
      cpu[slice] = [...(cpu[slice] ?? []), ...got.cpu];
    }
  }
  let wholeMedian = 0;
  let wholeCpu = 0;
  for (const slice of Object.keys(SLICES)) {
    const sorted = wall[slice].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const cpuMedian = quantile(
      cpu[slice].sort((a, b) => a - b),
      0.5,
    );
    if (slice === 'whole') {
      wholeMedian = median;
      wholeCpu = cpuMedian;
    }
    const ratios = `×${(median / wholeMedian).toFixed(2)} (CPU ×${(cpuMedian / wholeCpu).toFixed(2)}) of whole`;
    const figures = `median ${median.toFixed(2)} ms  p90 ${quantile(sorted, 0.9).toFixed(2)} ms  CPU ${cpuMedian.toFixed(2)} ms`;
    console.log(`${name.padStart(4)} ${slice.padEnd(7)} ${figures}  ${ratios}`);
  }
}
console.log(`load average at the end: ${load()}`);
pointPool.setThreads(1);
