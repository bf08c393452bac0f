// The network thread of the LED outputs (LX's optional network thread, always on here). The
// engine thread encodes each frame into one bank of a shared packet arena and posts the bank
// number; this worker sends that bank's packets, counts packets, bytes and errors per
// destination in a shared stats array, backs off from failing destinations, and releases the
// bank when every send has completed. It never touches the engine's state.
//
// A UDP destination's packets lie end to end in the bank, so runs of equal-size packets (full
// universes) leave in one segmented send each (udp-segmentation.mjs) where the socket allows it:
// a frame of 600 universes is about a dozen sends instead of 600. Each send and its callback were
// made when the plan arrived; a frame allocates only what dgram allocates per send.
//
// A cluster's leader presents each frame at a time of the shared clock (docs/cluster.md, "Presenting
// frames together"): such a bank comes with its time and waits in a queue, in order, until then; a
// plan posted meanwhile applies once the banks before it have gone, so each bank leaves on its own plan.
//
// Plain JavaScript (Node built-ins, and the sockopt addon through udp-segmentation.mjs), so it
// starts fast in every launch mode (tsx or not). The message shapes are declared in
// sender-protocol.ts.
import dgram from 'node:dgram';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { MAX_SEGMENTS, MAX_SEND_BYTES, isSegmentationFailure, segmenter } from './udp-segmentation.mjs';

// Stats layout per destination slot (Float64Array), mirrored in sender-protocol.ts.
const STRIDE = 9;
const PACKETS = 0,
  BYTES = 1,
  ERRORS = 2,
  CONSECUTIVE = 3,
  BACKOFF_UNTIL = 4,
  LAST_ERROR_AT = 5,
  SKIPPED = 6,
  CONNECTED = 7,
  SENDS = 8;
const FAILURES_BEFORE_BACKOFF = 3;
const BACKOFF_BASE_MS = 50;
const BACKOFF_MAX_EXPONENT = 5;

/** @type {Float64Array | null} */
let stats = null;
/** Current plan: control flags, per-bank packet views, packet → endpoint. */
let plan = null;
/** Endpoints by destination key; they outlive plans so sockets and counters are kept. */
const endpoints = new Map();
/** Whether UDP destinations send runs of packets as one segmented send (the plan says; off for comparisons). */
let batching = true;

function postError(ep, err) {
  const message = `${err?.code ? `${err.code}: ` : ''}${err?.message ? err.message : String(err)}`;
  const now = Date.now();
  if (message === ep.lastPosted && now - ep.lastPostedAt < 1000) return;
  ep.lastPosted = message;
  ep.lastPostedAt = now;
  parentPort.postMessage({ type: 'error', slot: ep.slot, key: ep.key, message });
}

function recordError(ep, err, packets = 1) {
  const s = ep.slot * STRIDE;
  stats[s + ERRORS] += packets;
  stats[s + LAST_ERROR_AT] = Date.now();
  ep.failedSinceLastFrame = true;
  postError(ep, err);
}

/**
 * A socket that could not open (an unresolvable host, a refused connection) counts as a failed
 * send, so the endpoint backs off like one that fails to send instead of retrying every frame.
 */
function openFailed(ep, socket, err) {
  recordError(ep, err);
  ep.sentLastFrame = true;
  ep.connecting = false;
  ep.connected = false;
  ep.socket = null;
  stats[ep.slot * STRIDE + CONNECTED] = 0;
  try {
    if (ep.transport === 'tcp') socket.destroy();
    else socket.close();
  } catch {
    // already closed
  }
}

function openUdp(ep) {
  const socket = dgram.createSocket(net.isIPv6(ep.host) ? 'udp6' : 'udp4');
  ep.socket = socket;
  ep.connecting = true;
  socket.on('error', (err) => {
    if (ep.socket !== socket) return;
    if (ep.connected) recordError(ep, err);
    else openFailed(ep, socket, err);
  });
  // Node passes a failed lookup to this callback (not to 'error'): the socket is then unconnected.
  socket.connect(ep.port, ep.host, (err) => {
    if (ep.socket !== socket) return;
    if (err) {
      openFailed(ep, socket, err);
      return;
    }
    ep.connecting = false;
    ep.connected = true;
    ep.segments = batching ? segmenter(socket) : null;
    stats[ep.slot * STRIDE + CONNECTED] = 1;
  });
}

