import type { Effect } from './effects.js';
import { makeGridNode, type GridNodeDsp, type GridVoice } from './grid-modules.js';
import { Rng, seedOf } from './math.js';
import type { PlanGrid, PlanParams } from './plan.js';
import { PooledInstrument, VoicePool, type Voice } from './voices.js';

/** Untyped signals entering a pitch port, and the reverse, scale by this many semitones per unit. */
const PITCH_RANGE = 48;

interface Feed {
  readonly source: number;
  readonly port: number;
  readonly gain: number;
  /** A cord closing a cycle: it carries the source's previous sample. */
  readonly feedback: boolean;
}

/**
 * A patch compiled once per device: nodes in dependency order (sources before the modules they
 * feed), the cords into each input, and which cords close a cycle. A patch without cycles runs
 * node by node over whole segments; one with a cycle runs sample by sample, each feedback cord
 * reading its source one sample late.
 */
export class GridProgram {
  readonly order: number[];
  /** feeds[node][inputPort] */
  readonly feeds: Feed[][][];
  readonly cyclic: boolean;

  constructor(
    readonly grid: PlanGrid,
    inputsOf: (node: number) => number,
  ) {
    const n = grid.nodes.length;
    const incoming: number[][] = Array.from({ length: n }, () => []);
    for (const c of grid.cords) incoming[c.target].push(c.source);
    // Depth-first post-order from every node: a cord to a node still on the stack closes a cycle.
    const state = new Array<number>(n).fill(0);
    const order: number[] = [];
    const back = new Set<string>();
    const visit = (i: number): void => {
      state[i] = 1;
      for (const s of incoming[i]) {
        if (state[s] === 1) back.add(`${s}>${i}`);
        else if (state[s] === 0) visit(s);
      }
      state[i] = 2;
      order.push(i);
    };
    for (let i = 0; i < n; i++) if (state[i] === 0) visit(i);
    this.order = order;
    this.cyclic = back.size > 0;
    this.feeds = grid.nodes.map((_, i) => Array.from({ length: inputsOf(i) }, () => [] as Feed[]));
    for (const c of grid.cords) {
      const scale = c.sourcePitch === c.targetPitch ? 1 : c.targetPitch ? PITCH_RANGE : 1 / PITCH_RANGE;
      const port = this.feeds[c.target][c.targetPort];
      if (port !== undefined) port.push({ source: c.source, port: c.sourcePort, gain: c.amount * scale, feedback: back.has(`${c.source}>${c.target}`) });
    }
  }
}

/** One running copy of a patch (a Poly Grid voice, or one side of an FX Grid). */
class GridPatch {
  readonly nodes: (GridNodeDsp | null)[];
  readonly audioOut = new Float32Array(128);
  readonly v: GridVoice;
  private readonly envelopes: GridNodeDsp[];

  constructor(
    private readonly program: GridProgram,
    sampleRate: number,
    seed: number,
    freerun: boolean,
    audioIn: Float32Array,
    inputs: (node: number) => number,
    outputs: (node: number) => number,
  ) {
    this.v = { key: 60, gate: 0, velocity: 0, sampleRate, audioIn, audioOut: this.audioOut, rng: new Rng(seed), freerun };
    this.nodes = program.grid.nodes.map((node, i) => makeGridNode(node.type, node.modulator, node.p, this.v, inputs(i), outputs(i)));
    for (let i = 0; i < this.nodes.length; i++) {
      const dsp = this.nodes[i];
      if (dsp !== null) for (let k = 0; k < dsp.connected.length; k++) dsp.connected[k] = (program.feeds[i][k]?.length ?? 0) > 0;
    }
    this.envelopes = this.nodes.filter((x): x is GridNodeDsp => x !== null && x.sounding !== undefined);
  }

  get hasEnvelope(): boolean {
    return this.envelopes.length > 0;
  }

  get sounding(): boolean {
    for (const e of this.envelopes) if (e.sounding === true) return true;
    return false;
  }

  noteOn(): void {
    for (const n of this.nodes) n?.noteOn();
  }

  /** Runs samples from..to−1; Audio Out modules add into audioOut (cleared by the caller). */
  run(from: number, to: number): void {
    if (!this.program.cyclic) this.step(from, to);
    else for (let i = from; i < to; i++) this.step(i, i + 1);
  }

  private step(from: number, to: number): void {
    const { order, feeds } = this.program;
    for (const idx of order) {
      const node = this.nodes[idx];
      if (node === null) continue;
      const ports = feeds[idx];
      for (let k = 0; k < ports.length; k++) {
        const list = ports[k];
        if (list.length === 0) continue;
        const dst = node.inputs[k];
        dst.fill(0, from, to);
        for (const f of list) {
          const src = this.nodes[f.source]?.outputs[f.port];
          if (src === undefined) continue;
          const g = f.gain;
          if (f.feedback) for (let i = from; i < to; i++) dst[i] += src[(i + 127) & 127] * g;
          else for (let i = from; i < to; i++) dst[i] += src[i] * g;
        }
      }
      node.process(from, to);
    }
  }
}

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
export class PolyGrid extends PooledInstrument<GridVoiceSlot> {
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
    this.pool = new VoicePool(polyphony, (i) => new GridVoiceSlot(this, i));
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

/** FX Grid: the patch runs once per side with the track's signal at Audio In; gate held open. */
export class FxGrid implements Effect {
  private readonly sides: GridPatch[];
  private readonly ins = [new Float32Array(128), new Float32Array(128)];
  private readonly tailSeconds: number;

  constructor(
    private readonly p: PlanParams,
    sampleRate: number,
    grid: PlanGrid,
    ports: { inputs: (node: number) => number; outputs: (node: number) => number },
    seed: string,
    private readonly slot: readonly Effect[],
  ) {
    const program = new GridProgram(grid, ports.inputs);
    this.tailSeconds = grid.nodes.reduce((a, n) => {
      if (n.type !== 'Long Delay') return a;
      const fb = Math.min(0.999, Math.max(1e-3, n.p.FEEDBACK));
      return Math.max(a, Math.min(10, (n.p.TIME / 1000) * (1 + Math.log(10 ** (-90 / 20)) / Math.log(fb))));
    }, 0.05);
    this.sides = [0, 1].map((s) => {
      const patch = new GridPatch(program, sampleRate, seedOf(`${seed}/side ${s}`), true, this.ins[s], ports.inputs, ports.outputs);
      patch.v.key = 60 + p.PITCH_TRANSPOSE;
      patch.v.gate = 1;
      patch.v.velocity = 1;
      return patch;
    });
  }

  process(l: Float32Array, r: Float32Array, n: number): void {
    const wet = this.p.MIX;
    const g = this.p.OUTPUT;
    const bufs = [l, r];
    for (let s = 0; s < 2; s++) {
      const patch = this.sides[s];
      patch.v.key = 60 + this.p.PITCH_TRANSPOSE;
      this.ins[s].set(bufs[s]);
      patch.audioOut.fill(0);
      patch.run(0, n);
    }
    const [ol, or] = [this.sides[0].audioOut, this.sides[1].audioOut];
    for (const e of this.slot) e.process(ol, or, n);
    for (let i = 0; i < n; i++) {
      l[i] = (this.ins[0][i] * (1 - wet) + ol[i] * wet) * g;
      r[i] = (this.ins[1][i] * (1 - wet) + or[i] * wet) * g;
    }
  }

  reset(): void {}

  /** The patch may hold delays with feedback: its tail is taken as their longest ring-out (10 s at most). */
  tail(): number {
    return this.tailSeconds + this.slot.reduce((a, e) => a + e.tail(), 0);
  }
}
