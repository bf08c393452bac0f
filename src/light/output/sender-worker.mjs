// The network thread of the LED outputs (LX's optional network thread, always on here). The
// engine thread encodes each frame into one bank of a shared packet arena and posts the bank
// number; this worker sends that bank's packets, counts packets, bytes and errors per
// destination in a shared stats array, backs off from failing destinations, and releases the
// bank when every send has completed. It never touches the engine's state.
//
// Plain JavaScript with Node built-ins only, so it starts fast in every launch mode (tsx or
// not). The message shapes are declared in sender-protocol.ts.
import dgram from 'node:dgram';
import net from 'node:net';
import { parentPort } from 'node:worker_threads';

// Stats layout per destination slot (Float64Array), mirrored in sender-protocol.ts.
const STRIDE = 8;
const PACKETS = 0,
  BYTES = 1,
  ERRORS = 2,
  CONSECUTIVE = 3,
  BACKOFF_UNTIL = 4,
  LAST_ERROR_AT = 5,
  SKIPPED = 6,
  CONNECTED = 7;
const FAILURES_BEFORE_BACKOFF = 3;
const BACKOFF_BASE_MS = 50;
const BACKOFF_MAX_EXPONENT = 5;

/** @type {Float64Array | null} */
let stats = null;
/** Current plan: control flags, per-bank packet views, packet → endpoint. */
let plan = null;
/** Endpoints by destination key; they outlive plans so sockets and counters are kept. */
const endpoints = new Map();

function postError(ep, err) {
  const message = `${err?.code ? `${err.code}: ` : ''}${err?.message ? err.message : String(err)}`;
  const now = Date.now();
  if (message === ep.lastPosted && now - ep.lastPostedAt < 1000) return;
  ep.lastPosted = message;
  ep.lastPostedAt = now;
  parentPort.postMessage({ type: 'error', slot: ep.slot, key: ep.key, message });
}

function recordError(ep, err) {
  const s = ep.slot * STRIDE;
  stats[s + ERRORS]++;
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
      onSent: [null, null],
    };
    endpoints.set(d.key, ep);
  }
  return ep;
}

function applyPlan(m) {
  stats = new Float64Array(m.stats);
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
  const banks = [[], []];
  for (let b = 0; b < 2; b++) {
    for (let p = 0; p < offsets.length; p++) banks[b].push(Buffer.from(arena, b * m.bankSize + offsets[p], lengths[p]));
  }
  for (const ep of eps) ep.tcpMessages = 0;
  for (let p = 0; p < offsets.length; p++) {
    eps[packetDest[p]].tcpBytes += lengths[p];
    eps[packetDest[p]].tcpMessages++;
  }
  const control = new Int32Array(m.control);
  const pending = [0, 0];
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
    for (let b = 0; b < 2; b++) {
      const bank = b;
      ep.onSent[b] = (err, bytes) => {
        const s = ep.slot * STRIDE;
        if (err) recordError(ep, err);
        else {
          stats[s + PACKETS]++;
          stats[s + BYTES] += bytes;
        }
        if (--pending[bank] === 0 && plan !== null && plan.control === control) Atomics.store(control, bank, 0);
      };
    }
  }
  const skip = m.skip ? new Uint8Array(m.skip) : null;
  plan = { control, banks, packetDest, lengths, eps, pending, ok: new Uint8Array(eps.length), skip };
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

function sendBank(bank) {
  const p = plan;
  if (p === null) return;
  const now = Date.now();
  const eps = p.eps;
  const ok = p.ok;
  for (let i = 0; i < eps.length; i++) ok[i] = ready(eps[i], now) ? 1 : 0;
  const views = p.banks[bank];
  p.pending[bank] = 1; // held until the loop is done, so early callbacks cannot release the bank
  for (let i = 0; i < eps.length; i++) eps[i].tcpFill = 0;
  const skip = p.skip;
  const skipAt = bank * views.length;
  for (let k = 0; k < views.length; k++) {
    if (skip !== null && skip[skipAt + k] === 1) continue;
    const d = p.packetDest[k];
    const ep = eps[d];
    if (ok[d] === 0) {
      stats[ep.slot * STRIDE + SKIPPED]++;
      continue;
    }
    if (ep.transport === 'tcp') {
      views[k].copy(ep.tcpBuffer, ep.tcpFill);
      ep.tcpFill += views[k].length;
      continue;
    }
    ep.sentLastFrame = true;
    p.pending[bank]++;
    try {
      ep.socket.send(views[k], ep.onSent[bank]);
    } catch (err) {
      p.pending[bank]--;
      recordError(ep, err);
    }
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
    ep.tcpWritten = ep.tcpFill;
    ep.socket.write(ep.tcpBuffer.subarray(0, ep.tcpFill), ep.onWritten);
  }
  if (--p.pending[bank] === 0) Atomics.store(p.control, bank, 0);
}

parentPort.on('message', (m) => {
  if (typeof m === 'number') sendBank(m);
  else if (m.type === 'plan') applyPlan(m);
  else if (m.type === 'close') {
    for (const ep of endpoints.values()) closeEndpoint(ep);
    endpoints.clear();
    plan = null;
    parentPort.close();
  }
});
