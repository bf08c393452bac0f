import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import type { Bus } from './bus.js';
import type { Clip, Marker } from '../clips/clip.js';
import type { Cursor } from '../clips/cursor.js';
import type { AnyLane } from '../clips/lanes.js';

/** Puts a clip in its slot on a bus; undo takes it out (same object, same id) and puts back what it drove. */
export class AddClip implements Command {
  readonly label: string;
  constructor(
    private readonly busId: number,
    private readonly clip: Clip,
  ) {
    this.label = `Add clip ${clip.label.getString()}`;
  }

  perform(g: Graph): void {
    const bus = g.require(this.busId) as Bus;
    bus.clips.insert(this.clip, bus.clipInsertIndex(this.clip.slot));
  }

  undo(g: Graph): void {
    const bus = g.require(this.busId) as Bus;
    this.clip.stopNow();
    this.clip.releaseDrives();
    bus.clips.remove(this.clip);
  }
}

/** Takes a clip out of its slot (stopping it); undo puts the same clip back, stopped. */
export class RemoveClip implements Command {
  readonly label: string;
  private clip: Clip | null = null;
  constructor(
    private readonly busId: number,
    private readonly clipId: number,
    label: string,
  ) {
    this.label = `Remove clip ${label}`;
  }

  perform(g: Graph): void {
    const bus = g.require(this.busId) as Bus;
    const clip = g.require(this.clipId) as Clip;
    clip.stopNow();
    bus.clips.remove(clip);
    this.clip = clip;
  }

  undo(g: Graph): void {
    const bus = g.require(this.busId) as Bus;
    if (this.clip !== null) bus.clips.insert(this.clip, bus.clipInsertIndex(this.clip.slot));
  }
}

/** Replaces a clip's markers (length, loop, play range); undo restores the saved cursors. */
export class SetClipMarkers implements Command {
  readonly label: string;
  private before: Record<Marker, Cursor> | null = null;
  constructor(
    private readonly clipId: number,
    private readonly ms: Partial<Record<Marker, number>>,
    label: string,
  ) {
    this.label = `Change clip ${label} length and loop`;
  }

  perform(g: Graph): void {
    const clip = g.require(this.clipId) as Clip;
    this.before = clip.markerState();
    clip.setMarkers(this.ms);
  }

  undo(g: Graph): void {
    if (this.before !== null) (g.require(this.clipId) as Clip).restoreMarkers(this.before);
  }
}

/** Adds a lane to a clip at `index`; undo removes it and puts back what the clip drove. */
export class AddLane implements Command {
  readonly label = 'Add clip lane';
  constructor(
    private readonly clipId: number,
    private readonly lane: AnyLane,
    private readonly index: number,
  ) {}

  perform(g: Graph): void {
    (g.require(this.clipId) as Clip).lanes.insert(this.lane, this.index);
  }

  undo(g: Graph): void {
    const clip = g.require(this.clipId) as Clip;
    clip.lanes.remove(this.lane);
    clip.releaseDrives();
  }
}

/** Removes a lane; undo puts the same lane back where it was. */
export class RemoveLane implements Command {
  readonly label = 'Remove clip lane';
  private lane: AnyLane | null = null;
  private index = -1;
  constructor(
    private readonly clipId: number,
    private readonly laneId: number,
  ) {}

  perform(g: Graph): void {
    const clip = g.require(this.clipId) as Clip;
    const lane = g.require(this.laneId) as AnyLane;
    this.index = clip.lanes.remove(lane);
    this.lane = lane;
  }

  undo(g: Graph): void {
    if (this.lane !== null) (g.require(this.clipId) as Clip).lanes.insert(this.lane, this.index);
  }
}

/** Replaces a lane's events (sorted); undo puts the previous array back and what the clip drove. */
export class SetLaneEvents<E extends { readonly cursor: Cursor }> implements Command {
  readonly label = 'Edit clip lane';
  private before: readonly E[] | null = null;
  constructor(
    private readonly laneId: number,
    private readonly events: readonly E[],
  ) {}

  perform(g: Graph): void {
    const lane = g.require(this.laneId) as unknown as { events: readonly E[] };
    this.before = lane.events;
    lane.events = this.events;
  }

  undo(g: Graph): void {
    if (this.before === null) return;
    const lane = g.require(this.laneId) as unknown as { events: readonly E[]; readonly parent: unknown };
    lane.events = this.before;
    (lane.parent as Clip).releaseDrives();
  }
}

/**
 * Launches clips as launch_clip does (quantized, stopping each bus's other clip). Undo stops the
 * ones this launch started and still runs (or still waits to start) and puts back every parameter
 * they drove; a clip that was already running when launched again keeps running. Redo launches
 * them again.
 */
export class LaunchClips implements Command {
  private readonly wasRunning = new Set<number>();
  constructor(
    readonly label: string,
    private readonly clipIds: readonly number[],
  ) {}

  perform(g: Graph): void {
    this.wasRunning.clear();
    for (const id of this.clipIds) {
      const clip = g.require(id) as Clip;
      if (clip.running.isOn()) this.wasRunning.add(id);
      clip.launchAs(this);
    }
  }

  undo(g: Graph): void {
    for (let i = this.clipIds.length - 1; i >= 0; i--) {
      const id = this.clipIds[i];
      const clip = g.require(id) as Clip;
      if (clip.launchedAs(this) && !this.wasRunning.has(id)) clip.stopNow();
      clip.releaseDrives();
    }
  }
}
