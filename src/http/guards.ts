import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for an address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  if (LOOPBACK_NAMES.has(host)) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The host name of a `Host` header or an `Origin` URL, without the port; undefined if unparsable. */
function hostnameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    return url.hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

/**
 * DNS-rebinding protection: a request must name an allowed host in `Host`, and a browser
 * `Origin`, when present, must be one too. The allowed names are the loopback names plus the
 * address Footlight is bound to.
 */
export class HostGuard {
  private readonly allowed: Set<string>;

  constructor(bindHost: string, extra: readonly string[] = []) {
    this.allowed = new Set(['localhost', '127.0.0.1', '::1', ...extra]);
    if (bindHost !== '0.0.0.0' && bindHost !== '::') this.allowed.add(bindHost.replace(/^\[(.*)\]$/, '$1'));
  }

  /** Returns why the request is refused, or undefined when it may proceed. */
  check(req: IncomingMessage): string | undefined {
    const host = req.headers.host;
    if (host === undefined) return 'missing Host header';
    const name = hostnameOf(host, false);
    if (name === undefined || !this.allowed.has(name)) return `Host ${JSON.stringify(host)} is not allowed`;
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      const o = hostnameOf(origin, true);
      if (o === undefined || !this.allowed.has(o)) return `Origin ${JSON.stringify(origin)} is not allowed`;
    } else if (origin === 'null') return 'Origin "null" is not allowed';
    return undefined;
  }
}
