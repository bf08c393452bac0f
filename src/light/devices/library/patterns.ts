import type { LXComponent } from '../../component/lx-component.js';
import type { DeviceEntry } from '../../component/registry.js';
import { AlternatingPattern } from '../patterns/color/alternating-pattern.js';
import { GraphicEqualizerPattern } from '../patterns/graphic-equalizer-pattern.js';
import { ChasePattern } from '../patterns/strip/chase-pattern.js';
import { GradientPattern } from '../patterns/color/gradient-pattern.js';
import { NoisePattern } from '../patterns/texture/noise-pattern.js';
import { PatternRack } from '../patterns/pattern-rack.js';
import { PlanesPattern } from '../patterns/form/planes-pattern.js';
import { SolidPattern } from '../patterns/color/solid-pattern.js';
import { SoundObjectPattern } from '../patterns/audio/sound-object-pattern.js';
import { SparklePattern } from '../patterns/texture/sparkle-pattern.js';
import { TestPattern } from '../patterns/test/test-pattern.js';
import { DmxPattern } from '../patterns/dmx/dmx-pattern.js';
import { lightSourceUrl } from './source-url.js';

const src = (file: string): string => lightSourceUrl(`devices/patterns/${file}`);

/**
 * Stock patterns in LX's registry order (DMX, Pattern Rack, Sound Object, Gradient, Solid,
 * Planes, Chase, Noise, Sparkle, Test; Sound Object places light at a Sound Object modulator on
 * the sound stage), then classes LX ships outside its default registry:
 * Alternating and Graphic Equalizer (both available here; the equalizer reads /lx/audio/meter).
 */
export const PATTERNS: readonly DeviceEntry<LXComponent>[] = [
  {
    kind: 'pattern',
    className: 'heronarts.lx.dmx.DmxPattern',
    name: 'DMX',
    category: 'Other',
    create: () => new DmxPattern(),
    sourceUrl: src('dmx/dmx-pattern.ts'),
  },
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
    sourceUrl: src('audio/sound-object-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.GradientPattern',
    name: 'Gradient',
    category: 'Color',
    create: () => new GradientPattern(),
    sourceUrl: src('color/gradient-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.SolidPattern',
    name: 'Solid',
    category: 'Color',
    create: () => new SolidPattern(),
    sourceUrl: src('color/solid-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.form.PlanesPattern',
    name: 'Planes',
    category: 'Form',
    create: () => new PlanesPattern(),
    sourceUrl: src('form/planes-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.strip.ChasePattern',
    name: 'Chase',
    category: 'Strip',
    create: () => new ChasePattern(),
    sourceUrl: src('strip/chase-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.texture.NoisePattern',
    name: 'Noise',
    category: 'Texture',
    create: () => new NoisePattern(),
    sourceUrl: src('texture/noise-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.texture.SparklePattern',
    name: 'Sparkle',
    category: 'Texture',
    create: () => new SparklePattern(),
    sourceUrl: src('texture/sparkle-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.test.TestPattern',
    name: 'Test',
    category: 'Test',
    create: () => new TestPattern(),
    sourceUrl: src('test/test-pattern.ts'),
  },
  {
    kind: 'pattern',
    className: 'heronarts.lx.pattern.color.AlternatingPattern',
    name: 'Alternating',
    category: 'Color',
    create: () => new AlternatingPattern(),
    sourceUrl: src('color/alternating-pattern.ts'),
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
