import type { Component } from './component.js';
import { notFound } from './errors.js';
import type { Parameter } from './parameters/parameter.js';

let attachCounter = 0;

/**
 * The serial the latest attach stamped on its components (process-wide, only grows). A
 * component whose `attachSerial` is above a value read earlier was attached since then.
 */
export function attachSerial(): number {
  return attachCounter;
}

interface GraphListener {
  /** A parameter's base value (or modulation wiring) changed. */
  parameterChanged?(p: Parameter): void;
  /** Components were added, removed or moved: paths may have changed. */
  structureChanged?(): void;
}

/**
 * The registry of the live object graph (one per process, shared by light and sound): ids to components, and change notification for
 * surfaces (console, OSC, MCP resource updates). Ids are global, stable for the life of an
 * object and kept when a removed component is put back by undo.
 */
export class Graph {
  private readonly byId = new Map<number, Component>();
  private nextId = 1;
  private readonly listeners: GraphListener[] = [];
  /** Bumped on every structural change; cursors and cached paths compare it. */
  structureRevision = 0;

  /** Top-level components (the light engine's `lx`, the sound host), in attach order. */
  readonly roots: Component[] = [];

  addRoot(root: Component): void {
    this.roots.push(root);
    this.attach(root);
  }

  removeRoot(root: Component): void {
    const i = this.roots.indexOf(root);
    if (i < 0) return;
    this.roots.splice(i, 1);
    this.detach(root);
  }

  /** Registers a subtree: new components get fresh ids, known ones keep theirs. */
  attach(component: Component): void {
    for (const c of component.descendants()) {
      if (c.id === 0 || (this.byId.has(c.id) && this.byId.get(c.id) !== c)) c.id = this.nextId++;
      else if (c.id >= this.nextId) this.nextId = c.id + 1;
      this.byId.set(c.id, c);
      c.graph = this;
      c.attachSerial = ++attachCounter;
    }
    this.structureChanged();
  }

  /** Unregisters a subtree; the objects keep their ids so undo can put them back. */
  detach(component: Component): void {
    for (const c of component.descendants()) {
      if (this.byId.get(c.id) === c) this.byId.delete(c.id);
      c.graph = null;
    }
    this.structureChanged();
  }

  /** Makes sure ids up to `max` are never handed out again (project files carry their ids). */
  reserveIds(max: number): void {
    if (max >= this.nextId) this.nextId = max + 1;
  }

  /** A fresh id for an object that is not a component but is saved with one (LX's MIDI templates). */
  takeId(): number {
    return this.nextId++;
  }

  get(id: number): Component | undefined {
    return this.byId.get(id);
  }

  require(id: number): Component {
    const c = this.byId.get(id);
    if (c === undefined) throw notFound(`no component with id ${id} (it may have been removed)`);
    return c;
  }

  get size(): number {
    return this.byId.size;
  }

  listen(listener: GraphListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  parameterChanged(p: Parameter): void {
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i].parameterChanged?.(p);
  }

  structureChanged(): void {
    this.structureRevision++;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i].structureChanged?.();
  }
}
