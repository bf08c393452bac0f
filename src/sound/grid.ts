import { SetParameter } from '../engine/commands/set-parameter.js';
import { invalidArgument, notFound } from '../engine/errors.js';
import { digest } from '../engine/guards.js';
import { MODULATORS, MODULES, matchesQuery, modulatorSpec, moduleSpec, uuidKind, UUID_PATTERN, type NativeParamSpec } from './catalog.js';
import { ClearGraph, ConnectCords, DisconnectInput, InsertGridNode, MoveNode, SetCordAmount } from './commands.js';
import { refuse } from './errors.js';
import type { Origin } from '../engine/commands/history.js';
import type { Payload, SoundHost } from './host.js';
import { COORDINATE_LIMIT, GridModule, GridModulator, nativeDisplay, nativeValue, type Device, type GridGraph, type NativeValue } from './model.js';
import { catalogModulatorPayload, catalogModulePayload, connectionPayload, gridNodePayload, paramPayload, trackOf } from './payloads.js';
import { acceptedUnits, convertToUnit, formatDisplay, fromDisplayNumber, parseDisplay, toDisplayNumber } from './units.js';

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

/**
 * Grid operations on the selected Grid device's graph: capability gate, snapshot with graph_id
 * and revision, module/modulator catalogs, insertion at integer coordinates, exact native
 * parameter writes, non-mutating musical-unit resolution, cords, moves and clear.
 */
export class GridOps {
  constructor(private readonly host: SoundHost) {}

  graphId(g: GridGraph): string {
    return `grid:${g.device.id}:${this.host.nonce}`;
  }

  /** 64-hex digest over the graph's identity and content (nodes, coordinates, values, cords). */
  revision(g: GridGraph): string {
    const node = (n: GridModule | GridModulator): unknown => ({
      id: n.id,
      uuid: n.spec.uuid,
      x: n.x,
      y: n.y,
      params: n.spec.params.map((s) => [s.id, nativeValue(s, n.native.get(s.id)!)]),
    });
    return digest({
      kind: 'grid-graph',
      graph_id: this.graphId(g),
      modules: g.modules.items.map(node),
      modulators: g.modulators.items.map(node),
      connections: g.connections.map((c) => [c.source.id, c.sourcePort, c.target.id, c.targetPort, c.amount]),
    });
  }

