// MIDI timecode in, decoded: quarter-frame streams written from the MIDI spec (test/helpers/mtc.ts)
// forward and in reverse, the rate from piece 7, the full-frame locate, and every malformed shape
// dropped with its reason. Then the chase on a stepped clock (an engine at 60 frames a second, a
// transport running on engine time): lock time and jitter at 30 fps and 29.97 drop-frame, in frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { feedMtc, MtcDecoder } from '../../src/show/timecode/mtc.js';
import { TimecodeChase } from '../../src/show/timecode/timecode-chase.js';
import { fpsOf, fullFrame, type MtcRate, quarterFrame, streamMessage } from '../helpers/mtc.js';

const tc = (hours: number, minutes: number, seconds: number, frames: number) => ({ hours, minutes, seconds, frames });

test('MTC: eight pieces forward give the time; the frame now is the one after it, begun three quarters ago; pieces 0 and 4 then start each frame', () => {
  const d = new MtcDecoder();
  const t = tc(1, 23, 45, 12);
  for (let p = 0; p < 7; p++) assert.deepEqual(d.take(quarterFrame(p, t, '25')), { kind: 'none' }, `piece ${p}`);
  assert.deepEqual(d.take(quarterFrame(7, t, '25')), { kind: 'label', timecode: tc(1, 23, 45, 13), rate: '25', quartersAgo: 3 });
  // The next pair of frames: 14 begins with piece 0, 15 with piece 4; piece 7 confirms what was said.
  const next = tc(1, 23, 45, 14);
  const got = Array.from({ length: 8 }, (_, p) => d.take(quarterFrame(p, next, '25')));
  assert.deepEqual(got[0], { kind: 'label', timecode: next, rate: '25', quartersAgo: 0 });
  assert.deepEqual(got[4], { kind: 'label', timecode: tc(1, 23, 45, 15), rate: '25', quartersAgo: 0 });
  for (const p of [1, 2, 3, 5, 6, 7]) assert.deepEqual(got[p], { kind: 'none' }, `piece ${p}`);
});

test('MTC: the rate comes from piece 7 (24, 25, 29.97 drop-frame, 30); the highest label of each reads back', () => {
  for (const [rate, last] of [
    ['24', tc(23, 59, 59, 23)],
    ['25', tc(23, 59, 59, 24)],
    ['29.97df', tc(23, 59, 59, 29)],
    ['30', tc(23, 59, 59, 29)],
  ] as const) {
    const d = new MtcDecoder();
    let r: unknown;
    for (let p = 0; p < 8; p++) r = d.take(quarterFrame(p, last, rate));
    // The frame after the last of the day wraps to midnight.
    assert.deepEqual(r, { kind: 'label', timecode: tc(0, 0, 0, 0), rate, quartersAgo: 3 }, rate);
  }
});

test('MTC: a stream joined mid-way waits for a whole 0–7; a piece out of order starts over; reverse (7 → 0) is a locate', () => {
  const d = new MtcDecoder();
  const t = tc(0, 10, 0, 0);
  for (let p = 3; p < 8; p++) assert.deepEqual(d.take(quarterFrame(p, t, '30')), { kind: 'none' });
  for (const p of [0, 1, 2, 4, 5, 6, 7]) assert.deepEqual(d.take(quarterFrame(p, t, '30')), { kind: 'none' }, `skipped 3: nothing at ${p}`);
  for (let p = 0; p < 8; p++) d.take(quarterFrame(p, t, '30'));
  const r = new MtcDecoder();
  const back = tc(0, 0, 20, 6);
  for (let p = 7; p > 0; p--) assert.deepEqual(r.take(quarterFrame(p, back, '30')), { kind: 'none' });
  assert.deepEqual(r.take(quarterFrame(0, back, '30')), { kind: 'locate', timecode: back, rate: '30' });
});

