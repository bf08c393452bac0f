// Timecode math against known labels: SMPTE 12M drop-frame counting, whole-frame flooring of song
// seconds, the offset, the 24-hour wrap and the labels a rate does not have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTimecode, frameOfTimecode, parseTimecode, timecodeAt, type TimecodeRate } from '../../src/show/timecode/timecode.js';

/** The label of frame `n` (counted from 00:00:00:00) at `rate`. */
function label(n: number, rate: TimecodeRate): string {
  return formatTimecode(timecodeAt(0, n, rate).timecode, rate);
}

test('29.97 drop-frame: frames 0 and 1 are skipped at each minute but every tenth (SMPTE 12M)', () => {
  const known: [number, string][] = [
    [0, '00:00:00;00'],
    [29, '00:00:00;29'],
    [1799, '00:00:59;29'],
    [1800, '00:01:00;02'],
    [3597, '00:01:59;29'],
    [3598, '00:02:00;02'],
    [17981, '00:09:59;29'],
    [17982, '00:10:00;00'],
    [17983, '00:10:00;01'],
    [19782, '00:11:00;02'],
    [107892, '01:00:00;00'],
    [2589407, '23:59:59;29'],
    [2589408, '00:00:00;00'],
  ];
  for (const [n, text] of known) {
    assert.equal(label(n, '29.97df'), text, `frame ${n}`);
    const tc = parseTimecode(text, '29.97df');
    assert.equal(frameOfTimecode(tc, '29.97df') % 2589408, n % 2589408, `${text} back to its frame`);
  }
  // Every frame of the first twenty minutes: labels advance one by one, and the inverse holds.
  let previous = -1;
  for (let n = 0; n < 2 * 17982; n++) {
    const tc = timecodeAt(0, n, '29.97df').timecode;
    assert.equal(frameOfTimecode(tc, '29.97df'), n);
    const count = ((tc.hours * 60 + tc.minutes) * 60 + tc.seconds) * 30 + tc.frames;
    assert.ok(count > previous, `frame ${n}: ${formatTimecode(tc, '29.97df')} comes after the one before`);
    previous = count;
  }
});

test('non-drop rates count whole frames and label with a colon', () => {
  assert.equal(label(0, '24'), '00:00:00:00');
  assert.equal(label(23, '24'), '00:00:00:23');
  assert.equal(label(24, '24'), '00:00:01:00');
  assert.equal(label(25 * 3600 + 24, '25'), '01:00:00:24');
  assert.equal(label(30 * 60, '30'), '00:01:00:00');
  assert.equal(label(86400 * 24 - 1, '24'), '23:59:59:23');
  assert.equal(frameOfTimecode(parseTimecode('01:02:03:04', '30'), '30'), (3600 + 120 + 3) * 30 + 4);
});

test('song seconds are floored to the frame that holds them; the offset is added and wraps at 24 hours', () => {
  assert.equal(formatTimecode(timecodeAt(1, 0, '24').timecode, '24'), '00:00:01:00');
  assert.equal(formatTimecode(timecodeAt(1.04, 0, '25').timecode, '25'), '00:00:01:01');
  assert.equal(formatTimecode(timecodeAt(0.999, 0, '30').timecode, '30'), '00:00:00:29');
  // 60 s of 29.97 fps is 1798.2 frames: 00:00:59;28 is 1798 frames in (no label dropped yet).
  assert.equal(formatTimecode(timecodeAt(60, 0, '29.97df').timecode, '29.97df'), '00:00:59;28');
  // Ten minutes of clock time is exactly 17982 frames: the label is 00:10:00;00 again.
  assert.equal(formatTimecode(timecodeAt(600, 0, '29.97df').timecode, '29.97df'), '00:10:00;00');
  const hour = frameOfTimecode(parseTimecode('01:00:00:00', '25'), '25');
  assert.equal(formatTimecode(timecodeAt(2.5, hour, '25').timecode, '25'), '01:00:02:12');
  const late = frameOfTimecode(parseTimecode('23:59:59:00', '30'), '30');
  const wrapped = timecodeAt(2, late, '30');
  assert.equal(formatTimecode(wrapped.timecode, '30'), '00:00:01:00');
  assert.equal(wrapped.frame, 30);
  assert.equal(formatTimecode(timecodeAt(-3, 0, '30').timecode, '30'), '00:00:00:00', 'before the song start is its start');
});

test('a timecode the rate does not have is refused with invalid_argument and the reason', () => {
  const refused = (text: string, rate: TimecodeRate, why: RegExp) =>
    assert.throws(
      () => parseTimecode(text, rate),
      (err: Error & { code?: string }) => err.code === 'invalid_argument' && why.test(err.message),
    );
  refused('00:01:00;00', '29.97df', /skipped at the start of each minute/);
  refused('00:01:00:01', '29.97df', /no label 00:01:00;01/);
  refused('00:00:00:24', '24', /runs to 23:59:59:23/);
  refused('00:00:00:25', '25', /runs to 23:59:59:24/);
  refused('24:00:00:00', '30', /runs to 23:59:59:29/);
  refused('00:60:00:00', '30', /runs to/);
  refused('1:00:00:00', '30', /HH:MM:SS:FF/);
  refused('soon', '30', /HH:MM:SS:FF/);
  assert.doesNotThrow(() => parseTimecode('00:10:00;00', '29.97df'));
  assert.doesNotThrow(() => parseTimecode('00:01:00;02', '29.97df'));
  assert.doesNotThrow(() => parseTimecode('00:01:00:00', '30'));
});
