import type { Command } from '../../../engine/commands/command.js';
import type { Component } from '../../../engine/component.js';
import type { Graph } from '../../../engine/graph.js';
import { resolvePath } from '../../../engine/paths.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { NumericParameter } from '../../../engine/parameters/numeric.js';
import { StringParameter } from '../../../engine/parameters/string.js';
import { Channel } from '../../mixer/channel.js';
import type { Overwritten, Snapshot, SnapshotEngine, SnapshotView } from './snapshot-engine.js';

/** Captures a new snapshot of the current state; undo removes it. */
export class CaptureSnapshot implements Command {
  readonly label: string;
  constructor(
    private readonly engineId: number,
    private readonly snapshot: Snapshot,
    private readonly index: number,
  ) {
    this.label = `Capture ${snapshot.label.getString()}`;
  }

  perform(g: Graph): void {
    (g.require(this.engineId) as SnapshotEngine).attachSnapshot(this.snapshot, this.index);
  }

  undo(g: Graph): void {
    (g.require(this.engineId) as SnapshotEngine).detachSnapshot(this.snapshot);
  }
}

/** Removes a snapshot; undo puts it back. */
export class RemoveSnapshot implements Command {
  readonly label: string;
  private snapshot: Snapshot | null = null;
  private index = -1;
  private cursorBefore = -1;
  constructor(
    private readonly engineId: number,
    private readonly snapshotId: number,
    label: string,
  ) {
    this.label = `Remove ${label}`;
  }

  perform(g: Graph): void {
    const engine = g.require(this.engineId) as SnapshotEngine;
    this.snapshot = g.require(this.snapshotId) as Snapshot;
    this.cursorBefore = engine.autoCycleCursor.getValue();
    this.index = engine.detachSnapshot(this.snapshot);
  }

  undo(g: Graph): void {
    const engine = g.require(this.engineId) as SnapshotEngine;
    engine.attachSnapshot(this.snapshot as Snapshot, this.index);
    engine.autoCycleCursor.setValue(this.cursorBefore);
  }
}

/** Re-captures a snapshot from the current state (LX's Update); undo restores its old views. */
export class UpdateSnapshot implements Command {
  readonly label: string;
  private before: SnapshotView[] = [];
  private after: SnapshotView[] | null = null;
  constructor(
    private readonly engineId: number,
    private readonly snapshotId: number,
    label: string,
  ) {
    this.label = `Update ${label}`;
  }

  perform(g: Graph): void {
    const s = g.require(this.snapshotId) as Snapshot;
    this.before = s.views;
    if (this.after === null) this.after = (g.require(this.engineId) as SnapshotEngine).capture();
    s.views = this.after;
  }

  undo(g: Graph): void {
    (g.require(this.snapshotId) as Snapshot).views = this.before;
  }
}

/**
 * Recalls a snapshot. Undo (which LX cannot do) drops a running transition and puts back every
 * value the recall overwrote, including the channels' active patterns.
 */
export class RecallSnapshot implements Command {
  readonly label: string;
  private written: Overwritten[] = [];
  private cursorBefore = -1;
  constructor(
    private readonly engineId: number,
    private readonly snapshotId: number,
    private readonly root: () => Component,
    label: string,
  ) {
    this.label = `Recall ${label}`;
  }

  perform(g: Graph): void {
    const engine = g.require(this.engineId) as SnapshotEngine;
    this.cursorBefore = engine.autoCycleCursor.getValue();
    this.written = engine.recall(g.require(this.snapshotId) as Snapshot);
  }

  undo(g: Graph): void {
    const engine = g.require(this.engineId) as SnapshotEngine;
    engine.cancelTransition();
    const root = this.root();
    for (let i = this.written.length - 1; i >= 0; i--) {
      const w = this.written[i];
      const r = resolvePath(root, w.path);
      if (w.kind === 'pattern') {
        if (r.kind === 'component' && r.component instanceof Channel) r.component.patternEngine.setActiveImmediately(w.before as number);
        continue;
      }
      if (r.kind !== 'parameter') continue;
      const p = r.parameter;
      if (p instanceof StringParameter) p.setString(String(w.before));
      else if (p instanceof DiscreteParameter || p instanceof NumericParameter) p.setValue(w.before as number);
    }
    engine.autoCycleCursor.setValue(this.cursorBefore);
  }
}
