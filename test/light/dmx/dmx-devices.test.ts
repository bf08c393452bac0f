// What the DMX devices' notes (src/light/docs/notes/heronarts.lx.dmx.*) claim, checked by stepping
// them over known universes; the edge cases LX answered itself are in test/golden/lx-1.2.1-dmx.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Engine } from '../../../src/engine/engine.js';
import type { DmxSource } from '../../../src/light/dmx/dmx-engine.js';
import { DmxPattern } from '../../../src/light/devices/patterns/dmx/dmx-pattern.js';
import { DmxColorModulator } from '../../../src/light/modulation/modulators/dmx-color-modulator.js';
import { DmxModulator } from '../../../src/light/modulation/modulators/dmx-modulator.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { stage } from '../docs/stage.js';

const golden = JSON.parse(readFileSync(new URL('../../golden/lx-1.2.1-dmx/dmx_devices.golden.json', import.meta.url), 'utf8'));

/** Levels a test sets per universe, handed to the engine at the next frame's latch. */
class Levels implements DmxSource {
  private pending: [number, number, readonly number[]][] = [];
  set(universe: number, channel: number, values: readonly number[]): this {
    this.pending.push([universe, channel, values]);
    return this;
  }
  latch(data: Uint8Array): void {
    for (const [u, c, v] of this.pending) data.set(v, u * 512 + c);
    this.pending = [];
  }
}

function dmxStage(pattern: DmxPattern, points: number) {
  const s = stage(pattern, { cls: 'StripFixture', numPoints: points });
  const levels = new Levels();
  s.show.dmxSource = levels;
  return { ...s, levels };
}

test('DMX pattern note: black until levels arrive, then three channels per point in the byte order', () => {
  const p = new DmxPattern();
  const s = dmxStage(p, 4);
  s.step();
  assert.deepEqual([...s.colors()], [0xff000000, 0xff000000, 0xff000000, 0xff000000]);
  p.universe.setValue(2);
  p.channel.setValue(1);
  s.levels.set(2, 0, [9, 10, 20, 30, 40, 50, 60]);
  s.step();
  assert.deepEqual([...s.colors()].slice(0, 2), [0xff0a141e, 0xff28323c]);
  p.byteOrder.setValue(p.byteOrder.accept('GRB'));
  s.step();
  assert.equal(s.colors()[0], 0xff140a1e, 'GRB: the first channel is green');
  p.byteOrder.setValue(p.byteOrder.accept('BGR'));
  s.step();
  assert.equal(s.colors()[0], 0xff1e140a);
});

test('DMX pattern note: 170 points per universe, then channel 0 of the next; after universe 511 the rest keep the buffer', () => {
  const p = new DmxPattern();
  const s = dmxStage(p, 200);
  p.universe.setValue(7);
  s.levels.set(7, 507, [1, 2, 3]).set(8, 0, [4, 5, 6]);
  s.step();
  assert.equal(s.colors()[169], 0xff010203, 'point 169 reads channels 507–509');
  assert.equal(s.colors()[170], 0xff040506, 'point 170 reads universe 8 from channel 0');
  p.universe.setValue(511);
  p.channel.setValue(300);
  s.levels.set(511, 300, [7, 8, 9]);
  s.step();
  const c = s.colors();
  assert.equal(c[0], 0xff070809);
  assert.equal(c[69], 0xff000000, 'point 69 reads channels 507–509 of universe 511');
  // Nothing is written past universe 511: a playlist channel's buffer starts each frame clear, so those points show black.
  // In blend mode they keep the previous pattern's colors: the golden scene's channel "Layers" shows it.
  assert.deepEqual(new Set(c.subarray(70)), new Set([0xff000000]));
});

test('DMX pattern note: a universe that stops arriving keeps its last levels', () => {
  const p = new DmxPattern();
  const s = dmxStage(p, 1);
  s.levels.set(0, 0, [200, 100, 50]);
  s.step();
  s.step(30);
  assert.equal(s.colors()[0], 0xffc86432);
});

function modulatorShow() {
  const show = new LightShow(new Engine());
  const levels = new Levels();
  show.dmxSource = levels;
  return { show, levels, step: (n = 1) => show.engine.clock.stepFixed(n, 1000 / 60) };
}

test('DMX Channel note: 8-bit, 16-bit (coarse channel first) and Range, read while running', () => {
  const { show, levels, step } = modulatorShow();
  const m = new DmxModulator();
  show.lx.modulation.insertModulator(m);
  levels.set(3, 10, [128, 64]);
  m.universe.setValue(3);
  m.channel.setValue(10);
  step();
  assert.equal(m.getValue(), 0, 'not running: it does not read');
  m.start();
  step();
  assert.equal(m.getValue(), 128 / 255);
  m.mode.setValue(m.mode.accept('16-bit'));
  step();
  assert.equal(m.getValue(), (128 * 256 + 64) / 65535);
  m.mode.setValue(m.mode.accept('Range'));
  m.min.setValue(100);
  m.max.setValue(200);
  step();
  assert.equal(m.getValue(), 28 / 100);
  assert.equal(m.rangeActive.isOn(), true);
  levels.set(3, 10, [250]);
  step();
  assert.deepEqual([m.getValue(), m.rangeActive.isOn()], [0, false]);
  m.min.setValue(250);
  m.max.setValue(250);
  step();
  assert.deepEqual([m.getValue(), m.rangeActive.isOn()], [1, true], 'min = max: 1 while the level equals it');
  assert.equal(m.getTriggerSource(), m.rangeActive);
  assert.equal(m.isMappingSource, true);
});

