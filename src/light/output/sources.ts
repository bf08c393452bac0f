// Reads the structure into output sources: which outputs each fixture declares, where they send
// and which points in which byte order. A stock fixture has one output (its protocol
// parameters); a JSON fixture has the outputs its `.lxf` files declare. Only here do output
// settings meet fixtures; the packer sees plain data.
import type { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BYTE_ORDERS, type ByteOrderName } from '../model/byte-order.js';
import { type LxfOutput, type LxfProblem, type LxfSource, type Model, type ModelNode, isHostName } from '../model/index.js';
import type { Fixture } from '../structure/fixture.js';
import type { Structure } from '../structure/structure.js';
import type { OutputSource, SourceSegment } from './packing.js';
import { DEFAULT_PORTS, type KinetVersion, type Protocol, type Transport } from '../structure/output-protocols.js';

/** One segment of a declared output, for the map: which points it sends and how. */
export interface DeclaredSegment {
  /** Pixels sent, with repeats and padding. */
  readonly pixels: number;
  /** Model indices of the first and last point sent; -1 when it sends only padding. */
  readonly first: number;
  readonly last: number;
  /** Distinct points sent. */
  readonly count: number;
  /** The step between consecutive points when it is constant (negative when reversed). */
  readonly step?: number;
  readonly repeat: number;
  readonly padPre: number;
  readonly padPost: number;
  readonly byteOrder: ByteOrderName;
  readonly outputStride: number;
  readonly headerBytes: number;
  readonly footerBytes: number;
  /** The component named by `componentId` / `componentIndex`. */
  readonly component?: string;
  /** Where the segment is declared in its fixture file. */
  readonly source?: LxfSource;
}

/** First, last and count of the points a segment sends (pads and repeats left out), and its step when constant. */
function describePoints(indices: Int32Array): Pick<DeclaredSegment, 'first' | 'last' | 'count' | 'step'> {
  let first = -1;
  let last = -1;
  let count = 0;
  let step: number | undefined;
  let constant = true;
  for (const i of indices) {
    if (i < 0 || i === last) continue;
    if (count === 1) step = i - last;
    else if (count > 1 && i - last !== step) constant = false;
    if (first < 0) first = i;
    last = i;
    count++;
  }
  return { first, last, count, ...(constant && step !== undefined ? { step } : {}) };
}

/** One output a fixture declares, resolved or not. */
export interface DeclaredOutput {
  readonly protocol: Protocol | 'artsync' | 'none';
  readonly transport: Transport;
  readonly host: string;
  /** Port actually used: the protocol's standard one unless the output names its own. */
  readonly port: number;
  /** Art-Net/sACN universe, DDP data offset, KiNET port or OPC channel. */
  readonly universe: number;
  /** DMX start channel or OPC byte offset. */
  readonly channel: number;
  readonly priority: number;
  readonly sequenceEnabled: boolean;
  readonly kinetVersion: KinetVersion;
  readonly fps: number;
  /** The sub-fixture labels below the fixture whose file declares it (empty: the fixture's own file). */
  readonly owner: readonly string[];
  /** Component brightness of the declaring sub-fixtures (LX dims their outputs by it). */
  readonly brightness: number;
  readonly segments: readonly DeclaredSegment[];
  readonly source?: LxfSource;
  /** Index into the sources list when it sends, else -1. */
  readonly sourceIndex: number;
}

/** What a fixture asks for, whether or not it sends (the "declared" half of the output map). */
export interface DeclaredFixture {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  /** `Grid`, `Strip`… or the `.lxf` type of a JSON fixture. */
  readonly type: string;
  readonly tags: readonly string[];
  readonly enabled: boolean;
  readonly deactivated: boolean;
  readonly points: number;
  /** Model index of the fixture's first point, -1 when it is not in the model. */
  readonly firstPoint: number;
  readonly outputs: readonly DeclaredOutput[];
  /** Why the fixture sends nothing, when it does not. */
  readonly idle?: string;
  /** Problems its fixture files have with their outputs. */
  readonly problems: readonly LxfProblem[];
}

