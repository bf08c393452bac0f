// mDNS / DNS-SD advertisement (RFC 6762, RFC 6763) of the OSCQuery HTTP server as `_oscjson._tcp`
// (the service type the OSCQuery proposal names) and of the OSC receive port as `_osc._udp`, so a
// controller that browses for them finds Footlight without being given an address. It runs only
// when the operator asks (`serve --oscquery-mdns`): it joins the mDNS multicast group on UDP 5353
// and answers for the whole LAN. Tests hand it a loopback target instead: no multicast, no 5353.
import dgram from 'node:dgram';
import os from 'node:os';
import type { RemoteInfo } from 'node:dgram';
import type { Answer as AnyAnswer, Packet, Question, SrvAnswer, StringAnswer, TxtAnswer } from 'dns-packet';
import makeMdns from 'multicast-dns';
import type { Logger } from '../engine/log.js';
import { isLoopbackHost } from '../net/guards.js';

/** The records this advertiser sends. */
type Answer = StringAnswer | SrvAnswer | TxtAnswer;

/** mDNS's port: a query from any other port is a "legacy unicast" query, answered to its sender alone (RFC 6762 §6.7). */
const MDNS_PORT = 5353;
/** RFC 6762 §10: records that carry a host name (SRV, A, AAAA) live 120 s, the others (PTR, TXT) 75 minutes. */
const HOST_TTL = 120;
const OTHER_TTL = 4500;
/** A legacy unicast answer's TTL is at most 10 s (RFC 6762 §6.7). */
const LEGACY_TTL = 10;
/** The second announcement follows the first after one second (RFC 6762 §8.3). */
const ANNOUNCE_GAP_MS = 1000;
/** DNS-SD's meta-query: which service types are advertised here. */
const SERVICES = '_services._dns-sd._udp.local';
const OSCQUERY_SERVICE = '_oscjson._tcp.local';
const OSC_SERVICE = '_osc._udp.local';

/**
 * Where announcements and answers go instead of the multicast group, and the socket binds to
 * 127.0.0.1 on a free port: for tests, which must never multicast. Only loopback is accepted.
 */
export interface MdnsLoopbackTarget {
  readonly address: string;
  readonly port: number;
}

