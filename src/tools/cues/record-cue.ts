import * as z from 'zod';
import { CUE_SCOPES } from '../../light/show/cues/cue-data.js';
import { defineTool } from '../define-tool.js';
import { CuePayload, listInput, timeInputs, toCuePayload } from './payloads.js';

export default defineTool({
  name: 'record_cue',
  title: 'Record a cue',
  toolset: 'cues',
  description:
    "Records a cue from the live look (what add_snapshot captures: channels' on/off and faders, active or enabled patterns and " +
    "their parameters, enabled effects', the master fader, global modulators', stage fixtures' attributes: scope STAGE), " +
    'limited to `scopes`. In a tracking list it keeps ' +
    'only what differs from the look the cues before it give (`changesOnly`, default on in tracking lists, off in cue-only). ' +
    "`values` [{path, value}] set parameters in the cue over that (a channel's fader or enabled included); with `blind: true` " +
    'the cue holds `values` only and the live look is not read. `number` (above 0, up to three decimals: 2.5 goes between 2 and ' +
    '3) defaults to the next whole number after the last; a number the list has is refused. Times in ms (0–600000, default 0: ' +
    "a cut); `followMs` (0–3600000) makes the next cue go by itself that long after this one's Go. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    number: z.number().optional().describe('Cue number, e.g. 3 or 2.5 (default: after the last)'),
    label: z.string().optional().describe('Default "Cue N"'),
    ...timeInputs,
    followMs: z.number().optional().describe("Go the next cue by itself this long after this cue's Go, ms"),
    scopes: z.array(z.enum(CUE_SCOPES)).optional().describe('Which parts of the live look to take (default all)'),
    changesOnly: z.boolean().optional().describe('Keep only what differs from the cues before (default: on in a tracking list)'),
    values: z
      .array(z.strictObject({ path: z.string(), value: z.union([z.number(), z.boolean(), z.string()]) }))
      .optional()
      .describe('Parameter values the cue sets, e.g. [{"path": "/lx/mixer/channel/1/fader", "value": 0.5}]'),
    blind: z.boolean().optional().describe('Take nothing from the live look: the cue holds `values` only'),
  }),
  output: z.strictObject({ list: z.string(), cue: CuePayload }),
  handle: ({ list, ...options }, { light, origin }) => ({ list, cue: toCuePayload(light.cues.recordCue(origin, list, options)) }),
});
