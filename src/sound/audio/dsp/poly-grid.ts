import type { DeviceDef } from './device.js';
import { GridPatch, GridProgram, gridPorts } from './grid-patch.js';
import { seedOf } from './math.js';
import { bool, level, pct, semis, voices } from './params.js';
import type { PlanGrid, PlanParams } from './plan.js';
import { PooledInstrument, VoicePool, type Voice } from './voices.js';

class GridVoiceSlot implements Voice {
  pitch = 0;
  held = false;
  private alive = false;
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
    const v = this.patch.v;
    v.key = pitch + this.owner.p.PITCH_TRANSPOSE;
    v.velocity = velocity;
    v.gate = 1;
    this.patch.noteOn();
  }

  release(): void {
    this.held = false;
    this.patch.v.gate = 0;
    // A patch without an envelope stops at the note-off.
    if (!this.patch.hasEnvelope) this.alive = false;
  }

  kill(): void {
    this.held = false;
    this.alive = false;
    this.patch.v.gate = 0;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const out = this.patch.audioOut;
    out.fill(0, from, to);
    this.patch.run(from, to);
    // Audio Out at ±1 is full scale, as in the host the catalog models: the patch sets its own level.
    const g = this.owner.p.OUTPUT;
    for (let i = from; i < to; i++) {
      l[i] += out[i] * g;
      r[i] += out[i] * g;
    }
    if (!this.held && !this.patch.sounding) this.alive = false;
  }
}

const ZEROS = new Float32Array(128);

/** Poly Grid: the patch runs once per voice; the device's FX slot follows (see the track). */
class PolyGrid extends PooledInstrument<GridVoiceSlot> {
  protected readonly pool: VoicePool<GridVoiceSlot>;
  private readonly program: GridProgram;

  constructor(
    readonly p: PlanParams,
    private readonly sampleRate: number,
    polyphony: number,
    grid: PlanGrid,
    private readonly ports: { inputs: (node: number) => number; outputs: (node: number) => number },
    private readonly seed: string,
  ) {
    super();
    this.program = new GridProgram(grid, ports.inputs);
    this.pool = new VoicePool(polyphony, (i) => new GridVoiceSlot(this, i), sampleRate);
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
    GLIDE: 'Glide (portamento) is not rendered',
  },
  build: (d, ctx) => (d.grid === null ? null : new PolyGrid(d.p, ctx.sampleRate, d.polyphony, d.grid, gridPorts(d.grid), d.path)),
};
