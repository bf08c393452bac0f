/**
 * ADSR with exponential-looking segments (one-pole towards an overshoot target, as analog
 * envelopes do), per sample. Times in ms; a stage of 0 ms is one sample.
 */
export class Adsr {
  stage: 0 | 1 | 2 | 3 | 4 = 0; // idle, attack, decay, sustain, release
  value = 0;
  private attackRate = 0;
  private decayCoef = 0;
  private releaseCoef = 0;
  private sustain = 1;
  private lastA = NaN;
  private lastD = NaN;
  private lastR = NaN;

  /** Cheap when nothing changed (it is called every block). */
  set(attackMs: number, decayMs: number, sustain: number, releaseMs: number, sampleRate: number): void {
    this.sustain = sustain;
    if (attackMs === this.lastA && decayMs === this.lastD && releaseMs === this.lastR) return;
    this.lastA = attackMs;
    this.lastD = decayMs;
    this.lastR = releaseMs;
    this.attackRate = 1 / Math.max(1, (attackMs / 1000) * sampleRate);
    // Reach within −60 dB (0.001) of the target in the stage's time.
    this.decayCoef = Math.exp(Math.log(0.001) / Math.max(1, (decayMs / 1000) * sampleRate));
    this.releaseCoef = Math.exp(Math.log(0.001) / Math.max(1, (releaseMs / 1000) * sampleRate));
  }

  gateOn(): void {
    this.stage = 1;
  }

  gateOff(): void {
    if (this.stage !== 0) this.stage = 4;
  }

  get active(): boolean {
    return this.stage !== 0;
  }

  tick(): number {
    switch (this.stage) {
      case 1:
        this.value += this.attackRate;
        if (this.value >= 1) {
          this.value = 1;
          this.stage = 2;
        }
        break;
      case 2:
        this.value = this.sustain + (this.value - this.sustain) * this.decayCoef;
        if (this.value - this.sustain < 1e-4) this.stage = 3;
        break;
      case 3:
        this.value = this.sustain;
        if (this.sustain <= 0) this.stage = 0;
        break;
      case 4:
        this.value *= this.releaseCoef;
        if (this.value < 1e-5) {
          this.value = 0;
          this.stage = 0;
        }
        break;
    }
    return this.value;
  }

  /**
   * While the envelope holds at a positive sustain every tick returns that level and nothing else
   * changes: then this stands for any number of ticks and returns the level; otherwise −1.
   */
  hold(): number {
    if (this.stage !== 3 || this.sustain <= 0) return -1;
    this.value = this.sustain;
    return this.value;
  }

  /**
   * The stage as one step v ← add + (v − sub) · mul, written to out[1…5] as add, sub, mul, top and
   * floor with the level in out[0]: tick's values to the bit until the first step whose v ≥ top or
   * v − sub < floor, where tick would change the stage (fill from there). Attack: rate + v·1; decay:
   * tick's own; release: 0 + v·c; a positive sustain: s + (v − s)·0. False when idle or ending at a
   * sustain of 0.
   */
  step(out: Float64Array): boolean {
    const s = this.sustain;
    const v = this.value;
    if (this.stage === 1) return law(out, v, this.attackRate, 0, 1, 1, -Infinity);
    if (this.stage === 2) return law(out, v, s, s, this.decayCoef, Infinity, 1e-4);
    if (this.stage === 4) return law(out, v, 0, 0, this.releaseCoef, Infinity, 1e-5);
    if (this.stage === 3 && s > 0) return law(out, v, s, s, 0, Infinity, -Infinity);
    return false;
  }

  /**
   * `tick()` for samples from…to−1 into `out`, stopping after the sample on which the envelope
   * ends; returns the index after the last sample written.
   */
  fill(out: Float64Array, from: number, to: number): number {
    // A loop per stage with the value in a local: tick's arithmetic, without its switch and its
    // field reads and writes every sample.
    let v = this.value;
    let i = from;
    while (i < to) {
      const stage = this.stage;
      if (stage === 1) {
        const rate = this.attackRate;
        for (; i < to; i++) {
          v += rate;
          if (v >= 1) {
            out[i++] = v = 1;
            this.stage = 2;
            break;
          }
          out[i] = v;
        }
      } else if (stage === 2) {
        const s = this.sustain;
        const c = this.decayCoef;
        for (; i < to; i++) {
          v = s + (v - s) * c;
          out[i] = v;
          if (v - s < 1e-4) {
            i++;
            this.stage = 3;
            break;
          }
        }
      } else if (stage === 3 && this.sustain > 0) {
        v = this.sustain;
        for (; i < to; i++) out[i] = v;
      } else if (stage === 4) {
        const c = this.releaseCoef;
        for (; i < to; i++) {
          v *= c;
          if (v < 1e-5) {
            out[i] = this.value = 0;
            this.stage = 0;
            return i + 1;
          }
          out[i] = v;
        }
      } else {
        // Idle, or a sustain of 0 ending the envelope: one sample, as tick gives it.
        out[i] = this.value = stage === 3 ? this.sustain : v;
        this.stage = 0;
        return i + 1;
      }
    }
    this.value = v;
    return to;
  }
}

/** Adsr.step's law into `out`. */
function law(out: Float64Array, v: number, add: number, sub: number, mul: number, top: number, floor: number): true {
  out[0] = v;
  out[1] = add;
  out[2] = sub;
  out[3] = mul;
  out[4] = top;
  out[5] = floor;
  return true;
}
