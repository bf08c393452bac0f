import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Origin } from '../../../src/engine/commands/history.js';
import { Engine } from '../../../src/engine/engine.js';
import type { SoundObject } from '../../../src/light/audio/sound-object.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { Fixture } from '../../../src/light/structure/fixture.js';
import { addChannel } from '../../../src/light/operations/channels.js';
import { addEffect } from '../../../src/light/operations/effects.js';
import { activatePattern, addPattern } from '../../../src/light/operations/patterns.js';
import { addModulator } from '../../../src/light/operations/modulation.js';
import type { SoundObjectEffect } from '../../../src/light/devices/effects/audio/sound-object-effect.js';
import type { SoundObjectPattern } from '../../../src/light/devices/patterns/audio/sound-object-pattern.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { FixedInput, sineBlock } from './fixed-input.js';

const ORIGIN: Origin = { surface: 'engine' };
const FRAME_MS = 1000 / 60;
const PATTERN = 'heronarts.lx.pattern.audio.SoundObjectPattern';
const EFFECT = 'heronarts.lx.effect.audio.SoundObjectEffect';
const N = 16;

/** LX 1.2.1's saved keys, in its order. */
const PATTERN_KEYS = [
  'baseSize',
  'signalToSize',
  'fadePercent',
  'baseBrightness',
  'modulationInput',
  'modulationToSize',
  'modulationToBrt',
  'signalToBrt',
  'selector',
  'positionMode',
  'shapeMode1',
  'shapeMode2',
  'shapeLerp',
  'scopeAmount',
  'scopeTimeMs',
];

/** A 16×16 grid (x across, y up), one channel with a Sound Object pattern, one global Sound Object. */
function stage(json?: object) {
  const engine = new Engine();
  const light = json === undefined ? new LightShow(engine) : new LightShow(engine, readProject(json as never, createLibrary()).lx);
  if (json !== undefined) return { engine, light, channel: light.mixer.channels.items[0] as Channel };
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')?.setBase(N);
  grid.parameters.get('numColumns')?.setBase(N);
  light.structure.addFixture(grid);
  const channel = addChannel(light, { patternClass: PATTERN }, ORIGIN);
  addModulator(light, 'SoundObject', {}, ORIGIN);
  return { engine, light, channel };
}

const objectOf = (light: LightShow) => light.lx.modulation.modulators.items[0] as SoundObject;
const patternOf = (channel: Channel) => channel.patterns.items[0] as SoundObjectPattern;
const level = (c: number): number => c & 0xff;

/** The grid point (column, row) with the brightest pixel, and that brightness. */
function brightest(light: LightShow): { x: number; y: number; level: number } {
  const { xn, yn, index } = light.structure.model.points;
  let best = { x: -1, y: -1, level: -1 };
  for (let k = 0; k < index.length; k++) {
    const v = level(light.main[index[k]]);
    if (v > best.level) best = { x: Math.round(xn[k] * (N - 1)), y: Math.round(yn[k] * (N - 1)), level: v };
  }
  return best;
}

test('Sound Object pattern and effect are available under LX class names, with LX parameter keys in LX order', () => {
  const library = createLibrary();
  assert.equal(library.find('pattern', PATTERN).unavailable, undefined);
  assert.equal(library.find('effect', EFFECT).unavailable, undefined);
  const { light, channel } = stage();
  assert.deepEqual([...patternOf(channel).parameters.keys()].slice(-PATTERN_KEYS.length), PATTERN_KEYS);
  const effect = addEffect(light, { path: '/lx/mixer/master' }, EFFECT, undefined, ORIGIN).effect as SoundObjectEffect;
  assert.deepEqual([...effect.parameters.keys()].slice(-PATTERN_KEYS.length - 3), [...PATTERN_KEYS, 'maskDepth', 'maskMode', 'cueMask']);
  assert.equal(light.lx.audio.soundStage.path, '/lx/audio/soundStage');
});

