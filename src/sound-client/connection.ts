import { callerOrigin, type AttributionChannel, type AttributionRegistry } from '../engine/attribution.js';
import { internal, invalidArgument } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import { Protocol3AmbiguousWriteError, Protocol3Client, Protocol3Error } from '../protocol3/client/client.js';
import { failureOf, PROTOCOL3, replyProblem } from '../protocol3/replies/index.js';
import { READ_ONLY_COMMANDS } from '../protocol3/wire.js';
import { formatEndpoint, type HostEndpoint } from './endpoint.js';

/**
 * The adapter's protocol-3 connections, one per caller (below). Each connects lazily (a missing
 * host never blocks the MCP handshake), reconnects after a failure only when the next call comes,
 * and proves readiness before anything else: after every (re)connect it reads `capabilities`
 * (read-only) and checks the protocol before the first request of the new connection is sent —
 * never a mutation as a probe. A host whose instance changed (a restart) invalidates every live
 * identity the workflow state holds; `onHostChanged` tells the workflows so.
 *
 * Nothing is retried or replayed: a write whose reply is lost is an `ambiguous` outcome the
 * caller reports as `requires_observation`.
 */

/** What a host says about itself in `capabilities`. */
interface HostIdentity {
  readonly protocol: number;
  readonly host_name: string;
  readonly host_version: string;
  readonly extension_name: string;
  readonly extension_version: string;
  /** Changes on every host start: every live identity must be re-read when it does. */
  readonly instance: string;
  readonly graph_available: boolean;
  readonly api?: unknown;
}

export type NativeReply = Record<string, unknown>;

/** A write's outcome on the wire: a native reply (`ok` true or false), or no reply at all. */
export type WireOutcome =
  | { readonly kind: 'reply'; readonly line: string; readonly reply: NativeReply }
  | {
      readonly kind: 'ambiguous';
      readonly line: string;
      /** What lost the reply: connection_lost, timeout, response_too_large, response_too_deep, malformed_response. */
      readonly transport: string;
      readonly error: string;
    };

export interface ConnectionStatus {
  readonly endpoint: string;
  readonly connected: boolean;
  readonly ready: boolean;
  /** How many connections this adapter has opened (a reconnect adds one). */
  readonly connections: number;
  /** Connections open now: one per caller (MCP session or client) that used the sound tools lately. */
  readonly open_connections: number;
  readonly identity?: HostIdentity;
  readonly ready_at?: string;
  readonly last_error?: string;
}

interface HostConnectionOptions {
  readonly endpoint: () => HostEndpoint;
  readonly log: Logger;
  /** Socket inactivity timeout while a reply is awaited (default 65 s, the contract's). */
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  /** Called when a (re)connect finds a different host or host instance than before. */
  readonly onHostChanged?: (previous: HostIdentity, next: HostIdentity) => void;
  /**
   * The in-process attribution registry of the built-in host's listener. Each line this
   * connection sends records the origin of the call it is sent for (`runAs`), so the history
   * names that MCP session rather than this connection. Ignored for a host the registry does
   * not know (another process): attribution there is this connection's.
   */
  readonly attribution?: AttributionRegistry;
}

/** Reads the identity out of a `capabilities` reply; refuses anything that is not protocol 3. */
function identityOf(caps: NativeReply, where: string): HostIdentity {
  if (caps.ok !== true)
    throw internal(
      `the protocol-3 host at ${where} answered capabilities with ok: ${String(caps.ok)} ` +
        `(${failureOf(caps)?.error ?? 'no error text'}); it is not ready, so nothing was sent`,
    );
  if (caps.protocol !== 3)
    throw internal(`the host at ${where} reports protocol ${JSON.stringify(caps.protocol)}, not 3; the sound tools speak protocol 3 only, so nothing was sent`);
  const checked = PROTOCOL3.capabilities.reply.safeParse(caps);
  if (!checked.success)
    throw internal(
      `the host at ${where} answered capabilities with a reply that does not follow protocol 3 (${replyProblem('capabilities', caps)}); nothing was sent`,
    );
  const c = checked.data;
  return {
    protocol: 3,
    host_name: c.host.name,
    host_version: c.host.version,
    extension_name: c.extension.name,
    extension_version: c.extension.version,
    instance: c.extension.instance,
    graph_available: c.graph_available,
    api: c.api,
  };
}

/** Adapter connections open at once; the least recently used idle one closes for a new caller past it. */
const MAX_LANES = 16;
/** A caller's connection unused this long is closed (its session has likely ended). */
const LANE_IDLE_MS = 5 * 60_000;

/**
 * One protocol-3 connection of the adapter, for one caller (an MCP session, or a 2026-era client):
 * connected lazily, and proven ready (a read-only `capabilities`) before its first request.
 */
