import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { Modulator } from '../modulator.js';

/**
 * LX's Smoother: value ← lerp(value, input, min(1, Δt / (window · range ms))) each frame — an
 * exponential follower (slightly frame-rate dependent, as in LX).
 */
export class Smoother extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.Smoother';
  readonly input = new BoundedParameter('Input', 0, { modulatable: true, units: 'percentNormalized', description: 'The value to follow' });
  readonly window = new BoundedParameter('Time', 0.5, { modulatable: true, units: 'percentNormalized', description: 'Smoothing time, as a fraction of Range' });
  readonly windowRangeMs = new BoundedParameter('Range', 1000, { v0: 100, v1: 60000, units: 'milliseconds', description: 'Longest smoothing time' });

  constructor(label = 'Smoother') {
    super(label);
    this.addParameter('input', this.input);
    this.addParameter('window', this.window);
    this.addParameter('windowRangeMs', this.windowRangeMs);
  }

  protected computeValue(deltaMs: number): number {
    const a = this.value;
    const t = Math.min(1, deltaMs / (this.window.getValue() * this.windowRangeMs.getValue()));
    return a + (this.input.getValue() - a) * t;
  }
}
