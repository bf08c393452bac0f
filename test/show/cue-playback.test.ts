import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import { buildGridDemo } from '../../src/light/grid-demo.js';
import type { Channel } from '../../src/light/mixer/channel.js';
import { addClip, editLane } from '../../src/light/operations/clips.js';
import { SolidPattern } from '../../src/light/devices/patterns/color/solid-pattern.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { linkLightCues } from '../../src/show/cue-playback.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback, stopPlayback } from '../../src/sound/operations/song.js';

const FRAME_MS = 1000 / 60;
const ORIGIN = { kind: 'system', name: 'test' } as unknown as Origin;
const CH = '/lx/mixer/channel/1';

/**
 * A stepped show (the song first, then the light) with the light cues linked: channel 1's clip
 * in scene 0 holds its fader at 1, scene 1's ramps `drop` (fader values at 0 and 4 beats).
 */
function steppedShow(drop: readonly [number, number] = [0.2, 0.2]) {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const light = new LightShow(engine);
  buildGridDemo(light);
  linkShowClock(light, sound);
  const { cues } = linkLightCues(light, sound);
  const channel = light.component(CH) as unknown as Channel;
  const clip = (slot: number, label: string, at0: number, at4: number): void => {
    addClip(light, { bus: { path: CH }, slot }, { label, length: { beats: 4 }, loop: false }, ORIGIN);
    editLane(
      light,
      { bus: { path: CH }, slot },
      {
        lane: 'fader',
        events: [
          { ms: 0, value: at0 },
          { beats: 4, value: at4 },
        ],
      },
      ORIGIN,
    );
  };
  clip(0, 'Intro', 1, 1);
  clip(1, 'Drop', drop[0], drop[1]);
  channel.fader.setValue(0.5);
  const step = (n = 1, ms = FRAME_MS): void => engine.clock.stepFixed(n, ms);
  const fader = (): number => channel.fader.getBaseValue();
  return { sound, light, cues, channel, step, fader };
}

test('a cue at beat 0 fires when playback starts, even on a first frame where the song has not moved yet (live audio)', () => {
  const { light, sound, cues, step, fader } = steppedShow();
  cues.place(ORIGIN, { beat: 0 }, 0);
  // Stopped for two seconds: the light's tempo clock runs on by itself (four beats).
  step(120);
  assert.equal(fader(), 0.5, 'stopped: no cue fires');
  startPlayback(sound);
  // Live, the song's position comes from the audio worker and stays at 0 until its first tick.
  step(1, 0);
  assert.equal(sound.transport.position, 0);
  assert.equal(fader(), 1, 'the Intro cue at beat 0 fired on the first playing frame');
  // The Intro clip counts the song's beats from the cue's (not from where the free clock stood).
  const intro = light.lx.clips.sceneClips(0)[0];
  step(6);
  assert.ok(Math.abs(intro.cursor - 100) < 1e-6, `six frames in, the clip is 100 ms in: ${intro.cursor}`);
});

test('a cue fade crosses the fader linearly from where it was to the scene over the fade time, from the frame the song reaches the cue', () => {
  const { sound, cues, step, fader } = steppedShow();
  cues.place(ORIGIN, { beat: 0 }, 0);
  // Two beats at 120 bpm: one second, 60 frames.
  cues.place(ORIGIN, { beat: 16 }, 1, { beats: 2 });
  startPlayback(sound);
  const values: number[] = [];
  const beats: number[] = [];
  for (let k = 0; k < 600; k++) {
    step();
    values.push(fader());
    beats.push(sound.transport.position);
  }
  const crossing = beats.findIndex((b) => b >= 16 - 1e-9);
  assert.equal(crossing, 479);
  assert.equal(values[crossing - 1], 1, 'the Intro look up to the Drop');
  for (let i = 1; i <= 60; i++) {
    const expected = 1 + (0.2 - 1) * Math.min(1, (i * FRAME_MS) / 1000);
    assert.ok(Math.abs(values[crossing + i - 1] - expected) < 1e-9, `frame ${i} of the fade: ${values[crossing + i - 1]} ≠ ${expected}`);
  }
  assert.ok(
    values.slice(crossing + 60).every((v) => Math.abs(v - 0.2) < 1e-12),
    'after the fade the scene holds, past the end of its 4-beat clip too',
  );
});

test('a fade longer than its clip goes on after the clip ends, to the values the clip ended on', () => {
  const { sound, cues, step, fader } = steppedShow([0.2, 0]);
  // The clip ramps 0.2 → 0 over 4 beats (2 s); the fade is 8 beats (4 s).
  cues.place(ORIGIN, { beat: 0 }, 1, { beats: 8 });
  startPlayback(sound);
  step(120);
  const atClipEnd = fader();
  assert.ok(atClipEnd > 0.2 && atClipEnd < 0.5, `half way through the fade at the clip's end: ${atClipEnd}`);
  step(60);
  assert.ok(fader() < atClipEnd, 'still fading after the clip stopped');
  step(60);
  assert.equal(fader(), 0, 'the fade ends on the value the clip ended on');
});

