// OSCQuery (the Vidvox proposal): an HTTP side channel that describes the OSC surface's address
// space as a JSON tree, so controllers (TouchOSC, Chataigne...) can browse it. Every
// request reads the live show inside the engine queue: parameters added or removed appear at once.
// LISTEN/IGNORE over a WebSocket on the same port stream value changes as binary OSC. No
// PATH_CHANGED: HOST_INFO's EXTENSIONS list only what is served. mDNS advertisement is mdns.ts's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseJsonBounded } from '../engine/client-json.js';
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../engine/log.js';
import { BooleanParameter } from '../engine/parameters/boolean.js';
import { BoundedParameter } from '../engine/parameters/bounded.js';
import { DiscreteParameter } from '../engine/parameters/discrete.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import { TriggerParameter } from '../engine/parameters/trigger.js';
import { HostGuard, isLoopbackHost } from '../net/guards.js';
import { sendJson } from '../net/replies.js';
import type { LightShow } from '../light/show/light-show.js';
import type { Channel } from '../light/mixer/channel.js';
import { oscAddressOf, oscComponentAddress } from '../light/modulation/osc-address.js';
import { encodeMessage } from './codec.js';
import { walkOscAddressSpace } from './osc-params-route.js';
import type { OscSurface } from './osc-surface.js';
import { isOscParameter } from './router.js';
import { oscMode, oscType, outgoing } from './values.js';

/** ACCESS: 0 no value (containers), 2 write-only (triggers), 3 read and write. */
type Access = 0 | 2 | 3;

interface OscQueryNode {
  FULL_PATH: string;
  DESCRIPTION?: string;
  ACCESS: Access;
  TYPE?: string;
  VALUE?: unknown[];
  RANGE?: { MIN?: number; MAX?: number; VALS?: unknown[] }[];
  CONTENTS?: Record<string, OscQueryNode>;
}

/** The attributes Footlight serves; HOST_INFO's EXTENSIONS lists the optional ones among them. */
const SERVED = new Set(['FULL_PATH', 'CONTENTS', 'TYPE', 'DESCRIPTION', 'ACCESS', 'VALUE', 'RANGE']);
/** Attributes the proposal defines that Footlight does not serve: 204, as the proposal asks. */
const NOT_SERVED = new Set(['TAGS', 'EXTENDED_TYPE', 'UNIT', 'CRITICAL', 'CLIPMODE', 'OVERLOADS', 'HTML', 'LISTEN', 'IGNORE', 'PATH_CHANGED']);
/** A LISTEN or IGNORE command is a small JSON object; larger WebSocket messages close the socket. */
const MAX_COMMAND_BYTES = 4096;
/** Addresses one WebSocket may listen to (the demo show has about 1,400). */
const MAX_LISTENS = 10_000;
/** A client that reads slower than the show changes loses values past this much unsent data. */
const MAX_BUFFERED_BYTES = 1 << 20;

interface Listener {
  readonly ws: WebSocket;
  readonly addresses: Set<string>;
}

function hex2(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, '0');
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** A parameter's node: its type tag, value as Footlight sends it, and the range the OSC value runs over. */
function parameterNode(p: Parameter): OscQueryNode {
  const address = oscAddressOf(p);
  const about = p.description === '' ? p.label : `${p.label}: ${p.description}`;
  // Triggers fire on a message with no argument, N, I or a non-zero number: write-only, type nil, no value.
  if (p instanceof TriggerParameter) return { FULL_PATH: address, DESCRIPTION: `${about} (a trigger)`, ACCESS: 2, TYPE: 'N' };
  const type = oscType(p);
  const arg = outgoing(p);
  let value: unknown = (arg as { value: unknown }).value;
  if (type === 'r') {
    const c = value as { red: number; green: number; blue: number; alpha: number };
    value = `#${hex2(c.red)}${hex2(c.green)}${hex2(c.blue)}${hex2(c.alpha)}`;
  }
  const node: OscQueryNode = { FULL_PATH: address, DESCRIPTION: about, ACCESS: 3, TYPE: type, VALUE: [value] };
  if (p instanceof BooleanParameter) {
    node.RANGE = [{ MIN: 0, MAX: 1 }];
    node.DESCRIPTION = `${about} (0 off, 1 on)`;
  } else if (p instanceof DiscreteParameter) {
    node.RANGE = [{ MIN: p.min, MAX: p.max }];
    if (p.options !== null) node.DESCRIPTION = `${about} (${p.options.map((o, i) => `${p.min + i} ${o}`).join(', ')})`;
  } else if (p instanceof BoundedParameter) {
    if (oscMode(p) === 'normalized') {
      node.RANGE = [{ MIN: 0, MAX: 1 }];
      node.DESCRIPTION = `${about} (normalized: 0–1 over ${round(p.min)}–${round(p.max)})`;
    } else node.RANGE = [{ MIN: p.min, MAX: p.max }];
  }
  return node;
}

