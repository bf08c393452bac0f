// Grid operations on the selected Grid device's graph: capability gate, snapshot with graph_id
// and revision, module/modulator catalogs, insertion at integer coordinates, exact native
// parameter writes, non-mutating musical-unit resolution, cords, moves and clear. Synchronous
// functions over the host, like every sound operation (common.ts).
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { digest } from '../../engine/guards.js';
import type { NativeParamSpec } from '../audio/dsp/params.js';
import { MODULATORS, MODULES, matchesQuery, modulatorSpec, moduleSpec, uuidKind, UUID_PATTERN } from '../model/catalog.js';
import { ClearGraph, ConnectCords, DisconnectInput, InsertGridNode, MoveNode, SetCordAmount } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Payload, SoundHost } from '../host/host.js';
import { COORDINATE_LIMIT, GridModule, GridModulator, nativeDisplay, nativeValue, type Device, type GridGraph, type NativeValue } from '../model/components.js';
import { catalogModulatorPayload, catalogModulePayload, connectionPayload, gridNodePayload, paramPayload, trackOf } from '../model/payloads.js';
import { acceptedUnits, convertToUnit, formatDisplay, fromDisplayNumber, parseDisplay, toDisplayNumber } from '../model/units.js';

/** Nodes (modules plus modulators) per graph, and cords per graph. */
const MAX_GRID_NODES = 1024;
const MAX_GRID_CONNECTIONS = 4096;

/** The graph mutations `guard REVISION ...` accepts. */
export const GRAPH_MUTATIONS: readonly string[] = [
  'graph-insert',
  'graph-insert-modulator',
  'graph-set',
  'graph-set-modulator',
  'graph-connect',
  'graph-connect-modulator',
  'graph-disconnect',
  'graph-set-amount',
  'graph-move',
  'graph-clear',
];

/** Optional guard of a graph mutation: the reviewed revision, re-checked inside the queued task. */
export interface GraphGuard {
  readonly revision?: string;
}

/** The graph's id on the wire: its device and this host run (an id from an earlier run never matches). */
function graphId(host: SoundHost, g: GridGraph): string {
  return `grid:${g.device.id}:${host.nonce}`;
}

/** 64-hex digest over the graph's identity and content (nodes, coordinates, values, cords). */
export function graphRevision(host: SoundHost, g: GridGraph): string {
  const node = (n: GridModule | GridModulator): unknown => ({
    id: n.id,
    uuid: n.spec.uuid,
    x: n.x,
    y: n.y,
    params: n.spec.params.map((s) => [s.id, nativeValue(s, n.native.get(s.id)!)]),
  });
  return digest({
    kind: 'grid-graph',
    graph_id: graphId(host, g),
    modules: g.modules.items.map(node),
    modulators: g.modulators.items.map(node),
    connections: g.connections.map((c) => [c.source.id, c.sourcePort, c.target.id, c.targetPort, c.amount]),
  });
}

export function graphCapabilityPayload(): Payload {
  return {
    graph_available: true,
    coordinate_min: -COORDINATE_LIMIT,
    coordinate_max: COORDINATE_LIMIT,
    max_nodes: MAX_GRID_NODES,
    max_connections: MAX_GRID_CONNECTIONS,
    revision_guard: true,
    guarded_commands: [...GRAPH_MUTATIONS],
    value_resolution: { units: ['Hz', 'kHz', 'dB', '%', 'ms', 's', 'st', 'cents', 'note names (C3 = key 60)'], mutates_project: false },
    module_count: MODULES.length,
    modulator_count: MODULATORS.length,
  };
}

/** The selected Grid device's graph, or a refusal saying what is selected instead. */
function selectedGraph(host: SoundHost): GridGraph {
  const d = host.selection.device();
  if (d === null)
    throw refuse(
      'not_found',
      'no_selection',
      'no device is selected; graph commands act on the selected Poly Grid or FX Grid (select one with track INDEX and device navigation)',
    );
  const g = d.grid;
  if (g === null)
    throw refuse('invalid_argument', 'not_a_grid', `the selected device ${d.label.getString()} is not a Grid device; select a Poly Grid or FX Grid`);
  return g;
}

