// Outputs declared in `.lxf` fixture files: the `output` object or `outputs` array of a fixture
// file and of its components, each optionally cut into `segments`. This file reads them with LX
// 1.2.1's rules (JsonFixture.loadOutput, loadSegment and buildOutput): a value may be a
// `$parameter` expression; a bad value is a problem that skips the output (or the segment)
// while the fixture still builds; a segment is checked against the points it addresses once the
// fixture is built. The output stage (src/light/output) packs the resolved outputs into packets.
import { ModelInputError } from './errors.js';
import { type Variables, evaluate, evaluateCondition, substitute } from './expression.js';
import { BYTE_ORDERS, type ByteOrderName, byteOrderLayout } from './byte-order.js';
import { sourceLine } from './source-lines.js';

type LxfProtocol = 'artnet' | 'sacn' | 'ddp' | 'opc' | 'kinet' | 'artsync';

/** The protocol names a file may use (LX's keys, matched exactly). */
const PROTOCOLS: Readonly<Record<string, LxfProtocol>> = {
  artnet: 'artnet',
  artdmx: 'artnet',
  artsync: 'artsync',
  sacn: 'sacn',
  e131: 'sacn',
  ddp: 'ddp',
  opc: 'opc',
  kinet: 'kinet',
};

/** The key holding the universe (or its stand-in) and the start channel, per protocol. */
const ADDRESS_KEYS: Readonly<Record<LxfProtocol, { readonly universe?: string; readonly channel?: string }>> = {
  artnet: { universe: 'universe', channel: 'channel' },
  sacn: { universe: 'universe', channel: 'channel' },
  ddp: { universe: 'dataOffset' },
  opc: { universe: 'channel', channel: 'offset' },
  kinet: { universe: 'kinetPort', channel: 'channel' },
  artsync: {},
};

/** Data bytes one packet of the protocol holds: the limit of `channel`. */
const MAX_CHANNELS: Readonly<Record<LxfProtocol, number>> = { artnet: 512, sacn: 512, ddp: 65535, opc: 65535, kinet: 512, artsync: 512 };
const PROTOCOL_LABELS: Readonly<Record<LxfProtocol, string>> = {
  artnet: 'Art-Net',
  sacn: 'sACN',
  ddp: 'DDP',
  opc: 'OPC',
  kinet: 'KiNET',
  artsync: 'ArtSync',
};
const SACN_DEFAULT_PRIORITY = 100;
const SACN_MAX_PRIORITY = 200;
const MAX_FPS = 300;
/** Keys of a single segment that an output with `segments` may not also hold. */
const SEGMENT_KEYS = ['num', 'start', 'componentIndex', 'componentId', 'stride', 'reverse', 'padPre', 'padPost', 'headerBytes', 'footerBytes'];

/** Where something was declared: the fixture file, the line and the key path inside it. */
export interface LxfSource {
  /** The file under the media folder, e.g. `Fixtures/rig/Strip.lxf`. */
  readonly file: string;
  readonly line?: number;
  /** Key path from the file's top, e.g. `outputs[1].segments[0].num`. */
  readonly key: string;
}

export interface LxfProblem {
  readonly message: string;
  readonly source: LxfSource;
}

/** One run of pixels of a resolved output, in send order. */
interface LxfSegment {
  /** Point indices relative to the top-level fixture's first point, in send order; -1 sends an empty pixel. */
  readonly indices: Int32Array;
  readonly byteOrder: ByteOrderName;
  /** Bytes from one pixel to the next (at least the byte order's size). */
  readonly outputStride: number;
  readonly headerBytes?: Uint8Array;
  readonly footerBytes?: Uint8Array;
  /** The points addressed, relative to the top-level fixture, before reverse, repeat and padding. */
  readonly start: number;
  readonly num: number;
  readonly stride: number;
  readonly reverse: boolean;
  readonly repeat: number;
  readonly padPre: number;
  readonly padPost: number;
  /** The component the segment names (`componentId` or `components[i]`), if any. */
  readonly component?: string;
  readonly source: LxfSource;
}

