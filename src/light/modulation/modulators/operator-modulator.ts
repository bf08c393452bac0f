import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { Modulator } from '../modulator.js';

const OPERATIONS = Object.freeze([
  { label: 'Lerp', name: 'LERP' },
  { label: 'Add', name: 'ADD' },
  { label: 'Subtract', name: 'SUBTRACT' },
  { label: 'Difference', name: 'DIFFERENCE' },
  { label: 'Multiply', name: 'MULTIPLY' },
  { label: 'Divide', name: 'DIVIDE' },
  { label: 'Ratio', name: 'RATIO' },
  { label: 'Min', name: 'MIN' },
  { label: 'Max', name: 'MAX' },
  { label: 'Invert', name: 'INVERT' },
] as const);

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * LX's OperatorModulator ("Operator"): combines a = In-1 and b = In-2 with amount t: Lerp
 * lerp(a, b, t); Add min(1, a + bt); Subtract max(0, a − bt); Difference lerp(a, |a − b|, t);
 * Multiply a·lerp(1, b, t); Divide min(1, lerp(a, a/b, t)) (a/0 counts as 1); Ratio
 * lerp(a, smaller/larger, t); Min/Max lerp(a, min/max(a, b), t); Invert lerp(a, 1 − a, t).
 */
export class OperatorModulator extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.OperatorModulator';
  readonly in1 = new BoundedParameter('In-1', 0, { modulatable: true, units: 'percentNormalized', description: 'First input value' });
  readonly in2 = new BoundedParameter('In-2', 0, { modulatable: true, units: 'percentNormalized', description: 'Second input value' });
  readonly amount = new BoundedParameter('Amount', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'How far to move from In-1 toward the result',
  });
  readonly operation = new EnumParameter('Operation', OPERATIONS, 0, { description: 'Operation between the inputs' });

  constructor(label = 'Operator') {
    super(label);
    this.addParameter('in1', this.in1);
    this.addParameter('in2', this.in2);
    this.addParameter('amount', this.amount);
    this.addParameter('operation', this.operation);
  }

  protected computeValue(_deltaMs: number): number {
    const a = this.in1.getValue();
    const b = this.in2.getValue();
    const t = this.amount.getValue();
    switch (OPERATIONS[this.operation.getValue()].name) {
      case 'LERP':
        return lerp(a, b, t);
      case 'ADD':
        return Math.min(1, a + b * t);
      case 'SUBTRACT':
        return Math.max(0, a - b * t);
      case 'DIFFERENCE':
        return lerp(a, Math.abs(a - b), t);
      case 'MULTIPLY':
        return a * lerp(1, b, t);
      case 'DIVIDE':
        return Math.min(1, lerp(a, b === 0 ? 1 : a / b, t));
      case 'RATIO': {
        const r = a === b ? 1 : a === 0 || b === 0 ? 0 : a < b ? a / b : b / a;
        return lerp(a, r, t);
      }
      case 'MIN':
        return lerp(a, Math.min(a, b), t);
      case 'MAX':
        return lerp(a, Math.max(a, b), t);
      case 'INVERT':
        return lerp(a, 1 - a, t);
    }
    return a;
  }
}