function checkGuard(host: SoundHost, g: GridGraph, guard: GraphGuard): void {
  if (guard.revision !== undefined && graphRevision(host, g) !== guard.revision) {
    throw refuse(
      'stale',
      'stale_revision',
      `revision no longer matches the selected graph (${graphId(host, g)}): it changed since it was reviewed, or another graph is selected. Re-read ` +
        `graph-state and review again.`,
    );
  }
}

function deviceInfo(d: Device): Payload {
  return { instance_id: d.id, track_id: trackOf(d)?.id ?? null, uuid: d.spec.uuid, name: d.label.getString(), grid: d.spec.grid };
}

function graphStatePayload(host: SoundHost, g: GridGraph): Payload {
  return {
    graph_id: graphId(host, g),
    revision: graphRevision(host, g),
    device: deviceInfo(g.device),
    module_count: g.modules.length,
    modulator_count: g.modulators.length,
    connection_count: g.connections.length,
    modules: g.modules.items.map((m) => gridNodePayload(m, g)),
    modulators: g.modulators.items.map((m) => gridNodePayload(m, g)),
    connections: g.connections.map(connectionPayload),
  };
}

export function graphCapabilities(host: SoundHost): Payload {
  const d = host.selection.device();
  const g = d?.grid ?? null;
  return {
    ...graphCapabilityPayload(),
    selected_device: d === null ? null : deviceInfo(d),
    selected_graph_available: g !== null,
    ...(g === null ? { reason: d === null ? 'no device is selected' : `${d.label.getString()} is not a Grid device` } : {}),
    graph_id: g === null ? null : graphId(host, g),
    revision: g === null ? null : graphRevision(host, g),
  };
}

export function graphState(host: SoundHost): Payload {
  return graphStatePayload(host, selectedGraph(host));
}

export function graphCatalog(query: string): Payload {
  const found = MODULES.filter((m) => matchesQuery(query, m.name, m.category));
  return { query, count: found.length, total: MODULES.length, modules: found.map(catalogModulePayload) };
}

export function graphModulators(query: string): Payload {
  const found = MODULATORS.filter((m) => matchesQuery(query, m.name, m.category));
  return { query, count: found.length, total: MODULATORS.length, modulators: found.map(catalogModulatorPayload) };
}

export function graphHostModulators(host: SoundHost): Payload {
  const d = host.selection.requireDevice();
  const names: Record<string, string> = { PITCH: 'Pitch', VELOCITY: 'Velocity', TIMBRE: 'Timbre', PRESSURE: 'Pressure', GATE: 'Gate' };
  return {
    device: deviceInfo(d),
    count: d.spec.hostSources.length,
    sources: d.spec.hostSources.map((id) => ({
      id,
      name: names[id] ?? id,
      kind: 'note_expression',
      outputs: [{ index: 0, type: id === 'GATE' ? 'logic' : id === 'PITCH' ? 'pitch' : 'untyped' }],
    })),
  };
}

function checkCoordinates(x: number, y: number): void {
  for (const [name, v] of [
    ['X', x],
    ['Y', y],
  ] as const) {
    if (!Number.isInteger(v) || v < -COORDINATE_LIMIT || v > COORDINATE_LIMIT)
      throw refuse('invalid_argument', 'out_of_range', `${name} takes an integer from -${COORDINATE_LIMIT} through ${COORDINATE_LIMIT}; got ${v}`);
  }
}

function occupied(g: GridGraph, x: number, y: number, self?: GridModule | GridModulator): void {
  const at = g.nodeAt(x, y);
  if (at !== undefined && at !== self)
    throw refuse(
      'invalid_argument',
      'occupied',
      `cell (${x}, ${y}) is occupied by ${at instanceof GridModule ? 'module' : 'modulator'} ${at.id} (${at.spec.name}); choose a free cell`,
    );
}

