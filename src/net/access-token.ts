import type { IncomingMessage } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The query parameter a browser's WebSocket carries the token in (it cannot set headers). */
const ACCESS_TOKEN_PARAM = 'access_token';

/** A fresh access token: 256 random bits, URL-safe. */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Paths that never touch the show and so stay open without the token: `/health` (for `footlight
 * status`) and the console's static shell, which must load before it can read the token from
 * the link (`#token=…`) and send it on every request.
 */
function open(req: IncomingMessage, url: URL): boolean {
  if (url.pathname === '/health') return true;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (url.pathname === '/mcp' || url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
  return url.pathname === '/' || /^\/[\w/.-]+\.(html|js|css)$/.test(url.pathname);
}

/**
 * Bearer-token check for a Footlight that listens beyond loopback: MCP, the console's API and its
 * WebSockets need `Authorization: Bearer <token>` (a WebSocket may send `?access_token=<token>`
 * instead). Returns why a request is refused, or undefined when it may proceed.
 */
export class AccessGuard {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = Buffer.from(token);
  }

  check(req: IncomingMessage, url: URL, upgrade = false): string | undefined {
    if (!upgrade && open(req, url)) return undefined;
    const header = req.headers.authorization;
    const bearer = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const given = bearer ?? (upgrade ? (url.searchParams.get(ACCESS_TOKEN_PARAM) ?? undefined) : undefined);
    if (given === undefined)
      return (
        'this Footlight listens beyond loopback and needs its access token: send Authorization: Bearer <token> (the token is in the serve ' +
        "banner, in status.json and in the console's Connect dialog)"
      );
    const got = Buffer.from(given);
    if (got.length !== this.expected.length || !timingSafeEqual(got, this.expected))
      return 'wrong access token: use the token this Footlight printed at start (its banner, status.json or the Connect dialog); it changes at every start';
    return undefined;
  }
}
