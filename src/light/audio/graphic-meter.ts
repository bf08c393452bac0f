import type { Component } from '../../engine/component.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { Modulator } from '../modulation/modulator.js';
import { AUDIO_BLOCK, audioInputOf } from './audio-input.js';
import { FftMagnitudes } from './fft.js';

/** C2, the bottom of LX's meter bands. */
const C2_HZ = 65.41;
export const METER_BANDS = 16;

/** A 1-pole attack/release coefficient for one block, as LX computes it (0 for a 0 ms time). */
export function blockGain(ms: number, rate: number): number {
  return ms > 0 ? Math.exp(-AUDIO_BLOCK / ((ms * rate) / 1000)) : 0;
}

/** One block of an attack/release envelope: `env` moves toward `raw` by the rising or the falling coefficient. */
export function followLevel(env: number, raw: number, attackGain: number, releaseGain: number): number {
  return raw + (raw > env ? attackGain : releaseGain) * (env - raw);
}

/** A normalized level clamped to 0–1 (NaN, from the log of silence, is 0). */
export function clamp01(x: number): number {
  return x < 0 || Number.isNaN(x) ? 0 : x > 1 ? 1 : x;
}

/**
 * LX's GraphicMeter (a DecibelMeter with bands), the global meter at `/lx/audio/meter`. Per
 * 512-sample block of the light's audio input: the RMS level and 16 log-spaced FFT bands (edges
 * from C2 to Nyquist, mean |X[k]|/N over each band's bins inclusive, band 0 with DC), each
 * smoothed with the attack/release time constants. Per frame: dB = 20·log10(level) + gain
 * (+ i·slope·bandOctaveRatio for band i), normalized as 1 + dB/range and clamped to 0–1; the
 * modulator's value is the overall RMS level, `band-N` hold the bands (read-only outputs).
 */
