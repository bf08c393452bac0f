import { notFound } from '../errors.js';
import type { Graph } from '../graph.js';
import type { Parameter } from '../parameters/parameter.js';

/** A parameter by its owner's id and its key. */
export class ParameterRef<P extends Parameter = Parameter> {
  private constructor(
    readonly componentId: number,
    readonly key: string,
  ) {}

  static to<P extends Parameter>(p: P): ParameterRef<P> {
    if (p.owner === null) throw new Error(`parameter ${p.label} has no owner`);
    return new ParameterRef<P>(p.owner.id, p.key);
  }

  resolve(g: Graph): P {
    const p = g.require(this.componentId).parameters.get(this.key);
    if (p === undefined) throw notFound(`component ${this.componentId} has no parameter ${this.key}`);
    return p as P;
  }

  equals(other: ParameterRef): boolean {
    return other.componentId === this.componentId && other.key === this.key;
  }
}
