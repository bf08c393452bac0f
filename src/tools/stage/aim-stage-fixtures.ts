import * as z from 'zod';
import { aimStageFixtures } from '../../light/operations/stage-aim.js';
import { AIM_EXTENT, MAX_AIM_DELAY } from '../../light/show/stage-aim.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from '../light/inputs.js';

const Point = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

export default defineTool({
  name: 'aim_stage_fixtures',
  title: 'Aim moving heads',
  toolset: 'stage',
  description:
    'Aims stage fixtures with pan and tilt (moving heads) from the show, as one undo step: every frame each head solves pan/tilt ' +
    'from its placement and its profile travel, takes the shortest move and sends the DMX. `aim`: point (one `point`, or a ' +
    "`line` the heads spread along in order), fixture (an LX fixture's centre or a stage fixture's position, followed as it " +
    `moves), brightest (the brightness-weighted centre of the brightest \`top\` % of the points, default 10), or off (the pan ` +
    "and tilt parameters rule again). `fan`: degrees between the first and last beam, about the model's up through each head. " +
    '`stagger`: each head follows the target `beats` later than the one before it (order forward, reverse, center-out, ' +
    "edges-in). The call sets the whole aim: a fan or stagger left out is 0. The settings are the heads' parameters aim, " +
    'aimX/Y/Z (modulate them for a moving target), aimFixture, aimTop, aimFan, aimDelay. Out-of-reach targets and moves ' +
    'faster than the head follows (aimPanSpeed/aimTiltSpeed) come back in `warnings`. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    fixtures: z.array(PathOrId).min(1).max(512).describe('Stage fixtures (paths or ids), in the order fan, line and stagger count'),
    aim: z.enum(['point', 'fixture', 'brightest', 'off']),
    point: Point.optional().describe(`aim point: the target, model units (within ±${AIM_EXTENT})`),
    line: z.strictObject({ from: Point, to: Point }).optional().describe('aim point, instead of point: targets evenly from `from` to `to`'),
    fixture: PathOrId.optional().describe('aim fixture: an LX fixture (/lx/structure/fixture/N), a stage fixture or a named point (/lx/stage/point/N)'),
    top: z.number().optional().describe('aim brightest: percent of the points, 0.1–100 (default 10)'),
    fan: z.number().optional().describe("Degrees between the first and last head's beams, −360…360 (default 0)"),
    stagger: z
      .strictObject({
        beats: z.number().describe(`Beats between one head and the next (the last at most ${MAX_AIM_DELAY} beats late)`),
        order: z.enum(['forward', 'reverse', 'center-out', 'edges-in']).optional(),
      })
      .optional(),
  }),
  output: z.strictObject({
    changed: z.boolean().describe('False when the heads were aimed so already (no undo step)'),
    heads: z.array(
      z.strictObject({
        path: z.string(),
        label: z.string(),
        target: Point.optional().describe('The point it aims at now, fan applied'),
        fan: z.number(),
        delayBeats: z.number(),
        pan: z.number().optional().describe('Degrees from the DMX centre, after DMX quantisation'),
        tilt: z.number().optional(),
        reachable: z.boolean().optional(),
        travelSeconds: z.number().optional().describe('The move from where it aims now, at its axis speeds'),
      }),
    ),
    warnings: z.array(z.string()),
  }),
  handle: ({ fixtures, fixture, ...rest }, { light, origin }) =>
    aimStageFixtures(light, { ...rest, fixtures: fixtures.map(asTarget), ...(fixture === undefined ? {} : { fixture: asTarget(fixture) }) }, origin),
});
