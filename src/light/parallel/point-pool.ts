// Point jobs on several threads (see point-pool-shared.ts for the protocol). The engine thread
// publishes a job, claims chunks like the helpers, and returns once every chunk is done, so a
// job is a synchronous call whose output is that of one pass over the whole range. The helpers
// start on the first large job; until they are up, and whenever they are not scheduled, the
// engine thread runs the chunks itself. A helper runs its chunk aside and commits it; once the
// engine thread has run out of chunks it watches briefly for the helpers' last ones and then
// takes back the chunks they have not begun to commit and runs them itself, so a helper
// descheduled holding a chunk costs about a chunk, not its sleep (issue #35). Over windows of
// shared jobs the pool still weighs what the helpers saved against the engine thread's time
// after its own chunks and, when sharing lost, runs jobs alone for a spell (share-judge.ts). Jobs
// below MIN_SHARED_POINTS points, or naming an array that is not on a SharedArrayBuffer, or any
// job when the render runs on one thread, run on the engine thread alone, with the same kernels.
// The pool imports no kernel: the table is handed in (useKernels) with the URL of the module that
// exports it (with what each kernel writes), which the helpers load; a kernel not in the table
// runs on the engine thread alone.
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { JOB_ARRAYS, JOB_NUMBERS, type KernelWrites, type PointArray, type PointJob, type PointKernel } from './point-job.js';
import {
  ARRAY_COUNT,
  ARRAY_REFS,
  CHUNK,
  CLAIM,
  CONTROL_WORDS,
  COUNT,
  DONE,
  HELPER_CHUNKS,
  HELPER_LEAVE,
  HELPER_LEFT,
  HELPER_SLEEPS,
  HELPER_STATE,
  HELPER_WATCH_US,
  HELPER_THREAD,
  HELPER_WORDS,
  KERNEL,
  MAX_CHUNKS,
  REF_WORDS,
  SERIAL,
  claimChunk,
  claimRest,
  elementType,
  nextJob,
  publishJob,
  takeBack,
} from './point-pool-shared.js';
import { RENDER_THREADS_RULE, defaultRenderThreads, isRenderThreadCount } from '../../engine/render-threads.js';
import { MIN_SHARED_POINTS, isShared } from './shared-arrays.js';
import { HelperWatch } from './helper-watch.js';
import { ShareJudge } from './share-judge.js';
import { ShareProbe } from './share-probe.js';

/** Points per chunk at least: small enough that a descheduled helper holds up little, large enough to amortize a claim. */
const MIN_CHUNK_POINTS = 2048;
/** Chunks per job at most, so that a 1M-point job does not pay 250 claims. */
const TARGET_CHUNKS = 48;
/**
 * Once its own claims are done, the engine thread watches for the helpers' last chunks this many
 * times its own time per chunk before it takes them back: a helper that is running finishes its
 * chunk within about one chunk's time, and running the chunk again here would waste that. A
 * helper that is not scheduled takes longer: then the engine thread runs its chunk.
 */
const DONE_SPIN_CHUNKS = 2;
/** Bounds of that watch, in ms. */
const DONE_SPIN_MIN_MS = 0.02;
const DONE_SPIN_MAX_MS = 1;
/** How long a helper watches for the next job before it sleeps, in µs. */
const HELPER_WATCH_DEFAULT_US = 200;
/**
 * A job its caller marks cheap (about 1 ns a point, such as the Add blend at full alpha in
 * WebAssembly) is split only from this many times MIN_SHARED_POINTS points: at 100k points it
 * takes about 0.1 ms on one thread, less than waking the helper and waiting for its last chunk
 * can cost, and splitting it cost about 1 ms of CPU a frame on two threads (docs/performance.md).
 */
const CHEAP_SHARE_FACTOR = 32;
/** Time per chunk assumed before any was measured, in ms. */
const FIRST_CHUNK_MS = 0.05;

