import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../engine/log.js';
import type { McpEndpoint } from '../mcp/endpoint.js';
import { parseJsonBounded } from '../engine/client-json.js';
import { FootlightError } from '../engine/errors.js';
import { BodyTooLargeError, readBody } from '../net/body.js';
import { refuseOversizedChunks } from './framing.js';
import { HostGuard, isLoopbackHost } from '../net/guards.js';
import { AccessGuard, generateAccessToken } from '../net/access-token.js';
import { sendJson, sendJsonRpcError } from '../net/replies.js';

import type { RouteHandler, UpgradeHandler } from '../net/routes.js';

interface HttpServerOptions {
  readonly host: string;
  readonly port: number;
  readonly log: Logger;
  readonly mcp: McpEndpoint;
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
  readonly routes?: readonly RouteHandler[];
  readonly upgrades?: readonly UpgradeHandler[];
  /** How long a request's headers may take to arrive, in ms (then 408 and close). Default HEADERS_TIMEOUT_MS. */
  readonly headersTimeoutMs?: number;
  /** How long a whole request, headers and body, may take to arrive, in ms (then 408 and close). Default REQUEST_TIMEOUT_MS. */
  readonly requestTimeoutMs?: number;
  /** The access token required beyond loopback; default: a fresh one. Ignored on a loopback bind. */
  readonly accessToken?: string;
}

/** A request's headers arrive within this (a loopback client sends them in one write). */
const HEADERS_TIMEOUT_MS = 10_000;
/**
 * A whole request arrives within this. It also ends a chunked body that announces more than it
 * sends (a chunk size of FFFFFFFFFFFFFFFF is valid framing to Node's parser, which would wait for it).
 */
const REQUEST_TIMEOUT_MS = 30_000;

export interface RunningHttpServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  readonly url: string;
  /** The bearer token MCP and the console require; undefined on a loopback bind, which needs none. */
  readonly accessToken?: string;
  close(): Promise<void>;
}

/** The warning logged when binding an address other machines can reach; undefined for loopback. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `Footlight is listening on ${host}, which is not loopback: anyone who can reach this address and has the access token controls the show ` +
    '(the token is plain text over HTTP: use a network you trust).'
  );
}

/** Raised when the port cannot be bound; the message says what to do. */
export class ListenError extends Error {}

/**
 * The one HTTP server of the process: MCP at `/mcp`, the console and its API beside it. Every
 * request and upgrade passes the Host/Origin guard first.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const guard = new HostGuard(options.host, () => boundPort());
  // The decision follows the bind, not the peer: a wildcard bind needs the token even from loopback.
  const accessToken = isLoopbackHost(options.host) ? undefined : (options.accessToken ?? generateAccessToken());
  const access = accessToken === undefined ? undefined : new AccessGuard(accessToken);
  const log = options.log;
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  // Node checks the limits every connectionsCheckingInterval; check often enough that they hold.
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4)));
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: checkEvery }, (req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log.error({ err, url: req.url }, 'http request failed');
      sendJson(res, 500, { error: 'internal', message: 'unexpected server failure (logged)' });
    });
  });
  refuseOversizedChunks(server, options.maxBodyBytes, (size) => log.warn({ size: String(size) }, 'refused a chunked body announcing more than the body limit'));
  // Node closes an idle keep-alive connection after 5 s. A client whose event loop is busy longer
  // than that between two requests (an SDK client compiling its output-schema validators on the
  // first call, under load) then writes into a socket the server has just closed: ECONNRESET.
  // (Node 20 starts the headers limit at a request's first byte, not at the idle connection's.)
  server.keepAliveTimeout = 65_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = guard.check(req);
    if (refused !== undefined) {
      log.warn({ url: req.url, host: req.headers.host, origin: req.headers.origin }, `refused request: ${refused}`);
      sendJson(res, 403, { error: 'forbidden', message: `${refused} (DNS-rebinding protection: use http://127.0.0.1:${boundPort()}/)` });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const denied = access?.check(req, url);
    if (denied !== undefined) {
      log.warn({ url: url.pathname, remote: req.socket.remoteAddress }, `refused request: ${denied}`);
      sendJson(res, 401, { error: 'unauthorized', message: denied }, { 'www-authenticate': 'Bearer realm="footlight"' });
      return;
    }
    if (url.pathname === '/mcp') {
      await handleMcp(req, res);
      return;
    }
    if (url.pathname === '/health') {
      sendJson(res, 200, { ok: true, mcp: options.mcp.connections() });
      return;
    }
    for (const route of options.routes ?? []) if (await route(req, res, url)) return;
    sendJson(res, 404, { error: 'not_found', message: `nothing at ${url.pathname}; MCP is at /mcp` });
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    if (req.method === 'POST') {
      let raw: Buffer;
      try {
        raw = await readBody(req, options.maxBodyBytes);
      } catch (err) {
        if (err instanceof BodyTooLargeError) {
          sendJsonRpcError(res, 413, -32600, `Request body too large: the limit is ${err.limit} bytes.`);
          return;
        }
        throw err;
      }
      try {
        body = parseJsonBounded(raw.toString('utf8'));
      } catch (err) {
        if (err instanceof FootlightError) sendJsonRpcError(res, 400, -32600, `Invalid Request: ${err.message}.`);
        else sendJsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
        return;
      }
    }
    await options.mcp.handle(req, res, body);
  }

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refused = guard.check(req);
    const denied = refused === undefined ? access?.check(req, url, true) : undefined;
    if (refused === undefined && denied === undefined) for (const up of options.upgrades ?? []) if (up(req, socket, head, url)) return;
    if (denied !== undefined) log.warn({ url: url.pathname, remote: req.socket.remoteAddress }, `refused upgrade: ${denied}`);
    const status = refused !== undefined ? '403 Forbidden' : denied !== undefined ? '401 Unauthorized' : '404 Not Found';
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(
          new ListenError(
            `port ${options.port} on ${options.host} is already in use — is another Footlight running? Stop it, or start with --port <other> (0 picks a free ` +
              `port).`,
          ),
        );
      else if (err.code === 'EADDRNOTAVAIL') reject(new ListenError(`cannot bind ${options.host}: no such address on this machine`));
      else if (err.code === 'EACCES') reject(new ListenError(`not allowed to bind ${options.host}:${options.port}`));
      else reject(err);
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  function boundPort(): number {
    return port;
  }
  const warning = exposureWarning(options.host);
  if (warning !== undefined) log.warn({ host: options.host, port }, warning);
  // A wildcard bind is reached locally through loopback, the only name the Host guard lets in for it.
  const reachable = options.host === '0.0.0.0' ? '127.0.0.1' : options.host === '::' ? '::1' : options.host;
  const urlHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  return {
    server,
    host: options.host,
    port,
    url: `http://${urlHost}:${port}/mcp`,
    ...(accessToken === undefined ? {} : { accessToken }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