interface StructureOutputs {
  readonly declared: readonly DeclaredFixture[];
  readonly sources: readonly OutputSource[];
  /** Per source: the fixture's brightness parameter (read every frame) and the constant factor before it. */
  readonly brightness: readonly { readonly parameter: BoundedParameter; readonly scale: number }[];
  /** Per source: the fixture it belongs to (index into `declared`). */
  readonly owners: readonly number[];
}

/** Local point order of a grid for each of LX's 16 wiring modes (point i = column + row·columns, row 0 at the bottom), as LX sends it. */
export function gridWiringOrder(wiring: number, rows: number, cols: number): Int32Array {
  const out = new Int32Array(rows * cols);
  let k = 0;
  const put = (r: number, c: number): void => {
    out[k++] = r * cols + c;
  };
  if (wiring < 4) {
    // ROWS_{L2R,R2L}_{B2T,T2B}
    const topDown = wiring === 1 || wiring === 3;
    const rightToLeft = wiring === 2 || wiring === 3;
    for (let i = 0; i < rows; i++) {
      const r = topDown ? rows - 1 - i : i;
      for (let j = 0; j < cols; j++) put(r, rightToLeft ? cols - 1 - j : j);
    }
  } else if (wiring < 8) {
    // COLUMNS_*: LX 1.2.1 runs T2B modes right to left and R2L modes top to bottom (its
    // getWiringIndexBuffer swaps the two words); the bytes follow LX, not the names.
    const rightToLeft = wiring === 6 || wiring === 7;
    const topDown = wiring === 5 || wiring === 7;
    for (let j = 0; j < cols; j++) {
      const c = rightToLeft ? cols - 1 - j : j;
      for (let i = 0; i < rows; i++) put(topDown ? rows - 1 - i : i, c);
    }
  } else if (wiring < 12) {
    // ZIGZAG_HORIZ_{BL,TL,BR,TR}: rows from the named corner, alternating direction
    const fromTop = wiring === 9 || wiring === 11;
    const fromRight = wiring === 10 || wiring === 11;
    for (let i = 0; i < rows; i++) {
      const r = fromTop ? rows - 1 - i : i;
      const rightToLeft = fromRight !== (i % 2 === 1);
      for (let j = 0; j < cols; j++) put(r, rightToLeft ? cols - 1 - j : j);
    }
  } else {
    // ZIGZAG_VERT_{BL,TL,BR,TR}: columns from the named corner, alternating direction
    const fromTop = wiring === 13 || wiring === 15;
    const fromRight = wiring === 14 || wiring === 15;
    for (let j = 0; j < cols; j++) {
      const c = fromRight ? cols - 1 - j : j;
      const topDown = fromTop !== (j % 2 === 1);
      for (let i = 0; i < rows; i++) put(topDown ? rows - 1 - i : i, c);
    }
  }
  return out;
}

function numberParam(f: Fixture, key: string): number {
  const v = f.parameters.get(key)?.baseValue;
  return typeof v === 'number' ? v : 0;
}

/** Local output order of a fixture's points: the wiring for grids, else undefined (point order). */
function localOrder(f: Fixture, size: number): Int32Array | undefined {
  if (f.stock?.name !== 'Grid') return undefined;
  const rows = numberParam(f, 'numRows');
  const cols = numberParam(f, 'numColumns');
  if (rows * cols !== size) return undefined;
  return gridWiringOrder(numberParam(f, 'wiring'), rows, cols);
}

function plainSegment(s: SourceSegment): DeclaredSegment {
  return {
    pixels: s.indices.length,
    ...describePoints(s.indices),
    repeat: 1,
    padPre: 0,
    padPost: 0,
    byteOrder: BYTE_ORDERS[s.byteOrder],
    outputStride: s.outputStride,
    headerBytes: 0,
    footerBytes: 0,
  };
}

