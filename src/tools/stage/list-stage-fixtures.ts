import * as z from 'zod';
import { overlapWith } from '../../light/stage/patch.js';
import { defineTool } from '../define-tool.js';
import { StageFixturePayload, StagePointPayload, pixelOccupants, toStageFixturePayload, toStagePointPayload } from './payloads.js';

export default defineTool({
  name: 'list_stage_fixtures',
  title: 'List the stage fixtures',
  toolset: 'stage',
  description:
    'The patch sheet: every stage (DMX) fixture of the show with its profile, mode, universe, start address and the channels ' +
    "it takes, and placement; with `detail: true` each attribute's parameter path and value. `overlaps` lists fixtures whose " +
    'channels an earlier stage fixture (a project saved so) or a pixel output (patched or enabled after them) also writes; `points`, ' +
    'the named points heads can aim at (add_stage_point). Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ detail: z.boolean().optional().describe("Each fixture's attributes too (default false)") }),
  output: z.strictObject({
    fixtures: z.array(StageFixturePayload),
    points: z.array(StagePointPayload).describe('Named points of the stage, by path'),
    overlaps: z.array(
      z.strictObject({ fixture: z.string(), with: z.string(), universe: z.number().int(), channels: z.tuple([z.number().int(), z.number().int()]) }),
    ),
  }),
  handle: ({ detail }, { light, outputs }) => {
    const items = light.lx.stage.fixtures.items;
    const pixels = pixelOccupants(outputs);
    const overlaps = items.flatMap((f, i) => {
      const o = f.occupant;
      const earlier = items.slice(0, i).map((e) => e.occupant);
      const others = [...earlier, ...pixels].filter((x) => x.protocol === undefined || x.protocol === o.protocol);
      const clash = overlapWith(o.universe, o.first, o.last, others);
      return clash === undefined ? [] : [{ fixture: f.path, with: clash.occupant.owner, universe: o.universe, channels: clash.channels }];
    });
    return {
      fixtures: items.map((f) => toStageFixturePayload(f, detail === true)),
      points: light.lx.stage.points.items.map(toStagePointPayload),
      overlaps,
    };
  },
});
