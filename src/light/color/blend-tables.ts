import type { EnumOption } from '../../engine/parameters/enum.js';
import { CHANNEL_BLENDS, CROSSFADER_BLENDS, TRANSITION_BLENDS, createBlend, type BlendMode, type BlendName } from './blend-modes.js';

/** LX's channel and pattern-composite blends, in registry order (the order is the file format). */
export const CHANNEL_BLEND_CHOICES: readonly EnumOption[] = CHANNEL_BLENDS.map((label) => ({ label }));

/** Transition blends, in registry order. */
export const TRANSITION_BLEND_CHOICES: readonly EnumOption[] = TRANSITION_BLENDS.map((label) => ({ label }));

/** Crossfader blends, in registry order. */
export const CROSSFADER_BLEND_CHOICES: readonly EnumOption[] = CROSSFADER_BLENDS.map((label) => ({ label }));

/** One instance of each blend of a list, indexed like the chooser's options (LX gives every owner its own). */
export function blendSet(names: readonly BlendName[]): readonly BlendMode[] {
  return names.map(createBlend);
}
