import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { destinationFields } from './get-output-map.js';

export default defineTool({
  name: 'get_output_stats',
  title: 'Read LED output counters',
  toolset: 'outputs',
  description:
    'Counters of the LED outputs since the process started: frames handed to the network thread, frames dropped because it ' +
    'was still busy, frames held back by /lx/output/fps, and per destination (protocol/transport/host:port) the packets and ' +
    'bytes sent, the send calls that carried them, send errors with the last error message, packets skipped (connecting, ' +
    'backing off after 3 consecutive failed frames, or a TCP receiver still busy) and whether its socket is connected. A UDP ' +
    'destination with nothing listening ' +
    "shows ECONNREFUSED errors. To change what is sent, use set_parameter on the fixtures' output parameters (see " +
    'get_output_map).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    live: z.boolean(),
    framesSent: z.number().int(),
    framesDropped: z.number().int(),
    framesLimited: z.number().int(),
    packetsPerFrame: z.number().int(),
    bytesPerFrame: z.number().int(),
    destinations: z.array(
      z.strictObject({
        ...destinationFields(),
        active: z.boolean().describe('True while a fixture in the current plan sends here'),
        packets: z.number().int(),
        sends: z
          .number()
          .int()
          .describe('Send calls (syscalls) that carried them: fewer than packets where runs of equal-size UDP packets leave as one segmented send'),
        bytes: z.number().int(),
        errors: z.number().int(),
        skipped: z.number().int(),
        connected: z.boolean(),
        backoffMs: z.number().int().optional().describe('Present while the destination is skipped after repeated failures'),
        lastError: z.string().optional(),
        lastErrorAt: z.string().optional(),
      }),
    ),
  }),
  handle: (_args, { outputs }) => {
    const s = outputs.stats();
    return { ...s, destinations: s.destinations.map((d) => ({ ...d })) };
  },
});
