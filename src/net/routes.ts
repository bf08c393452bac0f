// What a surface hands the one HTTP server (src/http/server.ts): plain handlers, so the surfaces
// depend on this floor and not on the server that mounts them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** A route outside `/mcp` (console API, static files, `/osc-params`). Returns true if it answered. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
/** A WebSocket upgrade handler; returns true if it took the socket. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => boolean;
