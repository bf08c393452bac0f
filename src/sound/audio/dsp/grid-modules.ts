import { DelayLine } from './delay-line.js';
import { Adsr } from './envelope.js';
import { FilterMotion } from './filter-motion.js';
import { Ladder, resonanceDamping, Svf } from './filters.js';
import { clamp, dbToGain, type Rng, semitoneRatio } from './math.js';
import { lfoShape, pulse, saw, TWO_PI } from './oscillators.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/**
 * The Grid's modules and modulators as signal processors. Signals (docs/audio-engine.md):
 * audio and untyped signals are plain numbers (audio ±1); pitch signals are semitones from C3
 * (key 60), so key 72 is 12; logic is high above 0.5; phase is 0–1.
 */

/** What a patch instance knows about its voice. */
export interface GridVoice {
  /** The note's key plus the device's Pitch Transpose (60 in an FX Grid). */
  key: number;
  gate: number;
  velocity: number;
  readonly sampleRate: number;
  /** FX Grid: the track's signal for this side; zeros in a Poly Grid. */
  readonly audioIn: Float32Array;
  /** Where Audio Out modules add. */
  readonly audioOut: Float32Array;
  readonly rng: Rng;
  /** Oscillators start at phase 0 on each note unless the device runs free. */
  readonly freerun: boolean;
}

export interface GridNodeDsp {
  readonly inputs: Float32Array[];
  readonly connected: boolean[];
  readonly outputs: Float32Array[];
  process(from: number, to: number): void;
  /** A new note starts on this voice. */
  noteOn(): void;
  /** Envelopes: still sounding. Others: undefined (no say in the voice's life). */
  readonly sounding?: boolean;
}

/**
 * A module's level (a gain, a level, an amount, a mix) moves over 10 ms when it changes while
 * sound plays (a jump was a step in the signal): the smoother advances once a block (a run from
 * sample 0), and a new note takes the value at once. Steady, the module multiplies by the
 * parameter as it did.
 */
class Level {
  private readonly s: SmoothedGain;
  private moving = false;
  constructor(sampleRate: number) {
    this.s = new SmoothedGain(sampleRate);
  }
  /** The block's values while the level moves, else null (then `target` holds). */
  ramp(from: number, target: number): Float32Array | null {
    if (from === 0) this.moving = this.s.block(target);
    return this.moving ? this.s.ramp : null;
  }
  reset(): void {
    this.s.reset();
    this.moving = false;
  }
}

const buffers = (n: number): Float32Array[] => Array.from({ length: n }, () => new Float32Array(128));

abstract class Node implements GridNodeDsp {
  readonly inputs: Float32Array[];
  readonly connected: boolean[];
  readonly outputs: Float32Array[];
  constructor(
    readonly p: PlanParams,
    readonly v: GridVoice,
    inputs: number,
    outputs: number,
  ) {
    this.inputs = buffers(inputs);
    this.connected = new Array<boolean>(inputs).fill(false);
    this.outputs = buffers(outputs);
  }
  abstract process(from: number, to: number): void;
  noteOn(): void {}
}

class Constant extends Node {
  constructor(
    p: PlanParams,
    v: GridVoice,
    private readonly value: () => number,
  ) {
    super(p, v, 0, 1);
  }
  process(from: number, to: number): void {
    this.outputs[0].fill(this.value(), from, to);
  }
}

class AudioIn extends Node {
  private readonly gain = new Level(this.v.sampleRate);
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const g = this.p.GAIN;
    const ramp = this.gain.ramp(from, g);
    const x = this.v.audioIn;
    for (let i = from; i < to; i++) o[i] = x[i] * (ramp === null ? g : ramp[i]);
  }
}

class AudioOut extends Node {
  private readonly gain = new Level(this.v.sampleRate);
  override noteOn(): void {
    this.gain.reset();
  }
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const g = this.p.GAIN;
    const ramp = this.gain.ramp(from, g);
    const out = this.v.audioOut;
    for (let i = from; i < to; i++) out[i] += x[i] * (ramp === null ? g : ramp[i]);
  }
}

/**
 * Base frequency of an oscillator at a sample: its pitch input, else the voice's key. The loops
 * read their inputs and parameters once a run and keep the phase in a local.
 */
