// Output packing (LX 1.2.1's LXStructureOutput): every output of every enabled fixture is laid
// into packets keyed by protocol, transport, destination and universe (DDP data offset, KiNET
// port, OPC channel). An output is a list of segments; each segment sends its header bytes, its
// pixels (`outputStride` bytes apart) and its footer bytes from the output's start channel on.
// When a DMX universe is full the rest continues in the next universe, a pixel never split (a
// stride that walks past the end keeps its spacing in the next universe); header and footer
// bytes split anywhere. DDP and OPC have one buffer: overflowing it is an error. Two outputs
// writing the same bytes of one packet are a collision. Packets are sent in the order they were
// first needed (an E1.31 sync packet after the last of a synchronized destination), then the
// ArtSyncs. Plans are built when outputs change, never per frame.
import { byteOrderLayout } from '../model/byte-order.js';
import {
  ARTNET_HEADER,
  ARTNET_OFFSET_SEQUENCE,
  ARTSYNC_LENGTH,
  DDP_HEADER,
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

/** One run of an output: header bytes, pixels, footer bytes (LX's fixture Segment). */
export interface SourceSegment {
  /** Model point indices in send order; -1 sends an empty (black) pixel. */
  readonly indices: Int32Array;
  /** Index into BYTE_ORDERS. */
  readonly byteOrder: number;
  /** Bytes from one pixel to the next, at least the byte order's size. */
  readonly outputStride: number;
  readonly headerBytes?: Uint8Array;
  readonly footerBytes?: Uint8Array;
}

/** One declared output of a fixture, resolved to a destination and its segments. */
export interface OutputSource {
  /** The fixture's path. */
  readonly path: string;
  readonly label: string;
  /** `artsync`: an ArtSync packet a fixture file declares, sent after every data packet. */
  readonly protocol: Protocol | 'artsync';
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
  /** Most packets per second for the packets this output joins; 0 = every frame. */
  readonly fps: number;
  readonly segments: readonly SourceSegment[];
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

/** `runOrder` of a run that copies static bytes (header, footer) instead of pixels. */
export const RUN_STATIC = -1;

/** Art-Net and sACN universes run to 32768 (LX lets an output overflow into it, no further). */
const DMX_LAST_UNIVERSE = 32768;
/** KiNET ports run to 255. */
const KINET_LAST_PORT = 255;

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

/** Where part of one segment of a source landed: a packet and the byte range inside its data. */
interface Placement {
  /** Index into the source's segments. */
  readonly segment: number;
  readonly destination: string;
  /** Universe (Art-Net, sACN), KiNET port, DDP data offset or OPC channel. */
  readonly universe: number;
  readonly start: number;
  /** Exclusive end, in bytes of the packet's data. */
  end: number;
  /** Pixels of the segment in this range. */
  pixels: number;
  /** sACN: the synchronization address the universe's packets carry, when synchronized. */
  syncUniverse?: number;
}

interface Collision {
  readonly destination: string;
  readonly universe: number;
  readonly start: number;
  /** Exclusive end. */
  readonly end: number;
  /** The two outputs (source indices) writing bytes start..end-1, earlier first: the later one wins on the wire. */
  readonly sources: readonly [number, number];
}

interface PlanError {
  readonly source: number;
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
  /** Most sends per second of each packet (the lowest fps of its outputs); 0 = every frame. */
  readonly packetFps: Float64Array;
  /** 1 for a data packet under sync (an sACN packet carrying a sync address, an ArtDmx under /lx/output's ArtSync). */
  readonly packetSynced: Uint8Array;
  /** 1 for a sync packet (E1.31 sync, /lx/output's ArtSync) that goes only in frames where a synced packet of its destination goes. */
  readonly packetGated: Uint8Array;
  readonly runCount: number;
  readonly runSource: Int32Array;
  /** Pixel runs: first entry in `indices`; static runs: first byte in `staticBytes`. */
  readonly runFirst: Int32Array;
  /** Pixels of a pixel run, bytes of a static run. */
  readonly runPixels: Int32Array;
  /** Byte offset of the run's first byte within a bank. */
  readonly runOffset: Int32Array;
  /** Byte order of a pixel run, RUN_STATIC for static bytes. */
  readonly runOrder: Int32Array;
  /** Bytes from one pixel to the next. */
  readonly runStride: Int32Array;
  /** Every pixel run's point indices, concatenated. */
  readonly indices: Int32Array;
  /** Every static run's bytes, concatenated. */
  readonly staticBytes: Uint8Array;
  /** Writes all header bytes of a bank starting at `base`. */
  writeHeaders(buf: Uint8Array, base: number): void;
}

interface Run {
  readonly source: number;
  /** Pixel runs: segment index and first pixel; static runs: the bytes. */
  readonly segment: number;
  readonly first: number;
  readonly pixels: number;
  readonly bytes?: Uint8Array;
  /** Byte offset inside the packet's data. */
  readonly dataOffset: number;
}

interface PacketBuild {
  readonly destination: number;
  readonly protocol: Protocol;
  readonly universe: number;
  readonly kinetVersion: KinetVersion;
  priority: number;
  sequenceEnabled: boolean;
  fps: number;
  /** sACN: synchronized when any of its sources is. */
  sync: boolean;
  /** Bytes of data the packet must hold (LX's IndexBuffer.numChannels). */
  end: number;
  /** Which source last wrote each data byte, -1 for none. */
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

const PROTOCOL_NAMES: Readonly<Record<Protocol, string>> = { artnet: 'Art-Net', sacn: 'sACN', ddp: 'DDP', opc: 'OPC', kinet: 'KiNET' };

function destinationKey(protocol: Protocol, transport: Transport, host: string, port: number): string {
  return `${protocol}/${transport}/${host}:${port}`;
}

/** Data bytes a segment of `n` pixels needs: the stride's padding after the last pixel is not sent. */
function requiredBytes(n: number, stride: number, bpp: number): number {
  return n > 0 ? n * stride - (stride - bpp) : 0;
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
  const placements: Placement[][] = sources.map(() => []);
  /** The packet of each placement, to mark synchronized universes once all sources are in. */
  const placedIn: PacketBuild[][] = sources.map(() => []);
  const errors: PlanError[] = [];
  const collisions: Collision[] = [];

  const destinationOf = (protocol: Protocol, s: OutputSource): number => {
    const key = destinationKey(protocol, s.transport, s.host, s.port);
    let i = destinationIndex.get(key);
    if (i === undefined) {
      i = destinations.length;
      destinations.push({ key, protocol, transport: s.transport, host: s.host, port: s.port });
      destinationIndex.set(key, i);
    }
    return i;
  };

  /** LX's findPacket: one packet per address space; it takes the highest priority and any sequence request. */
  const packetFor = (protocol: Protocol, s: OutputSource, destination: number, universe: number): PacketBuild => {
    const key = `${destination}#${universe}#${s.kinetVersion}`;
    let p = packets.get(key);
    if (p === undefined) {
      p = {
        destination,
        protocol,
        universe,
        kinetVersion: s.kinetVersion,
        priority: s.priority,
        sequenceEnabled: s.sequenceEnabled,
        fps: 0,
        sync: false,
        end: 0,
        owner: new Int32Array(MAX_DATA[protocol]).fill(-1),
        runs: [],
      };
      packets.set(key, p);
      packetOrder.push(p);
    } else {
      if (s.priority > p.priority) p.priority = s.priority;
      if (s.sequenceEnabled) p.sequenceEnabled = true;
    }
    // An sACN universe is synchronized once any of its sources is (its own choice, else the plan's).
    if (protocol === 'sacn' && (s.sacnSync ?? options.sacnSync === true)) p.sync = true;
    return p;
  };

  /** Marks bytes as written by `source`; a byte another output wrote makes a collision (LX's checkSegmentCollisions). */
  const claim = (p: PacketBuild, source: number, ranges: readonly (readonly [number, number])[]): void => {
    let min = -1;
    let max = -1;
    let other = -1;
    for (const [start, end] of ranges) {
      for (let i = start; i < end; i++) {
        const prev = p.owner[i];
        if (prev >= 0) {
          if (min < 0) {
            min = i;
            other = prev;
          }
          max = i;
        }
        p.owner[i] = source;
      }
    }
    if (min >= 0) collisions.push({ destination: destinations[p.destination].key, universe: p.universe, start: min, end: max + 1, sources: [other, source] });
  };

  const ends = (p: PacketBuild, end: number): void => {
    if (end > p.end) p.end = end;
  };

  const place = (si: number, segment: number, p: PacketBuild, start: number, end: number, pixels: number): void => {
    const list = placements[si];
    const last = list[list.length - 1];
    const destination = destinations[p.destination].key;
    if (last !== undefined && last.segment === segment && last.destination === destination && last.universe === p.universe && last.end <= start) {
      last.end = end;
      last.pixels += pixels;
    } else {
      list.push({ segment, destination, universe: p.universe, start, end, pixels });
      placedIn[si].push(p);
    }
  };

  const syncs: { source: number; destination: number }[] = [];

  sources.forEach((s, si) => {
    if (s.protocol === 'artsync') {
      syncs.push({ source: si, destination: destinationOf('artnet', s) });
      return;
    }
    const protocol = s.protocol;
    const max = MAX_DATA[protocol];
    const destination = destinationOf(protocol, s);
    if (s.segments.every((seg) => seg.indices.length === 0 && seg.headerBytes === undefined && seg.footerBytes === undefined)) return;
    let universe = s.universe;
    let channel = s.channel;
    if (channel >= max) {
      errors.push({ source: si, message: `start channel ${channel} is past ${PROTOCOL_NAMES[protocol]}'s ${max} bytes; the output is not sent` });
      return;
    }
    let packet = packetFor(protocol, s, destination, universe);
    const fps = (p: PacketBuild): void => {
      if (s.fps > 0 && (p.fps === 0 || s.fps < p.fps)) p.fps = s.fps;
    };

    /** LX's checkUniverseOverflow: moves to the next universe when full (or when forced); false when there is none. */
    const overflow = (overflowChannel: number, force: boolean): boolean => {
      if (!force && channel < max) return true;
      if (protocol === 'artnet' || protocol === 'sacn') {
        if (universe >= DMX_LAST_UNIVERSE) {
          errors.push({ source: si, message: `the output overflows universe ${universe}, the last one; the rest is not sent` });
          return false;
        }
      } else if (protocol === 'kinet') {
        if (universe >= KINET_LAST_PORT) {
          errors.push({ source: si, message: `the output overflows KiNET port ${universe}, the last one; the rest is not sent` });
          return false;
        }
      } else {
        errors.push({ source: si, message: `the output needs more than the ${max} bytes of one ${PROTOCOL_NAMES[protocol]} packet; the rest is not sent` });
        return false;
      }
      universe++;
      channel = overflowChannel;
      packet = packetFor(protocol, s, destination, universe);
      return true;
    };

    const staticRun = (segment: number, bytes: Uint8Array): void => {
      packet.runs.push({ source: si, segment, first: 0, pixels: bytes.length, bytes, dataOffset: channel });
      fps(packet);
      claim(packet, si, [[channel, channel + bytes.length]]);
      ends(packet, channel + bytes.length);
      place(si, segment, packet, channel, channel + bytes.length, 0);
      channel += bytes.length;
    };

    const addStatic = (segment: number, bytes: Uint8Array | undefined): boolean => {
      if (bytes === undefined || bytes.length === 0) return true;
      if (!overflow(0, false)) return false;
      let offset = 0;
      let remaining = bytes.length;
      let available = max - channel;
      while (available < remaining) {
        staticRun(segment, bytes.subarray(offset, offset + available));
        offset += available;
        remaining -= available;
        if (!overflow(0, false)) return false;
        available = max - channel;
      }
      staticRun(segment, bytes.subarray(offset, offset + remaining));
      return true;
    };

    const pixelRun = (segment: number, first: number, pixels: number, stride: number, bpp: number): void => {
      packet.runs.push({ source: si, segment, first, pixels, dataOffset: channel });
      fps(packet);
      const ranges: [number, number][] = [];
      if (stride === bpp) ranges.push([channel, channel + pixels * bpp]);
      else for (let i = 0, at = channel; i < pixels; i++, at += stride) ranges.push([at, at + bpp]);
      claim(packet, si, ranges);
      const end = channel + requiredBytes(pixels, stride, bpp);
      ends(packet, end);
      if (pixels > 0) place(si, segment, packet, channel, end, pixels);
      channel += pixels * stride;
    };

    const addPixels = (segment: number, seg: SourceSegment): boolean => {
      const length = seg.indices.length;
      if (length === 0) return true;
      if (!overflow(0, false)) return false;
      const bpp = byteOrderLayout(seg.byteOrder).bytes;
      const stride = seg.outputStride;
      let available = max - channel;
      let first = 0;
      let remaining = length;
      while (available < requiredBytes(remaining, stride, bpp)) {
        // As many pixels as fit; the stride's padding after the last one need not.
        const fit = Math.floor((available + stride - bpp) / stride);
        let overflowChannel = 0;
        if (fit > 0) {
          pixelRun(segment, first, fit, stride, bpp);
          // A stride that walks past the end keeps its spacing in the next universe.
          if (channel > max) overflowChannel = channel % max;
          first += fit;
          remaining -= fit;
        }
        if (!overflow(overflowChannel, true)) return false;
        available = max - channel;
      }
      pixelRun(segment, first, remaining, stride, bpp);
      return true;
    };

    for (let k = 0; k < s.segments.length; k++) {
      const seg = s.segments[k];
      if (!addStatic(k, seg.headerBytes) || !addPixels(k, seg) || !addStatic(k, seg.footerBytes)) return;
    }
  });

  // Lay the packets out in the order they were first needed, then the ArtSyncs.
  const offsets: number[] = [];
  const lengths: number[] = [];
  const dests: number[] = [];
  const kinds: number[] = [];
  const seqs: number[] = [];
  const universes: number[] = [];
  const fpsOf: number[] = [];
  const synced: number[] = [];
  const gated: number[] = [];
  const headerOps: ((buf: Uint8Array, base: number) => void)[] = [];
  const runs: { run: Run; offset: number }[] = [];
  let cursor = 0;
  const addPacket = (
    dest: number,
    kind: number,
    universe: number,
    length: number,
    seq: number,
    fps: number,
    write: (buf: Uint8Array, off: number) => void,
  ): number => {
    const off = cursor;
    offsets.push(off);
    lengths.push(length);
    dests.push(dest);
    kinds.push(kind);
    seqs.push(seq);
    universes.push(universe);
    fpsOf.push(fps);
    synced.push(0);
    gated.push(0);
    headerOps.push((buf, base) => write(buf, base + off));
    cursor += length;
    return off;
  };

  const syncUniverse = options.sacnSyncUniverse ?? SACN_MAX_UNIVERSE;
  const lastOfDestination = new Map<number, PacketBuild>();
  for (const p of packetOrder) lastOfDestination.set(p.destination, p);
  const sacnSynced = new Set<number>();
  for (const p of packetOrder) {
    const dest = p.destination;
    let dataAt: number;
    switch (p.protocol) {
      case 'artnet': {
        const dataLength = artNetDataLength(p.end);
        const off = addPacket(dest, KIND_ARTDMX, p.universe, ARTNET_HEADER + dataLength, p.sequenceEnabled ? ARTNET_OFFSET_SEQUENCE : -1, p.fps, (buf, o) =>
          headers.artDmx(buf, o, p.universe, dataLength),
        );
        dataAt = off + ARTNET_HEADER;
        if (options.artNetSync === true) synced[synced.length - 1] = 1;
        break;
      }
      case 'sacn': {
        const dataLength = p.end;
        const priority = p.priority;
        const sync = p.sync ? syncUniverse : 0;
        const off = addPacket(dest, KIND_SACN, p.universe, SACN_HEADER + dataLength, SACN_OFFSET_SEQUENCE, p.fps, (buf, o) =>
          headers.sacn(buf, o, priority, p.universe, dataLength, sync),
        );
        dataAt = off + SACN_HEADER;
        if (p.sync) {
          sacnSynced.add(dest);
          synced[synced.length - 1] = 1;
        }
        break;
      }
      case 'kinet': {
        const header = kinetHeaderLength(p.kinetVersion);
        const off = addPacket(dest, KIND_KINET, p.universe, header + MAX_DATA.kinet, -1, p.fps, (buf, o) => headers.kinet(buf, o, p.kinetVersion, p.universe));
        dataAt = off + header;
        break;
      }
      case 'opc': {
        const dataLength = p.end;
        const off = addPacket(dest, KIND_OPC, p.universe, OPC_HEADER + dataLength, -1, p.fps, (buf, o) => headers.opc(buf, o, p.universe, dataLength));
        dataAt = off + OPC_HEADER;
        break;
      }
      case 'ddp': {
        // One datagram per data offset, push set (LX's DDPDatagram).
        const dataLength = p.end;
        const off = addPacket(dest, KIND_DDP, p.universe, DDP_HEADER + dataLength, -1, p.fps, (buf, o) => headers.ddp(buf, o, true, p.universe, dataLength));
        dataAt = off + DDP_HEADER;
        break;
      }
    }
    for (const r of p.runs) runs.push({ run: r, offset: dataAt + r.dataOffset });
    // E1.31 sync: one sync packet after the last of a destination's packets, when any was synchronized.
    if (lastOfDestination.get(dest) === p && sacnSynced.has(dest)) {
      addPacket(dest, KIND_SACN_SYNC, syncUniverse, SACN_SYNC_LENGTH, SACN_SYNC_OFFSET_SEQUENCE, 0, (buf, o) => headers.sacnSync(buf, o, syncUniverse));
      gated[gated.length - 1] = 1;
      destinations[dest] = { ...destinations[dest], sync: 'e131', syncUniverse };
    }
  }
  for (const sync of syncs) {
    addPacket(sync.destination, KIND_ARTSYNC, -1, ARTSYNC_LENGTH, -1, sources[sync.source].fps, (buf, o) => headers.artSync(buf, o));
    destinations[sync.destination] = { ...destinations[sync.destination], sync: 'artsync' };
  }
  if (options.artNetSync === true) {
    const synced = new Set<number>();
    for (const p of packetOrder) {
      if (p.protocol !== 'artnet' || synced.has(p.destination)) continue;
      synced.add(p.destination);
      destinations[p.destination] = { ...destinations[p.destination], sync: 'artsync' };
      addPacket(p.destination, KIND_ARTSYNC, -1, ARTSYNC_LENGTH, -1, 0, (buf, o) => headers.artSync(buf, o));
      gated[gated.length - 1] = 1;
    }
  }

  const runCount = runs.length;
  const runSource = new Int32Array(runCount);
  const runFirst = new Int32Array(runCount);
  const runPixels = new Int32Array(runCount);
  const runOffset = new Int32Array(runCount);
  const runOrder = new Int32Array(runCount);
  const runStride = new Int32Array(runCount);
  let totalIndices = 0;
  let totalStatic = 0;
  for (const { run } of runs) {
    if (run.bytes === undefined) totalIndices += run.pixels;
    else totalStatic += run.bytes.length;
  }
  const indices = new Int32Array(totalIndices);
  const staticBytes = new Uint8Array(totalStatic);
  let k = 0;
  let b = 0;
  runs.forEach(({ run, offset }, i) => {
    runSource[i] = run.source;
    runOffset[i] = offset;
    if (run.bytes !== undefined) {
      runFirst[i] = b;
      runPixels[i] = run.bytes.length;
      runOrder[i] = RUN_STATIC;
      runStride[i] = 1;
      staticBytes.set(run.bytes, b);
      b += run.bytes.length;
      return;
    }
    const seg = sources[run.source].segments[run.segment];
    runFirst[i] = k;
    runPixels[i] = run.pixels;
    runOrder[i] = seg.byteOrder;
    runStride[i] = seg.outputStride;
    indices.set(seg.indices.subarray(run.first, run.first + run.pixels), k);
    k += run.pixels;
  });

  // A universe is synchronized once any of its sources is, so placements learn it only now.
  placements.forEach((list, si) =>
    list.forEach((placement, i) => {
      if (placedIn[si][i].sync) placement.syncUniverse = syncUniverse;
    }),
  );
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
    packetFps: Float64Array.from(fpsOf),
    packetSynced: Uint8Array.from(synced),
    packetGated: Uint8Array.from(gated),
    runCount,
    runSource,
    runFirst,
    runPixels,
    runOffset,
    runOrder,
    runStride,
    indices,
    staticBytes,
    writeHeaders(buf, base) {
      buf.fill(0, base, base + cursor);
      for (const op of headerOps) op(buf, base);
    },
  };
}
