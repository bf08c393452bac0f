// Art-Net timecode out: while the song transport plays, one ArtTimeCode packet to each destination
// every time the timecode frame changes (a start and a locate change it too, so each sends one);
// nothing while stopped. Unicast only: a destination is an IPv4 address, never a broadcast or
// multicast one, and the socket never asks for broadcast.
import dgram from 'node:dgram';
import { isIPv4 } from 'node:net';
import { invalidArgument } from '../../engine/errors.js';
import type { Logger } from '../../engine/log.js';
import type { SoundHost } from '../../sound/host/host.js';
import { artTimeCode } from './art-timecode.js';
import { formatTimecode, frameOfTimecode, isTimecodeRate, parseTimecode, TIMECODE_RATES, timecodeAt, type Timecode, type TimecodeRate } from './timecode.js';

/** Art-Net's UDP port (0x1936). */
const ART_NET_PORT = 6454;
const MAX_DESTINATIONS = 16;

interface TimecodeDestination {
  readonly host: string;
  readonly port: number;
}

interface TimecodeOutConfig {
  readonly destinations: readonly TimecodeDestination[];
  /** `mtc` was named: console pages that turn MIDI on start with MTC on (docs/midi.md, "MIDI out"). */
  readonly mtc: boolean;
  readonly rate: TimecodeRate;
  readonly offset: Timecode;
}

export const TIMECODE_OUT_HELP =
  "artnet=HOST[:PORT], HOST an IPv4 unicast address (port 6454 unless given), or mtc (MIDI timecode, on by default in each console page's MIDI out)";

/** True for `mtc`: MIDI timecode through the console's Web MIDI outputs rather than an Art-Net destination. */
export function isMtcOut(text: string): boolean {
  return /^\s*mtc\s*$/i.test(text);
}
export const TIMECODE_RATE_HELP = TIMECODE_RATES.join(', ');

/** Parses `artnet=HOST[:PORT]` (unicast IPv4; `localhost` is 127.0.0.1). */
export function parseTimecodeDestination(text: string): TimecodeDestination {
  const m = /^\s*artnet=([^:\s]+)(?::(\d{1,5}))?\s*$/i.exec(text);
  if (m === null) throw invalidArgument(`a timecode destination is ${TIMECODE_OUT_HELP}; got ${JSON.stringify(text.slice(0, 80))}`);
  const host = m[1].toLowerCase() === 'localhost' ? '127.0.0.1' : m[1];
  if (!isIPv4(host)) throw invalidArgument(`a timecode destination's host is an IPv4 address such as 192.168.1.20; got ${JSON.stringify(m[1].slice(0, 60))}`);
  const [a, , , d] = host.split('.').map(Number);
  if (a >= 224 || d === 255 || host === '0.0.0.0')
    throw invalidArgument(`timecode is sent unicast only: ${host} is a broadcast, multicast or unspecified address; name the receiver's own address`);
  const port = m[2] === undefined ? ART_NET_PORT : Number(m[2]);
  if (port < 1 || port > 65535) throw invalidArgument(`a timecode destination's port is 1–65535; got ${port}`);
  return { host, port };
}

interface TimecodeOutInput {
  readonly out?: readonly string[];
  readonly rate?: string;
  readonly offset?: string;
}

/**
 * The timecode out the operator asked for: destinations, rate and offset from the command line
 * (`serve --timecode-out`, `--timecode-rate`, `--timecode-offset`), each replacing config.json's
 * `timecode` section's. Throws invalid_argument with the reason for a bad value.
 */
export function timecodeOutConfig(cli: TimecodeOutInput, file: TimecodeOutInput = {}): TimecodeOutConfig {
  const out = cli.out ?? file.out ?? [];
  if (out.length > MAX_DESTINATIONS) throw invalidArgument(`at most ${MAX_DESTINATIONS} timecode destinations; got ${out.length}`);
  const rate = cli.rate ?? file.rate ?? '30';
  if (!isTimecodeRate(rate)) throw invalidArgument(`a timecode rate is one of ${TIMECODE_RATE_HELP}; got ${JSON.stringify(rate.slice(0, 20))}`);
  const offset = parseTimecode(cli.offset ?? file.offset ?? '00:00:00:00', rate);
  return { destinations: out.filter((d) => !isMtcOut(d)).map(parseTimecodeDestination), mtc: out.some(isMtcOut), rate, offset };
}

/** What get_status and the console show. */
interface TimecodeStatus {
  readonly destinations: string[];
  readonly rate: TimecodeRate;
  readonly offset: string;
  /** The label last sent (or that would be sent: the song position), `HH:MM:SS:FF`. */
  readonly timecode: string;
  /** True while the transport plays and there is somewhere to send. */
  readonly running: boolean;
  readonly packetsSent: number;
}

/** The sender: follows the song transport after the sound host has advanced it in each frame. */
export class TimecodeOut {
  private socket: dgram.Socket | undefined;
  private readonly offsetFrames: number;
  private lastFrame = -1;
  private wasPlaying = false;
  private sent = 0;
  private detach: (() => void) | undefined;
  private warned = false;

  constructor(
    readonly config: TimecodeOutConfig,
    private readonly sound: SoundHost,
    private readonly log: Logger,
  ) {
    this.offsetFrames = frameOfTimecode(config.offset, config.rate);
  }

  get enabled(): boolean {
    return this.config.destinations.length > 0;
  }

  /** Opens the socket and follows the frames; does nothing without destinations. */
  start(): void {
    if (!this.enabled || this.detach !== undefined) return;
    this.socket = dgram.createSocket('udp4');
    this.socket.on('error', (err) => this.warnOnce(err));
    this.detach = this.sound.engine.clock.onFrame(() => this.tick());
  }

  /** The song position as timecode (the transport's beats at the song's tempo, plus the offset). */
  private now(): { frame: number; timecode: Timecode } {
    const t = this.sound.transport;
    const bpm = this.sound.project.tempo.getBaseValue();
    return timecodeAt((t.position * 60) / bpm, this.offsetFrames, this.config.rate);
  }

  private tick(): void {
    const playing = this.sound.transport.playing;
    if (!playing) {
      this.wasPlaying = false;
      return;
    }
    const { frame, timecode } = this.now();
    if (this.wasPlaying && frame === this.lastFrame) return;
    this.wasPlaying = true;
    this.lastFrame = frame;
    const packet = artTimeCode(timecode, this.config.rate);
    for (const d of this.config.destinations) {
      this.socket?.send(packet, d.port, d.host, (err) => {
        if (err) this.warnOnce(err);
      });
      this.sent++;
    }
  }

  private warnOnce(err: Error): void {
    if (this.warned) return;
    this.warned = true;
    this.log.warn({ err }, 'timecode out: a packet could not be sent (later failures are not logged)');
  }

  status(): TimecodeStatus {
    return {
      destinations: this.config.destinations.map((d) => `${d.host}:${d.port}`),
      rate: this.config.rate,
      offset: formatTimecode(this.config.offset, this.config.rate),
      timecode: formatTimecode(this.now().timecode, this.config.rate),
      running: this.enabled && this.sound.transport.playing,
      packetsSent: this.sent,
    };
  }

  async close(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket !== undefined) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}
