import type { Command } from '../../engine/commands/command.js';
import type { Component, ComponentArray } from '../../engine/component.js';
import { internal } from '../../engine/errors.js';
import type { Graph } from '../../engine/graph.js';
import {
  type ArrangerClip,
  buildClip,
  type ClipJson,
  saveClip,
  buildDevice,
  buildGraph,
  buildGridNode,
  saveGridNode,
  type GridNodeJson,
  buildTrack,
  GridGraph,
  GridModule,
  GridModulator,
  saveDevice,
  saveGraph,
  saveTrack,
  type SoundRoot,
  type Connection,
  type DeviceJson,
  Device,
  type GraphJson,
  type NodeJson,
  type SoundProject,
  Track,
  type Send,
  type SendJson,
  type TrackJson,
} from './components.js';
import type { ZoneJson } from './sample-zones.js';

/**
 * The sound host's commands. Like every kernel command they refer to components by id and keep
 * JSON snapshots (with ids) of what they create or remove, so that undo and redo re-create the
 * same objects with the same ids, and later commands that refer to those ids resolve again.
 */

function array<C extends Component>(g: Graph, ownerId: number, name: string): ComponentArray<C> {
  const a = g.require(ownerId).arrays.get(name);
  if (a === undefined) throw internal(`component ${ownerId} has no list ${name}`);
  return a as unknown as ComponentArray<C>;
}

interface Codec<C extends Component, J extends NodeJson> {
  build(json: J, g: Graph): C;
  save(c: C): J;
}

export const deviceCodec: Codec<Device, DeviceJson> = { build: buildDevice, save: (d) => saveDevice(d, { ids: true }) };
/** Snapshot sends name their effect track by id; it is in the graph whenever the snapshot is rebuilt. */
const sendTargetById =
  (g: Graph) =>
  (s: SendJson): Track | undefined => {
    const c = s.target_id === undefined ? undefined : g.get(s.target_id);
    return c instanceof Track ? c : undefined;
  };

/** Arranger clips (audio clips placed, replaced, removed): built back with their ids. */
export const clipCodec: Codec<ArrangerClip, ClipJson> = { build: buildClip, save: (c) => saveClip(c, { ids: true }) };

export const trackCodec: Codec<Track, TrackJson> = { build: (json, g) => buildTrack(json, sendTargetById(g)), save: (t) => saveTrack(t, { ids: true }) };

/** Inserts a component built from JSON into a list; undo removes it; redo re-creates it. */
export class InsertNode<C extends Component, J extends NodeJson> implements Command {
  private json: J;
  private itemId = 0;

  constructor(
    readonly label: string,
    private readonly ownerId: number,
    private readonly arrayName: string,
    json: J,
    private readonly index: number,
    private readonly codec: Codec<C, J>,
  ) {
    this.json = json;
  }

  /** The id of the inserted component (after perform). */
  get insertedId(): number {
    return this.itemId;
  }

  perform(g: Graph): void {
    const list = array<C>(g, this.ownerId, this.arrayName);
    const item = this.codec.build(this.json, g);
    list.insert(item, Math.min(this.index, list.length));
    this.itemId = item.id;
    this.json = this.codec.save(item);
  }

  undo(g: Graph): void {
    const item = g.require(this.itemId) as C;
    array<C>(g, this.ownerId, this.arrayName).remove(item);
  }
}

/** Removes a component from its list; undo re-creates it, with its ids, at the same index. */
export class RemoveNode<C extends Component, J extends NodeJson> implements Command {
  private json: J | null = null;
  private index = -1;

  constructor(
    readonly label: string,
    private readonly ownerId: number,
    private readonly arrayName: string,
    private readonly itemId: number,
    private readonly codec: Codec<C, J>,
  ) {}

  perform(g: Graph): void {
    const item = g.require(this.itemId) as C;
    const list = array<C>(g, this.ownerId, this.arrayName);
    const json = this.codec.save(item);
    this.index = list.remove(item);
    this.json = json;
  }

  undo(g: Graph): void {
    if (this.json === null) throw internal('remove was never performed');
    array<C>(g, this.ownerId, this.arrayName).insert(this.codec.build(this.json, g), this.index);
  }
}

// ---------------------------------------------------------------------------------------------
// Grid

function graphOf(g: Graph, id: number): GridGraph {
  const c = g.require(id);
  if (!(c instanceof GridGraph)) throw internal(`component ${id} is not a Grid graph`);
  return c;
}

function gridNode(g: Graph, id: number): GridModule | GridModulator {
  const c = g.require(id);
  if (!(c instanceof GridModule || c instanceof GridModulator)) throw internal(`component ${id} is not a Grid node`);
  return c;
}

