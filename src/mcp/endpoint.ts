import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler, toWebRequest, NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, type McpHttpHandler, type McpServer } from '@modelcontextprotocol/server';
import type { Logger } from '../engine/log.js';
import type { Services } from '../tools/context.js';
import { sendJsonRpcError } from '../net/replies.js';
import type { CallRecord, CallerInfo } from './register-tools.js';
import { createMcpServer, type SessionSubscriptions } from './server-factory.js';
import type { ToolListing } from './register-tools.js';
import { STRUCTURE_URI } from './resources.js';
import { ModernTaskStore } from './modern-tasks.js';
import { TaskResults } from './task-common.js';

/** status.json's lastActivityAt is at most this old while agents are active (one small write per interval). */
const STATUS_ACTIVITY_MS = 5_000;

interface McpEndpointOptions {
  readonly services: Services;
  readonly log: Logger;
  /** A 2025-era session with no request for this long is closed (its id then gets 404). */
  readonly sessionIdleMs?: number;
  /** Open 2025-era sessions at most; the least recently used idle one is closed for a new one. */
  readonly maxSessions?: number;
  readonly maxBodyBytes: number;
  /** Every tool call, for the console's activity feed. */
  readonly onCall?: (record: CallRecord) => void;
  /**
   * What status.json shows changed: the connected state flipped (first session opened, last one
   * closed), or there was activity and the last report is older than STATUS_ACTIVITY_MS.
   */
  readonly onStatusChange?: () => void;
  /** Bytes of finished task results kept at once (default 64 MiB; tests shrink it). */
  readonly taskResultBytes?: number;
}

interface Session {
  readonly id: string;
  readonly subscriptions: SessionSubscriptions;
  readonly server: McpServer;
  readonly listing: ToolListing;
  readonly transport: NodeStreamableHTTPServerTransport;
  readonly caller: CallerInfo;
  lastActivity: number;
  inFlight: number;
}

/**
 * The `/mcp` endpoint for both protocol eras. 2025-era clients get sessions (initialize returns
 * `Mcp-Session-Id`; an unknown or expired id gets 404 so the client re-initializes); 2026-07-28
 * clients are served per request. Each session and each modern request has its own server
 * instance over the shared services.
 */
