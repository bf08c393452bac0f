// LX 1.2.1's own answers for its DMX devices (test/golden/lx-1.2.1-dmx, scripts/lx-harness/DmxGolden.java):
// the same project fed the same universes renders the same frames, modulator values, swatch and
// trigger state, and saves the same DMX devices and palette after 60 frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Engine } from '../../../src/engine/engine.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { DmxSource } from '../../../src/light/dmx/dmx-engine.js';
import { DmxColorModulator } from '../../../src/light/modulation/modulators/dmx-color-modulator.js';
import { DmxModulator } from '../../../src/light/modulation/modulators/dmx-modulator.js';
import { decodeArgb } from '../../../src/light/render/frames-format.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { Pattern } from '../../../src/light/devices/patterns/pattern.js';

const DIR = new URL('../../golden/lx-1.2.1-dmx/', import.meta.url);
const read = (name: string): any => JSON.parse(readFileSync(new URL(name, DIR), 'utf8'));
const golden = read('dmx_devices.golden.json');

interface Write {
  readonly frame: number;
  readonly universe: number;
  readonly offset: number;
  readonly data: string;
}

/** LX's harness wrote these bytes into its buffer before each frame; this source does the same at the latch. */
class ScriptedDmx implements DmxSource {
  pending: Write[] = [];
  latch(data: Uint8Array): void {
    for (const w of this.pending) data.set(Buffer.from(w.data, 'base64'), w.universe * 512 + w.offset);
    this.pending = [];
  }
}

function openScene(): { show: LightShow; source: ScriptedDmx } {
  const engine = new Engine();
  const opened = readProject(read('dmx_devices.lxp'), createLibrary());
  assert.deepEqual(opened.warnings, []);
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx);
  const source = new ScriptedDmx();
  show.dmxSource = source;
  return { show, source };
}

test('LX golden dmx_devices: 60 frames, modulator values, swatch and trigger state equal LX 1.2.1 exactly', () => {
  const { show, source } = openScene();
  assert.equal(show.structure.model.size, golden.points);
  const writes = golden.dmx as Write[];
  for (let k = 0; k < golden.frameCount; k++) {
    source.pending = writes.filter((w) => w.frame === k);
    show.engine.clock.stepFixed(1, golden.deltaMs);
    const expected = golden.frames[k];
    const argb = decodeArgb(expected.argb);
    const diff = argb.findIndex((c, i) => c !== show.main[i]);
    assert.equal(diff, -1, `frame ${k}: point ${diff} is ${show.main[diff]?.toString(16)}, LX ${argb[diff]?.toString(16)}`);
    const mods = show.lx.modulation.modulators.items;
    expected.modulators.forEach((m: any, i: number) => {
      const ours = mods[i];
      assert.equal(ours.label.getString(), m.label);
      if (ours instanceof DmxModulator) {
        assert.equal(ours.getValue(), m.value, `frame ${k} ${m.label} value`);
        assert.equal(ours.rangeActive.isOn(), m.rangeActive, `frame ${k} ${m.label} rangeActive`);
        assert.equal(ours.channel.getValue(), m.channel);
      } else {
        assert.ok(ours instanceof DmxColorModulator);
        assert.equal(ours.getColor(), m.color, `frame ${k} ${m.label} color`);
        assert.deepEqual(
          [ours.color.hue.getValue(), ours.color.saturation.getValue(), ours.color.brightness.getValue()],
          [m.hue, m.saturation, m.brightness],
          `frame ${k} ${m.label} hue, saturation, brightness`,
        );
      }
    });
    const swatch = show.lx.palette.swatch.colors.items;
    assert.deepEqual(
      swatch.map((c) => ({
        color: c.primaryColor,
        mode: c.mode.constantName,
        hue: c.primary.hue.getValue(),
        saturation: c.primary.saturation.getValue(),
        brightness: c.primary.brightness.getValue(),
      })),
      expected.swatch,
      `frame ${k} swatch`,
    );
    assert.equal(show.mixer.channels.items[0].cue.isOn(), expected.deskCueActive, `frame ${k} cue`);
  }
});

/** The saved parameters of the DMX modulators, the live swatch's colors and the DMX engine, without ids. */
function dmxParts(project: any): unknown {
  const engine = project.engine.children;
  const strip = (o: any): unknown => ({ class: o.class, parameters: o.parameters, children: o.children });
  return {
    modulators: engine.modulation.modulators.map(strip),
    swatch: engine.palette.children.swatch.colors.map(strip),
    dmx: strip(engine.dmx),
    patterns: engine.mixer.channels.map((c: any) => c.patterns.map(strip)),
  };
}

test('LX golden dmx_devices: the project saves as LX saves it, before and after 60 frames of input', () => {
  const { show, source } = openScene();
  assert.deepEqual(dmxParts(writeProject(show.lx)), dmxParts(read('dmx_devices.lxp')), 'saved as loaded');
  for (let k = 0; k < golden.frameCount; k++) {
    source.pending = (golden.dmx as Write[]).filter((w) => w.frame === k);
    show.engine.clock.stepFixed(1, golden.deltaMs);
  }
  assert.deepEqual(dmxParts(writeProject(show.lx)), dmxParts(read('dmx_devices.after.lxp')), 'saved after 60 frames');
  for (const c of show.mixer.channels.items) for (const p of (c as { patterns?: { items: unknown[] } }).patterns?.items ?? []) assert.ok(p instanceof Pattern);
});
