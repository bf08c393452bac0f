// Output packing (LX's structure output): every enabled fixture's pixels are placed into
// packets keyed by protocol, transport, destination and universe (or buffer). DMX protocols
// carry 512 channels: a pixel that does not fit continues in the next universe at channel 0,
// never split. DDP and OPC buffers must fit whole. Two fixtures writing the same bytes of one
// packet are reported as a collision. Plans are built when outputs change, never per frame.
import { byteOrderLayout } from '../structure/byte-order.js';
import {
  ARTNET_HEADER,
  ARTNET_MAX_UNIVERSE,
  ARTNET_OFFSET_SEQUENCE,
  ARTSYNC_LENGTH,
  DDP_CHUNK,
  DDP_HEADER,
  KINET_MAX_PORT,
  MAX_DATA,
  OPC_HEADER,
  SACN_HEADER,
  SACN_MAX_UNIVERSE,
  SACN_OFFSET_SEQUENCE,
  SACN_SYNC_LENGTH,
  SACN_SYNC_OFFSET_SEQUENCE,
  artNetDataLength,
  kinetHeaderLength,
  type KinetVersion,
  type Protocol,
  type Transport,
} from '../structure/output-protocols.js';

/** One fixture's declared output, resolved to a destination and point order. */
export interface OutputSource {
  readonly path: string;
  readonly label: string;
  readonly protocol: Protocol;
  readonly transport: Transport;
  readonly host: string;
  readonly port: number;
  /** Art-Net/sACN universe, DDP data offset, KiNET port or OPC channel. */
  readonly universe: number;
  /** First DMX channel (Art-Net, sACN, KiNET) or byte offset (OPC); 0 for DDP. */
  readonly channel: number;
  readonly priority: number;
  readonly sequenceEnabled: boolean;
  readonly kinetVersion: KinetVersion;
  readonly byteOrder: number;
  /** Model point indices in wiring order (reverse already applied); -1 sends black. */
  readonly indices: Int32Array;
  /** sACN: whether its universes are synchronized (E1.31 sync); undefined follows the plan's `sacnSync`. */
  readonly sacnSync?: boolean;
}

export const KIND_ARTDMX = 0;
const KIND_ARTSYNC = 1;
const KIND_SACN = 2;
const KIND_DDP = 3;
const KIND_OPC = 4;
const KIND_KINET = 5;
const KIND_SACN_SYNC = 6;

interface PlanDestination {
  /** `protocol/transport/host:port`, the key counters are kept under. */
  readonly key: string;
  readonly protocol: Protocol;
  readonly transport: Transport;
  readonly host: string;
  readonly port: number;
  /** The sync packet that ends this destination's frame: an ArtSync, or an E1.31 sync on `syncUniverse`. */
  readonly sync?: 'artsync' | 'e131';
  readonly syncUniverse?: number;
}

/** Where one source's bytes landed: a universe (or buffer) and the byte range inside its data. */
interface Placement {
  readonly destination: string;
  /** Universe (Art-Net, sACN), KiNET port, DDP data offset or OPC channel. */
  readonly universe: number;
  readonly start: number;
  /** Exclusive end, in bytes of the packet's data. */
  readonly end: number;
  readonly pixels: number;
  /** sACN: the synchronization address the universe's packets carry, when synchronized. */
  readonly syncUniverse?: number;
}

interface Collision {
  readonly destination: string;
  readonly universe: number;
  readonly start: number;
  readonly end: number;
  /** Paths of the fixtures writing the same bytes, in structure order (the later one wins on the wire). */
  readonly fixtures: readonly [string, string];
}

interface PlanError {
  readonly fixture: string;
  readonly message: string;
}

