import * as z from 'zod';
import { defineTool } from '../define-tool.js';

/** The fields that name an output destination, in get_output_map's and get_output_stats' destination lists. */
export function destinationFields() {
  return { key: z.string(), protocol: z.string(), transport: z.string(), host: z.string(), port: z.number().int() };
}

const Allocation = z.strictObject({
  universe: z.number().int().describe('Art-Net/sACN universe, KiNET port, DDP data offset or OPC channel'),
  start: z.number().int().describe("First byte in that packet's data (0-based DMX channel for DMX protocols)"),
  end: z.number().int().describe('Exclusive end byte'),
  pixels: z.number().int(),
  syncUniverse: z.number().int().optional().describe('sACN: the E1.31 synchronization address this universe carries (absent: not synchronized)'),
});

const Segment = z.strictObject({
  points: z.tuple([z.number().int(), z.number().int()]).optional().describe('Model indices of the first and last point sent (reversed: first > last)'),
  step: z.number().int().optional().describe('Step between consecutive points when not 1 (negative when reversed)'),
  pixels: z.number().int().describe('Pixels sent, repeats and padding included'),
  byteOrder: z.string(),
  component: z.string().optional().describe('The .lxf component it names (componentId, or components[i] for componentIndex)'),
  tags: z.array(z.string()).optional().describe('Tags of the smallest part of the model holding its points (a strip, a row, a sub-fixture)'),
  repeat: z.number().int().optional(),
  padPre: z.number().int().optional(),
  padPost: z.number().int().optional(),
  outputStride: z.number().int().optional().describe('Bytes from one pixel to the next, when more than the byte order'),
  headerBytes: z.number().int().optional(),
  footerBytes: z.number().int().optional(),
  allocation: z.array(Allocation).describe('Where its header, pixels and footer land, one range per universe'),
});

const Output = z.strictObject({
  protocol: z.enum(['none', 'artnet', 'sacn', 'opc', 'ddp', 'kinet', 'artsync']),
  transport: z.enum(['udp', 'tcp']),
  host: z.string(),
  port: z.number().int().describe("Port used: the protocol's standard one unless the output (or OPC's port parameter) names its own"),
  universe: z.number().int().describe('Start universe (Art-Net, sACN), DDP data offset, KiNET port or OPC channel'),
  channel: z.number().int().describe('Start channel, 0-based (Art-Net, sACN, KiNET), or OPC byte offset'),
  priority: z.number().int().optional().describe('sACN priority'),
  sequence: z.boolean().optional().describe('Art-Net sequence numbers on'),
  kinetVersion: z.string().optional(),
  fps: z.number().optional().describe('Most packets per second'),
  subFixture: z.string().optional().describe('The nested .lxf sub-fixture(s) whose file declares the output'),
  brightness: z.number().optional().describe('Component brightness of that sub-fixture, applied to its outputs'),
  declared: z.string().optional().describe('Where the .lxf file declares it: file:line key'),
  sending: z.boolean(),
  destination: z.string().optional().describe('protocol/transport/host:port it sends to'),
  segments: z.array(Segment),
});

const Fixture = z.strictObject({
  path: z.string(),
  label: z.string(),
  type: z.string().describe('Stock class (Grid, Strip…) or the .lxf type'),
  tags: z.array(z.string()),
  enabled: z.boolean().describe("The fixture's output switch (parameter `enabled`; off for a new fixture)"),
  points: z.number().int(),
  sending: z.boolean(),
  idle: z.string().optional().describe('Why the fixture sends nothing'),
  outputs: z.array(Output),
});

const Problem = z.strictObject({
  kind: z
    .enum(['file', 'overflow', 'collision', 'address'])
    .describe('file: a bad key in a fixture file; overflow: pixels past the last universe or buffer; collision: two outputs on the same bytes'),
  fixture: z.string(),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  key: z.string().optional().describe('Key path in the file, e.g. outputs[1].segments[0].num'),
  destination: z.string().optional(),
  universe: z.number().int().optional(),
  channels: z.tuple([z.number().int(), z.number().int()]).optional().describe('First and last byte written twice'),
  with: z.string().optional().describe('The other fixture of a collision'),
});

export default defineTool({
  name: 'get_output_map',
  title: 'Map the LED outputs',
  toolset: 'outputs',
  description:
    'Shows which controller lights which points: for every fixture, each output it declares (a stock fixture has one, from its ' +
    'protocol parameters; a JSON fixture has those its .lxf files declare, with the file and line) with protocol, host, port, ' +
    'start universe and channel, and each segment with the model points it sends (first and last index, step), the component ' +
    'and tags it covers, and where it lands (universe, byte range, pixels; DMX overflows into the next universe, a pixel never ' +
    'split). Then the destinations with packets per frame, and the problems: bad keys in fixture files (file, line, key), ' +
    'overflows past the last universe or buffer, and collisions (two outputs on the same bytes; the later one wins on the ' +
    'wire). A stock fixture’s output settings are parameters (set_parameter on /lx/structure/fixture/<n>/protocol, host, ' +
    'artNetUniverse, dmxChannel, byteOrder, enabled…); a JSON fixture’s come from its .lxf and change with set_fixture_params ' +
    'on the .lxf parameters they reference. /lx/output/enabled is the global live switch; gamma and white point of fixture ' +
    'outputs are /lx/structure/output’s, and brightness multiplies /lx/output, /lx/structure/output and the fixture. ' +
    '/lx/output/artNetSync and sacnSync (E1.31 universe synchronization, per fixture with its sacnSync) add a sync packet ' +
    'after each destination\'s universes. On a big rig, `query` keeps the fixtures that match (a label, a tag such as "arch", a host). ' +
    "On a cluster node, `cluster` lists each node's universes and any universe two nodes send.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    query: z
      .string()
      .max(200)
      .optional()
      .describe(
        'Only the fixtures whose label, path, type or tags, an output host, or a segment’s component or tags contain this text (any case), e.g. "arch"',
      ),
  }),
  output: z.strictObject({
    live: z.boolean().describe('Outputs on: /lx/output/enabled and /lx/structure/output/enabled'),
    fixtures: z.array(Fixture),
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
    problems: z.array(Problem),
    packetsPerFrame: z.number().int(),
    bytesPerFrame: z.number().int(),
    cluster: z
      .strictObject({
        nodes: z.array(
          z.strictObject({
            node: z.string(),
            slice: z.array(z.string()).nullable(),
            assigned: z
              .strictObject({ by: z.string(), frame: z.number().int(), at: z.string() })
              .optional()
              .describe('serve --slice auto: the leader that assigned the slice, from which frame, when'),
            universes: z.array(z.string()),
          }),
        ),
        collisions: z
          .array(z.strictObject({ universe: z.string(), nodes: z.array(z.string()) }))
          .describe("Universes (protocol/transport/host:port#universe) two nodes send: give each fixture to one node's --slice"),
      })
      .optional()
      .describe("On a cluster node (serve --cluster): this map is its own slice; here are every node's universes"),
  }),
  handle: ({ query }, { outputs, cluster }) => {
    const map = outputs.map(query);
    if (cluster === undefined) return map;
    const { nodes, collisions } = cluster.members();
    return {
      ...map,
      cluster: {
        nodes: nodes.map((n) => ({ node: n.node, slice: n.slice, ...(n.assigned === undefined ? {} : { assigned: n.assigned }), universes: n.universes })),
        collisions,
      },
    };
  },
});
