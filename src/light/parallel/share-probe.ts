// Whether two threads beat one on this machine now, asked of the jobs themselves: every few
// seconds, for up to a second, each job runs alone and shared in turn from one frame to the next
// (the same kernel over the same points, 16 ms apart), and the median ratio of neighbouring runs
// decides how jobs run until the next probe. The share judge (share-judge.ts) cannot see this
// loss: when other process groups keep every core busy, Linux gives this process one group's share
// of the CPUs however many threads it runs (autogroup), so the helper's chunks come out of the
// engine thread's time and sharing only adds its cost — 13–37 % slower at 100k points here, with
// the helper's wait under 0.1 ms a frame (docs/performance.md). Pairs close in time hold on a
// machine whose speed swings within seconds, where a time measured earlier does not.

/** How often a probe starts, in ms (the first starts at the first job). */
const PROBE_EVERY_MS = 5000;
/** A probe ends after this many pairs, or this long. */
const PROBE_PAIRS = 48;
const PROBE_MAX_MS = 1000;
/** Fewer pairs than this decide nothing (the last decision stands). */
const MIN_PAIRS = 8;
/** Sharing must be no more than this much slower than alone, in the median pair, to go on. */
const SHARE_MARGIN = 1.02;

interface ShareProbeStats {
  /** Probes that decided. */
  readonly probes: number;
  /** Of those, the ones that chose one thread. */
  readonly probesAlone: number;
}

export class ShareProbe {
  /** The last run of each job (kernel and size) in this probe: how it ran and how long it took. */
  private readonly last = new Map<number, { shared: boolean; ms: number }>();
  private readonly ratios: number[] = [];
  private probing = false;
  private probeUntil = 0;
  private nextProbe = 0;
  private probes = 0;
  private probesAlone = 0;
  /** The last probe's decision: jobs run on the engine thread alone until the next. */
  alone = false;

  stats(): ShareProbeStats {
    return { probes: this.probes, probesAlone: this.probesAlone };
  }

  /** Whether the next run of job `key` is shared; starts a probe when one is due. */
  shares(key: number, nowMs: number): boolean {
    if (!this.probing && nowMs >= this.nextProbe) {
      this.probing = true;
      this.probeUntil = nowMs + PROBE_MAX_MS;
      this.last.clear();
      this.ratios.length = 0;
    }
    if (!this.probing) return !this.alone;
    const previous = this.last.get(key);
    return previous === undefined || !previous.shared;
  }

  /** Job `key` ran (`shared` or alone) in `ms`; ends the probe when it has enough pairs or time. */
  ran(key: number, shared: boolean, ms: number, nowMs: number): void {
    if (!this.probing) return;
    const previous = this.last.get(key);
    if (previous !== undefined && previous.shared !== shared && ms > 0 && previous.ms > 0) {
      this.ratios.push(shared ? ms / previous.ms : previous.ms / ms);
    }
    this.last.set(key, { shared, ms });
    if (this.ratios.length >= PROBE_PAIRS || nowMs >= this.probeUntil) this.decide(nowMs);
  }

  /** Judges afresh (another thread count): a probe at the next job. */
  reset(): void {
    this.probing = false;
    this.nextProbe = 0;
    this.alone = false;
  }

  private decide(nowMs: number): void {
    this.probing = false;
    this.nextProbe = nowMs + PROBE_EVERY_MS;
    if (this.ratios.length < MIN_PAIRS) return;
    const sorted = this.ratios.sort((a, b) => a - b);
    this.alone = sorted[sorted.length >> 1] > SHARE_MARGIN;
    this.probes++;
    if (this.alone) this.probesAlone++;
  }
}
