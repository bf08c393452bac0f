import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../../src/engine/commands/history.js';
import { Engine } from '../../../src/engine/engine.js';
import { AUDIO_BLOCK } from '../../../src/light/audio/audio-input.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { FixedInput, sineBlock } from './fixed-input.js';

const ORIGIN: Origin = { surface: 'engine' };
const RATE = 48000;

/** LX's documented meter math (reference §12.3), with a naive DFT: the expected band values. */
function expectedBands(block: Float32Array, gain: number, range: number, slope: number): number[] {
  const n = AUDIO_BLOCK;
  const mags: number[] = [];
  for (let k = 0; k <= n / 2; k++) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      const x = block[i] * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (n - 1)));
      re += x * Math.cos((2 * Math.PI * k * i) / n);
      im -= x * Math.sin((2 * Math.PI * k * i) / n);
    }
    mags.push(Math.hypot(re, im));
  }
  const ratio = Math.log2(RATE / 2 / 65.41) / 15;
  const edges = [0];
  for (let i = 0; i < 16; i++) edges.push(Math.round((n / RATE) * 65.41 * 2 ** (i * ratio)));
  return Array.from({ length: 16 }, (_, i) => {
    let sum = 0;
    for (let k = edges[i]; k <= edges[i + 1]; k++) sum += mags[k];
    const level = sum / (edges[i + 1] - edges[i] + 1) / n;
    const db = 20 * Math.log10(level) + gain + i * slope * ratio;
    return Math.min(1, Math.max(0, 1 + db / range));
  });
}

function meteredShow(block: Float32Array) {
  const engine = new Engine();
  const light = new LightShow(engine);
  const input = new FixedInput(RATE, block);
  light.beforeFrame.push(() => input.advance());
  light.lx.audioInput = input;
  return { engine, light, input, meter: light.lx.audio.meter };
}

test("the global meter at /lx/audio/meter has LX's keys and defaults, and runs while the audio engine is enabled", () => {
  const { engine, light, meter } = meteredShow(sineBlock(0.5, 8));
  assert.equal(meter.path, '/lx/audio/meter');
  assert.equal(meter.lxClass, 'heronarts.lx.audio.LXAudioEngine$Meter');
  const keys = ['gain', 'range', 'attack', 'release', 'slope', ...Array.from({ length: 16 }, (_, i) => `band-${i + 1}`)];
  for (const k of keys) assert.ok(meter.parameters.has(k), k);
  assert.deepEqual(
    [meter.gain, meter.range, meter.attack, meter.release, meter.slope].map((p) => p.getValue()),
    [0, 48, 10, 100, 4.5],
  );
  engine.clock.stepFixed(10, 1000 / 60);
  assert.equal(meter.getValue(), 0, 'the audio engine is off by default, as in LX');
  light.setParameter({ path: '/lx/audio/enabled' }, true, ORIGIN);
  assert.equal(meter.running.isOn(), true);
  engine.clock.stepFixed(60, 1000 / 60);
  assert.ok(meter.getValue() > 0);
  engine.history.undo();
  assert.equal(light.lx.audio.enabled.isOn(), false);
  assert.equal(meter.running.isOn(), false);
  engine.clock.stepFixed(1, 1000 / 60);
  assert.equal(meter.getValue(), 0, 'stopped: the levels are zeroed');
  assert.equal(meter.getBand(7), 0);
});

test("GraphicMeter matches LX's documented math: RMS level and 16 bands from C2 to Nyquist with slope", () => {
  const block = sineBlock(0.5, 8); // 750 Hz, whole cycles: RMS exactly 0.5/√2
  const { engine, light, meter } = meteredShow(block);
  light.lx.audio.enabled.setOn(true);
  engine.clock.stepFixed(60, 1000 / 60);
  assert.ok(Math.abs(meter.getValue() - (1 + (20 * Math.log10(0.5 / Math.SQRT2)) / 48)) < 1e-6, `level ${meter.getValue()}`);
  const expected = expectedBands(block, 0, 48, 4.5);
  expected.forEach((v, i) => assert.ok(Math.abs(meter.getBand(i) - v) < 1e-6, `band ${i + 1}: ${meter.getBand(i)} vs ${v}`));
  const loudest = expected.indexOf(Math.max(...expected));
  assert.ok(loudest === 6 || loudest === 7, `750 Hz (bin 8) lands in band 7 or 8, got ${loudest + 1}`);
  // Gain, range and slope change the math as documented.
  meter.gain.setValue(6);
  meter.range.setValue(60);
  meter.slope.setValue(0);
  engine.clock.stepFixed(1, 1000 / 60);
  expectedBands(block, 6, 60, 0).forEach((v, i) => assert.ok(Math.abs(meter.getBand(i) - v) < 1e-6, `band ${i + 1} after gain/range/slope`));
});

test("the meter releases with LX's release time constant when the sound stops", () => {
  const { engine, light, input, meter } = meteredShow(sineBlock(0.5, 8));
  light.lx.audio.enabled.setOn(true);
  engine.clock.stepFixed(60, 1000 / 60);
  const loud = meter.getValue();
  input.samples = new Float32Array(AUDIO_BLOCK);
  engine.clock.stepFixed(1, 1000 / 60);
  // Two silent blocks: env = raw·g², g = exp(−512/(100 ms · 48 kHz)).
  const g = Math.exp(-AUDIO_BLOCK / ((100 * RATE) / 1000));
  const expected = 1 + (20 * Math.log10((0.5 / Math.SQRT2) * g * g)) / 48;
  assert.ok(Math.abs(meter.getValue() - expected) < 1e-6, `${meter.getValue()} vs ${expected}`);
  assert.ok(meter.getValue() < loud);
});
