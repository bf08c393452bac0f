import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { Modulator } from '../modulation/modulator.js';
import { AUDIO_BLOCK, audioInputOf } from './audio-input.js';
import { FftMagnitudes } from './fft.js';
import { blockGain, clamp01, followLevel } from './graphic-meter.js';

/** C2, the bottom of LX's meter bands. */
const C2_HZ = 65.41;

/**
 * LX's BandFilter ("Band Filter", label "Filter"): the mean FFT magnitude between minFreq and
 * maxFreq of each 512-sample block, smoothed with attack/release time constants, as dB plus gain
 * plus slope per octave above C2 of the band centre, normalized as 1 + dB/range and clamped to
 * 0–1. It hears the light engine's audio input (the song, wired by the show); blocks that
 * arrived since the last frame are analysed in order at the start of the frame.
 */
export class BandFilter extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'envelope', 'nextBlock', 'norm'];
  }

  readonly lxClass: string = 'heronarts.lx.audio.BandFilter';
  readonly gain = new BoundedParameter('Gain', 0, { v0: -48, v1: 48, units: 'decibels', description: 'Gain added to the level, in dB' });
  readonly range = new BoundedParameter('Range', 36, { v0: 6, v1: 96, units: 'decibels', description: 'dB below full scale that maps to 0' });
  readonly attack = new BoundedParameter('Attack', 10, { v0: 0, v1: 100, units: 'millisecondsRaw', description: 'Time constant while the level rises' });
  readonly release = new BoundedParameter('Release', 100, {
    v0: 0,
    v1: 1000,
    exponent: 2,
    units: 'millisecondsRaw',
    description: 'Time constant while the level falls',
  });
  readonly slope = new BoundedParameter('Slope', 4.5, { v0: -3, v1: 12, units: 'decibels', description: 'dB per octave added toward the highs' });
  readonly minFreq = new BoundedParameter('Min Freq', 60, { v0: 0, v1: 24000, exponent: 4, units: 'hertz', description: 'Bottom of the band' });
  readonly maxFreq = new BoundedParameter('Max Freq', 120, { v0: 0, v1: 24000, exponent: 4, units: 'hertz', description: 'Top of the band' });
  private readonly fft = new FftMagnitudes(AUDIO_BLOCK);
  private envelope = 0;
  private nextBlock = -1;
  /** The unclamped normalized level of the last block (BandGate compares it with the threshold). */
  protected norm = 0;

  constructor(label = 'Filter') {
    super(label);
    this.addParameter('gain', this.gain);
    this.addParameter('range', this.range);
    this.addParameter('attack', this.attack);
    this.addParameter('release', this.release);
    this.addParameter('slope', this.slope);
    this.addParameter('minFreq', this.minFreq);
    this.addParameter('maxFreq', this.maxFreq);
  }

  /** Analyses the blocks that arrived since the last frame; returns the clamped level. */
  protected listen(): number {
    const input = audioInputOf(this);
    if (input === null) {
      this.envelope = 0;
      this.norm = 0;
      return 0;
    }
    const rate = input.sampleRate;
    if (this.nextBlock < 0 || this.nextBlock > input.blockCount) this.nextBlock = input.frameBlock;
    const lo = Math.round((this.minFreq.getValue() * AUDIO_BLOCK) / rate);
    const hi = Math.min(AUDIO_BLOCK / 2, Math.round((this.maxFreq.getValue() * AUDIO_BLOCK) / rate));
    const attackGain = blockGain(this.attack.getValue(), rate);
    const releaseGain = blockGain(this.release.getValue(), rate);
    const center = (this.minFreq.getValue() + this.maxFreq.getValue()) / 2;
    const offset = this.gain.getValue() + this.slope.getValue() * Math.log2(center / C2_HZ);
    const range = this.range.getValue();
    for (; this.nextBlock < input.blockCount; this.nextBlock++) {
      const block = input.block(this.nextBlock);
      if (block === null) continue;
      const mags = this.fft.compute(block);
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, lo); k <= hi; k++, n++) sum += mags[k];
      const raw = n > 0 ? sum / n / AUDIO_BLOCK : 0;
      this.envelope = followLevel(this.envelope, raw, attackGain, releaseGain);
      this.blockLevel(1 + (20 * Math.log10(this.envelope) + offset) / range);
    }
    this.norm = 1 + (20 * Math.log10(this.envelope) + offset) / range;
    return clamp01(this.norm);
  }

  /** The unclamped normalized level after each block (BandGate detects on it, so no beat falls between two frames). */
  protected blockLevel(_norm: number): void {}

  protected computeValue(_deltaMs: number): number {
    return this.listen();
  }
}

