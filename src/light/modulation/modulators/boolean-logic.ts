import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { Modulator } from '../modulator.js';

const OPERATORS = Object.freeze([
  { label: 'AND', name: 'AND' },
  { label: 'OR', name: 'OR' },
  { label: 'XOR', name: 'XOR' },
] as const);

function operate(op: number, left: boolean, right: boolean): boolean {
  return op === 0 ? left && right : op === 1 ? left || right : left !== right;
}

/**
 * LX's BooleanLogic ("Logic"): out = (((in1 ⊕ not1) op1 (in2 ⊕ not2)) op2 (in3 ⊕ not3)) op3
 * (in4 ⊕ not4), evaluated left to right each frame; value 1 or 0. Its `out` drives trigger
 * mappings; it is not a continuous modulation source.
 */
export class BooleanLogic extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.BooleanLogic';
  readonly inputs: readonly BooleanParameter[];
  readonly nots: readonly BooleanParameter[];
  readonly ops: readonly EnumParameter[];
  readonly out = new BooleanParameter('Out', false, { description: 'The result' });

  constructor(label = 'Logic') {
    super(label);
    this.mappingSource = false;
    const inputs: BooleanParameter[] = [];
    const nots: BooleanParameter[] = [];
    const ops: EnumParameter[] = [];
    for (let i = 1; i <= 4; i++) inputs.push(this.addParameter(`in${i}`, new BooleanParameter(`In-${i}`, false, { description: `Input ${i}` })));
    for (let i = 1; i <= 4; i++) nots.push(this.addParameter(`not${i}`, new BooleanParameter(`Not-${i}`, false, { description: `Inverts input ${i}` })));
    for (let i = 1; i <= 3; i++) ops.push(this.addParameter(`op${i}`, new EnumParameter(`Op-${i}`, OPERATORS, 1, { description: `Logical operator ${i}` })));
    this.addParameter('out', this.out);
    this.inputs = inputs;
    this.nots = nots;
    this.ops = ops;
  }

  override getTriggerSource(): BooleanParameter {
    return this.out;
  }

  private operand(i: number): boolean {
    return this.nots[i].isOn() ? !this.inputs[i].isOn() : this.inputs[i].isOn();
  }

  protected computeValue(_deltaMs: number): number {
    let result = this.operand(0);
    for (let i = 0; i < 3; i++) result = operate(this.ops[i].getValue(), result, this.operand(i + 1));
    this.out.setOn(result);
    return result ? 1 : 0;
  }
}
