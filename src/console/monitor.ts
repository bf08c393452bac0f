import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LivePlayer } from '../sound/live/player.js';

/** A page that reads slower than this many bytes behind is skipped until it catches up (≈ 1.4 s of audio). */
const MAX_BUFFERED_BYTES = 512 * 1024;

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
  private readonly sockets = new Set<WebSocket>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly live: LivePlayer) {}

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean {
    if (url.pathname !== '/ws/audio') return false;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws));
    return true;
  }

  private open(ws: WebSocket): void {
    this.sockets.add(ws);
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
    for (const ws of this.sockets) {
      if (ws.readyState !== ws.OPEN || ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      ws.send(pcm);
      ws.send(text);
    }
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  close(): void {
    this.stop();
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
  }
}