/** Where the engine thread's time inside point jobs went (cumulative; benches read differences). */
export interface PointPoolStats {
  /** Jobs split with the helpers. */
  readonly sharedJobs: number;
  /** Of those, the jobs whose last chunk was still held by a helper when the engine thread had run out of chunks. */
  readonly waits: number;
  /** Time the engine thread spent on those chunks after its own (watching, running the ones it took back, waiting for commits), in ms. */
  readonly waitMs: number;
  /** Chunks a helper held that the engine thread took back and ran. */
  readonly takenBack: number;
  /** Times it went to sleep for a helper's commit (Atomics.wait). */
  readonly sleeps: number;
  /** Time asleep, in ms (included in waitMs). */
  readonly sleepMs: number;
  /** Jobs run on the engine thread alone because sharing lost (share-judge.ts: spells). */
  readonly soloJobs: number;
  /** Spells alone begun (windows of shared jobs that lost time). */
  readonly soloSpells: number;
  /** Jobs the pool judged (large enough to weigh), and of those the ones run alone (a spell, a probe or its decision). */
  readonly judgedJobs: number;
  readonly judgedAlone: number;
  /** Probes of one thread against two that decided (share-probe.ts), and those that chose one. */
  readonly probes: number;
  readonly probesAlone: number;
}
interface Helper {
  readonly worker: Worker;
  readonly port: MessagePort;
  /**
   * [HELPER_STATE, HELPER_CHUNKS, HELPER_THREAD, HELPER_SLEEPS]: the state is 0 while it runs; the engine thread
   * sets 1 to ask it to leave, and it sets 2 once it has left the claim loop (it is never
   * terminated: a chunk it claimed is always finished). The count is the chunks it has run; the
   * thread id (0 until known or off Linux) lets benches read its scheduler accounting; the sleeps
   * are the times it slept between jobs and a job woke it.
   */
  readonly state: Int32Array;
  /** The buffers posted to this helper. */
  readonly posted: WeakSet<SharedArrayBuffer>;
}

