// The DMX receiver thread: binds the operator's Art-Net and sACN sockets, decodes every datagram
// (dmx-packets.ts), applies what passes to the shared levels under a per-universe sequence lock
// and counts everything, good and bad, in shared counters (dmx-in-layout.ts). It runs below the
// render's priority, so a flood costs this thread, never a frame; the engine thread reads the
// levels once per frame and never waits for this one.
import dgram from 'node:dgram';
import { getPriority, setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { DMX_CHANNELS, DMX_UNIVERSES } from '../dmx/dmx-engine.js';
import type { DmxInConfig } from './dmx-in-config.js';
import {
  DMX_IN_LOSS_MS,
  type DmxInThreadMessage,
  MAX_SOURCES,
  R_APPLIED,
  R_BYTES,
  R_PACKETS,
  R_REASONS,
  R_STRIDE,
  REASON,
  U_CHANNELS,
  U_LAST_AT,
  U_PACKETS,
  U_PRIORITY,
  U_RATE,
  U_RECEIVER,
  U_SOURCE,
  U_STRIDE,
} from './dmx-in-layout.js';
import { E131_CID, E131_SOURCE_NAME, OK, decodeArtNet, decodeSacn, dmxPacket } from './dmx-packets.js';

/** What the engine thread hands the receiver thread. */
export interface DmxInThreadData {
  readonly config: DmxInConfig;
  readonly levels: SharedArrayBuffer;
  readonly seq: SharedArrayBuffer;
  readonly universes: SharedArrayBuffer;
  readonly receivers: SharedArrayBuffer;
}

/** The receiver thread's nice value: below the render (0, or −10 at high priority) and everything else that runs normal. */
const RECEIVER_NICE = 5;
/** Datagrams the kernel may hold while this thread is busy (a flood overflows it; the kernel drops the rest). */
const RECEIVE_BUFFER_BYTES = 1 << 20;
/** E1.31's sequence rule: a number 1–20 behind the last one from the source (mod 256) marks an old packet. */
const SEQUENCE_WINDOW = 20;

/** Runs until `port` says close; returns when every socket is closed. */
export function runDmxInThread(data: DmxInThreadData, port: MessagePort): void {
  try {
    if (getPriority() < RECEIVER_NICE) setPriority(RECEIVER_NICE);
  } catch {
    // lowering a thread's priority is never refused on Linux or macOS; elsewhere it runs as it started
  }
  const levels = new Uint8Array(data.levels);
  const seq = new Int32Array(data.seq);
  const ustats = new Float64Array(data.universes);
  const rstats = new Float64Array(data.receivers);
  // Per universe, worker-local: who holds it (sACN priority arbitration) and its last sequence.
  const holder = new Int32Array(DMX_UNIVERSES).fill(-1);
  const holderPriority = new Int32Array(DMX_UNIVERSES).fill(-1);
  const holderAt = new Float64Array(DMX_UNIVERSES);
  const holderSequence = new Int32Array(DMX_UNIVERSES);
  const rateBase = new Float64Array(DMX_UNIVERSES);
  const sources = new Map<string, number>();
  const post = (m: DmxInThreadMessage): void => port.postMessage(m);

  const sourceSlot = (key: string, address: string, name?: string, cid?: string): number => {
    const known = sources.get(key);
    if (known !== undefined) return known;
    if (sources.size >= MAX_SOURCES) return -1;
    const slot = sources.size;
    sources.set(key, slot);
    post({ type: 'source', slot, address, ...(name === undefined ? {} : { name }), ...(cid === undefined ? {} : { cid }) });
    return slot;
  };

  const sockets: dgram.Socket[] = [];
  data.config.receivers.forEach((spec, r) => {
    const base = r * R_STRIDE;
    const filter = new Uint8Array(DMX_UNIVERSES).fill(spec.universes === undefined ? 1 : 0);
    for (const u of spec.universes ?? []) filter[u] = 1;
    const packet = dmxPacket();
    const sacn = spec.protocol === 'sacn';
    const multicast = sacn && data.config.multicast;
    const socket = dgram.createSocket({ type: data.config.host.includes(':') ? 'udp6' : 'udp4', reuseAddr: multicast });
    sockets.push(socket);
    // The last sender, so a steady stream from one source costs no string per packet.
    let lastAddress = '';
    let lastPort = -1;
    let lastSlot = -1;
    let lastCid = '';

    const drop = (reason: number): void => {
      rstats[base + R_REASONS + reason]++;
    };

    socket.on('message', (buf, rinfo) => {
      rstats[base + R_PACKETS]++;
      rstats[base + R_BYTES] += buf.length;
      const result = sacn ? decodeSacn(buf, packet) : decodeArtNet(buf, packet);
      // A desk sends its timecode to the Art-Net port too: ArtTimeCode goes on to timecode in (src/show/timecode).
      if (result === REASON.notData && !sacn && buf[8] === 0x00 && buf[9] === 0x97) post({ type: 'timecode', receiver: r, bytes: new Uint8Array(buf) });
      if (result !== OK && result !== REASON.terminated && result !== REASON.startCode) return drop(result);
      const u = packet.universe;
      if (u >= DMX_UNIVERSES) return drop(REASON.universe);
      if (filter[u] === 0) return drop(REASON.filtered);
      let slot: number;
      if (sacn) {
        // An E1.31 source is its CID, wherever it sends from.
        const cid = buf.toString('hex', E131_CID, E131_CID + 16);
        if (cid === lastCid && lastSlot >= 0) slot = lastSlot;
        else {
          const end = buf.indexOf(0, E131_SOURCE_NAME);
          const name = buf.toString('utf8', E131_SOURCE_NAME, end < 0 || end > E131_SOURCE_NAME + 64 ? E131_SOURCE_NAME + 64 : end);
          slot = sourceSlot(cid, `${rinfo.address}:${rinfo.port}`, name, cid);
          lastCid = cid;
          lastSlot = slot;
        }
      } else if (rinfo.address === lastAddress && rinfo.port === lastPort) slot = lastSlot;
      else {
        const address = `${rinfo.address}:${rinfo.port}`;
        slot = sourceSlot(address, address);
        lastAddress = rinfo.address;
        lastPort = rinfo.port;
        lastSlot = slot;
      }
      const now = Date.now();
      if (sacn) {
        const held = holder[u] >= 0 && now - holderAt[u] < DMX_IN_LOSS_MS;
        const own = held && holder[u] === slot;
        if (result === REASON.terminated) {
          if (own) holder[u] = -1; // the source let go: a lower priority may take the universe at once
          return drop(result);
        }
        if (result === REASON.startCode) return drop(result);
        if (own) {
          const behind = (holderSequence[u] - packet.sequence) & 0xff;
          if (behind > 0 && behind <= SEQUENCE_WINDOW) return drop(REASON.sequence);
        } else if (held && packet.priority < holderPriority[u]) return drop(REASON.priority);
        holder[u] = slot;
        holderPriority[u] = packet.priority;
        holderAt[u] = now;
        holderSequence[u] = packet.sequence;
      }
      // The sequence lock: odd while the levels change, so the engine thread never keeps half a packet.
      const at = u * DMX_CHANNELS;
      Atomics.add(seq, u, 1);
      levels.set(buf.subarray(packet.start, packet.start + packet.channels), at);
      Atomics.add(seq, u, 1);
      const s = u * U_STRIDE;
      ustats[s + U_PACKETS]++;
      ustats[s + U_LAST_AT] = now;
      ustats[s + U_CHANNELS] = packet.channels;
      ustats[s + U_SOURCE] = slot;
      ustats[s + U_RECEIVER] = r;
      ustats[s + U_PRIORITY] = packet.priority;
      rstats[base + R_APPLIED]++;
    });

    const failed = (err: Error): void => post({ type: 'failed', receiver: r, error: `${(err as NodeJS.ErrnoException).code ?? 'error'}: ${err.message}` });
    socket.once('error', failed);
    // Multicast is received on the port of every address (the groups are joined on the named interface).
    socket.bind(spec.port, multicast ? undefined : data.config.host, () => {
      socket.off('error', failed);
      // A bound receive-only socket reports nothing it could act on (an ICMP error of the host's own sends).
      socket.on('error', () => undefined);
      try {
        socket.setRecvBufferSize(RECEIVE_BUFFER_BYTES);
      } catch {
        // the system's limit stands: the kernel holds fewer datagrams while this thread is busy
      }
      try {
        if (multicast) for (const u of spec.universes ?? []) socket.addMembership(`239.255.${u >> 8}.${u & 0xff}`, data.config.host);
      } catch (err) {
        failed(err as Error);
        return;
      }
      post({ type: 'listening', receiver: r, port: socket.address().port });
    });
  });

  // Packets per second per universe, over whole seconds.
  let lastTick = Date.now();
  const ticker = setInterval(() => {
    const now = Date.now();
    const seconds = (now - lastTick) / 1000;
    lastTick = now;
    for (let u = 0; u < DMX_UNIVERSES; u++) {
      const packets = ustats[u * U_STRIDE + U_PACKETS];
      ustats[u * U_STRIDE + U_RATE] = seconds > 0 ? (packets - rateBase[u]) / seconds : 0;
      rateBase[u] = packets;
    }
  }, 1000);

  port.on('message', (m: { type?: string }) => {
    if (m?.type !== 'close') return;
    clearInterval(ticker);
    let open = sockets.length;
    const done = (): void => {
      if (--open <= 0) port.close();
    };
    if (open === 0) port.close();
    for (const s of sockets) {
      try {
        s.close(done);
      } catch {
        done(); // never bound
      }
    }
  });
}