function activePatternNode(c: Channel): OscQueryNode {
  const names = c.patterns.items.map((x, i) => `${i} ${x.label.getString()}`).join(', ');
  return {
    FULL_PATH: `${oscComponentAddress(c)}/activePattern`,
    DESCRIPTION: `Active pattern, by 0-based index${names === '' ? '' : ` (${names})`}`,
    ACCESS: 3,
    TYPE: 'i',
    VALUE: [c.patterns.length === 0 ? -1 : c.activePatternIndex],
    RANGE: [{ MIN: 0, MAX: Math.max(0, c.patterns.length - 1) }],
  };
}

/**
 * Builds the tree from the live show (call inside the engine queue), with only the methods at or
 * below `under` (and the containers above them): a single-node query does not describe the show.
 */
function buildTree(light: LightShow, under: string): OscQueryNode {
  const prefix = under === '/' ? '/' : `${under}/`;
  const wanted = (address: string): boolean => address === under || address.startsWith(prefix);
  const root: OscQueryNode = { FULL_PATH: '/', DESCRIPTION: 'Footlight', ACCESS: 0, CONTENTS: {} };
  const labels = new Map<string, string>();
  const place = (node: OscQueryNode): void => {
    const segments = node.FULL_PATH.split('/').slice(1);
    let at = root;
    let path = '';
    for (let i = 0; i < segments.length - 1; i++) {
      path += `/${segments[i]}`;
      at.CONTENTS ??= {};
      let next = at.CONTENTS[segments[i]];
      if (next === undefined) {
        const label = labels.get(path);
        next = { FULL_PATH: path, ...(label === undefined ? {} : { DESCRIPTION: label }), ACCESS: 0, CONTENTS: {} };
        at.CONTENTS[segments[i]] = next;
      }
      at = next;
    }
    at.CONTENTS ??= {};
    const last = segments[segments.length - 1];
    // A color's sub-parameters (hue, saturation, brightness) may have been placed first.
    const existing = at.CONTENTS[last];
    at.CONTENTS[last] = existing?.CONTENTS === undefined ? node : { ...node, CONTENTS: existing.CONTENTS };
  };
  walkOscAddressSpace(light, {
    component: (c) => labels.set(oscComponentAddress(c), c.label.getString()),
    parameter: (p) => {
      if (wanted(oscAddressOf(p))) place(parameterNode(p));
    },
    channel: (c) => {
      if (wanted(`${oscComponentAddress(c)}/activePattern`)) place(activePatternNode(c));
    },
  });
  return root;
}

function find(root: OscQueryNode, path: string): OscQueryNode | undefined {
  let at: OscQueryNode | undefined = root;
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    at = at.CONTENTS?.[segment];
    if (at === undefined) return undefined;
  }
  return at;
}

interface OscQueryOptions {
  readonly engine: Engine;
  readonly light: LightShow;
  /** The OSC surface the tree describes (HOST_INFO gives its receive address). */
  readonly osc: OscSurface;
  readonly log: Logger;
  /** Address to listen on; default the OSC surface's receive host. */
  readonly host?: string;
  /** TCP port; 0 picks a free one. */
  readonly port: number;
}

