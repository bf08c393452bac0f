import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../component/lx-component.js';

const NOT_MAPPABLE = { mappable: false };

function whitePoint(color: string): DiscreteParameter {
  return new DiscreteParameter(`White Point ${color}`, 255, 0, 255, {
    ...NOT_MAPPABLE,
    description: `Scale of the ${color.toLowerCase()} channel of every fixture output at full brightness`,
  });
}

/**
 * The output stage of the fixtures (LX's LXStructureOutput), at `/lx/structure/output`: every
 * packet a fixture sends passes through it. Its gamma and white point are the ones fixture
 * outputs use (`/lx/output`'s apply only with gamma mode INHERIT); its brightness multiplies
 * the master fader (PRE mode), `/lx/output/brightness` and each fixture's brightness. LX saves
 * it as the structure's `output` object.
 */
export class StructureOutput extends LXComponent {
  readonly lxClass = 'heronarts.lx.structure.LXStructureOutput';
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'When off, no fixture sends anything' });
  readonly brightness = new BoundedParameter('Brightness', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Brightness of every fixture output, multiplied with /lx/output/brightness, the master fader (PRE) and the fixture',
  });
  readonly fps = new BoundedParameter('FPS', 0, { v1: 300, ...NOT_MAPPABLE, description: 'Most frames sent per second; 0 sends every engine frame' });
  readonly gamma = new BoundedParameter('Gamma', 1, {
    v0: 1,
    v1: 4,
    ...NOT_MAPPABLE,
    description: 'Gamma correction of every fixture output byte (1 = linear)',
  });
  readonly gammaMode = new EnumParameter(
    'Gamma Mode',
    [
      { label: 'Inherit', name: 'INHERIT' },
      { label: 'Direct', name: 'DIRECT' },
    ],
    1,
    { ...NOT_MAPPABLE, description: "DIRECT uses this gamma and white point; INHERIT uses /lx/output's" },
  );
  readonly whitePointRed = whitePoint('Red');
  readonly whitePointGreen = whitePoint('Green');
  readonly whitePointBlue = whitePoint('Blue');
  readonly whitePointWhite = whitePoint('White');

  constructor() {
    super('Output');
    this.addParameter('enabled', this.enabled);
    this.addParameter('brightness', this.brightness);
    this.addParameter('fps', this.fps);
    this.addParameter('gamma', this.gamma);
    this.addParameter('gammaMode', this.gammaMode);
    this.addParameter('whitePointRed', this.whitePointRed);
    this.addParameter('whitePointGreen', this.whitePointGreen);
    this.addParameter('whitePointBlue', this.whitePointBlue);
    this.addParameter('whitePointWhite', this.whitePointWhite);
  }

  /** True when the gamma and white point are this stage's own (DIRECT), not /lx/output's. */
  get direct(): boolean {
    return this.gammaMode.getValue() === 1;
  }
}
