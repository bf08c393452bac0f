// Projects Footlight itself authors, for the LX round trip (scripts/lx-harness/round-trip/README.md):
// built through the light operations the MCP tools call, one undoable step each, then saved with
// Footlight's project save. LX 1.2.1 opens each saved file and renders it; its frames are
// committed beside it in test/golden/lx-round-trip/.
import type { Origin } from '../../../src/engine/commands/history.js';
import { Engine } from '../../../src/engine/engine.js';
import { addChannel } from '../../../src/light/operations/channels.js';
import { addEffect } from '../../../src/light/operations/effects.js';
import { addFixture } from '../../../src/light/operations/fixtures.js';
import { addModulator, wireModulation } from '../../../src/light/operations/modulation.js';
import { addPattern } from '../../../src/light/operations/patterns.js';
import { buildDemoShow } from '../../../src/light/demo-show.js';
import { LightShow } from '../../../src/light/show/light-show.js';

const ORIGIN = { kind: 'system', name: 'lx-round-trip' } as unknown as Origin;

/** A name, what it covers, and the show built by operations. */
interface AuthoredProject {
  readonly name: string;
  readonly covers: string;
  /** Record every n-th of the 121 frames (1: all). */
  readonly every: number;
  build(): LightShow;
}

function set(show: LightShow, path: string, value: unknown): void {
  show.setParameter({ path }, value, ORIGIN);
}

/**
 * A small rig and show made as an agent makes one through MCP: a grid and a strip, three channels
 * (Noise; Chase over a Gradient; Solid) blended Add and Multiply, channel and master effects, a
 * global LFO and a channel LFO wired to pattern parameters, faders and a crossfader group.
 */
function operationsShow(): LightShow {
  const show = new LightShow(new Engine());
  addFixture(show, { className: 'Grid', label: 'Wall', params: { numRows: 8, numColumns: 16, rowSpacing: 10, columnSpacing: 10 } }, ORIGIN);
  addFixture(show, { className: 'Strip', label: 'Bar', params: { numPoints: 40, spacing: 4, y: -20 } }, ORIGIN);
  addChannel(show, { label: 'Texture', patternClass: 'NoisePattern', fader: 1 }, ORIGIN);
  set(show, '/lx/mixer/channel/1/pattern/1/scale', 0.4);
  set(show, '/lx/mixer/channel/1/pattern/1/contrast', 160);
  addChannel(show, { label: 'Run', patternClass: 'ChasePattern', fader: 0.8 }, ORIGIN);
  addPattern(show, { path: '/lx/mixer/channel/2' }, 'GradientPattern', undefined, ORIGIN);
  set(show, '/lx/mixer/channel/2/blendMode', 'Add');
  set(show, '/lx/mixer/channel/2/crossfadeGroup', 'A');
  set(show, '/lx/mixer/channel/2/pattern/1/size', 20);
  addEffect(show, { path: '/lx/mixer/channel/2' }, 'BlurEffect', undefined, ORIGIN);
  set(show, '/lx/mixer/channel/2/effect/1/enabled', true);
  addChannel(show, { label: 'Tint', patternClass: 'SolidPattern', fader: 0.7 }, ORIGIN);
  set(show, '/lx/mixer/channel/3/blendMode', 'Multiply');
  set(show, '/lx/mixer/channel/3/crossfadeGroup', 'B');
  set(show, '/lx/mixer/crossfader', 0.35);
  addEffect(show, { path: '/lx/mixer/master' }, 'HueSaturationEffect', undefined, ORIGIN);
  set(show, '/lx/mixer/master/effect/1/enabled', true);
  set(show, '/lx/mixer/master/effect/1/hue', 40);
  const lfo = addModulator(show, 'VariableLFO', {}, ORIGIN);
  set(show, `${lfo.path}/periodFast`, 1500);
  wireModulation(show, { path: lfo.path }, { path: '/lx/mixer/channel/1/pattern/1/scale' }, { range: 0.3 }, ORIGIN);
  const local = addModulator(show, 'VariableLFO', { scope: { path: '/lx/mixer/channel/3' } }, ORIGIN);
  set(show, `${local.path}/wave`, 'Triangle');
  set(show, `${local.path}/periodFast`, 900);
  wireModulation(show, { path: local.path }, { path: '/lx/mixer/channel/3/fader' }, { range: -0.5, scope: { path: '/lx/mixer/channel/3' } }, ORIGIN);
  return show;
}

export const AUTHORED: readonly AuthoredProject[] = [
  {
    name: 'footlight_operations',
    covers: 'a show built by the light operations (as MCP does): fixtures, channels, patterns, effects, LFOs wired, crossfader groups',
    every: 1,
    build: operationsShow,
  },
  {
    name: 'footlight_demo',
    covers:
      'the light project of the demo show `footlight serve` opens (2 636 points, six channels, palette, modulators, clips, snapshots, ' +
      'cues in externals; no clip runs without the song)',
    every: 10,
    build: () => {
      const show = new LightShow(new Engine());
      buildDemoShow(show);
      return show;
    },
  },
];