abstract class Oscillator extends Node {
  protected phase = 0;
  private lastKey = NaN;
  private lastDt = 0;
  protected readonly level = new Level(this.v.sampleRate);
  override noteOn(): void {
    if (!this.v.freerun) this.phase = 0;
    this.level.reset();
  }
  /** The pitch input, or null when unconnected (then the voice's key). */
  protected pitchIn(): Float32Array | null {
    return this.connected[0] ? this.inputs[0] : null;
  }
  /** Phase increment for key k (with the offset), redone only when the pitch moves: A3 (key 69) is 440 Hz. */
  protected dt(k: number): number {
    if (k !== this.lastKey) {
      this.lastKey = k;
      this.lastDt = Math.min(0.49, (440 * semitoneRatio(k - 69)) / this.v.sampleRate);
    }
    return this.lastDt;
  }
}

class Sine extends Oscillator {
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const pm = this.connected[1] ? this.inputs[1] : null;
    const g = this.p.LEVEL;
    const lv = this.level.ramp(from, g);
    const pitch = this.pitchIn();
    const key = this.v.key;
    const offset = this.p.PITCH_OFFSET;
    let phase = this.phase;
    for (let i = from; i < to; i++) {
      const dt = this.dt((pitch !== null ? 60 + pitch[i] : key) + offset);
      o[i] = Math.sin(TWO_PI * (phase + (pm !== null ? pm[i] : 0))) * (lv === null ? g : lv[i]);
      phase += dt;
      if (phase >= 1) phase -= Math.floor(phase);
    }
    this.phase = phase;
  }
}

class Sawtooth extends Oscillator {
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const g = this.p.LEVEL;
    const lv = this.level.ramp(from, g);
    const pitch = this.pitchIn();
    const key = this.v.key;
    const offset = this.p.PITCH_OFFSET;
    let phase = this.phase;
    for (let i = from; i < to; i++) {
      const dt = this.dt((pitch !== null ? 60 + pitch[i] : key) + offset);
      o[i] = saw(phase, dt) * (lv === null ? g : lv[i]);
      phase += dt;
      if (phase >= 1) phase -= 1;
    }
    this.phase = phase;
  }
}

class Pulse extends Oscillator {
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const g = this.p.LEVEL;
    const lv = this.level.ramp(from, g);
    const wIn = this.connected[1] ? this.inputs[1] : null;
    const width = this.p.PULSE_WIDTH;
    const pitch = this.pitchIn();
    const key = this.v.key;
    const offset = this.p.PITCH_OFFSET;
    let phase = this.phase;
    for (let i = from; i < to; i++) {
      const dt = this.dt((pitch !== null ? 60 + pitch[i] : key) + offset);
      const w = clamp(width + (wIn !== null ? wIn[i] : 0), 0.02, 0.98);
      o[i] = pulse(phase, dt, w) * (lv === null ? g : lv[i]);
      phase += dt;
      if (phase >= 1) phase -= 1;
    }
    this.phase = phase;
  }
}

class Noise extends Node {
  private b0 = 0;
  private b1 = 0;
  private b2 = 0;
  private readonly level = new Level(this.v.sampleRate);
  override noteOn(): void {
    this.level.reset();
  }
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const level = this.p.LEVEL;
    const lv = this.level.ramp(from, level);
    const pink = (this.p.COLOR | 0) === 1;
    const rng = this.v.rng;
    for (let i = from; i < to; i++) {
      const g = lv === null ? level : lv[i];
      const w = rng.bipolar();
      if (!pink) o[i] = w * g;
      else {
        // Paul Kellet's economy pink filter.
        this.b0 = 0.99765 * this.b0 + w * 0.099046;
        this.b1 = 0.963 * this.b1 + w * 0.2965164;
        this.b2 = 0.57 * this.b2 + w * 1.0526913;
        o[i] = (this.b0 + this.b1 + this.b2 + w * 0.1848) * 0.25 * g;
      }
    }
  }
}

/** The cutoff input is a pitch signal: it moves the cutoff by its semitones (keytracking, modulation). */
function cutoffAt(base: number, input: Float32Array, connected: boolean, i: number): number {
  return connected ? base * semitoneRatio(input[i]) : base;
}

/** A modulated cutoff is recomputed every this many samples (control rate: a tan per sample is the filter's whole cost). */
const CONTROL_STEP = 8;