/** A cord by ids. */
interface ConnectionRef {
  readonly source: number;
  readonly sourcePort: number;
  readonly target: number;
  readonly targetPort: number;
}

const sameCord = (c: Connection, r: ConnectionRef): boolean =>
  c.source.id === r.source && c.sourcePort === r.sourcePort && c.target.id === r.target && c.targetPort === r.targetPort;

export class ConnectCords implements Command {
  constructor(
    readonly label: string,
    private readonly graphId: number,
    private readonly cord: ConnectionRef,
  ) {}

  perform(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const target = gridNode(g, this.cord.target);
    if (!(target instanceof GridModule)) throw internal('cords end at a module input');
    graph.connections = [
      ...graph.connections,
      { source: gridNode(g, this.cord.source), sourcePort: this.cord.sourcePort, target, targetPort: this.cord.targetPort, amount: 1 },
    ];
    g.structureChanged();
  }

  undo(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const i = graph.connections.findIndex((c) => sameCord(c, this.cord));
    if (i < 0) throw internal('the cord to remove is gone');
    graph.connections = graph.connections.filter((_, k) => k !== i);
    g.structureChanged();
  }
}

/** Removes every cord into one input; undo puts them back where they were in the list. */
export class DisconnectInput implements Command {
  private removed: { index: number; cord: ConnectionRef; amount: number }[] = [];

  constructor(
    readonly label: string,
    private readonly graphId: number,
    private readonly target: number,
    private readonly targetPort: number,
  ) {}

  perform(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const removed: { index: number; cord: ConnectionRef; amount: number }[] = [];
    const kept: Connection[] = [];
    graph.connections.forEach((c, index) => {
      if (c.target.id === this.target && c.targetPort === this.targetPort)
        removed.push({ index, cord: { source: c.source.id, sourcePort: c.sourcePort, target: c.target.id, targetPort: c.targetPort }, amount: c.amount });
      else kept.push(c);
    });
    graph.connections = kept;
    this.removed = removed;
    g.structureChanged();
  }

  undo(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const list = [...graph.connections];
    for (const { index, cord, amount } of this.removed) {
      const target = gridNode(g, cord.target) as GridModule;
      list.splice(index, 0, { source: gridNode(g, cord.source), sourcePort: cord.sourcePort, target, targetPort: cord.targetPort, amount });
    }
    graph.connections = list;
    g.structureChanged();
  }
}

/** Sets one cord's amount (depth); undo puts the previous amount back. */
export class SetCordAmount implements Command {
  private before: number | null = null;

  constructor(
    readonly label: string,
    private readonly graphId: number,
    private readonly cord: ConnectionRef,
    private readonly amount: number,
  ) {}

  private write(g: Graph, amount: number): number {
    const graph = graphOf(g, this.graphId);
    const i = graph.connections.findIndex((c) => sameCord(c, this.cord));
    if (i < 0) throw internal('the cord to change is gone');
    const previous = graph.connections[i].amount;
    graph.connections = graph.connections.map((c, k) => (k === i ? { ...c, amount } : c));
    g.structureChanged();
    return previous;
  }

  perform(g: Graph): void {
    this.before = this.write(g, this.amount);
  }

  undo(g: Graph): void {
    if (this.before === null) throw internal('set amount was never performed');
    this.write(g, this.before);
  }
}

export class MoveNode implements Command {
  private from: { x: number; y: number } | null = null;

  constructor(
    readonly label: string,
    private readonly nodeId: number,
    private readonly to: { x: number; y: number },
  ) {}

  perform(g: Graph): void {
    const n = gridNode(g, this.nodeId);
    this.from = { x: n.x, y: n.y };
    n.x = this.to.x;
    n.y = this.to.y;
    g.structureChanged();
  }

  undo(g: Graph): void {
    if (this.from === null) throw internal('move was never performed');
    const n = gridNode(g, this.nodeId);
    n.x = this.from.x;
    n.y = this.from.y;
    g.structureChanged();
  }
}

/** Inserts one module or modulator into a graph at the end of its list. */
export class InsertGridNode implements Command {
  private json: GridNodeJson;
  private itemId = 0;

  constructor(
    readonly label: string,
    private readonly graphId: number,
    private readonly kind: 'module' | 'modulator',
    json: GridNodeJson,
  ) {
    this.json = json;
  }

  get insertedId(): number {
    return this.itemId;
  }

  perform(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const node = buildGridNode(this.kind, this.json);
    if (node instanceof GridModule) graph.modules.insert(node);
    else graph.modulators.insert(node);
    this.itemId = node.id;
    this.json = saveGridNode(node, { ids: true });
  }

  undo(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    const node = gridNode(g, this.itemId);
    if (graph.connections.some((c) => c.source === node || c.target === node)) throw internal('a cord still uses the node to remove');
    if (node instanceof GridModule) graph.modules.remove(node);
    else graph.modulators.remove(node);
  }
}

