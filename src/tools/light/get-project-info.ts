import * as z from 'zod';
import { LX_VERSION } from '../../light/component/lx-component.js';
import { defineTool } from '../define-tool.js';

export default defineTool({
  name: 'get_project_info',
  title: 'Describe the open show',
  toolset: 'discover',
  description:
    'The open light show at a glance: which LX version it is compatible with, the project file (absent for the built-in demo ' +
    'or an unsaved show), how many channels, fixtures and points, and the engine speed and frame rate with their parameter ' +
    'paths, the LED output master controls (live switch, brightness, gamma) with their paths, and where OSC listens and sends ' +
    "(every parameter payload's oscAddress works there). Agents cannot save the show: the operator saves from the console, so nothing you change touches the " +
    'file.',
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
    output: z.strictObject({
      live: z.boolean().describe('Whether frames are sent to the LED controllers at all'),
      livePath: z.string(),
      brightness: z.number(),
      brightnessPath: z.string(),
      gamma: z.number(),
      gammaPath: z.string(),
    }),
    osc: z.strictObject({
      receiveActive: z.boolean().describe('False when the OSC port could not be bound at start'),
      receiveHost: z.string().optional(),
      receivePort: z.number().int().optional(),
      transmit: z.array(z.strictObject({ host: z.string(), port: z.number().int() })).describe('Where every change is sent as OSC'),
    }),
  }),
  handle: (_args, { light, server }) => {
    const lx = light.lx;
    const output = lx.output;
    const receive = server.endpoints.osc;
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
      output: {
        live: output.enabled.isOn(),
        livePath: output.enabled.path,
        brightness: output.brightness.getValue(),
        brightnessPath: output.brightness.path,
        gamma: output.gamma.getValue(),
        gammaPath: output.gamma.path,
      },
      osc: {
        receiveActive: receive !== undefined,
        ...(receive !== undefined ? { receiveHost: receive.host, receivePort: receive.port } : {}),
        transmit: server.oscDestinations().map((d) => ({ host: d.host, port: d.port })),
      },
    };
    return light.projectPath === undefined ? out : { ...out, projectPath: light.projectPath };
  },
});
