import { Channel } from './mixer/channel.js';
import type { LightShow } from './show/light-show.js';
import { GradientPattern } from './devices/patterns/color/gradient-pattern.js';
import { SolidPattern } from './devices/patterns/color/solid-pattern.js';
import { Fixture } from './structure/fixture.js';

/**
 * The small demo many tests start from (`startFootlight({ demo: "grid" })`): a 32×32 grid, a gradient channel
 * and a dimmed solid channel, so every tool has something lit to act on.
 */
export function buildGridDemo(show: LightShow): void {
  const grid = new Fixture('GridFixture', 'Grid');
  grid.parameters.get('numRows')?.setBase(32);
  grid.parameters.get('numColumns')?.setBase(32);
  show.structure.addFixture(grid);

  const gradient = new Channel('Channel-1');
  show.mixer.insertChannel(gradient);
  const g = new GradientPattern();
  gradient.addPattern(g);
  g.xAmount.setValue(1);
  g.gradient.setValue(0.5);
  g.colorMode.setValue(0);

  const solid = new Channel('Channel-2');
  show.mixer.insertChannel(solid);
  solid.addPattern(new SolidPattern({ h: 220, s: 80, b: 100 }));
  solid.fader.setValue(0.25);
}
