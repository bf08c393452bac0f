import type { Component } from '../../engine/component.js';
import type { EnumOption } from '../../engine/parameters/enum.js';
import { DIVISIONS, QUANTIZATIONS } from '../tempo/divisions.js';
import type { Tempo } from '../tempo/tempo.js';

/** Ordinal of `Tempo.Division.QUARTER`, the default of every division chooser. */
export const QUARTER = 4;

/** The options of a modulator's division chooser (LX's EnumParameter<Tempo.Division>: ordinal + name). */
export const TEMPO_DIVISION_CHOICES: readonly EnumOption[] = DIVISIONS.map((d) => ({ label: d.label, name: d.name }));

/** The options of a quantization chooser (LX's ObjectParameter<Tempo.Quantization>, saved as an index). */
export const TEMPO_QUANTIZATION_CHOICES: readonly EnumOption[] = QUANTIZATIONS.map((q) => ({ label: q.label }));

/** The tempo clock (`/lx/tempo`) of the light engine above `c`, or undefined while detached. No allocation. */
export function tempoOf(c: Component): Tempo | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { tempo?: Tempo }).tempo;
  }
  return undefined;
}
