// Reads the structure into output sources: which fixtures send, where, and in what pixel order.
// Only here do output settings meet fixtures; the packer sees plain data.
import { isIP } from 'node:net';
import type { BoundedParameter } from '../../engine/parameters/bounded.js';
import type { Model } from '../model/index.js';
import type { Fixture } from '../structure/fixture.js';
import type { Structure } from '../structure/structure.js';
import { BYTE_ORDERS, type ByteOrderName } from '../structure/byte-order.js';
import type { OutputSource } from './packing.js';
import { DEFAULT_PORTS, type KinetVersion, type Protocol, type Transport } from '../structure/output-protocols.js';

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** An IPv4/IPv6 address or a DNS host name (letters, digits, hyphens, dots): anything else cannot be sent to. */
function isHostName(host: string): boolean {
  if (isIP(host) !== 0) return true;
  return host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));
}

/** What a fixture asks for, whether or not it sends (the "declared" half of the output map). */
export interface DeclaredOutput {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  readonly enabled: boolean;
  readonly deactivated: boolean;
  readonly protocol: Protocol | 'none';
  readonly transport: Transport;
  readonly host: string;
  readonly port: number;
  readonly universe: number;
  readonly channel: number;
  readonly byteOrder: ByteOrderName;
  readonly reverse: boolean;
  readonly priority: number;
  readonly sequenceEnabled: boolean;
  readonly kinetVersion: KinetVersion;
  readonly points: number;
  /** Index into the sources list when the fixture sends, else -1. */
  readonly source: number;
  /** Why a fixture sends nothing, when it does not. */
  readonly idle?: string;
}

interface StructureOutputs {
  readonly declared: readonly DeclaredOutput[];
  readonly sources: readonly OutputSource[];
  /** Brightness parameter of each source's fixture, read every frame. */
  readonly brightness: readonly BoundedParameter[];
}

/** Local point order of a grid for each of LX's 16 wiring modes (point i = column + row·columns, row 0 at the bottom). */
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
    // COLUMNS_{B2T,T2B}_{L2R,R2L}
    const topDown = wiring === 6 || wiring === 7;
    const rightToLeft = wiring === 5 || wiring === 7;
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

/** Local output order of a fixture's points (wiring for grids), before `reverse`. */
function localOrder(f: Fixture, size: number): Int32Array | undefined {
  if (f.stock?.name !== 'Grid') return undefined;
  const rows = numberParam(f, 'numRows');
  const cols = numberParam(f, 'numColumns');
  if (rows * cols !== size) return undefined;
  return gridWiringOrder(numberParam(f, 'wiring'), rows, cols);
}

/** Builds sources for every enabled fixture with a protocol, and the declared view of all fixtures. */
export function structureOutputs(structure: Structure, model: Model, ports: Partial<Record<Protocol, number>> = {}): StructureOutputs {
  const declared: DeclaredOutput[] = [];
  const sources: OutputSource[] = [];
  const brightness: BoundedParameter[] = [];
  let modelIndex = 0;
  for (const f of structure.fixtures.items) {
    const o = f.output;
    const deactivated = f.parameters.get('deactivate')?.baseValue === true;
    const node = deactivated ? undefined : model.fixtures[modelIndex++];
    if (o === undefined) {
      declared.push({
        path: f.path,
        id: f.id,
        label: f.label.getString(),
        enabled: f.enabled.isOn(),
        deactivated,
        protocol: 'none',
        transport: 'udp',
        host: '',
        port: 0,
        universe: 0,
        channel: 0,
        byteOrder: 'RGB',
        reverse: false,
        priority: 0,
        sequenceEnabled: false,
        kinetVersion: 'PORTOUT',
        points: node?.size ?? 0,
        source: -1,
        idle: 'JSON fixture: the outputs its .lxf file declares are not sent yet',
      });
      continue;
    }
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
    const enabled = f.enabled.isOn();
    let idle: string | undefined;
    if (deactivated) idle = 'deactivated: the fixture is not in the model';
    else if (protocol === null) idle = 'protocol is None';
    else if (!enabled) idle = "output disabled: set the fixture's enabled parameter to true";
    else if (host === '') idle = 'no host set';
    else if (!isHostName(host)) idle = `host ${JSON.stringify(host.slice(0, 80))} is not an IP address or a host name`;
    const base = {
      path: f.path,
      id: f.id,
      label: f.label.getString(),
      enabled,
      deactivated,
      protocol: protocol ?? ('none' as const),
      transport,
      host,
      port,
      universe,
      channel,
      byteOrder: BYTE_ORDERS[o.byteOrder.getValue()] ?? 'RGB',
      reverse: o.reverse.isOn(),
      priority: protocol === 'sacn' ? o.sacnPriority.getValue() : 0,
      sequenceEnabled: protocol === 'artnet' && o.artNetSequenceEnabled.isOn(),
      kinetVersion: o.kinetVersionName,
      points: node?.size ?? 0,
    };
    if (idle !== undefined || node === undefined || protocol === null) {
      declared.push({ ...base, source: -1, idle: idle ?? 'not in the model' });
      continue;
    }
    const global = node.points;
    const order = localOrder(f, global.length);
    const indices = new Int32Array(global.length);
    for (let i = 0; i < global.length; i++) indices[i] = global[order === undefined ? i : order[i]];
    if (base.reverse) indices.reverse();
    declared.push({ ...base, source: sources.length });
    sources.push({
      path: f.path,
      label: base.label,
      protocol,
      transport,
      host,
      port,
      universe,
      channel,
      priority: base.priority,
      sequenceEnabled: base.sequenceEnabled,
      kinetVersion: base.kinetVersion,
      byteOrder: o.byteOrder.getValue(),
      indices,
      sacnSync: f.sacnSyncOverride,
    });
    brightness.push(f.brightness);
  }
  return { declared, sources, brightness };
}
