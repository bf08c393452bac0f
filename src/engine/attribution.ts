import { AsyncLocalStorage } from 'node:async_hooks';
import type { Origin } from './commands/history.js';

/**
 * Who a change is made for, across an in-process line protocol.
 *
 * The sound tools reach the built-in sound host only through protocol 3, over one TCP
 * connection shared by every MCP session. Without help the listener would attribute every
 * step that connection makes to the connection itself (`protocol3`, the adapter's peer
 * address). This module carries the real caller across that hop without touching the wire:
 *
 * - `runAs(origin, fn)` marks everything `fn` does (awaits, timers included) as done for
 *   `origin`; `callerOrigin()` reads it back. The MCP surface wraps each tool call in it.
 * - `AttributionRegistry` holds, per in-process connection, a FIFO of origins: the client side
 *   pushes one for every line it writes (reads included, so lines and origins stay aligned),
 *   the listener takes one for every line it receives. A connection is keyed by its 4-tuple as
 *   both ends see it, and forgotten when it closes; a connection the registry does not know (a
 *   raw protocol-3 client, another process) keeps the listener's own attribution.
 *
 * Kernel-neutral: it knows origins and TCP endpoints, nothing of light or sound.
 */

const caller = new AsyncLocalStorage<Origin>();

/** Runs `fn` on behalf of `origin`: `callerOrigin()` returns it inside, across awaits. */
export function runAs<T>(origin: Origin, fn: () => T): T {
  return caller.run(origin, fn);
}

/** The origin the current call runs for, or undefined outside any `runAs`. */
export function callerOrigin(): Origin | undefined {
  return caller.getStore();
}

/** One end of a TCP connection, as Node reports it (`socket.localAddress`, `remotePort`, ...). */
export interface Endpoint {
  readonly address: string;
  readonly port: number;
}

/** The client side's handle on one connection's FIFO. */
export interface AttributionChannel {
  /** Records the origin of the line about to be written (undefined: the listener's default). */
  push(origin: Origin | undefined): void;
  /** The client's socket closed. */
  close(): void;
}

/** An IPv4 address the dual-stack listener reports as `::ffff:a.b.c.d` is the same address. */
const norm = (address: string): string => (address.startsWith('::ffff:') ? address.slice(7) : address);
const at = (e: Endpoint): string => `${norm(e.address)}|${e.port}`;
const connectionKey = (client: Endpoint, server: Endpoint): string => `${at(client)}>${at(server)}`;
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

interface Entry {
  readonly origins: (Origin | undefined)[];
  /** The listener has taken a line from it (so the listener's close will forget it). */
  seen: boolean;
}

export class AttributionRegistry {
  private readonly listeners = new Map<number, Set<string>>();
  private readonly entries = new Map<string, Entry>();

  /** The built-in listener announces where it listens; the returned function withdraws it. */
  listening(local: Endpoint): () => void {
    let addresses = this.listeners.get(local.port);
    if (addresses === undefined) this.listeners.set(local.port, (addresses = new Set()));
    const address = norm(local.address);
    addresses.add(address);
    return () => {
      addresses.delete(address);
      if (addresses.size === 0 && this.listeners.get(local.port) === addresses) this.listeners.delete(local.port);
      // Connections the listener never served (it stopped first) are forgotten with it.
      for (const key of [...this.entries.keys()]) if (key.endsWith(`|${local.port}`)) this.entries.delete(key);
    };
  }

  /**
   * The client side opened a connection from `local` to `remote`. Returns its channel when
   * `remote` is an in-process listener that takes attribution, else undefined (nothing is kept).
   */
  open(local: Endpoint, remote: Endpoint): AttributionChannel | undefined {
    const addresses = this.listeners.get(remote.port);
    if (addresses === undefined || !([...addresses].some((a) => WILDCARDS.has(a)) || addresses.has(norm(remote.address)))) return undefined;
    const key = connectionKey(local, remote);
    const entry: Entry = { origins: [], seen: false };
    this.entries.set(key, entry);
    let open = true;
    return {
      push: (origin) => {
        if (open && this.entries.get(key) === entry) entry.origins.push(origin);
      },
      close: () => {
        open = false;
        // Lines the listener has not read yet still need their origins: once it has read from
        // this connection, its own close forgets the entry.
        if (!entry.seen && this.entries.get(key) === entry) this.entries.delete(key);
      },
    };
  }

  /**
   * The listener received one line from `peer` on its `local` end: the origin it was sent for,
   * or undefined (an unknown connection, or a line sent outside any call).
   */
  take(peer: Endpoint, local: Endpoint): Origin | undefined {
    const entry = this.entries.get(connectionKey(peer, local));
    if (entry === undefined) return undefined;
    entry.seen = true;
    return entry.origins.shift();
  }

  /** The listener's socket for this connection closed: forget it. */
  closed(peer: Endpoint, local: Endpoint): void {
    this.entries.delete(connectionKey(peer, local));
  }

  /** Connections with an entry (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Origins recorded and not yet taken, over every connection (tests and diagnostics). */
  get queued(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.origins.length;
    return n;
  }
}
