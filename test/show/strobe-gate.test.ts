import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../src/engine/commands/history.js';
import { Engine } from '../../src/engine/engine.js';
import { BandGate } from '../../src/light/audio/band-filter.js';
import type { StrobeEffect } from '../../src/light/devices/effects/strobe-effect.js';
import { buildGridDemo } from '../../src/light/grid-demo.js';
import { createLibrary } from '../../src/light/devices/library.js';
import { LightShow } from '../../src/light/show/light-show.js';
import { addEffect } from '../../src/light/operations/effects.js';
import { addModulator, wireModulation } from '../../src/light/operations/modulation.js';
import { readProject, writeProject } from '../../src/light/show/project/project-file.js';
import { linkShowAudio } from '../../src/show/song-audio.js';
import { linkShowClock } from '../../src/show/show-clock.js';
import { demoCueMarkers } from '../../src/sound/demo-song.js';
import { createSoundHost } from '../../src/sound/index.js';
import { startPlayback } from '../../src/sound/operations/song.js';

const FRAME_MS = 1000 / 60;
const ORIGIN: Origin = { surface: 'engine' };
const DECAY_MS = 120;

/**
 * The LX way to gate a strobe with the kick: a Strobe on the master, fully deep (depth 1) on a
 * Square wave held in its closed half (0.1 Hz, so the 4 s under test stay below ½), and Beat
 * Detect on the Kick modulating the depth with range −1. On a kick the detector's value jumps to
 * 1, the depth drops to 0 and the picture passes; over `decay` the depth returns to 1: black.
 */
function gatedShow(lx?: ReturnType<typeof writeProject>) {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const light = lx === undefined ? new LightShow(engine) : new LightShow(engine, readProject(lx, createLibrary()).lx);
  if (lx === undefined) {
    buildGridDemo(light);
    const strobe = addEffect(light, { path: '/lx/mixer/master' }, 'Strobe', undefined, ORIGIN).effect as StrobeEffect;
    strobe.waveshape.setValue(2); // Square
    strobe.speed.setValue(0);
    strobe.minFrequency.setValue(0.1);
    strobe.depth.setValue(1);
    const beat = addModulator(light, 'BandGate', { label: 'Kick' }, ORIGIN) as BandGate;
    beat.gain.setValue(12);
    beat.decay.setValue(DECAY_MS);
    beat.running.setOn(true);
    wireModulation(light, { id: beat.id }, { id: strobe.id, key: 'depth' }, { range: -1 }, ORIGIN);
  }
  linkShowClock(light, sound);
  linkShowAudio(light, sound, { track: 'Kick' });
  return { engine, sound, light };
}

interface Frame {
  readonly beat: number;
  /** Mean brightness of the master output, 0–255. */
  readonly level: number;
  readonly fired: boolean;
}

function brightness(main: Uint32Array): number {
  let sum = 0;
  for (let i = 0; i < main.length; i++) {
    const c = main[i];
    sum += Math.max((c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff);
  }
  return sum / main.length;
}

/** The demo song's verse: the kick plays four on the floor from its first beat. */
const VERSE = demoCueMarkers().find((m) => m.name === 'Verse')!.beat;

/** Plays the first `beats` beats of the demo song's verse, one stepped frame at a time. */
function play(show: ReturnType<typeof gatedShow>, beats: number): Frame[] {
  const { engine, sound, light } = show;
  const beat = light.lx.modulation.modulators.items.find((m) => m instanceof BandGate) as BandGate;
  sound.transport.position = VERSE - 0.5; // half a beat before the verse's first kick
  startPlayback(sound);
  const frames: Frame[] = [];
  while (sound.transport.position < VERSE + beats - 0.5) {
    engine.clock.stepFixed(1, FRAME_MS);
    frames.push({ beat: sound.transport.position, level: brightness(light.main), fired: beat.gate.isOn() });
  }
  return frames;
}

function assertGated(frames: readonly Frame[]): void {
  const onsets = frames.filter((f) => f.fired).map((f) => f.beat);
  // The demo's kick plays a note on every beat of the verse.
  assert.equal(onsets.length, 8, `kicks detected at ${onsets.map((b) => b.toFixed(3)).join(', ')}`);
  onsets.forEach((at, i) => assert.ok(at >= VERSE + i && at < VERSE + i + 0.1, `kick ${i} detected at beat ${at}`));
  const peak = Math.max(...frames.map((f) => f.level));
  assert.ok(peak > 40, `the picture passes on a kick (peak ${peak})`);
  for (const f of frames) {
    const since = Math.max(...onsets.filter((b) => b <= f.beat + 1e-9).concat([-Infinity]));
    const msSince = ((f.beat - since) * 60000) / 120;
    if (f.fired) assert.ok(f.level >= peak * 0.99, `open on the kick at beat ${f.beat.toFixed(3)} (level ${f.level})`);
    else if (msSince >= DECAY_MS + FRAME_MS || since === -Infinity) assert.equal(f.level, 0, `closed between kicks at beat ${f.beat.toFixed(3)}`);
    else assert.ok(f.level < peak, `closing after the kick at beat ${f.beat.toFixed(3)}`);
  }
  // Closed most of the time: open frames are only the decay after each of the 8 kicks.
  const open = frames.filter((f) => f.level > 0).length;
  assert.ok(open <= 8 * Math.ceil(DECAY_MS / FRAME_MS + 1), `${open} open frames of ${frames.length}`);
}

test("a kick on the demo's Kick track gates a Strobe: Beat Detect → Strobe depth opens on each kick note, black between", () => {
  const frames = play(gatedShow(), 8);
  assertGated(frames);
  assert.deepEqual(play(gatedShow(), 8), frames, 'the same frames every run');
});

test('the strobe gate saved to .lxp loads back wired and gates the same frames', () => {
  const built = gatedShow();
  const json = writeProject(built.light.lx, {}, 0);
  const loaded = gatedShow(json);
  assert.deepEqual(writeProject(loaded.light.lx, {}, 0), json, 'saves back the same project');
  const mods = (json as { engine?: { children?: { modulation?: { modulations?: unknown[] } } } }).engine?.children?.modulation?.modulations;
  assert.equal(Array.isArray(mods) ? mods.length : 0, 1, 'the Beat Detect → depth modulation is saved');
  assertGated(play(loaded, 8));
  assert.deepEqual(play(gatedShow(json), 8), play(gatedShow(), 8));
});