/**
 * A filter module's own Cutoff and Resonance move over 10 ms (FilterMotion) when their values
 * change: the motion advances once a block (a run from sample 0), and a new note takes them at
 * once. While they move the filter is set every sample; a cutoff input still modulates on top.
 */
abstract class FilterModule extends Node {
  private readonly motion = new FilterMotion(this.v.sampleRate);
  /**
   * The Cutoff and Resonance the motion last stood still at: a block with the same values leaves
   * it as it is (its `block` would take the same logarithm and find nothing to move), so it is skipped.
   */
  private stillCutoff = Number.NaN;
  private stillResonance = Number.NaN;
  override noteOn(): void {
    this.motion.reset();
    this.stillCutoff = Number.NaN;
  }
  /** The cutoff and resonance at sample i, or null when steady (then the parameters hold). */
  protected moving(from: number, resonance: number): FilterMotion | null {
    const cutoff = this.p.CUTOFF;
    if (from === 0 && (cutoff !== this.stillCutoff || resonance !== this.stillResonance)) {
      const moves = this.motion.block(cutoff, resonance);
      this.stillCutoff = moves ? Number.NaN : cutoff;
      this.stillResonance = resonance;
    }
    return this.motion.moving ? this.motion : null;
  }
}

class LowPassLd extends FilterModule {
  private readonly f = new Ladder();
  private drive = 1;
  /** The Drive in dB that `drive` was worked out for. */
  private driveDb = Number.NaN;
  private motionNow: FilterMotion | null = null;

  process(from: number, to: number): void {
    this.begin(from);
    this.run(from, to);
  }

  /** The run's settings from the parameters (the motion advances at a block's start); the filter set when it holds still. */
  private begin(from: number): void {
    if (this.p.DRIVE !== this.driveDb) {
      this.driveDb = this.p.DRIVE;
      this.drive = dbToGain(this.driveDb);
    }
    this.motionNow = this.moving(from, this.p.RESONANCE);
    if (!this.connected[1] && this.motionNow === null) this.f.set(this.p.CUTOFF, this.p.RESONANCE, this.v.sampleRate);
  }

  private run(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const drive = this.drive;
    const sr = this.v.sampleRate;
    const mod = this.connected[1];
    const cIn = this.inputs[1];
    const cutoff = this.p.CUTOFF;
    const resonance = this.p.RESONANCE;
    const f = this.f;
    const motion = this.motionNow;
    for (let i = from; i < to; i++) {
      if (motion !== null) f.set(cutoffAt(motion.cutoff(i), cIn, mod, i), motion.resonance(i), sr);
      else if (mod && (i & (CONTROL_STEP - 1)) === 0) f.set(cutoffAt(cutoff, cIn, true, i), resonance, sr);
      o[i] = f.tick(x[i] * drive);
    }
  }

  /**
   * Two voices' copies (one patch, so the same cords) as each one's `process` would run them, but
   * while neither's Cutoff or Resonance moves, in one loop: a ladder's step is a long chain of
   * dependent operations (two divisions), and two independent chains overlap. Each filter is set
   * and stepped as in `run`, in the same order, so the same samples.
   */
  static runPair(a: LowPassLd, b: LowPassLd, from: number, to: number): void {
    a.begin(from);
    b.begin(from);
    if (a.motionNow !== null || b.motionNow !== null) {
      a.run(from, to);
      b.run(from, to);
      return;
    }
    const xa = a.inputs[0];
    const xb = b.inputs[0];
    const oa = a.outputs[0];
    const ob = b.outputs[0];
    const da = a.drive;
    const db = b.drive;
    const fa = a.f;
    const fb = b.f;
    let i = from;
    while (i < to) {
      if ((i & (CONTROL_STEP - 1)) === 0) {
        a.setModulated(i);
        b.setModulated(i);
      }
      const end = Math.min(to, (i | (CONTROL_STEP - 1)) + 1);
      for (; i < end; i++) {
        oa[i] = fa.tick(xa[i] * da);
        ob[i] = fb.tick(xb[i] * db);
      }
    }
  }

  /** `run`'s control-rate update at sample i of a still filter with a cutoff input. */
  private setModulated(i: number): void {
    if (this.connected[1]) this.f.set(cutoffAt(this.p.CUTOFF, this.inputs[1], true, i), this.p.RESONANCE, this.v.sampleRate);
  }
}

