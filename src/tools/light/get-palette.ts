import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { ParameterPayload, SwatchPayload, toParameterPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'get_palette',
  title: 'Read the color palette',
  toolset: 'palette',
  description:
    'Reads the color palette: the live swatch at /lx/palette/swatch (the colors palette-linked patterns and effects use; ' +
    'each color has a mode — Fixed, Oscillate, Cycle — its current value, and the path of its primary color, set through ' +
    '.../primary/hue, .../saturation, .../brightness with set_parameter), the saved swatches (/lx/palette/swatches/N; ' +
    'set_swatch recalls one, undoably), the transition and auto-cycle settings as parameters, and whether a transition ' +
    'runs. Saved swatches are paged (default 50): pass `nextCursor` back as `cursor`.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ ...PageInput }),
  output: z.strictObject({
    path: z.string(),
    swatch: SwatchPayload.describe('The live swatch'),
    swatches: z.array(SwatchPayload).describe('Saved swatches, this page'),
    total: z.number().int().describe('Saved swatches in all pages'),
    settings: z.array(ParameterPayload).describe('Transition and auto-cycle settings, and the color slot names'),
    transitioning: z.boolean(),
    transitionProgress: z.number().describe('0–1 while a transition runs'),
    nextCursor: z.string().optional(),
  }),
  handle: ({ cursor, limit }, { light, engine }) => {
    const palette = light.lx.palette;
    const p = page(palette.swatches.items, { list: 'swatches', cursor, limit: limit ?? 50, revision: engine.graph.structureRevision });
    const settings = [
      palette.transitionEnabled,
      palette.transitionTimeSecs,
      palette.transitionMode,
      palette.autoCycleEnabled,
      palette.autoCycleMode,
      palette.autoCycleTimeSecs,
      palette.triggerSwatchCycle,
      ...palette.labels,
    ];
    const out: {
      path: string;
      swatch: SwatchPayload;
      swatches: SwatchPayload[];
      total: number;
      settings: ParameterPayload[];
      transitioning: boolean;
      transitionProgress: number;
      nextCursor?: string;
    } = {
      path: palette.path,
      swatch: toSwatchPayload(palette.swatch),
      swatches: p.items.map(toSwatchPayload),
      total: p.total,
      settings: settings.map(toParameterPayload),
      transitioning: palette.transitioning,
      transitionProgress: palette.transitionProgress,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