class GraphicMeter extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'bandEnvelope', 'envelope', 'nextBlock'];
  }

  readonly lxClass: string = 'heronarts.lx.audio.GraphicMeter';
  readonly gain = new BoundedParameter('Gain', 0, { v0: -48, v1: 48, units: 'decibels', modulatable: true, description: 'Gain added to the levels, in dB' });
  readonly range = new BoundedParameter('Range', 48, {
    v0: 6,
    v1: 96,
    units: 'decibels',
    modulatable: true,
    description: 'dB below full scale that maps to 0',
  });
  readonly attack = new BoundedParameter('Attack', 10, {
    v0: 0,
    v1: 100,
    units: 'millisecondsRaw',
    modulatable: true,
    description: 'Time constant while a level rises',
  });
  readonly release = new BoundedParameter('Release', 100, {
    v0: 0,
    v1: 1000,
    exponent: 2,
    units: 'millisecondsRaw',
    modulatable: true,
    description: 'Time constant while a level falls',
  });
  readonly slope = new BoundedParameter('Slope', 4.5, {
    v0: -3,
    v1: 12,
    units: 'decibels',
    modulatable: true,
    description: 'dB per octave added toward the high bands',
  });
  readonly bands: readonly BoundedParameter[];
  private readonly fft = new FftMagnitudes(AUDIO_BLOCK);
  private readonly bandEnvelope = new Float64Array(METER_BANDS);
  private envelope = 0;
  private nextBlock = -1;
  private edgesRate = 0;
  private readonly edges = new Int32Array(METER_BANDS + 1);

  constructor(label = 'Meter') {
    super(label);
    this.addParameter('gain', this.gain);
    this.addParameter('range', this.range);
    this.addParameter('attack', this.attack);
    this.addParameter('release', this.release);
    this.addParameter('slope', this.slope);
    this.bands = Array.from({ length: METER_BANDS }, (_, i) => {
      const band = new BoundedParameter(`Band ${i + 1}`, 0, {
        units: 'percentNormalized',
        description: `Level of band ${i + 1} of ${METER_BANDS}, lowest first (read-only output)`,
      });
      this.addParameter(`band-${i + 1}`, band);
      return band;
    });
  }

  /** Octaves per band step: log2((rate/2)/C2) / (bands − 1). */
  static bandOctaveRatio(rate: number): number {
    return Math.log2(rate / 2 / C2_HZ) / (METER_BANDS - 1);
  }

  /** FFT bin edges of the bands: edge[0] = 0, edge[i+1] = round(N/R · C2 · 2^(i·ratio)). */
  static bandEdges(rate: number): Int32Array {
    const edges = new Int32Array(METER_BANDS + 1);
    const ratio = GraphicMeter.bandOctaveRatio(rate);
    for (let i = 0; i < METER_BANDS; i++) edges[i + 1] = Math.round((AUDIO_BLOCK / rate) * C2_HZ * 2 ** (i * ratio));
    return edges;
  }

  /** Band `i`'s normalized value (0–1), as `band-(i+1)` holds it. */
  getBand(i: number): number {
    return this.bands[i].getValue();
  }

  /** The mean of `count` band values from `minBand` (LX's getAverage). */
  getAverage(minBand = 0, count = METER_BANDS - minBand): number {
    let sum = 0;
    for (let i = minBand; i < minBand + count; i++) sum += this.bands[i].getValue();
    return count > 0 ? sum / count : 0;
  }

  protected computeValue(_deltaMs: number): number {
    const input = audioInputOf(this);
    if (input === null) {
      this.clear();
      return 0;
    }
    const rate = input.sampleRate;
    if (rate !== this.edgesRate) {
      this.edges.set(GraphicMeter.bandEdges(rate));
      this.edgesRate = rate;
    }
    if (this.nextBlock < 0 || this.nextBlock > input.blockCount) this.nextBlock = input.frameBlock;
    const attackGain = blockGain(this.attack.getValue(), rate);
    const releaseGain = blockGain(this.release.getValue(), rate);
    for (; this.nextBlock < input.blockCount; this.nextBlock++) {
      const block = input.block(this.nextBlock);
      if (block === null) continue;
      let squares = 0;
      for (let i = 0; i < block.length; i++) squares += block[i] * block[i];
      this.envelope = followLevel(this.envelope, Math.sqrt(squares / block.length), attackGain, releaseGain);
      const mags = this.fft.compute(block);
      for (let b = 0; b < METER_BANDS; b++) {
        let sum = 0;
        const lo = this.edges[b];
        const hi = this.edges[b + 1];
        for (let k = lo; k <= hi; k++) sum += mags[k];
        this.bandEnvelope[b] = followLevel(this.bandEnvelope[b], sum / (hi - lo + 1) / AUDIO_BLOCK, attackGain, releaseGain);
      }
    }
    const gain = this.gain.getValue();
    const range = this.range.getValue();
    const tilt = this.slope.getValue() * GraphicMeter.bandOctaveRatio(rate);
    for (let b = 0; b < METER_BANDS; b++) this.bands[b].setValue(clamp01(1 + (20 * Math.log10(this.bandEnvelope[b]) + gain + b * tilt) / range));
    return clamp01(1 + (20 * Math.log10(this.envelope) + gain) / range);
  }

  private clear(): void {
    this.envelope = 0;
    this.bandEnvelope.fill(0);
    for (const b of this.bands) if (b.getValue() !== 0) b.setValue(0);
  }

  /** Stopped (however `running` went off, undo included): LX zeroes every level. */
  protected override postRun(_deltaMs: number): void {
    if (this.running.isOn() || this.nextBlock < 0) return;
    this.clear();
    this.value = 0;
    this.nextBlock = -1;
  }
}

/** The engine's own meter (`/lx/audio/meter`), which LX saves as LXAudioEngine$Meter. */
export class AudioEngineMeter extends GraphicMeter {
  override readonly lxClass = 'heronarts.lx.audio.LXAudioEngine$Meter';
}

/** The global meter (`/lx/audio/meter`) of the light engine holding `c`, or null when detached. */
export function globalMeterOf(c: Component | null): GraphicMeter | null {
  for (let p = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { audio?: { meter: GraphicMeter } }).audio?.meter ?? null;
  }
  return null;
}