function openTcp(ep) {
  const socket = net.createConnection({ host: ep.host, port: ep.port });
  ep.socket = socket;
  ep.connecting = true;
  socket.setNoDelay(true);
  socket.on('connect', () => {
    if (ep.socket !== socket) return;
    ep.connecting = false;
    ep.connected = true;
    stats[ep.slot * STRIDE + CONNECTED] = 1;
  });
  socket.on('error', (err) => {
    if (ep.socket !== socket) return;
    if (ep.connected) recordError(ep, err);
    else openFailed(ep, socket, err);
  });
  socket.on('close', () => {
    if (ep.socket !== socket) return;
    ep.socket = null;
    ep.connected = false;
    ep.connecting = false;
    stats[ep.slot * STRIDE + CONNECTED] = 0;
  });
  // Drain anything a server sends back; OPC servers normally send nothing.
  socket.on('data', () => undefined);
}

function closeEndpoint(ep) {
  const socket = ep.socket;
  ep.socket = null;
  ep.connected = false;
  ep.connecting = false;
  ep.segments = null;
  if (stats !== null) stats[ep.slot * STRIDE + CONNECTED] = 0;
  if (socket === null) return;
  try {
    if (ep.transport === 'tcp') socket.destroy();
    else socket.close();
  } catch {
    // already closed
  }
}

function endpointFor(d) {
  let ep = endpoints.get(d.key);
  if (ep === undefined) {
    ep = {
      key: d.key,
      slot: d.slot,
      transport: d.transport,
      host: d.host,
      port: d.port,
      socket: null,
      connected: false,
      connecting: false,
      sentLastFrame: false,
      failedSinceLastFrame: false,
      lastPosted: '',
      lastPostedAt: 0,
      tcpBuffer: null,
      onSent: [],
      /** The socket's UDP segmentation control while connected, or null (packet by packet). */
      segments: null,
    };
    endpoints.set(d.key, ep);
  }
  return ep;
}

/**
 * Groups a bank's UDP packets into sends: consecutive packets of one destination, laid end to
 * end, all `size` bytes but a shorter last one (what segmentation allows), at most MAX_SEGMENTS
 * and MAX_SEND_BYTES. A group of one is a plain send.
 */
function groupPackets(offsets, lengths, packetDest, eps) {
  const groups = [];
  let p = 0;
  while (p < offsets.length) {
    const d = packetDest[p];
    const size = lengths[p];
    let end = p + 1;
    if (eps[d].transport !== 'tcp') {
      let bytes = size;
      while (
        end < offsets.length &&
        packetDest[end] === d &&
        end - p < MAX_SEGMENTS &&
        offsets[end] === offsets[end - 1] + lengths[end - 1] &&
        lengths[end - 1] === size &&
        lengths[end] <= size &&
        bytes + lengths[end] <= MAX_SEND_BYTES
      ) {
        bytes += lengths[end];
        end++;
      }
    }
    groups.push({ first: p, count: end - p, size, destination: d });
    p = end;
  }
  return groups;
}

