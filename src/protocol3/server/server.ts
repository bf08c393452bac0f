import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { AttributionRegistry, Endpoint } from '../../engine/attribution.js';
import type { Origin } from '../../engine/commands/history.js';
import { isLoopbackHost } from '../../net/guards.js';
import type { Engine } from '../../engine/engine.js';
import { invalidArgument } from '../../engine/errors.js';
import { silentLogger, type Logger } from '../../engine/log.js';
import { queuedRequest } from '../../engine/request.js';
import type { Payload, SoundHost } from '../../sound/host/host.js';
import { dispatchLine, errorReply, type WriteHooks } from './dispatch.js';
import { MAX_COMMAND_BYTES, MAX_RESPONSE_BYTES } from '../wire.js';

/** Received lines waiting per connection before the listener stops reading from it. */
const MAX_PENDING_LINES = 1024;

interface Protocol3ServerOptions {
  /** Address to bind. Callers default to 127.0.0.1; anything else is logged as a risk. */
  readonly host: string;
  /** TCP port; 0 picks a free one. Callers default to 8765. */
  readonly port: number;
  readonly soundHost: SoundHost;
  readonly engine: Engine;
  readonly log?: Logger;
  /** Deadline of each request from its arrival, spanning queue and submission. Default: the engine's (30 s). */
  readonly deadlineMs?: number;
  /** Simultaneous connections; further ones get a JSON error and are closed. Default 64. */
  readonly maxConnections?: number;
  /**
   * In-process attribution: for a connection the registry knows (the sound tools' own), each
   * line's history steps are attributed to the origin recorded for that line (the MCP caller),
   * marked `via: 'protocol3'`. Every other connection is attributed to itself (its peer).
   */
  readonly attribution?: AttributionRegistry;
  /** A cluster node's part in write lines: admitted, logged by the leader, forwarded by a render node (docs/cluster.md). */
  readonly writes?: WriteHooks;
}

export interface Protocol3Server {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

type Item =
  | { readonly kind: 'line'; readonly bytes: Buffer; readonly receivedAt: number; readonly origin: Origin }
  | { readonly kind: 'reply'; readonly reply: Payload };

/**
 * The protocol-3 listener: one UTF-8 command line terminated by \n in, one JSON object and \n
 * out, answered in order per connection (pipelining is fine). Each line is parsed, run as one
 * host operation on the engine queue under its own deadline, and answered once. Oversized,
 * malformed or unterminated input gets a JSON error; nothing a client sends stops the listener.
 */
export async function startProtocol3Server(options: Protocol3ServerOptions): Promise<Protocol3Server> {
  const log = (options.log ?? silentLogger).child({ component: 'protocol3' });
  const soundHost = options.soundHost;
  const deadlineMs = options.deadlineMs ?? options.engine.deadlineMs;
  const maxConnections = options.maxConnections ?? 64;
  const sockets = new Set<Socket>();
  const decoder = new TextDecoder('utf-8', { fatal: true });

  let served = 0;
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (served >= maxConnections) {
      socket.on('error', (err) => log.debug({ err }, 'protocol-3 refused connection error'));
      socket.resume(); // read and drop whatever it sends, so its close is seen
      socket.end(`${JSON.stringify(errorReply(invalidArgument(`the listener already serves ${maxConnections} connections; close one and reconnect`), log))}\n`);
      socket.setTimeout(5000, () => socket.destroy());
      return;
    }
    served++;
    socket.on('close', () => served--);
    socket.setNoDelay(true);
    const peer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    const origin: Origin = { surface: 'protocol3', session: peer, client: 'protocol 3' };
    const attribution = options.attribution;
    const ends: { peer: Endpoint; local: Endpoint } | undefined =
      attribution === undefined
        ? undefined
        : {
            peer: { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 },
            local: { address: socket.localAddress ?? '', port: socket.localPort ?? 0 },
          };
    if (ends !== undefined) socket.on('close', () => attribution!.closed(ends.peer, ends.local));
    /** Who the line just received is for: exactly one recorded origin per line, in order. */
    const originOfLine = (): Origin => {
      const recorded = ends === undefined ? undefined : attribution!.take(ends.peer, ends.local);
      return recorded === undefined ? origin : { ...recorded, via: 'protocol3' };
    };
    const pending: Item[] = [];
    let buffered: Buffer[] = [];
    let size = 0;
    let discarding = false;
    let busy = false;
    let ended = false;
    let paused = false;

    const send = (reply: Payload): void => {
      let text = JSON.stringify(reply);
      if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) {
        log.warn({ peer, bytes: Buffer.byteLength(text) }, 'protocol-3 reply over the response bound');
        text = JSON.stringify({
          ok: false,
          error: `the reply exceeded the ${MAX_RESPONSE_BYTES}-byte response bound and was not sent; if the command wrote, read state before deciding anything`,
          code: 'internal',
        });
      }
      if (!socket.destroyed && socket.writable) socket.write(`${text}\n`);
    };

