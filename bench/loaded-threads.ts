// Two render threads against one on a busy machine (issue #35): a busy-loop child process per core
// competes for the CPUs while the standard workload renders in one process, in rounds of three
// blocks of frames: one thread (the helper stays up but is handed no job, as with
// `--render-threads 1`), two threads as the pool now runs them (a helper watches for the next
// job only while the machine has a core to spare: helper-watch.ts; probes of one thread against
// two decide how jobs run: share-probe.ts), and two threads as before both (`pointPool.adaptiveWatch
// = false`, `pointPool.probing = false`). The order changes from
// round to round through all six and the blocks are short, so a slow spell of the machine (other
// processes come and go) hits every setting alike: each round is one comparison. Prints each
// block's mean and median ms a frame, the helper's share of the chunks, the jobs run alone, the
// engine thread's wait for the helper's chunks and the frames the helper watched in, with the
// load average, then how many rounds two threads were no slower than one.
//
// `node --import tsx bench/loaded-threads.ts`
// Environment: LOADED_SIZES=100k,1M  LOADED_BUSY=<cores> (busy-loop processes; 0: none)
//   LOADED_ROUNDS=100k:12,1M:6 (a multiple of 6: every order of the settings once)  LOADED_BLOCK=100k:60,1M:6 (timed frames a block)
//   LOADED_WARMUP=100k:600,1M:60 (untimed frames first, the settings taking turns)
//   LOADED_WATCH_US=200 (how long a helper watches for the next job before it sleeps, µs)
//   LOADED_SETTLE=2 (untimed frames after each change of setting; 0 with short blocks: a live engine's
//   helper sleeps between frames too)
//   LOADED_PACED=1 (frames start 1/60 s apart, as a live show's clock starts them, instead of back to
//   back: between frames the helper sleeps, as it does in a show)
// Short blocks many times over (LOADED_BLOCK=100k:4,1M:1 LOADED_ROUNDS=100k:120,1M:36) compare the
// settings within the same second of the machine: the figure to read is then the mean over rounds.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Engine } from '../src/engine/engine.js';
import { createLibrary } from '../src/light/devices/library.js';
import { pointPool } from '../src/light/parallel/point-pool.js';
import { MIN_SHARED_POINTS } from '../src/light/parallel/shared-arrays.js';
import { LightShow } from '../src/light/show/light-show.js';
import { readProject } from '../src/light/show/project/project-file.js';
import { fmt } from './load-loop.js';
import { standardWorkload } from './workload.js';

const GRIDS: Record<string, [number, number]> = { '10k': [100, 100], '100k': [250, 400], '1M': [1000, 1000] };
const DELTA = 1000 / 60;
/** Untimed frames after each change of setting (the helper wakes, the window starts). */
const SETTLE_FRAMES = Number(process.env.LOADED_SETTLE ?? 2);
const PACED = process.env.LOADED_PACED === '1';
const pause = new Int32Array(new SharedArrayBuffer(4));
let nextFrameAt = 0;

/** With LOADED_PACED, waits for the next 1/60 s tick (a late frame starts at once and the clock moves on). */
function pace(): void {
  if (!PACED) return;
  const now = performance.now();
  nextFrameAt = Math.max(nextFrameAt + DELTA, now);
  if (nextFrameAt > now) Atomics.wait(pause, 0, 0, nextFrameAt - now);
}

/** A setting of a block: whether jobs are shared at all, and whether the helper's watch and the probes follow the machine. */
interface Setting {
  readonly name: string;
  readonly shared: boolean;
  readonly follows: boolean;
}
const SETTINGS: readonly Setting[] = [
  { name: '1 thread', shared: false, follows: true },
  { name: '2 threads', shared: true, follows: true },
  { name: '2, as before', shared: true, follows: false },
];

/**
 * The six orders of the three settings, one a round: each setting comes first, second and last
 * equally often, and after each other setting equally often. (Alternating one order and its
 * reverse put one setting always in the middle, and another never after one thread.)
 */
const ORDERS: readonly (readonly Setting[])[] = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 1],
  [2, 0, 1],
  [1, 0, 2],
].map((o) => o.map((i) => SETTINGS[i]));

