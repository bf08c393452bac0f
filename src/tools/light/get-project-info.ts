import * as z from 'zod';
import { LX_VERSION } from '../../light/lx-component.js';
import { defineTool } from '../define-tool.js';

export default defineTool({
  name: 'get_project_info',
  title: 'Describe the open show',
  toolset: 'discover',
  description:
    'The open light show at a glance: which LX version it is compatible with, the project file (absent for the built-in demo ' +
    'or an unsaved show), how many channels, fixtures and points, and the engine speed and frame rate with their parameter ' +
    'paths. Agents cannot save the show: the operator saves from the console, so nothing you change touches the file.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    lxVersion: z.string(),
    projectPath: z.string().optional(),
    channelCount: z.number().int(),
    fixtureCount: z.number().int(),
    pointCount: z.number().int(),
    engine: z.strictObject({
      speed: z.number(),
      speedPath: z.string(),
      framesPerSecond: z.number(),
      framesPerSecondPath: z.string(),
    }),
  }),
  handle: (_args, { light }) => {
    const lx = light.lx;
    const out = {
      lxVersion: LX_VERSION,
      channelCount: light.mixer.channels.length,
      fixtureCount: light.structure.fixtures.length,
      pointCount: light.structure.model.size,
      engine: {
        speed: lx.speed.getValue(),
        speedPath: lx.speed.path,
        framesPerSecond: lx.framesPerSecond.getValue(),
        framesPerSecondPath: lx.framesPerSecond.path,
      },
    };
    return light.projectPath === undefined ? out : { ...out, projectPath: light.projectPath };
  },
});