export function graphInsert(
  host: SoundHost,
  origin: Origin,
  kind: 'module' | 'modulator',
  uuid: string,
  x: number,
  y: number,
  guard: GraphGuard = {},
): Payload {
  const command = kind === 'module' ? 'graph-insert' : 'graph-insert-modulator';
  if (!UUID_PATTERN.test(uuid))
    throw invalidArgument(
      `UUID must be a lowercase 8-4-4-4-12 hex UUID from ${kind === 'module' ? 'graph-catalog' : 'graph-modulators'}; got ` +
        `${JSON.stringify(uuid.slice(0, 60))}`,
    );
  const found = uuidKind(uuid);
  if (found !== undefined && found !== kind) {
    const where =
      found === 'device'
        ? 'a device UUID (device-catalog; devices go in with insert)'
        : found === 'module'
          ? 'a Grid module UUID (use graph-insert)'
          : 'a Grid modulator UUID (use graph-insert-modulator)';
    throw refuse(
      'invalid_argument',
      'wrong_uuid_kind',
      `${uuid} is ${where}; ${command} takes a ${kind} UUID from ${kind === 'module' ? 'graph-catalog' : 'graph-modulators'}`,
    );
  }
  const spec = kind === 'module' ? moduleSpec(uuid) : modulatorSpec(uuid);
  if (spec === undefined) throw notFound(`no installed Grid ${kind} has UUID ${uuid}; see ${kind === 'module' ? 'graph-catalog' : 'graph-modulators'}`);
  const g = selectedGraph(host);
  checkCoordinates(x, y);
  const gridKind = g.device.spec.grid!;
  if (kind === 'module' && !moduleSpec(uuid)!.grids.includes(gridKind))
    throw refuse('invalid_argument', 'wrong_uuid_kind', `${spec.name} is not available in ${g.device.spec.name}`);
  checkGuard(host, g, guard);
  occupied(g, x, y);
  if (g.modules.length + g.modulators.length >= MAX_GRID_NODES)
    throw refuse('invalid_argument', 'out_of_range', `the graph already holds ${MAX_GRID_NODES} nodes`);
  const cmd = new InsertGridNode(`Insert ${spec.name} in ${g.device.label.getString()}`, g.id, kind, { uuid, x, y, params: {} });
  host.perform(origin, cmd, () => g.node(cmd.insertedId)?.x === x);
  const node = g.node(cmd.insertedId)!;
  return { graph_id: graphId(host, g), [kind]: gridNodePayload(node, g), revision: graphRevision(host, g) };
}

/** A node of the selected graph by id, of the expected kind. */
function graphNode(host: SoundHost, g: GridGraph, id: number, kind: 'module' | 'modulator' | 'any', command: string): GridModule | GridModulator {
  const n = g.node(id);
  if (n === undefined) {
    const elsewhere = host.engine.graph.get(id);
    const other = elsewhere instanceof GridModule || elsewhere instanceof GridModulator ? ' (it belongs to another graph; select that Grid device first)' : '';
    throw notFound(`${kind === 'any' ? 'node' : kind} ${id} is not in the selected graph ${graphId(host, g)}${other}; see graph-state`);
  }
  if (kind === 'module' && !(n instanceof GridModule))
    throw refuse('invalid_argument', 'wrong_uuid_kind', `${id} is a modulator, not a module; use ${command}-modulator`);
  if (kind === 'modulator' && !(n instanceof GridModulator))
    throw refuse('invalid_argument', 'wrong_uuid_kind', `${id} is a module, not a modulator; use ${command.replace('-modulator', '')}`);
  return n;
}