/** Whether two voices' copies of a node run in one loop (`runPair`) when their voices render together. */
export function runsInPairs(node: GridNodeDsp | null): boolean {
  return node instanceof LowPassLd;
}

/** Runs two voices' copies of a node that `runsInPairs`, their inputs filled, as each one's `process` would. */
export function runPair(a: GridNodeDsp, b: GridNodeDsp, from: number, to: number): void {
  LowPassLd.runPair(a as LowPassLd, b as LowPassLd, from, to);
}

class SvfModule extends FilterModule {
  private readonly f = new Svf();
  private mode = 0;
  /** The damping, and the Resonance it was worked out for. */
  private k = 0;
  private kResonance = Number.NaN;
  private motionNow: FilterMotion | null = null;

  process(from: number, to: number): void {
    if (this.begin(from)) this.runSteady(from, to);
    else this.run(from, to);
  }

  /**
   * The run's settings from the parameters (the motion advances at a block's start); true when the
   * filter holds still for the run — no cutoff input, Cutoff and Resonance not moving — and is set.
   */
  private begin(from: number): boolean {
    if (this.p.RESONANCE !== this.kResonance) {
      this.kResonance = this.p.RESONANCE;
      this.k = resonanceDamping(this.kResonance);
    }
    this.mode = this.p.MODE | 0;
    this.motionNow = this.moving(from, this.p.RESONANCE);
    if (this.connected[1] || this.motionNow !== null) return false;
    this.f.set(this.p.CUTOFF, this.k, this.v.sampleRate);
    return true;
  }

  private runSteady(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const f = this.f;
    const mode = this.mode;
    for (let i = from; i < to; i++) o[i] = f.tick(x[i], mode);
  }

  private run(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const sr = this.v.sampleRate;
    const k = this.k;
    const mode = this.mode;
    const mod = this.connected[1];
    const cIn = this.inputs[1];
    const cutoff = this.p.CUTOFF;
    const f = this.f;
    const motion = this.motionNow;
    for (let i = from; i < to; i++) {
      if (motion !== null) f.set(cutoffAt(motion.cutoff(i), cIn, mod, i), motion.damping(i), sr);
      else if (mod && (i & (CONTROL_STEP - 1)) === 0) f.set(cutoffAt(cutoff, cIn, true, i), k, sr);
      o[i] = f.tick(x[i], mode);
    }
  }

  /**
   * SVFs reading one input buffer (the Vocal's three formants) run as their own `process` would,
   * but while all hold still, sample by sample together: each filter's step is a chain of
   * dependent multiply-adds, and independent chains in one loop overlap. The same arithmetic per
   * filter in the same order, so the same samples.
   */
  static runTogether(group: readonly SvfModule[], from: number, to: number): void {
    let steady = true;
    for (let j = 0; j < group.length; j++) steady = group[j].begin(from) && steady;
    if (!steady) {
      for (let j = 0; j < group.length; j++) {
        const n = group[j];
        if (n.motionNow === null && !n.connected[1]) n.runSteady(from, to);
        else n.run(from, to);
      }
      return;
    }
    let j = 0;
    for (; j + 3 <= group.length; j += 3) SvfModule.runThree(group[j], group[j + 1], group[j + 2], from, to);
    if (j + 2 <= group.length) SvfModule.runTwo(group[j], group[j + 1], from, to);
    else if (j < group.length) group[j].runSteady(from, to);
  }

  private static runThree(a: SvfModule, b: SvfModule, c: SvfModule, from: number, to: number): void {
    const x = a.inputs[0];
    const oa = a.outputs[0];
    const ob = b.outputs[0];
    const oc = c.outputs[0];
    const fa = a.f;
    const fb = b.f;
    const fc = c.f;
    const ma = a.mode;
    const mb = b.mode;
    const mc = c.mode;
    for (let i = from; i < to; i++) {
      const v = x[i];
      oa[i] = fa.tick(v, ma);
      ob[i] = fb.tick(v, mb);
      oc[i] = fc.tick(v, mc);
    }
  }

  private static runTwo(a: SvfModule, b: SvfModule, from: number, to: number): void {
    const x = a.inputs[0];
    const oa = a.outputs[0];
    const ob = b.outputs[0];
    const fa = a.f;
    const fb = b.f;
    const ma = a.mode;
    const mb = b.mode;
    for (let i = from; i < to; i++) {
      const v = x[i];
      oa[i] = fa.tick(v, ma);
      ob[i] = fb.tick(v, mb);
    }
  }
}