/** An output a fixture file declares, resolved against the built fixture. */
export interface LxfOutput {
  readonly protocol: LxfProtocol;
  readonly transport: 'udp' | 'tcp';
  readonly host: string;
  /** The declared port, or -1 for the protocol's standard port. */
  readonly port: number;
  /** Art-Net/sACN universe, DDP data offset, KiNET port or OPC channel. */
  readonly universe: number;
  /** DMX start channel (0-based) or OPC byte offset. */
  readonly channel: number;
  readonly priority: number;
  readonly sequenceEnabled: boolean;
  readonly kinetVersion: 'DMXOUT' | 'PORTOUT';
  /** Most packets per second; 0 = every frame. */
  readonly fps: number;
  readonly segments: readonly LxfSegment[];
  /**
   * The product of the component `brightness` of each nested sub-fixture whose file declares
   * this output (1 for the fixture's own file); the fixture's brightness multiplies it.
   */
  readonly brightness: number;
  /** The fixture labels from the top-level fixture down to the file that declares it. */
  readonly owner: readonly string[];
  readonly source: LxfSource;
}

/** A component of a JSON fixture as outputs address it: its first point and size within that fixture. */
export interface LxfComponentEntry {
  readonly offset: number;
  readonly size: number;
}

/** The components of one JSON fixture, by declaration index and by `id` (LX's componentsByIndex / componentsById). */
export class LxfComponentTable {
  /** Per `components` entry: its built instances, or null when it built nothing (disabled, invalid). */
  readonly byIndex: (LxfComponentEntry[] | null)[] = [];
  readonly byId = new Map<string, LxfComponentEntry[]>();
}

/** What a segment addresses before the fixture is built. */
interface ParsedSegment {
  readonly start: number;
  /** -1: every point of the output's fixture. */
  readonly num: number;
  readonly stride: number;
  readonly repeat: number;
  readonly padPre: number;
  readonly padPost: number;
  readonly reverse: boolean;
  readonly byteOrder: ByteOrderName | undefined;
  readonly outputStride: number;
  readonly headerBytes?: Uint8Array;
  readonly footerBytes?: Uint8Array;
  readonly component?: string;
  readonly source: LxfSource;
}

/** An output as read from the file, before its segments are checked against the built fixture. */
export interface ParsedOutput {
  readonly protocol: LxfProtocol;
  readonly transport: 'udp' | 'tcp';
  readonly host: string;
  readonly port: number;
  readonly universe: number;
  readonly channel: number;
  readonly priority: number;
  readonly sequenceEnabled: boolean;
  readonly kinetVersion: 'DMXOUT' | 'PORTOUT';
  readonly fps: number;
  readonly byteOrder: ByteOrderName;
  readonly segments: readonly ParsedSegment[];
  readonly source: LxfSource;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4/IPv6 address or a DNS host name: what a controller can be reached at. */
export function isHostName(host: string): boolean {
  if (IPV4.test(host) || (host.includes(':') && /^[0-9A-Fa-f:.]+$/.test(host))) return true;
  return host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));
}

/** Java's Integer.parseInt for one radix: an optional sign and digits, else undefined. */
function parseJavaInt(text: string, radix: 10 | 16): number | undefined {
  const digits = radix === 16 ? /^[+-]?[0-9A-Fa-f]+$/ : /^[+-]?\d+$/;
  if (!digits.test(text)) return undefined;
  const v = parseInt(text, radix);
  return v >= -0x80000000 && v <= 0x7fffffff ? v : undefined;
}

/**
 * Reads the values of one JSON object with LX's loaders: numbers and booleans as written, a
 * string as a `$parameter` expression; a value that cannot be read is a problem and reads as
 * 0, false or nothing, as in LX.
 */
class OutputFields {
  constructor(
    readonly obj: Json,
    private readonly vars: Variables,
    readonly file: string,
    readonly key: string,
    private readonly problems: LxfProblem[],
  ) {}

  source(key?: string): LxfSource {
    const line = sourceLine(this.obj, key);
    return { file: this.file, ...(line !== undefined ? { line } : {}), key: key === undefined ? this.key : `${this.key}.${key}` };
  }

  warn(message: string, key?: string): void {
    this.problems.push({ message, source: this.source(key) });
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined;
  }

  child(obj: Json, key: string): OutputFields {
    return new OutputFields(obj, this.vars, this.file, key, this.problems);
  }

  private expression(key: string, text: string): number | boolean | undefined {
    try {
      return evaluate(text, this.vars, `"${key}"`);
    } catch (err) {
      if (!(err instanceof ModelInputError)) throw err;
      this.warn(`${key}: ${err.message}`, key);
      return undefined;
    }
  }