function applyPlan(m) {
  stats = new Float64Array(m.stats);
  if (m.batching !== batching) {
    batching = m.batching;
    for (const ep of endpoints.values()) ep.segments = batching && ep.socket !== null && ep.connected ? segmenter(ep.socket) : null;
  }
  const arena = m.arena;
  const used = new Set();
  const eps = m.destinations.map((d) => {
    const ep = endpointFor(d);
    used.add(d.key);
    ep.tcpBytes = 0;
    return ep;
  });
  for (const [key, ep] of endpoints) {
    if (!used.has(key)) {
      closeEndpoint(ep);
      endpoints.delete(key);
    }
  }
  const packetDest = new Int32Array(m.packetDestination);
  const offsets = new Int32Array(m.packetOffset);
  const lengths = new Int32Array(m.packetLength);
  const control = new Int32Array(m.control);
  const bankCount = m.banks;
  const pending = new Array(bankCount).fill(0);
  const release = (bank) => {
    if (--pending[bank] === 0 && plan !== null && plan.control === control) Atomics.store(control, bank, 0);
  };
  const banks = Array.from({ length: bankCount }, () => []);
  const each = (f) => Array.from({ length: bankCount }, (_, b) => f(b));
  for (let b = 0; b < bankCount; b++) {
    for (let p = 0; p < offsets.length; p++) banks[b].push(Buffer.from(arena, b * m.bankSize + offsets[p], lengths[p]));
  }
  for (const ep of eps) ep.tcpMessages = 0;
  for (let p = 0; p < offsets.length; p++) {
    eps[packetDest[p]].tcpBytes += lengths[p];
    eps[packetDest[p]].tcpMessages++;
  }
  for (const ep of eps) {
    if (ep.transport === 'tcp' && (ep.tcpBuffer === null || ep.tcpBuffer.length < ep.tcpBytes)) ep.tcpBuffer = Buffer.alloc(ep.tcpBytes);
    ep.onWritten = (err) => {
      const s = ep.slot * STRIDE;
      if (err) recordError(ep, err);
      else {
        stats[s + PACKETS] += ep.tcpMessages;
        stats[s + BYTES] += ep.tcpWritten;
      }
    };
    ep.onSent = each(() => null);
    for (let b = 0; b < bankCount; b++) {
      const bank = b;
      ep.onSent[b] = (err, bytes) => {
        const s = ep.slot * STRIDE;
        if (err) recordError(ep, err);
        else {
          stats[s + PACKETS]++;
          stats[s + BYTES] += bytes;
        }
        release(bank);
      };
    }
  }
  const groups = groupPackets(offsets, lengths, packetDest, eps).map((g) => {
    const ep = eps[g.destination];
    const views = each((b) => banks[b].slice(g.first, g.first + g.count));
    const whole = each((b) =>
      g.count > 1
        ? Buffer.from(
            arena,
            b * m.bankSize + offsets[g.first],
            views[b].reduce((a, v) => a + v.length, 0),
          )
        : views[b][0],
    );
    const onSent = each((bank) => (err, bytes) => {
      const s = ep.slot * STRIDE;
      if (err) {
        recordError(ep, err, g.count);
        // The path cannot segment (a device without checksum offload, a smaller MTU): this
        // destination sends packet by packet from the next frame on.
        if (isSegmentationFailure(err) && ep.segments !== null) {
          ep.segments.set(0);
          ep.segments = null;
          postError(ep, new Error(`${err.code}: sending packet by packet (UDP segmentation failed on this path)`));
        }
      } else {
        stats[s + PACKETS] += g.count;
        stats[s + BYTES] += bytes;
      }
      release(bank);
    });
    return { ...g, tcp: ep.transport === 'tcp', views, whole, onSent };
  });
  const skip = m.skip ? new Uint8Array(m.skip) : null;
  plan = { control, groups, eps, pending, ok: new Uint8Array(eps.length), skip, packets: offsets.length };
  // Start connecting now, so the first frame finds its sockets ready.
  const now = Date.now();
  for (const ep of eps) {
    if (ep.socket === null && !ep.connecting && now >= stats[ep.slot * STRIDE + BACKOFF_UNTIL]) {
      if (ep.transport === 'tcp') openTcp(ep);
      else openUdp(ep);
    }
  }
}

/** Updates an endpoint's health once per frame; returns whether it may send now. */
function ready(ep, now) {
  const s = ep.slot * STRIDE;
  if (ep.sentLastFrame) {
    if (ep.failedSinceLastFrame) {
      stats[s + CONSECUTIVE]++;
      const failures = stats[s + CONSECUTIVE];
      if (failures >= FAILURES_BEFORE_BACKOFF) {
        const k = Math.min(failures - FAILURES_BEFORE_BACKOFF, BACKOFF_MAX_EXPONENT);
        stats[s + BACKOFF_UNTIL] = now + BACKOFF_BASE_MS * 2 ** k;
      }
    } else {
      stats[s + CONSECUTIVE] = 0;
      stats[s + BACKOFF_UNTIL] = 0;
    }
  }
  ep.failedSinceLastFrame = false;
  ep.sentLastFrame = false;
  if (now < stats[s + BACKOFF_UNTIL]) return false;
  if (ep.socket === null && !ep.connecting) {
    if (ep.transport === 'tcp') openTcp(ep);
    else openUdp(ep);
  }
  return ep.connected;
}

/** Sends one UDP packet or a run of them (one segmented send when the socket allows it). */
function sendGroup(p, g, ep, bank) {
  ep.sentLastFrame = true;
  const segments = ep.segments;
  if (g.count > 1 && segments !== null) {
    if (!segments.set(g.size)) ep.segments = null; // the kernel refused UDP_SEGMENT: packet by packet from now on
  }
  const s = ep.slot * STRIDE;
  if (g.count > 1 && ep.segments !== null) {
    p.pending[bank]++;
    stats[s + SENDS]++;
    try {
      ep.socket.send(g.whole[bank], g.onSent[bank]);
    } catch (err) {
      p.pending[bank]--;
      recordError(ep, err, g.count);
    }
    return;
  }
  // One packet, or no segmentation: a packet longer than the socket's segment size would be cut.
  if (ep.segments !== null && ep.segments.size !== 0 && g.size > ep.segments.size) ep.segments.set(0);
  const views = g.views[bank];
  for (let i = 0; i < views.length; i++) {
    p.pending[bank]++;
    stats[s + SENDS]++;
    try {
      ep.socket.send(views[i], ep.onSent[bank]);
    } catch (err) {
      p.pending[bank]--;
      recordError(ep, err);
    }
  }
}

