import { resonanceDamping } from './filters.js';
import { SmoothedGain } from './smoothed-gain.js';

/**
 * A filter's cutoff and resonance as they move: a new value is reached over 10 ms on
 * SmoothedGain's raised cosine — the cutoff in octaves, the resonance as it is — so a cutoff jump
 * between blocks no longer steps the filter (a Filter+ cutoff jump clicked). While `moving`, a
 * filter is set from `cutoff(i)` and `damping(i)` every sample; steady, from the parameters themselves,
 * so a steady filter renders exactly as without it.
 */
export class FilterMotion {
  private readonly octaves: SmoothedGain;
  private readonly resonanceRamp: SmoothedGain;
  private cutoffMoves = false;
  private resonanceMoves = false;

  constructor(sampleRate: number) {
    this.octaves = new SmoothedGain(sampleRate);
    this.resonanceRamp = new SmoothedGain(sampleRate);
  }

  /** Call once a block with the parameters' values; returns `moving`. */
  block(cutoff: number, resonance: number): boolean {
    this.cutoffMoves = this.octaves.block(Math.log2(cutoff));
    this.resonanceMoves = this.resonanceRamp.block(resonance);
    return this.moving;
  }

  /** Forgets the values: the next ones are taken at once. */
  reset(): void {
    this.octaves.reset();
    this.resonanceRamp.reset();
    this.cutoffMoves = this.resonanceMoves = false;
  }

  get moving(): boolean {
    return this.cutoffMoves || this.resonanceMoves;
  }

  cutoff(i: number): number {
    return 2 ** (this.cutoffMoves ? this.octaves.ramp[i] : this.octaves.current);
  }

  /** The resonance parameter itself (0–1) at sample i. */
  resonance(i: number): number {
    return this.resonanceMoves ? this.resonanceRamp.ramp[i] : this.resonanceRamp.current;
  }

  damping(i: number): number {
    return resonanceDamping(this.resonance(i));
  }
}
