/**
 * A delay line of a power-of-two length with fractional (linear) reads. The buffer, its mask and
 * the write index are open to a device's own per-block loop (Delay+), which must keep them as
 * `write` and `read` do.
 */
export class DelayLine {
  readonly buf: Float32Array;
  readonly mask: number;
  w = 0;
  constructor(maxSamples: number) {
    let size = 1;
    while (size < maxSamples + 2) size <<= 1;
    this.buf = new Float32Array(size);
    this.mask = size - 1;
  }
  write(x: number): void {
    this.buf[this.w] = x;
    this.w = (this.w + 1) & this.mask;
  }
  /** The sample written `d` samples ago (d ≥ 1). */
  read(d: number): number {
    const p = this.w - d;
    const k = Math.floor(p);
    const f = p - k;
    const a = this.buf[k & this.mask];
    const b = this.buf[(k + 1) & this.mask];
    return a + (b - a) * f;
  }
  clear(): void {
    this.buf.fill(0);
  }
}
