import type { DeviceKind } from './device.js';
import { deviceDef } from './device-table.js';
import type { Effect } from './effect.js';
import type { NoteFx } from './note-fx.js';
import type { PlanDevice } from './plan.js';
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

/** What a device of each kind builds. */
interface Built {
  readonly instrument: Instrument;
  readonly audio_effect: Effect;
  readonly note_effect: NoteFx;
}

const KIND_WORDS: Readonly<Record<DeviceKind, string>> = { instrument: 'instrument', audio_effect: 'audio-effect', note_effect: 'note-effect' };

/** The device's DSP from the device table, or null (reported) when the table has no device of that name and kind. */
function build<K extends DeviceKind>(kind: K, d: PlanDevice, ctx: DeviceContext): Built[K] | null {
  const def = deviceDef(d.type);
  const built =
    def?.kind === kind ? def.build(d, { sampleRate: ctx.sampleRate, secondsPerBeat: ctx.secondsPerBeat, effects: (list) => effects(list, ctx) }) : null;
  if (built === null) ctx.skip(d, `the engine has no ${KIND_WORDS[kind]} DSP named ${d.type}`);
  return built as Built[K] | null;
}

function effects(list: readonly PlanDevice[], ctx: DeviceContext): Effect[] {
  const out: Effect[] = [];
  for (const d of list) {
    if (!d.enabled) continue;
    const e = build('audio_effect', d, ctx);
    if (e !== null) out.push(e);
  }
  return out;
}

/** Builds a track's chain. Disabled devices are bypassed; unknown ones are reported and skipped. */
export function buildChain(list: readonly PlanDevice[], ctx: DeviceContext): Stage[] {
  const out: Stage[] = [];
  for (const d of list) {
    if (!d.enabled) continue;
    if (d.kind === 'note_effect') {
      const fx = build('note_effect', d, ctx);
      if (fx !== null) out.push({ kind: 'notes', fx });
    } else if (d.kind === 'instrument') {
      const inst = build('instrument', d, ctx);
      if (inst === null) continue;
      const inner: NoteFx[] = [];
      for (const n of d.slots['Note FX'] ?? []) {
        if (!n.enabled) continue;
        const fx = build('note_effect', n, ctx);
        if (fx !== null) inner.push(fx);
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
      const fx = build('audio_effect', d, ctx);
      if (fx !== null) out.push({ kind: 'audio', fx, quiet: Number.MAX_SAFE_INTEGER });
    }
  }
  return out;
}
