// What one frame hands the stage fixtures' drive pass (StageRig.drive, called by LightShow.render
// after the mixer): the rendered colours, where the model's points are, and the output level.
import type { PointSet } from '../../model/points.js';
import type { Vec3 } from '../aim/vector.js';

export interface DriveContext {
  /** The frame: one ARGB per model point, as the pixel outputs get it (before the master fader in PRE mode). */
  readonly colors: Uint32Array;
  /** The model's points (index k is point k). */
  readonly points: PointSet;
  /** The model's generation (bumped on every rebuild): what a fixture caches about the points is valid while it stays. */
  readonly generation: number;
  /** The output level chain a pixel gets, 0–1: master fader (PRE) × /lx/output × structure output brightness. */
  readonly level: number;
  /** The frame's step in show time (the engine speed applied), milliseconds; LightShow.render always gives it (absent: 0). */
  readonly deltaMs?: number;
  /** Milliseconds per beat now, for aim delays in beats (absent: 500, 120 bpm). */
  readonly beatMs?: number;
  /** The point a path names, for aiming: a stage fixture's position or an LX fixture's centre; undefined if none (absent: none). */
  readonly locate?: (path: string) => Vec3 | undefined;
}
