import type { Parameter } from '../engine/parameters/parameter.js';
import { modulationOscAddress } from './modulation/osc.js';

/**
 * The OSC address of a parameter. For most components it is the canonical path; LX routes
 * modulators by their sanitized label instead (`/lx/modulation/LFO/periodFast`, see
 * modulation/osc.ts).
 */
export function oscAddressOf(p: Parameter): string {
  return modulationOscAddress(p) ?? p.path;
}

/** LX's OSC label: trimmed, with whitespace runs and `# * , / \ ? [ ] { }` replaced by `-`. */
export function oscLabel(label: string): string {
  return label.trim().replace(/[\s#*,/\\?[\]{}]+/g, '-');
}