/**
 * Groups of SVF modules that may run together (`SvfGroup`): runs of consecutive nodes in `order`
 * that are SVFs reading one input buffer (a shared source output, so nothing is copied into it)
 * without a cutoff input (so none of them waits for another). Each group lists node indices in order.
 */
export function svfGroups(nodes: readonly (GridNodeDsp | null)[], order: readonly number[]): number[][] {
  const groups: number[][] = [];
  let group: number[] = [];
  let input: Float32Array | null = null;
  for (const idx of order) {
    const n = nodes[idx];
    const x = n instanceof SvfModule && !n.connected[1] ? n.inputs[0] : null;
    if (x !== null && x === input) group.push(idx);
    else {
      if (group.length > 1) groups.push(group);
      group = x === null ? [] : [idx];
      input = x;
    }
  }
  if (group.length > 1) groups.push(group);
  return groups;
}

/** SVF modules from `svfGroups` (one input buffer, filled before they run), run as each one's `process` would. */
export class SvfGroup {
  constructor(private readonly members: readonly GridNodeDsp[]) {}
  process(from: number, to: number): void {
    SvfModule.runTogether(this.members as readonly SvfModule[], from, to);
  }
}

/** ADSR module (gate input, else the voice's gate) and the ADSR modulator (the voice's gate). */
class Envelope extends Node {
  private readonly env = new Adsr();
  private lastGate = 0;
  constructor(
    p: PlanParams,
    v: GridVoice,
    inputs: number,
    private readonly velocitySensitive: boolean,
  ) {
    super(p, v, inputs, 1);
  }
  get sounding(): boolean {
    return this.env.active;
  }
  override noteOn(): void {
    // A retriggered voice restarts from silence only if it had gone quiet.
    this.lastGate = 0;
  }
  process(from: number, to: number): void {
    const p = this.p;
    this.env.set(p.ATTACK, p.DECAY, p.SUSTAIN, p.RELEASE, this.v.sampleRate);
    const o = this.outputs[0];
    const gIn = this.connected.length > 0 && this.connected[0] ? this.inputs[0] : null;
    const scale = this.velocitySensitive ? this.v.velocity : 1;
    const voiceGate = this.v.gate;
    const env = this.env;
    let last = this.lastGate;
    if (gIn === null || steadyGate(gIn, from, to)) {
      // One gate for the whole run (the voice's, or a gate cord that holds): its edge, if any, before the first
      // sample as the loop below takes it, then the envelope's own stage loops.
      const gate = gIn !== null ? (gIn[from] > 0.5 ? 1 : 0) : voiceGate;
      if (gate !== last) {
        if (gate === 1) env.gateOn();
        else env.gateOff();
        this.lastGate = gate;
      }
      this.fillSteady(o, from, to, scale);
      return;
    }
    for (let i = from; i < to; i++) {
      const gate = gIn !== null ? (gIn[i] > 0.5 ? 1 : 0) : voiceGate;
      if (gate !== last) {
        if (gate === 1) env.gateOn();
        else env.gateOff();
        last = gate;
      }
      o[i] = env.tick() * scale;
    }
    this.lastGate = last;
  }

  /** `tick() * scale` for each sample, by the envelope's hold (its sustain) or its stage loops (`fill`). */
  private fillSteady(o: Float32Array, from: number, to: number, scale: number): void {
    const env = this.env;
    const held = env.hold();
    if (held >= 0) {
      o.fill(held * scale, from, to);
      return;
    }
    const end = env.fill(ENVELOPE_RUN, from, to);
    for (let i = from; i < end; i++) o[i] = ENVELOPE_RUN[i] * scale;
    // Ended inside the run: idle, each further tick gives the level it ended at.
    for (let i = end; i < to; i++) o[i] = env.tick() * scale;
  }
}

/** The envelope's levels for one run (`Adsr.fill`), before the velocity scale. */
const ENVELOPE_RUN = new Float64Array(128);

/** Whether a gate input stays on one side of 0.5 for samples from…to−1. */
function steadyGate(g: Float32Array, from: number, to: number): boolean {
  const high = g[from] > 0.5;
  for (let i = from + 1; i < to; i++) if (g[i] > 0.5 !== high) return false;
  return true;
}

