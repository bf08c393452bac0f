// A small stage for checking what the component notes claim: one fixture, one channel with the
// device under test, frames stepped by hand, colors read back per point.
import { Engine } from '../../../src/engine/engine.js';
import { b as brightnessOf, h as hueOf, s as saturationOf } from '../../../src/light/color/lx-color.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { Channel } from '../../../src/light/mixer/channel.js';
import type { Pattern } from '../../../src/light/devices/patterns/pattern.js';
import { Fixture } from '../../../src/light/structure/fixture.js';

export const FRAME_MS = 1000 / 60;

export interface Stage {
  readonly show: LightShow;
  readonly channel: Channel;
  /** Renders `frames` frames of `deltaMs` each. */
  step(frames?: number, deltaMs?: number): void;
  /** The last frame's colors, one ARGB per point (a copy). */
  colors(): Uint32Array;
  /** HSB brightness (0–100) of every point in the last frame. */
  levels(): number[];
  hues(): number[];
  saturations(): number[];
}

export type FixtureSpec = { cls: 'StripFixture'; numPoints: number; spacing?: number } | { cls: 'GridFixture'; rows: number; columns: number };

/** A show with one fixture (a strip of 20 points by default) and one channel running `pattern`. */
export function stage(pattern: Pattern, fixture: FixtureSpec = { cls: 'StripFixture', numPoints: 20 }): Stage {
  const engine = new Engine();
  const show = new LightShow(engine);
  const fx = new Fixture(fixture.cls);
  if (fixture.cls === 'StripFixture') {
    fx.parameters.get('numPoints')?.setBase(fixture.numPoints);
    if (fixture.spacing !== undefined) fx.parameters.get('spacing')?.setBase(fixture.spacing);
  } else {
    fx.parameters.get('numRows')?.setBase(fixture.rows);
    fx.parameters.get('numColumns')?.setBase(fixture.columns);
  }
  show.structure.addFixture(fx);
  const channel = new Channel('Channel-1');
  show.mixer.insertChannel(channel);
  channel.addPattern(pattern);
  const colors = (): Uint32Array => Uint32Array.from(show.main);
  return {
    show,
    channel,
    step: (frames = 1, deltaMs = FRAME_MS) => engine.clock.stepFixed(frames, deltaMs),
    colors,
    levels: () => [...colors()].map((c) => brightnessOf(c)),
    hues: () => [...colors()].map((c) => hueOf(c)),
    saturations: () => [...colors()].map((c) => saturationOf(c)),
  };
}

/** Rounds for comparisons. */
export function r(x: number, digits = 2): number {
  return Number(x.toFixed(digits));
}
