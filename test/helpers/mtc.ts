// MIDI timecode as a sender writes it, from the MIDI spec (MTC, "Quarter Frame Messages" and
// "Full Message"), by this test's own arithmetic: eight pieces F1 0nnn dddd, piece 0 sent as the
// frame it names begins, four a frame; the rate in piece 7's bits 1–2 (0: 24, 1: 25, 2: 29.97
// drop-frame, 3: 30). Used by the decoder and chase tests and by the console's socket test.

export type MtcRate = '24' | '25' | '29.97df' | '30';

interface Label {
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly frames: number;
}

const RATE_CODE: Record<MtcRate, number> = { '24': 0, '25': 1, '29.97df': 2, '30': 3 };

/** Frames per second as the sender's clock runs. */
export const fpsOf = (rate: MtcRate): number => (rate === '29.97df' ? 30000 / 1001 : Number(rate));

/** Quarter frame `piece` (0–7) of the label `tc`. */
export function quarterFrame(piece: number, tc: Label, rate: MtcRate): number[] {
  const nibble = [
    tc.frames & 0xf,
    tc.frames >> 4,
    tc.seconds & 0xf,
    tc.seconds >> 4,
    tc.minutes & 0xf,
    tc.minutes >> 4,
    tc.hours & 0xf,
    (tc.hours >> 4) | (RATE_CODE[rate] << 1),
  ][piece];
  return [0xf1, (piece << 4) | nibble];
}

/** The full-frame SysEx for `tc` (device 7F: every device). */
export function fullFrame(tc: Label, rate: MtcRate): number[] {
  return [0xf0, 0x7f, 0x7f, 0x01, 0x01, (RATE_CODE[rate] << 5) | tc.hours, tc.minutes, tc.seconds, tc.frames, 0xf7];
}

/** The label of frame `frame` counted from 00:00:00:00 (29.97 drop-frame as SMPTE 12M counts it). */
export function labelOf(frame: number, rate: MtcRate): Label {
  const nominal = rate === '29.97df' ? 30 : Number(rate);
  let n = frame;
  if (rate === '29.97df') {
    const tens = Math.floor(n / 17982);
    const rest = n % 17982;
    n += 18 * tens + (rest > 1 ? 2 * Math.floor((rest - 2) / 1798) : 0);
  }
  return {
    hours: Math.floor(n / (3600 * nominal)) % 24,
    minutes: Math.floor(n / (60 * nominal)) % 60,
    seconds: Math.floor(n / nominal) % 60,
    frames: n % nominal,
  };
}

/** The k-th quarter frame of a forward stream whose piece 0 names frame `start` (k from 0): piece k mod 8 of the pair of frames it falls in. */
export function streamMessage(k: number, start: number, rate: MtcRate): number[] {
  const groupFrame = start + 2 * Math.floor(k / 8);
  return quarterFrame(k % 8, labelOf(groupFrame, rate), rate);
}