test('DMX Channel note: the mode sets the channel range and turns Range Active off; min and max push each other (LX answers)', () => {
  const probes = new Map<string, Record<string, number>>(golden.apiProbes.map((p: { what: string }) => [p.what, p]));
  const m = new DmxModulator();
  m.channel.setValue(511);
  m.rangeActive.setOn(true);
  m.mode.setValue(m.mode.accept('16-bit'));
  const a = probes.get('channel 511, then mode 16-bit')!;
  assert.deepEqual([m.channel.getValue(), m.channel.max, m.rangeActive.isOn() ? 1 : 0], [a.channel, a.channelMax, a.rangeActive]);
  m.mode.setValue(m.mode.accept('Range'));
  const b = probes.get('then mode Range')!;
  assert.deepEqual([m.channel.getValue(), m.channel.max], [b.channel, b.channelMax]);
  m.max.setValue(10);
  m.min.setValue(20);
  const c = probes.get('max 10, then min 20')!;
  assert.deepEqual([m.min.getValue(), m.max.getValue()], [c.min, c.max]);
  m.max.setValue(5);
  const d = probes.get('then max 5')!;
  assert.deepEqual([m.min.getValue(), m.max.getValue()], [d.min, d.max]);
  const e = probes.get('DMX Channel defaults')!;
  assert.equal(new DmxModulator().label.getString() === 'DMX' ? 1 : 0, e.labelIsDMX);
});

test('DMX Color note: the exact color, black and gray keep hue and saturation, not a modulation source, channel up to 509', () => {
  const { show, levels, step } = modulatorShow();
  const m = new DmxColorModulator();
  show.lx.modulation.insertModulator(m);
  m.start();
  const probe = golden.apiProbes.find((p: { what: string }) => p.what === 'DMX Color defaults');
  assert.deepEqual([m.channel.max, m.universe.max, m.isMappingSource ? 1 : 0], [probe.channelMax, probe.universeMax, probe.mappingSource]);
  m.channel.setValue(509);
  levels.set(0, 509, [0x12, 0x80, 0xfe]);
  step();
  assert.equal(m.getColor(), 0xff1280fe);
  assert.equal(m.getValue(), 0);
  const hue = m.color.hue.getValue();
  const saturation = m.color.saturation.getValue();
  levels.set(0, 509, [0, 0, 0]);
  step();
  assert.deepEqual([m.getColor(), m.color.brightness.getValue(), m.color.hue.getValue(), m.color.saturation.getValue()], [0xff000000, 0, hue, saturation]);
  levels.set(0, 509, [90, 90, 90]);
  step();
  assert.deepEqual([m.color.saturation.getValue(), m.color.hue.getValue()], [0, hue], 'gray: saturation 0, hue kept');
});

test('DMX Color note: Palette writes the swatch color at Index, adding black ones, Fixed sets its mode; off leaves it', () => {
  const { show, levels, step } = modulatorShow();
  const swatch = show.lx.palette.swatch;
  assert.equal(swatch.size, 1);
  const m = new DmxColorModulator();
  show.lx.modulation.insertModulator(m);
  m.start();
  m.updatePalette.setOn(true);
  m.paletteIndex.setValue(3);
  swatch.colors.items[0].mode.setValue(2);
  levels.set(0, 0, [10, 200, 30]);
  step();
  assert.equal(swatch.size, 3);
  assert.equal(swatch.getColor(1).primaryColor, 0xff000000, 'colors added on the way are black');
  assert.equal(swatch.getColor(2).primaryColor, 0xff0ac81e);
  assert.equal(swatch.getColor(2).mode.getValue(), 0, 'Fixed');
  assert.equal(swatch.getColor(0).mode.getValue(), 2, 'other colors keep their mode');
  swatch.getColor(2).mode.setValue(1);
  m.setPaletteFixed.setOn(false);
  levels.set(0, 0, [1, 2, 3]);
  step();
  assert.deepEqual([swatch.getColor(2).primaryColor, swatch.getColor(2).mode.getValue()], [0xff010203, 1]);
  m.updatePalette.setOn(false);
  levels.set(0, 0, [40, 50, 60]);
  step();
  assert.equal(swatch.getColor(2).primaryColor, 0xff010203, 'Palette off: the swatch keeps the last color written');
  assert.equal(m.getColor(), 0xff28323c);
});

test("/lx/dmx: LX's Art-Net receiver settings load and save as LX's, and a project that turns it on is told Footlight opens no port", () => {
  const project = JSON.parse(readFileSync(new URL('../../golden/lx-1.2.1-dmx/dmx_devices.lxp', import.meta.url), 'utf8'));
  Object.assign(project.engine.children.dmx.parameters, { artNetReceiveActive: true, artNetReceiveHost: '10.0.0.5', artNetReceivePort: 6455 });
  const opened = readProject(project, createLibrary());
  assert.deepEqual(opened.warnings, [
    "the project receives Art-Net in LX (10.0.0.5:6455); Footlight opens no port for it: its DMX input is the operator's (serve --dmx-in, config.json's dmxIn)",
  ]);
  const saved = writeProject(opened.lx) as unknown as { engine: { children: Record<string, unknown> } };
  assert.deepEqual(saved.engine.children.dmx, project.engine.children.dmx);
});