export class OscQueryServer {
  readonly host: string;
  /** The bound port, once listening. */
  port: number | undefined;
  /** Values streamed to LISTENing WebSockets, and values dropped because a client read too slowly. */
  readonly stats = { streamed: 0, dropped: 0 };
  private server: http.Server | null = null;
  private readonly guard: HostGuard;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_COMMAND_BYTES, perMessageDeflate: false, clientTracking: false });
  private readonly listeners = new Set<Listener>();
  private unlisten: (() => void) | null = null;

  constructor(private readonly options: OscQueryOptions) {
    this.host = options.host ?? options.osc.receiveHost;
    this.guard = new HostGuard(this.host, () => this.port ?? 0);
  }

  /** Binds the HTTP port. Rejects when it is taken. */
  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.options.log.error({ err }, 'OSCQuery request failed');
        sendJson(res, 500, { error: 'internal', message: 'the OSCQuery request failed' });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (err) => this.options.log.error({ err }, 'OSCQuery server error'));
    server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    if (!isLoopbackHost(this.host))
      this.options.log.warn(
        { host: this.host, port: this.port },
        `OSCQuery is listening on ${this.host}, which is not loopback: anyone who can reach it reads the show's OSC address space.`,
      );
  }

  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = null;
    for (const l of this.listeners) l.ws.terminate();
    this.listeners.clear();
    const server = this.server;
    this.server = null;
    if (server === null) return;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }

  private hostInfo(): Record<string, unknown> {
    const osc = this.options.osc;
    return {
      NAME: 'Footlight',
      EXTENSIONS: { ACCESS: true, VALUE: true, RANGE: true, DESCRIPTION: true, LISTEN: true },
      // A wildcard bind has no one address to give: without OSC_IP a client uses the one it reached OSCQuery at.
      ...(osc.receiveHost === '0.0.0.0' || osc.receiveHost === '::' ? {} : { OSC_IP: osc.receiveHost }),
      OSC_PORT: osc.receivePort,
      OSC_TRANSPORT: 'UDP',
    };
  }

  private upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const refused = this.guard.check(req);
    if (refused !== undefined) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
  }

  private open(ws: WebSocket): void {
    const listener: Listener = { ws, addresses: new Set() };
    this.listeners.add(listener);
    // Parameter changes are watched only while a WebSocket is open.
    this.unlisten ??= this.options.engine.graph.listen({ parameterChanged: (p) => this.stream(p) });
    ws.on('message', (data, isBinary) => this.command(listener, data as Buffer, isBinary));
    ws.on('error', (err) => this.options.log.debug({ err }, 'OSCQuery socket error'));
    ws.on('close', () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.unlisten?.();
        this.unlisten = null;
      }
    });
  }

  /** LISTEN and IGNORE (JSON text); anything else is logged and ignored. OSC sent over the socket is not applied. */
  private command(listener: Listener, data: Buffer, isBinary: boolean): void {
    let message: unknown;
    try {
      message = isBinary ? undefined : parseJsonBounded(data.toString('utf8'), 4);
    } catch {
      message = undefined;
    }
    const m = message as { COMMAND?: unknown; DATA?: unknown } | undefined;
    const address = typeof m?.DATA === 'string' ? m.DATA : undefined;
    if (m?.COMMAND === 'LISTEN' && address !== undefined && address.startsWith('/') && address.length <= 1024) {
      if (listener.addresses.size < MAX_LISTENS) listener.addresses.add(address);
    } else if (m?.COMMAND === 'IGNORE' && address !== undefined) listener.addresses.delete(address);
    else this.options.log.debug({ binary: isBinary, bytes: data.length }, 'OSCQuery socket: not a LISTEN or IGNORE command; ignored');
  }

  /** Sends a changed parameter's value as binary OSC to every WebSocket LISTENing to its address. */
  private stream(p: Parameter): void {
    if (!isOscParameter(p) || p instanceof TriggerParameter) return;
    const address = oscAddressOf(p);
    let packet: Buffer | undefined;
    for (const l of this.listeners) {
      if (!l.addresses.has(address)) continue;
      if (l.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.stats.dropped++;
        continue;
      }
      packet ??= encodeMessage(address, [outgoing(p)]);
      l.ws.send(packet, { binary: true });
      this.stats.streamed++;
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const refused = this.guard.check(req);
    if (refused !== undefined) {
      sendJson(res, 403, { error: 'forbidden', message: refused });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'method_not_allowed', message: 'OSCQuery answers GET' });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://oscquery.invalid');
    const attribute = url.search.slice(1).split('&')[0].split('=')[0];
    if (attribute === 'HOST_INFO') {
      sendJson(res, 200, this.hostInfo());
      return;
    }
    if (attribute !== '' && !SERVED.has(attribute)) {
      if (NOT_SERVED.has(attribute)) res.writeHead(204).end();
      else sendJson(res, 400, { error: 'invalid_argument', message: `unknown OSCQuery attribute ${JSON.stringify(attribute.slice(0, 60))}` });
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      sendJson(res, 400, { error: 'invalid_argument', message: 'the path is not valid percent-encoding' });
      return;
    }
    const { light, engine } = this.options;
    // One form per node: no trailing slash, no empty segments.
    const under = `/${path
      .split('/')
      .filter((x) => x !== '')
      .join('/')}`;
    const node = await engine.queue.submit(() => find(buildTree(light, under), under), { label: 'oscquery' });
    if (node === undefined) {
      sendJson(res, 404, { error: 'not_found', message: `no OSC address ${path.slice(0, 200)}` });
      return;
    }
    if (attribute === '') {
      sendJson(res, 200, node);
      return;
    }
    // VALUE of a node without a readable value (a container, a trigger) is "inappropriate": 204.
    if (attribute === 'VALUE' && (node.ACCESS & 1) === 0) {
      res.writeHead(204).end();
      return;
    }
    const v = node[attribute as keyof OscQueryNode];
    sendJson(res, 200, v === undefined ? {} : { [attribute]: v });
  }
}
