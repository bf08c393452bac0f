// render-sound --ltc and render-show --ltc: LTC on one channel of the stereo WAV, the mix folded
// to mono on the other, as a playback file for a production carries it (docs/timecode.md).
import { invalidArgument } from '../engine/errors.js';
import { encodeLtc, LTC_LEVEL_DB } from '../show/timecode/ltc.js';
import { formatTimecode, frameOfTimecode, isTimecodeRate, parseTimecode, timecodeAt, type TimecodeRate } from '../show/timecode/timecode.js';
import { TIMECODE_RATE_HELP } from '../show/timecode/timecode-out.js';

interface LtcRequest {
  readonly channel: 'left' | 'right';
  readonly rate: TimecodeRate;
  readonly offsetFrames: number;
}

/** The LTC options checked before any work: `--ltc [left|right]` (true when no channel is named), `--timecode-rate`, `--timecode-offset`. */
export function ltcRequest(ltc: string | boolean | undefined, rate: string | undefined, offset: string | undefined): LtcRequest | undefined {
  if (ltc === undefined || ltc === false) {
    if (rate !== undefined || offset !== undefined) throw invalidArgument('--timecode-rate and --timecode-offset set the LTC track: give --ltc too');
    return undefined;
  }
  const channel = ltc === true ? 'right' : ltc;
  if (channel !== 'left' && channel !== 'right') throw invalidArgument(`--ltc takes left or right (default right); got ${JSON.stringify(channel)}`);
  const r = rate ?? '30';
  if (!isTimecodeRate(r)) throw invalidArgument(`--timecode-rate is one of ${TIMECODE_RATE_HELP}; got ${JSON.stringify(r)}`);
  const offsetFrames = offset === undefined ? 0 : frameOfTimecode(parseTimecode(offset, r), r);
  return { channel, rate: r, offsetFrames };
}

/** The two channels to write: LTC on the named one, ½ (left + right) on the other; and a summary. */
export function withLtc(
  left: Float32Array,
  right: Float32Array,
  startSeconds: number,
  sampleRate: number,
  req: LtcRequest,
): { channels: [Float32Array, Float32Array]; summary: string } {
  const mono = new Float32Array(left.length);
  for (let i = 0; i < mono.length; i++) mono[i] = (left[i] + right[i]) / 2;
  const ltc = encodeLtc({ rate: req.rate, startSeconds, offsetFrames: req.offsetFrames, sampleRate, samples: left.length });
  const first = formatTimecode(timecodeAt(startSeconds, req.offsetFrames, req.rate).timecode, req.rate);
  return {
    channels: req.channel === 'left' ? [ltc, mono] : [mono, ltc],
    summary: `LTC ${req.rate} on the ${req.channel} channel from ${first} at ${LTC_LEVEL_DB} dBFS, the mix in mono on the other`,
  };
}
