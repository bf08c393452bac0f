import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../../src/engine/engine.js';
import { gray } from '../../../src/light/color/lx-color.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import { GraphicEqualizerPattern } from '../../../src/light/devices/patterns/graphic-equalizer-pattern.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { linkShowAudio } from '../../../src/show/song-audio.js';
import { linkShowClock } from '../../../src/show/show-clock.js';
import { demoCueMarkers } from '../../../src/sound/demo-song.js';
import { createSoundHost } from '../../../src/sound/index.js';
import { startPlayback } from '../../../src/sound/operations/song.js';

/** The demo song's verse, where the kick comes in. */
const VERSE = demoCueMarkers().find((m) => m.name === 'Verse')!.beat;
import { FixedInput, sineBlock } from '../audio/fixed-input.js';

const FRAME_MS = 1000 / 60;

function eqShow(engine = new Engine()) {
  const light = new LightShow(engine);
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')?.setBase(32);
  grid.parameters.get('numColumns')?.setBase(32);
  light.structure.addFixture(grid);
  const channel = new Channel('EQ');
  light.mixer.insertChannel(channel);
  const eq = new GraphicEqualizerPattern();
  channel.addPattern(eq);
  light.lx.audio.enabled.setOn(true);
  return { engine, light, eq };
}

test("Graphic Equalizer has LX's keys and defaults and is registered under LX's class name", () => {
  const eq = new GraphicEqualizerPattern();
  assert.equal(eq.label.getString(), 'GraphicEqualizer');
  assert.deepEqual(
    ['gain', 'center', 'fade', 'sharp', 'plane'].map((k) => eq.parameters.get(k)?.save()),
    [1, 0, 0.1, 0.9, 0],
  );
  const entry = createLibrary().find('pattern', 'heronarts.lx.pattern.GraphicEqualizerPattern');
  assert.equal(entry.unavailable, undefined);
});

test("Graphic Equalizer shades by LX's documented formula: black above the level, min(100, (level − d)·100/(1 − sharp), d·100/fade)", () => {
  const eq = new GraphicEqualizerPattern();
  // level 0.5: well inside the bar → 100; 0.02 below the top → 20; 0.005 above the center → 5; above → black.
  assert.equal(eq.shade(0.5, 0.2), gray(100));
  assert.equal(eq.shade(0.5, 0.48) & 0xff, 51); // (int)(20 · 2.559)
  assert.equal(eq.shade(0.5, 0.005) & 0xff, 12); // (int)(5 · 2.559)
  assert.equal(eq.shade(0.5, 0.6), 0xff000000);
  eq.gain.setValue(2);
  eq.center.setValue(0.5);
  assert.equal(eq.shade(0.2, 0.8), gray(100), 'gain 2: level 0.4 reaches 0.3 above the center');
  assert.equal(eq.shade(0.2, 0.05), 0xff000000, 'and stops 0.4 below it');
});

test('Graphic Equalizer draws one bar per meter band over the points, in each plane', () => {
  const input = new FixedInput(48000, sineBlock(0.5, 8));
  const { engine, light, eq } = eqShow();
  light.lx.audioInput = input;
  light.beforeFrame.push(() => input.advance());
  engine.clock.stepFixed(30, FRAME_MS);
  const meter = light.lx.audio.meter;
  const pts = light.structure.model.points;
  for (const [plane, a1, a2] of [
    [0, pts.xn, pts.yn],
    [4, pts.yn, pts.xn],
  ] as const) {
    eq.plane.setValue(plane);
    engine.clock.stepFixed(1, FRAME_MS);
    for (let i = 0; i < pts.size; i++) {
      const band = Math.trunc(Math.fround(a1[i] * 15));
      assert.equal(light.main[pts.index[i]], eq.shade(meter.getBand(band), a2[i]), `point ${i}`);
    }
  }
  const lit = Array.from(light.main).filter((c) => (c & 0xff) > 0).length;
  assert.ok(lit > 0 && lit < pts.size, `${lit} points lit`);
});

test("Graphic Equalizer on the demo song: each column's bar height follows its band, and loads back from .lxp", () => {
  const engine = new Engine();
  const sound = createSoundHost(engine);
  const built = eqShow(engine);
  const json = writeProject(built.light.lx, {}, 0);
  engine.graph.removeRoot(built.light.lx);
  const light = new LightShow(engine, readProject(json, createLibrary()).lx);
  assert.deepEqual(writeProject(light.lx, {}, 0), json);
  linkShowClock(light, sound);
  linkShowAudio(light, sound);
  const pts = light.structure.model.points;
  const meter = light.lx.audio.meter;
  // The demo song's verse: kick, bass and pad (its intro is a quiet fade-in).
  sound.transport.position = VERSE;
  startPlayback(sound);
  const heights = new Set<string>();
  while (sound.transport.position < VERSE + 4) {
    engine.clock.stepFixed(1, FRAME_MS);
    const lit = new Array<number>(16).fill(0);
    const rows = new Array<number>(16).fill(0);
    for (let i = 0; i < pts.size; i++) {
      const band = Math.trunc(Math.fround(pts.xn[i] * 15));
      if ((light.main[pts.index[i]] & 0xffffff) !== 0) lit[band]++;
      const y = pts.yn[i];
      if (y > 0 && y < meter.getBand(band)) rows[band]++;
    }
    // Lit points are the ones between the floor and the band level (±1 row per column at the edges' dim pixels).
    for (let b = 0; b < 16; b++) {
      const columns = Array.from({ length: pts.size }, (_, i) => i).filter((i) => Math.trunc(Math.fround(pts.xn[i] * 15)) === b && pts.yn[i] === 0).length;
      assert.ok(
        Math.abs(lit[b] - rows[b]) <= columns,
        `band ${b + 1} at beat ${sound.transport.position.toFixed(2)}: ${lit[b]} lit, ${rows[b]} below the level`,
      );
    }
    heights.add(lit.join(','));
  }
  assert.ok(heights.size > 20, `the bars move with the music (${heights.size} distinct frames)`);
});