class Attenuate extends Node {
  private readonly amount = new Level(this.v.sampleRate);
  override noteOn(): void {
    this.amount.reset();
  }
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const a = this.p.AMOUNT;
    const ramp = this.amount.ramp(from, a);
    if (this.connected[1]) {
      const m = this.inputs[1];
      for (let i = from; i < to; i++) o[i] = x[i] * (ramp === null ? a : ramp[i]) * m[i];
    } else for (let i = from; i < to; i++) o[i] = x[i] * (ramp === null ? a : ramp[i]);
  }
}

class GainVol extends Node {
  private readonly gain = new Level(this.v.sampleRate);
  override noteOn(): void {
    this.gain.reset();
  }
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const g = this.p.GAIN;
    const ramp = this.gain.ramp(from, g);
    for (let i = from; i < to; i++) o[i] = x[i] * (ramp === null ? g : ramp[i]);
  }
}

class Mixer extends Node {
  private readonly levels = [new Level(this.v.sampleRate), new Level(this.v.sampleRate), new Level(this.v.sampleRate)];
  override noteOn(): void {
    for (const l of this.levels) l.reset();
  }
  process(from: number, to: number): void {
    const [a, b, c] = this.inputs;
    const o = this.outputs[0];
    const ga = this.p['IN 1'];
    const gb = this.p['IN 2'];
    const gc = this.p['IN 3'];
    const ra = this.levels[0].ramp(from, ga);
    const rb = this.levels[1].ramp(from, gb);
    const rc = this.levels[2].ramp(from, gc);
    if (ra === null && rb === null && rc === null) for (let i = from; i < to; i++) o[i] = a[i] * ga + b[i] * gb + c[i] * gc;
    else for (let i = from; i < to; i++) o[i] = a[i] * (ra === null ? ga : ra[i]) + b[i] * (rb === null ? gb : rb[i]) + c[i] * (rc === null ? gc : rc[i]);
  }
}

/** Long Delay: the time input scales TIME by 2^input (±1 halves or doubles it). */
class LongDelay extends Node {
  private readonly line: DelayLine;
  constructor(p: PlanParams, v: GridVoice) {
    super(p, v, 2, 1);
    this.line = new DelayLine(Math.ceil(v.sampleRate * 10.5));
  }
  private readonly feedback = new Level(this.v.sampleRate);
  private readonly mix = new Level(this.v.sampleRate);
  override noteOn(): void {
    this.feedback.reset();
    this.mix.reset();
  }
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const sr = this.v.sampleRate;
    const feedback = this.p.FEEDBACK;
    const mix = this.p.MIX;
    const fbRamp = this.feedback.ramp(from, feedback);
    const mixRamp = this.mix.ramp(from, mix);
    const t = this.connected[1] ? this.inputs[1] : null;
    const base = (this.p.TIME / 1000) * sr;
    const steady = clamp(base, 1, sr * 10);
    const line = this.line;
    if (t === null && fbRamp === null && mixRamp === null) {
      this.runSteady(x, o, steady, feedback, mix, from, to);
      return;
    }
    for (let i = from; i < to; i++) {
      const fb = fbRamp === null ? feedback : fbRamp[i];
      const wet = mixRamp === null ? mix : mixRamp[i];
      const d = t !== null ? clamp(base * Math.pow(2, t[i]), 1, sr * 10) : steady;
      const y = line.read(d);
      line.write(x[i] + y * fb);
      o[i] = x[i] * (1 - wet) + y * wet;
    }
  }

  /**
   * The loop above at a steady time, Feedback and Mix (nearly every run): the line's `read` and
   * `write` with its buffer and write index in locals, the same arithmetic in the same order.
   */
  private runSteady(x: Float32Array, o: Float32Array, d: number, fb: number, wet: number, from: number, to: number): void {
    const buf = this.line.buf;
    const mask = this.line.mask;
    let w = this.line.w;
    for (let i = from; i < to; i++) {
      const q = w - d;
      const k = Math.floor(q);
      const f = q - k;
      const a = buf[k & mask];
      const y = a + (buf[(k + 1) & mask] - a) * f;
      const xi = x[i];
      buf[w] = xi + y * fb;
      w = (w + 1) & mask;
      o[i] = xi * (1 - wet) + y * wet;
    }
    this.line.w = w;
  }
}

