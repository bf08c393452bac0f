import { isAggregate, type Parameter } from './parameters/parameter.js';
import { StringParameter } from './parameters/string.js';
import type { Graph } from './graph.js';

/**
 * A node of the live object graph: a stable integer id, a label, insertion-ordered
 * parameters, fixed children by key and named child arrays. Array members appear in paths as
 * `name/<n>` with a 1-based n. A component belongs to a graph once its root is attached.
 */
export class Component {
  id = 0;
  parent: Component | null = null;
  /** The key under the parent: a child key or the name of the array that holds it. */
  key = '';
  /** 0-based position inside its parent's array, or -1 for a fixed child or the root. */
  index = -1;
  graph: Graph | null = null;
  /** Stamped by `Graph.attach` (see `attachSerial`): tells the history what was attached when. */
  attachSerial = 0;
  readonly parameters = new Map<string, Parameter>();
  readonly children = new Map<string, Component>();
  readonly arrays = new Map<string, ComponentArray<Component>>();
  readonly label: StringParameter;

  constructor(label: string) {
    this.label = new StringParameter('Label', label, { description: 'Name shown for this component', maxLength: 256 });
    this.addParameter('label', this.label);
  }

  /** How history steps name this component ("Change <name> <parameter>"): its label, unless a subclass knows better. */
  historyName(): string {
    return this.label.getString();
  }

  /** This component's own path segment: `key` for a child, `key/<n>` for an array member. */
  get segment(): string {
    return this.index >= 0 ? `${this.key}/${this.index + 1}` : this.key;
  }

  /**
   * The segment LX's saved references use where it differs from `segment`: a device's built-in
   * modulator, saved as a named child but referred to as LX's `modulator/N` (Freeze's Interval).
   */
  lxSegment: string | null = null;

  /** The canonical path, e.g. `/lx/mixer/channel/1/pattern/2`. */
  get path(): string {
    let p = '';
    for (let c: Component | null = this; c !== null; c = c.parent) p = `/${c.segment}${p}`;
    return p;
  }

  addParameter<P extends Parameter>(key: string, p: P): P {
    this.assertFreeKey(key);
    if (p.owner !== null) throw new Error(`parameter ${p.label} already belongs to ${p.owner.path}`);
    p.owner = this;
    p.key = key;
    this.parameters.set(key, p);
    if (isAggregate(p)) {
      for (const [sub, sp] of p.subEntries()) {
        sp.owner = this;
        sp.key = `${key}/${sub}`;
        this.parameters.set(sp.key, sp);
      }
    }
    return p;
  }

  addChild<C extends Component>(key: string, child: C): C {
    this.assertFreeKey(key);
    child.parent = this;
    child.key = key;
    child.index = -1;
    this.children.set(key, child);
    this.graph?.attach(child);
    return child;
  }

  addArray<C extends Component>(name: string): ComponentArray<C> {
    this.assertFreeKey(name);
    const array = new ComponentArray<C>(this, name);
    this.arrays.set(name, array as unknown as ComponentArray<Component>);
    return array;
  }

  private assertFreeKey(key: string): void {
    if (this.parameters.has(key) || this.children.has(key) || this.arrays.has(key)) {
      throw new Error(`${this.path}: key ${key} is already in use`);
    }
  }

  /** Called by owned parameters when their value changes. */
  parameterChanged(p: Parameter): void {
    this.onParameterChanged(p);
    this.graph?.parameterChanged(p);
  }

  /** Hook for subclasses that react to their own parameters. */
  protected onParameterChanged(_p: Parameter): void {}

  /** Every component in this subtree, depth first, parents before children. */
  *descendants(): Generator<Component> {
    yield this;
    for (const child of this.children.values()) yield* child.descendants();
    for (const array of this.arrays.values()) for (const item of array.items) yield* item.descendants();
  }

  /** True if `other` is this component or inside it. */
  contains(other: Component): boolean {
    for (let c: Component | null = other; c !== null; c = c.parent) if (c === this) return true;
    return false;
  }
}

/** A named, ordered list of child components. Members know their index; paths follow it. */
export class ComponentArray<C extends Component> {
  readonly items: C[] = [];

  constructor(
    readonly owner: Component,
    readonly name: string,
  ) {}

  get length(): number {
    return this.items.length;
  }

  at(index: number): C | undefined {
    return this.items[index];
  }

  /** Inserts at `index` (default: the end) and attaches the subtree to the graph. */
  insert<T extends C>(item: T, index = this.items.length): T {
    if (index < 0 || index > this.items.length) throw new Error(`${this.owner.path}/${this.name}: index ${index} out of range`);
    item.parent = this.owner;
    item.key = this.name;
    this.items.splice(index, 0, item);
    this.reindex(index);
    this.owner.graph?.attach(item);
    return item;
  }

  /** Removes a member and detaches its subtree from the graph (ids stay on the objects). */
  remove(item: C): number {
    const index = this.items.indexOf(item);
    if (index < 0) throw new Error(`${item.path} is not in ${this.owner.path}/${this.name}`);
    this.items.splice(index, 1);
    this.reindex(index);
    this.owner.graph?.detach(item);
    item.parent = null;
    item.index = -1;
    return index;
  }

  move(item: C, toIndex: number): void {
    const from = this.items.indexOf(item);
    if (from < 0) throw new Error(`${item.path} is not in ${this.owner.path}/${this.name}`);
    if (toIndex < 0 || toIndex >= this.items.length) throw new Error(`${this.owner.path}/${this.name}: index ${toIndex} out of range`);
    this.items.splice(from, 1);
    this.items.splice(toIndex, 0, item);
    this.reindex(Math.min(from, toIndex));
    this.owner.graph?.structureChanged();
  }

  indexOf(item: C): number {
    return this.items.indexOf(item);
  }

  private reindex(from: number): void {
    for (let i = from; i < this.items.length; i++) this.items[i].index = i;
  }
}
