// effects_mask, effect by effect. Each channel's pattern is a fixed-color x gradient (hue h0 →
// h0 + 240, saturation 90, brightness 100) whose phase follows a 2.5 s saw LFO, shown on its own
// two panels over a solid base. The gradient is rebuilt here from that description (and checked
// against the control channel, which has no effect), run through the channel's effects, and
// composited onto the base with the channel's blend (Add, or Normal for Transparify): LX's own
// output pixels are the expected result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, lerp } from '../../../src/light/color/blend-kernel.js';
import { hsb } from '../../../src/light/color/lx-color.js';
import type { Effect } from '../../../src/light/devices/effects/effect.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { buildView } from '../../../src/light/model/index.js';
import { modelFromProject } from '../../../src/light/model/project.js';
import type { LxObject } from '../../../src/light/component/lxp-types.js';
import { DELTA_MS, GOLDEN_DIR, StubEngine, hex, loadGolden, step } from './harness.js';

const fr = Math.fround;
const BASE = hsb(240, 80, 40);
const HUES = [0, 30, 60, 90, 120, 150];
const NORMAL_BLEND_CHANNEL = 3; // Transparify's channel is blended Normal; the others Add
const LFO_PERIOD_MS = 2500;

interface Lxp {
  engine: { children: { mixer: { channels: { parameters: { label: string }; effects: LxObject[] }[] } } };
}

test('golden effects_mask: Gradient Mask, Linear Mask (radial; rotated whiteout), Transparify and Dynamics match LX, all 121 frames', {
  skip: GOLDEN_DIR === undefined && 'golden frames not found',
}, () => {
  const golden = loadGolden('effects_mask');
  const lxp = golden.project as unknown as Lxp;
  const model = modelFromProject(golden.project);
  const registry = createLibrary();
  const engine = new StubEngine();
  const channels = lxp.engine.children.mixer.channels.slice(1); // after the solid base
  const views = channels.map((_, j) => buildView(model, `b${2 * j}, b${2 * j + 1}`));
  const chains = channels.map((ch) =>
    ch.effects.map((json) => {
      const effect = engine.adopt(registry.create(registry.byClassName(String(json.class))!) as Effect);
      effect.load(json, { ids: new Map(), defer: (fn) => fn(), warn: (m) => assert.fail(m), registry });
      effect.settle();
      return effect;
    }),
  );
  const failures: string[] = [];
  let phase = 0;
  for (let f = 0; f < golden.frames.length; f++) {
    phase += DELTA_MS / LFO_PERIOD_MS;
    if (phase > 1) phase %= 1;
    for (let j = 0; j < channels.length; j++) {
      const p = views[j].points;
      const buffer = new Uint32Array(model.size);
      for (let k = 0; k < p.size; k++) {
        let t = p.xn[k];
        if (phase > 0) t = fr(fr(t + fr(phase)) % 1);
        buffer[p.index[k]] = hsb(fr(HUES[j] + fr(240 * t)), 90, 100);
      }
      for (const effect of chains[j]) step(effect, buffer, p);
      for (let k = 0; k < p.size; k++) {
        const i = p.index[k];
        const actual = j === NORMAL_BLEND_CHANNEL ? lerp(BASE, buffer[i], 256) : add(BASE, buffer[i], 256);
        if (actual !== golden.frames[f][i]) {
          failures.push(`frame ${f} ${channels[j].parameters.label} point ${i}: expected ${hex(golden.frames[f][i])}, got ${hex(actual)}`);
          break;
        }
      }
    }
  }
  assert.deepEqual(failures.slice(0, 12), []);
});