class Lane {
  client: Protocol3Client | null = null;
  private connecting: Promise<Protocol3Client> | null = null;
  private readying: Promise<void> | null = null;
  private generation = 0;
  private readyGeneration = -1;
  /** Requests on it now, and when it was last used (to pick one to close or to share). */
  inFlight = 0;
  lastUsed = Date.now();

  constructor(private readonly owner: HostConnection) {}

  get usable(): boolean {
    return this.client?.usable === true;
  }

  get ready(): boolean {
    return this.usable && this.readyGeneration === this.generation;
  }

  /** Connects (if needed) and proves readiness with a read-only `capabilities`. */
  async readyClient(): Promise<Protocol3Client> {
    const client = await this.connected();
    if (this.readyGeneration === this.generation) return client;
    this.readying ??= this.checkReadiness(client).finally(() => {
      this.readying = null;
    });
    await this.readying;
    return client;
  }

  private async checkReadiness(client: Protocol3Client): Promise<void> {
    const generation = this.generation;
    let caps: NativeReply;
    try {
      caps = await client.request('capabilities');
    } catch (err) {
      throw this.owner.transportFailure(err, 'capabilities');
    }
    this.owner.proved(identityOf(caps, this.owner.endpointText));
    if (generation === this.generation) this.readyGeneration = generation;
  }

  private async connected(): Promise<Protocol3Client> {
    if (this.client?.usable) return this.client;
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<Protocol3Client> {
    const client = await this.owner.openClient();
    const old = this.client;
    this.client = client;
    this.generation++;
    if (old !== null) void old.close();
    return client;
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c !== null) await c.close();
  }
}

/**
 * The adapter's protocol-3 connections: one per caller (an MCP session; on the 2026-07-28 era,
 * one per client), so one agent's slow command (a 60-s listen) never holds another agent's reads
 * behind it on a shared line. A caller's own commands stay in order on its connection. At most
 * MAX_LANES are open: past it the least recently used idle one is closed, and when every one is
 * busy the least loaded is shared. The host's identity is one for all of them.
 */
export class HostConnection {
  private readonly lanes = new Map<string, Lane>();
  private opened = 0;
  private closed = false;
  private identityValue: HostIdentity | undefined;
  private readyAt: string | undefined;
  private lastError: string | undefined;

  constructor(private readonly options: HostConnectionOptions) {}

  /** The identity read at the last readiness check (absent before the first). */
  get identity(): HostIdentity | undefined {
    return this.identityValue;
  }

  get endpointText(): string {
    return formatEndpoint(this.options.endpoint());
  }

  /** True on the built-in host: its history names the MCP session behind each step. */
  get attributesCallers(): boolean {
    return this.options.attribution !== undefined;
  }

  status(): ConnectionStatus {
    const lanes = [...this.lanes.values()];
    const out: { -readonly [K in keyof ConnectionStatus]: ConnectionStatus[K] } = {
      endpoint: this.endpointText,
      connected: lanes.some((l) => l.usable),
      ready: lanes.some((l) => l.ready),
      connections: this.opened,
      open_connections: lanes.filter((l) => l.usable).length,
    };
    if (this.identityValue !== undefined) out.identity = this.identityValue;
    if (this.readyAt !== undefined) out.ready_at = this.readyAt;
    if (this.lastError !== undefined) out.last_error = this.lastError;
    return out;
  }

  /**
   * Sends a read-only command on the caller's connection and returns its native reply (`ok:
   * false` included), checked against the command's reply schema (src/protocol3/replies).
   * Transport failures and replies that do not follow protocol 3 throw `internal` (nothing
   * changed; the next call reconnects).
   */
  async read(line: string): Promise<NativeReply> {
    const name = line.split(' ')[0];
    if (!READ_ONLY_COMMANDS.has(name)) throw internal(`${name} is not a read-only protocol-3 command; the adapter sends it only as a write`);
    const reply = await this.onLane(async (client) => {
      try {
        return await client.request(line);
      } catch (err) {
        throw this.transportFailure(err, name);
      }
    });
    const problem = replyProblem(line, reply);
    if (problem !== undefined) {
      this.lastError = `${name}: ${problem}`;
      throw internal(
        `${name}: the reply of the protocol-3 host at ${this.endpointText} does not follow protocol 3 (${problem}). Nothing was changed by this read; ` +
          `the host may be another version.`,
      );
    }
    return reply;
  }

  /**
   * Sends one write on the caller's connection, after proving it ready. Returns the native reply,
   * or `ambiguous` when the reply was lost after the line was sent. Never retried.
   */
  async write(line: string): Promise<WireOutcome> {
    return this.onLane(async (client): Promise<WireOutcome> => {
      try {
        const reply = await client.request(line);
        const problem = replyProblem(line, reply);
        if (problem === undefined) return { kind: 'reply', line, reply };
        // Something came back, but not a protocol-3 reply: whether the write happened is unknown.
        const error = `the reply does not follow protocol 3 (${problem})`;
        this.lastError = error;
        this.options.log.warn(
          { command: line.split(' ')[0], problem },
          'protocol-3 write got a reply that does not follow protocol 3; reported as requires_observation',
        );
        return { kind: 'ambiguous', line, transport: 'malformed_response', error };
      } catch (err) {
        if (err instanceof Protocol3AmbiguousWriteError) {
          this.lastError = err.message;
          this.options.log.warn(
            { command: err.command, transport: err.transportCode },
            'protocol-3 write lost its reply; reported as requires_observation, not retried',
          );
          return { kind: 'ambiguous', line, transport: err.transportCode, error: err.message };
        }
        throw this.transportFailure(err, line.split(' ')[0]);
      }
    });
  }

