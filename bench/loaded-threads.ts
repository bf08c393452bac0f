// Two render threads against one on a busy machine (issue #35): a busy-loop child process per core
// competes for the CPUs while the standard workload renders, in alternating pairs, on one thread,
// on two threads as the pool now shares (a window of jobs that lost time runs alone for a spell),
// and on two threads always sharing (the old rule: `pointPool.adaptive = false`). Each run is its
// own child process (a fresh JIT, its own helper); the order within a pair alternates so a slow
// spell of the machine hits every setting. Prints mean and median ms a frame, the helpers' share
// of the chunks, the jobs run alone, and the load average at the start and end of each run.
//
// `node --import tsx bench/loaded-threads.ts`
// Environment: LOADED_SIZES=100k,1M  LOADED_PAIRS=4  LOADED_BUSY=<cores> (busy-loop processes; 0: none)
//   LOADED_FRAMES=100k:300,1M:40 (timed frames)  LOADED_WARMUP=100k:300,1M:30 (untimed frames first)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { fmt } from './load-loop.js';
import { standardWorkload } from './workload.js';

const GRIDS: Record<string, [number, number]> = { '10k': [100, 100], '100k': [250, 400], '1M': [1000, 1000] };
const DELTA = 1000 / 60;

/** A setting of a run: its thread count and whether the pool judges sharing. */
interface Setting {
  readonly name: string;
  readonly threads: number;
  readonly adaptive: boolean;
}
const SETTINGS: readonly Setting[] = [
  { name: '1 thread', threads: 1, adaptive: true },
  { name: '2 threads', threads: 2, adaptive: true },
  { name: '2, always shared', threads: 2, adaptive: false },
];

interface Run {
  readonly meanMs: number;
  readonly medianMs: number;
  readonly helperShare: number;
  readonly soloJobs: number;
  readonly sharedJobs: number;
  readonly load: [number, number];
}

/** `100k:300,1M:40` → the number for `size` (or `fallback`). */
function perSize(spec: string | undefined, size: string, fallback: number): number {
  for (const part of (spec ?? '').split(',')) {
    const [k, v] = part.split(':');
    if (k === size && Number.isFinite(Number(v))) return Number(v);
  }
  return fallback;
}

/** One run in this process: warm up, then time `frames` frames. */
function runHere(size: string, setting: Setting, warmup: number, frames: number): Run {
  const load0 = loadavg()[0];
  pointPool.setThreads(setting.threads);
  pointPool.adaptive = setting.adaptive;
  const [rows, columns] = GRIDS[size];
  const engine = new Engine();
  const opened = readProject(standardWorkload(rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  new LightShow(engine, opened.lx);
  for (let i = 0; i < warmup; i++) engine.clock.stepFixed(1, DELTA);
  const chunks0 = pointPool.chunks;
  const helper0 = pointPool.helperChunks;
  const s0 = pointPool.stats();
  const samples: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    engine.clock.stepFixed(1, DELTA);
    samples.push(performance.now() - t0);
  }
  const s1 = pointPool.stats();
  const chunks = pointPool.chunks - chunks0;
  samples.sort((a, b) => a - b);
  return {
    meanMs: samples.reduce((a, b) => a + b, 0) / frames,
    medianMs: samples[frames >> 1],
    helperShare: chunks === 0 ? 0 : (pointPool.helperChunks - helper0) / chunks,
    soloJobs: s1.soloJobs - s0.soloJobs,
    sharedJobs: s1.sharedJobs - s0.sharedJobs,
    load: [load0, loadavg()[0]],
  };
}

/** One run in a child process of this script. */
function runChild(size: string, setting: Setting, warmup: number, frames: number): Run {
  const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
    env: { ...process.env, LOADED_CHILD: JSON.stringify({ size, setting, warmup, frames }) },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`a run failed (${size}, ${setting.name}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Run;
}

/** A busy loop per core: node processes spinning until killed (by their pid, below). */
function startLoad(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

function main(): void {
  const sizes = (process.env.LOADED_SIZES ?? '100k,1M').split(',');
  const pairs = Number(process.env.LOADED_PAIRS ?? 4);
  const busy = Number(process.env.LOADED_BUSY ?? cpus().length);
  const load = startLoad(busy);
  const stop = (): void => {
    for (const p of load) if (p.pid !== undefined && p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  };
  process.once('exit', stop);
  try {
    const average = loadavg()
      .map((x) => fmt(x))
      .join(' ');
    console.log(`${busy} busy-loop processes on ${cpus().length} cores; load average ${average}`);
    for (const size of sizes) {
      const warmup = perSize(process.env.LOADED_WARMUP, size, size === '1M' ? 30 : 300);
      const frames = perSize(process.env.LOADED_FRAMES, size, size === '1M' ? 40 : 300);
      console.log(`\n${size} points, ${warmup} warm-up and ${frames} timed frames a run`);
      console.log('pair  setting            mean ms  median ms  helper share  jobs alone  load avg');
      const wins = { adaptive: 0, always: 0 };
      for (let pair = 1; pair <= pairs; pair++) {
        const order = pair % 2 === 1 ? SETTINGS : [...SETTINGS].reverse();
        const runs = new Map<string, Run>();
        for (const setting of order) {
          const r = runChild(size, setting, warmup, frames);
          runs.set(setting.name, r);
          const alone = r.sharedJobs + r.soloJobs === 0 ? '-' : `${r.soloJobs}/${r.sharedJobs + r.soloJobs}`;
          console.log(
            `${String(pair).padEnd(6)}${setting.name.padEnd(19)}${fmt(r.meanMs).padStart(7)}  ${fmt(r.medianMs).padStart(9)}  ` +
              `${fmt(r.helperShare * 100, 0).padStart(11)}%  ${alone.padStart(10)}  ${fmt(r.load[0])}–${fmt(r.load[1])}`,
          );
        }
        const one = (runs.get('1 thread') as Run).meanMs;
        if ((runs.get('2 threads') as Run).meanMs <= one) wins.adaptive++;
        if ((runs.get('2, always shared') as Run).meanMs <= one) wins.always++;
      }
      console.log(`two threads no slower than one (mean): ${wins.adaptive} of ${pairs} pairs; always shared: ${wins.always} of ${pairs}`);
    }
  } finally {
    stop();
  }
}

if (process.env.LOADED_CHILD !== undefined) {
  const { size, setting, warmup, frames } = JSON.parse(process.env.LOADED_CHILD) as { size: string; setting: Setting; warmup: number; frames: number };
  process.stdout.write(JSON.stringify(runHere(size, setting, warmup, frames)));
  process.exit(0);
} else {
  main();
}
