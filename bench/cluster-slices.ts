// Issue #33's slice figures: the largest rig N local processes render at 60 fps, each rendering its
// slice (1/N of the points, LightShow.setRenderSubset), as the render nodes of a cluster do. For
// N = 1, 2, 3 and growing rigs (the standard workload, bench/workload.ts), N child processes run
// at once, each pacing frames at 60 fps on the fixed timestep for MEASURE frames after a warm-up;
// a frame is late when its work ends after its 16.7 ms slot. A rig passes when every process has
// at most 2% late frames; on a machine busy with other work, late frames say more about the
// machine than about the rig, and the projection below is the figure to read. Then the projected limit per node: the points one process renders in a
// frame's 16.7 ms of CPU, from a straight line (fixed cost + cost per point) fitted to every
// node's median CPU per frame against its points, over all runs. The log (NATS)
// is left out: bench/cluster-log.ts measures it. One render thread per process, to stay frugal.
// Prints the figures and writes bench/results/cluster-slices.json.
//
//   node --import tsx bench/cluster-slices.ts      (SIZES=50x100,100x200,200x200,200x400 NODES=1,2,3)
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { percentile } from './cluster-processes.js';
import { standardWorkload } from './workload.js';

const FRAME_MS = 1000 / 60;
const WARMUP = Number(process.env.WARMUP ?? 60);
const MEASURE = Number(process.env.MEASURE ?? 180);
const LATE_ALLOWED = 0.02;

interface NodeRun {
  /** Points this process rendered each frame. */
  readonly points: number;
  readonly late: number;
  readonly frames: number;
  /** Median and p99 wall ms of a frame's work, median CPU ms. */
  readonly p50: number;
  readonly p99: number;
  readonly cpu50: number;
}

