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