/** The output of a stock fixture (its LXBasicFixture parameters), or why it has none. */
function stockOutput(
  f: Fixture,
  node: ModelNode | undefined,
  ports: Partial<Record<Protocol, number>>,
): { output: DeclaredOutput; source?: OutputSource; idle?: string } {
  const o = f.output!;
  const protocol = o.protocolName;
  const transport: Transport = protocol === 'opc' ? o.transportName : 'udp';
  const port = protocol === 'opc' || protocol === null ? o.port.getValue() : (ports[protocol] ?? DEFAULT_PORTS[protocol]);
  const universe =
    protocol === 'artnet' || protocol === 'sacn'
      ? o.artNetUniverse.getValue()
      : protocol === 'ddp'
        ? o.ddpDataOffset.getValue()
        : protocol === 'kinet'
          ? o.kinetPort.getValue()
          : protocol === 'opc'
            ? o.opcChannel.getValue()
            : 0;
  const channel =
    protocol === 'artnet' || protocol === 'sacn' || protocol === 'kinet' ? o.dmxChannel.getValue() : protocol === 'opc' ? o.opcOffset.getValue() : 0;
  const host = o.host.getString().trim();
  const byteOrder = o.byteOrder.getValue();
  const indices = new Int32Array(node?.size ?? 0);
  const order = node === undefined ? undefined : localOrder(f, node.size);
  // A grid sends in its wiring order and ignores `reverse` (LX's GridFixture.buildSegment).
  const reverse = f.stock?.name !== 'Grid' && o.reverse.isOn();
  if (node !== undefined) {
    for (let i = 0; i < indices.length; i++) indices[i] = node.points[order === undefined ? i : order[i]];
    if (reverse) indices.reverse();
  }
  const segment: SourceSegment = { indices, byteOrder, outputStride: BYTE_ORDERS[byteOrder]?.length ?? 3 };
  const output: DeclaredOutput = {
    protocol: protocol ?? 'none',
    transport,
    host,
    port,
    universe,
    channel,
    priority: protocol === 'sacn' ? o.sacnPriority.getValue() : 0,
    sequenceEnabled: protocol === 'artnet' && o.artNetSequenceEnabled.isOn(),
    kinetVersion: o.kinetVersionName,
    fps: 0,
    owner: [],
    brightness: 1,
    segments: [plainSegment(segment)],
    sourceIndex: -1,
  };
  if (protocol === null) return { output, idle: 'protocol is None' };
  if (host === '') return { output, idle: 'no host set' };
  if (!isHostName(host)) return { output, idle: `host ${JSON.stringify(host.slice(0, 80))} is not an IP address or a host name` };
  const source: OutputSource = {
    path: f.path,
    label: f.label.getString(),
    protocol,
    transport,
    host,
    port,
    universe,
    channel,
    priority: output.priority,
    sequenceEnabled: output.sequenceEnabled,
    kinetVersion: output.kinetVersion,
    fps: 0,
    segments: [segment],
    sacnSync: f.sacnSyncOverride,
  };
  return { output, source };
}

/** The outputs a JSON fixture's files declare, placed on its points in the model. */
function jsonOutput(f: Fixture, node: ModelNode, o: LxfOutput, ports: Partial<Record<Protocol, number>>): { output: DeclaredOutput; source: OutputSource } {
  const protocol = o.protocol;
  const defaultPort = ports[protocol === 'artsync' ? 'artnet' : protocol] ?? DEFAULT_PORTS[protocol === 'artsync' ? 'artnet' : protocol];
  const port = o.port > 0 ? o.port : defaultPort;
  const global = (i: number): number => (i < 0 ? -1 : node.points[i]);
  const segments: SourceSegment[] = o.segments.map((s) => ({
    indices: s.indices.map(global),
    byteOrder: BYTE_ORDERS.indexOf(s.byteOrder),
    outputStride: s.outputStride,
    ...(s.headerBytes !== undefined ? { headerBytes: s.headerBytes } : {}),
    ...(s.footerBytes !== undefined ? { footerBytes: s.footerBytes } : {}),
  }));
  const output: DeclaredOutput = {
    protocol,
    transport: o.transport,
    host: o.host,
    port,
    universe: o.universe,
    channel: o.channel,
    priority: o.priority,
    sequenceEnabled: o.sequenceEnabled,
    kinetVersion: o.kinetVersion,
    fps: o.fps,
    owner: o.owner.slice(1),
    brightness: o.brightness,
    segments: o.segments.map((s, k) => ({
      pixels: s.indices.length,
      ...describePoints(segments[k].indices),
      repeat: s.repeat,
      padPre: s.padPre,
      padPost: s.padPost,
      byteOrder: s.byteOrder,
      outputStride: s.outputStride,
      headerBytes: s.headerBytes?.length ?? 0,
      footerBytes: s.footerBytes?.length ?? 0,
      ...(s.component !== undefined ? { component: s.component } : {}),
      source: s.source,
    })),
    source: o.source,
    sourceIndex: -1,
  };
  return {
    output,
    source: {
      path: f.path,
      label: f.label.getString(),
      protocol,
      transport: o.transport,
      host: o.host,
      port,
      universe: o.universe,
      channel: o.channel,
      priority: o.priority,
      sequenceEnabled: o.sequenceEnabled,
      kinetVersion: o.kinetVersion,
      fps: o.fps,
      segments,
      sacnSync: f.sacnSyncOverride,
    },
  };
}