/** What is advertised. */
interface MdnsService {
  /** The DNS-SD instance name both services share (one label: at most 63 bytes, no dots). */
  readonly instance: string;
  /** The host name the SRV records point at, `<host>.local`. */
  readonly host: string;
  /** The addresses that host name resolves to (A for IPv4, AAAA for IPv6). */
  readonly addresses: readonly string[];
  /** The OSCQuery HTTP port (`_oscjson._tcp`). */
  readonly httpPort: number;
  /** The OSC UDP receive port (`_osc._udp`). */
  readonly oscPort: number;
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function truncateUtf8(s: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** The first label of the machine's host name, as a DNS host label (letters, digits, hyphens). */
function hostLabel(hostname: string): string {
  const label = (hostname.split('.')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return label === '' ? 'host' : label.slice(0, 40);
}

/**
 * The service as advertised for a show: instance `Footlight on <host>:<http port>`, or
 * `<project> (Footlight on <host>:<http port>)` with a project open (the port keeps two shows on
 * one machine apart); host name `footlight-<host>-<http port>.local`, so it never collides with
 * the machine's own name, which the system's responder owns.
 */
export function mdnsServiceFor(options: {
  readonly projectPath?: string;
  readonly bindHost: string;
  readonly httpPort: number;
  readonly oscPort: number;
  readonly hostname?: string;
}): MdnsService {
  const machine = options.hostname ?? os.hostname();
  const where = `Footlight on ${machine.split('.')[0] || 'this machine'}:${options.httpPort}`;
  const project = options.projectPath
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.lxp$/i, '');
  // A dot would split the label: DNS-SD allows escaped dots, but not every browser unescapes them.
  const instance = truncateUtf8((project === undefined || project === '' ? where : `${project} (${where})`).replace(/\./g, '-'), 63);
  return {
    instance,
    host: `footlight-${hostLabel(machine)}-${options.httpPort}.local`,
    addresses: advertisedAddresses(options.bindHost),
    httpPort: options.httpPort,
    oscPort: options.oscPort,
  };
}

/** The addresses a server bound to `bindHost` is reached at: that address, or every external one for a wildcard bind. */
function advertisedAddresses(bindHost: string): string[] {
  if (bindHost !== '0.0.0.0' && bindHost !== '::') return [bindHost];
  const out: string[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4' || bindHost === '::') out.push(a.address);
    }
  }
  return out;
}

/** Every record of the service, with the TTLs of RFC 6762 §10 (cache-flush on the records only this show owns). */
function recordsOf(s: MdnsService): Answer[] {
  const records: Answer[] = [];
  const txt = [Buffer.from('txtvers=1')];
  for (const [type, port] of [
    [OSCQUERY_SERVICE, s.httpPort],
    [OSC_SERVICE, s.oscPort],
  ] as const) {
    const name = `${s.instance}.${type}`;
    records.push({ name: SERVICES, type: 'PTR', ttl: OTHER_TTL, data: type });
    records.push({ name: type, type: 'PTR', ttl: OTHER_TTL, data: name });
    records.push({ name, type: 'SRV', ttl: HOST_TTL, flush: true, data: { priority: 0, weight: 0, port, target: s.host } });
    records.push({ name, type: 'TXT', ttl: OTHER_TTL, flush: true, data: txt });
  }
  for (const address of s.addresses) records.push({ name: s.host, type: address.includes(':') ? 'AAAA' : 'A', ttl: HOST_TTL, flush: true, data: address });
  return records;
}

const ipv4 = (a: string): number => a.split('.').reduce((n, x) => n * 256 + Number(x), 0);

/** Whether an IPv4 address is on a link of this machine: in the subnet of one of its interfaces' IPv4 addresses. */
function onLink(address: string, interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>): boolean {
  const from = ipv4(address.replace(/^::ffff:/, ''));
  if (!Number.isFinite(from)) return false;
  for (const list of Object.values(interfaces))
    for (const i of list ?? []) {
      if (i.family !== 'IPv4') continue;
      const mask = ipv4(i.netmask);
      if ((from & mask) === (ipv4(i.address) & mask)) return true;
    }
  return false;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A record's identity, for known-answer suppression and to keep a record once per packet. */
function keyOf(r: Answer): string {
  const data = (r as { data: unknown }).data;
  const text = typeof data === 'string' ? data.toLowerCase() : JSON.stringify(data, (_k, v) => (typeof v === 'string' ? v.toLowerCase() : v));
  return `${r.name.toLowerCase()} ${r.type} ${text}`;
}

export class MdnsAdvertiser {
  /** The UDP port queries are received on, once started: 5353, or a free loopback port with a target. */
  port: number | undefined;
  /** Queries answered, for diagnostics. */
  readonly stats = { answered: 0 };
  private mdns: makeMdns.MulticastDNS | null = null;
  private announceTimer: NodeJS.Timeout | null = null;
  private readonly records: Answer[];

  constructor(
    readonly service: MdnsService,
    private readonly options: {
      readonly log: Logger;
      readonly target?: MdnsLoopbackTarget;
      /** The machine's interfaces, for the on-link check (default os.networkInterfaces; tests name their own). */
      readonly interfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
    },
  ) {
    if (options.target !== undefined && !isLoopbackHost(options.target.address))
      throw new Error(`an mDNS test target must be a loopback address, not ${options.target.address}`);
    this.records = recordsOf(service);
  }

  /** Opens the socket (the multicast group on 5353, or a loopback port) and announces twice. Rejects when the socket cannot open. */
  async start(): Promise<void> {
    const target = this.options.target;
    let mdns: makeMdns.MulticastDNS;
    let port = MDNS_PORT;
    if (target === undefined) mdns = makeMdns({ port: MDNS_PORT, reuseAddr: true, loopback: true });
    else {
      const socket = dgram.createSocket('udp4');
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(0, '127.0.0.1', () => {
          socket.off('error', reject);
          resolve();
        });
      });
      port = socket.address().port;
      mdns = makeMdns({ socket, bind: false, multicast: false, ip: target.address, port: target.port });
    }
    await new Promise<void>((resolve, reject) => {
      mdns.once('ready', resolve);
      mdns.once('error', reject);
    }).catch(async (err: unknown) => {
      await new Promise<void>((r) => mdns.destroy(() => r()));
      throw err;
    });
    mdns.on('error', (err: Error) => this.options.log.warn({ err }, 'mDNS socket error'));
    mdns.on('warning', (err: Error) => this.options.log.debug({ err }, 'mDNS warning'));
    mdns.on('query', (query: Packet, rinfo: RemoteInfo) => {
      // A packet from the LAN must never stop the show.
      try {
        this.answer(query, rinfo);
      } catch (err) {
        this.options.log.debug({ err, from: rinfo.address }, 'mDNS query not answered');
      }
    });
    this.mdns = mdns;
    this.port = port;
    this.announce();
    this.announceTimer = setTimeout(() => this.announce(), ANNOUNCE_GAP_MS);
    this.announceTimer.unref();
  }

