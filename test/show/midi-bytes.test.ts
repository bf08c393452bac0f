// MTC and MIDI clock bytes, checked against the MIDI 1.0 specification and its MTC addendum: the
// expected values below are worked out by hand from the spec's tables (quarter-frame piece order
// and nibbles, the rate code 0rrh in piece 7 and in the full frame's hours byte, SPP in sixteenth
// notes, least significant seven bits first), not from the encoder. The sequencer is then played
// frame by frame and its output decoded as a receiver would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mtcFullFrame, mtcQuarterFrame, songPositionPointer } from '../../src/show/timecode/midi-bytes.js';
import { MidiOutSequencer, type MidiOutMessage } from '../../src/show/timecode/midi-sequencer.js';
import { parseTimecode, type TimecodeRate } from '../../src/show/timecode/timecode.js';

const pieces = (label: string, rate: TimecodeRate): number[][] => Array.from({ length: 8 }, (_, i) => mtcQuarterFrame(parseTimecode(label, rate), rate, i));

test('quarter frames: eight pieces, frames/seconds/minutes/hours low then high nibble, piece 7 = 0rrh', () => {
  // 01:23:45:12 at 25 fps: frames 12 = 0x0C, seconds 45 = 0x2D, minutes 23 = 0x17, hours 1; rate code 1 (25) → 0rrh = 0b0010.
  assert.deepEqual(pieces('01:23:45:12', '25'), [
    [0xf1, 0x0c],
    [0xf1, 0x10],
    [0xf1, 0x2d],
    [0xf1, 0x32],
    [0xf1, 0x47],
    [0xf1, 0x51],
    [0xf1, 0x61],
    [0xf1, 0x72],
  ]);
  // 23:59:59:29 at 30: hours 23 = 0x17 (its bit 4 goes into piece 7's h), rate code 3 → 0b0111.
  assert.deepEqual(
    pieces('23:59:59:29', '30').map((m) => m[1]),
    [0x0d, 0x11, 0x2b, 0x33, 0x4b, 0x53, 0x67, 0x77],
  );
  // Rate codes: 24 → 0, 29.97 drop-frame → 2 (hours 0: h bit clear).
  assert.equal(pieces('00:00:00:00', '24')[7][1], 0x70);
  assert.equal(pieces('00:10:00;00', '29.97df')[7][1], 0x74);
});

test('full frame: F0 7F 7F 01 01 hh mm ss ff F7 with the rate in bits 5–6 of hh', () => {
  assert.deepEqual(mtcFullFrame(parseTimecode('01:23:45:12', '25'), '25'), [0xf0, 0x7f, 0x7f, 0x01, 0x01, 0x21, 23, 45, 12, 0xf7]);
  assert.deepEqual(mtcFullFrame(parseTimecode('10:00:00;04', '29.97df'), '29.97df'), [0xf0, 0x7f, 0x7f, 0x01, 0x01, 0x4a, 0, 0, 4, 0xf7]);
  assert.deepEqual(mtcFullFrame(parseTimecode('23:59:59:23', '24'), '24'), [0xf0, 0x7f, 0x7f, 0x01, 0x01, 0x17, 59, 59, 23, 0xf7]);
  assert.deepEqual(mtcFullFrame(parseTimecode('00:00:00:00', '30'), '30'), [0xf0, 0x7f, 0x7f, 0x01, 0x01, 0x60, 0, 0, 0, 0xf7]);
});

test('Song Position Pointer counts sixteenth notes, 14 bits, LSB first', () => {
  assert.deepEqual(songPositionPointer(16), [0xf2, 16, 0]); // beat 4
  assert.deepEqual(songPositionPointer(800), [0xf2, 0x20, 0x06]); // beat 200: 800 = 6·128 + 32
  assert.deepEqual(songPositionPointer(16383), [0xf2, 0x7f, 0x7f]);
  assert.deepEqual(songPositionPointer(20000), [0xf2, 0x7f, 0x7f], 'past the pointer range it holds the last value');
});

/** A receiver per the spec: assembles eight quarter frames in order 0…7 and reads the label of piece 0's frame. */
class QuarterFrameReader {
  private nibbles: number[] = [];
  readonly labels: { frames: number; seconds: number; minutes: number; hours: number; rate: number; at: number }[] = [];

  take(m: MidiOutMessage, at: number): void {
    if (m.data[0] !== 0xf1) return;
    const piece = m.data[1] >> 4;
    if (piece !== this.nibbles.length) this.nibbles = [];
    if (piece !== this.nibbles.length) return;
    this.nibbles.push(m.data[1] & 0x0f);
    if (piece < 7) return;
    const n = this.nibbles;
    this.nibbles = [];
    this.labels.push({
      frames: n[0] | (n[1] << 4),
      seconds: n[2] | (n[3] << 4),
      minutes: n[4] | (n[5] << 4),
      hours: n[6] | ((n[7] & 1) << 4),
      rate: n[7] >> 1,
      at,
    });
  }
}

/** Plays the sequencer over `frames` engine frames of `deltaMs`, returning every message with its song time (ms). */
function play(seq: MidiOutSequencer, start: number, bpm: number, frames: number, deltaMs: number, playing = true): { m: MidiOutMessage; t: number }[] {
  const out: { m: MidiOutMessage; t: number }[] = [];
  let position = start;
  const beatMs = 60000 / bpm;
  for (let i = 0; i < frames; i++) {
    if (i > 0 && playing) position += deltaMs / beatMs;
    for (const m of seq.step({ playing, position, bpm }, i === 0 ? 0 : deltaMs)) out.push({ m, t: position * beatMs + m.at });
  }
  return out;
}

