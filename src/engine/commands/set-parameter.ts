import type { Graph } from '../graph.js';
import type { Parameter, ParameterValue } from '../parameters/parameter.js';
import type { Command } from './command.js';
import { ParameterRef } from './refs.js';

/**
 * Sets a parameter's base value. The value must already have passed `Parameter.accept`; the
 * command re-checks it when performed, so a stale command can never write an invalid value.
 */
export class SetParameter implements Command {
  readonly label: string;
  readonly ref: ParameterRef;
  readonly before: ParameterValue;
  private after: ParameterValue;

  constructor(p: Parameter, after: ParameterValue) {
    this.ref = ParameterRef.to(p);
    this.before = p.baseValue;
    this.after = after;
    this.label = `Change ${p.owner?.historyName() ?? ''} ${p.label}`.replace(/\s+/g, ' ').trim();
  }

  get value(): ParameterValue {
    return this.after;
  }

  perform(g: Graph): void {
    const p = this.ref.resolve(g);
    p.setBase(p.accept(this.after));
  }

  undo(g: Graph): void {
    this.ref.resolve(g).setBase(this.before);
  }

  merge(next: Command): boolean {
    if (!(next instanceof SetParameter) || !next.ref.equals(this.ref)) return false;
    this.after = next.after;
    return true;
  }
}
