import type { DeviceDef } from './device.js';
import { DrySignal, type Effect, OutputGain } from './effect.js';
import { level, pct } from './params.js';
import type { PlanParams } from './plan.js';

/** FX Chain: its slot's devices in series, then dry/wet mix and output gain. */
class FxChain implements Effect {
  private readonly dry: DrySignal;
  private readonly output: OutputGain;
  constructor(
    private readonly p: PlanParams,
    private readonly chain: readonly Effect[],
    sampleRate: number,
  ) {
    this.dry = new DrySignal(sampleRate);
    this.output = new OutputGain(sampleRate);
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    this.dry.keep(l, r, n, this.p.MIX);
    for (const e of this.chain) e.process(l, r, n);
    this.dry.mix(l, r, n);
    this.output.apply(l, r, n, this.p.OUTPUT);
  }
  reset(): void {
    for (const e of this.chain) e.reset();
  }
  tail(): number {
    return this.chain.reduce((a, e) => a + e.tail(), 0);
  }
}

export const FX_CHAIN: DeviceDef = {
  name: 'FX Chain',
  kind: 'audio_effect',
  category: 'Container',
  params: [pct('MIX', 'Mix', 1), level('OUTPUT', 'Output')],
  slots: [{ name: 'Chain', accepts: ['audio_effect'] }],
  build: (d, ctx) => new FxChain(d.p, ctx.effects(d.slots.Chain ?? []), ctx.sampleRate),
};