/**
 * LX's BandGate ("Beat Detect", label "Beat"): a BandFilter that fires when the level reaches
 * `threshold` and re-arms once it falls below threshold·floor. On a detection `gate` is on for
 * that frame and the value jumps to 1, then decays linearly over `decay` ms; `tap` taps the
 * tempo on detections (it turns itself off after 4). Trigger source: `gate`. LX decides once per
 * frame on the newest level; Footlight also decides after every 512-sample block, so a beat that
 * rises and falls between two frames (a late frame live) is still detected, on the next frame.
 */
export class BandGate extends BandFilter {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'armed', 'detected', 'gateEnvelope', 'taps'];
  }

  override readonly lxClass = 'heronarts.lx.audio.BandGate';
  readonly threshold = new BoundedParameter('Threshold', 0.8, { v0: 0, v1: 1, units: 'percentNormalized', description: 'Level that fires the gate' });
  readonly floor = new BoundedParameter('Floor', 0.75, { v0: 0, v1: 1, units: 'percentNormalized', description: 'The gate re-arms below threshold × floor' });
  readonly decay = new BoundedParameter('Decay', 400, {
    v0: 0,
    v1: 1600,
    units: 'millisecondsRaw',
    description: 'How long the value takes to fall from 1 to 0 after a detection',
  });
  readonly gate = new BooleanParameter('Gate', false, { mode: 'momentary', description: 'On for the frame a beat is detected' });
  readonly average = new BoundedParameter('Average', 0, { v0: 0, v1: 1, description: 'The filtered level (read-only)' });
  readonly tap = new BooleanParameter('Tap', false, { description: 'Tap the tempo on each detection (turns off after 4 taps)' });
  private armed = true;
  /** A block since the last frame reached the threshold while armed. */
  private detected = false;
  private gateEnvelope = 0;
  private taps = 0;

  constructor(label = 'Beat') {
    super(label);
    this.mappingSource = true;
    this.addParameter('threshold', this.threshold);
    this.addParameter('floor', this.floor);
    this.addParameter('decay', this.decay);
    this.addParameter('gate', this.gate);
    this.addParameter('average', this.average);
    this.addParameter('tap', this.tap);
  }

  override getTriggerSource(): BooleanParameter {
    return this.gate;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.tap && this.tap.isOn()) this.taps = 0;
  }

  /** Arms below threshold × floor and detects at the threshold, block by block. */
  protected override blockLevel(norm: number): void {
    const threshold = this.threshold.getValue();
    if (!this.armed && norm < threshold * this.floor.getValue()) this.armed = true;
    if (this.armed && threshold > 0 && norm >= threshold) {
      this.armed = false;
      this.detected = true;
    }
  }

  protected override computeValue(deltaMs: number): number {
    this.detected = false;
    this.average.setValue(this.listen());
    // And once per frame on the newest level, as LX decides: a threshold or floor just changed counts now.
    this.blockLevel(this.norm);
    const fired = this.detected;
    this.gate.setOn(fired);
    if (fired) {
      this.gateEnvelope = 1;
      if (this.tap.isOn()) {
        const tempo = this.tempo;
        tempo?.tapAt(tempo.nowMillis());
        if (++this.taps >= 4) this.tap.setOn(false);
      }
    } else {
      const decay = this.decay.getValue();
      this.gateEnvelope = decay > 0 ? Math.max(0, this.gateEnvelope - deltaMs / decay) : 0;
    }
    return this.gateEnvelope;
  }
}