test('a playing sequencer: assembled quarter frames are the song time within a frame, 4 a frame, 24 clocks a beat', () => {
  const bpm = 120;
  const seq = new MidiOutSequencer({ mtc: '25', clock: true }, 0);
  // Start at 0: MIDI start, a full frame at 00:00:00:00, the first clock and piece 0 at the start.
  const out = play(seq, 0, bpm, 241, 1000 / 60);
  assert.deepEqual(
    out.slice(0, 2).map((x) => x.m.data),
    [[0xfa], [0xf0, 0x7f, 0x7f, 1, 1, 0x20, 0, 0, 0, 0xf7]],
  );
  const clocks = out.filter((x) => x.m.data[0] === 0xf8);
  // 240 frames of 1/60 s = 4 s = 8 beats at 120 bpm: clocks at 0, 1/24 … 8 beats.
  assert.equal(clocks.length, 8 * 24 + 1);
  clocks.forEach((c, k) => assert.ok(Math.abs(c.t - (k * 500) / 24) < 1e-6, `clock ${k} at ${c.t} ms`));
  const qf = out.filter((x) => x.m.data[0] === 0xf1);
  assert.equal(qf.length, 4 * 25 * 4 + 1, '4 s at 25 fps, four quarter frames a frame');
  qf.forEach((q, i) => assert.ok(Math.abs(q.t - i * 10) < 1e-6, `quarter frame ${i} at ${q.t} ms (every 10 ms at 25 fps)`));
  // Times never run backwards and none is in the future of its frame.
  for (let i = 1; i < out.length; i++) assert.ok(out[i].t >= out[i - 1].t - 1e-9);
  assert.ok(out.every((x) => x.m.at <= 1e-9));
  const reader = new QuarterFrameReader();
  for (const q of qf) reader.take(q.m, q.t);
  assert.equal(reader.labels.length, 50);
  for (const l of reader.labels) {
    assert.equal(l.rate, 1);
    // The label is piece 0's frame; at piece 7 the receiver adds two frames: within one frame of the song time.
    const shown = ((l.hours * 60 + l.minutes) * 60 + l.seconds) * 25 + l.frames + 2;
    assert.ok(Math.abs(shown - (l.at / 1000) * 25) <= 1, `label frame ${shown} at ${l.at} ms`);
  }
});

test('29.97 drop-frame: at 00:01:00 the labels skip ;00 and ;01', () => {
  // Frame 1798 is the first frame of minute 1 less two (30·60 − 2): labels ;28 and ;29 of 00:00:59, then 00:01:00;02.
  const bpm = 60;
  const seconds = (1798 * 1001) / 30000;
  const seq = new MidiOutSequencer({ mtc: '29.97df', clock: false }, 0);
  const out = play(seq, seconds, bpm, 10, 1000 / 60);
  const reader = new QuarterFrameReader();
  for (const x of out) reader.take(x.m, x.t);
  const labels = reader.labels.map((l) => `${l.minutes}:${l.seconds};${l.frames}/${l.rate}`);
  assert.deepEqual(labels.slice(0, 2), ['0:59;28/2', '1:0;2/2']);
  assert.deepEqual(out[0].m.data, [0xf0, 0x7f, 0x7f, 1, 1, 0x40, 0, 59, 28, 0xf7], 'the start sends the full frame');
});

test('locate and stop: a locate while playing sends stop, SPP and continue, and a full frame; a stop sends FC', () => {
  const bpm = 120;
  const seq = new MidiOutSequencer({ mtc: '30', clock: true }, 108000); // offset 01:00:00:00 at 30 fps
  const first = seq.step({ playing: false, position: 0, bpm }, 0);
  assert.deepEqual(
    first.map((m) => m.data),
    [
      [0xf0, 0x7f, 0x7f, 1, 1, 0x61, 0, 0, 0, 0xf7],
      [0xf2, 0, 0],
    ],
    'subscribed while stopped: where the song stands',
  );
  seq.step({ playing: true, position: 0.1, bpm }, 50);
  const located = seq.step({ playing: true, position: 16, bpm }, 50);
  assert.deepEqual(
    located.slice(0, 4).map((m) => m.data),
    [[0xfc], [0xf2, 64, 0], [0xfb], [0xf0, 0x7f, 0x7f, 1, 1, 0x61, 0, 8, 0, 0xf7]],
    'beat 16 = 64 sixteenths = 8 s at 120 bpm',
  );
  const stopped = seq.step({ playing: false, position: 16, bpm }, 50);
  assert.deepEqual(
    stopped.map((m) => m.data),
    [[0xfc], [0xf0, 0x7f, 0x7f, 1, 1, 0x61, 0, 8, 0, 0xf7]],
  );
  assert.deepEqual(seq.step({ playing: false, position: 16, bpm }, 50), [], 'nothing while it stands');
  const restarted = seq.step({ playing: true, position: 16 + 0.1, bpm }, 50);
  assert.deepEqual(
    restarted.slice(0, 2).map((m) => m.data),
    [[0xf2, 64, 0], [0xfb]],
    'a start away from 0 is SPP + continue',
  );
  assert.ok(Math.abs(restarted[0].at + 50) < 1e-9, 'the start is placed where the frame began');
});