interface Block {
  readonly meanMs: number;
  readonly medianMs: number;
  readonly helperShare: number;
  readonly soloJobs: number;
  readonly jobs: number;
  /** The engine thread's time after its own chunks (watching, running chunks it took back, waiting for commits), ms a frame. */
  readonly waitMs: number;
  /** Chunks taken back from a helper, a frame. */
  readonly takenBack: number;
  /** Of waitMs, asleep waiting for a helper's commit, ms a frame. */
  readonly sleepMs: number;
  /** Frames in which the helper watched for the next job, of the block. */
  readonly watched: number;
}

interface Round {
  readonly load: number;
  readonly blocks: Record<string, Block>;
}

/** `100k:300,1M:40` → the number for `size` (or `fallback`). */
function perSize(spec: string | undefined, size: string, fallback: number): number {
  for (const part of (spec ?? '').split(',')) {
    const [k, v] = part.split(':');
    if (k === size && Number.isFinite(Number(v))) return Number(v);
  }
  return fallback;
}

function apply(setting: Setting): void {
  pointPool.minSharedPoints = setting.shared ? MIN_SHARED_POINTS : Number.POSITIVE_INFINITY;
  pointPool.adaptiveWatch = setting.follows;
  pointPool.probing = setting.follows;
}

/** Every round of one size, in this process. */
function runSize(size: string, rounds: number, block: number, warmup: number): Round[] {
  pointPool.setThreads(2);
  if (process.env.LOADED_WATCH_US !== undefined) pointPool.helperWatchUs = Number(process.env.LOADED_WATCH_US);
  const [rows, columns] = GRIDS[size];
  const engine = new Engine();
  const opened = readProject(standardWorkload(rows, columns), createLibrary());
  engine.graph.reserveIds(opened.maxId);
  new LightShow(engine, opened.lx);
  for (let i = 0; i < warmup; i++) {
    apply(SETTINGS[Math.floor((i * SETTINGS.length) / warmup)]);
    engine.clock.stepFixed(1, DELTA);
  }
  const out: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = ORDERS[r % ORDERS.length];
    const blocks: Record<string, Block> = {};
    const load = loadavg()[0];
    for (const setting of order) {
      apply(setting);
      engine.clock.stepFixed(SETTLE_FRAMES, DELTA);
      const chunks0 = pointPool.chunks;
      const helper0 = pointPool.helperChunks;
      const s0 = pointPool.stats();
      const samples: number[] = [];
      let watched = 0;
      for (let i = 0; i < block; i++) {
        pace();
        const t0 = performance.now();
        engine.clock.stepFixed(1, DELTA);
        samples.push(performance.now() - t0);
        if (pointPool.helpersWatching) watched++;
      }
      const s1 = pointPool.stats();
      const chunks = pointPool.chunks - chunks0;
      samples.sort((a, b) => a - b);
      blocks[setting.name] = {
        meanMs: samples.reduce((a, b) => a + b, 0) / block,
        medianMs: samples[block >> 1],
        helperShare: chunks === 0 ? 0 : (pointPool.helperChunks - helper0) / chunks,
        soloJobs: s1.judgedAlone - s0.judgedAlone,
        jobs: s1.judgedJobs - s0.judgedJobs,
        waitMs: (s1.waitMs - s0.waitMs) / block,
        takenBack: (s1.takenBack - s0.takenBack) / block,
        sleepMs: (s1.sleepMs - s0.sleepMs) / block,
        watched: watched / block,
      };
    }
    out.push({ load, blocks });
  }
  return out;
}

