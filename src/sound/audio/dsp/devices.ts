import { ChorusPlus, Compressor, DelayPlus, Distortion, EqPlus, FilterPlus, FxChain, Reverb, Tool, type Effect } from './effects.js';
import { Fm4 } from './fm4.js';
import { FxGrid, PolyGrid } from './grid.js';
import { seedOf } from './math.js';
import { Arpeggiator, NoteTranspose, type NoteFx } from './notefx.js';
import { Organ } from './organ.js';
import type { PlanDevice, PlanGrid } from './plan.js';
import { Polysynth } from './polysynth.js';
import { Sampler } from './sampler.js';
import type { Instrument } from './voices.js';

/** One step of a device chain, in chain order: notes flow down through note effects and instruments, audio through effects. */
export type Stage =
  | { readonly kind: 'notes'; readonly fx: NoteFx }
  | {
      readonly kind: 'instrument';
      readonly inst: Instrument;
      readonly noteFx: readonly NoteFx[];
      readonly post: readonly GatedEffect[];
      readonly l: Float32Array;
      readonly r: Float32Array;
      readonly noteThru: boolean;
    }
  | ({ readonly kind: 'audio' } & GatedEffect);

/**
 * An effect that sleeps once its input has been silent for longer than its tail: its output is
 * then silent too, so it need not run (a silent track's reverb costs nothing).
 */
interface GatedEffect {
  readonly fx: Effect;
  /** Samples of silent input so far (an effect that never had input starts asleep). */
  quiet: number;
}

function silent(l: Float32Array, r: Float32Array): boolean {
  for (let i = 0; i < l.length; i++) if (l[i] !== 0 || r[i] !== 0) return false;
  return true;
}

const asleep = (g: GatedEffect, sampleRate: number): boolean => g.quiet > g.fx.tail() * sampleRate;

/** Nothing in the chain can make a sound before new input arrives. */
export function chainAsleep(chain: readonly Stage[], sampleRate: number): boolean {
  for (const s of chain) {
    if (s.kind === 'notes') {
      if (!s.fx.idle) return false;
    } else if (s.kind === 'audio') {
      if (!asleep(s, sampleRate)) return false;
    } else {
      if (s.inst.sounding) return false;
      for (const fx of s.noteFx) if (!fx.idle) return false;
      for (const g of s.post) if (!asleep(g, sampleRate)) return false;
    }
  }
  return true;
}

/** Runs a gated effect over one block in place. */
export function runGated(g: GatedEffect, l: Float32Array, r: Float32Array, n: number, sampleRate: number): void {
  if (silent(l, r)) {
    if (asleep(g, sampleRate)) return;
    g.quiet += n;
  } else g.quiet = 0;
  g.fx.process(l, r, n);
}

interface DeviceContext {
  readonly sampleRate: number;
  readonly secondsPerBeat: number;
  /** Called for a device the engine cannot build, with the reason. */
  skip(device: PlanDevice, reason: string): void;
}

/** Grid nodes' port counts come with the plan (from the catalog), so the DSP needs no catalog. */
function gridPorts(grid: PlanGrid): { inputs: (n: number) => number; outputs: (n: number) => number } {
  return { inputs: (n) => grid.nodes[n].inputs, outputs: (n) => grid.nodes[n].outputs };
}

function effect(d: PlanDevice, ctx: DeviceContext): Effect | null {
  const sr = ctx.sampleRate;
  switch (d.type) {
    case 'EQ+':
      return new EqPlus(d.p, sr);
    case 'Compressor':
      return new Compressor(d.p, sr);
    case 'Delay+':
      return new DelayPlus(d.p, sr, ctx.secondsPerBeat);
    case 'Reverb':
      return new Reverb(d.p, sr);
    case 'Chorus+':
      return new ChorusPlus(d.p, sr);
    case 'Distortion':
      return new Distortion(d.p, sr);
    case 'Filter+':
      return new FilterPlus(d.p, sr);
    case 'Tool':
      return new Tool(d.p);
    case 'FX Chain':
      return new FxChain(d.p, effects(d.slots.Chain ?? [], ctx));
    case 'FX Grid':
      return d.grid === null ? null : new FxGrid(d.p, sr, d.grid, gridPorts(d.grid), d.path, effects(d.slots.FX ?? [], ctx));
    default:
      return null;
  }
}

function effects(list: readonly PlanDevice[], ctx: DeviceContext): Effect[] {
  const out: Effect[] = [];
  for (const d of list) {
    if (!d.enabled) continue;
    const e = effect(d, ctx);
    if (e === null) ctx.skip(d, `the engine has no audio-effect DSP named ${d.type}`);
    else out.push(e);
  }
  return out;
}

function noteFx(d: PlanDevice, ctx: DeviceContext): NoteFx | null {
  switch (d.type) {
    case 'Arpeggiator':
      return new Arpeggiator(d.p, ctx.sampleRate, ctx.secondsPerBeat, seedOf(d.path));
    case 'Note Transpose':
      return new NoteTranspose(d.p);
    default:
      return null;
  }
}

function instrument(d: PlanDevice, ctx: DeviceContext): Instrument | null {
  const sr = ctx.sampleRate;
  switch (d.type) {
    case 'Polysynth':
      return new Polysynth(d.p, sr, d.polyphony);
    case 'FM-4':
      return new Fm4(d.p, sr, d.polyphony);
    case 'Organ':
      return new Organ(d.p, sr, d.polyphony);
    case 'Sampler':
      return new Sampler(d.p, sr, d.polyphony);
    case 'Poly Grid':
      return d.grid === null ? null : new PolyGrid(d.p, sr, d.polyphony, d.grid, gridPorts(d.grid), d.path);
    default:
      return null;
  }
}

/** Builds a track's chain. Disabled devices are bypassed; unknown ones are reported and skipped. */
export function buildChain(list: readonly PlanDevice[], ctx: DeviceContext): Stage[] {
  const out: Stage[] = [];
  for (const d of list) {
    if (!d.enabled) continue;
    if (d.kind === 'note_effect') {
      const fx = noteFx(d, ctx);
      if (fx === null) ctx.skip(d, `the engine has no note-effect DSP named ${d.type}`);
      else out.push({ kind: 'notes', fx });
    } else if (d.kind === 'instrument') {
      const inst = instrument(d, ctx);
      if (inst === null) {
        ctx.skip(d, `the engine has no instrument DSP named ${d.type}`);
        continue;
      }
      const inner: NoteFx[] = [];
      for (const n of d.slots['Note FX'] ?? []) {
        if (!n.enabled) continue;
        const fx = noteFx(n, ctx);
        if (fx === null) ctx.skip(n, `the engine has no note-effect DSP named ${n.type}`);
        else inner.push(fx);
      }
      out.push({
        kind: 'instrument',
        inst,
        noteFx: inner,
        post: effects(d.slots.FX ?? [], ctx).map((fx) => ({ fx, quiet: Number.MAX_SAFE_INTEGER })),
        l: new Float32Array(128),
        r: new Float32Array(128),
        noteThru: (d.p.NOTE_THRU ?? 0) > 0.5,
      });
    } else {
      const fx = effect(d, ctx);
      if (fx === null) ctx.skip(d, `the engine has no audio-effect DSP named ${d.type}`);
      else out.push({ kind: 'audio', fx, quiet: Number.MAX_SAFE_INTEGER });
    }
  }
  return out;
}
