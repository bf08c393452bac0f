// Replies of the Grid commands: the capability gate, the selected graph, the catalogs and every
// graph mutation (each carries the graph's new revision).
import * as z from 'zod';
import { GridCapabilityFields } from './core.js';
import { CatalogModulator, CatalogModule, Connection, Digest, GridNode, Id, NativeValue, Param } from './shapes.js';
import { read, write } from './command.js';

/** The Grid device a graph belongs to. */
const GridDevice = z.looseObject({ instance_id: Id, track_id: Id.nullable(), uuid: z.string(), name: z.string(), grid: z.enum(['poly', 'fx']).nullable() });

/** Every graph reply names its graph and its revision after the command. */
const OfGraph = { graph_id: z.string(), revision: Digest };

const GraphCapabilities = z.looseObject({
  ...GridCapabilityFields,
  selected_device: GridDevice.nullable(),
  selected_graph_available: z.boolean(),
  reason: z.string().optional(),
  graph_id: z.string().nullable(),
  revision: Digest.nullable(),
});

const GraphState = z.looseObject({
  ...OfGraph,
  device: GridDevice,
  module_count: z.number().int(),
  modulator_count: z.number().int(),
  connection_count: z.number().int(),
  modules: z.array(GridNode),
  modulators: z.array(GridNode),
  connections: z.array(Connection),
});

const GraphCatalog = z.looseObject({ query: z.string(), count: z.number().int(), total: z.number().int(), modules: z.array(CatalogModule) });

const GraphModulators = z.looseObject({ query: z.string(), count: z.number().int(), total: z.number().int(), modulators: z.array(CatalogModulator) });

const GraphHostModulators = z.looseObject({
  device: GridDevice,
  count: z.number().int(),
  sources: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      outputs: z.array(z.looseObject({ index: z.number().int(), type: z.string() })),
    }),
  ),
});

const GraphInsert = z.looseObject({ ...OfGraph, module: GridNode.optional(), modulator: GridNode.optional() });

const GraphSet = z.looseObject({
  ...OfGraph,
  module: Id.optional(),
  modulator: Id.optional(),
  parameter: Param,
  previous_value: NativeValue,
});

const GraphResolveValue = z.looseObject({
  ...OfGraph,
  module: Id,
  parameter: z.string(),
  value: z.number(),
  current_value: NativeValue,
  current_display: z.string(),
  requested_display: z.string(),
  display_unit: z.string(),
  mutates_project: z.literal(false),
  host_display_of_value: z.string(),
});

const GraphConnect = z.looseObject({ ...OfGraph, connection: Connection });

const GraphSetAmount = z.looseObject({ ...OfGraph, connection: Connection, previous_amount: z.number(), changed: z.boolean() });

const GraphDisconnect = z.looseObject({ ...OfGraph, removed: z.array(Connection) });

const GraphMove = z.looseObject({
  ...OfGraph,
  id: Id,
  moved: z.boolean(),
  from: z.looseObject({ x: z.number().int(), y: z.number().int() }),
  x: z.number().int(),
  y: z.number().int(),
});

const GraphClear = z.looseObject({
  ...OfGraph,
  cleared: z.looseObject({ modules: z.number().int(), modulators: z.number().int(), connections: z.number().int() }),
  before: GraphState,
});

/** The Grid commands (graph mutations may be wrapped in `guard REVISION`). */
export const GRID_COMMANDS = {
  'graph-capabilities': read(GraphCapabilities),
  'graph-state': read(GraphState),
  'graph-catalog': read(GraphCatalog),
  'graph-modulators': read(GraphModulators),
  'graph-host-modulators': read(GraphHostModulators),
  'graph-insert': write(GraphInsert),
  'graph-insert-modulator': write(GraphInsert),
  'graph-set': write(GraphSet),
  'graph-set-modulator': write(GraphSet),
  'graph-resolve-value': read(GraphResolveValue),
  'graph-connect': write(GraphConnect),
  'graph-connect-modulator': write(GraphConnect),
  'graph-set-amount': write(GraphSetAmount),
  'graph-disconnect': write(GraphDisconnect),
  'graph-move': write(GraphMove),
  'graph-clear': write(GraphClear),
} as const;