  /** Connects the caller's connection (if needed) and proves readiness with a read-only `capabilities`. */
  async ready(): Promise<void> {
    await this.onLane(async () => undefined);
  }

  private async onLane<T>(send: (client: Protocol3Client) => Promise<T>): Promise<T> {
    if (this.closed) throw internal('the sound adapter is shut down; nothing was sent');
    const lane = this.lane();
    lane.inFlight++;
    lane.lastUsed = Date.now();
    try {
      return await send(await lane.readyClient());
    } finally {
      lane.inFlight--;
      lane.lastUsed = Date.now();
    }
  }

  /** The caller's connection: by MCP session, else by client; made on first use (see the class). */
  private lane(): Lane {
    const o = callerOrigin();
    const key = o === undefined ? 'process' : o.session !== undefined && o.session !== 'stateless' ? `session ${o.session}` : `${o.surface} ${o.client ?? ''}`;
    let lane = this.lanes.get(key);
    if (lane !== undefined) {
      // Most recently used last: the first idle entry is the one to close.
      this.lanes.delete(key);
      this.lanes.set(key, lane);
      return lane;
    }
    const now = Date.now();
    for (const [k, l] of this.lanes) {
      if (l.inFlight > 0) continue;
      if (this.lanes.size < MAX_LANES && now - l.lastUsed < LANE_IDLE_MS) continue;
      this.lanes.delete(k);
      void l.close();
    }
    if (this.lanes.size >= MAX_LANES) {
      let least: Lane | undefined;
      for (const l of this.lanes.values()) if (least === undefined || l.inFlight < least.inFlight) least = l;
      return least!;
    }
    lane = new Lane(this);
    this.lanes.set(key, lane);
    return lane;
  }

  /** A connection proved the host: keep its identity, and tell the workflows when the host changed. */
  proved(identity: HostIdentity): void {
    const previous = this.identityValue;
    this.identityValue = identity;
    this.readyAt = new Date().toISOString();
    if (
      previous !== undefined &&
      (previous.instance !== identity.instance || previous.host_name !== identity.host_name || previous.extension_name !== identity.extension_name)
    ) {
      this.options.log.info({ previous: previous.instance, next: identity.instance }, 'protocol-3 host changed: live identities are invalid');
      this.options.onHostChanged?.(previous, identity);
    }
  }

  /** Opens a new connection to the host (one per lane), with its attribution channel. */
  async openClient(): Promise<Protocol3Client> {
    if (this.closed) throw internal('the sound adapter is shut down; nothing was sent');
    const endpoint = this.options.endpoint();
    // One origin per line written, in write order, so the listener can pair them line by line.
    let channel: AttributionChannel | undefined;
    const client = new Protocol3Client({
      timeoutMs: this.options.timeoutMs,
      connectTimeoutMs: this.options.connectTimeoutMs,
      onSend: () => channel?.push(callerOrigin()),
      onClose: () => channel?.close(),
    });
    try {
      await client.connect(endpoint.host, endpoint.port);
      const ends = client.endpoints;
      if (this.options.attribution !== undefined && ends !== undefined && client.usable) channel = this.options.attribution.open(ends.local, ends.remote);
    } catch (err) {
      this.lastError = (err as Error).message;
      throw internal(
        `cannot reach the protocol-3 sound host at ${formatEndpoint(endpoint)}: ${(err as Error).message}. Nothing was sent; check that the host runs ` +
          `(footlight status, or the --sound-host address), then call again.`,
      );
    }
    this.opened++;
    return client;
  }

  transportFailure(err: unknown, command: string): Error {
    if (err instanceof Protocol3Error && (err.code === 'command_too_large' || err.code === 'invalid_command')) {
      return invalidArgument(`${command}: ${err.message}`);
    }
    if (err instanceof Protocol3Error) {
      this.lastError = err.message;
      return internal(
        `${command}: the protocol-3 connection to ${this.endpointText} failed (${err.message}). Nothing was changed by this request; the next call ` +
          `reconnects and re-checks the host.`,
      );
    }
    return err instanceof Error ? err : new Error(String(err));
  }

  async close(): Promise<void> {
    this.closed = true;
    const lanes = [...this.lanes.values()];
    this.lanes.clear();
    await Promise.all(lanes.map((l) => l.close()));
  }
}
