import * as z from 'zod';
import { defineTool } from '../define-tool.js';

/** The fields that name an output destination, in get_output_map's and get_output_stats' destination lists. */
export function destinationFields() {
  return { key: z.string(), protocol: z.string(), transport: z.string(), host: z.string(), port: z.number().int() };
}

const Range = z.strictObject({
  destination: z.string().describe('protocol/transport/host:port'),
  universe: z.number().int().describe('Art-Net/sACN universe, KiNET port, DDP data offset or OPC channel'),
  start: z.number().int().describe("First byte of the fixture in that packet's data (0-based DMX channel for DMX protocols)"),
  end: z.number().int().describe('Exclusive end byte'),
  pixels: z.number().int(),
  syncUniverse: z.number().int().optional().describe('sACN: the E1.31 synchronization address this universe carries (absent: not synchronized)'),
});

const FixtureEntry = z.strictObject({
  path: z.string(),
  label: z.string(),
  enabled: z.boolean().describe("The fixture's output switch (parameter `enabled`; off for a new fixture)"),
  protocol: z.enum(['none', 'artnet', 'sacn', 'opc', 'ddp', 'kinet']),
  transport: z.enum(['udp', 'tcp']),
  host: z.string(),
  port: z.number().int().describe("Port actually used: the protocol's standard port, or `port` for OPC"),
  universe: z.number().int().describe('Declared start: artNetUniverse (Art-Net, sACN), kinetPort, ddpDataOffset or opcChannel'),
  channel: z.number().int().describe('Declared start channel: dmxChannel (Art-Net, sACN, KiNET) or opcOffset (OPC)'),
  byteOrder: z.string(),
  reverse: z.boolean(),
  points: z.number().int(),
  sending: z.boolean().describe('True when the fixture is part of the output plan'),
  idle: z.string().optional().describe('Why the fixture sends nothing'),
  allocation: z.array(Range).describe('Resolved placement: one range per universe (DMX protocols overflow into the next universe)'),
  warnings: z.array(z.string()).optional(),
});

export default defineTool({
  name: 'get_output_map',
  title: 'Map the LED outputs',
  toolset: 'outputs',
  description:
    "Shows where every fixture's pixels go on the wire: the declared output settings of each fixture (protocol, host, port, " +
    'universe or offset, start channel, byte order, reverse, enabled) and the resolved allocation (which universes and ' +
    "channel ranges it occupies after LX's overflow rule: pixels that do not fit continue in the next universe at channel 0), " +
    'the destinations and packets per frame, overflow errors, and collisions (two fixtures writing the same channels of one ' +
    'packet; both are sent, the later fixture wins, so fix the addresses). Output settings are fixture parameters: change them ' +
    'with set_parameter on /lx/structure/fixture/<n>/protocol, host, artNetUniverse, dmxChannel, byteOrder, enabled and the ' +
    'others listed by list_parameters; /lx/output/enabled is the global live switch and /lx/output/brightness and gamma apply to ' +
    'every output; /lx/output/artNetSync and sacnSync (E1.31 universe synchronization, per fixture with its sacnSync) add a sync ' +
    'packet after each frame.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    live: z.boolean().describe('Global output switch, /lx/output/enabled'),
    fixtures: z.array(FixtureEntry),
    destinations: z.array(
      z.strictObject({
        ...destinationFields(),
        packetsPerFrame: z.number().int().describe('Packets of one frame, the sync packet included'),
        sync: z
          .enum(['artsync', 'e131'])
          .optional()
          .describe("The sync packet sent after this destination's universes each frame (/lx/output/artNetSync, sacnSync)"),
        syncUniverse: z.number().int().optional().describe('e131: the synchronization address of the sync packet'),
      }),
    ),
    collisions: z.array(
      z.strictObject({
        destination: z.string(),
        universe: z.number().int(),
        start: z.number().int(),
        end: z.number().int(),
        fixtures: z.array(z.string()).describe('The two fixtures writing bytes start..end-1; the later one wins on the wire'),
      }),
    ),
    errors: z.array(z.strictObject({ fixture: z.string(), message: z.string() })),
    packetsPerFrame: z.number().int(),
    bytesPerFrame: z.number().int(),
  }),
  handle: (_args, { outputs }) => {
    const map = outputs.map();
    const plan = map.plan;
    const perDestination = new Map<number, number>();
    if (plan !== null)
      for (let p = 0; p < plan.packetCount; p++) perDestination.set(plan.packetDestination[p], (perDestination.get(plan.packetDestination[p]) ?? 0) + 1);
    return {
      live: map.live,
      fixtures: map.declared.map((d) => {
        const warnings: string[] = [];
        if (d.protocol === 'sacn' && d.universe === 0) warnings.push('sACN universes run from 1; most receivers ignore universe 0');
        if (/^(255\.255\.255\.255|.*\.255)$/.test(d.host)) warnings.push('host looks like a broadcast address');
        if (/^(22[4-9]|23\d)\./.test(d.host)) warnings.push('host is a multicast address');
        const entry = {
          path: d.path,
          label: d.label,
          enabled: d.enabled,
          protocol: d.protocol,
          transport: d.transport,
          host: d.host,
          port: d.port,
          universe: d.universe,
          channel: d.channel,
          byteOrder: d.byteOrder,
          reverse: d.reverse,
          points: d.points,
          sending: d.source >= 0,
          allocation: d.source >= 0 && plan !== null ? plan.placements[d.source].map((r) => ({ ...r })) : [],
        };
        return {
          ...entry,
          ...(d.idle !== undefined ? { idle: d.idle } : {}),
          ...(warnings.length > 0 ? { warnings } : {}),
        };
      }),
      destinations: (plan?.destinations ?? []).map((d, i) => ({
        key: d.key,
        protocol: d.protocol,
        transport: d.transport,
        host: d.host,
        port: d.port,
        packetsPerFrame: perDestination.get(i) ?? 0,
        ...(d.sync !== undefined ? { sync: d.sync } : {}),
        ...(d.syncUniverse !== undefined ? { syncUniverse: d.syncUniverse } : {}),
      })),
      collisions: (plan?.collisions ?? []).map((c) => ({
        destination: c.destination,
        universe: c.universe,
        start: c.start,
        end: c.end,
        fixtures: [...c.fixtures],
      })),
      errors: (plan?.errors ?? []).map((e) => ({ ...e })),
      packetsPerFrame: plan?.packetCount ?? 0,
      bytesPerFrame: plan?.bankSize ?? 0,
    };
  },
});
