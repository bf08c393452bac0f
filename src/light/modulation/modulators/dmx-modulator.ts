import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { DmxModulatorBase } from './dmx-modulator-base.js';

const MODES = [
  { label: '8-bit', name: 'CHANNEL_8' },
  { label: '16-bit', name: 'CHANNEL_16' },
  { label: 'Range', name: 'RANGE' },
] as const;
const CHANNEL_16 = 1;
const RANGE = 2;

/**
 * LX's DmxModulator ("DMX Channel", label "DMX"): one DMX input channel as a 0–1 value. 8-bit:
 * value / 255. 16-bit: two channels, most significant first, / 65535. Range: while the channel
 * lies in [min, max] (inclusive) `rangeActive` is on and the value is its position in the window
 * (1 when min = max); outside it, 0 and off. `rangeActive` drives trigger mappings. Changing the
 * mode turns `rangeActive` off; min and max push each other so that min ≤ max.
 */
export class DmxModulator extends DmxModulatorBase {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'pushing'];
  }

  readonly lxClass = 'heronarts.lx.dmx.DmxModulator';
  readonly mode = new EnumParameter('Mode', MODES, 0, {
    description: '8-bit = one DMX channel, 16-bit = two DMX channels, Range = part of one DMX channel',
  });
  readonly min = new DiscreteParameter('Min', 0, 0, 255, { description: 'Minimum input value for range' });
  readonly max = new DiscreteParameter('Max', 255, 0, 255, { description: 'Maximum input value for range' });
  readonly rangeActive = new BooleanParameter('Range Active', false, { description: 'True in range mode when DMX value is within [min-max] inclusive' });
  /** Set while one of min/max pushes the other, so the push does not push back. */
  private pushing = false;

  constructor(label = 'DMX') {
    super(label);
    this.addParameter('mode', this.mode);
    this.addParameter('min', this.min);
    this.addParameter('max', this.max);
    this.addParameter('rangeActive', this.rangeActive);
  }

  override getTriggerSource(): BooleanParameter {
    return this.rangeActive;
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.mode) {
      this.setBytes(this.mode.getValue() === CHANNEL_16 ? 2 : 1);
      this.rangeActive.setOn(false);
    }
    if (this.pushing) return;
    this.pushing = true;
    try {
      if (p === this.min && this.max.getValue() < this.min.getValue()) this.max.setValue(this.min.getValue());
      else if (p === this.max && this.min.getValue() > this.max.getValue()) this.min.setValue(this.max.getValue());
    } finally {
      this.pushing = false;
    }
  }

  protected computeValue(): number {
    const dmx = this.dmx;
    if (dmx === null) return 0;
    const universe = this.universe.getValue();
    const channel = this.channel.getValue();
    switch (this.mode.getValue()) {
      case CHANNEL_16:
        return ((dmx.getValuei(universe, channel) << 8) | dmx.getValuei(universe, channel + 1)) / 65535;
      case RANGE: {
        const min = this.min.getValue();
        const max = this.max.getValue();
        const v = dmx.getValuei(universe, channel);
        const active = v >= min && v <= max;
        this.rangeActive.setOn(active);
        if (!active) return 0;
        return max === min ? 1 : (v - min) / (max - min);
      }
      default:
        return dmx.getNormalized(universe, channel);
    }
  }
}