test('MTC: the full frame is a locate; malformed messages are dropped by reason', () => {
  const d = new MtcDecoder();
  assert.deepEqual(d.take(fullFrame(tc(10, 20, 30, 12), '29.97df')), { kind: 'locate', timecode: tc(10, 20, 30, 12), rate: '29.97df' });
  const device = fullFrame(tc(1, 0, 0, 0), '25');
  device[2] = 0x10;
  assert.deepEqual(d.take(device), { kind: 'locate', timecode: tc(1, 0, 0, 0), rate: '25' }, 'any device ID');
  const notFull = fullFrame(tc(1, 0, 0, 0), '25');
  notFull[4] = 0x02; // user bits, not the full frame
  assert.equal(d.take(notFull), 'not_full_frame');
  const realTime = fullFrame(tc(1, 0, 0, 0), '25');
  realTime[1] = 0x7e;
  assert.equal(d.take(realTime), 'not_full_frame');
  assert.equal(d.take([0xf0, 0x7f, 0x7f, 0x01, 0x01, 0, 0, 0, 0x80, 0xf7]), 'not_full_frame', 'a data byte past 127');
  assert.equal(d.take(fullFrame(tc(24, 0, 0, 0), '25')), 'out_of_range', 'hours 24');
  assert.equal(d.take(fullFrame(tc(1, 0, 0, 25), '25')), 'out_of_range', 'frame 25 at 25 fps');
  assert.equal(d.take(fullFrame(tc(0, 1, 0, 0), '29.97df')), 'invalid_label', 'a label drop-frame skips');
  assert.equal(d.take([0xf1]), 'bad_piece', 'no data byte');
  assert.equal(d.take([0xf1, 0x80]), 'bad_piece', 'a data byte past 127');
  assert.equal(d.take([0xf1, 0x12]), 'bad_piece', 'frames high nibble uses one bit');
  assert.equal(d.take([0xf1, 0x34]), 'bad_piece', 'seconds high nibble uses two bits');
  assert.equal(d.take([0xf1, 0x78]), 'bad_piece', 'piece 7 bit 3 is reserved');
  const assemble = (t: ReturnType<typeof tc>, rate: MtcRate) => {
    const x = new MtcDecoder();
    let r: unknown;
    for (let p = 0; p < 8; p++) r = x.take(quarterFrame(p, t, rate));
    return r;
  };
  assert.equal(assemble(tc(24, 0, 0, 0), '30'), 'out_of_range', 'hours 24 in pieces');
  assert.equal(assemble(tc(0, 0, 0, 30), '30'), 'out_of_range', 'frame 30 at 30 fps');
  assert.equal(assemble(tc(0, 0, 0, 24), '24'), 'out_of_range', 'frame 24 at 24 fps');
  assert.equal(assemble(tc(0, 0, 59, 29), '25'), 'out_of_range');
});

/**
 * A sender of quarter frames from `start`, an engine at 60 fps and a transport, on one stepped
 * clock (ms). Each message arrives 0–4 ms late (a seeded draw: a USB MIDI interface and a browser
 * between the sender and the show), never out of order.
 */
function chaseRig(rate: MtcRate, start: number) {
  let seed = 12345;
  const lateMs = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 4;
  };
  const chase = new TimecodeChase(() => 0, 500);
  const decoder = new MtcDecoder();
  const quarterMs = 1000 / fpsOf(rate) / 4;
  const engineMs = 1000 / 60;
  const transport = { playing: false, seconds: 0 };
  let sent = 0;
  let now = 0;
  let firstLabelAt: number | undefined;
  return {
    chase,
    transport,
    /** The sender's clock now, in frames. */
    senderFrames: () => start + now / quarterMs / 4,
    get now() {
      return now;
    },
    get firstLabelAt() {
      return firstLabelAt;
    },
    /** One engine frame: the quarter frames due by then arrive at their times, then the transport runs and the chase ticks. */
    frame() {
      const end = now + engineMs;
      while (sent * quarterMs + 4 <= end) {
        now = Math.max(now, sent * quarterMs + lateMs());
        const r = feedMtc(decoder, chase, streamMessage(sent, start, rate), now);
        assert.ok(r === 'taken' || r === 'none', r);
        if (r === 'taken' && firstLabelAt === undefined) firstLabelAt = now;
        sent++;
      }
      if (transport.playing) transport.seconds += engineMs / 1000;
      now = end;
      const a = chase.tick(now, transport.playing ? transport.seconds : null);
      if (a.kind === 'stop') transport.playing = false;
      if (a.kind === 'locate') {
        transport.seconds = a.seconds;
        transport.playing = a.play;
      }
    },
  };
}

for (const [rate, start] of [
  ['30', 10 * 30],
  // 00:00:59;20 on: the stream crosses the minute where drop-frame skips two labels.
  ['29.97df', 59 * 30 + 20],
] as const) {
  test(`MTC chase at ${rate}: locks within 2 frames of the first full time, jitters under one frame for a minute`, () => {
    const r = chaseRig(rate, start);
    const fps = fpsOf(rate);
    while (r.chase.state !== 'locked') r.frame();
    const lockFrames = (r.now / 1000) * fps;
    const afterFirst = ((r.now - (r.firstLabelAt ?? 0)) / 1000) * fps;
    let worst = 0;
    let sum = 0;
    let n = 0;
    for (let k = 0; k < 60 * 60; k++) {
      r.frame();
      const err = Math.abs(r.transport.seconds * fps - r.senderFrames());
      worst = Math.max(worst, err);
      sum += err;
      n++;
    }
    const mean = sum / n;
    console.log(
      `MTC ${rate}: locked ${lockFrames.toFixed(2)} frames after the first quarter frame (${afterFirst.toFixed(2)} after the first full time); ` +
        `error over a minute: mean ${mean.toFixed(3)}, worst ${worst.toFixed(3)} frames; relocates ${r.chase.relocates}`,
    );
    assert.ok(afterFirst <= 2, `locked ${afterFirst.toFixed(2)} frames after the first full time`);
    assert.ok(worst < 1, `worst error ${worst.toFixed(3)} frames`);
    assert.equal(r.chase.relocates, 1, 'one move: the lock');
    assert.equal(r.chase.state, 'locked');
  });
}
