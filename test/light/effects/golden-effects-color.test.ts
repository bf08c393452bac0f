// effects_color, effect by effect: every channel renders the same Perlin noise on its own two
// panels (the views have identical relative geometry), and the control channel shows it
// untouched. So LX's own control pixels are the exact input of each effect chain, and its own
// output pixels are the expected result: the effects are checked here without the rest of the
// engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Effect } from '../../../src/light/devices/effects/effect.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { LoadContext, LxObject } from '../../../src/light/component/lxp-types.js';
import { GOLDEN_DIR, StubEngine, diff, fixedPalette, loadGolden, points, step } from './harness.js';

const PANEL_PAIR = 128;

interface Lxp {
  engine: {
    children: {
      palette: { children: { swatch: { colors: { parameters: Record<string, number> }[] } } };
      mixer: { channels: { parameters: { label: string }; effects: LxObject[] }[] };
    };
  };
}

function loadContext(): LoadContext {
  return { ids: new Map(), defer: (fn) => fn(), warn: (m) => assert.fail(m), registry: createLibrary() };
}

test("golden effects_color: each effect chain maps the control pixels to LX's output, all 121 frames", {
  skip: GOLDEN_DIR === undefined && 'golden frames not found',
}, () => {
  const golden = loadGolden('effects_color');
  const lxp = golden.project as unknown as Lxp;
  const palette = fixedPalette(
    lxp.engine.children.palette.children.swatch.colors.map((c) => ({
      h: c.parameters['primary/hue'],
      s: c.parameters['primary/saturation'],
      b: c.parameters['primary/brightness'],
    })),
  );
  const channels = lxp.engine.children.mixer.channels;
  const registry = createLibrary();
  const engine = new StubEngine(palette);
  const chains = channels.map((ch) =>
    ch.effects.map((json) => {
      const effect = registry.create(registry.byClassName(String(json.class))!);
      assert.ok(effect instanceof Effect);
      engine.adopt(effect);
      effect.load(json, loadContext());
      effect.settle();
      return effect;
    }),
  );
  const pts = points(PANEL_PAIR);
  const failures: string[] = [];
  for (let f = 0; f < golden.frames.length; f++) {
    const frame = golden.frames[f];
    for (let c = 1; c < channels.length; c++) {
      const buffer = frame.slice(0, PANEL_PAIR);
      for (const effect of chains[c]) step(effect, buffer, pts);
      const problem = diff(buffer, frame, c * PANEL_PAIR, PANEL_PAIR, 0);
      if (problem !== undefined) failures.push(`frame ${f} ${channels[c].parameters.label}: ${problem}`);
    }
  }
  assert.deepEqual(failures.slice(0, 12), []);
});
