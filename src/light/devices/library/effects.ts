import { BlurEffect } from '../effects/blur-effect.js';
import { ColorMaskEffect } from '../effects/color/color-mask-effect.js';
import { ColorizeEffect } from '../effects/color/colorize-effect.js';
import { DynamicsEffect } from '../effects/dynamics-effect.js';
import { FreezeEffect } from '../effects/freeze-effect.js';
import { GradientMaskEffect } from '../effects/color/gradient-mask-effect.js';
import { HueSaturationEffect } from '../effects/hue-saturation-effect.js';
import { InvertEffect } from '../effects/invert-effect.js';
import { LinearMaskEffect } from '../effects/linear-mask-effect.js';
import { SoundObjectEffect } from '../effects/audio/sound-object-effect.js';
import { SparkleEffect } from '../effects/sparkle-effect.js';
import { StrobeEffect } from '../effects/strobe-effect.js';
import { TransparifyEffect } from '../effects/color/transparify-effect.js';
import type { LXComponent } from '../../component/lx-component.js';
import type { DeviceEntry } from '../../component/registry.js';
import { lightSourceUrl } from './source-url.js';

const src = (file: string): string => lightSourceUrl(`devices/effects/${file}`);

/** Stock effects in LX's registry order. */
export const EFFECTS: readonly DeviceEntry<LXComponent>[] = [
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.audio.SoundObjectEffect',
    name: 'Sound Object',
    category: 'Audio',
    create: () => new SoundObjectEffect(),
    sourceUrl: src('audio/sound-object-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.BlurEffect',
    name: 'Blur',
    category: 'Core',
    create: () => new BlurEffect(),
    sourceUrl: src('blur-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.FreezeEffect',
    name: 'Freeze',
    category: 'Core',
    create: () => new FreezeEffect(),
    sourceUrl: src('freeze-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.color.ColorizeEffect',
    name: 'Colorize',
    category: 'Color',
    create: () => new ColorizeEffect(),
    sourceUrl: src('color/colorize-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.color.ColorMaskEffect',
    name: 'Color Mask',
    category: 'Color',
    create: () => new ColorMaskEffect(),
    sourceUrl: src('color/color-mask-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.color.GradientMaskEffect',
    name: 'Gradient Mask',
    category: 'Color',
    create: () => new GradientMaskEffect(),
    sourceUrl: src('color/gradient-mask-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.color.TransparifyEffect',
    name: 'Transparify',
    category: 'Color',
    create: () => new TransparifyEffect(),
    sourceUrl: src('color/transparify-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.DynamicsEffect',
    name: 'Dynamics',
    category: 'Color',
    create: () => new DynamicsEffect(),
    sourceUrl: src('dynamics-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.InvertEffect',
    name: 'Invert',
    category: 'Color',
    create: () => new InvertEffect(),
    sourceUrl: src('invert-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.HueSaturationEffect',
    name: 'Hue + Saturation',
    category: 'Color',
    create: () => new HueSaturationEffect(),
    sourceUrl: src('hue-saturation-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.LinearMaskEffect',
    name: 'Linear Mask',
    category: 'Core',
    create: () => new LinearMaskEffect(),
    sourceUrl: src('linear-mask-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.SparkleEffect',
    name: 'Sparkle',
    category: 'Texture',
    create: () => new SparkleEffect(),
    sourceUrl: src('sparkle-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.StrobeEffect',
    name: 'Strobe',
    category: 'Core',
    create: () => new StrobeEffect(),
    sourceUrl: src('strobe-effect.ts'),
  },
  {
    kind: 'effect',
    className: 'heronarts.lx.effect.midi.GateEffect',
    name: 'Gate',
    category: 'MIDI',
    unavailable: 'its envelope is engaged by MIDI note input, which Footlight does not receive',
  },
];
