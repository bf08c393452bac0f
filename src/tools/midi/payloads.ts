import * as z from 'zod';
import type { LXMidiEngine, MidiInputSettings } from '../../light/midi/midi-engine.js';
import { SURFACE_DRIVERS } from '../../light/midi/midi-surfaces.js';
import { RELATIVE_ENCODINGS, type MidiMapping } from '../../light/midi/midi-mapping.js';

export const MidiMappingPayload = z.strictObject({
  index: z.number().int().describe('0-based position in the list (remove_midi_mapping takes it)'),
  type: z.enum(['note', 'cc']).optional(),
  channel: z.number().int().optional().describe('MIDI channel 1–16'),
  number: z.number().int().optional().describe('Note or controller number 0–127'),
  path: z.string().optional().describe('The mapped parameter'),
  mode: z.enum(['toggle', 'momentary', 'on', 'off']).optional().describe('Notes on switches and knobs: what note on/off do'),
  range: z.array(z.number()).optional().describe('CC: the parameter values the control spans [min, max]; a note on a knob: [off, on]'),
  relative: z.enum(RELATIVE_ENCODINGS).optional().describe('A CC from an endless encoder: how it sends its turns'),
  problem: z.string().optional().describe('Why this saved mapping is inactive (kept in the file as it was)'),
});
export type MidiMappingPayload = z.infer<typeof MidiMappingPayload>;

export function toMidiMappingPayload(index: number, m: MidiMapping | string): MidiMappingPayload {
  if (typeof m === 'string') return { index, problem: m };
  const out: MidiMappingPayload = { index, type: m.type === 'NOTE' ? 'note' : 'cc', channel: m.channel + 1, number: m.number, path: m.path };
  if (m.type === 'NOTE') out.mode = m.mode.toLowerCase() as MidiMappingPayload['mode'];
  const lo = m.type === 'NOTE' ? m.offValue : (m.minValue ?? m.minDiscrete);
  const hi = m.type === 'NOTE' ? m.onValue : (m.maxValue ?? m.maxDiscrete);
  if (lo !== undefined && hi !== undefined) out.range = [lo, hi];
  if (m.relative !== undefined) out.relative = m.relative;
  return out;
}

export const MidiInputPayload = z.strictObject({
  name: z.string().describe('Device name'),
  channel: z.boolean().describe('Notes and CCs reach channels and modulators'),
  control: z.boolean().describe('Messages drive the MIDI mappings'),
  sync: z.boolean().describe('MIDI clock drives the tempo'),
});

export function toMidiInputPayload(i: MidiInputSettings): z.infer<typeof MidiInputPayload> {
  return { name: i.name, channel: i.channel, control: i.control, sync: i.sync };
}

export const MidiSurfacePayload = z.strictObject({
  driver: z.string().describe('Driver id, or the LX class when Footlight has no driver for it'),
  className: z.string(),
  deviceName: z.string(),
  enabled: z.boolean(),
  lastSeen: z.string().optional().describe('When the enabled surface last got a message from its device (ISO 8601)'),
});
export type MidiSurfacePayload = z.infer<typeof MidiSurfacePayload>;

export function toMidiSurfacePayloads(midi: LXMidiEngine): MidiSurfacePayload[] {
  return midi.surfaces.map((s) => {
    const seen = midi.surfaceSeen.get(s.deviceName);
    const driver = SURFACE_DRIVERS.find((d) => d.className === s.className)?.id ?? s.className;
    return { driver, className: s.className, deviceName: s.deviceName, enabled: s.enabled, ...(seen === undefined ? {} : { lastSeen: seen }) };
  });
}
