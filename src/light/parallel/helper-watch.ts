// Whether a helper should watch for the next job after its chunks or sleep at once. Watching
// (spinning for up to HELPER_WATCH_US) lets it start on the next job of a frame without a wake-up,
// which pays on a machine with a core free for it: two threads at 100k points took 0.64 of one
// thread's frame time with the watch and 0.84 without. Beside other work it costs: the spinning
// helper takes a core from the engine thread, and two threads were then slower than one (mean
// ×1.05, against ×0.88 with the watch off; docs/performance.md). So the pool samples how much CPU
// other processes use a few times a second and lets helpers watch only while the machine has a
// core for each render thread to spare.
import { type CpuSample, MachineLoad, othersCores } from '../../engine/machine-load.js';

/** How often the machine is sampled, in ms (its ticks are 10 ms: shorter windows are noise). */
const SAMPLE_MS = 250;
/** Other processes' use, in cores, tolerated beyond the cores the render threads leave free. */
const SPARE_CORES = 0.25;
/** Quiet samples in a row before helpers watch again (one busy sample stops them). */
const QUIET_SAMPLES = 2;

/** Whether a helper's watch pays: the machine leaves a core for each render thread. */
function watchPays(others: number, cores: number, threads: number): boolean {
  return others <= cores - threads + SPARE_CORES;
}

/** Where samples come from: the machine (tests hand in a sequence of readings). */
interface LoadReader {
  readonly available: boolean;
  readonly cores: number;
  read(): CpuSample | undefined;
}

export class HelperWatch {
  private last: CpuSample | undefined;
  private nextAtMs = 0;
  private quiet = QUIET_SAMPLES;
  /** Whether helpers may watch now (true where the machine cannot be read). */
  watching = true;

  constructor(private readonly load: LoadReader = new MachineLoad()) {}

  /** Samples the machine when due; true when `watching` changed. */
  update(nowMs: number, threads: number): boolean {
    if (nowMs < this.nextAtMs || !this.load.available) return false;
    this.nextAtMs = nowMs + SAMPLE_MS;
    const sample = this.load.read();
    const last = this.last;
    this.last = sample;
    if (sample === undefined || last === undefined) return false;
    const pays = watchPays(othersCores(last, sample, this.load.cores), this.load.cores, threads);
    this.quiet = pays ? this.quiet + 1 : 0;
    const watching = this.quiet >= QUIET_SAMPLES;
    if (watching === this.watching) return false;
    this.watching = watching;
    return true;
  }
}
