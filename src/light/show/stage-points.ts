// Named points of the stage, `/lx/stage/point/<n>`: places a lighting designer names ("Lectern",
// "Drum riser") for heads to aim at by name (a head's aimFixture holds the point's path, so moving
// the point, by hand or with a modulator on its x, y, z, moves every head aimed at it). Saved with
// the stage fixtures in the project's externals.
import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import { Component, type ComponentArray } from '../../engine/component.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { AIM_EXTENT } from './stage-aim.js';

interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

const coordinate = (name: string, axis: string): BoundedParameter =>
  new BoundedParameter(name, 0, { v0: -AIM_EXTENT, v1: AIM_EXTENT, modulatable: true, description: `The point's ${axis}, model units` });

export class StagePoint extends Component {
  readonly x = coordinate('X', 'x');
  readonly y = coordinate('Y', 'y');
  readonly z = coordinate('Z', 'z');

  constructor(label: string, at: Vec3) {
    super(label);
    this.addParameter('x', this.x);
    this.addParameter('y', this.y);
    this.addParameter('z', this.z);
    this.x.setValue(at.x);
    this.y.setValue(at.y);
    this.z.setValue(at.z);
  }

  /** Where it is this frame (modulation included). */
  get position(): Vec3 {
    return { x: this.x.getValue(), y: this.y.getValue(), z: this.z.getValue() };
  }
}

/** Why `v` is not a coordinate of a point (`what` names it), or undefined. */
export function coordinateProblem(v: unknown, what: string): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > AIM_EXTENT)
    return `${what} must be a finite number within ±${AIM_EXTENT} model units; got ${v}`;
  return undefined;
}

/** The saved form of the points: label and base coordinates. */
export function savePoints(points: ComponentArray<StagePoint>): { label: string; x: number; y: number; z: number }[] {
  return points.items.map((p) => ({ label: p.label.getString(), x: p.x.getBaseValue(), y: p.y.getBaseValue(), z: p.z.getBaseValue() }));
}

/** Reads saved points into `points`; one that cannot be read is dropped with a warning naming it. */
export function loadPoints(points: ComponentArray<StagePoint>, saved: unknown, at: string, warn: (message: string) => void): void {
  if (saved === undefined) return;
  if (!Array.isArray(saved)) {
    warn(`${at}: not a list; no named point was loaded`);
    return;
  }
  saved.forEach((raw: unknown, i: number) => {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const problem =
      (typeof r.label === 'string' && r.label.trim().length > 0 ? undefined : 'it has no label') ??
      (points.items.some((p) => p.label.getString() === r.label) ? `another point is named ${JSON.stringify(r.label)}` : undefined) ??
      coordinateProblem(r.x, 'x') ??
      coordinateProblem(r.y, 'y') ??
      coordinateProblem(r.z, 'z');
    if (problem !== undefined) warn(`${at}/${i}: ${problem}; the point was not loaded`);
    else points.insert(new StagePoint(r.label as string, { x: r.x as number, y: r.y as number, z: r.z as number }));
  });
}

/** Adds a point at the end; undo takes it out again (same object, same id). */
export class AddStagePoint implements Command {
  readonly label: string;
  constructor(
    private readonly rigId: number,
    private readonly point: StagePoint,
  ) {
    this.label = `Add point ${point.label.getString()}`;
  }
  perform(g: Graph): void {
    (g.require(this.rigId) as unknown as { points: ComponentArray<StagePoint> }).points.insert(this.point);
  }
  undo(g: Graph): void {
    (g.require(this.rigId) as unknown as { points: ComponentArray<StagePoint> }).points.remove(this.point);
  }
}

/** Removes a point; undo puts the same object back where it was. */
export class RemoveStagePoint implements Command {
  readonly label: string;
  private index = -1;
  constructor(
    private readonly rigId: number,
    private readonly point: StagePoint,
  ) {
    this.label = `Remove point ${point.label.getString()}`;
  }
  perform(g: Graph): void {
    this.index = (g.require(this.rigId) as unknown as { points: ComponentArray<StagePoint> }).points.remove(this.point);
  }
  undo(g: Graph): void {
    (g.require(this.rigId) as unknown as { points: ComponentArray<StagePoint> }).points.insert(this.point, this.index);
  }
}
