// Whether two threads beat one on this machine now, asked of the jobs themselves: every few
// seconds each job (a kernel over a number of points) runs shared and alone in turn, in blocks of
// a few frames, and the sum of each job's median time decides how jobs run until the next probe. The
// share judge (share-judge.ts) cannot see this loss: when other process groups keep every core
// busy, Linux gives this process one group's share of the CPUs however many threads it runs
// (autogroup), so the helper's chunks come out of the engine thread's time and sharing only adds
// its cost — 13–37 % slower at 100k points here, with the helper's wait under 0.1 ms a frame
// (docs/performance.md). Runs a fraction of a second apart hold on a machine whose speed swings
// within seconds, where a time measured earlier does not. The first run of each block is not
// counted: a helper idle through the block before starts cold (its core halted, its cache cold),
// which made every shared run of a frame-by-frame alternation look 10–50 % slower than steady
// sharing is.

/**
 * How often a probe starts, in ms: the first at the first job, the next 5 s after a probe that
 * changed a job's decision, twice as long after each that changed none, up to a minute (`soon()`
 * probes at the next job).
 */
const PROBE_EVERY_MIN_MS = 5000;
const PROBE_EVERY_MAX_MS = 60_000;
/** Runs of a job in one block of a mode, and blocks of each mode in a probe. */
const BLOCK_RUNS = 4;
const BLOCKS = 3;
/** A probe ends when every job it met has run its blocks, or after this long. */
const PROBE_MAX_MS = 1500;
/**
 * Sharing goes on while no more than 2 % slower than alone, and starts again only when at least 5 %
 * faster: beside other work the medians wander by a few percent, and sharing that loses costs more
 * than running alone a little longer.
 */
const KEEP_SHARING = 1.02;
const START_SHARING = 0.95;

interface ShareProbeStats {
  /** Probes that decided. */
  readonly probes: number;
  /** Of those, the ones that chose the engine thread alone. */
  readonly probesAlone: number;
}

/** One job's runs in the current probe. */
interface JobRuns {
  runs: number;
  readonly shared: number[];
  readonly alone: number[];
}

export class ShareProbe {
  private readonly runs = new Map<number, JobRuns>();
  private probing = false;
  private probeUntil = 0;
  private nextProbe = 0;
  private probeEvery = PROBE_EVERY_MIN_MS;
  private unfinished = 0;
  private probes = 0;
  private probesAlone = 0;
  /** The last probe's decision: every judged job runs on the engine thread alone until the next. */
  alone = false;

  stats(): ShareProbeStats {
    return { probes: this.probes, probesAlone: this.probesAlone };
  }

  /** Whether the next run of job `key` is shared; starts a probe when one is due. */
  shares(key: number, nowMs: number): boolean {
    if (!this.probing && nowMs >= this.nextProbe) {
      this.probing = true;
      this.probeUntil = nowMs + PROBE_MAX_MS;
      this.runs.clear();
      this.unfinished = 0;
    }
    if (!this.probing) return !this.alone;
    const job = this.runs.get(key);
    if (job === undefined) return true;
    return job.runs >= 2 * BLOCKS * BLOCK_RUNS || Math.floor(job.runs / BLOCK_RUNS) % 2 === 0;
  }

  /** Job `key` ran (`shared` or alone) in `ms`; ends the probe when every job has run its blocks, or at its time. */
  ran(key: number, shared: boolean, ms: number, nowMs: number): void {
    if (!this.probing) return;
    let job = this.runs.get(key);
    if (job === undefined) {
      job = { runs: 0, shared: [], alone: [] };
      this.runs.set(key, job);
      this.unfinished++;
    }
    if (job.runs < 2 * BLOCKS * BLOCK_RUNS) {
      if (job.runs % BLOCK_RUNS !== 0) (shared ? job.shared : job.alone).push(ms);
      if (++job.runs === 2 * BLOCKS * BLOCK_RUNS) this.unfinished--;
    }
    if (this.unfinished === 0 || nowMs >= this.probeUntil) this.decide(nowMs);
  }

  /** Judges afresh (another thread count): every job shared, a probe at the next job. */
  reset(): void {
    this.probing = false;
    this.alone = false;
    this.soon();
  }

  /** Probes at the next job (the machine's load changed: helper-watch.ts). */
  soon(): void {
    this.nextProbe = 0;
    this.probeEvery = PROBE_EVERY_MIN_MS;
  }

  private decide(nowMs: number): void {
    this.probing = false;
    // One decision for every job: the helper's state depends on the jobs before (a job shared after
    // one run alone wakes it cold), so jobs decided one by one did not add up to the frame measured.
    let sharedMs = 0;
    let aloneMs = 0;
    for (const job of this.runs.values()) {
      if (job.shared.length === 0 || job.alone.length === 0) continue;
      sharedMs += median(job.shared);
      aloneMs += median(job.alone);
    }
    let changed = false;
    if (aloneMs > 0) {
      const alone = sharedMs > (this.alone ? START_SHARING : KEEP_SHARING) * aloneMs;
      changed = alone !== this.alone;
      this.alone = alone;
      this.probes++;
      if (alone) this.probesAlone++;
    }
    this.probeEvery = changed ? PROBE_EVERY_MIN_MS : Math.min(PROBE_EVERY_MAX_MS, 2 * this.probeEvery);
    this.nextProbe = nowMs + this.probeEvery;
  }
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}
