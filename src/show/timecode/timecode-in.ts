// Timecode in: ArtTimeCode packets received on a UDP port (loopback unless the operator names an
// interface), or MIDI timecode from a MIDI input the console reaches (mtc.ts decodes it), lock the
// song transport to the sender's clock. The socket and the MIDI path only record labels; the
// transport moves in the engine's frames (timecode-chase.ts says where), so the one engine queue
// stays the only writer.
import dgram from 'node:dgram';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { invalidArgument } from '../../engine/errors.js';
import type { Logger } from '../../engine/log.js';
import type { DmxInConfig } from '../../light/input/dmx-in-config.js';
import type { SoundHost } from '../../sound/host/host.js';
import { type ArtTimeCodeDrop, readArtTimeCode } from './art-timecode.js';
import { feedMtc, isMtcShape, MtcDecoder, type MtcDrop } from './mtc.js';
import { type ChaseState, TimecodeChase } from './timecode-chase.js';
import { formatTimecode, frameOfTimecode, secondsOfFrame, type Timecode, type TimecodeRate, timecodeAt } from './timecode.js';

const ART_NET_PORT = 6454;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_FREEWHEEL_MS = 500;
const MAX_FREEWHEEL_MS = 10_000;

export const TIMECODE_IN_HELP =
  'artnet or artnet:PORT (port 6454 unless given; 0 picks a free one), mtc (MIDI timecode from any MIDI input the console reaches) or mtc:INPUT-NAME';
/** The longest MIDI input name `mtc:NAME` takes (the console's limit). */
const MAX_INPUT_NAME = 128;

interface TimecodeInConfig {
  /** Art-Net's port; absent: no Art-Net timecode in. */
  readonly port?: number;
  /** MIDI timecode in, from the input so named or (no name) from any; absent: none. */
  readonly mtc?: { readonly input?: string };
  readonly host: string;
  readonly freewheelMs: number;
}

interface TimecodeInInput {
  readonly in?: string;
  readonly inHost?: string;
  readonly freewheelMs?: number;
}

/** Parses `artnet[:PORT]`, `mtc` or `mtc:INPUT-NAME`. */
function parseTimecodeSource(text: string): Pick<TimecodeInConfig, 'port' | 'mtc'> {
  const mtc = /^\s*mtc(?::(.*))?$/i.exec(text);
  if (mtc !== null) {
    if (mtc[1] === undefined) return { mtc: {} };
    const input = mtc[1].trim();
    if (input.length === 0 || input.length > MAX_INPUT_NAME)
      throw invalidArgument(`mtc:INPUT-NAME names a MIDI input, 1–${MAX_INPUT_NAME} characters; got ${JSON.stringify(text.slice(0, 60))}`);
    return { mtc: { input } };
  }
  const m = /^\s*artnet(?::(\d{1,5}))?\s*$/i.exec(text);
  if (m === null) throw invalidArgument(`a timecode input is ${TIMECODE_IN_HELP}; got ${JSON.stringify(text.slice(0, 60))}`);
  const port = m[1] === undefined ? ART_NET_PORT : Number(m[1]);
  if (port > 65535) throw invalidArgument(`a timecode input port is 0–65535; got ${port}`);
  return { port };
}

/**
 * Timecode in from the command line (`serve --timecode-in`, `--timecode-in-host`,
 * `--timecode-freewheel`), each replacing config.json's `timecode` section's `in`, `inHost` and
 * `freewheelMs`. Throws invalid_argument with the reason for a bad value.
 */
export function timecodeInConfig(cli: TimecodeInInput, file: TimecodeInInput = {}): TimecodeInConfig {
  const source = cli.in ?? file.in;
  const host = cli.inHost ?? file.inHost ?? DEFAULT_HOST;
  if (isIP(host) === 0) throw invalidArgument(`the timecode input's host is an IP address of this machine; got ${JSON.stringify(host.slice(0, 60))}`);
  const freewheelMs = cli.freewheelMs ?? file.freewheelMs ?? DEFAULT_FREEWHEEL_MS;
  if (!Number.isInteger(freewheelMs) || freewheelMs < 0 || freewheelMs > MAX_FREEWHEEL_MS)
    throw invalidArgument(`the timecode freewheel is 0–${MAX_FREEWHEEL_MS} ms; got ${freewheelMs}`);
  return source === undefined ? { host, freewheelMs } : { ...parseTimecodeSource(source), host, freewheelMs };
}

