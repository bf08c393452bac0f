// Named points of the stage (show/stage-points.ts): add and remove, each one undo step; a point's
// coordinates are parameters (set_parameter, modulation). Every check runs before anything changes.
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import { displayTextProblem } from '../../engine/text.js';
import type { LightShow } from '../show/light-show.js';
import { AddStagePoint, RemoveStagePoint, StagePoint, coordinateProblem } from '../show/stage-points.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** A stage holds at most this many named points. */
const MAX_POINTS = 256;

/** Adds a named point at `at` (model units). Undoable. */
export function addStagePoint(show: LightShow, label: string, at: { x: number; y: number; z: number }, origin: Origin): StagePoint {
  const rig = show.lx.stage;
  const name = label.normalize('NFC');
  if (name.trim().length === 0 || name.length > 64) throw invalidArgument(`a point's label is 1–64 characters, not blank; got ${JSON.stringify(label)}`);
  const text = displayTextProblem(name);
  if (text !== undefined) throw invalidArgument(`a point's label ${text}`);
  if (rig.points.items.some((p) => p.label.getString() === name)) throw invalidArgument(`a point named ${JSON.stringify(name)} exists already`);
  if (rig.points.length >= MAX_POINTS) throw invalidArgument(`the stage holds at most ${MAX_POINTS} named points`);
  for (const axis of ['x', 'y', 'z'] as const) {
    const problem = coordinateProblem(at[axis], axis);
    if (problem !== undefined) throw invalidArgument(problem);
  }
  const point = new StagePoint(name, at);
  return show.engine.history.performVerified(new AddStagePoint(rig.id, point), origin, () => {
    if (point.parent !== rig) throw internal(`${rig.path}: the point was not added; the change was rolled back`);
    return point;
  });
}

/** Removes a named point; heads aimed at it keep their last target until aimed again. Undoable. */
export function removeStagePoint(show: LightShow, target: ComponentTarget, origin: Origin): { path: string; label: string } {
  const rig = show.lx.stage;
  const c = targets.component(show.lx, target, 'point');
  if (!(c instanceof StagePoint) || c.parent !== rig) throw invalidArgument(`${c.path} is not a named point; they are /lx/stage/point/N (list_stage_fixtures)`);
  const out = { path: c.path, label: c.label.getString() };
  show.engine.history.performVerified(new RemoveStagePoint(rig.id, c), origin, () => {
    if (c.parent === rig) throw internal(`${rig.path}: the point was not removed; the change was rolled back`);
  });
  return out;
}
