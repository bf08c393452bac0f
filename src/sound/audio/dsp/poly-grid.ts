import type { DeviceDef } from './device.js';
import { GridPatch, GridProgram, gridPorts } from './grid-patch.js';
import { BLOCK, seedOf } from './math.js';
import { bool, level, pct, semis, voices } from './params.js';
import type { PlanGrid, PlanParams } from './plan.js';
import { LEGATO_SLIDE_SECONDS, OutputLevel, PooledInstrument, VoicePool, type Voice } from './voices.js';

/** Glide at 100 %: a glide takes this long, whatever the interval. */
const GLIDE_MAX_SECONDS = 1;
/** Below this a voice's output is silent (−90 dBFS). */
const SILENT = 10 ** (-90 / 20);
/** The longest a voice rings on past its note's end: a self-oscillating patch stops here. */
const TAIL_CAP_SECONDS = 10;
/** A voice that ends before it is quiet (a patch without an envelope, the cap) fades out over this, raised cosine. */
const END_FADE_SECONDS = 0.005;
/** While gliding, the patch's key moves every this many samples. */
const GLIDE_STEP = 8;

class GridVoiceSlot implements Voice {
  pitch = 0;
  held = false;
  private alive = false;
  /** The key the glide heads to, and semitones per sample towards it (0: not gliding). */
  private keyTarget = 60;
  private keyRate = 0;
  /** Ringing on past the note's end: samples left before the cap (−1: not yet), and samples quiet so far. */
  private tailLeft = -1;
  private quiet = 0;
  /** Fading out: samples left (0: not fading). */
  private fadeLeft = 0;
  readonly patch: GridPatch;

  constructor(
    private readonly owner: PolyGrid,
    index: number,
  ) {
    this.patch = owner.newPatch(index);
  }

  get active(): boolean {
    return this.alive;
  }

  start(pitch: number, velocity: number): void {
    this.pitch = pitch;
    this.held = true;
    this.alive = true;
    this.tailLeft = -1;
    this.fadeLeft = 0;
    const v = this.patch.v;
    v.key = this.owner.lastKey ?? pitch + this.owner.p.PITCH_TRANSPOSE;
    this.glideTo(pitch, 0);
    v.velocity = velocity;
    v.gate = 1;
    this.patch.noteOn();
  }

  /** Mono legato: the held note glides to the key, over at least LEGATO_SLIDE_SECONDS (a jump clicked at −62 dB). */
  legato(pitch: number): boolean {
    this.pitch = pitch;
    this.glideTo(pitch, LEGATO_SLIDE_SECONDS);
    return true;
  }

  /** Heads for the key over the Glide time (at least `least` seconds) from where the patch's key is now; at once when both are 0. */
  private glideTo(pitch: number, least: number): void {
    const o = this.owner;
    const key = pitch + o.p.PITCH_TRANSPOSE;
    o.lastKey = key;
    this.keyTarget = key;
    const samples = Math.max(o.p.GLIDE * GLIDE_MAX_SECONDS, least) * o.sampleRate;
    const v = this.patch.v;
    if (samples < 1 || v.key === key) {
      v.key = key;
      this.keyRate = 0;
    } else this.keyRate = Math.abs(key - v.key) / samples;
  }

  release(): void {
    this.held = false;
    this.patch.v.gate = 0;
    // A patch without an envelope stops at the note-off, faded.
    if (!this.patch.hasEnvelope) this.fadeLeft = this.owner.endFadeSamples;
  }

  kill(): void {
    this.held = false;
    this.alive = false;
    this.fadeLeft = 0;
    this.patch.v.gate = 0;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    this.patch.audioOut.fill(0, from, to);
    if (this.keyRate === 0) this.patch.run(from, to);
    else this.glide(from, to);
    this.mix(l, r, from, to);
  }

  /**
   * This voice and the next sounding one, neither gliding, rendered as two `render`s would: both
   * patches run together (`GridPatch.runWith`), then each adds its output in turn.
   */
  renderPair(next: GridVoiceSlot, l: Float32Array, r: Float32Array, from: number, to: number): boolean {
    if (this.keyRate !== 0 || next.keyRate !== 0 || !this.patch.pairs) return false;
    this.patch.audioOut.fill(0, from, to);
    next.patch.audioOut.fill(0, from, to);
    this.patch.runWith(next.patch, from, to);
    this.mix(l, r, from, to);
    next.mix(l, r, from, to);
    return true;
  }

  /** Adds the patch's output for samples from..to−1 to l and r at the device's Output, and follows the voice's end. */
  private mix(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const out = this.patch.audioOut;
    // Audio Out at ±1 is full scale, as in the host the catalog models: the patch sets its own level.
    const g = this.owner.p.OUTPUT;
    const ramp = this.owner.output.ramp;
    let peak = 0;
    if (ramp === null && this.fadeLeft === 0 && this.owner.tailSamples === 0) {
      // Steady Output, no fade, and no tail to watch (the voice ends with its envelopes): nothing reads the peak.
      for (let i = from; i < to; i++) {
        const x = out[i] * g;
        l[i] += x;
        r[i] += x;
      }
    } else if (ramp === null && this.fadeLeft === 0) {
      // The usual case, steady Output and no fade: the loop below without its per-sample tests.
      for (let i = from; i < to; i++) {
        const x = out[i] * g;
        l[i] += x;
        r[i] += x;
        if (Math.abs(x) > peak) peak = Math.abs(x);
      }
    } else {
      for (let i = from; i < to; i++) {
        let x = out[i] * (ramp === null ? g : ramp[i]);
        if (this.fadeLeft > 0) {
          const total = this.owner.endFadeSamples;
          x *= 0.5 + 0.5 * Math.cos((Math.PI * (total - this.fadeLeft + 1)) / (total + 1));
          if (--this.fadeLeft === 0) {
            this.alive = false;
            return;
          }
        }
        l[i] += x;
        r[i] += x;
        if (Math.abs(x) > peak) peak = Math.abs(x);
      }
    }
    if (!this.held && this.fadeLeft === 0 && !this.patch.sounding) this.ringOn(peak, to - from);
  }

