import { LXComponent } from '../lx-component.js';

/** The tempo clock (LX's Tempo) at `/lx/tempo`: bpm, beats and bars, quantized launches. */
export class Tempo extends LXComponent {
  readonly lxClass = 'heronarts.lx.Tempo';

  constructor() {
    super('Tempo');
  }

  /** Advances the clock by unscaled time; runs first in each frame. */
  loop(_deltaMs: number): void {}
}
