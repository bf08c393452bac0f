/** The last `capacity` stereo samples of the live output, oldest overwritten first. */
export class AudioRing {
  private readonly l: Float32Array;
  private readonly r: Float32Array;
  private write = 0;
  private filled = 0;

  constructor(readonly capacity: number) {
    this.l = new Float32Array(capacity);
    this.r = new Float32Array(capacity);
  }

  push(left: Float32Array, right: Float32Array): void {
    for (let i = 0; i < left.length; i++) {
      this.l[this.write] = left[i];
      this.r[this.write] = right[i];
      this.write = (this.write + 1) % this.capacity;
    }
    this.filled = Math.min(this.capacity, this.filled + left.length);
  }

  /** Samples held now. */
  get length(): number {
    return this.filled;
  }

  /** The newest `frames` samples (fewer when fewer are held), oldest first. */
  last(frames: number): { left: Float32Array; right: Float32Array } {
    const n = Math.min(frames, this.filled);
    const left = new Float32Array(n);
    const right = new Float32Array(n);
    const start = (this.write - n + this.capacity) % this.capacity;
    for (let i = 0; i < n; i++) {
      const k = (start + i) % this.capacity;
      left[i] = this.l[k];
      right[i] = this.r[k];
    }
    return { left, right };
  }
}
