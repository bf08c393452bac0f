import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { GridPatch, GridProgram, gridPorts } from './grid-patch.js';
import { seedOf } from './math.js';
import { bool, level, pct, semis, time } from './params.js';
import type { PlanGrid, PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/** FX Grid: the patch runs once per side with the track's signal at Audio In; gate held open. */
class FxGrid implements Effect {
  private readonly sides: GridPatch[];
  private readonly ins = [new Float32Array(128), new Float32Array(128)];
  private readonly tailSeconds: number;
  /** Mix and Output move over 10 ms (SmoothedGain). */
  private readonly mix: SmoothedGain;
  private readonly output: SmoothedGain;

  constructor(
    private readonly p: PlanParams,
    sampleRate: number,
    grid: PlanGrid,
    ports: { inputs: (node: number) => number; outputs: (node: number) => number },
    seed: string,
    private readonly slot: readonly Effect[],
  ) {
    this.mix = new SmoothedGain(sampleRate);
    this.output = new SmoothedGain(sampleRate);
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
    let wet = this.p.MIX;
    const ramp = this.mix.block(wet) ? this.mix.ramp : null;
    let g = this.p.OUTPUT;
    const outRamp = this.output.block(g) ? this.output.ramp : null;
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
      if (ramp !== null) wet = ramp[i];
      if (outRamp !== null) g = outRamp[i];
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

export const FX_GRID: DeviceDef = {
  name: 'FX Grid',
  kind: 'audio_effect',
  category: 'Container',
  params: [
    level('OUTPUT', 'Output'),
    pct('MIX', 'Mix', 1),
    semis('PITCH_TRANSPOSE', 'Pitch Transpose', 36),
    pct('SHUFFLE', 'Shuffle', 0),
    bool('AUTO_GATE', 'Auto Gate', false),
    time('AUTO_RELEASE', 'Auto Release', 0.5, 1, 10000),
    bool('FREERUN', 'Freerun', false),
  ],
  grid: 'fx',
  slots: [{ name: 'FX', accepts: ['audio_effect'] }],
  unrendered: {
    SHUFFLE: 'Shuffle (swing of the Grid clock) is not rendered',
    AUTO_GATE: 'Auto Gate is not rendered: the FX Grid gate is always open',
  },
  build: (d, ctx) => (d.grid === null ? null : new FxGrid(d.p, ctx.sampleRate, d.grid, gridPorts(d.grid), d.path, ctx.effects(d.slots.FX ?? []))),
};