class PointPool {
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * Int32Array.BYTES_PER_ELEMENT));
  private readonly sharedNumbers = new Float64Array(new SharedArrayBuffer(JOB_NUMBERS * Float64Array.BYTES_PER_ELEMENT));
  /** The job under construction: its numbers are the shared block itself. */
  private readonly job: PointJob = { num: this.sharedNumbers, arrays: [], serial: 0 };
  /** The running helpers; `helpersFailed` once one could not start or failed (no more are started). */
  private readonly helpers: Helper[] = [];
  /** Helpers asked to leave that may still claim a chunk: they keep getting buffers until they have left. */
  private readonly leaving: Helper[] = [];
  private helpersFailed = false;
  private threadCount = defaultRenderThreads();
  /** The current job's number (point-pool-shared.ts: chunk states name it). */
  private jobNumber = 0;
  /** Which chunks of the current job this thread claimed. */
  private readonly own = new Uint8Array(MAX_CHUNKS);
  private takenBack = 0;
  /** Ids of the buffers posted to helpers; dropped there when the buffer is collected here. */
  private readonly bufferIds = new WeakMap<SharedArrayBuffer, number>();
  private nextBufferId = 1;
  private readonly dropped = new FinalizationRegistry<number>((id) => {
    for (const h of [...this.helpers, ...this.leaving]) h.port.postMessage({ drop: id });
  });
  /** The kernel table handed in (useKernels), by kernel, and the URL of the module exporting it as `KERNELS`. */
  private kernelIds = new Map<PointKernel, number>();
  private kernelsUrl: string | null = null;
  /** Chunks run so far, in all and by the helpers (for benches and tests). */
  chunks = 0;
  helperChunks = 0;
  /**
   * How many of its own chunk times the engine thread watches for a helper's last chunk before
   * sleeping (0: sleep at once, as before this was measured; benches compare the two).
   */
  doneSpinChunks = DONE_SPIN_CHUNKS;
  private watchUs = HELPER_WATCH_DEFAULT_US;
  /** Whether the machine has a core for the helpers' watch (helper-watch.ts). */
  private readonly watch = new HelperWatch();
  /** Whether the helpers' watch follows the machine's load; benches turn it off to compare. */
  adaptiveWatch = true;
  private sharedJobs = 0;
  private judgedJobs = 0;
  private judgedAlone = 0;
  private waits = 0;
  private waitMs = 0;
  private sleeps = 0;
  private sleepMs = 0;
  /** The engine thread's time per chunk (moving average), in ms. */
  private chunkMs = FIRST_CHUNK_MS;
  /** Whether sharing pays (share-judge.ts). */
  private readonly judge = new ShareJudge();
  /** Whether two threads beat one on this machine now (share-probe.ts). */
  private readonly probe = new ShareProbe();
  /** Whether probes decide how judged jobs run; benches turn it off to compare. */
  probing = true;
  /**
   * Whether sharing must pay (share-judge.ts); benches turn it off to compare. Only jobs the
   * default threshold would split are judged: a threshold lowered below it (tests splitting
   * small scenes) shares every job as asked.
   */
  adaptive = true;
  /** Points per chunk at least (tests lower it to split small scenes). */
  minChunk = MIN_CHUNK_POINTS;
  /** Jobs below this many points run on the engine thread alone (tests change it). */
  minSharedPoints = MIN_SHARED_POINTS;
  /** Cheap jobs are split from `cheapShareFactor × minSharedPoints` points (benches compare 1, the old rule). */
  cheapShareFactor = CHEAP_SHARE_FACTOR;
  /**
   * Tests set this to run engine-thread jobs in chunks of this many points, last chunk first:
   * a kernel whose output depended on where a chunk starts, or on chunk order, would show.
   */
  soloChunk = Number.POSITIVE_INFINITY;

  /** Threads that render: the engine thread and `threads − 1` helpers (1: the engine thread alone). */
  get threads(): number {
    return this.threadCount;
  }

  /**
   * Sets the render thread count (render-threads.ts); helpers start or leave before the next
   * large job. Frames are the same at every count.
   */
  setThreads(count: number): void {
    if (!isRenderThreadCount(count)) throw new RangeError(`${RENDER_THREADS_RULE}; got ${String(count)}`);
    this.threadCount = count;
    this.judge.reset();
    this.probe.reset();
    while (this.helpers.length > count - 1) this.release(this.helpers.pop() as Helper);
  }

  /** Chunks each running helper has run so far (started, not yet asked to leave), for benches and tests. */
  helperChunkCounts(): number[] {
    return this.helpers.map((h) => Atomics.load(h.state, HELPER_CHUNKS));
  }

  /** How long a helper watches for the next job before it sleeps, in µs (benches compare settings). */
  get helperWatchUs(): number {
    return this.watchUs;
  }

  set helperWatchUs(us: number) {
    this.watchUs = Math.max(0, Math.min(1_000_000, Math.round(us)));
    this.tellWatch();
  }

  /** Whether helpers watch for the next job now: off while other processes use the spare cores (helper-watch.ts). */
  get helpersWatching(): boolean {
    return this.effectiveWatchUs() > 0;
  }

  private effectiveWatchUs(): number {
    return this.adaptiveWatch && !this.watch.watching ? 0 : this.watchUs;
  }

  private tellWatch(): void {
    const us = this.effectiveWatchUs();
    for (const h of this.helpers) Atomics.store(h.state, HELPER_WATCH_US, us);
  }

  /** Times each running helper slept between jobs and was woken by one, for benches. */
  helperSleepCounts(): number[] {
    return this.helpers.map((h) => Atomics.load(h.state, HELPER_SLEEPS));
  }

  /**
   * Hands in the kernel table and what each kernel writes: helpers run a kernel by its index
   * here, loading the same tables from `moduleUrl` (a module exporting them as `KERNELS` and
   * `KERNEL_WRITES`). Running helpers hold the old table, so a new one lets them go; they start
   * again on the next large job.
   */
  useKernels(kernels: readonly PointKernel[], writes: readonly ((job: PointJob) => KernelWrites)[], moduleUrl: string): void {
    if (writes.length !== kernels.length) throw new RangeError(`each kernel needs what it writes: ${kernels.length} kernels, ${writes.length} entries`);
    if (moduleUrl === this.kernelsUrl && kernels.length === this.kernelIds.size && kernels.every((k, i) => this.kernelIds.get(k) === i)) return;
    while (this.helpers.length > 0) this.release(this.helpers.pop() as Helper);
    this.kernelIds = new Map(kernels.map((k, i) => [k, i]));
    this.kernelsUrl = moduleUrl;
  }

  /** Thread ids of the running helpers (0 while not known), for benches. */
  helperThreadIds(): number[] {
    return this.helpers.map((h) => Atomics.load(h.state, HELPER_THREAD));
  }

  stats(): PointPoolStats {
    return {
      sharedJobs: this.sharedJobs,
      judgedJobs: this.judgedJobs,
      judgedAlone: this.judgedAlone,
      waits: this.waits,
      waitMs: this.waitMs,
      takenBack: this.takenBack,
      sleeps: this.sleeps,
      sleepMs: this.sleepMs,
      ...this.judge.stats(),
      ...this.probe.stats(),
    };
  }

  /** A fresh job to fill: numbers (stale from the last job) and an empty array list. */
  begin(): PointJob {
    this.job.arrays.length = 0;
    return this.job;
  }

  /**
   * Runs `kernel` over points 0..count−1 of the job `begin` returned, split with the helpers when
   * large (`cheap`: the caller knows it costs about 1 ns a point, so it is split only when much larger).
   */
  run(kernel: PointKernel, count: number, cheap = false): void {
    const job = this.job;
    job.serial = (job.serial + 1) | 0;
    const id = this.kernelIds.get(kernel);
    const minShared = cheap ? this.cheapShareFactor * this.minSharedPoints : this.minSharedPoints;
    const judged = this.adaptive && count >= MIN_SHARED_POINTS;
    const shareable = id !== undefined && this.threadCount > 1 && count >= minShared && job.arrays.every(isShared);
    if (shareable && this.watch.update(performance.now(), this.threadCount)) {
      this.tellWatch();
      this.probe.soon(); // the machine's load changed: whether sharing pays may have too
    }
    if (!shareable || !judged) {
      if (shareable && this.ensureHelpers()) this.runShared(kernel, id, count, false);
      else this.runAlone(kernel, count);
      return;
    }
    // A judged job: alone while the last probe or a spell says so, else shared.
    const key = id * 2 ** 32 + count;
    const started = performance.now();
    const shared = (!this.probing || this.probe.shares(key, started)) && !this.judge.alone() && this.ensureHelpers();
    this.judgedJobs++;
    if (shared) this.runShared(kernel, id, count, true);
    else {
      this.judgedAlone++;
      this.runAlone(kernel, count);
    }
    if (!this.probing) return;
    const ended = performance.now();
    this.probe.ran(key, shared, ended - started, ended);
  }

  private runAlone(kernel: PointKernel, count: number): void {
    const job = this.job;
    if (count <= this.soloChunk) kernel(job, 0, count);
    else
      for (let start = Math.floor((count - 1) / this.soloChunk) * this.soloChunk; start >= 0; start -= this.soloChunk)
        kernel(job, start, Math.min(count, start + this.soloChunk));
  }

  /** Splits the job with the helpers (`judged`: the share judge weighs it). */
  private runShared(kernel: PointKernel, id: number, count: number, judged: boolean): void {
    const job = this.job;
    if (job.arrays.length > JOB_ARRAYS) throw new RangeError(`a point job names at most ${JOB_ARRAYS} arrays`);
    const control = this.control;
    this.describeArrays(job.arrays);
    const chunk = Math.max(this.minChunk, Math.ceil(count / TARGET_CHUNKS));
    const chunks = Math.min(MAX_CHUNKS, Math.ceil(count / chunk));
    Atomics.store(control, COUNT, count);
    Atomics.store(control, CHUNK, chunk);
    Atomics.store(control, KERNEL, id);
    Atomics.store(control, SERIAL, job.serial);
    this.jobNumber = nextJob(this.jobNumber);
    publishJob(control, this.jobNumber, chunks);
    const own = this.own;
    own.fill(0, 0, chunks);
    let ranHere = 0;
    const started = performance.now();
    try {
      for (let c = claimChunk(control); c >= 0; c = claimChunk(control)) {
        own[c] = 1;
        ranHere++;
        kernel(job, c * chunk, Math.min(count, (c + 1) * chunk));
      }
    } catch (e) {
      claimRest(control);
      this.settle(kernel, count, chunk, chunks, false);
      throw e;
    }
    const ownMs = performance.now() - started;
    if (ranHere > 0) this.chunkMs = 0.8 * this.chunkMs + (0.2 * ownMs) / ranHere;
    const taken = this.settle(kernel, count, chunk, chunks, true);
    // What the helpers' committed chunks would have cost this thread, against its time after its
    // own chunks beyond the chunks it took back (the watch and the commits it waited for).
    const perChunk = ranHere > 0 ? ownMs / ranHere : this.chunkMs;
    const helperChunks = chunks - ranHere - taken;
    if (judged) this.judge.ranShared(helperChunks * perChunk, Math.max(0, performance.now() - started - ownMs - taken * perChunk));
    this.sharedJobs++;
    this.chunks += chunks;
    this.helperChunks += helperChunks;
  }

  /**
   * Once this thread has run out of chunks: waits for the chunks the helpers claimed, watching for
   * about DONE_SPIN_CHUNKS of its own chunk times, then takes back every one not yet being
   * committed and runs it here (`run`; after a kernel threw here, it only takes them back), and
   * waits for the commits under way. Returns the chunks taken back.
   */
  private settle(kernel: PointKernel, count: number, chunk: number, chunks: number, run: boolean): number {
    const control = this.control;
    let claimed = 0;
    for (let c = 0; c < chunks; c++) claimed += 1 - this.own[c];
    let done = Atomics.load(control, DONE);
    if (done >= claimed) return 0;
    this.waits++;
    const now = performance.now();
    if (run && this.doneSpinChunks > 0) {
      const until = now + Math.min(DONE_SPIN_MAX_MS, Math.max(DONE_SPIN_MIN_MS, this.doneSpinChunks * this.chunkMs));
      for (let i = 1; done < claimed; i++) {
        if ((i & 63) === 0 && performance.now() >= until) break;
        done = Atomics.load(control, DONE);
      }
    }
    let taken = 0;
    let failure: { error: unknown } | null = null;
    if (done < claimed) {
      for (let c = 0; c < chunks; c++) {
        if (this.own[c] === 1 || !takeBack(control, this.jobNumber, c)) continue;
        taken++;
        if (!run || failure !== null) continue;
        try {
          kernel(this.job, c * chunk, Math.min(count, (c + 1) * chunk));
        } catch (error) {
          failure = { error };
        }
      }
      this.takenBack += taken;
      // The rest are being committed: a copy of the chunk's points, then DONE.
      const slept = performance.now();
      let sleeping = false;
      for (done = Atomics.load(control, DONE); done + taken < claimed; done = Atomics.load(control, DONE)) {
        sleeping = true;
        if (Atomics.wait(control, DONE, done) !== 'not-equal') this.sleeps++;
      }
      if (sleeping) this.sleepMs += performance.now() - slept;
    }
    this.waitMs += performance.now() - now;
    if (failure !== null) throw failure.error;
    return taken;
  }

  /** Writes the array references into the control words, posting buffers a helper has not seen. */
  private describeArrays(arrays: readonly PointArray[]): void {
    const control = this.control;
    for (let i = this.leaving.length - 1; i >= 0; i--) {
      if (Atomics.load(this.leaving[i].state, HELPER_STATE) === HELPER_LEFT) this.leaving.splice(i, 1)[0].port.close();
    }
    const helpers = this.leaving.length === 0 ? this.helpers : [...this.helpers, ...this.leaving];
    control[ARRAY_COUNT] = arrays.length;
    for (let i = 0; i < arrays.length; i++) {
      const a = arrays[i];
      const buffer = a.buffer as SharedArrayBuffer;
      let id = this.bufferIds.get(buffer);
      if (id === undefined) {
        id = this.nextBufferId++;
        this.bufferIds.set(buffer, id);
        this.dropped.register(buffer, id);
      }
      for (const h of helpers) {
        if (h.posted.has(buffer)) continue;
        h.posted.add(buffer);
        h.port.postMessage({ id, buffer });
      }
      const ref = ARRAY_REFS + i * REF_WORDS;
      control[ref] = id;
      control[ref + 1] = a.byteOffset;
      control[ref + 2] = a.length;
      control[ref + 3] = elementType(a);
    }
  }

  /** Starts the missing helpers; false when none can run (jobs then stay on the engine thread). */
  private ensureHelpers(): boolean {
    while (!this.helpersFailed && this.helpers.length < this.threadCount - 1) {
      const helper = this.startHelper();
      if (helper === null) this.helpersFailed = true;
      else this.helpers.push(helper);
    }
    return this.helpers.length > 0;
  }

  private startHelper(): Helper | null {
    try {
      const { port1, port2 } = new MessageChannel();
      const state = new Int32Array(new SharedArrayBuffer(HELPER_WORDS * Int32Array.BYTES_PER_ELEMENT));
      state[HELPER_WATCH_US] = this.effectiveWatchUs();
      const worker = new Worker(new URL('./point-helper.mjs', import.meta.url), {
        execArgv: [],
        name: 'footlight-render',
        workerData: { control: this.control, numbers: this.sharedNumbers, port: port2, state, kernels: this.kernelsUrl },
        transferList: [port2],
      });
      worker.unref();
      port1.unref();
      const helper: Helper = { worker, port: port1, state, posted: new WeakSet() };
      // A helper that fails stops claiming (a chunk it held still counts as done); the others
      // keep claiming, no helper is started again, and with none left jobs run on the engine thread.
      worker.on('error', () => {
        this.helpersFailed = true;
        for (const list of [this.helpers, this.leaving]) {
          const i = list.indexOf(helper);
          if (i >= 0) list.splice(i, 1);
        }
      });
      return helper;
    } catch {
      return null; // no worker threads here: the engine thread runs every job
    }
  }

  /** Asks a helper to leave once it holds no chunk; it exits by itself. */
  private release(helper: Helper): void {
    Atomics.store(helper.state, HELPER_STATE, HELPER_LEAVE);
    Atomics.notify(this.control, CLAIM);
    this.leaving.push(helper);
  }
}

/** The engine's point pool: `begin()` a job, fill its numbers and arrays, then `run` a kernel. */
export const pointPool = new PointPool();
