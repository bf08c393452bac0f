import type { DeviceEntry } from '../registry.js';
import { ChasePattern } from '../patterns/chase-pattern.js';
import { GradientPattern } from '../patterns/gradient-pattern.js';
import { NoisePattern } from '../patterns/noise-pattern.js';
import { PlanesPattern } from '../patterns/planes-pattern.js';
import { SolidPattern } from '../patterns/solid-pattern.js';
import { TestPattern } from '../patterns/test-pattern.js';

const src = (file: string): string => new URL(`../patterns/${file}`, import.meta.url).href;

/** Stock patterns in LX's registry order. */
export const PATTERNS: readonly DeviceEntry[] = [
  { kind: 'pattern', className: 'heronarts.lx.pattern.color.GradientPattern', name: 'Gradient', category: 'Color', create: () => new GradientPattern(), sourceUrl: src('gradient-pattern.ts') },
  { kind: 'pattern', className: 'heronarts.lx.pattern.color.SolidPattern', name: 'Solid', category: 'Color', create: () => new SolidPattern(), sourceUrl: src('solid-pattern.ts') },
  { kind: 'pattern', className: 'heronarts.lx.pattern.form.PlanesPattern', name: 'Planes', category: 'Form', create: () => new PlanesPattern(), sourceUrl: src('planes-pattern.ts') },
  { kind: 'pattern', className: 'heronarts.lx.pattern.strip.ChasePattern', name: 'Chase', category: 'Strip', create: () => new ChasePattern(), sourceUrl: src('chase-pattern.ts') },
  { kind: 'pattern', className: 'heronarts.lx.pattern.texture.NoisePattern', name: 'Noise', category: 'Texture', create: () => new NoisePattern(), sourceUrl: src('noise-pattern.ts') },
  { kind: 'pattern', className: 'heronarts.lx.pattern.test.TestPattern', name: 'Test', category: 'Test', create: () => new TestPattern(), sourceUrl: src('test-pattern.ts') },
];
