import { invalidArgument } from '../engine/errors.js';

/** Where the sound tools reach a protocol-3 host. */
export interface HostEndpoint {
  readonly host: string;
  readonly port: number;
}

/**
 * Parses `HOST:PORT` (`[::1]:8765` for IPv6). The port is required: the sound tools never
 * guess where a host listens.
 */
export function parseEndpoint(text: string, what = 'sound host', example = 8765): HostEndpoint {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(text.trim());
  if (m === null) throw invalidArgument(`a ${what} is HOST:PORT, e.g. 127.0.0.1:${example} or [::1]:${example}; got ${JSON.stringify(text.slice(0, 80))}`);
  const port = Number(m[3]);
  if (port < 1 || port > 65535) throw invalidArgument(`the ${what}'s port must be 1–65535; got ${port}`);
  return { host: m[1] ?? m[2], port };
}

export const formatEndpoint = (e: HostEndpoint): string => (e.host.includes(':') ? `[${e.host}]:${e.port}` : `${e.host}:${e.port}`);
