import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/engine/engine.js';
import { BandGate } from '../../src/light/audio/band-filter.js';
import { buildGridDemo } from '../../src/light/grid-demo.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { linkShowAudio } from '../../src/show/song-audio.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback } from '../../src/sound/operations/song.js';

const FRAME_MS = 1000 / 60;

/** A stepped show (song first, then light), the clock and the song's sound linked. */
function steppedShow(track?: string) {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const light = new LightShow(engine);
  buildGridDemo(light);
  linkShowClock(light, sound);
  const { audio } = linkShowAudio(light, sound, track === undefined ? {} : { track });
  return { engine, sound, light, audio };
}

/** The demo song's verse: the kick plays four on the floor from its first beat. */
const VERSE = demoCueMarkers().find((m) => m.name === 'Verse')!.beat;

/** Frames (as song beats) where a beat detector on `track` fires over the first `beats` beats of the demo song's verse. */
function gateBeats(track: string | undefined, beats: number, gain: number): number[] {
  const { engine, sound, light } = steppedShow(track);
  const gate = new BandGate();
  gate.gain.setValue(gain);
  light.lx.modulation.insertModulator(gate);
  gate.running.setOn(true);
  sound.transport.position = VERSE - 0.5; // half a beat before the verse's first kick
  startPlayback(sound);
  const fired: number[] = [];
  while (sound.transport.position < VERSE + beats - 0.5) {
    engine.clock.stepFixed(1, FRAME_MS);
    if (gate.gate.isOn()) fired.push(sound.transport.position);
  }
  return fired;
}

test("Beat Detect on the demo's Kick track opens on the beats of the kick notes, once per beat, deterministically", () => {
  const fired = gateBeats('Kick', 8, 24);
  // The demo's kick plays a note on every beat of the verse.
  assert.equal(fired.length, 8, `fired at ${fired.map((b) => b.toFixed(3)).join(', ')}`);
  fired.forEach((at, i) => {
    // Each detection lands just after its note: within the 512-sample analysis block, the frame
    // the block completes in and one frame of wiring latency (< 0.1 beat at 120 bpm).
    assert.ok(at >= VERSE + i && at < VERSE + i + 0.1, `detection ${i} at beat ${at}, expected just after beat ${VERSE + i}`);
  });
  assert.deepEqual(gateBeats('Kick', 8, 24), fired, 'the same frames every run');
});

test('Beat Detect hears silence while the song is stopped and with no input wired', () => {
  const { engine, light } = steppedShow('Kick');
  const gate = new BandGate();
  gate.gain.setValue(12);
  light.lx.modulation.insertModulator(gate);
  gate.running.setOn(true);
  let opened = 0;
  for (let i = 0; i < 120; i++) {
    engine.clock.stepFixed(1, FRAME_MS);
    if (gate.gate.isOn()) opened++;
  }
  assert.equal(opened, 0);
  assert.equal(gate.average.getValue(), 0);
});

test('Beat Detect decides on every 512-sample block: frames 250 ms apart (a loaded live show) still fire once per kick', () => {
  const { engine, sound, light } = steppedShow('Kick');
  const gate = new BandGate();
  gate.gain.setValue(12);
  light.lx.modulation.insertModulator(gate);
  gate.running.setOn(true);
  sound.transport.position = VERSE - 0.5; // half a beat before the verse's first kick
  startPlayback(sound);
  const fired: number[] = [];
  while (sound.transport.position < VERSE + 7.9) {
    engine.clock.stepFixed(1, 250);
    if (gate.gate.isOn()) fired.push(sound.transport.position);
  }
  // Each kick shows on the frame after it (the frame that analysed its blocks): half a beat later at most.
  assert.deepEqual(
    fired.map((b) => Math.ceil(b - VERSE - 0.5)),
    [0, 1, 2, 3, 4, 5, 6, 7],
    `fired at ${fired.join(', ')}`,
  );
});