  /** Sends the goodbye (every record with TTL 0, RFC 6762 §10.1), then closes the socket. */
  async close(): Promise<void> {
    const mdns = this.mdns;
    this.mdns = null;
    if (this.announceTimer !== null) clearTimeout(this.announceTimer);
    this.announceTimer = null;
    if (mdns === null) return;
    await new Promise<void>((r) =>
      mdns.respond({ answers: this.records.map((x) => ({ ...x, ttl: 0 })) }, (err: Error | null) => {
        if (err) this.options.log.debug({ err }, 'mDNS goodbye not sent');
        r();
      }),
    );
    await new Promise<void>((r) => mdns.destroy(() => r()));
  }

  private announce(): void {
    this.mdns?.respond({ answers: this.records }, (err: Error | null) => {
      if (err) this.options.log.warn({ err }, 'mDNS announcement not sent');
    });
  }

  /**
   * Answers the questions this service owns: a PTR answer brings its SRV, TXT and addresses as
   * additional records, an SRV answer its addresses (RFC 6763 §12). A query from mDNS's port gets
   * a multicast answer; from any other port, a unicast one with its ID and questions (legacy unicast).
   */
  private answer(query: Packet, rinfo: RemoteInfo): void {
    const mdns = this.mdns;
    if (mdns === null || (query.flags ?? 0) & 0x7800) return; // OPCODE other than a standard query
    // RFC 6762 §11: only the local link is answered, or a unicast answer would reflect traffic anywhere.
    if (!onLink(rinfo.address, (this.options.interfaces ?? os.networkInterfaces)())) {
      this.options.log.debug({ from: rinfo.address }, 'mDNS query from beyond the local link ignored');
      return;
    }
    const questions = (query.questions ?? []) as Question[];
    const matches = (q: Question, r: Answer): boolean => same(q.name, r.name) && ((q.type as string) === 'ANY' || q.type === r.type);
    // Known-answer suppression (RFC 6762 §7.1): not what the asker already holds with at least half its TTL.
    const known = new Map<string, number>();
    for (const k of (query.answers ?? []) as AnyAnswer[]) if ('ttl' in k && k.ttl !== undefined) known.set(keyOf(k as Answer), k.ttl);
    const answers = this.records.filter((r) => questions.some((q) => matches(q, r)) && !((known.get(keyOf(r)) ?? 0) * 2 >= (r.ttl ?? 0)));
    if (answers.length === 0) return;
    const given = new Set(answers.map(keyOf));
    const additionals: Answer[] = [];
    const add = (r: Answer): void => {
      if (given.has(keyOf(r))) return;
      given.add(keyOf(r));
      additionals.push(r);
    };
    for (const a of answers) {
      if (a.type === 'PTR') for (const r of this.records) if (same(r.name, a.data) && (r.type === 'SRV' || r.type === 'TXT')) add(r);
      const srv = a.type === 'PTR' ? this.records.find((r) => r.type === 'SRV' && same(r.name, a.data)) : a.type === 'SRV' ? a : undefined;
      if (srv?.type === 'SRV') for (const r of this.records) if ((r.type === 'A' || r.type === 'AAAA') && same(r.name, srv.data.target)) add(r);
    }
    this.stats.answered++;
    const target = this.options.target ?? { address: '224.0.0.251', port: MDNS_PORT };
    const done = (err: Error | null): void => {
      if (err) this.options.log.debug({ err }, 'mDNS answer not sent');
    };
    if (rinfo.port === target.port) mdns.respond({ answers, additionals }, done);
    else {
      const legacy = (r: Answer): Answer => ({ ...r, ttl: Math.min(r.ttl ?? LEGACY_TTL, LEGACY_TTL), flush: false });
      mdns.respond(
        {
          id: query.id,
          questions: questions.map((q) => ({ name: q.name, type: q.type, class: 'IN' as const })),
          answers: answers.map(legacy),
          additionals: additionals.map(legacy),
        },
        { address: rinfo.address, port: rinfo.port },
        done,
      );
    }
  }
}
