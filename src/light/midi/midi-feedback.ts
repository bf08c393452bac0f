// Feedback to a controller: the message that shows a mapped parameter's value on the control the
// mapping listens to (an LED, a ring, a motor fader), the inverse of what midi-apply.ts does with
// the control's messages. Pure: the caller decides when to send (only changes, at most once a frame).

import { knobCcValue, type MappedParameter } from './midi-apply.js';
import type { MidiMapping } from './midi-mapping.js';

/** Note on velocity for a lit LED (LX's convention; velocity 0 is off). */
const LIT = 127;

function ccValue(m: MidiMapping, p: MappedParameter): number {
  if (p.kind === 'boolean') {
    // A value inside the window that means on, or outside it for off.
    const lo = Math.ceil((m.minValue ?? 0.5) * 127);
    const hi = Math.floor((m.maxValue ?? 1) * 127);
    if (p.value === true) return lo <= hi ? (hi >= 127 ? 127 : hi) : 127;
    if (lo > 0) return 0;
    return hi < 127 ? 127 : 0;
  }
  if (p.kind === 'discrete') {
    let lo = m.minDiscrete ?? p.min;
    let hi = m.maxDiscrete ?? p.max;
    const inverted = lo > hi;
    if (inverted) [lo, hi] = [hi, lo];
    const v = Math.min(hi, Math.max(lo, p.value as number));
    // The middle of the option's share of the control's travel.
    const n = (v - lo + 0.5) / (hi - lo + 1);
    return Math.round((inverted ? 1 - n : n) * 127);
  }
  const v = knobCcValue(m, p);
  if (v !== undefined) return v;
  const lo = m.minValue === undefined ? 0 : p.normalize(m.minValue);
  const hi = m.maxValue === undefined ? 1 : p.normalize(m.maxValue);
  // Beyond the range: the end the value is past.
  return (p.normalized - lo) / (hi - lo) > 1 ? 127 : 0;
}

/** Whether a note mapping's LED is lit for `p`'s value, or undefined when the mapping has no state to show (a note stepping a choice). */
function noteLit(m: MidiMapping, p: MappedParameter): boolean | undefined {
  if (p.kind === 'boolean') return p.value === true;
  if (p.kind === 'discrete') return m.discreteMode === 'FIXED' ? p.value === Math.min(p.max, Math.max(p.min, m.fixedValue ?? p.min)) : undefined;
  const on = p.normalize(m.onValue ?? p.denormalize(1));
  const off = p.normalize(m.offValue ?? p.denormalize(0));
  // Lit when the knob is nearer its on value than its off value.
  return Math.abs(p.normalized - on) < Math.abs(p.normalized - off);
}

/**
 * The message that shows `p`'s base value on mapping `m`'s control: a note on with velocity 127
 * (lit) or 0 (dark) for a note mapping, the CC value the mapping would write the value with for a
 * CC mapping. Undefined when there is nothing to show (a note that steps a choice up, down or at random).
 */
export function feedbackMessage(m: MidiMapping, p: MappedParameter): [number, number, number] | undefined {
  if (m.type === 'CONTROL_CHANGE') return [0xb0 | m.channel, m.number, ccValue(m, p)];
  const lit = noteLit(m, p);
  return lit === undefined ? undefined : [0x90 | m.channel, m.number, lit ? LIT : 0];
}
