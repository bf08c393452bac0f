import type { Polarity } from '../../engine/parameters/units.js';

/** Anything that can drive a modulation: a modulator or a numeric parameter (LX's LXNormalizedParameter). */
export interface NormalizedSource {
  getNormalized(): number;
  readonly polarity: Polarity;
}
