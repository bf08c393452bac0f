import * as z from 'zod';
import type { CameraPose, NamedCamera, ViewSource } from '../../light/show/cameras.js';
import { MAX_FOV, MIN_FOV, type Cameras } from '../../light/show/cameras.js';

const Vec3 = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/** A camera's pose in the model's coordinates. */
const POSE_FIELDS = {
  position: Vec3.describe('Where the camera stands'),
  target: Vec3.describe('The point it looks at'),
  up: Vec3.describe('Which way is up on screen'),
  fov: z.number().describe('Vertical field of view in degrees'),
};

export const CameraPayload = z.strictObject({ name: z.string(), ...POSE_FIELDS });

export const ViewPayload = z.strictObject({
  ...POSE_FIELDS,
  source: z.string().describe('"default" (the whole model from the front), "set", or "camera" (a recalled camera)'),
  camera: z.string().optional().describe('The recalled camera'),
  animation: z
    .strictObject({
      leg: z.number().int().describe('The leg on its way, from 0'),
      legs: z.number().int(),
      progress: z.number().describe("The leg's, 0–1"),
      durationMs: z.number(),
      easing: z.string(),
    })
    .optional()
    .describe('A recall or animate_camera on its way'),
});

/** The pose edit an input takes: any part of it. */
export const POSE_INPUT = {
  position: Vec3.optional().describe('Where the camera stands'),
  target: Vec3.optional().describe('The point it looks at'),
  up: Vec3.optional().describe('Which way is up on screen (default y up)'),
  fov: z.number().min(MIN_FOV).max(MAX_FOV).optional().describe(`Vertical field of view, ${MIN_FOV}–${MAX_FOV} degrees`),
};

const round = (n: number): number => Math.round(n * 1e4) / 1e4;
const vec = (v: { x: number; y: number; z: number }) => ({ x: round(v.x), y: round(v.y), z: round(v.z) });
const pose = (p: CameraPose) => ({ position: vec(p.position), target: vec(p.target), up: vec(p.up), fov: round(p.fov) });

export const toCameraPayload = (c: NamedCamera): z.infer<typeof CameraPayload> => ({ name: c.name, ...pose(c) });

export function toViewPayload(view: ReturnType<Cameras['current']>): z.infer<typeof ViewPayload> {
  const source: ViewSource = view.source;
  const out: z.infer<typeof ViewPayload> = { ...pose(view.pose), source: source.kind };
  if (source.kind === 'camera') out.camera = source.name;
  if (view.animation !== undefined)
    out.animation = {
      leg: view.animation.leg,
      legs: view.animation.legs,
      progress: round(view.animation.progress),
      durationMs: view.animation.durationMs,
      easing: view.animation.easing,
    };
  return out;
}

/** What the live camera tools say about undo. */
export const LIVE_NOTE = 'Moving the view is live, like orbiting the preview: not an undo step; save_camera keeps a view.';