    const oversize = (): Item => ({
      kind: 'reply',
      reply: errorReply(invalidArgument(`the command line exceeds ${MAX_COMMAND_BYTES} bytes and was discarded unread; nothing was run`), log),
    });

    /** A client that does not read its replies stops being served until it does. */
    const drained = (): Promise<void> | undefined => {
      if (socket.writableLength <= MAX_RESPONSE_BYTES || socket.destroyed) return undefined;
      return new Promise<void>((resolve) => {
        const done = (): void => {
          socket.off('drain', done);
          socket.off('close', done);
          resolve();
        };
        socket.on('drain', done);
        socket.on('close', done);
      });
    };

    const answer = async (item: Item): Promise<Payload> => {
      if (item.kind === 'reply') return item.reply;
      let line: string;
      try {
        line = decoder.decode(item.bytes);
      } catch {
        return errorReply(invalidArgument('the command line is not valid UTF-8; nothing was run'), log);
      }
      const request = queuedRequest(soundHost.engine.queue, item.origin, item.receivedAt + deadlineMs, 'protocol3');
      return dispatchLine(soundHost, line, request, log, options.writes);
    };

    const pump = async (): Promise<void> => {
      if (busy) return;
      busy = true;
      try {
        while (pending.length > 0) {
          const item = pending.shift()!;
          if (paused && pending.length < MAX_PENDING_LINES / 4) {
            paused = false;
            socket.resume();
          }
          send(await answer(item));
          await drained();
        }
      } finally {
        busy = false;
      }
      if (ended && pending.length === 0 && !socket.destroyed) socket.end();
    };

    const enqueue = (item: Item): void => {
      pending.push(item);
      if (!paused && pending.length >= MAX_PENDING_LINES) {
        paused = true;
        socket.pause();
      }
    };

    socket.on('data', (chunk: Buffer) => {
      const now = Date.now();
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, nl);
        start = nl + 1;
        const lineOrigin = originOfLine(); // taken for every line, answered or discarded, to stay aligned
        if (discarding)
          discarding = false; // the oversized line ends here; its error is already queued
        else if (size + piece.length > MAX_COMMAND_BYTES) enqueue(oversize());
        else enqueue({ kind: 'line', bytes: size === 0 ? Buffer.from(piece) : Buffer.concat([...buffered, piece]), receivedAt: now, origin: lineOrigin });
        buffered = [];
        size = 0;
      }
      const rest = chunk.subarray(start);
      if (rest.length > 0 && !discarding) {
        if (size + rest.length > MAX_COMMAND_BYTES) {
          discarding = true;
          buffered = [];
          size = 0;
          enqueue(oversize());
        } else {
          buffered.push(Buffer.from(rest));
          size += rest.length;
        }
      }
      void pump();
    });

    socket.on('end', () => {
      ended = true;
      if (size > 0 || discarding) {
        if (!discarding)
          enqueue({
            kind: 'reply',
            reply: errorReply(invalidArgument('the connection closed in the middle of a command (no terminating newline); it was not run'), log),
          });
        buffered = [];
        size = 0;
      }
      void pump();
    });

    socket.on('error', (err) => log.debug({ peer, err }, 'protocol-3 connection error'));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE')
        reject(
          new Error(
            `protocol 3 cannot listen on ${options.host}:${options.port}: the port is already in use. Stop the other listener or choose another port (0 ` +
              `picks a free one).`,
          ),
        );
      else if (err.code === 'EADDRNOTAVAIL')
        reject(new Error(`protocol 3 cannot listen on ${options.host}:${options.port}: that address is not on this machine`));
      else reject(new Error(`protocol 3 cannot listen on ${options.host}:${options.port}: ${err.message}`));
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host: options.host, port: options.port, exclusive: true });
  });
  server.on('error', (err) => log.error({ err }, 'protocol-3 listener error'));

  const address = server.address() as AddressInfo;
  const withdraw = options.attribution?.listening({ address: address.address, port: address.port });
  if (!isLoopbackHost(options.host))
    log.warn(
      { host: address.address, port: address.port },
      'protocol 3 listens on a non-loopback address: it has no authentication, so anyone who can reach this address controls the sound host',
    );
  else log.info({ host: address.address, port: address.port }, 'protocol 3 listening');

  let closing: Promise<void> | null = null;
  return {
    host: address.address,
    port: address.port,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          withdraw?.();
          resolve();
        });
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
}
