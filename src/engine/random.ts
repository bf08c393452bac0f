/**
 * A small seeded pseudo-random generator (xorshift128+ variant over 32-bit state). Devices and
 * engines draw randomness only from one of these, never from Math.random, so a show rendered
 * offline with the same seed gives the same frames.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed = 0x9e3779b9) {
    this.a = seed >>> 0 || 1;
    this.b = 0x243f6a88;
    this.c = 0x85a308d3;
    this.d = 0x13198a2e;
    for (let i = 0; i < 16; i++) this.nextUint32();
  }

  /** A uniformly distributed 32-bit unsigned integer. */
  nextUint32(): number {
    const t = this.b << 9;
    let r = this.a * 5;
    r = ((r << 7) | (r >>> 25)) * 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = (this.d << 11) | (this.d >>> 21);
    return r >>> 0;
  }

  /** A double in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [0, n). */
  nextInt(n: number): number {
    return Math.floor(this.next() * n);
  }
}
