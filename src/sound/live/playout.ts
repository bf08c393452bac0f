import { BLOCK } from '../audio/dsp/math.js';
import type { WorkerTick } from './messages.js';

const RATE = 48000;
/** Blocks of the light's samples and of positions kept (≈ 5.5 s): more than a stalled engine thread waits. */
const KEEP_BLOCKS = 2048;

/**
 * What the live output is playing now, on the engine thread: the worker renders about 128 ms
 * ahead of its output, and each tick brings the output's clock (the blocks played out when it was
 * posted). From the newest tick this finds the sample being heard at any moment, the song
 * position it carries and the light's tap samples up to it, so the light and the transport follow
 * what is heard, not what was rendered ahead.
 */
export class Playout {
  private readonly light = new Float32Array(KEEP_BLOCKS * BLOCK);
  private readonly beats = new Float64Array(KEEP_BLOCKS);
  /** Blocks rendered and received so far; the newest KEEP_BLOCKS are held. */
  private received = 0;
  private clockBlocks = 0;
  private clockAt = 0;
  private started = false;
  /** The last sample reported as played: the clock never runs backwards. */
  private played = 0;

  /** Takes a tick's samples, positions and clock. */
  take(m: WorkerTick): void {
    const n = m.blockBeats.length;
    const first = m.blocks - n;
    for (let k = 0; k < n; k++) {
      const slot = (first + k) % KEEP_BLOCKS;
      this.beats[slot] = m.blockBeats[k];
      this.light.set(m.light.subarray(k * BLOCK, (k + 1) * BLOCK), slot * BLOCK);
    }
    this.received = m.blocks;
    this.clockBlocks = m.playedBlocks;
    this.clockAt = m.postedAt;
    this.started = true;
  }

  /**
   * The sample (counted from the worker's first block) being played out at `at` (ms on the
   * `performance.timeOrigin + performance.now()` scale), by the newest tick's clock; never
   * backwards, never past what has arrived. 0 before the first tick.
   */
  playedSample(at: number): number {
    if (!this.started) return 0;
    const blocks = this.clockBlocks + ((at - this.clockAt) * RATE) / (1000 * BLOCK);
    const s = Math.min(Math.floor(blocks * BLOCK), this.received * BLOCK);
    if (s > this.played) this.played = s;
    return this.played;
  }

  /** The song position (beats) heard at sample `s`, or null when that block is not held. */
  positionAt(s: number): number | null {
    // The end of the newest block (where the clock waits for the next tick) belongs to that block.
    const k = s === this.received * BLOCK ? this.received - 1 : Math.floor(s / BLOCK);
    if (k >= this.received || k < this.received - KEEP_BLOCKS || k < 0) return null;
    const end = this.beats[k % KEEP_BLOCKS];
    if (k === 0 || k - 1 < this.received - KEEP_BLOCKS) return end;
    const start = this.beats[(k - 1) % KEEP_BLOCKS];
    // Within a block the song moves on evenly, unless it jumped there (a seek, a loop wrap).
    return end >= start && end - start < 1 ? start + ((end - start) * Math.min(BLOCK, s - k * BLOCK)) / BLOCK : end;
  }

  /**
   * Hands `each` the light's samples from sample `from` up to `to` (in pieces: the ring's), and
   * returns where it stopped: `to`, or less when not all of it has arrived. Samples no longer
   * held are skipped.
   */
  readLight(from: number, to: number, each: (mono: Float32Array, offset: number, n: number) => void): number {
    const end = Math.min(to, this.received * BLOCK);
    let at = Math.max(from, (this.received - KEEP_BLOCKS) * BLOCK);
    while (at < end) {
      const offset = at % this.light.length;
      const n = Math.min(end - at, this.light.length - offset);
      each(this.light, offset, n);
      at += n;
    }
    return Math.max(from, end);
  }
}