  /** LX's loadFloat: a number, or an expression that evaluates to one; else 0 (with a problem). */
  number(key: string): number {
    const v = this.obj[key];
    if (v === undefined) return 0;
    if (typeof v === 'number') return v;
    if (typeof v === 'string') {
      const r = this.expression(key, v);
      if (r === undefined) return 0;
      if (typeof r !== 'number') {
        this.warn(`${key} must be a number; ${JSON.stringify(v)} is ${r}`, key);
        return 0;
      }
      return Math.fround(r);
    }
    this.warn(`${key} must be a number or an expression`, key);
    return 0;
  }

  /** LX's loadInt: the number truncated to an integer. */
  int(key: string): number {
    return Math.trunc(this.number(key));
  }

  /** LX's loadBoolean: true/false, or an expression; anything else is false. */
  boolean(key: string): boolean {
    const v = this.obj[key];
    if (v === undefined) return false;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'string') {
      try {
        const r = evaluateCondition(v, this.vars, `"${key}"`);
        if (r.refused !== undefined) this.warn(`${key}: ${r.refused}`, key);
        return r.value;
      } catch (err) {
        if (!(err instanceof ModelInputError)) throw err;
        this.warn(`${key}: ${err.message}`, key);
        return false;
      }
    }
    if (typeof v === 'number') return false;
    this.warn(`${key} must be true, false or a boolean expression`, key);
    return false;
  }

  /** LX's loadString: a string with `$parameter` references replaced; anything else is nothing. */
  string(key: string): string | undefined {
    const v = this.obj[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') {
      this.warn(`${key} must be a string`, key);
      return undefined;
    }
    try {
      return substitute(v, this.vars, `"${key}"`);
    } catch (err) {
      if (!(err instanceof ModelInputError)) throw err;
      this.warn(`${key}: ${err.message}`, key);
      return undefined;
    }
  }

  /** Static bytes: a hex string ("FF00") or an array of numbers and "0x.." strings. */
  bytes(key: string): Uint8Array | undefined {
    const v = this.obj[key];
    if (v === undefined) return undefined;
    if (typeof v === 'string') {
      if (v.length === 0 || v.length % 2 !== 0) {
        this.warn(`${key} must be a hex string of positive, even length; got ${JSON.stringify(v)}`, key);
        return undefined;
      }
      const out = new Uint8Array(v.length / 2);
      for (let i = 0; i < out.length; i++) {
        const b = parseJavaInt(v.slice(2 * i, 2 * i + 2), 16);
        if (b === undefined) {
          this.warn(`${key} is not a hex byte string: ${JSON.stringify(v)}`, key);
          return undefined;
        }
        out[i] = b & 0xff;
      }
      return out;
    }
    if (Array.isArray(v)) {
      if (v.length === 0) {
        this.warn(`${key} is an empty array`, key);
        return undefined;
      }
      const out = new Uint8Array(v.length);
      v.forEach((e, i) => {
        let b: number | undefined;
        if (typeof e === 'string' && e.toLowerCase().startsWith('0x')) b = parseJavaInt(e.slice(2), 16);
        else if (typeof e === 'number') b = Math.trunc(e);
        else if (typeof e === 'string') b = parseJavaInt(e, 10);
        if (b === undefined) this.warn(`${key}[${i}] is not a byte value: ${JSON.stringify(e)}`, key);
        else out[i] = b & 0xff;
      });
      return out;
    }
    this.warn(`${key} must be a hex string or an array of byte values`, key);
    return undefined;
  }

  /** LX's loadByteOrder: a byte order name (any letter case), else `fallback`. */
  byteOrder(fallback: ByteOrderName | undefined): ByteOrderName | undefined {
    const name = this.string('byteOrder');
    if (name === undefined) return fallback;
    if (name.length === 0) {
      this.warn('byteOrder may not be empty', 'byteOrder');
      return fallback;
    }
    const order = BYTE_ORDERS.find((o) => o.toLowerCase() === name.toLowerCase());
    if (order === undefined) {
      this.warn(`unknown byteOrder ${JSON.stringify(name)} (one of ${BYTE_ORDERS.join(', ')})`, 'byteOrder');
      return fallback;
    }
    return order;
  }
}