/** One size in a child process of this script (a fresh JIT and helper for each size). */
function runChild(size: string, rounds: number, block: number, warmup: number): Round[] {
  const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
    env: { ...process.env, LOADED_CHILD: JSON.stringify({ size, rounds, block, warmup }) },
    encoding: 'utf8',
    maxBuffer: 1 << 22,
  });
  if (child.status !== 0) throw new Error(`the ${size} run failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Round[];
}

/** A busy loop per core: node processes spinning until killed (by their pid, below). */
function startLoad(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/** Rows for every round up to this many; beyond, only the summary. */
const MAX_ROWS = 24;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

function report(size: string, block: number, rounds: readonly Round[]): void {
  console.log(
    `\n${size} points, ${rounds.length} rounds of ${block} timed frames a setting ` +
      "(mean / median ms a frame; helper's chunks; jobs alone; w: ms a frame after the engine thread's own chunks)",
  );
  if (rounds.length <= MAX_ROWS) console.log(`round  load   ${SETTINGS.map((s) => s.name.padEnd(38)).join('')}`);
  const mean = (name: string, of: (b: Block) => number): number => rounds.reduce((sum, r) => sum + of(r.blocks[name]), 0) / rounds.length;
  rounds.forEach((r, i) => {
    if (rounds.length > MAX_ROWS) return;
    const cells = SETTINGS.map((s) => {
      const b = r.blocks[s.name];
      const cell = `${fmt(b.meanMs)} / ${fmt(b.medianMs)}${s.shared ? `  ${fmt(b.helperShare * 100, 0)}%  ${b.soloJobs}/${b.jobs}  w ${fmt(b.waitMs)}` : ''}`;
      return cell.padEnd(38);
    });
    console.log(`${String(i + 1).padEnd(7)}${fmt(r.load).padEnd(7)}${cells.join('')}`);
  });
  console.log(`mean of the rounds: ${SETTINGS.map((s) => `${s.name} ${fmt(mean(s.name, (b) => b.meanMs))}`).join(', ')} ms`);
  for (const s of SETTINGS.filter((x) => x.shared)) {
    const wins = rounds.filter((r) => r.blocks[s.name].meanMs <= r.blocks['1 thread'].meanMs).length;
    const ratio = median(rounds.map((r) => r.blocks[s.name].meanMs / r.blocks['1 thread'].meanMs));
    console.log(
      `${s.name}: no slower than one thread in ${wins} of ${rounds.length} rounds; median ratio to one thread ${fmt(ratio, 3)}; ` +
        `a frame: w ${fmt(mean(s.name, (b) => b.waitMs))} ms, ${fmt(mean(s.name, (b) => b.takenBack))} chunks taken back, ` +
        `${fmt(mean(s.name, (b) => b.sleepMs))} ms asleep for commits; helper's chunks ${fmt(mean(s.name, (b) => b.helperShare) * 100, 0)}%; ` +
        `helper watching in ${fmt(mean(s.name, (b) => b.watched) * 100, 0)}% of frames; ` +
        `${fmt(
          (100 * rounds.reduce((n, r) => n + r.blocks[s.name].soloJobs, 0)) /
            Math.max(
              1,
              rounds.reduce((n, r) => n + r.blocks[s.name].jobs, 0),
            ),
          0,
        )}% of jobs alone`,
    );
  }
  const loads = rounds.map((r) => r.load);
  console.log(`load average ${fmt(Math.min(...loads))}–${fmt(Math.max(...loads))} over the rounds, ${fmt(loadavg()[0])} now`);
}

function main(): void {
  const sizes = (process.env.LOADED_SIZES ?? '100k,1M').split(',');
  const busy = Number(process.env.LOADED_BUSY ?? cpus().length);
  const load = startLoad(busy);
  const stop = (): void => {
    for (const p of load) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  try {
    const average = loadavg()
      .map((x) => fmt(x))
      .join(' ');
    console.log(`${busy} busy-loop processes on ${cpus().length} cores; load average ${average} at the start`);
    for (const size of sizes) {
      const rounds = perSize(process.env.LOADED_ROUNDS, size, size === '1M' ? 6 : 12);
      const block = perSize(process.env.LOADED_BLOCK, size, size === '1M' ? 6 : 60);
      const warmup = perSize(process.env.LOADED_WARMUP, size, size === '1M' ? 60 : 600);
      report(size, block, runChild(size, rounds, block, warmup));
    }
  } finally {
    stop();
  }
}

if (process.env.LOADED_CHILD !== undefined) {
  const { size, rounds, block, warmup } = JSON.parse(process.env.LOADED_CHILD) as { size: string; rounds: number; block: number; warmup: number };
  process.stdout.write(JSON.stringify(runSize(size, rounds, block, warmup)));
  process.exit(0);
} else {
  main();
}
