// Whether splitting point jobs with the helpers pays (point-pool.ts). A chunk a helper has claimed
// cannot be taken back (kernels that write in place cannot run a chunk twice), so a helper
// descheduled holding one makes the engine thread wait; and on a machine with more runnable
// threads than cores a helper also takes CPU time from the engine thread itself, which the
// engine thread's own time per chunk does not show. So the judge weighs what each shared job took
// against both its own chunks' time and the same kernel's time per point when the engine thread
// ran it alone (measured in spells alone and in short probes between windows that paid).

/** Shared jobs summed before deciding whether sharing pays. */
const WINDOW_JOBS = 32;
/**
 * After this many windows that paid, PROBE_JOBS jobs run alone to measure the solo times again
 * (about one job in 65: a probe costs its jobs the helper's share, so probes are short and rare).
 */
const PROBE_EVERY = 16;
const PROBE_JOBS = 8;
/** The first spell alone, in ms; each window that loses again doubles it up to SPELL_MAX_MS, a window that pays resets it. */
const SPELL_MIN_MS = 50;
const SPELL_MAX_MS = 1000;
/** Weight of a new solo measurement in a kernel's moving average. */
const SOLO_WEIGHT = 0.2;

interface ShareJudgeStats {
  /** Jobs run on the engine thread alone to judge (spells and probes). */
  readonly soloJobs: number;
  /** Spells alone begun (windows that lost time). */
  readonly soloSpells: number;
}

export class ShareJudge {
  /** Per kernel id: the engine thread's ms per point running a job alone (moving average; undefined until measured). */
  private readonly soloMsPerPoint: (number | undefined)[] = [];
  private windowJobs = 0;
  private windowSavedMs = 0;
  /** Whether a job of this window had no solo time yet (judged on its own chunks' time instead). */
  private windowGuessed = false;
  private windowsPaid = 0;
  /** Jobs of a probe still to run alone. */
  private probeJobs = 0;
  /** Until when jobs run alone, and how long the last spell was (0: the last window paid). */
  private spellUntil = 0;
  private spellMs = 0;
  private soloJobs = 0;
  private soloSpells = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  stats(): ShareJudgeStats {
    return { soloJobs: this.soloJobs, soloSpells: this.soloSpells };
  }

  /** Whether a job the pool could share runs alone instead (a spell or a probe); counted. */
  alone(): boolean {
    if (this.probeJobs > 0) {
      this.probeJobs--;
    } else if (!(this.spellUntil > 0 && this.now() < this.spellUntil)) return false;
    this.soloJobs++;
    return true;
  }

  /** A job `alone` kept on the engine thread took `ms` over `count` points of kernel `kernelId`. */
  ranAlone(kernelId: number, count: number, ms: number): void {
    const rate = ms / count;
    const before = this.soloMsPerPoint[kernelId];
    this.soloMsPerPoint[kernelId] = before === undefined ? rate : (1 - SOLO_WEIGHT) * before + SOLO_WEIGHT * rate;
  }

  /**
   * A shared job of `count` points of kernel `kernelId` took `tookMs`; `guessMs` is what it would
   * have taken alone at the engine thread's own time per chunk in this job. The job is weighed
   * against the smaller of that and the kernel's solo time (the guess alone until one is known).
   * At the window's end, a loss starts a spell alone; a window that paid may start a probe.
   */
  ranShared(kernelId: number, count: number, guessMs: number, tookMs: number): void {
    const solo = this.soloMsPerPoint[kernelId];
    if (solo === undefined) this.windowGuessed = true;
    // Sharing must beat both: the guess is of this moment (the machine's speed swings within
    // seconds) but blind to the helper's competition; the solo time sees that but may be stale.
    this.windowSavedMs += (solo === undefined ? guessMs : Math.min(guessMs, solo * count)) - tookMs;
    if (++this.windowJobs < WINDOW_JOBS) return;
    if (this.windowSavedMs < 0) {
      this.spellMs = this.spellMs === 0 ? SPELL_MIN_MS : Math.min(SPELL_MAX_MS, 2 * this.spellMs);
      this.spellUntil = this.now() + this.spellMs;
      this.soloSpells++;
      this.windowsPaid = 0;
    } else {
      this.spellMs = 0;
      this.spellUntil = 0;
      if (this.windowGuessed || ++this.windowsPaid >= PROBE_EVERY) {
        this.windowsPaid = 0;
        this.probeJobs = PROBE_JOBS;
      }
    }
    this.windowJobs = 0;
    this.windowSavedMs = 0;
    this.windowGuessed = false;
  }

  /** Judges afresh (another thread count): no spell or probe, an empty window; solo times stay. */
  reset(): void {
    this.spellMs = 0;
    this.spellUntil = 0;
    this.probeJobs = 0;
    this.windowsPaid = 0;
    this.windowJobs = 0;
    this.windowSavedMs = 0;
    this.windowGuessed = false;
  }
}