/** How many of `count` packets from `at` an fps limit holds back this frame. */
function heldPackets(skip, at, count) {
  let held = 0;
  for (let i = 0; i < count; i++) held += skip[at + i];
  return held;
}

/** Sends, packet by packet, the packets of a run that no fps limit holds back this frame. */
function sendUnheld(p, g, ep, bank, skip, at) {
  ep.sentLastFrame = true;
  const s = ep.slot * STRIDE;
  if (ep.segments !== null && ep.segments.size !== 0 && g.size > ep.segments.size) ep.segments.set(0);
  const views = g.views[bank];
  for (let i = 0; i < views.length; i++) {
    if (skip[at + i] === 1) continue;
    p.pending[bank]++;
    stats[s + SENDS]++;
    try {
      ep.socket.send(views[i], ep.onSent[bank]);
    } catch (err) {
      p.pending[bank]--;
      recordError(ep, err);
    }
  }
}

function sendBank(bank) {
  const p = plan;
  if (p === null) return;
  const now = Date.now();
  const eps = p.eps;
  const ok = p.ok;
  for (let i = 0; i < eps.length; i++) ok[i] = ready(eps[i], now) ? 1 : 0;
  p.pending[bank] = 1; // held until the loop is done, so early callbacks cannot release the bank
  for (let i = 0; i < eps.length; i++) eps[i].tcpFill = 0;
  const groups = p.groups;
  const skip = p.skip;
  const skipAt = bank * p.packets;
  for (let k = 0; k < groups.length; k++) {
    const g = groups[k];
    const ep = eps[g.destination];
    const held = skip === null ? 0 : heldPackets(skip, skipAt + g.first, g.count);
    if (held === g.count) continue;
    if (ok[g.destination] === 0) {
      stats[ep.slot * STRIDE + SKIPPED] += g.count - held;
      continue;
    }
    if (g.tcp) {
      const view = g.views[bank][0];
      view.copy(ep.tcpBuffer, ep.tcpFill);
      ep.tcpFill += view.length;
    } else if (held === 0) sendGroup(p, g, ep, bank);
    else sendUnheld(p, g, ep, bank, skip, skipAt + g.first);
  }
  for (let i = 0; i < eps.length; i++) {
    const ep = eps[i];
    if (ep.transport !== 'tcp' || ok[i] === 0 || ep.tcpFill === 0) continue;
    const s = ep.slot * STRIDE;
    if (ep.socket.writableLength > 0) {
      stats[s + SKIPPED]++; // the receiver has not taken the last frame yet: drop this one
      continue;
    }
    ep.sentLastFrame = true;
    stats[s + SENDS]++;
    ep.tcpWritten = ep.tcpFill;
    ep.socket.write(ep.tcpBuffer.subarray(0, ep.tcpFill), ep.onWritten);
  }
  if (--p.pending[bank] === 0) Atomics.store(p.control, bank, 0);
}

/** This thread's CPU time in nanoseconds (Linux's schedstat), or -1 where it cannot be read. */
function threadCpuNs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return -1;
  }
}

/** Banks waiting for their time ({ bank, at }: epoch ms) and plans posted behind them ({ plan }), in the order posted. */
const queue = [];
let queueTimer = null;

/** Sends the queued banks whose time has come and applies the plans between them, in order; waits for the next. */
function drain() {
  queueTimer = null;
  while (queue.length > 0) {
    const head = queue[0];
    if (head.plan !== undefined) applyPlan(head.plan);
    else {
      const wait = head.at - Date.now();
      if (wait > 0) {
        queueTimer = setTimeout(drain, wait);
        return;
      }
      sendBank(head.bank);
    }
    queue.shift();
  }
}

/** A bank to send at `at` (epoch ms), or a plan: behind the banks still waiting, else at once. */
function enqueue(entry) {
  queue.push(entry);
  if (queueTimer === null) drain();
}

parentPort.on('message', (m) => {
  if (typeof m === 'number') enqueue({ bank: m, at: 0 });
  else if (m.type === 'frame') enqueue({ bank: m.bank, at: m.at });
  else if (m.type === 'plan') enqueue({ plan: m });
  else if (m.type === 'cpu') parentPort.postMessage({ type: 'cpu', ns: threadCpuNs() });
  else if (m.type === 'close') {
    if (queueTimer !== null) clearTimeout(queueTimer);
    queue.length = 0;
    for (const ep of endpoints.values()) closeEndpoint(ep);
    endpoints.clear();
    plan = null;
    parentPort.close();
  }
});