/** Everything the encoder and sender need, in flat typed arrays. */
export interface OutputPlan {
  readonly sources: readonly OutputSource[];
  readonly destinations: readonly PlanDestination[];
  readonly placements: readonly (readonly Placement[])[];
  readonly collisions: readonly Collision[];
  readonly errors: readonly PlanError[];
  /** Bytes of one frame (one bank of the arena). */
  readonly bankSize: number;
  readonly packetCount: number;
  readonly packetOffset: Int32Array;
  readonly packetLength: Int32Array;
  readonly packetDestination: Int32Array;
  readonly packetKind: Int32Array;
  /** Offset of the sequence byte in the packet, or -1 when the packet has none to advance. */
  readonly packetSequence: Int32Array;
  /** Universe (or buffer key) of each packet, for the map. */
  readonly packetUniverse: Int32Array;
  readonly runCount: number;
  readonly runSource: Int32Array;
  readonly runFirst: Int32Array;
  readonly runPixels: Int32Array;
  /** Byte offset of the run's first pixel within a bank. */
  readonly runOffset: Int32Array;
  readonly runOrder: Int32Array;
  /** Every run's point indices, concatenated. */
  readonly indices: Int32Array;
  /** Writes all static header bytes of a bank starting at `base`. */
  writeHeaders(buf: Uint8Array, base: number): void;
}

interface Run {
  source: number;
  first: number;
  pixels: number;
  /** Byte offset inside the packet's data. */
  dataOffset: number;
  packet: PacketBuild;
}

interface PacketBuild {
  readonly key: string;
  readonly destination: number;
  readonly protocol: Protocol;
  readonly universe: number;
  readonly kinetVersion: KinetVersion;
  priority: number;
  sequenceEnabled: boolean;
  /** sACN: synchronized when any of its sources is. */
  sync: boolean;
  /** Highest data byte written + 1. */
  end: number;
  readonly owner: Int32Array;
  readonly runs: Run[];
}

export interface HeaderWriter {
  artDmx(buf: Uint8Array, off: number, universe: number, dataLength: number): void;
  artSync(buf: Uint8Array, off: number): void;
  sacn(buf: Uint8Array, off: number, priority: number, universe: number, dataLength: number, syncAddress: number): void;
  sacnSync(buf: Uint8Array, off: number, syncAddress: number): void;
  ddp(buf: Uint8Array, off: number, push: boolean, dataOffset: number, dataLength: number): void;
  opc(buf: Uint8Array, off: number, channel: number, dataLength: number): void;
  kinet(buf: Uint8Array, off: number, version: KinetVersion, port: number): void;
}

function destinationKey(protocol: Protocol, transport: Transport, host: string, port: number): string {
  return `${protocol}/${transport}/${host}:${port}`;
}

function isDmx(protocol: Protocol): boolean {
  return protocol === 'artnet' || protocol === 'sacn' || protocol === 'kinet';
}

function maxUniverse(protocol: Protocol): number {
  return protocol === 'kinet' ? KINET_MAX_PORT : ARTNET_MAX_UNIVERSE;
}

interface PlanOptions {
  /** An ArtSync after each Art-Net destination's universes. */
  readonly artNetSync?: boolean;
  /** E1.31 sync for sources that do not choose: the sync address in their packets, a sync packet after each destination's universes. */
  readonly sacnSync?: boolean;
  /** The synchronization address (universe) of synchronized sACN packets. */
  readonly sacnSyncUniverse?: number;
}