class Binary extends Node {
  constructor(
    p: PlanParams,
    v: GridVoice,
    private readonly multiply: boolean,
  ) {
    super(p, v, 2, 1);
  }
  process(from: number, to: number): void {
    const [a, b] = this.inputs;
    const o = this.outputs[0];
    if (this.multiply) {
      // An unconnected factor is 1, so a lone cord passes through.
      const ca = this.connected[0];
      const cb = this.connected[1];
      for (let i = from; i < to; i++) o[i] = (ca ? a[i] : 1) * (cb ? b[i] : 1);
    } else for (let i = from; i < to; i++) o[i] = a[i] + b[i];
  }
}

class Transpose extends Node {
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const s = this.p.SEMITONES;
    const base = this.connected[0] ? 0 : this.v.key - 60;
    for (let i = from; i < to; i++) o[i] = (this.connected[0] ? x[i] : base) + s;
  }
}

const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

class PitchQuantize extends Node {
  private readonly allowed = new Array<boolean>(12).fill(false);
  process(from: number, to: number): void {
    const x = this.inputs[0];
    const o = this.outputs[0];
    const allowed = this.allowed;
    let any = false;
    for (let k = 0; k < 12; k++) any = (allowed[k] = this.p[KEYS[k]] > 0.5) || any;
    const input = this.connected[0] ? x : null;
    const key = this.v.key - 60;
    // The pitch input mostly holds still: the search runs when it moves.
    let last = Number.NaN;
    let best = 0;
    for (let i = from; i < to; i++) {
      const p = input !== null ? input[i] : key;
      if (!any) o[i] = p;
      else {
        if (p !== last) {
          last = p;
          best = this.nearest(p);
        }
        o[i] = best;
      }
    }
  }

  /** The allowed key nearest to pitch p (rounded), the lower one first at equal distance. */
  private nearest(p: number): number {
    const allowed = this.allowed;
    const k = Math.round(p);
    for (let d = 0; d <= 6; d++) {
      if (allowed[(((k - d) % 12) + 12) % 12]) return k - d;
      if (allowed[(((k + d) % 12) + 12) % 12]) return k + d;
    }
    return k;
  }
}

/** LFO (module and modulator): out −1…1 (0…1 when not bipolar), phase 0–1, reset on a rising edge. */
class Lfo extends Node {
  private phase = 0;
  private lastReset = 0;
  /** The sine's rotation per sample, for the rate it was worked out at. */
  private turnDt = Number.NaN;
  private turnCos = 1;
  private turnSin = 0;
  constructor(
    p: PlanParams,
    v: GridVoice,
    inputs: number,
    outputs: number,
    private readonly startPhase: number,
  ) {
    super(p, v, inputs, outputs);
    this.phase = startPhase;
  }
  override noteOn(): void {
    if (!this.v.freerun) this.phase = this.startPhase;
  }
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const ph = this.outputs.length > 1 ? this.outputs[1] : null;
    const dt = this.p.RATE / this.v.sampleRate;
    const shape = this.p.SHAPE | 0;
    const bipolar = this.p.BIPOLAR === undefined || this.p.BIPOLAR > 0.5;
    const reset = this.connected.length > 0 && this.connected[0] ? this.inputs[0] : null;
    if (shape === 0 && reset === null) {
      this.phase = this.sineRun(o, ph, dt, bipolar, from, to);
      return;
    }
    let phase = this.phase;
    for (let i = from; i < to; i++) {
      if (reset !== null) {
        const r = reset[i] > 0.5 ? 1 : 0;
        if (r === 1 && this.lastReset === 0) phase = this.startPhase;
        this.lastReset = r;
      }
      const y = lfoShape(shape, phase);
      o[i] = bipolar ? y : (y + 1) * 0.5;
      if (ph !== null) ph[i] = phase;
      phase += dt;
      if (phase >= 1) phase -= 1;
    }
    this.phase = phase;
  }

  /**
   * The sine without a reset input, as Chorus+ turns its LFOs: sine and cosine exact at the run's
   * start, then rotated by 2π·dt each sample (two multiplies and adds instead of a Math.sin; the
   * rotation's rounding over a block is about 10⁻¹⁴). Returns the phase after the run.
   */
  private sineRun(o: Float32Array, ph: Float32Array | null, dt: number, bipolar: boolean, from: number, to: number): number {
    if (dt !== this.turnDt) {
      this.turnDt = dt;
      this.turnCos = Math.cos(TWO_PI * dt);
      this.turnSin = Math.sin(TWO_PI * dt);
    }
    const tc = this.turnCos;
    const ts = this.turnSin;
    let phase = this.phase;
    let sin = Math.sin(TWO_PI * phase);
    let cos = Math.cos(TWO_PI * phase);
    for (let i = from; i < to; i++) {
      o[i] = bipolar ? sin : (sin + 1) * 0.5;
      if (ph !== null) ph[i] = phase;
      phase += dt;
      if (phase >= 1) phase -= 1;
      const next = sin * tc + cos * ts;
      cos = cos * tc - sin * ts;
      sin = next;
    }
    return phase;
  }
}

