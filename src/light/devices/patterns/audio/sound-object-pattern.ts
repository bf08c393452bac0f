import { SoundObjectRender } from '../../shared/sound-object-render.js';
import { Pattern } from '../pattern.js';

/**
 * LX's SoundObjectPattern ("Sound Object", Audio): an orb of light where a Sound Object is on
 * the sound stage, its size and brightness following the object's level. The rendering is
 * SoundObjectRender's (shared with the Sound Object effect); the parameters are LX's, keys and
 * order included.
 */
export class SoundObjectPattern extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'engine'];
  }

  readonly lxClass = 'heronarts.lx.pattern.audio.SoundObjectPattern';
  readonly engine = new SoundObjectRender();

  constructor() {
    super('Sound Object');
    for (const [key, p] of this.engine.parameters()) this.addParameter(key, p);
  }

  protected run(deltaMs: number): void {
    this.engine.run(this, this.points, this.colors, deltaMs);
  }
}
