import { LXComponent } from '../lx-component.js';

/** The color palette (LX's LXPalette) at `/lx/palette`: the live swatch and saved swatches. */
export class Palette extends LXComponent {
  readonly lxClass = 'heronarts.lx.color.LXPalette';

  constructor() {
    super('Color Palette');
  }

  /** Advances swatch transitions and dynamic colors; runs after global modulators each frame. */
  loop(_deltaMs: number): void {}
}
