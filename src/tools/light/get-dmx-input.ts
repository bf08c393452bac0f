import * as z from 'zod';
import { DMX_UNIVERSES } from '../../light/dmx/dmx-engine.js';
import { DMX_IN_PROTOCOLS } from '../../light/input/dmx-in-config.js';
import { DMX_IN_REASONS } from '../../light/input/dmx-in-layout.js';
import { defineTool } from '../define-tool.js';

const Count = z.number().int().min(0);

/** One optional counter per reason of a kind, each described. */
function reasons(kind: 'dropped' | 'ignored') {
  return z.strictObject(Object.fromEntries(DMX_IN_REASONS.filter((r) => r.kind === kind).map((r) => [r.name, Count.optional().describe(r.description)])));
}

const Universe = z
  .number()
  .int()
  .min(0)
  .max(DMX_UNIVERSES - 1);

export default defineTool({
  name: 'get_dmx_input',
  title: 'Read the DMX input',
  toolset: 'dmx',
  description:
    'What a lighting desk or media server sends Footlight over Art-Net or sACN: the receivers the operator started ' +
    '(serve --dmx-in artnet|sacn[:PORT][/UNIVERSES], config.json dmxIn; none by default), each with its packet counters and ' +
    'why packets were dropped (bad input) or ignored (valid, but no levels for the show), and every universe that received ' +
    'levels: where from (address, and for sACN the source name and priority), packets, packets per second, milliseconds since ' +
    'the last one, channels, how many are above 0, the highest and the first 12 levels. values: true adds all 512 levels; ' +
    'universes limits the list. The DMX pattern and the DMX Channel and DMX Color modulators read these universes (0–511, the ' +
    'universe number the protocol carries; an Art-Net port-address or an sACN universe) at the start of every frame. ' +
    "`receiving` is true while a universe changed within 2.5 s. /lx/dmx's Art-Net settings are LX's, saved for LX: they open no port here.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    universes: z.array(Universe).max(DMX_UNIVERSES).optional().describe('Only these universes (default: every universe that received levels)'),
    values: z.boolean().optional().describe('Add all 512 levels of each universe listed (default false: the first 12)'),
  }),
  output: z.strictObject({
    enabled: z.boolean().describe('True when the operator started a DMX receiver'),
    receiving: z.boolean().describe('True when a universe received levels within the last 2.5 s'),
    rate: z.number().describe('Packets applied per second, all universes'),
    receivers: z.array(
      z.strictObject({
        protocol: z.enum(DMX_IN_PROTOCOLS),
        host: z.string(),
        port: z.number().int(),
        universes: z.array(z.number().int()).optional().describe('The universes it takes; absent: all'),
        multicast: z.boolean(),
        listening: z.boolean(),
        error: z.string().optional().describe('Why it is not listening'),
        packets: Count.describe('Datagrams received'),
        bytes: Count,
        applied: Count.describe('Packets whose levels reached the show'),
        dropped: reasons('dropped').describe('Bad input, by reason'),
        ignored: reasons('ignored').describe('Valid packets without levels for the show, by reason'),
      }),
    ),
    universes: z.array(
      z.strictObject({
        universe: Universe,
        protocol: z.enum(DMX_IN_PROTOCOLS),
        source: z.string().describe('address:port of the last packet'),
        sourceName: z.string().optional().describe("sACN: the source's name"),
        cid: z.string().optional().describe("sACN: the source's component identifier (hex)"),
        priority: z.number().int().optional().describe('sACN: priority of the last packet (0–200)'),
        packets: Count,
        rate: z.number().describe('Packets per second over the last whole second'),
        ageMs: Count.describe('Milliseconds since the last packet'),
        channels: Count.describe('Channels in the last packet (a shorter packet leaves the others as they were)'),
        nonZero: Count.describe('Channels above 0, of 512'),
        max: Count.describe('Highest level'),
        first: z.array(Count).describe('Levels of channels 0–11'),
        values: z.array(Count).optional().describe('All 512 levels (values: true)'),
      }),
    ),
  }),
  handle: ({ universes, values }, { dmxIn }) => dmxIn.status({ universes, values }),
});