function nativeParam(n: GridModule | GridModulator, id: string): NativeParamSpec {
  const spec = n.spec.params.find((p) => p.id === id);
  if (spec === undefined) {
    const ids = n.spec.params.map((p) => JSON.stringify(p.id)).join(', ');
    throw notFound(
      `${n.spec.name} ${n.id} has no native parameter ${JSON.stringify(id.slice(0, 80))}; its parameter ids are ${ids.length > 0 ? ids : '(none)'} ` +
        `(exact, case-sensitive)`,
    );
  }
  return spec;
}

export function graphSet(
  host: SoundHost,
  origin: Origin,
  kind: 'module' | 'modulator',
  id: number,
  paramId: string,
  value: NativeValue,
  guard: GraphGuard = {},
): Payload {
  const command = kind === 'module' ? 'graph-set' : 'graph-set-modulator';
  const g = selectedGraph(host);
  const n = graphNode(host, g, id, kind, command);
  const spec = nativeParam(n, paramId);
  const v = checkNativeValue(spec, value);
  checkGuard(host, g, guard);
  const p = n.native.get(spec.id)!;
  const previous = nativeValue(spec, p);
  host.perform(origin, new SetParameter(p, v), () => nativeValue(spec, p) === v);
  return { graph_id: graphId(host, g), [kind]: n.id, parameter: paramPayload(spec, n), previous_value: previous, revision: graphRevision(host, g) };
}

export function graphResolveValue(host: SoundHost, id: number, paramId: string, display: string): Payload {
  const g = selectedGraph(host);
  const n = graphNode(host, g, id, 'any', 'graph-resolve-value');
  const spec = nativeParam(n, paramId);
  if (spec.type !== 'number' || spec.scale === undefined)
    throw invalidArgument(
      `${JSON.stringify(spec.id)} is ${spec.type === 'enum' ? 'an enum' : 'a boolean'}; resolve it from its ` +
        `${spec.type === 'enum' ? 'options' : 'type (true/false)'} in graph-state instead`,
    );
  const scale = spec.scale;
  if (scale.unit === '') throw invalidArgument(`${JSON.stringify(spec.id)} has no musical unit; write its native value (${spec.min}–${spec.max}) directly`);
  const parsed = parseDisplay(display);
  const inUnit = convertToUnit(parsed, scale.unit);
  if (inUnit === undefined)
    throw invalidArgument(
      `${JSON.stringify(display)} is not compatible with ${JSON.stringify(spec.id)}, which displays in ${scale.unit}; write ${acceptedUnits(scale.unit)}`,
    );
  let native = fromDisplayNumber(scale, inUnit);
  const eps = 1e-9 * Math.max(1, Math.abs(spec.max - spec.min));
  const lo = formatDisplay(scale.unit, toDisplayNumber(scale, spec.min));
  const hi = formatDisplay(scale.unit, toDisplayNumber(scale, spec.max));
  if (!Number.isFinite(native) || native < spec.min - eps || native > spec.max + eps)
    throw refuse('invalid_argument', 'out_of_range', `${JSON.stringify(display)} is outside the range of ${JSON.stringify(spec.id)}: ${lo} to ${hi}`);
  native = Math.min(spec.max, Math.max(spec.min, native));
  const current = nativeValue(spec, n.native.get(spec.id)!);
  return {
    graph_id: graphId(host, g),
    module: n.id,
    parameter: spec.id,
    value: native,
    current_value: current,
    current_display: nativeDisplay(spec, current),
    requested_display: display,
    display_unit: scale.unit,
    revision: graphRevision(host, g),
    mutates_project: false,
    host_display_of_value: nativeDisplay(spec, native),
  };
}

