// render-sound streams the mix: the WAV is written and the levels metered block by block, so no
// whole-song arrays exist. Streamed and whole-signal results must be the same: the file byte for
// byte, the loudness to the last bit, the true peak at least as high (its floor rises with the
// peak so far, so it measures every interval the whole-signal scan does, and a few more).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { integratedLoudness, LoudnessMeter, samplePeak } from '../../../src/sound/audio/loudness.js';
import { TruePeakMeter, truePeak } from '../../../src/sound/audio/true-peak.js';
import { encodeWav24, Wav24Stream } from '../../../src/sound/audio/wav.js';

const RATE = 48000;

/** Seeded noise over a slow crescendo, with a sine near Nyquist and a few over-full-scale samples. */
function signal(seconds: number, seed: number): Float32Array {
  const x = new Float32Array(Math.round(seconds * RATE));
  let s = seed;
  for (let i = 0; i < x.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    const swell = 0.05 + (0.9 * i) / x.length;
    x[i] = swell * (0.6 * (s / 2 ** 32 - 0.5) + 0.4 * Math.sin(2 * Math.PI * 0.23 * i));
  }
  x[1000] = 1.2;
  x[1001] = -1.3;
  return x;
}

/** Feeds `channels` to `push` in blocks whose sizes cycle through `sizes`. */
function inBlocks(channels: Float32Array[], sizes: number[], push: (blocks: Float32Array[], n: number) => void): void {
  for (let at = 0, k = 0; at < channels[0].length; k++) {
    const n = Math.min(sizes[k % sizes.length], channels[0].length - at);
    push(
      channels.map((c) => c.subarray(at, at + n)),
      n,
    );
    at += n;
  }
}

