// Chasing incoming timecode, frame by frame on a stepped clock: a sender's labels at its rate, an
// engine at 60 frames a second and a transport that runs on engine time (as the song's does). The
// chase locks on the second label in a row, follows a locate on the sender at once, corrects a
// drift past one frame, freewheels over a dropout and stops when the clock is lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artTimeCode, readArtTimeCode } from '../../src/show/timecode/art-timecode.js';
import { TimecodeChase } from '../../src/show/timecode/timecode-chase.js';
import { parseTimecode, type TimecodeRate } from '../../src/show/timecode/timecode.js';
import { labelOf } from '../helpers/mtc.js';

const FRAME_MS = 1000 / 60;

type ChaseAction = ReturnType<TimecodeChase['tick']>;

/** A sender, an engine and a transport on one stepped clock (ms). */
function rig(options: { rate?: TimecodeRate; start?: string; offsetSeconds?: number; freewheelMs?: number; speed?: number } = {}) {
  const rate = options.rate ?? '30';
  const fps = rate === '29.97df' ? 30000 / 1001 : Number(rate);
  const chase = new TimecodeChase(() => options.offsetSeconds ?? 0, options.freewheelMs ?? 500);
  const startFrame = frameOf(options.start ?? '00:00:10:00', rate);
  let now = 0;
  let sent = -1;
  let sending = true;
  let senderStart = 0;
  let senderBase = startFrame;
  const transport = { playing: false, seconds: 0 };
  const actions: ChaseAction[] = [];
  const labelAt = (frame: number) => labelOf(frame, rate);
  return {
    chase,
    transport,
    actions,
    get now() {
      return now;
    },
    /** The sender's clock now, in seconds of timecode. */
    senderSeconds: () => (senderBase + ((now - senderStart) / 1000) * fps) / fps,
    stopSending: () => {
      sending = false;
    },
    resumeSending: () => {
      sending = true;
    },
    locateSender: (label: string) => {
      senderBase = frameOf(label, rate);
      senderStart = now;
      sent = -1;
    },
    /** Runs engine frames: the sender sends each new label as its time comes, the transport runs, the chase ticks. */
    run(frames: number) {
      for (let k = 0; k < frames; k++) {
        now += FRAME_MS;
        const due = senderBase + Math.floor(((now - senderStart) / 1000) * fps + 1e-9);
        if (sending && due !== sent) {
          sent = due;
          const packet = readArtTimeCode(artTimeCode(labelAt(due), rate));
          assert.ok(typeof packet !== 'string');
          chase.receive(packet, now);
        }
        if (transport.playing) transport.seconds += (FRAME_MS / 1000) * (options.speed ?? 1);
        const a = chase.tick(now, transport.playing ? transport.seconds : null);
        if (a.kind !== 'none') actions.push(a);
        if (a.kind === 'stop') transport.playing = false;
        if (a.kind === 'locate') {
          transport.seconds = a.seconds;
          transport.playing = a.play;
        }
      }
    },
  };
}

function frameOf(label: string, rate: TimecodeRate): number {
  const tc = parseTimecode(label, rate);
  const nominal = rate === '29.97df' ? 30 : Number(rate);
  const minutes = tc.hours * 60 + tc.minutes;
  const labels = (minutes * 60 + tc.seconds) * nominal + tc.frames;
  return rate === '29.97df' ? labels - 2 * (minutes - Math.floor(minutes / 10)) : labels;
}

test('ArtTimeCode in: each rate reads back; other datagrams are named, not taken', () => {
  for (const [label, rate] of [
    ['00:00:00:23', '24'],
    ['12:34:56:24', '25'],
    ['00:10:00;00', '29.97df'],
    ['23:59:59:29', '30'],
  ] as [string, TimecodeRate][]) {
    const tc = parseTimecode(label, rate);
    assert.deepEqual(readArtTimeCode(artTimeCode(tc, rate)), { timecode: tc, rate, streamId: 0 });
  }
  const good = artTimeCode(parseTimecode('01:00:00:00', '25'), '25');
  assert.equal(readArtTimeCode(Buffer.from('hello')), 'not_art_net');
  assert.equal(readArtTimeCode(Buffer.concat([Buffer.from('Art-Nex\0'), good.subarray(8)])), 'not_art_net');
  const dmx = Buffer.from(good);
  dmx[9] = 0x50; // OpDmx 0x5000
  assert.equal(readArtTimeCode(dmx), 'not_timecode');
  assert.equal(readArtTimeCode(good.subarray(0, 18)), 'short');
  for (const [at, value] of [
    [18, 4],
    [17, 24],
    [16, 60],
    [15, 60],
    [14, 30],
  ]) {
    const bad = Buffer.from(good);
    bad[at] = value;
    assert.equal(readArtTimeCode(bad), 'out_of_range', `byte ${at} = ${value}`);
  }
});

