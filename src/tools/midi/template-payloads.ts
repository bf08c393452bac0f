import * as z from 'zod';
import type { MidiTemplateView, TemplateControl } from '../../light/midi/midi-templates.js';

export const MidiTemplatePayload = z.strictObject({
  index: z.number().int().describe('0-based position (remove_midi_template and set_midi_template_target take it)'),
  class: z.string().describe('LX class'),
  label: z.string(),
  input: z.string().nullable().describe('MIDI input it listens to; null: every input'),
  targets: z.record(z.string(), z.string()).describe('Control key → the parameter it drives'),
  problem: z.string().optional().describe('Why it is inactive (kept in the file as saved)'),
});

export function toMidiTemplatePayload(index: number, t: MidiTemplateView): z.infer<typeof MidiTemplatePayload> {
  const out: z.infer<typeof MidiTemplatePayload> = { index, class: t.className, label: t.label, input: t.input, targets: { ...t.targets } };
  if (t.cls === undefined) out.problem = 'not a template class LX 1.2.1 registers';
  return out;
}

/** A control in a few characters: `knob-1-1=cc16`, `Switch-1=note0/ch2` (no channel: any channel). */
export function controlText(c: TemplateControl): string {
  return `${c.key}=${c.type === 'NOTE' ? 'note' : 'cc'}${c.number}${c.channel === null ? '' : `/ch${c.channel + 1}`}`;
}