export function graphConnect(
  host: SoundHost,
  origin: Origin,
  kind: 'module' | 'modulator',
  source: number,
  sourcePort: number,
  target: number,
  targetPort: number,
  guard: GraphGuard = {},
): Payload {
  const command = kind === 'module' ? 'graph-connect' : 'graph-connect-modulator';
  const g = selectedGraph(host);
  const s = graphNode(host, g, source, kind, command);
  const t = graphNode(host, g, target, 'any', command);
  if (!(t instanceof GridModule)) throw refuse('invalid_argument', 'wrong_uuid_kind', `target ${target} is a modulator; cords end at a module input`);
  checkOutputPort(s, sourcePort);
  checkInputPort(t, targetPort);
  checkGuard(host, g, guard);
  if (g.connections.some((c) => c.source === s && c.sourcePort === sourcePort && c.target === t && c.targetPort === targetPort))
    throw invalidArgument(`${s.spec.name} ${s.id} output ${sourcePort} is already connected to ${t.spec.name} ${t.id} input ${targetPort}`);
  if (g.connections.length >= MAX_GRID_CONNECTIONS) throw refuse('invalid_argument', 'out_of_range', `the graph already holds ${MAX_GRID_CONNECTIONS} cords`);
  const ref = { source, sourcePort, target, targetPort };
  host.perform(origin, new ConnectCords(`Connect ${s.spec.name} → ${t.spec.name}`, g.id, ref), () =>
    g.connections.some((c) => c.source === s && c.target === t && c.sourcePort === sourcePort && c.targetPort === targetPort),
  );
  const cord = g.connections.find((c) => c.source === s && c.target === t && c.sourcePort === sourcePort && c.targetPort === targetPort)!;
  return { graph_id: graphId(host, g), connection: connectionPayload(cord), revision: graphRevision(host, g) };
}

/** Sets the depth of one modulator cord (−1…1); module cords have none. */
export function graphSetAmount(
  host: SoundHost,
  origin: Origin,
  source: number,
  sourcePort: number,
  target: number,
  targetPort: number,
  amount: number,
  guard: GraphGuard = {},
): Payload {
  const g = selectedGraph(host);
  const s = graphNode(host, g, source, 'any', 'graph-set-amount');
  if (!(s instanceof GridModulator))
    throw refuse('invalid_argument', 'wrong_uuid_kind', `source ${source} is a module; cords from modules carry no amount, only modulator cords have a depth`);
  const t = graphNode(host, g, target, 'module', 'graph-set-amount');
  if (!Number.isFinite(amount) || amount < -1 || amount > 1)
    throw refuse('invalid_argument', 'out_of_range', `AMOUNT takes a depth −1…1 (bipolar); got ${amount}`);
  checkGuard(host, g, guard);
  const find = () => g.connections.find((c) => c.source === s && c.sourcePort === sourcePort && c.target === t && c.targetPort === targetPort);
  const cord = find();
  if (cord === undefined)
    throw notFound(`no cord from ${s.spec.name} ${s.id} output ${sourcePort} to ${t.spec.name} ${t.id} input ${targetPort}; see graph-state connections`);
  const previous = cord.amount;
  if (previous !== amount)
    host.perform(
      origin,
      new SetCordAmount(`Set ${s.spec.name} → ${t.spec.name} amount`, g.id, { source, sourcePort, target, targetPort }, amount),
      () => find()?.amount === amount,
    );
  return {
    graph_id: graphId(host, g),
    connection: connectionPayload(find()!),
    previous_amount: previous,
    changed: previous !== amount,
    revision: graphRevision(host, g),
  };
}

export function graphDisconnect(host: SoundHost, origin: Origin, target: number, targetPort: number, guard: GraphGuard = {}): Payload {
  const g = selectedGraph(host);
  const t = graphNode(host, g, target, 'module', 'graph-disconnect') as GridModule;
  checkInputPort(t, targetPort);
  checkGuard(host, g, guard);
  const cords = g.connections.filter((c) => c.target === t && c.targetPort === targetPort);
  if (cords.length === 0) throw invalidArgument(`nothing is connected to ${t.spec.name} ${t.id} input ${targetPort} (${t.spec.inputs[targetPort].id})`);
  const removed = cords.map(connectionPayload);
  host.perform(
    origin,
    new DisconnectInput(`Disconnect ${t.spec.name} input ${t.spec.inputs[targetPort].id}`, g.id, target, targetPort),
    () => !g.connections.some((c) => c.target === t && c.targetPort === targetPort),
  );
  return { graph_id: graphId(host, g), removed, revision: graphRevision(host, g) };
}