export class McpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly modern: McpHttpHandler;
  private readonly modernNode: ReturnType<typeof toNodeHandler>;
  private readonly sweeper: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly maxSessions: number;
  /** The last request's time; the startup time until the first one (status.json always carries it). */
  private lastActivityAt = Date.now();
  /** When status.json was last asked to change, so activity rewrites it at most every STATUS_ACTIVITY_MS. */
  private reportedAt = 0;
  private structureTimer: NodeJS.Timeout | undefined;
  private readonly unlistenGraph: () => void;
  private modernActiveUntil = 0;
  private connected = false;
  /** The parsed body of the 2026-era request being served, for the per-request server factory. */
  private readonly modernBody = new AsyncLocalStorage<unknown>();
  /** Tasks of 2026-era requests (the Tasks extension): no session holds them, the endpoint does. */
  private readonly modernTasks: ModernTaskStore;
  /** What finished tasks hold, both eras and every session, within one byte budget. */
  private readonly taskResults: TaskResults;

  constructor(private readonly options: McpEndpointOptions) {
    this.idleMs = options.sessionIdleMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 64;
    this.taskResults = new TaskResults(options.taskResultBytes);
    this.modernTasks = new ModernTaskStore(this.taskResults);
    const onCall = (r: CallRecord): void => options.onCall?.(r);
    this.modern = createMcpHandler(
      () => {
        const { server, listing } = createMcpServer(options.services, { era: 'modern' }, onCall, undefined, this.modernTasks, this.taskResults);
        // No session to remember find_tools in: a served tool called by name is served all the same.
        const called = calledTool(this.modernBody.getStore());
        if (called !== undefined) listing.enableTool(called);
        return server;
      },
      { legacy: 'reject', maxRequestBodySize: options.maxBodyBytes, onerror: (err) => options.log.warn({ err }, 'mcp modern request failed') },
    );
    this.modernNode = toNodeHandler(this.modern, { maxRequestBodySize: options.maxBodyBytes });
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(1000, this.idleMs / 4)));
    this.sweeper.unref();
    // Structural changes can make agents' cached paths point elsewhere: tell subscribers (debounced).
    this.unlistenGraph = options.services.engine.graph.listen({
      structureChanged: () => {
        if (this.structureTimer !== undefined) return;
        this.structureTimer = setTimeout(() => {
          this.structureTimer = undefined;
          this.notifyStructure();
        }, 100);
        this.structureTimer.unref();
      },
    });
  }

  private notifyStructure(): void {
    for (const s of this.sessions.values()) {
      if (s.subscriptions.uris.has(STRUCTURE_URI)) void s.server.server.sendResourceUpdated({ uri: STRUCTURE_URI }).catch(() => undefined);
    }
    this.modern.notify.resourceUpdated(STRUCTURE_URI);
  }

  get activeSessions(): number {
    return this.sessions.size;
  }

  connections(): { connected: boolean; activeSessions: number; lastActivityAt?: string } {
    return { connected: this.isConnected(), activeSessions: this.sessions.size, lastActivityAt: new Date(this.lastActivityAt).toISOString() };
  }

  /** The open 2025-era sessions, for the console's list of connected agents. */
  sessionList(): { id: string; client?: string; lastActivityAt: string; inFlight: number }[] {
    return [...this.sessions.values()].map((s) => {
      const out: { id: string; client?: string; lastActivityAt: string; inFlight: number } = {
        id: s.id,
        lastActivityAt: new Date(s.lastActivity).toISOString(),
        inFlight: s.inFlight,
      };
      if (s.caller.clientName !== undefined) out.client = s.caller.clientName;
      return out;
    });
  }

  private isConnected(): boolean {
    return this.sessions.size > 0 || Date.now() < this.modernActiveUntil;
  }

  private touch(): void {
    this.lastActivityAt = Date.now();
    this.updateConnected();
  }

  private updateConnected(): void {
    const now = this.isConnected();
    const stale = this.lastActivityAt - this.reportedAt >= STATUS_ACTIVITY_MS;
    if (now === this.connected && !stale) return;
    this.connected = now;
    this.reportedAt = Date.now();
    this.options.onStatusChange?.();
  }

  /** Serves one request to `/mcp`. `body` is the parsed JSON of a POST (undefined otherwise). */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (req.method === 'POST') await this.admit();
    const probe = await toWebRequest(req, body, { maxRequestBodySize: this.options.maxBodyBytes });
    if (await isLegacyRequest(probe, body, { maxRequestBodySize: this.options.maxBodyBytes })) {
      await this.handleLegacy(req, res, body);
      return;
    }
    this.modernActiveUntil = Date.now() + this.idleMs;
    this.touch();
    await this.modernBody.run(body, () => this.modernNode(req, res, body));
  }

  /**
   * The SDK's work on a request (conversion, validation, dispatch, up to the tool's queue task)
   * runs on the engine thread too: it starts in the slack between frames, not wherever the
   * request happens to arrive (at most until just after the next frame).
   */
  private admit(): Promise<void> | undefined {
    return this.options.services.engine.queue.admit();
  }

  private async handleLegacy(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const header = req.headers['mcp-session-id'];
    const sid = Array.isArray(header) ? header[0] : header;
    const session = sid === undefined ? undefined : this.sessions.get(sid);
    if (session !== undefined) {
      await this.serve(session, req, res, body);
      return;
    }
    if (req.method === 'POST' && isInitializeRequest(body)) {
      // A fresh initialize is honoured even with a stale session header: the client is recovering.
      await this.open(req, res, body);
      return;
    }
    if (sid !== undefined) {
      sendJsonRpcError(
        res,
        404,
        -32001,
        'Session not found: it expired or the server restarted. Re-initialize (re-read ~/.footlight/status.json if the port may have changed).',
      );
      return;
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      sendJsonRpcError(res, 405, -32000, 'Method not allowed.');
      return;
    }
    sendJsonRpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header. Send initialize first.');
  }

  private async serve(session: Session, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    // A GET is the session's long-lived notification stream: it is neither activity nor work in flight.
    if (req.method === 'GET') {
      await session.transport.handleRequest(req, res, body);
      return;
    }
    session.lastActivity = Date.now();
    session.inFlight++;
    this.touch();
    // A served tool called by name is listed from then on, found or not (clients that ignore list changes).
    const called = calledTool(body);
    if (called !== undefined) session.listing.enableTool(called);
    try {
      await session.transport.handleRequest(req, res, body);
    } finally {
      session.inFlight--;
      session.lastActivity = Date.now();
    }
  }

  private async open(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (this.sessions.size >= this.maxSessions && !this.evictOne()) {
      res.setHeader('Retry-After', '30');
      sendJsonRpcError(res, 503, -32000, `Too many open sessions (${this.maxSessions}); close an unused client or retry later.`);
      return;
    }
    const caller: CallerInfo = { era: 'legacy' };
    const subscriptions: SessionSubscriptions = { uris: new Set() };
    const { server, listing } = createMcpServer(this.options.services, caller, (r) => this.options.onCall?.(r), subscriptions, undefined, this.taskResults);
    let session: Session | undefined;
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        caller.sessionId = id;
        session = { id, server, listing, transport, caller, subscriptions, lastActivity: Date.now(), inFlight: 1 };
        this.sessions.set(id, session);
        this.options.log.info({ session: id }, 'mcp session opened');
        this.touch();
      },
      onsessionclosed: (id) => {
        this.drop(id, 'client closed it');
      },
    });
    transport.onclose = () => {
      if (caller.sessionId !== undefined) this.drop(caller.sessionId, 'transport closed');
    };
    await server.connect(transport);
    try {
      await transport.handleRequest(req, res, body);
    } finally {
      if (session !== undefined) {
        session.inFlight--;
        session.lastActivity = Date.now();
      }
    }
  }

  private drop(id: string, why: string): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    this.options.log.info({ session: id, why }, 'mcp session closed');
    void session.server.close().catch(() => undefined);
    this.updateConnected();
  }

  private evictOne(): boolean {
    let victim: Session | undefined;
    for (const s of this.sessions.values()) if (s.inFlight === 0 && (victim === undefined || s.lastActivity < victim.lastActivity)) victim = s;
    if (victim === undefined) return false;
    this.drop(victim.id, 'evicted for a new session (session cap reached)');
    return true;
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const s of [...this.sessions.values()]) if (s.inFlight === 0 && s.lastActivity < cutoff) this.drop(s.id, 'idle');
    this.updateConnected();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.unlistenGraph();
    if (this.structureTimer !== undefined) clearTimeout(this.structureTimer);
    for (const id of [...this.sessions.keys()]) this.drop(id, 'server stopping');
    await this.modern.close();
  }
}

/** The tool a tools/call request (or the first one of a batch) names. */
function calledTool(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body];
  for (const m of messages) {
    const msg = m as { method?: unknown; params?: { name?: unknown } } | null;
    if (msg?.method === 'tools/call' && typeof msg.params?.name === 'string') return msg.params.name;
  }
  return undefined;
}
