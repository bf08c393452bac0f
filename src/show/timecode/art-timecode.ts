// ArtTimeCode (Art-Net 4): the 19-byte packet that carries one timecode label. After the Art-Net
// header (id "Art-Net\0", OpCode 0x9700 little-endian, ProtVer 14 big-endian) come Filler1,
// StreamId (0: the master stream), Frames, Seconds, Minutes, Hours and Type.
import type { Timecode, TimecodeRate } from './timecode.js';

const ART_NET_ID = [0x41, 0x72, 0x74, 0x2d, 0x4e, 0x65, 0x74, 0x00]; // "Art-Net\0"
const ART_TIMECODE_LENGTH = 19;

/** Type: 0 Film (24), 1 EBU (25), 2 DF (29.97 drop-frame), 3 SMPTE (30). */
const ART_TIMECODE_TYPE: Readonly<Record<TimecodeRate, number>> = { '24': 0, '25': 1, '29.97df': 2, '30': 3 };

/** One ArtTimeCode packet for `tc` at `rate`. */
export function artTimeCode(tc: Timecode, rate: TimecodeRate): Buffer {
  const buf = Buffer.alloc(ART_TIMECODE_LENGTH);
  for (let i = 0; i < 8; i++) buf[i] = ART_NET_ID[i];
  buf[8] = 0x00; // OpCode low byte
  buf[9] = 0x97; // OpCode high byte: OpTimeCode 0x9700
  buf[10] = 0; // ProtVerHi
  buf[11] = 14; // ProtVerLo
  buf[12] = 0; // Filler1
  buf[13] = 0; // StreamId: the master timecode stream
  buf[14] = tc.frames;
  buf[15] = tc.seconds;
  buf[16] = tc.minutes;
  buf[17] = tc.hours;
  buf[18] = ART_TIMECODE_TYPE[rate];
  return buf;
}

const RATE_OF_TYPE: readonly TimecodeRate[] = ['24', '25', '29.97df', '30'];

/** Why a received packet was not taken as timecode. */
export type ArtTimeCodeDrop = 'not_art_net' | 'not_timecode' | 'short' | 'out_of_range';

/** A received ArtTimeCode: its label, its rate (from Type) and its stream. */
export interface ReceivedTimeCode {
  readonly timecode: Timecode;
  readonly rate: TimecodeRate;
  readonly streamId: number;
}

/**
 * Reads an ArtTimeCode packet, or says why it is not one: another Art-Net OpCode (`not_timecode`,
 * an ArtDmx on the same port), a datagram that is not Art-Net, one shorter than 19 bytes, or
 * fields beyond the label's range or an unknown Type (`out_of_range`; the label's range per rate
 * is checked by the caller against drop-frame rules).
 */
export function readArtTimeCode(buf: Uint8Array): ReceivedTimeCode | ArtTimeCodeDrop {
  if (buf.length < 10) return 'not_art_net';
  for (let i = 0; i < 8; i++) if (buf[i] !== ART_NET_ID[i]) return 'not_art_net';
  if (buf[8] !== 0x00 || buf[9] !== 0x97) return 'not_timecode';
  if (buf.length < ART_TIMECODE_LENGTH) return 'short';
  const [frames, seconds, minutes, hours, type] = [buf[14], buf[15], buf[16], buf[17], buf[18]];
  if (type > 3 || hours > 23 || minutes > 59 || seconds > 59 || frames > 29) return 'out_of_range';
  return { timecode: { hours, minutes, seconds, frames }, rate: RATE_OF_TYPE[type], streamId: buf[13] };
}
