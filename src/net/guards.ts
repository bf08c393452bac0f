import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for an address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  if (LOOPBACK_NAMES.has(host)) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The host name of a `Host` header, without the port; undefined if unparsable. */
function hostnameOf(value: string): string | undefined {
  try {
    const url = new URL(`http://${value}`);
    return url.hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

/** How a browser serializes the origin of a page at `http://name:port/` (brackets for IPv6, no default port). */
function originOf(name: string, port: number): string {
  const host = name.includes(':') ? `[${name}]` : name;
  return port === 80 ? `http://${host}` : `http://${host}:${port}`;
}

/**
 * DNS-rebinding protection: a request must name an allowed host in `Host`, and a browser
 * `Origin`, when present, must be exactly one of the origins Footlight serves: `http`, an allowed
 * name and the bound port. The allowed names are the loopback names plus the address Footlight
 * is bound to. The Origin is compared as the string a browser sends, never parsed, so another
 * local server's page (a foreign port), `https:` and spellings a URL parser folds into loopback
 * (`http://2130706433`, `http://127.1`) are all refused.
 */
export class HostGuard {
  private readonly allowed: Set<string>;

  /** `port` is read at each check: it is known only once the server is bound. */
  constructor(
    bindHost: string,
    private readonly port: () => number,
    extra: readonly string[] = [],
  ) {
    this.allowed = new Set(['localhost', '127.0.0.1', '::1', ...extra]);
    if (bindHost !== '0.0.0.0' && bindHost !== '::') this.allowed.add(bindHost.replace(/^\[(.*)\]$/, '$1'));
  }

  /** Returns why the request is refused, or undefined when it may proceed. */
  check(req: IncomingMessage): string | undefined {
    const host = req.headers.host;
    if (host === undefined) return 'missing Host header';
    const name = hostnameOf(host);
    if (name === undefined || !this.allowed.has(name)) return `Host ${JSON.stringify(host)} is not allowed`;
    const origin = req.headers.origin;
    if (origin !== undefined && !this.allowedOrigin(origin))
      return `Origin ${JSON.stringify(origin)} is not allowed (only ${originOf('127.0.0.1', this.port())} and the other names of this server)`;
    return undefined;
  }

  private allowedOrigin(origin: string): boolean {
    const port = this.port();
    for (const name of this.allowed) if (origin === originOf(name, port)) return true;
    return false;
  }
}