/** Builds the packets, runs and allocation report for an ordered list of sources. */
export function buildPlan(sources: readonly OutputSource[], headers: HeaderWriter, options: PlanOptions = {}): OutputPlan {
  const destinations: PlanDestination[] = [];
  const destinationIndex = new Map<string, number>();
  const packets = new Map<string, PacketBuild>();
  const packetOrder: PacketBuild[] = [];
  const placed: { packet: PacketBuild; placement: Placement }[][] = [];
  const errors: PlanError[] = [];
  const collisions: Collision[] = [];

  const destinationOf = (s: OutputSource): number => {
    const key = destinationKey(s.protocol, s.transport, s.host, s.port);
    let i = destinationIndex.get(key);
    if (i === undefined) {
      i = destinations.length;
      destinations.push({ key, protocol: s.protocol, transport: s.transport, host: s.host, port: s.port });
      destinationIndex.set(key, i);
    }
    return i;
  };

  const packetFor = (s: OutputSource, destination: number, universe: number): PacketBuild => {
    const key = `${destinations[destination].key}#${universe}${s.protocol === 'kinet' ? `/${s.kinetVersion}` : ''}`;
    let p = packets.get(key);
    if (p === undefined) {
      p = {
        key,
        destination,
        protocol: s.protocol,
        universe,
        kinetVersion: s.kinetVersion,
        priority: 0,
        sequenceEnabled: false,
        sync: false,
        end: 0,
        owner: new Int32Array(MAX_DATA[s.protocol]).fill(-1),
        runs: [],
      };
      packets.set(key, p);
      packetOrder.push(p);
    }
    if (s.priority > p.priority) p.priority = s.priority;
    if (s.sequenceEnabled) p.sequenceEnabled = true;
    if (s.protocol === 'sacn' && (s.sacnSync ?? options.sacnSync === true)) p.sync = true;
    return p;
  };

  const claim = (p: PacketBuild, source: number, start: number, end: number): void => {
    const owner = p.owner;
    let clashStart = -1;
    let clashWith = -1;
    const flush = (at: number): void => {
      if (clashStart < 0) return;
      collisions.push({
        destination: destinations[p.destination].key,
        universe: p.universe,
        start: clashStart,
        end: at,
        fixtures: [sources[clashWith].path, sources[source].path],
      });
      clashStart = -1;
    };
    for (let i = start; i < end; i++) {
      const prev = owner[i];
      if (prev >= 0 && prev !== source) {
        if (clashStart < 0 || prev !== clashWith) {
          flush(i);
          clashStart = i;
          clashWith = prev;
        }
      } else flush(i);
      owner[i] = source;
    }
    flush(end);
    if (end > p.end) p.end = end;
  };

  sources.forEach((s, si) => {
    const ranges: { packet: PacketBuild; placement: Placement }[] = [];
    placed.push(ranges);
    const layout = byteOrderLayout(s.byteOrder);
    const bpp = layout.bytes;
    const n = s.indices.length;
    const destination = destinationOf(s);
    if (isDmx(s.protocol)) {
      const limit = maxUniverse(s.protocol);
      let universe = s.universe;
      let channel = s.channel;
      let i = 0;
      while (i < n) {
        if (channel + bpp > 512) {
          universe++;
          channel = 0;
        }
        if (universe > limit) {
          errors.push({
            fixture: s.path,
            message:
              `${n - i} of ${n} pixels do not fit: they would need ${s.protocol === 'kinet' ? 'KiNET port' : 'universe'} ${universe}, ` +
              `above the maximum ${limit}; they are not sent`,
          });
          break;
        }
        const fit = Math.min(n - i, Math.floor((512 - channel) / bpp));
        const p = packetFor(s, destination, universe);
        p.runs.push({ source: si, first: i, pixels: fit, dataOffset: channel, packet: p });
        claim(p, si, channel, channel + fit * bpp);
        ranges.push({ packet: p, placement: { destination: destinations[destination].key, universe, start: channel, end: channel + fit * bpp, pixels: fit } });
        i += fit;
        channel += fit * bpp;
      }
      return;
    }
    const start = s.channel;
    const end = start + n * bpp;
    if (end > MAX_DATA[s.protocol]) {
      errors.push({
        fixture: s.path,
        message: `${s.protocol.toUpperCase()} data would end at byte ${end}, above the protocol's ${MAX_DATA[s.protocol]}; the fixture is not sent`,
      });
      return;
    }
    const p = packetFor(s, destination, s.universe);
    p.runs.push({ source: si, first: 0, pixels: n, dataOffset: start, packet: p });
    claim(p, si, start, end);
    ranges.push({ packet: p, placement: { destination: destinations[destination].key, universe: s.universe, start, end, pixels: n } });
  });

  // Lay the packets out: destination by destination (in first-use order), universes ascending.
  packetOrder.sort((a, b) => a.destination - b.destination || a.universe - b.universe || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const offsets: number[] = [];
  const lengths: number[] = [];
  const dests: number[] = [];
  const kinds: number[] = [];
  const seqs: number[] = [];
  const universes: number[] = [];
  const headerOps: ((buf: Uint8Array, base: number) => void)[] = [];
  const runs: { run: Run; offset: number; pixels: number; first: number }[] = [];
  let cursor = 0;
  const syncUniverse = options.sacnSyncUniverse ?? SACN_MAX_UNIVERSE;
  let destinationSynced = false;
  const addPacket = (dest: number, kind: number, universe: number, length: number, seq: number, write: (buf: Uint8Array, off: number) => void): number => {
    const off = cursor;
    offsets.push(off);
    lengths.push(length);
    dests.push(dest);
    kinds.push(kind);
    seqs.push(seq);
    universes.push(universe);
    headerOps.push((buf, base) => write(buf, base + off));
    cursor += length;
    return off;
  };

  for (let pi = 0; pi < packetOrder.length; pi++) {
    const p = packetOrder[pi];
    const dest = p.destination;
    if (pi === 0 || packetOrder[pi - 1].destination !== dest) destinationSynced = false;
    switch (p.protocol) {
      case 'artnet': {
        const dataLength = artNetDataLength(p.end);
        const off = addPacket(dest, KIND_ARTDMX, p.universe, ARTNET_HEADER + dataLength, p.sequenceEnabled ? ARTNET_OFFSET_SEQUENCE : -1, (buf, o) =>
          headers.artDmx(buf, o, p.universe, dataLength),
        );
        for (const r of p.runs) runs.push({ run: r, offset: off + ARTNET_HEADER + r.dataOffset, pixels: r.pixels, first: r.first });
        const last = pi + 1 >= packetOrder.length || packetOrder[pi + 1].destination !== dest;
        if (last && options.artNetSync === true) {
          addPacket(dest, KIND_ARTSYNC, -1, ARTSYNC_LENGTH, -1, (buf, o) => headers.artSync(buf, o));
          destinations[dest] = { ...destinations[dest], sync: 'artsync' };
        }
        break;
      }
      case 'sacn': {
        const dataLength = p.end;
        const priority = p.priority;
        const sync = p.sync ? syncUniverse : 0;
        const off = addPacket(dest, KIND_SACN, p.universe, SACN_HEADER + dataLength, SACN_OFFSET_SEQUENCE, (buf, o) =>
          headers.sacn(buf, o, priority, p.universe, dataLength, sync),
        );
        for (const r of p.runs) runs.push({ run: r, offset: off + SACN_HEADER + r.dataOffset, pixels: r.pixels, first: r.first });
        if (p.sync) destinationSynced = true;
        const last = pi + 1 >= packetOrder.length || packetOrder[pi + 1].destination !== dest;
        if (last && destinationSynced) {
          addPacket(dest, KIND_SACN_SYNC, syncUniverse, SACN_SYNC_LENGTH, SACN_SYNC_OFFSET_SEQUENCE, (buf, o) => headers.sacnSync(buf, o, syncUniverse));
          destinations[dest] = { ...destinations[dest], sync: 'e131', syncUniverse };
        }
        break;
      }
      case 'kinet': {
        const header = kinetHeaderLength(p.kinetVersion);
        const off = addPacket(dest, KIND_KINET, p.universe, header + 512, -1, (buf, o) => headers.kinet(buf, o, p.kinetVersion, p.universe));
        for (const r of p.runs) runs.push({ run: r, offset: off + header + r.dataOffset, pixels: r.pixels, first: r.first });
        break;
      }
      case 'opc': {
        const dataLength = p.end;
        const off = addPacket(dest, KIND_OPC, p.universe, OPC_HEADER + dataLength, -1, (buf, o) => headers.opc(buf, o, p.universe, dataLength));
        for (const r of p.runs) runs.push({ run: r, offset: off + OPC_HEADER + r.dataOffset, pixels: r.pixels, first: r.first });
        break;
      }
      case 'ddp': {
        // One DDP buffer per (destination, data offset), sent in chunks; push only on the
        // destination's last chunk of the frame.
        const total = p.end;
        const lastOfDestination = pi + 1 >= packetOrder.length || packetOrder[pi + 1].destination !== dest;
        const chunkOffsets: number[] = [];
        for (let start = 0; start < total; start += DDP_CHUNK) {
          const len = Math.min(DDP_CHUNK, total - start);
          const push = lastOfDestination && start + len >= total;
          const off = addPacket(dest, KIND_DDP, p.universe + start, DDP_HEADER + len, -1, (buf, o) => headers.ddp(buf, o, push, p.universe + start, len));
          chunkOffsets.push(off);
        }
        for (const r of p.runs) splitDdpRun(r, byteOrderLayout(sources[r.source].byteOrder).bytes, chunkOffsets, runs);
        break;
      }
    }
  }

  const runCount = runs.length;
  const runSource = new Int32Array(runCount);
  const runFirst = new Int32Array(runCount);
  const runPixels = new Int32Array(runCount);
  const runOffset = new Int32Array(runCount);
  const runOrder = new Int32Array(runCount);
  let totalIndices = 0;
  for (const r of runs) totalIndices += r.pixels;
  const indices = new Int32Array(totalIndices);
  let k = 0;
  runs.forEach((r, i) => {
    const s = sources[r.run.source];
    runSource[i] = r.run.source;
    runFirst[i] = k;
    runPixels[i] = r.pixels;
    runOffset[i] = r.offset;
    runOrder[i] = s.byteOrder;
    indices.set(s.indices.subarray(r.first, r.first + r.pixels), k);
    k += r.pixels;
  });

  // A universe is synchronized once any of its sources is, so placements learn it only now.
  const placements = placed.map((ranges) => ranges.map(({ packet, placement }) => (packet.sync ? { ...placement, syncUniverse } : placement)));
  return {
    sources,
    destinations,
    placements,
    collisions,
    errors,
    bankSize: cursor,
    packetCount: offsets.length,
    packetOffset: Int32Array.from(offsets),
    packetLength: Int32Array.from(lengths),
    packetDestination: Int32Array.from(dests),
    packetKind: Int32Array.from(kinds),
    packetSequence: Int32Array.from(seqs),
    packetUniverse: Int32Array.from(universes),
    runCount,
    runSource,
    runFirst,
    runPixels,
    runOffset,
    runOrder,
    indices,
    writeHeaders(buf, base) {
      buf.fill(0, base, base + cursor);
      for (const op of headerOps) op(buf, base);
    },
  };
}

/** Splits a DDP run where the buffer is cut into chunks (each chunk has its own header). */
function splitDdpRun(r: Run, bpp: number, chunkOffsets: readonly number[], out: { run: Run; offset: number; pixels: number; first: number }[]): void {
  let pixel = 0;
  let byte = r.dataOffset;
  while (pixel < r.pixels) {
    const chunk = Math.floor(byte / DDP_CHUNK);
    const inChunk = byte - chunk * DDP_CHUNK;
    const fit = Math.min(r.pixels - pixel, Math.floor((DDP_CHUNK - inChunk) / bpp));
    if (fit <= 0) throw new Error(`a ${bpp}-byte pixel straddles a DDP chunk boundary at byte ${byte}`);
    out.push({ run: r, offset: chunkOffsets[chunk] + DDP_HEADER + inChunk, pixels: fit, first: r.first + pixel });
    pixel += fit;
    byte += fit * bpp;
  }
}