  /**
   * The note is over (released, its envelopes done). A patch with Long Delays rings on until its
   * output has stayed below −90 dBFS for the owner's quiet window, at most the owner's tail cap
   * (then it fades out); one without ends here, as its envelopes have.
   */
  private ringOn(peak: number, n: number): void {
    const o = this.owner;
    if (o.tailSamples === 0) {
      this.alive = false;
      return;
    }
    if (this.tailLeft < 0) {
      this.tailLeft = o.tailSamples;
      this.quiet = 0;
    }
    this.quiet = peak < SILENT ? this.quiet + n : 0;
    this.tailLeft -= n;
    if (this.quiet >= o.quietWindow) this.alive = false;
    else if (this.tailLeft <= 0) this.fadeLeft = o.endFadeSamples;
  }

  /** Runs the patch in short steps, moving its key linearly towards the target. */
  private glide(from: number, to: number): void {
    const v = this.patch.v;
    for (let i = from; i < to; i += GLIDE_STEP) {
      const end = Math.min(to, i + GLIDE_STEP);
      const move = this.keyRate * (end - i);
      if (Math.abs(this.keyTarget - v.key) <= move) {
        v.key = this.keyTarget;
        this.keyRate = 0;
      } else v.key += Math.sign(this.keyTarget - v.key) * move;
      this.patch.run(i, end);
    }
  }
}

const ZEROS = new Float32Array(128);

/** Poly Grid: the patch runs once per voice; the device's FX slot follows (see the track). */
class PolyGrid extends PooledInstrument<GridVoiceSlot> {
  protected readonly pool: VoicePool<GridVoiceSlot>;
  private readonly program: GridProgram;
  /** The last note's key (with Pitch Transpose): a new note glides from it. */
  lastKey: number | undefined;
  /**
   * How long a voice may ring on past its note (0: no Long Delay, it ends with its envelopes):
   * its Long Delays' ring-out to −90 dB at their feedback, TAIL_CAP_SECONDS at most; and how
   * long its output must stay silent first — two of the longest delay (its time input may
   * double it) and a block.
   */
  readonly tailSamples: number;
  readonly quietWindow: number;
  readonly endFadeSamples: number;
  readonly output: OutputLevel;

  constructor(
    readonly p: PlanParams,
    readonly sampleRate: number,
    polyphony: number,
    grid: PlanGrid,
    private readonly ports: { inputs: (node: number) => number; outputs: (node: number) => number },
    private readonly seed: string,
  ) {
    super();
    this.program = new GridProgram(grid, ports.inputs);
    let ring = 0;
    let longest = 0;
    for (const n of grid.nodes) {
      if (n.type !== 'Long Delay') continue;
      const seconds = n.p.TIME / 1000;
      const fb = Math.min(0.999, Math.max(1e-3, n.p.FEEDBACK));
      longest = Math.max(longest, seconds);
      ring = Math.max(ring, Math.min(TAIL_CAP_SECONDS, seconds * (1 + Math.log(SILENT) / Math.log(fb))));
    }
    this.tailSamples = Math.round(ring * sampleRate);
    this.quietWindow = Math.round(2 * longest * sampleRate) + BLOCK;
    this.endFadeSamples = Math.round(END_FADE_SECONDS * sampleRate);
    this.output = new OutputLevel(sampleRate);
    this.pool = new VoicePool(polyphony, (i) => new GridVoiceSlot(this, i), sampleRate);
  }

  override update(): void {
    this.output.block(this.p.OUTPUT);
  }

  override reset(): void {
    super.reset();
    this.lastKey = undefined;
  }

  newPatch(index: number): GridPatch {
    return new GridPatch(
      this.program,
      this.sampleRate,
      seedOf(`${this.seed}/voice ${index}`),
      this.p.FREERUN > 0.5,
      ZEROS,
      this.ports.inputs,
      this.ports.outputs,
    );
  }
}

export const POLY_GRID: DeviceDef = {
  name: 'Poly Grid',
  kind: 'instrument',
  category: 'Synth',
  params: [
    level('OUTPUT', 'Output'),
    semis('PITCH_TRANSPOSE', 'Pitch Transpose', 36),
    pct('SHUFFLE', 'Shuffle', 0),
    pct('GLIDE', 'Glide', 0),
    bool('FREERUN', 'Freerun', false),
    bool('NOTE_THRU', 'Note Thru', false),
    bool('CONTROL_THRU', 'Control Thru', false),
    voices(),
  ],
  grid: 'poly',
  slots: [
    { name: 'FX', accepts: ['audio_effect'] },
    { name: 'Note FX', accepts: ['note_effect'] },
  ],
  controls: ['OUTPUT', 'PITCH_TRANSPOSE', 'SHUFFLE', 'GLIDE', 'FREERUN', 'NOTE_THRU', 'CONTROL_THRU'],
  unrendered: {
    SHUFFLE: 'Shuffle (swing of the Grid clock) is not rendered',
  },
  build: (d, ctx) => (d.grid === null ? null : new PolyGrid(d.p, ctx.sampleRate, d.polyphony, d.grid, gridPorts(d.grid), d.path)),
};
