import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { ModulationInput, NumericParameter } from '../../engine/parameters/numeric.js';
import { LXComponent } from '../lx-component.js';
import type { NormalizedSource } from './normalized-source.js';

/**
 * A continuous modulation (LX's LXCompoundModulation): adds `range × source` to the target's
 * normalized base value whenever the target is read — unipolar `n·range`, bipolar
 * `2(n − ½)·range`. The target clamps (or wraps) the sum.
 */
export class CompoundModulation extends LXComponent implements ModulationInput {
  readonly lxClass = 'heronarts.lx.modulation.LXCompoundModulation';
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'Whether the modulation applies' });
  readonly polarity = new EnumParameter('Polarity', [
    { label: 'Unipolar', name: 'UNIPOLAR' },
    { label: 'Bipolar', name: 'BIPOLAR' },
  ], 0, { description: 'Unipolar adds 0…range; bipolar swings −range…+range around the base' });
  readonly range = new BoundedParameter('Range', 0, { v0: -1, v1: 1, polarity: 'bipolar', units: 'percentNormalized', modulatable: true, description: 'Depth of the modulation, as a fraction of the target\'s range' });

  constructor(
    readonly source: NormalizedSource,
    readonly target: NumericParameter,
  ) {
    super('LX');
    this.addParameter('enabled', this.enabled);
    this.addParameter('polarity', this.polarity);
    this.addParameter('range', this.range);
    this.polarity.setValue(source.polarity === 'bipolar' ? 1 : 0);
    this.legacyKeys.set('Polarity', 'polarity');
    this.legacyKeys.set('Range', 'range');
  }

  modulationAmount(): number {
    if (!this.enabled.isOn()) return 0;
    const n = this.source.getNormalized();
    const range = this.range.getValue();
    return this.polarity.getValue() === 1 ? 2 * (n - 0.5) * range : n * range;
  }

  /** Attaches to the target (called when the modulation joins an engine). */
  connect(): void {
    this.target.addModulation(this);
  }

  disconnect(): void {
    this.target.removeModulation(this);
  }
}
