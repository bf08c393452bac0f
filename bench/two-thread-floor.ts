// The floor of a two-thread frame's tail (issue 18): a frame of the render's shape with no
// Footlight code in it. Each frame is JOBS point jobs over POINTS points; a job is cut in 48
// chunks claimed from a shared counter by the main thread and one helper (a worker), each chunk
// a fixed float loop over its points that allocates nothing. The helper watches for the next job
// SPIN iterations, then sleeps in Atomics.wait; the main thread watches for the helper's last
// chunk, then sleeps. That is point-pool.ts's protocol, so if this frame has the render's tail
// (p99 over 2× the median, slow frames with both threads descheduled) on the same machine, the
// tail is the machine's, not Footlight's.
//
// `node --import tsx bench/two-thread-floor.ts` (FLOOR_FRAMES=3000 FLOOR_POINTS=100000
// FLOOR_JOBS=9 FLOOR_WORK=3 FLOOR_THREADS=2 FLOOR_SPIN=20000). Prints median, p99 and, for the
// slow frames (over 1.5× the median), the mean excess and each thread's CPU and descheduled time
// (schedstat), then each thread's migrations and involuntary switches (/proc/…/sched).
import { openSync, readFileSync, readSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ThreadClock, type ThreadTime, currentThreadId } from '../src/engine/thread-time.js';

const FRAMES = Number(process.env.FLOOR_FRAMES ?? 3000);
const WARMUP = 300;
const POINTS = Number(process.env.FLOOR_POINTS ?? 100_000);
const JOBS = Number(process.env.FLOOR_JOBS ?? 9);
const WORK = Number(process.env.FLOOR_WORK ?? 3);
const THREADS = Number(process.env.FLOOR_THREADS ?? 2);
const SPIN = Number(process.env.FLOOR_SPIN ?? 20000);
const CHUNKS = 48;

// Control words: CLAIM (generation << 16 | next chunk), DONE, STOP, HELPER_TID.
const CLAIM = 0;
const DONE = 1;
const STOP = 2;
const TID = 3;

// The same source runs on both threads (the helper gets it as an eval'd worker).
const shared = `
function kernel(input, output, start, end, work) {
  for (let k = start; k < end; k++) {
    let v = input[k];
    for (let i = 0; i < work; i++) v = Math.fround(Math.fround(v * 0.9999) + 0.37);
    output[k] = v;
  }
}
function claimChunks(control, input, output, points, chunks, work) {
  let ran = 0;
  const chunk = Math.ceil(points / chunks);
  for (;;) {
    const claim = Atomics.load(control, ${CLAIM});
    const next = claim & 0xffff;
    if (next >= chunks) return ran;
    if (Atomics.compareExchange(control, ${CLAIM}, claim, claim + 1) !== claim) continue;
    kernel(input, output, next * chunk, Math.min(points, (next + 1) * chunk), work);
    Atomics.add(control, ${DONE}, 1);
    Atomics.notify(control, ${DONE});
    ran++;
  }
}`;
const helperSource = `${shared}
const { workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { control, input, output, points, chunks, work, spin } = workerData;
Atomics.store(control, ${TID}, Number(readlinkSync('/proc/thread-self').split('/').pop()) | 0);
while (Atomics.load(control, ${STOP}) === 0) {
  const claim = Atomics.load(control, ${CLAIM});
  claimChunks(control, input, output, points, chunks, work);
  let spins = 0;
  while (Atomics.load(control, ${CLAIM}) === claim && spins < spin) spins++;
  if (spins === spin) Atomics.wait(control, ${CLAIM}, claim, 50);
}`;
const { claimChunks } = new Function(`${shared}; return { claimChunks };`)() as {
  claimChunks: (control: Int32Array, input: Float32Array, output: Float32Array, points: number, chunks: number, work: number) => number;
};

const control = new Int32Array(new SharedArrayBuffer(16 * 4));
const input = new Float32Array(new SharedArrayBuffer(POINTS * 4));
const output = new Float32Array(new SharedArrayBuffer(POINTS * 4));
for (let k = 0; k < POINTS; k++) input[k] = (k % 977) / 977;
const chunks = THREADS > 1 ? CHUNKS : 1;
const helper =
  THREADS > 1 ? new Worker(helperSource, { eval: true, workerData: { control, input, output, points: POINTS, chunks, work: WORK, spin: SPIN } }) : undefined;