/** What get_status and the console show. */
interface TimecodeInStatus {
  /** `artnet HOST:PORT` while listening, `mtc (any MIDI input)` or `mtc NAME`; null without timecode in. */
  readonly source: string | null;
  readonly state: ChaseState;
  /** The incoming rate (from the packets' Type); null before the first. */
  readonly rate: TimecodeRate | null;
  /** The incoming clock now (run on from the last label while locked), `HH:MM:SS:FF`; null before the first label. */
  readonly timecode: string | null;
  readonly packets: number;
  /** Datagrams (Art-Net) or MIDI messages (MTC) not taken, by reason. */
  readonly dropped: Readonly<Record<string, number>>;
  /** Transport moves made to follow (a lock, a locate on the sender, a drift past one frame). */
  readonly relocates: number;
  /** Transport − timecode at the last label while locked, in frames. */
  readonly errorFrames: number;
  /** Set when the port could not be opened. */
  readonly error?: string;
}

export class TimecodeIn {
  private socket: dgram.Socket | undefined;
  private detach: (() => void) | undefined;
  private readonly chase: TimecodeChase;
  private packets = 0;
  private readonly dropped: Partial<Record<ArtTimeCodeDrop | MtcDrop, number>>;
  private readonly mtc: MtcDecoder | undefined;
  private boundPort: number | undefined;
  private sharedWithDmx = false;
  private error: string | undefined;

