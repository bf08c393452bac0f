// What DMX input the operator asked for: `serve --dmx-in artnet|sacn[:PORT][/UNIVERSES]` (several
// allowed) and `--dmx-in-host`, or config.json's `dmxIn`. Nothing is received unless asked; the
// receivers listen on loopback unless the operator names an interface.
import { invalidArgument } from '../../engine/errors.js';
import { DMX_UNIVERSES } from '../dmx/dmx-engine.js';
import { MAX_RECEIVERS } from './dmx-in-layout.js';

export const DMX_IN_PROTOCOLS = ['artnet', 'sacn'] as const;
export type DmxInProtocol = (typeof DMX_IN_PROTOCOLS)[number];

/** The ports the standards fix: Art-Net 6454 (0x1936), sACN 5568. */
const DMX_IN_DEFAULT_PORTS: Readonly<Record<DmxInProtocol, number>> = { artnet: 6454, sacn: 5568 };
const DMX_IN_DEFAULT_HOST = '127.0.0.1';

/** One receiver: a protocol on a UDP port, taking every universe or only those listed. */
interface DmxReceiverSpec {
  readonly protocol: DmxInProtocol;
  /** 0 picks a free port (tests). */
  readonly port: number;
  /** The universes taken (0–511, sorted); absent: all. */
  readonly universes?: readonly number[];
}

export interface DmxInConfig {
  readonly receivers: readonly DmxReceiverSpec[];
  /** The address every receiver binds; default 127.0.0.1. */
  readonly host: string;
  /**
   * sACN only, asked for by name: join the multicast group of each listed universe on `host`'s
   * interface (239.255.hi.lo, as E1.31 addresses them); the socket then binds the port on every address.
   */
  readonly multicast: boolean;
}

export const DMX_IN_SPEC_HELP = 'artnet or sacn, then optionally :PORT and /UNIVERSES, e.g. artnet, sacn:5568, artnet/0-3,8';

/** Parses `0-3,8,10-11` into sorted universes 0–511 (sACN starts at 1: universe 0 is reserved there). */
function parseUniverseList(text: string, protocol?: DmxInProtocol): number[] {
  const out = new Set<number>();
  const lowest = protocol === 'sacn' ? 1 : 0;
  for (const part of text.split(',')) {
    const m = /^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$/.exec(part);
    if (m === null) throw invalidArgument(`a universe list is numbers and ranges such as 0-3,8; got ${JSON.stringify(text.slice(0, 60))}`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > b) throw invalidArgument(`universe range ${a}-${b} runs backwards`);
    if (a < lowest || b > DMX_UNIVERSES - 1)
      throw invalidArgument(
        `universes run ${lowest}–${DMX_UNIVERSES - 1}${protocol === 'sacn' ? ' for sACN' : ''} (LX's DMX input holds 512); got ${part.trim()}`,
      );
    for (let u = a; u <= b; u++) out.add(u);
  }
  return [...out].sort((x, y) => x - y);
}

/** Parses one receiver: `artnet`, `sacn:5568`, `artnet:6454/0-3,8`. */
export function parseReceiverSpec(text: string): DmxReceiverSpec {
  const m = /^\s*(artnet|sacn)(?::(\d{1,5}))?(?:\/(.+))?\s*$/i.exec(text);
  if (m === null) throw invalidArgument(`a DMX input is ${DMX_IN_SPEC_HELP}; got ${JSON.stringify(text.slice(0, 60))}`);
  const protocol = m[1].toLowerCase() as DmxInProtocol;
  const port = m[2] === undefined ? DMX_IN_DEFAULT_PORTS[protocol] : Number(m[2]);
  if (port > 65535) throw invalidArgument(`a DMX input port is 0–65535 (0 picks a free one); got ${port}`);
  return m[3] === undefined ? { protocol, port } : { protocol, port, universes: parseUniverseList(m[3], protocol) };
}

/** A universe list as text again, ranges joined: `0-3,8`. */
export function formatUniverses(universes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < universes.length; ) {
    let j = i;
    while (j + 1 < universes.length && universes[j + 1] === universes[j] + 1) j++;
    parts.push(i === j ? `${universes[i]}` : `${universes[i]}-${universes[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The configuration from the command line and config.json: receivers named on the command line
 * replace config.json's, the command line's host and multicast win. At most MAX_RECEIVERS; two
 * receivers may not share a port; multicast needs sACN, a named interface and a universe list.
 */
export function dmxInConfig(
  cli: { readonly receivers?: readonly string[]; readonly host?: string; readonly multicast?: boolean },
  file: { readonly receivers?: readonly string[]; readonly host?: string; readonly multicast?: boolean } = {},
): DmxInConfig {
  const specs = (cli.receivers !== undefined && cli.receivers.length > 0 ? cli.receivers : (file.receivers ?? [])).map(parseReceiverSpec);
  const host = cli.host ?? file.host ?? DMX_IN_DEFAULT_HOST;
  const multicast = cli.multicast ?? file.multicast ?? false;
  if (specs.length > MAX_RECEIVERS) throw invalidArgument(`at most ${MAX_RECEIVERS} DMX inputs; got ${specs.length}`);
  const ports = new Set<number>();
  for (const s of specs) {
    if (s.port !== 0 && ports.has(s.port)) throw invalidArgument(`two DMX inputs on port ${s.port}: give each its own port`);
    ports.add(s.port);
  }
  if (multicast) {
    if (!specs.some((s) => s.protocol === 'sacn')) throw invalidArgument('DMX input multicast is for sACN: add --dmx-in sacn/UNIVERSES');
    if (host === DMX_IN_DEFAULT_HOST || host === '::1' || host === 'localhost')
      throw invalidArgument('sACN multicast joins groups on a network interface: name its address with --dmx-in-host');
    for (const s of specs)
      if (s.protocol === 'sacn' && s.universes === undefined)
        throw invalidArgument('sACN multicast joins one group per universe: list the universes, e.g. --dmx-in sacn/1-4');
  }
  return { receivers: specs, host, multicast };
}
