// Whether splitting point jobs with the helpers pays (point-pool.ts). A helper's chunks cost the
// engine thread a watch before it takes a held chunk back, and a wait for a commit under way.
// Each shared job shows both sides at the same moment: the helpers' committed chunks, at the
// engine thread's own time per chunk in that job, are what the helpers saved it; its time after
// its own chunks, beyond the chunks it took back, is what sharing cost. The judge sums saved minus cost over windows of shared jobs and, when a window
// lost, runs jobs alone for a spell. It weighs nothing against a time measured earlier: on a
// machine whose speed swings within seconds, an older solo time makes sharing look slow whenever
// the machine got slower since, and judging by it ran a third of the jobs alone in rounds where
// always sharing was fastest (docs/performance.md, "Two threads never slower than one").

/** Shared jobs summed before deciding whether sharing pays. */
const WINDOW_JOBS = 32;
/** The first spell alone, in ms; each window that loses again doubles it up to SPELL_MAX_MS, a window that pays resets it. */
const SPELL_MIN_MS = 50;
const SPELL_MAX_MS = 1000;

interface ShareJudgeStats {
  /** Jobs run on the engine thread alone in spells. */
  readonly soloJobs: number;
  /** Spells alone begun (windows that lost time). */
  readonly soloSpells: number;
}

export class ShareJudge {
  private windowJobs = 0;
  private windowSavedMs = 0;
  /** Until when jobs run alone, and how long the last spell was (0: the last window paid). */
  private spellUntil = 0;
  private spellMs = 0;
  private soloJobs = 0;
  private soloSpells = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  stats(): ShareJudgeStats {
    return { soloJobs: this.soloJobs, soloSpells: this.soloSpells };
  }

  /** Whether a job the pool could share runs alone instead (in a spell); counted. */
  alone(): boolean {
    if (!(this.spellUntil > 0 && this.now() < this.spellUntil)) return false;
    this.soloJobs++;
    return true;
  }

  /**
   * A shared job: the helpers' chunks would have taken the engine thread `savedMs` (its own time
   * per chunk in this job), and it waited `waitMs` for their last one. At the window's end, a
   * loss starts a spell alone.
   */
  ranShared(savedMs: number, waitMs: number): void {
    this.windowSavedMs += savedMs - waitMs;
    if (++this.windowJobs < WINDOW_JOBS) return;
    if (this.windowSavedMs < 0) {
      this.spellMs = this.spellMs === 0 ? SPELL_MIN_MS : Math.min(SPELL_MAX_MS, 2 * this.spellMs);
      this.spellUntil = this.now() + this.spellMs;
      this.soloSpells++;
    } else {
      this.spellMs = 0;
      this.spellUntil = 0;
    }
    this.windowJobs = 0;
    this.windowSavedMs = 0;
  }

  /** Judges afresh (another thread count): no spell, an empty window. */
  reset(): void {
    this.spellMs = 0;
    this.spellUntil = 0;
    this.windowJobs = 0;
    this.windowSavedMs = 0;
  }
}
