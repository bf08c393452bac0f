import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { SoundObjectRender } from '../../shared/sound-object-render.js';
import { add, blendMask, highlight, lerp, multiply, spotlight } from '../../../color/blend-kernel.js';
import { Effect } from '../effect.js';

/** How the object's light is applied to the frame (LX's MaskMode): Mask multiplies, the others blend it in. */
const MASK_MODES = [
  { label: 'Mask', name: 'MULTIPLY' },
  { label: 'Spotlight', name: 'SPOTLIGHT' },
  { label: 'Highlight', name: 'HIGHLIGHT' },
  { label: 'Add', name: 'ADD' },
  { label: 'Lerp', name: 'LERP' },
];
const BLENDS = [multiply, spotlight, highlight, add, lerp];

/**
 * LX's SoundObjectEffect ("Sound Object", Audio): the Sound Object pattern's light as a mask over
 * the frame. Each frame the object is rendered into a buffer of its own, then applied by Mode at
 * the effect's enabled amount × Depth; CUE shows the mask itself. Parameters as LX's: the
 * pattern's, then maskDepth, maskMode, cueMask.
 */
export class SoundObjectEffect extends Effect {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'engine'];
  }

  readonly lxClass = 'heronarts.lx.effect.audio.SoundObjectEffect';
  readonly engine = new SoundObjectRender();
  readonly maskMode = new EnumParameter('Mode', MASK_MODES, 0, {
    description: 'How the object is applied: Mask (multiply), Spotlight, Highlight, Add or Lerp',
  });
  readonly maskDepth = new BoundedParameter('Depth', 1, { units: 'percentNormalized', modulatable: true, description: 'Depth of the masking' });
  readonly cueMask = new BooleanParameter('CUE', false, { mode: 'momentary', description: 'Show the mask itself' });
  private blend = new Uint32Array(0);

  constructor() {
    super('Sound Object');
    for (const [key, p] of this.engine.parameters()) this.addParameter(key, p);
    this.addParameter('maskDepth', this.maskDepth);
    this.addParameter('maskMode', this.maskMode);
    this.addParameter('cueMask', this.cueMask);
  }

  protected run(deltaMs: number, enabledAmount: number): void {
    const cue = this.cueMask.isOn();
    const amount = enabledAmount * this.maskDepth.getValue();
    if (!cue && !(amount > 0)) return;
    const colors = this.colors;
    if (this.blend.length !== colors.length) this.blend = new Uint32Array(colors.length); // sized with the model, not per frame
    const blend = this.blend;
    this.engine.run(this, this.points, blend, deltaMs);
    const index = this.points.index;
    if (cue) {
      for (let k = 0; k < index.length; k++) colors[index[k]] = blend[index[k]];
      return;
    }
    const alpha = blendMask(amount);
    const fn = BLENDS[this.maskMode.getValue()] ?? multiply;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      colors[i] = fn(colors[i], blend[i], alpha);
    }
  }
}
