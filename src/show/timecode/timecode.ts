// Timecode math: a song position in seconds (plus an offset) as hours:minutes:seconds:frames at
// 24, 25, 29.97 drop-frame or 30 frames per second. 29.97 drop-frame counts as SMPTE 12M does:
// frame labels 0 and 1 are skipped at the start of every minute except minutes 0, 10, 20, 30, 40
// and 50, so the label keeps pace with the clock at 30000/1001 frames per second.
import { invalidArgument } from '../../engine/errors.js';

export const TIMECODE_RATES = ['24', '25', '29.97df', '30'] as const;
export type TimecodeRate = (typeof TIMECODE_RATES)[number];

interface RateInfo {
  /** Frames per second as the clock counts them: a fraction, exact for 30000/1001. */
  readonly num: number;
  readonly den: number;
  /** Frame labels per second (0 … nominal − 1). */
  readonly nominal: number;
  readonly drop: boolean;
}

export const RATE_INFO: Readonly<Record<TimecodeRate, RateInfo>> = {
  '24': { num: 24, den: 1, nominal: 24, drop: false },
  '25': { num: 25, den: 1, nominal: 25, drop: false },
  '29.97df': { num: 30000, den: 1001, nominal: 30, drop: true },
  '30': { num: 30, den: 1, nominal: 30, drop: false },
};

/** 29.97 drop-frame: frames in ten minutes (10 × 1800 − 9 × 2) and in one minute that drops two (1800 − 2). */
const DF_TEN_MINUTES = 17982;
const DF_MINUTE = 1798;

/** One timecode label. */
export interface Timecode {
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly frames: number;
}

export function isTimecodeRate(value: string): value is TimecodeRate {
  return (TIMECODE_RATES as readonly string[]).includes(value);
}

/** Frames in 24 hours at `rate`: the count wraps there, as the label does. */
function framesPerDay(rate: TimecodeRate): number {
  const r = RATE_INFO[rate];
  return r.drop ? 144 * DF_TEN_MINUTES : 86400 * r.nominal;
}

/** The frame that holds `seconds` (floored; a tiny tolerance keeps 1.0 s at 24 fps on frame 24, not 23). */
function frameAtSeconds(seconds: number, rate: TimecodeRate): number {
  const r = RATE_INFO[rate];
  return Math.floor((Math.max(0, seconds) * r.num) / r.den + 1e-9);
}

/** The label of frame `frame` counted from 00:00:00:00 (wraps at 24 hours; negative counts from the end of the day). */
export function timecodeOfFrame(frame: number, rate: TimecodeRate): Timecode {
  const r = RATE_INFO[rate];
  const day = framesPerDay(rate);
  let n = ((Math.floor(frame) % day) + day) % day;
  if (r.drop) {
    const tens = Math.floor(n / DF_TEN_MINUTES);
    const rest = n % DF_TEN_MINUTES;
    // The first minute of each ten keeps all its labels; each later one skips labels 0 and 1.
    n += 18 * tens + (rest > 1 ? 2 * Math.floor((rest - 2) / DF_MINUTE) : 0);
  }
  const fps = r.nominal;
  return {
    hours: Math.floor(n / (3600 * fps)) % 24,
    minutes: Math.floor(n / (60 * fps)) % 60,
    seconds: Math.floor(n / fps) % 60,
    frames: n % fps,
  };
}

/** The frame count of a label (the inverse of timecodeOfFrame). Throws invalid_argument for a label the rate does not have. */
export function frameOfTimecode(tc: Timecode, rate: TimecodeRate): number {
  const r = RATE_INFO[rate];
  const { hours, minutes, seconds, frames } = tc;
  const ok = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v <= max;
  if (!ok(hours, 23) || !ok(minutes, 59) || !ok(seconds, 59) || !ok(frames, r.nominal - 1))
    throw invalidArgument(`a timecode at ${rate} fps runs to 23:59:59:${String(r.nominal - 1).padStart(2, '0')}; got ${formatTimecode(tc, rate)}`);
  const labels = ((hours * 60 + minutes) * 60 + seconds) * r.nominal + frames;
  if (!r.drop) return labels;
  if (seconds === 0 && frames < 2 && minutes % 10 !== 0)
    throw invalidArgument(`29.97 drop-frame has no label ${formatTimecode(tc, rate)}: frames 0 and 1 are skipped at the start of each minute but every tenth`);
  const totalMinutes = hours * 60 + minutes;
  return labels - 2 * (totalMinutes - Math.floor(totalMinutes / 10));
}

/** `HH:MM:SS:FF`, or `HH:MM:SS;FF` for drop-frame. */
export function formatTimecode(tc: Timecode, rate: TimecodeRate): string {
  const two = (v: number) => String(v).padStart(2, '0');
  return `${two(tc.hours)}:${two(tc.minutes)}:${two(tc.seconds)}${RATE_INFO[rate].drop ? ';' : ':'}${two(tc.frames)}`;
}

export const TIMECODE_FORMAT_HELP = 'HH:MM:SS:FF (HH:MM:SS;FF also for drop-frame), e.g. 01:00:00:00';

/** Parses `HH:MM:SS:FF` (or `;` before the frames) into a label checked against `rate`. */
export function parseTimecode(text: string, rate: TimecodeRate): Timecode {
  const m = /^\s*(\d{2}):(\d{2}):(\d{2})[:;.](\d{2})\s*$/.exec(text);
  if (m === null) throw invalidArgument(`a timecode is ${TIMECODE_FORMAT_HELP}; got ${JSON.stringify(text.slice(0, 40))}`);
  const tc = { hours: Number(m[1]), minutes: Number(m[2]), seconds: Number(m[3]), frames: Number(m[4]) };
  frameOfTimecode(tc, rate);
  return tc;
}

/** The label `offsetFrames` after the frame that holds `seconds` (both at `rate`, wrapping at 24 hours). */
export function timecodeAt(seconds: number, offsetFrames: number, rate: TimecodeRate): { readonly frame: number; readonly timecode: Timecode } {
  const frame = (frameAtSeconds(seconds, rate) + offsetFrames) % framesPerDay(rate);
  return { frame, timecode: timecodeOfFrame(frame, rate) };
}

/** The time at the start of frame `frame` (counted from 00:00:00:00), in seconds. */
export function secondsOfFrame(frame: number, rate: TimecodeRate): number {
  const r = RATE_INFO[rate];
  return (frame * r.den) / r.num;
}
