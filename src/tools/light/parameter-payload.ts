// The parameter payload's schema on its own, with zod as its only import: the console's wire
// protocol (and the page) take its type from here without pulling in the engine.
import * as z from 'zod';

/** The one serializer of parameters: get_parameter, set_parameter, list_parameters and the console use it. */
export const ParameterPayload = z.strictObject({
  path: z.string().describe('Canonical path, e.g. /lx/mixer/channel/1/fader'),
  componentId: z.number().int().describe('Id of the owning component (stable across moves)'),
  key: z.string().describe('Key of the parameter within its component'),
  label: z.string(),
  description: z.string().optional(),
  kind: z.enum(['bounded', 'discrete', 'enum', 'boolean', 'trigger', 'color', 'string']),
  value: z.union([z.number(), z.string(), z.boolean()]).describe('Effective value (modulated, when modulation is wired). Colors: 0xAARRGGBB'),
  modulated: z.literal(true).optional().describe('Present when modulation rides on this parameter'),
  modulatable: z.literal(true).optional().describe('Present on knobs wire_modulation can target'),
  baseValue: z.union([z.number(), z.string(), z.boolean()]).optional().describe('The value set by hand, present only while modulated'),
  normalized: z.number().optional().describe('Effective value mapped to 0–1 through the knob curve'),
  baseNormalized: z.number().optional(),
  formatted: z.string().optional().describe('Display string, e.g. "45%"'),
  units: z.string().optional(),
  range: z.strictObject({ min: z.number(), max: z.number() }).optional(),
  exponent: z.number().optional(),
  polarity: z.literal('bipolar').optional(),
  options: z.array(z.string()).optional().describe('Valid option names, in index order (0-based)'),
  option: z.string().optional().describe('Name of the current option'),
  subParameters: z.array(z.string()).optional().describe('Paths to set a color through'),
  oscAddress: z.string(),
});
export type ParameterPayload = z.infer<typeof ParameterPayload>;
