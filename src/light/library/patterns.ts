import type { DeviceEntry } from '../registry.js';
import { AlternatingPattern } from '../patterns/alternating-pattern.js';
import { GraphicEqualizerPattern } from '../patterns/graphic-equalizer-pattern.js';
import { ChasePattern } from '../patterns/chase-pattern.js';
import { GradientPattern } from '../patterns/gradient-pattern.js';
import { NoisePattern } from '../patterns/noise-pattern.js';
import { PatternRack } from '../patterns/pattern-rack.js';
import { PlanesPattern } from '../patterns/planes-pattern.js';
import { SolidPattern } from '../patterns/solid-pattern.js';
import { SoundObjectPattern } from '../patterns/sound-object-pattern.js';
import { SparklePattern } from '../patterns/sparkle-pattern.js';
import { TestPattern } from '../patterns/test-pattern.js';

const src = (file: string): string => new URL(`../patterns/${file}`, import.meta.url).href;

const NEEDS_DMX = 'it renders live Art-Net DMX input, which Footlight does not receive';

/**
 * Stock patterns in LX's registry order (DMX, Pattern Rack, Sound Object, Gradient, Solid,
 * Planes, Chase, Noise, Sparkle, Test; Sound Object places light at a Sound Object modulator on
 * the sound stage), then classes LX ships outside its default registry:
 * Alternating and Graphic Equalizer (both available here; the equalizer reads /lx/audio/meter).
 */
export const PATTERNS: readonly DeviceEntry[] = [
  { kind: 'pattern', className: 'heronarts.lx.dmx.DmxPattern', name: 'DMX', category: 'Other', unavailable: NEEDS_DMX },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.PatternRack',
    name: 'Pattern Rack',
    category: 'Other',
    create: () => new PatternRack(),
    sourceUrl: src('pattern-rack.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.audio.SoundObjectPattern',
    name: 'Sound Object',
    category: 'Audio',
    create: () => new SoundObjectPattern(),
    sourceUrl: src('sound-object-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.GradientPattern',
    name: 'Gradient',
    category: 'Color',
    create: () => new GradientPattern(),
    sourceUrl: src('gradient-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.SolidPattern',
    name: 'Solid',
    category: 'Color',
    create: () => new SolidPattern(),
    sourceUrl: src('solid-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.form.PlanesPattern',
    name: 'Planes',
    category: 'Form',
    create: () => new PlanesPattern(),
    sourceUrl: src('planes-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.strip.ChasePattern',
    name: 'Chase',
    category: 'Strip',
    create: () => new ChasePattern(),
    sourceUrl: src('chase-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.texture.NoisePattern',
    name: 'Noise',
    category: 'Texture',
    create: () => new NoisePattern(),
    sourceUrl: src('noise-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.texture.SparklePattern',
    name: 'Sparkle',
    category: 'Texture',
    create: () => new SparklePattern(),
    sourceUrl: src('sparkle-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.test.TestPattern',
    name: 'Test',
    category: 'Test',
    create: () => new TestPattern(),
    sourceUrl: src('test-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.AlternatingPattern',
    name: 'Alternating',
    category: 'Color',
    create: () => new AlternatingPattern(),
    sourceUrl: src('alternating-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.GraphicEqualizerPattern',
    name: 'Graphic Equalizer',
    category: 'Form',
    create: () => new GraphicEqualizerPattern(),
    sourceUrl: src('graphic-equalizer-pattern.ts'),
  },
];