test('a streamed WAV is byte for byte the whole-file encoding, over several flushes and a short last block', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-wav-stream-'));
  try {
    const channels = [signal(1.3, 1), signal(1.3, 2)];
    const whole = encodeWav24(channels, RATE);
    const file = join(dir, 'streamed.wav');
    const fd = openSync(file, 'w');
    const wav = new Wav24Stream(fd, 2, RATE, channels[0].length);
    const written = [new Float32Array(128), new Float32Array(128)];
    const asWritten = [new Float32Array(channels[0].length), new Float32Array(channels[0].length)];
    let at = 0;
    inBlocks(channels, [128, 77, 128, 3], (blocks, n) => {
      wav.write(blocks, n, written);
      asWritten[0].set(written[0].subarray(0, n), at);
      asWritten[1].set(written[1].subarray(0, n), at);
      at += n;
    });
    wav.finish();
    closeSync(fd);
    assert.ok(Buffer.from(whole.bytes).equals(readFileSync(file)), 'same bytes');
    assert.equal(wav.clipped, whole.clipped);
    assert.ok(wav.clipped >= 2, 'the over-full-scale samples were clamped and counted');
    assert.deepEqual(asWritten, whole.written);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The sample bytes of mono WAVs (each channel written alone, frame by frame) interleaved as one stereo file's. */
function interleaved(alone: { bytes: Uint8Array }[]): Buffer {
  const frames = (alone[0].bytes.length - 44) / 3;
  const out = Buffer.alloc(frames * 6);
  for (let i = 0; i < frames; i++) for (let c = 0; c < 2; c++) out.set(alone[c].bytes.subarray(44 + i * 3, 47 + i * 3), i * 6 + c * 3);
  return out;
}

test('the stereo writer (two frames as three words) writes what each channel written alone does: bytes, values, clamps', () => {
  // An odd length (the last frame on its own), over-full-scale samples both ways, exact steps, and a NaN.
  const channels = [signal(0.3, 11), signal(0.3, 12)].map((c) => c.subarray(0, 14401));
  channels[0].set([1.5, -1.5, 8388607 / 8388607, -1, 0.5 / 8388607, -0.5 / 8388607, Number.NaN], 2000);
  channels[1].set([Number.NaN, 2, -2, 1, -8388608 / 8388607], 3001);
  const stereo = encodeWav24(channels, RATE);
  const alone = channels.map((c) => encodeWav24([c], RATE));
  assert.ok(Buffer.from(stereo.bytes.subarray(44)).equals(interleaved(alone)), 'same sample bytes');
  assert.deepEqual(stereo.written, [alone[0].written[0], alone[1].written[0]]);
  assert.equal(stereo.clipped, alone[0].clipped + alone[1].clipped);
  assert.ok(stereo.clipped >= 6, 'the over-full-scale samples were clamped and counted');
});

test('a WAV stream refuses more frames than its header says, and says so when given fewer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-wav-stream-'));
  try {
    const fd = openSync(join(dir, 'short.wav'), 'w');
    const wav = new Wav24Stream(fd, 1, RATE, 100);
    const x = new Float32Array(128);
    assert.throws(() => wav.write([x], 128, [new Float32Array(128)]), /100 frames was given more/);
    wav.write([x], 60, [new Float32Array(128)]);
    assert.throws(() => wav.finish(), /100 frames was given 60/);
    closeSync(fd);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('streamed loudness equals the whole-signal loudness exactly, whatever the block sizes and sample rate', () => {
  for (const rate of [48000, 44100, 11025]) {
    const channels = [signal(3.7, 3), signal(3.7, 4)];
    const whole = integratedLoudness(channels, rate);
    for (const sizes of [[128], [1], [4800, 17, 300]]) {
      const meter = new LoudnessMeter(2, rate);
      inBlocks(channels, sizes, (b, n) => meter.push(b, n));
      assert.equal(meter.finish(), whole, `${rate} Hz in blocks of ${sizes}`);
    }
  }
  const silent = new LoudnessMeter(2, RATE);
  silent.push([new Float32Array(RATE), new Float32Array(RATE)], RATE);
  assert.equal(silent.finish(), -Infinity);
});

test('streamed true peak is the whole-signal true peak, or above it where a rising floor measured more', () => {
  for (const seconds of [0.0004, 0.9, 2.2]) {
    const channels = [signal(seconds, 5), signal(seconds, 6)];
    const whole = truePeak(channels);
    for (const sizes of [[128], [1, 5000], [40000]]) {
      const meter = new TruePeakMeter(2);
      inBlocks(channels, sizes, (b, n) => meter.push(b, n));
      const streamed = meter.finish();
      assert.ok(streamed >= whole, `${seconds} s in blocks of ${sizes}: ${streamed} ≥ ${whole}`);
      assert.ok(streamed - whole < 1e-3, `${seconds} s in blocks of ${sizes}: ${streamed} within 0.01 dB of ${whole}`);
    }
  }
  const empty = new TruePeakMeter(2);
  assert.equal(empty.finish(), 0);
});

test("render-sound's one pass: the WAV stream writes into the true-peak meter's windows, and the levels are those of the written signal", () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-wav-stream-'));
  try {
    // Over 2 s: several scans of the meter's window, with blocks straddling each one.
    const channels = [signal(2.2, 9), signal(2.2, 10)];
    const whole = encodeWav24(channels, RATE);
    const apart = new TruePeakMeter(2);
    inBlocks(whole.written, [128, 77], (b, n) => apart.push(b, n));
    const fd = openSync(join(dir, 'fused.wav'), 'w');
    const wav = new Wav24Stream(fd, 2, RATE, channels[0].length);
    const peaks = new TruePeakMeter(2);
    const loudness = new LoudnessMeter(2, RATE);
    const windows = [peaks.input(0), peaks.input(1)];
    inBlocks(channels, [128, 77], (b, n) => {
      const at = peaks.inputAt;
      wav.write(b, n, windows, at);
      loudness.push(windows, n, at, wav.alike);
      peaks.pushed(n, wav.samplePeak, wav.alike);
    });
    wav.finish();
    closeSync(fd);
    assert.ok(Buffer.from(whole.bytes).equals(readFileSync(join(dir, 'fused.wav'))), 'same bytes');
    assert.equal(wav.samplePeak, samplePeak(whole.written));
    assert.equal(peaks.samplePeak, samplePeak(whole.written));
    assert.equal(peaks.finish(), apart.finish());
    assert.equal(loudness.finish(), integratedLoudness(whole.written, RATE));
    assert.throws(() => peaks.pushed(1025, 1, false), /at most 1024 samples/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a centred source: the writer says the sides are alike until they part, and the meters read the same levels', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-wav-alike-'));
  try {
    const left = signal(2.2, 11);
    // Blocks of 128 and 77 frames: 205 frames a cycle, the 77's last frame quantized on its own (an odd count), and
    // blocks that start at a whole word in the file written two frames at a time. Parting: never, at the first sample,
    // at the second frame of a pair (51) and the first of a block (128) written two at a time, inside a block and at
    // the last frame of a 77 block written frame by frame (300, 409), late.
    for (const parting of [Infinity, 0, 51, 128, 300, 409, 100_000]) {
      const right = left.slice();
      for (let i = parting; i < Math.min(right.length, parting + 5000); i++) right[i] = 0.5 * right[i];
      const whole = encodeWav24([left, right], RATE);
      const alone = [left, right].map((c) => encodeWav24([c], RATE));
      assert.ok(Buffer.from(whole.bytes.subarray(44)).equals(interleaved(alone)), `parting at ${parting}: whole, the bytes of each side alone`);
      assert.deepEqual(whole.written, [alone[0].written[0], alone[1].written[0]], `parting at ${parting}: whole, the values of each side alone`);
      assert.equal(whole.clipped, alone[0].clipped + alone[1].clipped, `parting at ${parting}: whole, the clamped samples`);
      const fd = openSync(join(dir, 'alike.wav'), 'w');
      const wav = new Wav24Stream(fd, 2, RATE, left.length);
      const peaks = new TruePeakMeter(2);
      const loudness = new LoudnessMeter(2, RATE);
      const windows = [peaks.input(0), peaks.input(1)];
      let done = 0;
      inBlocks([left, right], [128, 77], (b, n) => {
        const at = peaks.inputAt;
        wav.write(b, n, windows, at);
        done += n;
        assert.equal(wav.alike, done <= parting, `parting at ${parting}: alike after ${done} frames`);
        loudness.push(windows, n, at, wav.alike);
        peaks.pushed(n, wav.samplePeak, wav.alike);
      });
      wav.finish();
      closeSync(fd);
      assert.ok(Buffer.from(whole.bytes).equals(readFileSync(join(dir, 'alike.wav'))), `parting at ${parting}: same bytes`);
      assert.equal(wav.clipped, whole.clipped, `parting at ${parting}: the clamped samples`);
      assert.equal(loudness.finish(), integratedLoudness(whole.written, RATE), `parting at ${parting}: loudness`);
      assert.equal(peaks.finish(), truePeak(whole.written), `parting at ${parting}: true peak`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('loudness agrees with ffmpeg ebur128 at rates where a 400 ms block is not four 100 ms steps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-loudness-rates-'));
  try {
    for (const rate of [11025, 44100]) {
      const channels = [signal(4, 7), signal(4, 8)].map((c) => c.map((v) => 0.5 * v));
      const wav = encodeWav24(channels, rate);
      const file = join(dir, `${rate}.wav`);
      writeFileSync(file, wav.bytes);
      const ff = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
      const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(ff.slice(ff.lastIndexOf('Summary:')))?.[1]);
      const ours = integratedLoudness(wav.written, rate);
      assert.ok(Math.abs(ours - lufs) <= 0.1, `${rate} Hz: ours ${ours} vs ffmpeg ${lufs}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
