import * as z from 'zod';
import { fixtureCatalog } from '../../light/docs/fixture-catalog.js';
import { defineTool } from '../define-tool.js';
import { FixtureClassPayload, FixtureParameterInfoPayload, JsonFixtureTypePayload, toFixtureParameterInfo } from './payloads.js';

export default defineTool({
  name: 'list_available_fixtures',
  title: 'List the fixture classes and types',
  toolset: 'discover',
  description:
    "Lists what add_fixture can build: LX's stock fixture classes (Arc, Grid, Point, Spiral, Strip) with their default " +
    'tags and their own parameters (keys, defaults, ranges), the parameters every fixture shares (`commonParameters`: ' +
    'position, rotation, scale, tags, deactivate), and — when the show has a media folder — the JSON fixture types found ' +
    'in its Fixtures/ folder (`jsonTypes`: the `type` to pass, label, declared parameters) with any `.lxf` file that could ' +
    'not be read in `errors`. Without a media folder `jsonTypes` is empty and `fixturesFolder` is absent.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  // Reads the media folder from disk: off the engine queue, so frames keep running meanwhile.
  mode: 'direct',
  input: z.strictObject({}),
  output: z.strictObject({
    classes: z.array(FixtureClassPayload),
    commonParameters: z.array(FixtureParameterInfoPayload),
    jsonFixtureClass: z.string().describe('The class JSON fixtures are saved under'),
    fixturesFolder: z.string().optional().describe('The folder scanned for .lxf files, when the show has a media folder'),
    jsonTypes: z.array(JsonFixtureTypePayload),
    errors: z.array(z.strictObject({ type: z.string(), error: z.string() })),
  }),
  handle: (_args, { light }) => {
    const c = fixtureCatalog(light.mediaDir);
    const out = {
      classes: c.classes.map((k) => ({
        class: k.className,
        name: k.name,
        defaultTags: [...k.defaultTags],
        parameters: k.parameters.map(toFixtureParameterInfo),
      })),
      commonParameters: c.commonParameters.map(toFixtureParameterInfo),
      jsonFixtureClass: c.jsonFixtureClass,
      jsonTypes: c.jsonTypes.map((j) => ({ type: j.type, label: j.label, isVisible: j.isVisible, parameters: j.parameters.map(toFixtureParameterInfo) })),
      errors: c.errors.map((e) => ({ ...e })),
    };
    return c.fixturesFolder === undefined ? out : { ...out, fixturesFolder: c.fixturesFolder };
  },
});