let generation = 0;
function job(): void {
  generation = (generation + 1) & 0x7fff;
  Atomics.store(control, DONE, 0);
  Atomics.store(control, CLAIM, generation << 16);
  Atomics.notify(control, CLAIM);
  claimChunks(control, input, output, POINTS, chunks, WORK);
  const until = performance.now() + 0.1;
  let done = Atomics.load(control, DONE);
  for (let i = 1; done < chunks; i++) {
    if ((i & 63) === 0 && performance.now() >= until) break;
    done = Atomics.load(control, DONE);
  }
  for (; done < chunks; done = Atomics.load(control, DONE)) Atomics.wait(control, DONE, done);
}

/** The CPU thread `tid` last ran on (field 39 of /proc/…/stat), NaN where there is none. */
function lastCpuReader(tid: number): () => number {
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${tid}/stat`, 'r');
  } catch {
    return () => Number.NaN;
  }
  const bytes = Buffer.alloc(1024);
  return () => {
    const line = bytes.toString('latin1', 0, readSync(fd, bytes, 0, bytes.length, 0));
    return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[36]);
  };
}

function sched(tid: number): string {
  try {
    const text = readFileSync(`/proc/self/task/${tid}/sched`, 'utf8');
    const field = (name: string): string => text.match(new RegExp(`^${name}\\s*:\\s*(\\S+)`, 'm'))?.[1] ?? '?';
    return `migrations ${field('se.nr_migrations')}, involuntary switches ${field('nr_involuntary_switches')}, voluntary ${field('nr_voluntary_switches')}`;
  } catch {
    return 'no /proc/…/sched';
  }
}

async function main(): Promise<void> {
  if (helper !== undefined) while (Atomics.load(control, TID) === 0) await new Promise((r) => setTimeout(r, 5));
  const mainClock = new ThreadClock();
  const helperTid = Atomics.load(control, TID);
  const helperClock = helper === undefined ? undefined : new ThreadClock(helperTid);
  const times: number[] = [];
  const parts: { main: ThreadTime; helper: ThreadTime | undefined; sameCpu: number }[] = [];
  const mainCpu = lastCpuReader(currentThreadId() ?? 0);
  const helperCpu = helper === undefined ? () => Number.NaN : lastCpuReader(helperTid);
  const load = loadavg()[0];
  for (let frame = 0; frame < WARMUP + FRAMES; frame++) {
    const m0 = mainClock.read() as ThreadTime;
    const h0 = helperClock?.read();
    const t0 = performance.now();
    for (let j = 0; j < JOBS; j++) job();
    const t = performance.now() - t0;
    const m1 = mainClock.read() as ThreadTime;
    const h1 = helperClock?.read();
    if (frame < WARMUP) continue;
    times.push(t);
    parts.push({
      main: { cpuMs: m1.cpuMs - m0.cpuMs, waitMs: m1.waitMs - m0.waitMs },
      helper: h0 === undefined || h1 === undefined ? undefined : { cpuMs: h1.cpuMs - h0.cpuMs, waitMs: h1.waitMs - h0.waitMs },
      sameCpu: mainCpu() === helperCpu() ? 1 : 0,
    });
  }
  Atomics.store(control, STOP, 1);
  Atomics.notify(control, CLAIM);
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const p99 = sorted[Math.floor(sorted.length * 0.99)];
  const all = times.map((_, i) => i);
  const slow = all.filter((i) => times[i] > 1.5 * median);
  const mean = (ids: number[], f: (i: number) => number): string => (ids.length === 0 ? '–' : (ids.reduce((s, i) => s + f(i), 0) / ids.length).toFixed(2));
  const line = (ids: number[]): string =>
    `main CPU ${mean(ids, (i) => parts[i].main.cpuMs)} descheduled ${mean(ids, (i) => parts[i].main.waitMs)}` +
    (helper === undefined
      ? ''
      : `, helper CPU ${mean(ids, (i) => parts[i].helper?.cpuMs ?? 0)} descheduled ${mean(ids, (i) => parts[i].helper?.waitMs ?? 0)}, ` +
        `on one CPU at the end in ${(100 * Number(mean(ids, (i) => parts[i].sameCpu))).toFixed(0)} %`);
  console.log(
    `two-thread floor: ${THREADS} thread(s), ${JOBS} jobs × ${POINTS} points a frame, ${FRAMES} frames: median ${median.toFixed(2)} ms, ` +
      `p99 ${p99.toFixed(2)} (×${(p99 / median).toFixed(2)}), load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
  console.log(`  all frames: ${line(all)}`);
  console.log(`  ${slow.length} slow frames (+${mean(slow, (i) => times[i] - median)} ms): ${line(slow)}`);
  console.log(`  main thread: ${sched(currentThreadId() ?? 0)}`);
  if (helper !== undefined) console.log(`  helper thread: ${sched(helperTid)}`);
  await helper?.terminate();
}

await main();
