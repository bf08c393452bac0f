import { BLOCK } from './math.js';

/**
 * How long a gain (fader, pan, mute, send) takes to reach a new value: 10 ms. A jump between
 * blocks is a step in the waveform, heard as a click (a mute was −7 dB, a fader move −10 dB).
 */
const RAMP_SECONDS = 0.01;

/**
 * A gain that moves to each new value sample by sample on a raised-cosine curve, whose spectrum
 * falls off far faster than a linear or one-pole ramp's. Steady (the common case) it costs one
 * comparison a block; the first value it sees it takes at once, so a render starts where the
 * mix is and a steady mix renders exactly as without it.
 */
export class SmoothedGain {
  /** The per-sample gains of the last block, valid when `block` returned true. */
  readonly ramp = new Float32Array(BLOCK);
  private value = Number.NaN;
  private from = 0;
  private to = 0;
  private pos = 0;
  private readonly length: number;

  constructor(sampleRate: number) {
    this.length = Math.max(1, Math.round(RAMP_SECONDS * sampleRate));
    this.pos = this.length;
  }

  /** Forgets the value: the next one is taken at once (a new note's parameters). */
  reset(): void {
    this.value = Number.NaN;
    this.pos = this.length;
  }

  /** The gain after the last block (the target once a ramp ended). */
  get current(): number {
    return this.value;
  }

  /**
   * Moves towards `target` for one block. Returns false when the gain is steady at `target` for
   * the whole block, true when it moves (then `ramp` holds the block's gains).
   */
  block(target: number): boolean {
    if (Number.isNaN(this.value)) this.value = this.to = target;
    if (target !== this.to) {
      this.from = this.value;
      this.to = target;
      this.pos = 0;
    }
    if (this.pos >= this.length) return false;
    const span = this.to - this.from;
    for (let i = 0; i < BLOCK; i++) {
      if (this.pos < this.length) this.pos++;
      this.ramp[i] = this.from + span * (0.5 - 0.5 * Math.cos((Math.PI * this.pos) / this.length));
    }
    this.value = this.ramp[BLOCK - 1];
    if (this.pos >= this.length) this.value = this.to;
    return true;
  }
}