test('the pattern draws an orb where the Sound Object is on the stage; it follows a moving object and its level', () => {
  const { engine, light, channel } = stage();
  const obj = objectOf(light);
  const p = patternOf(channel);
  obj.input.setValue(1);
  obj.attackMs.setValue(0);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/selector' }, 'Sound Object', ORIGIN);
  assert.equal(p.engine.selector.object(), obj);
  p.engine.signalToLevel.setValue(1);

  // Straight ahead on a flat grid: the center of the model.
  engine.clock.stepFixed(2, FRAME_MS);
  let at = brightest(light);
  assert.ok(Math.abs(at.x - 7.5) <= 0.5 && Math.abs(at.y - 7.5) <= 0.5, `center: ${JSON.stringify(at)}`);
  assert.ok(at.level > 250, 'full level at the object');
  const corner = level(light.main[0]);
  assert.equal(corner, 0, 'dark away from it');

  // Moved by ADM-OSC (counter-clockwise azimuth 90 → LX's −90: the left edge), then up by elevation.
  obj.admSync.setOn(true);
  light.lx.audio.adm.receive('/adm/obj/1/aed', [
    { type: 'float', value: 90 },
    { type: 'float', value: 0 },
    { type: 'float', value: 1 },
  ]);
  engine.clock.stepFixed(2, FRAME_MS);
  at = brightest(light);
  assert.deepEqual([at.x, Math.abs(at.y - 7.5) <= 0.5], [0, true], `left edge: ${JSON.stringify(at)}`);
  light.lx.audio.adm.receive('/adm/obj/1/aed', [
    { type: 'float', value: 0 },
    { type: 'float', value: 90 },
    { type: 'float', value: 1 },
  ]);
  engine.clock.stepFixed(2, FRAME_MS);
  at = brightest(light);
  assert.deepEqual([Math.abs(at.x - 7.5) <= 0.5, at.y], [true, N - 1], `top: ${JSON.stringify(at)}`);

  // Its level: silence darkens it (Sig>Lev 1), the song's level lights it again.
  obj.input.setValue(0);
  engine.clock.stepFixed(10, FRAME_MS);
  assert.equal(brightest(light).level, 0, 'no signal, no light');
  const input = new FixedInput(48000, sineBlock(0.5, 8));
  light.lx.audioInput = input;
  light.beforeFrame.push(() => input.advance());
  light.lx.audio.enabled.setOn(true);
  obj.meterSource.setValue(1);
  engine.clock.stepFixed(60, FRAME_MS);
  assert.ok(brightest(light).level > 150, `the meter lights it: ${brightest(light).level}`);
});

test('stage modes: Relative offsets the stage by model widths; Box pushes the object to the stage surface', () => {
  const { engine, light, channel } = stage();
  const obj = objectOf(light);
  obj.input.setValue(1);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/selector' }, 1, ORIGIN);
  const stageBox = light.lx.audio.soundStage;
  obj.azimuth.setValue(-90);
  obj.distance.setValue(0.5);
  engine.clock.stepFixed(1, FRAME_MS);
  const abs = brightest(light);
  assert.ok(Math.abs(abs.x - 3.75) <= 0.5, `Abs, half distance: a quarter across (${abs.x})`);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/positionMode' }, 'Box', ORIGIN);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(brightest(light).x, 0, 'Box: on the stage surface whatever the distance');
  stageBox.mode.setValue(1);
  stageBox.xRelative.setValue(0.5);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.ok(Math.abs(brightest(light).x - 7.5) <= 0.5, 'Relative: the stage moved half a model width right');
  assert.equal(patternOf(channel).engine.positionMode.getValue(), 2);
});

test('the effect masks the frame with the object; CUE shows the mask', () => {
  const { engine, light } = stage();
  const obj = objectOf(light);
  obj.input.setValue(1);
  // Channel 1 shows a white Solid under the master effect.
  const solid = addPattern(light, { path: '/lx/mixer/channel/1' }, 'heronarts.lx.pattern.color.SolidPattern', undefined, ORIGIN).pattern;
  activatePattern(light, { id: solid.id }, ORIGIN);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/2/color/saturation' }, 0, ORIGIN);
  const effect = addEffect(light, { path: '/lx/mixer/master' }, EFFECT, undefined, ORIGIN).effect as SoundObjectEffect;
  light.setParameter({ path: '/lx/mixer/master/effect/1/selector' }, 1, ORIGIN);
  light.setParameter({ path: '/lx/mixer/master/effect/1/enabled' }, true, ORIGIN);
  engine.clock.stepFixed(30, FRAME_MS);
  const at = brightest(light);
  assert.ok(at.level > 250 && Math.abs(at.x - 7.5) <= 0.5, `white kept at the object: ${JSON.stringify(at)}`);
  assert.equal(level(light.main[0]), 0, 'masked to black away from it');
  effect.maskDepth.setValue(0.5);
  engine.clock.stepFixed(1, FRAME_MS);
  assert.ok(level(light.main[0]) > 100 && level(light.main[0]) < 160, `half depth: half masked (${level(light.main[0])})`);
  // A red frame: masked, the object keeps it red; CUE shows the gray mask itself.
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/2/color/saturation' }, 100, ORIGIN);
  effect.maskDepth.setValue(1);
  engine.clock.stepFixed(1, FRAME_MS);
  const center = light.main[light.structure.model.points.index[Math.round(at.y) * N + Math.round(at.x)]];
  const green = (c: number): number => (c >>> 8) & 0xff;
  assert.ok(((center >>> 16) & 0xff) > 250 && green(center) === 0, `red at the object (${center.toString(16)})`);
  effect.cueMask.setOn(true);
  engine.clock.stepFixed(1, FRAME_MS);
  const cued = light.main[light.structure.model.points.index[Math.round(at.y) * N + Math.round(at.x)]];
  assert.ok(green(cued) > 250, `CUE: the mask (${cued.toString(16)})`);
});