/** What an output block may address: the components of a JSON fixture, when it is one. */
interface OutputTarget {
  readonly components?: LxfComponentTable;
}

/** Reads `output` and `outputs` of `obj` (a fixture file or one of its components), appending to `into`. */
export function parseOutputs(obj: Json, vars: Variables, file: string, key: string, target: OutputTarget, into: ParsedOutput[], problems: LxfProblem[]): void {
  const fields = new OutputFields(obj, vars, file, key, problems);
  if (fields.has('output') && fields.has('outputs')) fields.warn('declares both "output" and "outputs"; both are read', 'outputs');
  const prefix = key === '' ? '' : `${key}.`;
  const one = obj.output;
  if (one !== undefined) {
    if (isObject(one)) parseOutput(fields.child(one, `${prefix}output`), target, into);
    else fields.warn('"output" must be an object', 'output');
  }
  const many = obj.outputs;
  if (many !== undefined) {
    if (!Array.isArray(many)) fields.warn('"outputs" must be an array of output objects', 'outputs');
    else
      many.forEach((o, i) => {
        if (isObject(o)) parseOutput(fields.child(o, `${prefix}outputs[${i}]`), target, into);
        else if (o !== null) fields.warn(`outputs[${i}] must be an output object`, 'outputs');
      });
  }
}

function parseOutput(o: OutputFields, target: OutputTarget, into: ParsedOutput[]): void {
  if (o.has('enabled') && !o.boolean('enabled')) return;
  let fps = 0;
  if (o.has('fps')) {
    fps = o.number('fps');
    if (fps < 0 || fps > MAX_FPS) {
      o.warn(`fps must be 0–${MAX_FPS}; the output is not limited`, 'fps');
      fps = 0;
    }
  }
  const protocolName = o.string('protocol');
  const protocol = protocolName === undefined ? undefined : PROTOCOLS[protocolName];
  if (protocol === undefined) {
    o.warn(
      `unknown protocol ${JSON.stringify(protocolName ?? null)} (artnet, artdmx, artsync, sacn, e131, ddp, opc, kinet); the output is skipped`,
      'protocol',
    );
    return;
  }
  let transport: 'udp' | 'tcp' = 'udp';
  if (o.has('transport')) {
    if (protocol === 'opc') {
      const t = o.string('transport');
      if (t === 'udp' || t === 'tcp') transport = t;
      else o.warn(`transport must be "udp" or "tcp"; got ${JSON.stringify(t ?? null)}, udp is used`, 'transport');
    } else o.warn(`transport applies to OPC only, not ${PROTOCOL_LABELS[protocol]}; it is ignored`, 'transport');
  }
  const host = o.string('host');
  if (host === undefined || host.length === 0) {
    o.warn('an output needs a non-empty "host"; the output is skipped', 'host');
    return;
  }
  if (!isHostName(host)) {
    o.warn(`host ${JSON.stringify(host.slice(0, 80))} is not an IP address or a host name; the output is skipped`, 'host');
    return;
  }
  let port = -1;
  if (o.has('port')) {
    port = o.int('port');
    if (port <= 0 || port > 65535) {
      o.warn(`port must be 1–65535; got ${port}, the output is skipped`, 'port');
      return;
    }
  } else if (protocol === 'opc') {
    o.warn('OPC needs an explicit "port"; the output is skipped', 'port');
    return;
  }
  const keys = ADDRESS_KEYS[protocol];
  const universe = keys.universe === undefined ? 0 : o.int(keys.universe);
  if (universe < 0) {
    o.warn(`${keys.universe} may not be negative; the output is skipped`, keys.universe);
    return;
  }
  const channel = keys.channel === undefined ? 0 : o.int(keys.channel);
  if (channel < 0) {
    o.warn(`${keys.channel} may not be negative; the output is skipped`, keys.channel);
    return;
  }
  if (channel >= MAX_CHANNELS[protocol]) {
    o.warn(`${keys.channel} ${channel} is past ${PROTOCOL_LABELS[protocol]}'s ${MAX_CHANNELS[protocol]} channels; the output is skipped`, keys.channel);
    return;
  }
  let priority = SACN_DEFAULT_PRIORITY;
  if (o.has('priority')) {
    const p = o.int('priority');
    if (p < 0 || p > SACN_MAX_PRIORITY) o.warn(`priority must be 0–${SACN_MAX_PRIORITY}; ${p} is ignored`, 'priority');
    else priority = p;
  }
  let kinetVersion: 'DMXOUT' | 'PORTOUT' = 'PORTOUT';
  if (protocol === 'kinet' && o.has('kinetVersion')) {
    const v = o.string('kinetVersion');
    if (v !== undefined) {
      const upper = v.toUpperCase();
      if (upper === 'DMXOUT' || upper === 'PORTOUT') kinetVersion = upper;
      else o.warn(`kinetVersion must be PORTOUT or DMXOUT; got ${JSON.stringify(v)}`, 'kinetVersion');
    }
  }
  const sequenceEnabled = o.boolean('sequenceEnabled');
  const byteOrder = o.byteOrder('RGB') ?? 'RGB';
  const segments: ParsedSegment[] = [];
  if (o.has('segments')) {
    for (const k of SEGMENT_KEYS) if (o.has(k)) o.warn(`"${k}" is ignored beside "segments"`, k);
    const list = o.obj.segments;
    if (!Array.isArray(list)) o.warn('"segments" must be an array of segment objects', 'segments');
    else
      list.forEach((s, i) => {
        if (isObject(s)) parseSegment(o.child(s, `${o.key}.segments[${i}]`), target, byteOrder, false, segments);
        else if (s !== null) o.warn(`segments[${i}] must be a segment object`, 'segments');
      });
  } else parseSegment(o, target, byteOrder, true, segments);
  into.push({ protocol, transport, host, port, universe, channel, priority, sequenceEnabled, kinetVersion, fps, byteOrder, segments, source: o.source() });
}

