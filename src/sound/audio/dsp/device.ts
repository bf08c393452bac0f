import type { Effect } from './effect.js';
import type { NoteFx } from './note-fx.js';
import type { NativeParamSpec } from './params.js';
import type { PlanDevice, PlanParams } from './plan.js';
import type { Instrument } from './voices.js';

export type DeviceKind = 'instrument' | 'audio_effect' | 'note_effect';

/** A nested device chain of a device (a container's chain, a Grid's FX or Note FX slot). */
export interface SlotSpec {
  readonly name: string;
  /** Device kinds the slot's chain holds. */
  readonly accepts: readonly DeviceKind[];
}

/** What a device's DSP is built with. */
interface BuildContext {
  readonly sampleRate: number;
  readonly secondsPerBeat: number;
  /** A slot's chain of audio effects (disabled ones bypassed, unknown ones reported and skipped). */
  effects(list: readonly PlanDevice[]): Effect[];
}

interface DeviceBase {
  readonly name: string;
  readonly category: string;
  /** Native parameters in their saved order, with defaults and display scales. */
  readonly params: readonly NativeParamSpec[];
  /** Native ids of the exposed controls, in control order (at most 8; default: the first 8 parameters). */
  readonly controls?: readonly string[];
  readonly slots?: readonly SlotSpec[];
  /** Grid devices carry a module graph. */
  readonly grid?: 'poly' | 'fx';
  /** Parameters the engine does not render yet, and why: reported when set away from their default. */
  readonly unrendered?: Readonly<Record<string, string>>;
  /** Adds the plan values the DSP reads that derive from others (a synced note value in beats). */
  derive?(p: PlanParams): void;
}

/**
 * One device: its catalog entry (name, kind, category, parameters, controls, slots) and how its
 * DSP is built from a plan device (null: it cannot be, e.g. a Grid device without a graph). The
 * device table (device-table.ts) lists every one; the catalog is made from it.
 */
export type DeviceDef =
  | (DeviceBase & { readonly kind: 'instrument'; build(d: PlanDevice, ctx: BuildContext): Instrument | null })
  | (DeviceBase & { readonly kind: 'audio_effect'; build(d: PlanDevice, ctx: BuildContext): Effect | null })
  | (DeviceBase & { readonly kind: 'note_effect'; build(d: PlanDevice, ctx: BuildContext): NoteFx | null });