test('chase: locks on the second label in a row and plays from the sender’s clock; then never moves the transport again', () => {
  const r = rig();
  r.run(1);
  assert.equal(r.chase.state, 'waiting', 'one label is not yet a running clock');
  assert.equal(r.transport.playing, false);
  r.run(2);
  assert.equal(r.chase.state, 'locked');
  assert.equal(r.transport.playing, true);
  assert.equal(r.actions.length, 1);
  assert.ok(Math.abs(r.transport.seconds - r.senderSeconds()) < 1 / 30, `locked within a frame: ${r.transport.seconds} vs ${r.senderSeconds()}`);
  r.run(60 * 60);
  assert.equal(r.actions.length, 1, 'a minute at the same speed: no further move');
  assert.ok(Math.abs(r.transport.seconds - r.senderSeconds()) < 1 / 30, `after a minute: ${r.transport.seconds} vs ${r.senderSeconds()}`);
  assert.ok(Math.abs(r.chase.lastErrorFrames) < 1, `error ${r.chase.lastErrorFrames} frames`);
});

test('chase: a transport 1 % fast is pulled back when its error passes one frame, and stays within two', () => {
  const r = rig({ speed: 1.01 });
  let worst = 0;
  for (let k = 0; k < 60 * 30; k++) {
    r.run(1);
    if (r.chase.state === 'locked') worst = Math.max(worst, Math.abs(r.transport.seconds - r.senderSeconds()) * 30);
  }
  const moves = r.actions.filter((a) => a.kind === 'locate').length;
  // 1 % of 30 s is 0.3 s (9 frames): about one move per 1.x frames of drift.
  assert.ok(moves >= 4 && moves <= 12, `${moves} moves in 30 s`);
  assert.ok(worst < 2, `worst error ${worst.toFixed(2)} frames`);
});

test('chase: a locate on the sender moves the transport at once; a stop freewheels, then stops the song', () => {
  const r = rig({ freewheelMs: 500 });
  r.run(60);
  r.locateSender('00:05:00:00');
  r.run(2);
  assert.ok(Math.abs(r.transport.seconds - 300) < 0.1, `followed the locate: ${r.transport.seconds}`);
  assert.equal(r.transport.playing, true);
  r.stopSending();
  r.run(6); // 100 ms without a label: three frame periods at 30 fps
  assert.equal(r.chase.state, 'freewheeling');
  assert.equal(r.transport.playing, true, 'the song runs on over a dropout');
  r.run(24); // 500 ms in all
  assert.equal(r.chase.state, 'lost');
  assert.equal(r.transport.playing, false, 'the clock is lost: the song stops');
  const at = r.transport.seconds;
  r.resumeSending();
  r.locateSender('00:05:10:00');
  r.run(3);
  assert.equal(r.chase.state, 'locked', 'relocks when labels run again');
  assert.ok(r.transport.playing && r.transport.seconds > at + 9, `${r.transport.seconds}`);
});

test('chase: with an offset the song waits for its start, then plays from beat 0', () => {
  const r = rig({ start: '00:59:59:00', offsetSeconds: 3600 });
  r.run(6);
  assert.equal(r.chase.state, 'locked');
  assert.equal(r.transport.playing, false, 'before 01:00:00:00 the song has not started');
  r.run(60);
  assert.equal(r.transport.playing, true);
  assert.ok(r.transport.seconds >= 0 && r.transport.seconds < 0.1, `from the song's start: ${r.transport.seconds}`);
});

test('chase: 29.97 drop-frame counts across a dropped label; a label the rate skips is refused', () => {
  const r = rig({ rate: '29.97df', start: '00:00:59;20' });
  r.run(60);
  assert.equal(r.actions.length, 1, '00:00:59;29 → 00:01:00;02 is one frame on: no locate');
  assert.ok(Math.abs(r.transport.seconds - r.senderSeconds()) < 1 / 29.97, `${r.transport.seconds} vs ${r.senderSeconds()}`);
  const chase = new TimecodeChase(() => 0, 500);
  const skipped = { timecode: { hours: 0, minutes: 1, seconds: 0, frames: 0 }, rate: '29.97df' as const, streamId: 0 };
  assert.equal(chase.receive(skipped, 0), false);
  assert.equal(chase.lastLabel, null, 'nothing taken');
});
