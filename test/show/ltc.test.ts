// LTC out (render-sound --ltc, render-show --ltc): the 80-bit word against SMPTE 12M, a round trip
// through an independent reader at every rate across a drop-frame minute and a tenth minute, and a
// cross-check with Debian's libltc (a small C reader built with gcc) on the encoder and on the CLI's WAV.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { encodeLtc } from '../../src/show/timecode/ltc.js';
import {
  formatTimecode,
  frameOfTimecode,
  parseTimecode,
  secondsOfFrame,
  timecodeAt,
  TIMECODE_RATES,
  type TimecodeRate,
} from '../../src/show/timecode/timecode.js';
import { demoProject } from '../../src/sound/demo.js';
import { type DecodedLtc, decodeLtc } from '../helpers/ltc-decode.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const SR = 48000;
const dir = mkdtempSync(join(tmpdir(), 'footlight-ltc-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const NOMINAL: Record<TimecodeRate, number> = { '24': 24, '25': 25, '29.97df': 30, '30': 30 };

/** Every frame decoded from `samples` carries the label of the song position where it starts, and no frame is missing. */
function assertFrameExact(decoded: DecodedLtc[], rate: TimecodeRate, startSeconds: number, offsetFrames: number, samples: number): DecodedLtc[] {
  const framePeriod = secondsOfFrame(1, rate) * SR;
  // Whole frames only: the first starts at or after the render's start, the last ends before its end. A frame the
  // start cuts cannot be read; the reader may still assemble one from its tail (it is dropped here, before the first whole frame).
  const first = Math.ceil((startSeconds * SR) / framePeriod - 1e-9);
  const last = Math.floor((startSeconds * SR + samples) / framePeriod + 1e-9) - 1;
  const frames = decoded.filter((f) => f.start > first * framePeriod - startSeconds * SR - 1);
  assert.equal(frames.length, last - first + 1, `${rate}: ${frames.length} frames decoded, ${last - first + 1} whole frames written`);
  frames.forEach((f, i) => {
    const songFrame = first + i;
    const expected = formatTimecode(timecodeAt(0, songFrame + offsetFrames, rate).timecode, rate);
    assert.equal(f.label, expected, `${rate}: frame ${i}`);
    const at = secondsOfFrame(songFrame, rate) * SR - startSeconds * SR;
    assert.ok(Math.abs(f.start - at) < 1, `${rate}: ${f.label} starts at sample ${f.start.toFixed(2)}, its song position is ${at.toFixed(2)}`);
  });
  return frames;
}

test('the 80-bit word as SMPTE 12M lays it out: BCD fields, drop-frame flag, polarity bit (27, or 59 at 25 fps), spare bits 0', () => {
  for (const rate of TIMECODE_RATES) {
    for (const label of ['23:59:58:27', '01:02:03:04', '12:34:56:12', '00:00:00:01']) {
      const tc = parseTimecode(
        label.replace(/:(\d\d)$/, (_m, f: string) => `:${String(Math.min(Number(f), NOMINAL[rate] - 1)).padStart(2, '0')}`),
        rate,
      );
      const ltc = encodeLtc({
        rate,
        startSeconds: 0,
        offsetFrames: frameOfTimecode(tc, rate),
        sampleRate: SR,
        samples: Math.round(secondsOfFrame(1, rate) * SR),
      });
      const [f] = decodeLtc(ltc, NOMINAL[rate]);
      assert.equal(f?.label, formatTimecode(tc, rate));
      assert.equal(f.drop, rate === '29.97df', `${rate}: drop-frame flag`);
      assert.ok(f.evenZeros, `${rate} ${f.label}: an even count of zeros`);
      assert.equal(f.spareBits, 0, `${rate} ${f.label}: user bits, colour frame and the flags that are not polarity are 0`);
    }
  }
});

test('LTC round trip: read back frame-exact at 24, 25, 29.97df and 30, across a drop-frame minute and a tenth minute, from a start mid-frame', () => {
  for (const rate of TIMECODE_RATES) {
    for (const [offset, startSeconds] of [
      ['00:00:58:00', 0],
      ['00:09:58:00', 1.2345],
      ['23:59:59:00', 0.5],
    ] as const) {
      const offsetFrames = frameOfTimecode(parseTimecode(offset, rate), rate);
      const samples = 3 * SR;
      const ltc = encodeLtc({ rate, startSeconds, offsetFrames, sampleRate: SR, samples });
      const peak = ltc.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      assert.ok(Math.abs(20 * Math.log10(peak) + 10) < 0.01, `${rate}: peak ${peak} is −10 dBFS`);
      const frames = assertFrameExact(decodeLtc(ltc, NOMINAL[rate]), rate, startSeconds, offsetFrames, samples);
      assert.ok(
        frames.every((f) => f.evenZeros && f.spareBits === 0 && f.drop === (rate === '29.97df')),
        `${rate}: parity, flags`,
      );
      if (rate === '29.97df' && offset === '00:00:58:00') {
        const labels = frames.map((f) => f.label);
        const i = labels.indexOf('00:00:59;29');
        assert.equal(labels[i + 1], '00:01:00;02', 'the drop: ;00 and ;01 skipped');
      }
      if (rate === '29.97df' && offset === '00:09:58:00')
        assert.ok(
          frames.some((f) => f.label === '00:10:00;00'),
          'the tenth minute keeps ;00',
        );
    }
  }
});

test('LTC refuses a level above 0 dBFS or a negative start (invalid_argument)', () => {
  assert.throws(() => encodeLtc({ rate: '30', startSeconds: 0, offsetFrames: 0, sampleRate: SR, samples: 10, levelDb: 3 }), /0 dBFS/);
  assert.throws(() => encodeLtc({ rate: '30', startSeconds: -1, offsetFrames: 0, sampleRate: SR, samples: 10 }), /0 s or later/);
});

// ---- Cross-check with libltc (Debian's libltc-dev): its decoder reads our signal. ----

const C_READER = `#include <ltc.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  LTCDecoder *d = ltc_decoder_create(atoi(argv[1]), 64);
  float buf[1024];
  size_t n;
  long long pos = 0;
  LTCFrameExt f;
  SMPTETimecode t;
  while ((n = fread(buf, sizeof(float), 1024, stdin)) > 0) {
    ltc_decoder_write_float(d, buf, n, pos);
    pos += n;
    while (ltc_decoder_read(d, &f)) {
      ltc_frame_to_time(&t, &f.ltc, 0);
      printf("%02d:%02d:%02d%c%02d %lld %d\\n", t.hours, t.mins, t.secs, f.ltc.dfbit ? ';' : ':', t.frame, f.off_start, f.reverse);
    }
  }
  ltc_decoder_free(d);
  return 0;
}
`;

/** The libltc reader, built once; or why it cannot be (then the cross-checks skip, saying so; CI installs gcc and libltc-dev). */
function libltcReader(): { path: string } | { skip: string } {
  if (spawnSync('gcc', ['--version']).status !== 0) return { skip: 'gcc is not installed (apt-get install gcc)' };
  if (!existsSync('/usr/include/ltc.h')) return { skip: 'libltc-dev is not installed (apt-get install libltc-dev)' };
  const src = join(dir, 'ltc-read.c');
  const exe = join(dir, 'ltc-read');
  writeFileSync(src, C_READER);
  const cc = spawnSync('gcc', ['-O1', '-o', exe, src, '-lltc'], { encoding: 'utf8' });
  if (cc.status !== 0) return { skip: `gcc could not build the libltc reader: ${cc.stderr.trim()}` };
  return { path: exe };
}
const reader = libltcReader();
const skip = 'skip' in reader ? reader.skip : false;

function libltcRead(samples: Float32Array, fps: number): { label: string; start: number; reverse: boolean }[] {
  if ('skip' in reader) throw new Error(reader.skip);
  const r = spawnSync(reader.path, [String(SR / fps)], { input: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [label, start, reverse] = l.split(' ');
      return { label, start: Number(start), reverse: reverse === '1' };
    });
}

test('libltc reads every frame our encoder writes, with the same label, at all four rates across a drop-frame minute', { skip }, () => {
  for (const rate of TIMECODE_RATES) {
    const offsetFrames = frameOfTimecode(parseTimecode('00:00:59:00', rate), rate);
    const ltc = encodeLtc({ rate, startSeconds: 0, offsetFrames, sampleRate: SR, samples: 3 * SR });
    const ours = decodeLtc(ltc, NOMINAL[rate]);
    const theirs = libltcRead(ltc, NOMINAL[rate]);
    assert.ok(theirs.every((f) => !f.reverse));
    // libltc hands a frame over at the next frame's first edge, so it misses the last one when the signal ends on a frame's end.
    assert.ok(theirs.length >= ours.length - 1, `${rate}: libltc read ${theirs.length} of ${ours.length} frames`);
    assert.deepEqual(
      theirs.map((f) => f.label),
      ours.slice(0, theirs.length).map((f) => f.label),
      `${rate}: libltc's labels are ours`,
    );
    // libltc's start is approximate (where its decoder saw the first bit): within a bit of ours.
    const bit = (secondsOfFrame(1, rate) * SR) / 80;
    theirs.forEach((f, i) => assert.ok(Math.abs(f.start - ours[i].start) < bit, `${rate} ${f.label}: libltc ${f.start}, ours ${ours[i].start.toFixed(1)}`));
  }
});

/** One channel of a 24-bit PCM WAV with the canonical 44-byte header, as encodeWav24 writes it. */
function wavChannel(file: string, channel: number): { samples: Float32Array; channels: number } {
  const b = readFileSync(file);
  const channels = b.readUInt16LE(22);
  const frames = b.readUInt32LE(40) / (3 * channels);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = b.readIntLE(44 + (i * channels + channel) * 3, 3) / 8388607;
  return { samples: out, channels };
}

function cli(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), ...args], { encoding: 'utf8', env: { ...process.env, FOOTLIGHT_HOME: dir } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

test('render-sound --ltc: LTC on the right channel, the mix in mono on the left; libltc and our reader agree frame by frame', () => {
  const out = join(dir, 'ltc.wav');
  const r = cli('render-sound', '--from', '4', '--to', '10', '--out', out, '--ltc', '--timecode-rate', '29.97df', '--timecode-offset', '00:00:57;00');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /LTC 29\.97df on the right channel from 00:00:58;29 /);
  const right = wavChannel(out, 1);
  assert.equal(right.channels, 2);
  // The demo's tempo: beat 4 is a song position, and the timecode is that position plus the offset.
  const plain = join(dir, 'plain.wav');
  assert.equal(cli('render-sound', '--from', '4', '--to', '10', '--out', plain).status, 0);
  const left = wavChannel(out, 0).samples;
  const l = wavChannel(plain, 0).samples;
  const rr = wavChannel(plain, 1).samples;
  let worst = 0;
  for (let i = 0; i < left.length; i++) worst = Math.max(worst, Math.abs(left[i] - (l[i] + rr[i]) / 2));
  assert.ok(worst < 2 / 8388607, `left is the mono mix (worst ${worst})`);
  const tempo = demoProject().tempo;
  const offsetFrames = frameOfTimecode(parseTimecode('00:00:57;00', '29.97df'), '29.97df');
  const ours = assertFrameExact(decodeLtc(right.samples, 30), '29.97df', (4 * 60) / tempo, offsetFrames, right.samples.length);
  assert.ok(ours.some((f) => f.label === '00:01:00;02') && !ours.some((f) => f.label === '00:01:00;00'));
  if (skip === false) {
    const theirs = libltcRead(right.samples, 30);
    assert.ok(theirs.length >= ours.length - 1);
    assert.deepEqual(
      theirs.map((f) => f.label),
      ours.slice(0, theirs.length).map((f) => f.label),
    );
  }
});

test('render-sound --ltc refuses an unknown channel, rate or a label the rate does not have, and writes nothing', () => {
  const out = join(dir, 'bad.wav');
  for (const args of [
    ['--ltc', 'centre'],
    ['--ltc', '--timecode-rate', '60'],
    ['--ltc', '--timecode-rate', '29.97df', '--timecode-offset', '00:01:00;00'],
    ['--ltc', '--timecode-rate', '24', '--timecode-offset', '00:00:00:24'],
    ['--timecode-rate', '25'],
  ]) {
    const r = cli('render-sound', '--seconds', '1', '--out', out, ...args);
    assert.notEqual(r.status, 0, args.join(' '));
    assert.match(r.stderr, /ltc|rate|timecode|drop-frame|runs to/i);
    assert.equal(existsSync(out), false, `${args.join(' ')}: no WAV written`);
  }
});

test('render-show --ltc left: show.wav carries LTC from the offset at the song start, frame-exact; libltc agrees', () => {
  const out = join(dir, 'show');
  const r = cli('render-show', '--seconds', '2', '--out', out, '--ltc', 'left', '--timecode-rate', '25', '--timecode-offset', '01:00:00:00');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /show\.wav: LTC 25 on the left channel from 01:00:00:00 /);
  const left = wavChannel(join(out, 'show.wav'), 0).samples;
  const ours = assertFrameExact(decodeLtc(left, 25), '25', 0, frameOfTimecode(parseTimecode('01:00:00:00', '25'), '25'), left.length);
  assert.equal(ours[0].label, '01:00:00:00');
  assert.equal(ours.length, 50);
  if (skip === false) {
    const theirs = libltcRead(left, 25);
    assert.ok(theirs.length >= ours.length - 1);
    assert.deepEqual(
      theirs.map((f) => f.label),
      ours.slice(0, theirs.length).map((f) => f.label),
    );
  }
});