  constructor(
    readonly config: TimecodeInConfig,
    /** The song's 0 as timecode (`--timecode-offset`). */
    offset: Timecode,
    private readonly sound: SoundHost,
    private readonly log: Logger,
    /** The clock packets and frames are timed by (ms). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.chase = new TimecodeChase((rate) => offsetSeconds(offset, rate), config.freewheelMs);
    this.mtc = config.mtc === undefined ? undefined : new MtcDecoder();
    this.dropped =
      config.mtc === undefined
        ? { not_art_net: 0, not_timecode: 0, short: 0, out_of_range: 0, invalid_label: 0 }
        : { bad_piece: 0, not_full_frame: 0, out_of_range: 0, invalid_label: 0 };
  }

  get enabled(): boolean {
    return this.config.port !== undefined || this.config.mtc !== undefined;
  }

  /** The port bound (0 asks for a free one). */
  get port(): number | undefined {
    return this.boundPort;
  }

  /**
   * Listens and follows the frames. When the DMX input already has an Art-Net receiver on the
   * same port (a desk sends DMX and timecode to 6454), timecode comes from that receiver instead
   * of a second socket. A port that cannot be bound is logged and shown in the status.
   */
  async start(dmx?: SharedArtNet): Promise<void> {
    if (!this.enabled || this.detach !== undefined) return;
    if (this.mtc !== undefined) {
      // MIDI timecode arrives through the console (takeMidi): no socket of its own.
      this.detach = this.sound.engine.clock.onFrame(() => this.frame());
      return;
    }
    const shared = dmx === undefined ? -1 : sharedReceiver(dmx, this.config);
    if (dmx !== undefined && shared >= 0) {
      dmx.onTimecode((bytes, receiver) => {
        if (receiver === shared) this.take(bytes);
      });
      this.boundPort = this.config.port;
      this.sharedWithDmx = true;
    } else if (!(await this.bind())) return;
    this.detach = this.sound.engine.clock.onFrame(() => this.frame());
  }

  private async bind(): Promise<boolean> {
    const socket = dgram.createSocket(this.config.host.includes(':') ? 'udp6' : 'udp4');
    socket.on('message', (buf) => this.take(buf));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(this.config.port, this.config.host, () => {
          socket.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      this.error = (err as Error).message;
      this.log.warn({ err }, `timecode in is off: ${this.config.host}:${this.config.port} could not be bound (is another program listening there?)`);
      socket.close();
      return false;
    }
    // A bound receive-only socket reports nothing it could act on.
    socket.on('error', () => undefined);
    this.socket = socket;
    this.boundPort = socket.address().port;
    return true;
  }

  /** One datagram: a label for the chase, or a counted drop. */
  take(buf: Uint8Array): void {
    const at = this.now();
    const packet = readArtTimeCode(buf);
    if (typeof packet === 'string') {
      this.count(packet);
      return;
    }
    if (!this.chase.receive(packet, at)) {
      this.count('invalid_label');
      return;
    }
    this.packets++;
  }

  /**
   * One MIDI message from `input`: taken (true) when MTC in is on, the input is the one named (or
   * any), and the message is a quarter frame or a 10-byte SysEx; a malformed one is counted and
   * dropped. Anything else is not MTC in's (false): the MIDI mappings get it.
   */
  takeMidi(bytes: readonly number[], input: string): boolean {
    const mtc = this.mtc;
    const want = this.config.mtc?.input;
    if (mtc === undefined || !isMtcShape(bytes) || (want !== undefined && want !== input)) return false;
    const r = feedMtc(mtc, this.chase, bytes, this.now());
    if (r === 'taken') this.packets++;
    else if (r !== 'none') this.count(r);
    return true;
  }

  private count(reason: ArtTimeCodeDrop | MtcDrop): void {
    this.dropped[reason] = (this.dropped[reason] ?? 0) + 1;
  }

  /** Every engine frame: the transport follows what the chase says. */
  frame(): void {
    const t = this.sound.transport;
    const bpm = this.sound.project.tempo.getBaseValue();
    const action = this.chase.tick(this.now(), t.playing ? (t.position * 60) / bpm : null);
    if (action.kind === 'stop') t.playing = false;
    else if (action.kind === 'locate' && !t.recording) {
      t.position = (action.seconds * bpm) / 60;
      t.playing = action.play;
    }
  }

  status(): TimecodeInStatus {
    const rate = this.chase.rate;
    const seconds = this.chase.timecodeSeconds(this.now());
    return {
      source: this.sourceText(),
      state: this.chase.state,
      rate,
      timecode: rate === null || seconds === null ? null : formatTimecode(timecodeAt(seconds, 0, rate).timecode, rate),
      packets: this.packets,
      dropped: { ...this.dropped },
      relocates: this.chase.relocates,
      errorFrames: Math.round(this.chase.lastErrorFrames * 100) / 100,
      ...(this.error === undefined ? {} : { error: this.error }),
    };
  }

  private sourceText(): string | null {
    const mtc = this.config.mtc;
    if (mtc !== undefined) return mtc.input === undefined ? 'mtc (any MIDI input)' : `mtc ${mtc.input}`;
    if (!this.enabled) return null;
    return `artnet ${this.config.host}:${this.boundPort ?? this.config.port}${this.sharedWithDmx ? ' (with DMX in)' : ''}`;
  }

  async close(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket !== undefined) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}

/** The DMX input, whose Art-Net receivers hand on the ArtTimeCode they get. */
interface SharedArtNet {
  readonly config: DmxInConfig;
  onTimecode(listener: (bytes: Uint8Array, receiver: number) => void): void;
}

/** The DMX input's Art-Net receiver on timecode in's port and address (a wildcard address covers it); −1: none. */
function sharedReceiver(dmx: SharedArtNet, config: TimecodeInConfig): number {
  const wildcard = dmx.config.host === '0.0.0.0' || dmx.config.host === '::';
  if (config.port === 0 || (!wildcard && dmx.config.host !== config.host)) return -1;
  return dmx.config.receivers.findIndex((r) => r.protocol === 'artnet' && r.port === config.port);
}

/** The offset label in seconds at `rate` (a frame beyond the rate's range counts from its seconds). */
function offsetSeconds(offset: Timecode, rate: TimecodeRate): number {
  try {
    return secondsOfFrame(frameOfTimecode(offset, rate), rate);
  } catch {
    return offset.hours * 3600 + offset.minutes * 60 + offset.seconds;
  }
}
