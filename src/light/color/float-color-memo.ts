// A per-frame memo of colors keyed by one 32-bit input, for renderers whose color is a pure
// function of one float per point (Gradient of its gradient position) or of the point's color
// (Hue + Saturation, Colorize; the key is then the color `| 0`). Where many points share that
// input (grids, strips, gradients, grays) the costly color math runs once per distinct value
// instead of once per point. The key is the exact bit pattern, so a hit returns exactly what the
// computation would: the memo never changes output, only how often the math runs.

/** Slots in the direct-mapped table: a power of two, enough for a 1000-column grid's distinct values. */
const SLOT_BITS = 12;
const SLOTS = 1 << SLOT_BITS;

export class FloatColorMemo {
  private readonly keyBits = new Int32Array(SLOTS);
  /** The frame each slot was stored in: slots from earlier frames are empty. */
  private readonly stamp = new Int32Array(SLOTS);
  private readonly colors = new Uint32Array(SLOTS);
  private readonly floatScratch = new Float32Array(1);
  private readonly bitScratch = new Int32Array(this.floatScratch.buffer);
  private frame = 0;

  /** Forgets every entry: call once per frame, before the first lookup, after the inputs of the color math change. */
  clear(): void {
    this.frame++;
    if (this.frame === 0x7fffffff) {
      this.stamp.fill(0);
      this.frame = 1;
    }
  }

  /** The bit pattern of float32 `key`. */
  bitsOf(key: number): number {
    this.floatScratch[0] = key;
    return this.bitScratch[0];
  }

  /** The slot `bits` maps to (Fibonacci hashing of the bit pattern). */
  slotOf(bits: number): number {
    return Math.imul(bits, 0x9e3779b1) >>> (32 - SLOT_BITS);
  }

  /** Whether `slot` holds this frame's color for `bits`. */
  holds(slot: number, bits: number): boolean {
    return this.stamp[slot] === this.frame && this.keyBits[slot] === bits;
  }

  /** The color stored in `slot` (after `holds` said yes). */
  colorAt(slot: number): number {
    return this.colors[slot];
  }

  /** Stores `color` for `bits` in `slot`, replacing what was there. */
  store(slot: number, bits: number, color: number): void {
    this.keyBits[slot] = bits;
    this.stamp[slot] = this.frame;
    this.colors[slot] = color;
  }

  /**
   * colors[i] = compute(colors[i]) for every i of `index`, for a `compute` that depends on the
   * color alone: runs once per distinct color. Clears the memo first.
   */
  mapColors(colors: Uint32Array, index: Int32Array, compute: (color: number) => number): void {
    this.clear();
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      const key = colors[i] | 0;
      const slot = this.slotOf(key);
      if (!this.holds(slot, key)) this.store(slot, key, compute(colors[i]));
      colors[i] = this.colorAt(slot);
    }
  }
}
