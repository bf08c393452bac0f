// MIDI timecode (MTC) in: quarter-frame messages (F1 0nnn dddd, four a frame, eight pieces to a
// full time) and the full-frame SysEx a sender sends when it locates (F0 7F dd 01 01 hh mm ss ff
// F7), decoded into frame labels for the chase (timecode-chase.ts). Pure: bytes in, labels out;
// timecode-in.ts dates them.
//
// Pieces, as the MIDI spec numbers them: 0 frames low nibble, 1 frames high bit, 2/3 seconds,
// 4/5 minutes, 6/7 hours; piece 7 also holds the rate (bits 1–2: 24, 25, 29.97 drop-frame, 30).
// Running forward the pieces come 0 → 7, piece 0 sent as the frame it names begins, so when piece
// 7 completes the time two frames have (all but a quarter) gone by: the frame now is the one after
// the assembled one, three quarters through. Pieces 0 and 4 start the frames after that, so once a
// time is known every frame gets its label as it begins. Running backward the pieces come 7 → 0;
// the song transport does not run backwards, so a time read in reverse is a locate that holds.
import type { TimecodeChase } from './timecode-chase.js';
import type { Timecode, TimecodeRate } from './timecode.js';
import { frameOfTimecode, RATE_INFO, secondsOfFrame, timecodeOfFrame } from './timecode.js';

/** Why an MTC message was dropped. */
export type MtcDrop = 'bad_piece' | 'not_full_frame' | 'out_of_range' | 'invalid_label';

/** What one message gave: nothing yet, a running label (begun `quartersAgo` quarter frames ago), or a locate that holds. */
type MtcEvent =
  | { readonly kind: 'none' }
  | { readonly kind: 'label'; readonly timecode: Timecode; readonly rate: TimecodeRate; readonly quartersAgo: number }
  | { readonly kind: 'locate'; readonly timecode: Timecode; readonly rate: TimecodeRate };

const NONE: MtcEvent = { kind: 'none' };
const RATE_OF_CODE: readonly TimecodeRate[] = ['24', '25', '29.97df', '30'];
/** Bits a high-nibble piece must leave clear: 1 frames (1 bit used), 3 seconds and 5 minutes (2 bits), 7 hours (1 bit + 2 rate bits). */
const RESERVED: Readonly<Record<number, number>> = { 1: 0xe, 3: 0xc, 5: 0xc, 7: 0x8 };

/** Whether `bytes` is a message MTC in takes: a quarter frame or a 10-byte SysEx (checked further when decoded). */
export function isMtcShape(bytes: readonly number[]): boolean {
  return (bytes[0] === 0xf1 && bytes.length <= 2) || (bytes[0] === 0xf0 && bytes.length === 10 && bytes[9] === 0xf7);
}

export class MtcDecoder {
  private readonly nibbles = [0, 0, 0, 0, 0, 0, 0, 0];
  private prev: number | undefined;
  /** Pieces seen in order since the last piece 0 (forward) or piece 7 (reverse), as bits. */
  private forward = 0;
  private reverse = 0;
  /** Once a forward time is known: the frame running now and its rate. */
  private running: { frame: number; rate: TimecodeRate } | undefined;

  /** One message's bytes (status first). */
  take(bytes: readonly number[]): MtcEvent | MtcDrop {
    if (bytes[0] === 0xf1) return this.quarter(bytes);
    return this.fullFrame(bytes);
  }

  private quarter(bytes: readonly number[]): MtcEvent | MtcDrop {
    const data = bytes[1];
    if (bytes.length !== 2 || !Number.isInteger(data) || data < 0 || data > 0x7f) return this.broken('bad_piece');
    const piece = data >> 4;
    const value = data & 0x0f;
    if ((value & (RESERVED[piece] ?? 0)) !== 0) return this.broken('bad_piece');
    const prev = this.prev;
    this.prev = piece;
    this.nibbles[piece] = value;
    const next = prev !== undefined && piece === (prev + 1) % 8;
    const back = prev !== undefined && piece === (prev + 7) % 8;
    this.forward = piece === 0 ? 1 : next ? this.forward | (1 << piece) : 0;
    this.reverse = piece === 7 ? 0x80 : back ? this.reverse | (1 << piece) : 0;
    if (!next) this.running = undefined;
    if (next && piece === 7 && this.forward === 0xff) {
      this.forward = 0;
      const t = this.assembled();
      if (typeof t === 'string') return this.broken(t);
      const expected = this.running;
      // The label for the frame now was given at piece 4; a time that disagrees is a jump on the sender's side.
      if (expected !== undefined && expected.rate === t.rate && expected.frame === t.frame + 1) return NONE;
      this.running = { frame: t.frame + 1, rate: t.rate };
      return this.label(3);
    }
    if (back && piece === 0 && this.reverse === 0xff) {
      this.reverse = 0;
      const t = this.assembled();
      if (typeof t === 'string') return this.broken(t);
      return { kind: 'locate', timecode: timecodeOfFrame(t.frame, t.rate), rate: t.rate };
    }
    if (next && (piece === 0 || piece === 4) && this.running !== undefined) {
      this.running.frame++;
      return this.label(0);
    }
    return NONE;
  }