/** Clears a graph (modules, modulators, cords); undo rebuilds it with the same ids. */
export class ClearGraph implements Command {
  private before: (GraphJson & NodeJson) | null = null;

  constructor(
    readonly label: string,
    private readonly graphId: number,
  ) {}

  perform(g: Graph): void {
    const graph = graphOf(g, this.graphId);
    this.before = saveGraph(graph, { ids: true });
    graph.connections = [];
    for (const m of [...graph.modulators.items]) graph.modulators.remove(m);
    for (const m of [...graph.modules.items]) graph.modules.remove(m);
  }

  undo(g: Graph): void {
    if (this.before === null) throw internal('clear was never performed');
    const graph = graphOf(g, this.graphId);
    if (graph.modules.length > 0 || graph.modulators.length > 0) throw internal('the graph is not empty; cannot restore it');
    // Build detached, then move the nodes in, so the ids are registered once.
    const scratch = new GridGraph();
    buildGraph(scratch, { ...this.before, id: undefined });
    for (const m of [...scratch.modules.items]) {
      scratch.modules.remove(m);
      graph.modules.insert(m);
    }
    for (const m of [...scratch.modulators.items]) {
      scratch.modulators.remove(m);
      graph.modulators.insert(m);
    }
    graph.connections = scratch.connections;
    g.structureChanged();
  }
}

// ---------------------------------------------------------------------------------------------
// Mixer

/** A send by ids, as commands keep it (the objects may be re-created by undo). */
export interface SendRef {
  readonly targetId: number;
  readonly levelDb: number;
  readonly preFader: boolean;
}

export const sendRefs = (t: Track): SendRef[] => t.sends.map((s) => ({ targetId: s.target.id, levelDb: s.levelDb, preFader: s.preFader }));

function trackById(g: Graph, id: number): Track {
  const c = g.require(id);
  if (!(c instanceof Track)) throw internal(`component ${id} is not a track`);
  return c;
}

function resolveSends(g: Graph, refs: readonly SendRef[]): Send[] {
  return refs.map((r) => ({ target: trackById(g, r.targetId), levelDb: r.levelDb, preFader: r.preFader }));
}

/** Replaces a track's sends; undo puts the previous list back. */
export class SetSends implements Command {
  private before: SendRef[] | null = null;

  constructor(
    readonly label: string,
    private readonly trackId: number,
    private readonly next: readonly SendRef[],
  ) {}

  perform(g: Graph): void {
    const t = trackById(g, this.trackId);
    const sends = resolveSends(g, this.next);
    this.before = sendRefs(t);
    t.sends = sends;
    g.structureChanged();
  }

  undo(g: Graph): void {
    if (this.before === null) throw internal('set sends was never performed');
    trackById(g, this.trackId).sends = resolveSends(g, this.before);
    g.structureChanged();
  }
}

// ---------------------------------------------------------------------------------------------
// Project

/** Replaces the open project (opening a saved project is one undoable step). */
export class ReplaceProject implements Command {
  private previous: SoundProject | null = null;

  constructor(
    readonly label: string,
    private readonly root: SoundRoot,
    private readonly next: SoundProject,
  ) {}

  perform(g: Graph): void {
    this.previous = swapProject(g, this.root, this.next);
  }

  undo(g: Graph): void {
    if (this.previous === null) throw internal('open was never performed');
    swapProject(g, this.root, this.previous);
  }
}

/** Puts `next` in place of the root's project; returns the one it replaced. */
export function swapProject(g: Graph, root: SoundRoot, next: SoundProject): SoundProject {
  const old = root.project;
  g.detach(old);
  old.parent = null;
  root.children.set('project', next);
  next.parent = root;
  next.key = 'project';
  next.index = -1;
  g.attach(next);
  return old;
}

// ---------------------------------------------------------------------------------------------
// Sampler zones

/** Replaces a Sampler's sample zones; undo puts the previous list back. */
export class SetZones implements Command {
  private before: readonly ZoneJson[] | null = null;

  constructor(
    readonly label: string,
    private readonly deviceId: number,
    private readonly next: readonly ZoneJson[],
  ) {}

  private device(g: Graph): Device {
    const d = g.require(this.deviceId);
    if (!(d instanceof Device)) throw internal(`component ${this.deviceId} is not a device`);
    return d;
  }

  perform(g: Graph): void {
    const d = this.device(g);
    this.before = d.zones;
    d.zones = this.next;
    g.structureChanged();
  }

  undo(g: Graph): void {
    if (this.before === null) throw internal('set zones was never performed');
    this.device(g).zones = this.before;
    g.structureChanged();
  }
}