test("a cue fade turns the pattern lane's switch into an LX transition of that length, even with the channel's transitions off; without a fade it cuts", () => {
  const { light, sound, cues, channel, step } = steppedShow();
  channel.addPattern(new SolidPattern({ h: 0, s: 100, b: 100 }));
  editLane(light, { bus: { path: CH }, slot: 1 }, { lane: 'pattern', events: [{ ms: 0, pattern: 1 }] }, ORIGIN);
  assert.equal(channel.patternEngine.transitionEnabled.isOn(), false);
  cues.place(ORIGIN, { beat: 1.5 }, 1, { ms: 500 });
  startPlayback(sound);
  while (sound.transport.position < 1.4) step();
  assert.equal(channel.patternEngine.activeIndex, 0);
  while (sound.transport.position < 1.5 - 1e-9) step();
  assert.ok(channel.patternEngine.inTransition, 'the switch is a transition');
  const progress: number[] = [];
  while (channel.patternEngine.inTransition && progress.length < 100) {
    progress.push(channel.patternEngine.transitionProgress);
    step();
  }
  assert.ok(progress.length >= 28 && progress.length <= 31, `about 500 ms of frames: ${progress.length}`);
  assert.ok(
    progress.every((p, i) => i === 0 || p > progress[i - 1]),
    'progress rises',
  );
  assert.equal(channel.patternEngine.activeIndex, 1);

  // Without a fade the channel's own setting (transitions off) holds: the switch is at once.
  cues.place(ORIGIN, { beat: 1.5 }, 1);
  stopPlayback(sound);
  step();
  channel.patternEngine.setActiveImmediately(0);
  sound.transport.position = 0;
  startPlayback(sound);
  while (sound.transport.position < 1.5 - 1e-9) step();
  assert.equal(channel.patternEngine.inTransition, false);
  assert.equal(channel.patternEngine.activeIndex, 1);
});

test('a seek applies the state the cues imply at the new position, playing or stopped, mid-clip included', () => {
  const { sound, cues, step, fader } = steppedShow([0, 1]);
  cues.place(ORIGIN, { beat: 0 }, 0);
  cues.place(ORIGIN, { beat: 16 }, 1, { beats: 1 });
  startPlayback(sound);
  step(10);
  assert.equal(fader(), 1);
  // Playing, jump to beat 18: the Drop's ramp (0 → 1 over 4 beats) is half way, its 1-beat fade long over.
  sound.transport.position = 18;
  step();
  const half = 0.5 + FRAME_MS / 2000;
  assert.ok(Math.abs(fader() - half) < 1e-9, `mid-clip after the seek: ${fader()} ≠ ${half}`);
  // Back to beat 4: the Intro's state.
  sound.transport.position = 4;
  step();
  assert.equal(fader(), 1);
  // Stopped, a seek applies too: to beat 16.5, half a beat into the Drop and half way through its fade.
  stopPlayback(sound);
  step();
  sound.transport.position = 16.5;
  step();
  // The clip counts the song's beats (TEMPO, the default): stopped, the seek frame does not move it on; the fade counts frame time.
  const lane = 0.5 / 4;
  const expected = 1 + (lane - 1) * ((250 + FRAME_MS) / 500);
  assert.ok(Math.abs(fader() - expected) < 1e-9, `half way through the fade: ${fader()} ≠ ${expected}`);
});

test('the loop wrapping fires the cue at the loop start again; a step back across a cue applies the earlier state, one crossing none changes nothing', () => {
  const { light, sound, cues, step, fader } = steppedShow();
  cues.place(ORIGIN, { beat: 0 }, 0);
  cues.place(ORIGIN, { beat: 3 }, 1);
  // The Drop clip on frame time (ABSOLUTE), so a restart shows in its cursor.
  const drop = light.lx.clips.sceneClips(1)[0];
  drop.timeBase.setValue(0);
  const p = sound.project;
  p.loopStart.setValue(0);
  p.loopDuration.setValue(4);
  p.loopEnabled.setValue(1);
  startPlayback(sound);
  while (sound.transport.position < 3.3) step();
  assert.equal(fader(), 0.2, 'the cue at beat 3 fired');
  // A nudge's correction: 0.1 beat back, across no cue: the clip plays on.
  const cursor = drop.cursor;
  sound.transport.position -= 0.1;
  step();
  assert.ok(Math.abs(drop.cursor - (cursor + FRAME_MS)) < 1e-9, `the Drop clip played on: ${drop.cursor} after ${cursor}`);
  // Back across the cue at beat 3: the Intro's state.
  sound.transport.position = 2.95;
  step();
  assert.equal(fader(), 1, 'back before the Drop cue: the Intro look');
  let before = sound.transport.position;
  while (sound.transport.position >= before) {
    before = sound.transport.position;
    step();
  }
  assert.ok(sound.transport.position < 0.1, `wrapped: ${sound.transport.position}`);
  assert.equal(fader(), 1, 'the cue at the loop start fired again');
  const intro = light.lx.clips.sceneClips(0)[0];
  assert.ok(intro.running.isOn() && intro.cursor < 100, `the Intro clip restarted: cursor ${intro.cursor}`);
});
