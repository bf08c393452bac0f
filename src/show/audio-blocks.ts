// The light's ears, whatever feeds them: mono samples cut into LX's 512-sample blocks and kept in
// a ring for the audio devices. The offline feed (song-audio.ts) and the live feed (live-audio.ts)
// both push through this, so the same samples give the same blocks and the same light.
import { AUDIO_BLOCK, type LightAudioInput } from '../light/audio/audio-input.js';

/** Blocks kept for readers: ≈ 2.7 s at 48 kHz, so a frame that comes late still finds every block since the last one. */
const RING = 256;

export class AudioBlocks implements LightAudioInput {
  /** How many recent blocks `block` still returns. */
  static readonly KEPT = RING;
  private count = 0;
  private first = 0;
  private fill = 0;
  private readonly ring: Float32Array[] = Array.from({ length: RING }, () => new Float32Array(AUDIO_BLOCK));
  /** Set whenever a device reads: a feed that costs work may stop when nobody listens. */
  read = false;

  constructor(readonly sampleRate: number) {}

  get blockCount(): number {
    this.read = true;
    return this.count;
  }

  get frameBlock(): number {
    return this.first;
  }

  block(n: number): Float32Array | null {
    this.read = true;
    return this.peek(n);
  }

  /** Blocks completed so far, and one of them if still kept, without marking the input read (a cluster's leader logs them: src/cluster). */
  get completed(): number {
    return this.count;
  }

  peek(n: number): Float32Array | null {
    return n < this.count && n >= this.count - RING && n >= 0 ? this.ring[n % RING] : null;
  }

  /**
   * Starts as an input that has completed `count` blocks, the last of them `recent` (oldest first;
   * null: silence): a cluster node joining from a checkpoint (src/cluster) reads on from there.
   */
  resume(count: number, recent: readonly (Float32Array | null)[]): void {
    this.count = count;
    this.first = count;
    this.fill = 0;
    recent.forEach((block, i) => {
      const dst = this.ring[(count - recent.length + i) % RING];
      if (block === null) dst.fill(0);
      else dst.set(block);
    });
  }

  /** A new light frame: the blocks completed from here on are this frame's. */
  beginFrame(): void {
    this.first = this.count;
  }

  /** Appends `n` mono samples from `mono` at `offset`, or `n` samples of silence when `mono` is null. */
  push(mono: Float32Array | null, offset: number, n: number): void {
    let at = offset;
    let rest = n;
    while (rest > 0) {
      const k = Math.min(rest, AUDIO_BLOCK - this.fill);
      const dst = this.ring[this.count % RING];
      if (mono === null) dst.fill(0, this.fill, this.fill + k);
      else dst.set(mono.subarray(at, at + k), this.fill);
      this.fill += k;
      at += k;
      rest -= k;
      if (this.fill === AUDIO_BLOCK) {
        this.fill = 0;
        this.count++;
      }
    }
  }
}
