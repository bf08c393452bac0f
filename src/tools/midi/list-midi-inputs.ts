import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { MidiInputPayload, toMidiInputPayload } from './payloads.js';

export default defineTool({
  name: 'list_midi_inputs',
  title: 'List the MIDI inputs',
  toolset: 'midi',
  description:
    "Lists the saved MIDI inputs by device name with LX's flags: channel (notes reach channels and modulators), control (messages " +
    'drive the mappings), sync (MIDI clock drives the tempo); and the remembered control surfaces (LX class, device name, enabled). ' +
    "These are settings: the devices that send are the console page's Web MIDI inputs and the system ports serve --midi-ports opened " +
    '(docs/midi.md). `devices` lists those heard since the show opened, with their message count, the time of the last and their ' +
    'source; `systemPorts` the ports opened, or why none.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    inputs: z.array(MidiInputPayload),
    surfaces: z.array(z.strictObject({ className: z.string(), deviceName: z.string(), enabled: z.boolean() })),
    devices: z.array(
      z.strictObject({
        name: z.string(),
        messages: z.number(),
        lastHeard: z.string().describe('ISO 8601'),
        source: z.enum(['console', 'system']).describe("system: a port serve opened; console: a page's Web MIDI"),
      }),
    ),
    systemPorts: z
      .strictObject({
        on: z.boolean(),
        reason: z.string().optional().describe('Why none is open (the optional package, no MIDI system), or the names that matched nothing'),
        ports: z.array(
          z.strictObject({
            name: z.string().describe('The device name mappings and surfaces use'),
            input: z.boolean(),
            output: z.boolean().describe('An output of the same name gets feedback and surface LEDs'),
            received: z.number().int(),
            dropped: z.number().int().describe('Dropped before the show read them: not one message (SysEx other than MTC), or past 1000 a second'),
            sent: z.number().int(),
            sendErrors: z.number().int(),
            sync: z.array(z.enum(['mtc', 'clock'])).describe("The song's timecode or clock its output gets (serve --midi-sync-out)"),
          }),
        ),
      })
      .describe('The system MIDI ports serve --midi-ports opened at start (a device plugged in later needs a restart)'),
  }),
  handle: (_args, { light, server }) => {
    const ports = server.midiPorts();
    const system = new Set(ports.ports.filter((p) => p.input).map((p) => p.name));
    return {
      inputs: light.lx.midi.inputs.map(toMidiInputPayload),
      surfaces: light.lx.midi.surfaces.map((s) => ({ ...s })),
      systemPorts: {
        on: ports.on,
        ...(ports.requested ? (ports.reason === undefined ? {} : { reason: ports.reason }) : { reason: 'serve --midi-ports was not given' }),
        ports: ports.ports.map((p) => ({ ...p, sync: [...p.sync] })),
      },
      devices: [...light.lx.midi.heard].map(([name, d]) => ({
        name,
        messages: d.messages,
        lastHeard: d.last,
        source: system.has(name) ? ('system' as const) : ('console' as const),
      })),
    };
  },
});
