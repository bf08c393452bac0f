import { connect as netConnect, type Socket } from 'node:net';
import { CLIENT_TIMEOUT_MS, MAX_COMMAND_BYTES, MAX_RESPONSE_BYTES, MAX_RESPONSE_DEPTH, READ_ONLY_COMMANDS } from '../wire.js';

/**
 * A protocol-3 client for the MCP sound adapter, usable against any protocol-3 host. It bounds
 * commands (1 MiB) and replies (8 MiB), times a connection out after 65 s without data while a
 * reply is awaited, pipelines correctly (replies are matched to requests in order), and never
 * retries or replays anything. When the connection is lost after a write was sent, the write's
 * promise rejects with Protocol3AmbiguousWriteError: the host may or may not have applied it,
 * so the caller must read state (requires_observation) before deciding anything.
 */

type Protocol3ErrorCode =
  | 'not_connected'
  | 'connect_failed'
  | 'invalid_command'
  | 'command_too_large'
  | 'response_too_large'
  | 'response_too_deep'
  | 'malformed_response'
  | 'timeout'
  | 'connection_lost'
  | 'ambiguous_write';

export class Protocol3Error extends Error {
  override readonly name: string = 'Protocol3Error';
  constructor(
    readonly code: Protocol3ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The client is closed, or was never connected. Nothing was sent. */
export class Protocol3NotConnectedError extends Protocol3Error {
  override readonly name = 'Protocol3NotConnectedError';
  constructor(message = 'the protocol-3 client is not connected; nothing was sent') {
    super('not_connected', message);
  }
}

export class Protocol3ConnectError extends Protocol3Error {
  override readonly name = 'Protocol3ConnectError';
  constructor(message: string, cause?: unknown) {
    super('connect_failed', message, { cause });
  }
}

/** Refused before sending: not a single line, or over the command bound. Nothing was sent. */
export class Protocol3CommandError extends Protocol3Error {
  override readonly name = 'Protocol3CommandError';
}

/**
 * A read-only request lost its reply (timeout, connection loss, oversized or malformed reply).
 * Nothing changed because of it; the client is closed, and a new connection may ask again.
 */
export class Protocol3TransportError extends Protocol3Error {
  override readonly name = 'Protocol3TransportError';
  constructor(
    code: Protocol3ErrorCode,
    message: string,
    readonly command: string,
    cause?: unknown,
  ) {
    super(code, message, { cause });
  }
}

/**
 * A write was sent and then its reply was lost (timeout, connection loss, oversized or
 * malformed reply). The host may have applied it. Do not replay it: read state first
 * (`requiresObservation`), then decide.
 */
export class Protocol3AmbiguousWriteError extends Protocol3Error {
  override readonly name = 'Protocol3AmbiguousWriteError';
  readonly requiresObservation = true as const;
  readonly retryPerformed = false as const;
  constructor(
    readonly command: string,
    /** What lost the reply. */
    readonly transportCode: Protocol3ErrorCode,
    message: string,
    cause?: unknown,
  ) {
    super('ambiguous_write', message, { cause });
  }
}

interface Protocol3ClientOptions {
  /** Socket inactivity timeout while a reply is awaited, ms. Default 65 000. */
  readonly timeoutMs?: number;
  /** Time to establish the connection, ms. Default 10 000. */
  readonly connectTimeoutMs?: number;
  readonly maxCommandBytes?: number;
  readonly maxResponseBytes?: number;
  /** Deepest nesting of arrays and objects a reply may have to be parsed. Default 64. */
  readonly maxResponseDepth?: number;
  /**
   * Called synchronously just before each line is written to the socket, in the caller's
   * async context (in-process attribution uses it; see src/engine/attribution.ts).
   */
  readonly onSend?: (line: string) => void;
  /** Called once when the socket has closed, for whatever reason. */
  readonly onClose?: () => void;
}

interface PendingRequest {
  readonly command: string;
  readonly write: boolean;
  readonly resolve: (reply: Record<string, unknown>) => void;
  readonly reject: (err: Error) => void;
}

/**
 * Whether a reply's arrays and objects nest deeper than `limit`, scanning its UTF-8 bytes (every
 * byte of a multi-byte character is ≥ 0x80, so brackets, quotes and backslashes are themselves).
 */
function replyExceedsDepth(line: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The command name of a line: its first ASCII-whitespace-delimited token. */
function commandName(line: string): string {
  return line.trim().split(/[ \t\r\v\f]+/)[0] ?? '';
}

export class Protocol3Client {
  private socket: Socket | null = null;
  private readonly pending: PendingRequest[] = [];
  private buffered: Buffer[] = [];
  private size = 0;
  private failure: Protocol3Error | null = null;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly maxCommandBytes: number;
  private readonly maxResponseBytes: number;
  private readonly maxResponseDepth: number;
  private readonly onSend: ((line: string) => void) | undefined;
  private readonly onClose: (() => void) | undefined;

  constructor(options: Protocol3ClientOptions = {}) {
    this.onSend = options.onSend;
    this.onClose = options.onClose;
    this.timeoutMs = options.timeoutMs ?? CLIENT_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.maxCommandBytes = options.maxCommandBytes ?? MAX_COMMAND_BYTES;
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.maxResponseDepth = options.maxResponseDepth ?? MAX_RESPONSE_DEPTH;
  }

  /** Connects; one client holds one connection. */
  connect(host: string, port: number): Promise<void> {
    if (this.socket !== null) return Promise.reject(new Protocol3Error('connect_failed', 'this client is already connected (or was); create a new client'));
    return new Promise<void>((resolve, reject) => {
      const socket = netConnect({ host, port });
      this.socket = socket;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Protocol3ConnectError(`could not connect to protocol 3 at ${host}:${port} within ${this.connectTimeoutMs} ms`));
      }, this.connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        socket.setTimeout(this.timeoutMs);
        socket.off('error', onConnectError);
        socket.on('error', (err) => this.fail('connection_lost', `the protocol-3 connection failed: ${err.message}`, err));
        resolve();
      });
      const onConnectError = (err: Error): void => {
        clearTimeout(timer);
        this.failure = new Protocol3NotConnectedError('the protocol-3 client never connected');
        reject(new Protocol3ConnectError(`could not connect to protocol 3 at ${host}:${port}: ${err.message}`, err));
      };
      socket.once('error', onConnectError);
      socket.on('data', (chunk: Buffer) => this.onData(chunk));
      socket.on('timeout', () => {
        if (this.pending.length > 0) this.fail('timeout', `no reply within ${this.timeoutMs} ms`);
      });
      socket.on('close', () => {
        this.fail('connection_lost', 'the protocol-3 connection closed');
        this.onClose?.();
      });
    });
  }

  /** Both ends of the connection as this side sees them; undefined before it connected. */
  get endpoints(): { readonly local: { address: string; port: number }; readonly remote: { address: string; port: number } } | undefined {
    const s = this.socket;
    if (s === null || s.localAddress === undefined || s.localPort === undefined || s.remoteAddress === undefined || s.remotePort === undefined)
      return undefined;
    return { local: { address: s.localAddress, port: s.localPort }, remote: { address: s.remoteAddress, port: s.remotePort } };
  }

  /** Requests awaiting their reply. */
  get inFlight(): number {
    return this.pending.length;
  }

  /** False once the connection failed or was closed; make a new client then. */
  get usable(): boolean {
    return this.socket !== null && this.failure === null;
  }

  /**
   * Sends one command line and resolves with its parsed JSON reply (an object; `ok: false`
   * replies resolve too, they are data). Several requests may be in flight; replies come back
   * in order. Never retried.
   */
  request(line: string): Promise<Record<string, unknown>> {
    if (this.failure !== null)
      return Promise.reject(new Protocol3NotConnectedError(`the protocol-3 connection is gone (${this.failure.message}); nothing was sent`));
    if (this.socket === null) return Promise.reject(new Protocol3NotConnectedError());
    if (typeof line !== 'string' || line.includes('\n'))
      return Promise.reject(new Protocol3CommandError('invalid_command', 'a protocol-3 command is one line without a newline; nothing was sent'));
    const bytes = Buffer.byteLength(line, 'utf8');
    if (bytes > this.maxCommandBytes)
      return Promise.reject(
        new Protocol3CommandError('command_too_large', `the command is ${bytes} bytes; the bound is ${this.maxCommandBytes}; nothing was sent`),
      );
    const command = commandName(line);
    return new Promise((resolve, reject) => {
      this.pending.push({ command, write: !READ_ONLY_COMMANDS.has(command), resolve, reject });
      this.onSend?.(line);
      this.socket!.write(`${line}\n`);
    });
  }

  /** Closes the connection. Requests still in flight reject (writes as ambiguous). */
  close(): Promise<void> {
    const socket = this.socket;
    if (socket === null || socket.destroyed) {
      this.failure ??= new Protocol3NotConnectedError('the protocol-3 client is closed');
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      this.fail('connection_lost', 'the client was closed before the reply arrived');
    });
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl >= 0 && this.failure === null; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.size + piece.length > this.maxResponseBytes)
        return this.fail('response_too_large', `a reply exceeded the ${this.maxResponseBytes}-byte response bound`);
      const line = this.size === 0 ? piece : Buffer.concat([...this.buffered, piece]);
      this.buffered = [];
      this.size = 0;
      this.onLine(line);
    }
    if (this.failure !== null) return;
    const rest = chunk.subarray(start);
    if (rest.length === 0) return;
    if (this.size + rest.length > this.maxResponseBytes)
      return this.fail('response_too_large', `a reply exceeded the ${this.maxResponseBytes}-byte response bound`);
    this.buffered.push(Buffer.from(rest));
    this.size += rest.length;
  }

  private onLine(line: Buffer): void {
    if (replyExceedsDepth(line, this.maxResponseDepth))
      return this.fail('response_too_deep', `a reply nested deeper than ${this.maxResponseDepth} levels of arrays and objects and was not parsed`);
    let reply: unknown;
    try {
      reply = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(line));
    } catch (err) {
      return this.fail('malformed_response', 'a reply was not a JSON line', err);
    }
    if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) return this.fail('malformed_response', 'a reply was not a JSON object');
    const next = this.pending.shift();
    if (next === undefined) return this.fail('malformed_response', 'the host sent a reply nobody asked for');
    next.resolve(reply as Record<string, unknown>);
  }

  /** Ends the connection and rejects everything in flight; never retries. */
  private fail(code: Protocol3ErrorCode, message: string, cause?: unknown): void {
    if (this.failure === null) this.failure = new Protocol3Error(code, message, { cause });
    const lost = this.pending.splice(0);
    for (const p of lost) {
      if (p.write)
        p.reject(
          new Protocol3AmbiguousWriteError(
            p.command,
            code,
            `${p.command}: ${message} after the write was sent; it may or may not have been applied. Read state before deciding; do not replay it.`,
            cause,
          ),
        );
      else p.reject(new Protocol3TransportError(code, `${p.command}: ${message}; nothing was changed by this read`, p.command, cause));
    }
    if (this.socket !== null && !this.socket.destroyed) this.socket.destroy();
  }
}
