import { type GridNodeDsp, type GridVoice, makeGridNode, runPair, runsInPairs, SvfGroup, svfGroups } from './grid-modules.js';
import { Rng } from './math.js';
import type { PlanGrid } from './plan.js';

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
export class GridPatch {
  readonly nodes: (GridNodeDsp | null)[];
  readonly audioOut = new Float32Array(128);
  readonly v: GridVoice;
  private readonly envelopes: GridNodeDsp[];
  /** inputs[node][port]: the port reads its one cord's source buffer itself, so `step` copies nothing into it. */
  private readonly shared: boolean[][];
  /**
   * By place in the order, what runs there: the node, or the SVFs that run together from there
   * (nothing is copied into their ports), null for an absent node or a group's later member.
   */
  private readonly runs: ({ process(from: number, to: number): void } | null)[];
  /** By place in the order: the node runs in one loop with another voice's copy in `runWith`. */
  private readonly paired: boolean[];
  /**
   * Whether `runWith` gains anything for this patch: no cycle (it runs node by node over the whole
   * run) and a node whose two copies run in one loop (`runsInPairs`).
   */
  readonly pairs: boolean;

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
    // A port whose only cord is a plain one at gain 1 (no cycle) would receive a copy of its source's
    // output: it reads that buffer instead. The copy stored 0 + x, which differs only for −0, and a
    // −0 sample cannot reach the output (each voice adds into a cleared buffer: 0 + −0 is 0).
    this.shared = program.feeds.map((ports, i) =>
      ports.map((list, k) => {
        const dsp = this.nodes[i];
        const f = list.length === 1 ? list[0] : undefined;
        const src = f === undefined || f.feedback || f.gain !== 1 ? undefined : this.nodes[f.source]?.outputs[f.port];
        if (dsp === null || src === undefined) return false;
        dsp.inputs[k] = src;
        return true;
      }),
    );
    this.envelopes = this.nodes.filter((x): x is GridNodeDsp => x !== null && x.sounding !== undefined);
    this.runs = program.order.map((idx) => this.nodes[idx]);
    for (const g of svfGroups(this.nodes, program.order)) {
      this.runs[program.order.indexOf(g[0])] = new SvfGroup(g.map((idx) => this.nodes[idx] as GridNodeDsp));
      for (let k = 1; k < g.length; k++) this.runs[program.order.indexOf(g[k])] = null;
    }
    this.paired = program.order.map((idx) => !program.cyclic && runsInPairs(this.nodes[idx]));
    this.pairs = this.paired.includes(true);
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

  /**
   * Runs this patch and `other` (another voice of the same program) over samples from..to−1, node
   * by node, the nodes that `runsInPairs` for both at once: each patch's nodes run in its own order
   * on its own buffers, so each gives what `run` gives. Only when `pairs`.
   */
  runWith(other: GridPatch, from: number, to: number): void {
    const order = this.program.order;
    for (let at = 0; at < order.length; at++) {
      if (this.paired[at]) {
        const idx = order[at];
        this.feed(idx, from, to);
        other.feed(idx, from, to);
        runPair(this.nodes[idx] as GridNodeDsp, other.nodes[idx] as GridNodeDsp, from, to);
      } else {
        this.stepAt(at, from, to);
        other.stepAt(at, from, to);
      }
    }
  }

  private step(from: number, to: number): void {
    const n = this.program.order.length;
    for (let at = 0; at < n; at++) this.stepAt(at, from, to);
  }

  /** Runs the node at place `at` in the order: its ports filled, then its processor. */
  private stepAt(at: number, from: number, to: number): void {
    const run = this.runs[at];
    if (run === null) return;
    this.feed(this.program.order[at], from, to);
    run.process(from, to);
  }

  /** Fills node idx's input ports from their cords (a port that holds its source's buffer needs nothing). */
  private feed(idx: number, from: number, to: number): void {
    const node = this.nodes[idx];
    if (node === null) return;
    const ports = this.program.feeds[idx];
    const shared = this.shared[idx];
    for (let k = 0; k < ports.length; k++) {
      const list = ports[k];
      if (list.length === 0 || shared[k]) continue;
      const dst = node.inputs[k];
      // The first cord writes 0 + its signal (what clearing and adding stored: −0 becomes 0), one pass instead of two.
      let first = true;
      for (let c = 0; c < list.length; c++) {
        const f = list[c];
        const src = this.nodes[f.source]?.outputs[f.port];
        if (src === undefined) continue;
        const g = f.gain;
        if (first && f.feedback) for (let i = from; i < to; i++) dst[i] = 0 + src[(i + 127) & 127] * g;
        else if (first) for (let i = from; i < to; i++) dst[i] = 0 + src[i] * g;
        else if (f.feedback) for (let i = from; i < to; i++) dst[i] += src[(i + 127) & 127] * g;
        else for (let i = from; i < to; i++) dst[i] += src[i] * g;
        first = false;
      }
      if (first) dst.fill(0, from, to);
    }
  }
}

/** Grid nodes' port counts come with the plan (from the catalog), so the DSP needs no catalog. */
export function gridPorts(grid: PlanGrid): { inputs: (n: number) => number; outputs: (n: number) => number } {
  return { inputs: (n) => grid.nodes[n].inputs, outputs: (n) => grid.nodes[n].outputs };
}
