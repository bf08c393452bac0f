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

/** LXUtils.min / max: a NaN second argument wins min and loses max (0 < NaN is false). */
function lxMin(a: number, b: number): number {
  return a < b ? a : b;
}

function lxMax(a: number, b: number): number {
  return a < b ? b : a;
}

/**
 * LX's OperatorModulator ("Operator"): combines a = In-1 and b = In-2 with amount t: Lerp
 * lerp(a, b, t); Add min(1, a + bt); Subtract max(0, a − bt); Difference lerp(a, |a − b|, t);
 * Multiply a·lerp(1, b, t); Divide min(1, lerp(a, a/b, t)); Ratio lerp(a, smaller/larger, t);
 * Min/Max lerp(a, min/max(a, b), t); Invert lerp(a, 1 − a, t). Division is IEEE as in LX: a/0 is
 * ∞ (Divide gives 1, or NaN at amount 0) and 0/0 is NaN (Divide and Ratio give NaN, which flows
 * on into whatever the operator modulates).
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
        return lxMin(1, a + b * t);
      case 'SUBTRACT':
        return lxMax(0, a - b * t);
      case 'DIFFERENCE':
        return lerp(a, Math.abs(a - b), t);
      case 'MULTIPLY':
        return a * lerp(1, b, t);
      case 'DIVIDE':
        return lxMin(1, lerp(a, a / b, t));
      case 'RATIO': {
        const r = a < b ? a / b : b / a;
        return lerp(a, r < 0 ? 0 : r > 1 ? 1 : r, t);
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
