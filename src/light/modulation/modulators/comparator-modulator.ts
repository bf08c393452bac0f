import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { Modulator } from '../modulator.js';

const COMPARISONS = Object.freeze([
  { label: '>', name: 'GREATER' },
  { label: '>=', name: 'GREATER_EQUAL' },
  { label: '<', name: 'LESS' },
  { label: '<=', name: 'LESS_EQUAL' },
  { label: '==', name: 'EQUAL' },
  { label: '!=', name: 'NOT_EQUAL' },
] as const);

/**
 * LX's ComparatorModulator ("Comparator"): out = in1 (>, ≥, <, ≤, ==, ≠) in2 on the effective
 * (modulated) inputs, each frame; value 1 or 0. Its `out` drives trigger mappings.
 */
export class ComparatorModulator extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.ComparatorModulator';
  readonly in1 = new BoundedParameter('In-1', 0, { modulatable: true, units: 'percentNormalized', description: 'First input value' });
  readonly in2 = new BoundedParameter('In-2', 0, { modulatable: true, units: 'percentNormalized', description: 'Second input value' });
  readonly comparison = new EnumParameter('Comparison', COMPARISONS, 2, { description: 'Comparison made between the inputs' });
  readonly out = new BooleanParameter('Out', false, { description: 'The result' });

  constructor(label = 'Comparator') {
    super(label);
    this.mappingSource = false;
    this.addParameter('in1', this.in1);
    this.addParameter('in2', this.in2);
    this.addParameter('comparison', this.comparison);
    this.addParameter('out', this.out);
  }

  override getTriggerSource(): BooleanParameter {
    return this.out;
  }

  protected computeValue(_deltaMs: number): number {
    const a = this.in1.getValue();
    const b = this.in2.getValue();
    let r: boolean;
    switch (this.comparison.getValue()) {
      case 0:
        r = a > b;
        break;
      case 1:
        r = a >= b;
        break;
      case 2:
        r = a < b;
        break;
      case 3:
        r = a <= b;
        break;
      case 4:
        r = a === b;
        break;
      default:
        r = a !== b;
        break;
    }
    this.out.setOn(r);
    return r ? 1 : 0;
  }
}