/** Child: renders slice `index` of `of` of a rows × columns workload at a 60 fps pace; prints a NodeRun. */
async function child(rows: number, columns: number, index: number, of: number): Promise<void> {
  pointPool.setThreads(1);
  const engine = new Engine();
  const opened = readProject(standardWorkload(rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const size = show.structure.model.size;
  const from = Math.floor((size * index) / of);
  const to = Math.floor((size * (index + 1)) / of);
  show.setRenderSubset(Int32Array.from({ length: to - from }, (_, k) => from + k));
  for (let i = 0; i < WARMUP; i++) engine.clock.stepFixed(1, FRAME_MS);
  const wall: number[] = [];
  const cpu: number[] = [];
  let late = 0;
  const start = performance.now();
  for (let i = 0; i < MEASURE; i++) {
    const slot = start + i * FRAME_MS;
    const wait = slot - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    engine.clock.stepFixed(1, FRAME_MS);
    const t1 = performance.now();
    const c = process.cpuUsage(c0);
    wall.push(t1 - t0);
    cpu.push((c.user + c.system) / 1000);
    if (t1 > slot + FRAME_MS) late++;
  }
  const run: NodeRun = { points: to - from, late, frames: MEASURE, p50: percentile(wall, 50), p99: percentile(wall, 99), cpu50: percentile(cpu, 50) };
  process.stdout.write(`${JSON.stringify(run)}\n`);
  pointPool.setThreads(1);
  process.exit(0);
}

/** Least squares of CPU ms a frame against points: the fixed cost and the cost per point. */
function fit(samples: readonly NodeRun[]): { fixed: number; perPoint: number } {
  const n = samples.length;
  const mx = samples.reduce((a, r) => a + r.points, 0) / n;
  const my = samples.reduce((a, r) => a + r.cpu50, 0) / n;
  const sxy = samples.reduce((a, r) => a + (r.points - mx) * (r.cpu50 - my), 0);
  const sxx = samples.reduce((a, r) => a + (r.points - mx) ** 2, 0);
  const perPoint = sxx === 0 ? my / mx : sxy / sxx;
  return { fixed: my - perPoint * mx, perPoint };
}

/** Runs `of` child processes at once on a rows × columns rig. */
async function runNodes(rows: number, columns: number, of: number): Promise<NodeRun[]> {
  const script = new URL(import.meta.url).pathname;
  return Promise.all(
    Array.from({ length: of }, (_, index) => {
      const p = spawn(process.execPath, ['--import', 'tsx', script, 'child', String(rows), String(columns), String(index), String(of)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      return new Promise<NodeRun>((resolve, reject) =>
        p.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as NodeRun) : reject(new Error(`a node exited with ${code}`)))),
      );
    }),
  );
}

async function main(): Promise<void> {
  const sizes = (process.env.SIZES ?? '50x100,100x200,200x200,200x400').split(',').map((s) => s.split('x').map(Number) as [number, number]);
  const nodes = (process.env.NODES ?? '1,2,3').split(',').map(Number);
  const loadBefore = loadavg()[0];
  console.log(`cluster slices: the standard workload at 60 fps, ${cpus().length} cores, load ${loadBefore.toFixed(1)}, ${MEASURE} frames a run`);
  const results: { nodes: number; largest: number | null; largestByCpu: number | null; runs: { points: number; perNode: NodeRun[]; passed: boolean }[] }[] = [];
  for (const of of nodes) {
    const runs: { points: number; perNode: NodeRun[]; passed: boolean }[] = [];
    let largest: number | null = null;
    // The largest rig whose median CPU a frame fits the frame on every node: what a core of its own would keep up with.
    let largestByCpu: number | null = null;
    for (const [rows, columns] of sizes) {
      const perNode = await runNodes(rows, columns, of);
      const passed = perNode.every((r) => r.late <= LATE_ALLOWED * r.frames);
      runs.push({ points: rows * columns, perNode, passed });
      const worst = perNode.reduce((a, b) => (b.p50 > a.p50 ? b : a));
      console.log(
        `${of} node${of === 1 ? ' ' : 's'} ${String(rows * columns).padStart(7)} points: ${worst.points} a node, work p50 ${worst.p50.toFixed(2)} ms ` +
          `p99 ${worst.p99.toFixed(2)} ms, CPU p50 ${worst.cpu50.toFixed(2)} ms, ` +
          `late ${Math.max(...perNode.map((r) => r.late))}/${MEASURE} ${passed ? 'ok' : 'LATE'}`,
      );
      // Every size runs, late or not: the fit below needs the CPU figures of them all.
      if (passed) largest = rows * columns;
      if (perNode.every((r) => r.cpu50 < FRAME_MS)) largestByCpu = rows * columns;
    }
    console.log(
      `${of} node${of === 1 ? ' ' : 's'}: largest rig at 60 fps ${largest ?? 'none of those tried'}; ` +
        `by CPU a frame ${largestByCpu ?? 'none of those tried'}`,
    );
    results.push({ nodes: of, largest, largestByCpu, runs });
  }
  const line = fit(results.flatMap((r) => r.runs.flatMap((run) => run.perNode)));
  const projectedPerNode = Math.floor((FRAME_MS - line.fixed) / line.perPoint);
  console.log(
    `CPU a frame ≈ ${line.fixed.toFixed(2)} ms + ${(line.perPoint * 1000).toFixed(3)} µs a point: projected limit ${projectedPerNode} points a node ` +
      '(one render thread with a core to itself), N nodes ≈ N times that',
  );
  const loadAfter = loadavg()[0];
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  const figures = {
    date: new Date().toISOString(),
    cores: cpus().length,
    load: [loadBefore, loadAfter],
    frames: MEASURE,
    results,
    fit: line,
    projectedPerNode,
  };
  await writeFile(new URL('./results/cluster-slices.json', import.meta.url), `${JSON.stringify(figures, null, 1)}\n`);
  console.log(`load average at the end: ${loadAfter.toFixed(1)}; figures in bench/results/cluster-slices.json`);
}

if (process.argv[2] === 'child') await child(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6]));
else await main();
