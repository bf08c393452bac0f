import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import { stageFixtureAt } from '../../light/operations/stage-fixtures.js';
import { stageFixtureDmx } from '../../light/show/stage-dmx.js';
import { defineTool } from '../define-tool.js';
import { target } from '../light/inputs.js';
import { StageFixturePayload } from './payloads.js';

/** render-show's frame rate: the frame at a beat is the one its frames.json holds. */
const FPS = 60;

export default defineTool({
  name: 'get_stage_fixture_dmx',
  title: "Read a stage fixture's DMX",
  toolset: 'stage',
  description:
    "A stage fixture's DMX values at the last rendered frame: one byte per channel of its mode (absolute channel in its " +
    "universe, the profile's channel name, the value), the bytes the output stage sends (Art-Net/sACN). Each attribute with " +
    'the value sent, its parameter (base) value (modulation included), whether the frame drove it and what drove it (the ' +
    "sampled model point, a head's aim), and the profile's range the value falls in; a head's aim and `warnings` (out of reach, " +
    'faster than the head). 16-bit values split coarse then fine. `beat`: the same at the first frame at or after that beat of ' +
    "the song instead, the show played offline from the song's start as check_show plays it (unsaved edits included, runtime " +
    'state not copied; `frame` says which frame, at 60 fps); the live show is untouched; one offline render at a time (busy ' +
    'otherwise). Read-only.',
  mode: 'direct',
  longRunning: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('stage fixture', '/lx/stage/fixture/1'),
    beat: z.number().min(0).optional().describe('A beat of the song (quarter notes from its start): read it there, rendered offline; absent: now'),
  }),
  output: z.strictObject({
    path: z.string(),
    universe: z.number().int(),
    address: z.number().int(),
    frame: z
      .strictObject({ index: z.number().int(), fps: z.number().int(), beat: z.number(), seconds: z.number() })
      .optional()
      .describe("With beat: the frame read, its index in render-show's frames.json, its song position and time from the song's start"),
    dmx: z.array(
      z.strictObject({ channel: z.number().int().describe('DMX channel in the universe, 1-based'), name: z.string().nullable(), value: z.number().int() }),
    ),
    attributes: z.array(
      z.strictObject({
        key: z.string(),
        value: z.number().int().describe('The value sent: the driven value when driven, else the parameter value'),
        base: z.number().int().describe("The attribute parameter's value (modulation included)"),
        drivenBy: z.string().optional().describe('What drove it this frame (e.g. the frame at model point 3); absent: the parameter value goes out'),
        range: z.string().optional().describe("The profile's label of the DMX range the value falls in (read on the coarse byte)"),
      }),
    ),
    aim: StageFixturePayload.shape.aim,
    warnings: StageFixturePayload.shape.warnings,
  }),
  handle: async ({ path, id, beat }, { light, showCheck }) => {
    if (beat === undefined)
      return light.engine.queue.submit(() => stageFixtureDmx(stageFixtureAt(light, { path, id })), { label: 'get_stage_fixture_dmx', read: true });
    if (showCheck === undefined) throw notFound('this server has no song wired to the light, so there is no beat to render');
    const r = await showCheck.fixtureDmx({ path, id }, beat, FPS);
    const warnings = [...(r.dmx.warnings ?? []), ...r.warnings];
    const { warnings: _w, ...dmx } = r.dmx;
    return { ...dmx, frame: r.frame, ...(warnings.length === 0 ? {} : { warnings }) };
  },
});