test('a project with the pattern and the effect saves with LX keys and loads back rendering the same; edits undo', () => {
  const { engine, light, channel } = stage();
  const obj = objectOf(light);
  obj.input.setValue(0.8);
  obj.azimuth.setValue(45);
  const depth = engine.history.undoDepth;
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/selector' }, 'Sound Object', ORIGIN);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/shapeMode1' }, 'Box', ORIGIN);
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/baseSize' }, 0.3, ORIGIN);
  const effect = addEffect(light, { path: '/lx/mixer/master' }, EFFECT, undefined, ORIGIN).effect;
  assert.equal(engine.history.undoDepth, depth + 4, 'each edit is one undo step');
  engine.clock.stepFixed(3, FRAME_MS);
  const frame = Array.from(light.main);

  const saved = writeProject(light.lx, {}, 0) as any;
  const pj = saved.engine.children.mixer.channels[0].patterns[0];
  assert.equal(pj.class, PATTERN);
  for (const key of PATTERN_KEYS) assert.ok(key in pj.parameters, `pattern saves ${key}`);
  assert.equal(pj.parameters.selector, 1, 'the selector saves its option index, as LX');
  assert.equal(pj.parameters['shapeMode1/name'], 'BOX');
  assert.equal(pj.parameters.fadePercent, 0.5);
  const ej = saved.engine.children.mixer.children.master.effects[0];
  assert.equal(ej.class, EFFECT);
  assert.equal(ej.parameters['maskMode/name'], 'MULTIPLY');
  assert.equal(saved.engine.children.audio.children.soundStage.class, 'heronarts.lx.audio.SoundStage');

  const reopened = stage(saved);
  assert.deepEqual(readProject(saved, createLibrary()).warnings, []);
  reopened.engine.clock.stepFixed(3, FRAME_MS);
  assert.equal(patternOf(reopened.channel).engine.selector.object(), objectOf(reopened.light), 'the loaded index finds its object once it exists');
  assert.deepEqual(Array.from(reopened.light.main), frame, 'the same frame after the round trip');
  assert.deepEqual((writeProject(reopened.light.lx, {}, 0) as any).engine.children.mixer.channels[0].patterns[0].parameters, pj.parameters);

  // Undo every edit: the effect goes, the parameters come back.
  for (let i = 0; i < 4; i++) engine.history.undo();
  assert.equal(engine.history.undoDepth, depth);
  assert.equal(effect.parent, null);
  const p = patternOf(channel);
  assert.deepEqual([p.engine.selector.getValue(), p.engine.shapeMode1.getValue(), p.engine.baseSize.getValue()], [0, 0, 0.1]);
});

test('an LX 1.2.1 sound stage loads and saves back unchanged', async () => {
  const { readFileSync } = await import('node:fs');
  const json = JSON.parse(readFileSync(new URL('../../golden/lx-1.2.1/solid_faders.lxp', import.meta.url), 'utf8'));
  const opened = readProject(json, createLibrary());
  const stageJson = json.engine.children.audio.children.soundStage;
  assert.equal(opened.lx.audio.soundStage.id, stageJson.id);
  assert.deepEqual((writeProject(opened.lx, {}, 0) as any).engine.children.audio.children.soundStage, stageJson);
});

test('a saved selector whose Sound Object is missing reads None, renders at the center and saves its index back', () => {
  const { light } = stage();
  light.setParameter({ path: '/lx/mixer/channel/1/pattern/1/selector' }, 1, ORIGIN);
  const saved = writeProject(light.lx, {}, 0) as any;
  saved.engine.children.modulation.modulators = [];
  const reopened = stage(saved);
  reopened.engine.clock.stepFixed(2, FRAME_MS);
  const p = patternOf(reopened.channel);
  assert.equal(p.engine.selector.object(), null);
  assert.ok(brightest(reopened.light).level > 250, 'the orb at the center (no object: no position, full level)');
  assert.equal((writeProject(reopened.light.lx, {}, 0) as any).engine.children.mixer.channels[0].patterns[0].parameters.selector, 1, 'the index is kept');
  // Adding a Sound Object later: the waiting index finds it.
  addModulator(reopened.light, 'SoundObject', {}, ORIGIN);
  reopened.engine.clock.stepFixed(1, FRAME_MS);
  assert.equal(p.engine.selector.object(), objectOf(reopened.light));
});
