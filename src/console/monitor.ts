import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LivePlayer } from '../sound/live/player.js';

/** A page that reads slower than this many bytes behind is skipped until it catches up (≈ 1.4 s of audio). */
const MAX_BUFFERED_BYTES = 512 * 1024;
/** Monitors open at once: each costs the engine thread a copy of every tick, so they are shared fairly. */
const MAX_MONITORS = 8;
/**
 * A page that leaves a ping unanswered this long is dropped: it stopped reading, or reads slower
 * than the stream (the ping waits behind the audio it has not read). Kernel buffers on loopback
 * hold tens of seconds of audio, so the buffered amount alone notices a stalled page late.
 */
const SLOW_DROP_MS = 3000;
/** How often each page is pinged. */
const PING_EVERY_MS = 1000;

/** The monitor's meter message, one per live tick (about every 50 ms). */
interface MonitorMeters {
  readonly type: 'meters';
  readonly beat: number;
  readonly playing: boolean;
  readonly sample: number;
  /** Linear post-fader peak and RMS by flat track index; the master is last. */
  readonly tracks: readonly { readonly index: number; readonly name: string; readonly peak: number; readonly rms: number }[];
}

/**
 * `/ws/audio`: the console's audio monitor. Each live tick sends one binary message — the
 * tick's left samples then its right ones, 32-bit float, 48 kHz — and one JSON meter message.
 * The page plays the samples through an AudioWorklet. The HTTP server has already checked Host
 * and Origin; pages send nothing.
 */
export class AudioMonitor {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024, perMessageDeflate: false, clientTracking: false });
  /** Each open page: when its unanswered ping was sent (undefined: none) and when the last one was. */
  private readonly sockets = new Map<WebSocket, { pingSentAt: number | undefined; lastPingAt: number }>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly live: LivePlayer) {}

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
    if (url.pathname !== '/ws/audio') return false;
    if (this.sockets.size >= MAX_MONITORS) {
      // Refused before the handshake, as an HTTP answer the page (or a client) can read.
      const body = `busy: at most ${MAX_MONITORS} audio monitors are open at once; close one and retry\n`;
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
    return true;
  }

  private open(ws: WebSocket): void {
    const state = { pingSentAt: undefined as number | undefined, lastPingAt: performance.now() };
    this.sockets.set(ws, state);
    ws.on('pong', () => (state.pingSentAt = undefined));
    ws.on('close', () => {
      this.sockets.delete(ws);
      if (this.sockets.size === 0) this.stop();
    });
    ws.on('error', () => ws.terminate());
    if (this.unsubscribe === null) this.unsubscribe = this.live.onAudio((l, r, sample) => this.send(l, r, sample));
  }

  private send(left: Float32Array, right: Float32Array, sample: number): void {
    const pcm = new Float32Array(left.length * 2);
    pcm.set(left, 0);
    pcm.set(right, left.length);
    const names = this.live.trackNames();
    const meters: MonitorMeters = {
      type: 'meters',
      beat: this.live.host.transport.position,
      playing: this.live.host.transport.playing,
      sample,
      tracks: (this.live.lastMeters() ?? []).map((m, i) => ({ index: names[i]?.index ?? i, name: names[i]?.name ?? '', peak: m.peak, rms: m.rms })),
    };
    const text = JSON.stringify(meters);
    const now = performance.now();
    for (const [ws, state] of this.sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      if (state.pingSentAt !== undefined && now - state.pingSentAt > SLOW_DROP_MS) {
        this.drop(ws);
        continue;
      }
      if (state.pingSentAt === undefined && now - state.lastPingAt >= PING_EVERY_MS) {
        ws.ping();
        state.pingSentAt = state.lastPingAt = now;
      }
      // Behind: skipped until it catches up (and dropped above if it stays so far behind that its pong is late).
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      ws.send(pcm);
      ws.send(text);
    }
  }

  /** Drops a page that stopped reading (or reads slower than the stream): its data is discarded and its place freed at once. */
  private drop(ws: WebSocket): void {
    this.sockets.delete(ws);
    ws.terminate();
    if (this.sockets.size === 0) this.stop();
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  close(): void {
    this.stop();
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
  }
}