  capabilityPayload(): Payload {
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
  selectedGraph(): GridGraph {
    const d = this.host.selection.device();
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

  private checkGuard(g: GridGraph, guard: GraphGuard): void {
    if (guard.revision !== undefined && this.revision(g) !== guard.revision) {
      throw refuse(
        'stale',
        'stale_revision',
        `revision no longer matches the selected graph (${this.graphId(g)}): it changed since it was reviewed, or another graph is selected. Re-read ` +
          `graph-state and review again.`,
      );
    }
  }

  private deviceInfo(d: Device): Payload {
    return { instance_id: d.id, track_id: trackOf(d)?.id ?? null, uuid: d.spec.uuid, name: d.label.getString(), grid: d.spec.grid };
  }

  statePayload(g: GridGraph): Payload {
    return {
      graph_id: this.graphId(g),
      revision: this.revision(g),
      device: this.deviceInfo(g.device),
      module_count: g.modules.length,
      modulator_count: g.modulators.length,
      connection_count: g.connections.length,
      modules: g.modules.items.map((m) => gridNodePayload(m, g)),
      modulators: g.modulators.items.map((m) => gridNodePayload(m, g)),
      connections: g.connections.map(connectionPayload),
    };
  }

  capabilities(): Payload {
    const d = this.host.selection.device();
    const g = d?.grid ?? null;
    return {
      ...this.capabilityPayload(),
      selected_device: d === null ? null : this.deviceInfo(d),
      selected_graph_available: g !== null,
      ...(g === null ? { reason: d === null ? 'no device is selected' : `${d.label.getString()} is not a Grid device` } : {}),
      graph_id: g === null ? null : this.graphId(g),
      revision: g === null ? null : this.revision(g),
    };
  }

  state(): Payload {
    return this.statePayload(this.selectedGraph());
  }

  catalog(query: string): Payload {
    const found = MODULES.filter((m) => matchesQuery(query, m.name, m.category));
    return { query, count: found.length, total: MODULES.length, modules: found.map(catalogModulePayload) };
  }

  modulators(query: string): Payload {
    const found = MODULATORS.filter((m) => matchesQuery(query, m.name, m.category));
    return { query, count: found.length, total: MODULATORS.length, modulators: found.map(catalogModulatorPayload) };
  }

  hostModulators(): Payload {
    const d = this.host.selection.requireDevice();
    const names: Record<string, string> = { PITCH: 'Pitch', VELOCITY: 'Velocity', TIMBRE: 'Timbre', PRESSURE: 'Pressure', GATE: 'Gate' };
    return {
      device: this.deviceInfo(d),
      count: d.spec.hostSources.length,
      sources: d.spec.hostSources.map((id) => ({
        id,
        name: names[id] ?? id,
        kind: 'note_expression',
        outputs: [{ index: 0, type: id === 'GATE' ? 'logic' : id === 'PITCH' ? 'pitch' : 'untyped' }],
      })),
    };
  }

  private coordinates(x: number, y: number): void {
    for (const [name, v] of [
      ['X', x],
      ['Y', y],
    ] as const) {
      if (!Number.isInteger(v) || v < -COORDINATE_LIMIT || v > COORDINATE_LIMIT)
        throw refuse('invalid_argument', 'out_of_range', `${name} takes an integer from -${COORDINATE_LIMIT} through ${COORDINATE_LIMIT}; got ${v}`);
    }
  }

  private occupied(g: GridGraph, x: number, y: number, self?: GridModule | GridModulator): void {
    const at = g.nodeAt(x, y);
    if (at !== undefined && at !== self)
      throw refuse(
        'invalid_argument',
        'occupied',
        `cell (${x}, ${y}) is occupied by ${at instanceof GridModule ? 'module' : 'modulator'} ${at.id} (${at.spec.name}); choose a free cell`,
      );
  }

  insert(origin: Origin, kind: 'module' | 'modulator', uuid: string, x: number, y: number, guard: GraphGuard = {}): Payload {
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
    const g = this.selectedGraph();
    this.coordinates(x, y);
    const gridKind = g.device.spec.grid!;
    if (kind === 'module' && !moduleSpec(uuid)!.grids.includes(gridKind))
      throw refuse('invalid_argument', 'wrong_uuid_kind', `${spec.name} is not available in ${g.device.spec.name}`);
    this.checkGuard(g, guard);
    this.occupied(g, x, y);
    if (g.modules.length + g.modulators.length >= MAX_GRID_NODES)
      throw refuse('invalid_argument', 'out_of_range', `the graph already holds ${MAX_GRID_NODES} nodes`);
    const cmd = new InsertGridNode(`Insert ${spec.name} in ${g.device.label.getString()}`, g.id, kind, { uuid, x, y, params: {} });
    this.host.perform(origin, cmd, () => g.node(cmd.insertedId)?.x === x);
    const node = g.node(cmd.insertedId)!;
    return { graph_id: this.graphId(g), [kind]: gridNodePayload(node, g), revision: this.revision(g) };
  }

  /** A node of the selected graph by id, of the expected kind. */
  private node(g: GridGraph, id: number, kind: 'module' | 'modulator' | 'any', command: string): GridModule | GridModulator {
    const n = g.node(id);
    if (n === undefined) {
      const elsewhere = this.host.engine.graph.get(id);
      const other =
        elsewhere instanceof GridModule || elsewhere instanceof GridModulator ? ' (it belongs to another graph; select that Grid device first)' : '';
      throw notFound(`${kind === 'any' ? 'node' : kind} ${id} is not in the selected graph ${this.graphId(g)}${other}; see graph-state`);
    }
    if (kind === 'module' && !(n instanceof GridModule))
      throw refuse('invalid_argument', 'wrong_uuid_kind', `${id} is a modulator, not a module; use ${command}-modulator`);
    if (kind === 'modulator' && !(n instanceof GridModulator))
      throw refuse('invalid_argument', 'wrong_uuid_kind', `${id} is a module, not a modulator; use ${command.replace('-modulator', '')}`);
    return n;
  }

  private param(n: GridModule | GridModulator, id: string): NativeParamSpec {
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

  set(origin: Origin, kind: 'module' | 'modulator', id: number, paramId: string, value: NativeValue, guard: GraphGuard = {}): Payload {
    const command = kind === 'module' ? 'graph-set' : 'graph-set-modulator';
    const g = this.selectedGraph();
    const n = this.node(g, id, kind, command);
    const spec = this.param(n, paramId);
    const v = checkNativeValue(spec, value);
    this.checkGuard(g, guard);
    const p = n.native.get(spec.id)!;
    const previous = nativeValue(spec, p);
    this.host.perform(origin, new SetParameter(p, v), () => nativeValue(spec, p) === v);
    return { graph_id: this.graphId(g), [kind]: n.id, parameter: paramPayload(spec, n), previous_value: previous, revision: this.revision(g) };
  }

  resolveValue(id: number, paramId: string, display: string): Payload {
    const g = this.selectedGraph();
    const n = this.node(g, id, 'any', 'graph-resolve-value');
    const spec = this.param(n, paramId);
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
      graph_id: this.graphId(g),
      module: n.id,
      parameter: spec.id,
      value: native,
      current_value: current,
      current_display: nativeDisplay(spec, current),
      requested_display: display,
      display_unit: scale.unit,
      revision: this.revision(g),
      mutates_project: false,
      host_display_of_value: nativeDisplay(spec, native),
    };
  }

  connect(
    origin: Origin,
    kind: 'module' | 'modulator',
    source: number,
    sourcePort: number,
    target: number,
    targetPort: number,
    guard: GraphGuard = {},
  ): Payload {
    const command = kind === 'module' ? 'graph-connect' : 'graph-connect-modulator';
    const g = this.selectedGraph();
    const s = this.node(g, source, kind, command);
    const t = this.node(g, target, 'any', command);
    if (!(t instanceof GridModule)) throw refuse('invalid_argument', 'wrong_uuid_kind', `target ${target} is a modulator; cords end at a module input`);
    checkOutputPort(s, sourcePort);
    checkInputPort(t, targetPort);
    this.checkGuard(g, guard);
    if (g.connections.some((c) => c.source === s && c.sourcePort === sourcePort && c.target === t && c.targetPort === targetPort))
      throw invalidArgument(`${s.spec.name} ${s.id} output ${sourcePort} is already connected to ${t.spec.name} ${t.id} input ${targetPort}`);
    if (g.connections.length >= MAX_GRID_CONNECTIONS) throw refuse('invalid_argument', 'out_of_range', `the graph already holds ${MAX_GRID_CONNECTIONS} cords`);
    const ref = { source, sourcePort, target, targetPort };
    this.host.perform(origin, new ConnectCords(`Connect ${s.spec.name} → ${t.spec.name}`, g.id, ref), () =>
      g.connections.some((c) => c.source === s && c.target === t && c.sourcePort === sourcePort && c.targetPort === targetPort),
    );
    const cord = g.connections.find((c) => c.source === s && c.target === t && c.sourcePort === sourcePort && c.targetPort === targetPort)!;
    return { graph_id: this.graphId(g), connection: connectionPayload(cord), revision: this.revision(g) };
  }

  /** Sets the depth of one modulator cord (−1…1); module cords have none. */
  setAmount(origin: Origin, source: number, sourcePort: number, target: number, targetPort: number, amount: number, guard: GraphGuard = {}): Payload {
    const g = this.selectedGraph();
    const s = this.node(g, source, 'any', 'graph-set-amount');
    if (!(s instanceof GridModulator))
      throw refuse(
        'invalid_argument',
        'wrong_uuid_kind',
        `source ${source} is a module; cords from modules carry no amount, only modulator cords have a depth`,
      );
    const t = this.node(g, target, 'module', 'graph-set-amount');
    if (!Number.isFinite(amount) || amount < -1 || amount > 1)
      throw refuse('invalid_argument', 'out_of_range', `AMOUNT takes a depth −1…1 (bipolar); got ${amount}`);
    this.checkGuard(g, guard);
    const find = () => g.connections.find((c) => c.source === s && c.sourcePort === sourcePort && c.target === t && c.targetPort === targetPort);
    const cord = find();
    if (cord === undefined)
      throw notFound(`no cord from ${s.spec.name} ${s.id} output ${sourcePort} to ${t.spec.name} ${t.id} input ${targetPort}; see graph-state connections`);
    const previous = cord.amount;
    if (previous !== amount)
      this.host.perform(
        origin,
        new SetCordAmount(`Set ${s.spec.name} → ${t.spec.name} amount`, g.id, { source, sourcePort, target, targetPort }, amount),
        () => find()?.amount === amount,
      );
    return {
      graph_id: this.graphId(g),
      connection: connectionPayload(find()!),
      previous_amount: previous,
      changed: previous !== amount,
      revision: this.revision(g),
    };
  }

  disconnect(origin: Origin, target: number, targetPort: number, guard: GraphGuard = {}): Payload {
    const g = this.selectedGraph();
    const t = this.node(g, target, 'module', 'graph-disconnect') as GridModule;
    checkInputPort(t, targetPort);
    this.checkGuard(g, guard);
    const cords = g.connections.filter((c) => c.target === t && c.targetPort === targetPort);
    if (cords.length === 0) throw invalidArgument(`nothing is connected to ${t.spec.name} ${t.id} input ${targetPort} (${t.spec.inputs[targetPort].id})`);
    const removed = cords.map(connectionPayload);
    this.host.perform(
      origin,
      new DisconnectInput(`Disconnect ${t.spec.name} input ${t.spec.inputs[targetPort].id}`, g.id, target, targetPort),
      () => !g.connections.some((c) => c.target === t && c.targetPort === targetPort),
    );
    return { graph_id: this.graphId(g), removed, revision: this.revision(g) };
  }

  move(origin: Origin, id: number, x: number, y: number, guard: GraphGuard = {}): Payload {
    const g = this.selectedGraph();
    const n = this.node(g, id, 'any', 'graph-move');
    this.coordinates(x, y);
    this.checkGuard(g, guard);
    this.occupied(g, x, y, n);
    const from = { x: n.x, y: n.y };
    const moved = from.x !== x || from.y !== y;
    if (moved) this.host.perform(origin, new MoveNode(`Move ${n.spec.name}`, n.id, { x, y }), () => n.x === x && n.y === y);
    return { graph_id: this.graphId(g), id: n.id, moved, from, x: n.x, y: n.y, revision: this.revision(g) };
  }

  clear(origin: Origin, guard: GraphGuard = {}): Payload {
    const g = this.selectedGraph();
    this.checkGuard(g, guard);
    const before = this.statePayload(g);
    const cleared = { modules: g.modules.length, modulators: g.modulators.length, connections: g.connections.length };
    if (cleared.modules + cleared.modulators > 0) {
      this.host.perform(
        origin,
        new ClearGraph(`Clear ${g.device.label.getString()} graph`, g.id),
        () => g.modules.length === 0 && g.modulators.length === 0 && g.connections.length === 0,
      );
    }
    return { graph_id: this.graphId(g), cleared, before, revision: this.revision(g) };
  }
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