function parseSegment(s: OutputFields, target: OutputTarget, outputOrder: ByteOrderName, isOutput: boolean, into: ParsedSegment[]): void {
  let num = -1;
  let start = s.int('start');
  if (start < 0) {
    s.warn('start may not be negative; the segment is skipped', 'start');
    return;
  }
  let component: string | undefined;
  const byComponent = (entries: readonly LxfComponentEntry[], name: string, key: string): boolean => {
    const offset = start;
    let size = 0;
    for (const e of entries) size += e.size;
    if (offset >= size) {
      s.warn(`start ${offset} is past the ${size} points of ${name}; the segment is skipped`, key);
      return false;
    }
    start = entries[0].offset + offset;
    num = size - offset;
    component = name;
    return true;
  };
  if (s.has('componentId')) {
    if (target.components === undefined) {
      s.warn('componentId works only in an output of a fixture file or of a sub-fixture; the segment is skipped', 'componentId');
      return;
    }
    const id = s.string('componentId');
    if (id === undefined) {
      s.warn('componentId must be a string; the segment is skipped', 'componentId');
      return;
    }
    const entries = target.components.byId.get(id);
    if (entries === undefined) {
      s.warn(`no component has id ${JSON.stringify(id)}; the segment is skipped`, 'componentId');
      return;
    }
    if (!byComponent(entries, id, 'componentId')) return;
  } else if (s.has('componentIndex')) {
    if (target.components === undefined) {
      s.warn('componentIndex works only in an output of a fixture file or of a sub-fixture; the segment is skipped', 'componentIndex');
      return;
    }
    const index = s.int('componentIndex');
    if (index < 0 || index >= target.components.byIndex.length) {
      s.warn(`componentIndex ${index} is not one of the ${target.components.byIndex.length} components; the segment is skipped`, 'componentIndex');
      return;
    }
    const entries = target.components.byIndex[index];
    if (entries === null) {
      s.warn(`components[${index}] is disabled or built nothing; the segment is skipped`, 'componentIndex');
      return;
    }
    if (!byComponent(entries, `components[${index}]`, 'componentIndex')) return;
  }
  if (s.has('num')) {
    num = s.int('num');
    if (num < 0) {
      s.warn('num may not be negative; the segment is skipped', 'num');
      return;
    }
  }
  let stride = 1;
  if (s.has('stride')) {
    stride = s.int('stride');
    if (stride <= 0) {
      s.warn('stride must be positive (reverse: true reverses the order); the segment is skipped', 'stride');
      return;
    }
  }
  let repeat = 1;
  if (s.has('repeat')) {
    repeat = s.int('repeat');
    if (repeat <= 0) {
      s.warn('repeat must be positive; the segment is skipped', 'repeat');
      return;
    }
  }
  const padPre = s.has('padPre') ? s.int('padPre') : 0;
  const padPost = s.has('padPost') ? s.int('padPost') : 0;
  if (padPre < 0 || padPost < 0) {
    s.warn('padPre and padPost may not be negative; the segment is skipped', padPre < 0 ? 'padPre' : 'padPost');
    return;
  }
  const reverse = s.boolean('reverse');
  const own = isOutput ? undefined : s.byteOrder(undefined);
  let outputStride = byteOrderLayout(BYTE_ORDERS.indexOf(own ?? outputOrder)).bytes;
  if (s.has('outputStride')) {
    const custom = s.int('outputStride');
    if (custom < outputStride) s.warn(`outputStride ${custom} is less than the byte order's ${outputStride} bytes; it is ignored`, 'outputStride');
    else outputStride = custom;
  }
  let duplicate = 1;
  if (s.has('duplicate')) {
    duplicate = s.int('duplicate');
    if (duplicate <= 0) {
      s.warn('duplicate must be positive; the segment is skipped', 'duplicate');
      return;
    }
  }
  const headerBytes = s.bytes('headerBytes');
  const footerBytes = s.bytes('footerBytes');
  const segment: ParsedSegment = {
    start,
    num,
    stride,
    repeat,
    padPre,
    padPost,
    reverse,
    byteOrder: own,
    outputStride,
    ...(headerBytes !== undefined ? { headerBytes } : {}),
    ...(footerBytes !== undefined ? { footerBytes } : {}),
    ...(component !== undefined ? { component } : {}),
    source: s.source(),
  };
  for (let i = 0; i < duplicate; i++) into.push(segment);
}