  private label(quartersAgo: number): MtcEvent {
    const r = this.running as { frame: number; rate: TimecodeRate };
    return { kind: 'label', timecode: timecodeOfFrame(r.frame, r.rate), rate: r.rate, quartersAgo };
  }

  /** The time the eight pieces hold, as a frame count, or why it is not one. */
  private assembled(): { frame: number; rate: TimecodeRate } | MtcDrop {
    const n = this.nibbles;
    const rate = RATE_OF_CODE[(n[7] >> 1) & 3];
    const tc = { hours: n[6] | ((n[7] & 1) << 4), minutes: n[4] | (n[5] << 4), seconds: n[2] | (n[3] << 4), frames: n[0] | (n[1] << 4) };
    return frameOf(tc, rate);
  }

  /** F0 7F <device> 01 01 hh mm ss ff F7: the sender located (hh carries the rate in bits 5–6). */
  private fullFrame(bytes: readonly number[]): MtcEvent | MtcDrop {
    const ok =
      bytes.length === 10 &&
      bytes[0] === 0xf0 &&
      bytes[1] === 0x7f &&
      bytes[3] === 0x01 &&
      bytes[4] === 0x01 &&
      bytes[9] === 0xf7 &&
      bytes.slice(1, 9).every((b) => Number.isInteger(b) && b >= 0 && b <= 0x7f);
    if (!ok) return 'not_full_frame';
    this.reset();
    const [hh, minutes, seconds, frames] = bytes.slice(5, 9);
    const rate = RATE_OF_CODE[(hh >> 5) & 3];
    const t = frameOf({ hours: hh & 0x1f, minutes, seconds, frames }, rate);
    if (typeof t === 'string') return t;
    return { kind: 'locate', timecode: timecodeOfFrame(t.frame, t.rate), rate };
  }

  private broken(reason: MtcDrop): MtcDrop {
    this.reset();
    return reason;
  }

  private reset(): void {
    this.prev = undefined;
    this.forward = 0;
    this.reverse = 0;
    this.running = undefined;
  }
}

/** A label's frame count, or why it is not one: a field past its range (hours > 23, frames ≥ the rate) or a label drop-frame skips. */
function frameOf(tc: Timecode, rate: TimecodeRate): { frame: number; rate: TimecodeRate } | MtcDrop {
  if (tc.hours > 23 || tc.minutes > 59 || tc.seconds > 59 || tc.frames >= RATE_INFO[rate].nominal) return 'out_of_range';
  try {
    return { frame: frameOfTimecode(tc, rate), rate };
  } catch {
    return 'invalid_label';
  }
}

/**
 * Decodes one message received at `at` (ms) and hands what it gave to the chase: a running label
 * dated when its frame began, or a locate to hold at. Returns whether a label was taken, nothing
 * came yet, or why the message was dropped.
 */
export function feedMtc(decoder: MtcDecoder, chase: TimecodeChase, bytes: readonly number[], at: number): 'taken' | 'none' | MtcDrop {
  const event = decoder.take(bytes);
  if (typeof event === 'string') return event;
  if (event.kind === 'none') return 'none';
  const packet = { timecode: event.timecode, rate: event.rate, streamId: 0 };
  const quarterMs = (secondsOfFrame(1, event.rate) * 1000) / 4;
  const taken = event.kind === 'locate' ? chase.hold(packet, at) : chase.receive(packet, at - event.quartersAgo * quarterMs);
  return taken ? 'taken' : 'invalid_label';
}
