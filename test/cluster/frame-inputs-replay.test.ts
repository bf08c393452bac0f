// A frame's inputs replayed (src/cluster/frame-inputs.ts): one show hears a changing sound and a
// changing desk, and records them frame by frame as its ticks would carry them (through JSON, as
// the log stores them); a second show, with its own audio feed wired, plays them back and renders
// every frame equal — a Graphic Equalizer on the sound and a DMX pattern on the desk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/engine/engine.js';
import { DmxPattern } from '../../src/light/devices/patterns/dmx/dmx-pattern.js';
import { GraphicEqualizerPattern } from '../../src/light/devices/patterns/graphic-equalizer-pattern.js';
import { DMX_CHANNELS } from '../../src/light/dmx/dmx-engine.js';
import { Channel } from '../../src/light/mixer/channel.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { Fixture } from '../../src/light/structure/fixture.js';
import { InputRecorder, InputReplay, type FrameInputs } from '../../src/cluster/frame-inputs.js';
import { AudioBlocks } from '../../src/show/audio-blocks.js';

const FRAME_MS = 1000 / 60;
const RATE = 48000;

function show(): { engine: Engine; light: LightShow } {
  const engine = new Engine();
  const light = new LightShow(engine);
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')?.setBase(16);
  grid.parameters.get('numColumns')?.setBase(16);
  light.structure.addFixture(grid);
  const eq = new Channel('EQ');
  light.mixer.insertChannel(eq);
  eq.addPattern(new GraphicEqualizerPattern());
  const desk = new Channel('Desk');
  light.mixer.insertChannel(desk);
  desk.addPattern(new DmxPattern());
  desk.fader.setValue(0.5);
  light.lx.audio.enabled.setOn(true);
  return { engine, light };
}

/** A chirp, 800 samples a frame (a frame's worth at 48 kHz), silent for a while in the middle. */
function feed(blocks: AudioBlocks, frame: number): void {
  const mono = new Float32Array(800);
  if (frame < 40 || frame > 60)
    for (let i = 0; i < mono.length; i++) {
      const t = (frame * 800 + i) / RATE;
      mono[i] = 0.6 * Math.sin(2 * Math.PI * (100 + 2000 * t) * t);
    }
  blocks.push(mono, 0, mono.length);
}

test('a recorded frame of DMX and audio replays into another show: every frame equal', () => {
  const leader = show();
  const heard = new AudioBlocks(RATE);
  let frame = 0;
  leader.light.beforeFrame.push(() => {
    leader.light.lx.audioInput = heard;
    heard.beginFrame();
    feed(heard, frame);
  });
  // The desk: a new look every 10 frames on universe 0.
  const desk = new Uint8Array(DMX_CHANNELS);
  leader.light.dmxSource = { latch: (data) => (frame % 10 === 0 ? data.set(desk.map((_, i) => (frame * 3 + i) % 256)) : undefined) };
  const recorder = new InputRecorder(leader.light);

  const node = show();
  // The node's own feed, wired before the replay as serve wires it: the replay must replace it.
  const own = new AudioBlocks(RATE);
  node.light.beforeFrame.push(() => {
    node.light.lx.audioInput = own;
    own.beginFrame();
    own.push(new Float32Array(800).fill(0.9), 0, 800);
  });
  const replay = new InputReplay(node.light);

  let differing = 0;
  let lit = 0;
  let bytes = 0;
  for (frame = 0; frame < 120; frame++) {
    leader.engine.clock.stepFixed(1, FRAME_MS);
    const inputs = JSON.parse(JSON.stringify(recorder.take())) as FrameInputs;
    bytes += JSON.stringify(inputs).length;
    replay.next(inputs);
    node.engine.clock.stepFixed(1, FRAME_MS);
    if (!leader.light.main.every((c, i) => c === node.light.main[i])) differing++;
    if (leader.light.main.some((c) => (c & 0xffffff) !== 0)) lit++;
  }
  assert.ok(lit > 100, `the sound and the desk light the frames (${lit} of 120)`);
  assert.equal(differing, 0, 'every frame equal');
  // Silent blocks travel as nulls: the 20 silent frames cost little.
  assert.ok(bytes < 120 * 1.6 * 4 * 512 * 1.4, `${bytes} bytes of inputs for 120 frames`);
  recorder.close();
  replay.close();
});