/** Random modulator: a new value at RATE, glided towards by SMOOTH. */
class RandomMod extends Node {
  private target = 0;
  private value = 0;
  private t = 1;
  process(from: number, to: number): void {
    const o = this.outputs[0];
    const sr = this.v.sampleRate;
    const dt = this.p.RATE / sr;
    const coef = Math.exp(-1 / Math.max(1, this.p.SMOOTH * (sr / Math.max(0.01, this.p.RATE))));
    for (let i = from; i < to; i++) {
      this.t += dt;
      if (this.t >= 1) {
        this.t -= Math.floor(this.t);
        this.target = this.v.rng.bipolar();
      }
      this.value = this.p.SMOOTH <= 0 ? this.target : this.target + coef * (this.value - this.target);
      o[i] = this.value;
    }
  }
}

/** Builds the processor of a catalog module or modulator, or null when the name is unknown. */
export function makeGridNode(type: string, modulator: boolean, p: PlanParams, v: GridVoice, _inputs: number, _outputs: number): GridNodeDsp | null {
  if (modulator) {
    switch (type) {
      case 'LFO':
        return new Lfo(p, v, 0, 1, p.PHASE ?? 0);
      case 'ADSR':
        return new Envelope(p, v, 0, false);
      case 'Random':
        return new RandomMod(p, v, 0, 1);
      case 'Macro':
        return new Constant(p, v, () => p.VALUE);
      case 'Keytrack':
        return new Constant(p, v, () => (v.key - p['CENTER KEY']) / 48);
      default:
        return null;
    }
  }
  switch (type) {
    case 'Pitch':
      return new Constant(p, v, () => v.key - 60);
    case 'Gate':
      return new Constant(p, v, () => v.gate);
    case 'Velocity':
      return new Constant(p, v, () => v.velocity);
    case 'Audio In':
      return new AudioIn(p, v, 0, 1);
    case 'Audio Out':
      return new AudioOut(p, v, 1, 0);
    case 'Sine':
      return new Sine(p, v, 2, 1);
    case 'Sawtooth':
      return new Sawtooth(p, v, 1, 1);
    case 'Pulse':
      return new Pulse(p, v, 2, 1);
    case 'Noise':
      return new Noise(p, v, 0, 1);
    case 'Low-pass LD':
      return new LowPassLd(p, v, 2, 1);
    case 'SVF':
      return new SvfModule(p, v, 2, 1);
    case 'ADSR':
      return new Envelope(p, v, 1, p.VELOCITY > 0.5);
    case 'Attenuate':
      return new Attenuate(p, v, 2, 1);
    case 'Gain - Vol':
      return new GainVol(p, v, 1, 1);
    case 'Mixer':
      return new Mixer(p, v, 3, 1);
    case 'Long Delay':
      return new LongDelay(p, v);
    case 'Add':
      return new Binary(p, v, false);
    case 'Multiply':
      return new Binary(p, v, true);
    case 'Transpose':
      return new Transpose(p, v, 1, 1);
    case 'Pitch Quantize':
      return new PitchQuantize(p, v, 1, 1);
    case 'Constant Pitch':
      return new Constant(p, v, () => p.KEY - 60);
    case 'LFO':
      return new Lfo(p, v, 1, 2, 0);
    case 'Value Knob':
      return new Constant(p, v, () => p.VALUE);
    default:
      return null;
  }
}