export function graphMove(host: SoundHost, origin: Origin, id: number, x: number, y: number, guard: GraphGuard = {}): Payload {
  const g = selectedGraph(host);
  const n = graphNode(host, g, id, 'any', 'graph-move');
  checkCoordinates(x, y);
  checkGuard(host, g, guard);
  occupied(g, x, y, n);
  const from = { x: n.x, y: n.y };
  const moved = from.x !== x || from.y !== y;
  if (moved) host.perform(origin, new MoveNode(`Move ${n.spec.name}`, n.id, { x, y }), () => n.x === x && n.y === y);
  return { graph_id: graphId(host, g), id: n.id, moved, from, x: n.x, y: n.y, revision: graphRevision(host, g) };
}

export function graphClear(host: SoundHost, origin: Origin, guard: GraphGuard = {}): Payload {
  const g = selectedGraph(host);
  checkGuard(host, g, guard);
  const before = graphStatePayload(host, g);
  const cleared = { modules: g.modules.length, modulators: g.modulators.length, connections: g.connections.length };
  if (cleared.modules + cleared.modulators > 0) {
    host.perform(
      origin,
      new ClearGraph(`Clear ${g.device.label.getString()} graph`, g.id),
      () => g.modules.length === 0 && g.modulators.length === 0 && g.connections.length === 0,
    );
  }
  return { graph_id: graphId(host, g), cleared, before, revision: graphRevision(host, g) };
}

/** SOURCE_PORT: an output index of the source module or modulator. */
function checkOutputPort(s: GridModule | GridModulator, index: number): void {
  port(`SOURCE_PORT of ${s.spec.name} ${s.id}`, s.spec.outputs, index, 'output');
}

/** TARGET_PORT: an input index of the target module. */
function checkInputPort(t: GridModule, index: number): void {
  port(`TARGET_PORT of ${t.spec.name} ${t.id}`, t.spec.inputs, index, 'input');
}

function port(what: string, ports: readonly { readonly id: string }[], index: number, dir: 'input' | 'output'): void {
  const count = ports.length;
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw refuse(
      'invalid_argument',
      'out_of_range',
      count === 0
        ? `${what}: it has no ${dir}s`
        : `${what} takes ${dir} index 0–${count - 1} (${ports.map((p, i) => `${i}=${p.id}`).join(', ')}); got ${index}`,
    );
  }
}

/** Checks a native value against a parameter's type and domain (no clamping). */
export function checkNativeValue(spec: NativeParamSpec, value: NativeValue): NativeValue {
  if (spec.type === 'boolean') {
    if (typeof value !== 'boolean') throw invalidArgument(`${JSON.stringify(spec.id)} is a boolean; VALUE takes literal true or false`);
    return value;
  }
  if (typeof value !== 'number')
    throw invalidArgument(
      `${JSON.stringify(spec.id)} is ${spec.type === 'enum' ? 'an enum; VALUE takes its option index' : 'a number; VALUE takes a native number'} ` +
        `${spec.min}–${spec.max}, not true/false`,
    );
  if (!Number.isFinite(value) || value < spec.min || value > spec.max)
    throw refuse('invalid_argument', 'out_of_range', `${JSON.stringify(spec.id)} takes native values ${spec.min}–${spec.max}; got ${value}`);
  if (spec.type === 'enum' && !Number.isInteger(value))
    throw invalidArgument(
      `${JSON.stringify(spec.id)} is an enum; VALUE takes an option index 0–${spec.max} (${(spec.options ?? []).map((o, i) => `${i}=${o}`).join(', ')}); ` +
        `got ${value}`,
    );
  if (spec.integer === true && !Number.isInteger(value))
    throw invalidArgument(`${JSON.stringify(spec.id)} takes whole numbers ${spec.min}–${spec.max}; got ${value}`);
  return value;
}