/**
 * Checks an output's segments against the built fixture and resolves their points (LX's
 * buildOutput): `offset` and `size` place the fixture (or component) the output was declared
 * on within the file's fixture. One bad segment skips the whole output, as in LX.
 */
export function resolveOutput(parsed: ParsedOutput, offset: number, size: number, owner: readonly string[], problems: LxfProblem[]): LxfOutput | undefined {
  const segments: LxfSegment[] = [];
  for (const s of parsed.segments) {
    if (s.start >= size) {
      problems.push({ message: `start ${s.start} is past the ${size} points it addresses; the output is skipped`, source: s.source });
      return undefined;
    }
    const num = s.num === -1 ? size : s.num;
    if (s.start + s.stride * (num - 1) >= size) {
      problems.push({
        message:
          `the segment runs past the end: start ${s.start}, ${num} points every ${s.stride} ` +
          `need ${s.start + s.stride * (num - 1) + 1} of ${size}; the output is skipped`,
        source: s.source,
      });
      return undefined;
    }
    let first = s.start + offset;
    let step = s.stride;
    if (s.reverse) {
      first += step * (num - 1);
      step = -step;
    }
    const indices = new Int32Array(num * s.repeat + s.padPre + s.padPost).fill(-1);
    let k = s.padPre;
    for (let p = 0; p < num; p++) for (let r = 0; r < s.repeat; r++) indices[k++] = first + p * step;
    segments.push({
      indices,
      byteOrder: s.byteOrder ?? parsed.byteOrder,
      outputStride: s.outputStride,
      ...(s.headerBytes !== undefined ? { headerBytes: s.headerBytes } : {}),
      ...(s.footerBytes !== undefined ? { footerBytes: s.footerBytes } : {}),
      start: s.start + offset,
      num,
      stride: s.stride,
      reverse: s.reverse,
      repeat: s.repeat,
      padPre: s.padPre,
      padPost: s.padPost,
      ...(s.component !== undefined ? { component: s.component } : {}),
      source: s.source,
    });
  }
  return {
    protocol: parsed.protocol,
    transport: parsed.transport,
    host: parsed.host,
    port: parsed.port,
    universe: parsed.universe,
    channel: parsed.channel,
    priority: parsed.priority,
    sequenceEnabled: parsed.sequenceEnabled,
    kinetVersion: parsed.kinetVersion,
    fps: parsed.fps,
    segments,
    brightness: 1,
    owner,
    source: parsed.source,
  };
}
