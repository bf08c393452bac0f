import * as z from 'zod';
import { previewCue } from '../../light/cue-preview.js';
import { summarize } from '../../light/frame-view.js';
import { defineTool } from '../define-tool.js';
import { FRAME_SUMMARY_FIELDS } from '../light/payloads.js';
import { listInput } from './payloads.js';

export default defineTool({
  name: 'preview_cue',
  title: 'Look at a cue blind',
  toolset: 'cues',
  description:
    'Renders what a cue looks like without changing the live show, its outputs or the history: a copy of the show takes the ' +
    "cue's look (what goto with immediate would set now: the cue, tracked in a tracking list, on the list's base) and renders " +
    'a frame, summarized as get_frame does (lit fraction, mean brightness, dominant colors, an N×N grid from the front). Costs a ' +
    'copy of the project (like saving it). Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    cue: z.number().describe('The cue number'),
    grid: z.number().int().min(1).max(16).default(4).describe('Summary grid size N (1–16)'),
    litThreshold: z.number().int().min(0).max(255).default(26).describe('Brightest channel value that counts as lit'),
  }),
  output: z.strictObject({
    list: z.string(),
    cue: z.number(),
    ...FRAME_SUMMARY_FIELDS,
  }),
  handle: ({ list, cue, grid, litThreshold }, { light }) => {
    const frame = previewCue(light, list, cue);
    return { list, cue, ...summarize(frame, { view: 'front' }, grid, litThreshold) };
  },
});