/**
 * Builds sources for every output of every enabled fixture, in LX's order (structure order; in
 * a JSON fixture, its sub-fixtures' outputs, then its own), and the declared view of all fixtures.
 */
export function structureOutputs(
  structure: Structure,
  model: Model,
  ports: Partial<Record<Protocol, number>> = {},
  sends: ((fixture: Fixture) => boolean) | null = null,
): StructureOutputs {
  const declared: DeclaredFixture[] = [];
  const sources: OutputSource[] = [];
  const brightness: { parameter: BoundedParameter; scale: number }[] = [];
  const owners: number[] = [];
  let modelIndex = 0;
  for (const f of structure.fixtures.items) {
    const deactivated = f.parameters.get('deactivate')?.baseValue === true;
    const range = structure.pointRanges.get(f);
    const node = deactivated || range === undefined ? undefined : model.fixtures[modelIndex++];
    const geometry = node?.fixture;
    const enabled = f.enabled.isOn();
    const outputs: DeclaredOutput[] = [];
    let idle: string | undefined;
    const send = (output: DeclaredOutput, source: OutputSource | undefined, scale: number): void => {
      if (source === undefined || idle !== undefined) {
        outputs.push(output);
        return;
      }
      outputs.push({ ...output, sourceIndex: sources.length });
      sources.push(source);
      brightness.push({ parameter: f.brightness, scale });
      owners.push(declared.length);
    };
    const stock = f.output !== undefined ? stockOutput(f, node, ports) : undefined;
    const declaredOutputs = geometry?.outputs ?? [];
    if (deactivated) idle = 'deactivated: the fixture is not in the model';
    else if (sends !== null && !sends(f)) idle = "outside this cluster node's slice (serve --slice)";
    else if (node === undefined) idle = 'not in the model (its geometry could not be built)';
    else if (stock?.idle !== undefined) idle = stock.idle;
    else if (stock === undefined && declaredOutputs.length === 0)
      idle =
        (geometry?.outputProblems?.length ?? 0) > 0
          ? 'none of the outputs its .lxf files declare can be sent: see the problems'
          : 'its .lxf file declares no outputs';
    else if (!enabled) idle = "output disabled: set the fixture's enabled parameter to true";
    if (stock !== undefined) send(stock.output, stock.source, 1);
    else if (node !== undefined) {
      for (const o of declaredOutputs) {
        const r = jsonOutput(f, node, o, ports);
        send(r.output, r.source, o.brightness);
      }
    }
    declared.push({
      path: f.path,
      id: f.id,
      label: f.label.getString(),
      type: f.stock?.name ?? f.fixtureType?.getString() ?? '',
      tags: node?.tags ?? [],
      enabled,
      deactivated,
      points: node?.size ?? 0,
      firstPoint: node?.points[0] ?? -1,
      outputs,
      ...(idle !== undefined ? { idle } : {}),
      problems: geometry?.outputProblems ?? [],
    });
  }
  return { declared, sources, brightness, owners };
}
