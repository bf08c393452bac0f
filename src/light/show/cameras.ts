// Named cameras for the 3D preview: poses (position, target, up, field of view) saved with the show
// in `externals["footlight.cameras"]` (LX keeps the key but ignores it), and the current view.
// Saving and removing a named camera are show edits, one undo step each. Moving the view (set, fit,
// recall, animate and their animation) is live, like orbiting the preview with a mouse: never an undo step.
import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Engine } from '../../engine/engine.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { displayTextProblem } from '../../engine/text.js';
import type { ExternalsReader } from './project/project-file.js';

/** The externals key the named cameras are saved under. */
export const CAMERAS_KEY = 'footlight.cameras';
const MAX_CAMERAS = 64;
const MAX_NAME_CHARS = 64;
/** Coordinates stay within a million model units either way. */
const MAX_COORD = 1e6;
export const MIN_FOV = 15;
export const MAX_FOV = 150;
/** A recall's animation, or one leg of an animated path: up to a minute. */
export const MAX_DURATION_MS = 60_000;
/** An animated path holds up to 32 legs. */
export const MAX_LEGS = 32;
export const EASINGS = ['linear', 'ease-in', 'ease-out', 'ease-in-out'] as const;
type Easing = (typeof EASINGS)[number];

interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A look-at camera: where it stands, what it looks at, which way is up on screen, vertical field of view in degrees. */
export interface CameraPose {
  readonly position: Vec3;
  readonly target: Vec3;
  readonly up: Vec3;
  readonly fov: number;
}

export interface NamedCamera extends CameraPose {
  readonly name: string;
}

/** A change to the view: any of the pose's parts; the rest stay as they are. */
interface PoseEdit {
  readonly position?: Vec3;
  readonly target?: Vec3;
  readonly up?: Vec3;
  readonly fov?: number;
}

/** What the cameras need of the show (LightShow is one). */
interface CameraHost {
  readonly engine: Engine;
  externals: Record<string, unknown>;
  /** The model's point positions. */
  readonly structure: {
    readonly model: { readonly size: number; readonly points: { readonly x: Float32Array; readonly y: Float32Array; readonly z: Float32Array } };
  };
}

/** One leg of an animation: to a pose (a named camera's, when `name` is given) over `durationMs` with an easing. */
interface Leg {
  readonly to: CameraPose;
  readonly name?: string;
  readonly durationMs: number;
  readonly easing: Easing;
}

/** A leg of an animated path as asked for: a named camera's pose and/or pose parts replacing the previous leg's end. */
interface LegEdit extends PoseEdit {
  readonly camera?: string;
  readonly durationMs: number;
  readonly easing?: Easing;
}

interface Animation {
  /** Where the leg on its way started. */
  from: CameraPose;
  readonly legs: readonly Leg[];
  /** The leg on its way. */
  index: number;
  /** Time into that leg. */
  elapsedMs: number;
}

/** Where the current view came from: the default (fit to the model, from the front), a set or fit, or a recalled camera's name. */
export type ViewSource = { readonly kind: 'default' } | { readonly kind: 'set' } | { readonly kind: 'camera'; readonly name: string };

interface CurrentView {
  readonly pose: CameraPose;
  readonly source: ViewSource;
  /** An animation on its way: the leg (0-based) of how many, its progress 0–1, and the camera it goes to, if it goes to one. */
  readonly animation?: {
    readonly camera?: string;
    readonly leg: number;
    readonly legs: number;
    readonly progress: number;
    readonly durationMs: number;
    readonly easing: Easing;
  };
}

const shown = (v: unknown): string => (v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 40));

/** Why a camera name is not one (displayable text, 1–64 characters), or undefined. */
function nameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > MAX_NAME_CHARS)
    return `a camera name is 1–${MAX_NAME_CHARS} characters, not blank; got ${shown(v)}`;
  if (v === 'current') return 'a camera cannot be named "current": get_frame takes "current" for the view itself';
  const text = displayTextProblem(v);
  return text === undefined ? undefined : `a camera name ${text}`;
}

function vecProblem(what: string, v: unknown): string | undefined {
  const o = v as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return `${what} is {x, y, z}; got ${shown(v)}`;
  for (const k of ['x', 'y', 'z']) {
    const c = o[k];
    if (typeof c !== 'number' || !Number.isFinite(c) || Math.abs(c) > MAX_COORD)
      return `${what}.${k} is a number from −${MAX_COORD} to ${MAX_COORD}; got ${shown(c)}`;
  }
  return undefined;
}

const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const len = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

/** Why a pose cannot be looked through, or undefined. */
function poseProblem(p: unknown): string | undefined {
  const o = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
  const problem = vecProblem('position', o.position) ?? vecProblem('target', o.target) ?? vecProblem('up', o.up);
  if (problem !== undefined) return problem;
  if (typeof o.fov !== 'number' || !Number.isFinite(o.fov) || o.fov < MIN_FOV || o.fov > MAX_FOV)
    return `fov is ${MIN_FOV}–${MAX_FOV} degrees; got ${shown(o.fov)}`;
  const pose = o as unknown as CameraPose;
  const forward = sub(pose.target, pose.position);
  if (len(forward) < 1e-6) return 'the position and the target are the same point: the camera would look nowhere';
  if (len(pose.up) < 1e-9) return 'up is (0, 0, 0): give the direction that is up on screen, e.g. {x: 0, y: 1, z: 0}';
  if (len(cross(forward, pose.up)) / (len(forward) * len(pose.up)) < 1e-6) return 'up points along the line of sight: give an up that is not parallel to it';
  return undefined;
}

const vecCopy = (v: Vec3): Vec3 => ({ x: v.x, y: v.y, z: v.z });
const poseCopy = (p: CameraPose): CameraPose => ({ position: vecCopy(p.position), target: vecCopy(p.target), up: vecCopy(p.up), fov: p.fov });
const cameraCopy = (c: NamedCamera): NamedCamera => ({ name: c.name, ...poseCopy(c) });

/** Reads the cameras a project saved: keeps each sound one, drops (and warns about, by key path) each one that is not. */
export const readCameras: ExternalsReader = (value, at, warn) => {
  if (!Array.isArray(value)) {
    warn(`${at}: the cameras must be a list; got ${value === null ? 'null' : typeof value}, so the show has no named cameras`);
    return undefined;
  }
  const cameras: NamedCamera[] = [];
  for (let i = 0; i < value.length; i++) {
    if (cameras.length === MAX_CAMERAS) {
      warn(`${at}/${i}: the show holds at most ${MAX_CAMERAS} cameras; this camera and the ones after it were dropped`);
      break;
    }
    const raw = (typeof value[i] === 'object' && value[i] !== null ? value[i] : {}) as Record<string, unknown>;
    const problem =
      nameProblem(raw.name) ??
      poseProblem(raw) ??
      (cameras.some((c) => c.name === (raw.name as string).normalize('NFC')) ? `another camera named ${shown(raw.name)} comes earlier` : undefined);
    if (problem !== undefined) {
      warn(`${at}/${i}: ${problem}; the camera was dropped`);
      continue;
    }
    cameras.push(cameraCopy({ ...(raw as unknown as NamedCamera), name: (raw.name as string).normalize('NFC') }));
  }
  return cameras.length === 0 ? undefined : cameras;
};

function listOf(host: CameraHost): readonly NamedCamera[] {
  const raw = host.externals[CAMERAS_KEY];
  return Array.isArray(raw) ? (raw as NamedCamera[]) : [];
}

/** Replaces the show's named cameras; undo puts the previous ones back. */
class SetCameras implements Command {
  private before: readonly NamedCamera[] = [];
  constructor(
    readonly label: string,
    private readonly host: CameraHost,
    private readonly after: readonly NamedCamera[],
  ) {}

  perform(): void {
    this.before = listOf(this.host);
    this.write(this.after);
  }

  undo(): void {
    this.write(this.before);
  }

  private write(cameras: readonly NamedCamera[]): void {
    if (cameras.length === 0) delete this.host.externals[CAMERAS_KEY];
    else this.host.externals[CAMERAS_KEY] = cameras.map(cameraCopy);
  }
}

function ease(easing: Easing, t: number): number {
  if (easing === 'ease-in') return t * t * t;
  if (easing === 'ease-out') return 1 - (1 - t) ** 3;
  if (easing === 'ease-in-out') return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
  return t;
}

const mix = (a: Vec3, b: Vec3, t: number): Vec3 => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t });

/** The pose a share `t` (0–1) of the way from `a` to `b`; an up that would vanish on the way keeps `b`'s. */
function between(a: CameraPose, b: CameraPose, t: number): CameraPose {
  const pose = { position: mix(a.position, b.position, t), target: mix(a.target, b.target, t), up: mix(a.up, b.up, t), fov: a.fov + (b.fov - a.fov) * t };
  return poseProblem(pose) === undefined ? pose : { ...pose, up: vecCopy(b.up) };
}

const check = (problem: string | undefined): void => {
  if (problem !== undefined) throw invalidArgument(problem);
};

/** The show's named cameras (saved, undoable edits) and the current view (live). */
export class Cameras {
  private view: { pose: CameraPose; source: ViewSource } | null = null;
  private animation: Animation | null = null;

  constructor(private readonly host: CameraHost) {}

  /** The cameras as saved (not copies: read, never change). */
  list(): readonly NamedCamera[] {
    return listOf(this.host);
  }

  camera(name: string): NamedCamera {
    const c = this.list().find((x) => x.name === name.normalize('NFC'));
    if (c === undefined) {
      const names = this.list()
        .map((x) => JSON.stringify(x.name))
        .join(', ');
      throw notFound(`no camera named ${JSON.stringify(name)} (cameras: ${names || 'none'}; save_camera)`);
    }
    return c;
  }

  /** The pose that frames points `start`..`start+count` (default: the whole model) from `direction` (default: the current view's). */
  framing(range?: { readonly start: number; readonly count: number }, direction?: Vec3, fov?: number): CameraPose {
    const { x, y, z } = this.host.structure.model.points;
    const start = range?.start ?? 0;
    const end = range === undefined ? this.host.structure.model.size : range.start + range.count;
    let minX = Infinity,
      minY = Infinity,
      minZ = Infinity,
      maxX = -Infinity,
      maxY = -Infinity,
      maxZ = -Infinity;
    for (let i = start; i < end; i++) {
      minX = Math.min(minX, x[i]);
      maxX = Math.max(maxX, x[i]);
      minY = Math.min(minY, y[i]);
      maxY = Math.max(maxY, y[i]);
      minZ = Math.min(minZ, z[i]);
      maxZ = Math.max(maxZ, z[i]);
    }
    if (end <= start) minX = maxX = minY = maxY = minZ = maxZ = 0;
    const target = { x: (minX + maxX) / 2, y: (minY + maxY) / 2, z: (minZ + maxZ) / 2 };
    // The bounding sphere fills the vertical field of view.
    const radius = Math.max(Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) / 2, 0.5);
    const angle = fov ?? 60;
    const distance = radius / Math.sin((angle * Math.PI) / 360);
    const d = direction ?? { x: 0, y: 0, z: 1 };
    const l = len(d) || 1;
    const position = { x: target.x - (d.x / l) * distance, y: target.y - (d.y / l) * distance, z: target.z - (d.z / l) * distance };
    const up = { x: 0, y: 1, z: 0 };
    const pose = { position, target, up, fov: angle };
    // Looking straight down or up: up is the depth axis instead.
    return poseProblem(pose) === undefined ? pose : { ...pose, up: { x: 0, y: 0, z: 1 } };
  }

  /** The current view: what the preview shows and get_frame's `camera: "current"` draws. */
  current(): CurrentView {
    const a = this.animation;
    if (a !== null) {
      const leg = a.legs[a.index];
      const progress = leg.durationMs === 0 ? 1 : Math.min(1, a.elapsedMs / leg.durationMs);
      const at = { leg: a.index, legs: a.legs.length, progress, durationMs: leg.durationMs, easing: leg.easing };
      return {
        pose: between(a.from, leg.to, ease(leg.easing, progress)),
        source: leg.name === undefined ? { kind: 'set' } : { kind: 'camera', name: leg.name },
        animation: leg.name === undefined ? at : { camera: leg.name, ...at },
      };
    }
    if (this.view !== null) return { pose: poseCopy(this.view.pose), source: this.view.source };
    return { pose: this.framing(), source: { kind: 'default' } };
  }

  /** The current view's pose with the parts `edit` gives replaced (checked). */
  edited(edit: PoseEdit): CameraPose {
    const now = this.current().pose;
    const pose = { position: edit.position ?? now.position, target: edit.target ?? now.target, up: edit.up ?? now.up, fov: edit.fov ?? now.fov };
    check(poseProblem(pose));
    return pose;
  }

  /** Moves the view (live, not an undo step): the parts given replace the current pose's; stops a recall on its way. */
  set(edit: PoseEdit): CurrentView {
    const pose = this.edited(edit);
    this.animation = null;
    this.view = { pose: poseCopy(pose), source: { kind: 'set' } };
    return this.current();
  }

  /** Frames points (a fixture's, or the whole model) from the current view's direction (live, not an undo step). */
  fit(range?: { readonly start: number; readonly count: number }): CurrentView {
    const now = this.current().pose;
    const pose = this.framing(range, sub(now.target, now.position), now.fov);
    this.animation = null;
    this.view = { pose, source: { kind: 'set' } };
    return this.current();
  }

  /** Goes to a named camera over `durationMs` (0: at once) on the frame clock (live, not an undo step); replaces an animation on its way. */
  recall(name: string, durationMs = 0, easing: Easing = 'ease-in-out'): CurrentView {
    return this.animate([{ camera: name, durationMs, easing }]);
  }

  /**
   * Animates the view along a path on the frame clock (live, not an undo step), from wherever it is now: each leg goes to a
   * named camera's pose and/or pose parts replacing the previous leg's end (a leg with neither holds the view), over its
   * duration with its easing. Every leg is checked before anything moves. Replaces an animation on its way; set and fit stop it.
   */
  animate(edits: readonly LegEdit[]): CurrentView {
    if (edits.length === 0 || edits.length > MAX_LEGS) throw invalidArgument(`a path has 1–${MAX_LEGS} legs; got ${edits.length}`);
    const now = this.current();
    const from = now.pose;
    let end = from;
    // A view resting at a named camera stays that camera through holds.
    let endName: string | undefined = now.source.kind === 'camera' && now.animation === undefined ? now.source.name : undefined;
    const legs: Leg[] = [];
    edits.forEach((e, i) => {
      const at = edits.length === 1 ? '' : `leg ${i + 1}: `;
      const { durationMs, easing = 'ease-in-out' } = e;
      if (!Number.isFinite(durationMs) || durationMs < 0 || durationMs > MAX_DURATION_MS)
        throw invalidArgument(`${at}duration takes milliseconds from 0 to ${MAX_DURATION_MS}; got ${shown(durationMs)}`);
      if (!EASINGS.includes(easing)) throw invalidArgument(`${at}easing is one of ${EASINGS.join(', ')}; got ${shown(easing)}`);
      const camera = e.camera === undefined ? undefined : this.camera(e.camera);
      const base = camera ?? end;
      const pose = { position: e.position ?? base.position, target: e.target ?? base.target, up: e.up ?? base.up, fov: e.fov ?? base.fov };
      const problem = poseProblem(pose);
      if (problem !== undefined) throw invalidArgument(`${at}${problem}`);
      const edited = e.position !== undefined || e.target !== undefined || e.up !== undefined || e.fov !== undefined;
      // A named camera's own pose keeps its name; pose parts (or a hold after a pose) make the view a set one.
      endName = camera !== undefined && !edited ? camera.name : camera === undefined && !edited ? endName : undefined;
      end = poseCopy(pose);
      legs.push(endName === undefined ? { to: end, durationMs, easing } : { to: end, name: endName, durationMs, easing });
    });
    this.view = { pose: end, source: endName === undefined ? { kind: 'set' } : { kind: 'camera', name: endName } };
    this.animation = { from, legs, index: 0, elapsedMs: 0 };
    this.skipDone();
    return this.current();
  }

  /** Moves past legs that are over (a 0 ms leg at once); the last one over ends the animation. */
  private skipDone(): void {
    const a = this.animation;
    if (a === null) return;
    while (a.index < a.legs.length && a.elapsedMs >= a.legs[a.index].durationMs) {
      a.elapsedMs -= a.legs[a.index].durationMs;
      a.from = a.legs[a.index].to;
      a.index++;
    }
    if (a.index === a.legs.length) this.animation = null;
  }

  /** Advances an animation on its way (the frame clock). */
  loop(deltaMs: number): void {
    const a = this.animation;
    if (a === null) return;
    a.elapsedMs += deltaMs;
    this.skipDone();
  }

  /** Saves the current view, with the parts `edit` gives replaced, under a name (replacing a camera of that name): one undo step. */
  save(origin: Origin, given: string, edit: PoseEdit = {}): { camera: NamedCamera; replaced: boolean } {
    check(nameProblem(given));
    const name = given.normalize('NFC');
    const at = this.edited(edit);
    const list = this.list();
    const replaced = list.some((c) => c.name === name);
    if (!replaced && list.length >= MAX_CAMERAS) throw invalidArgument(`the show holds at most ${MAX_CAMERAS} cameras; remove_camera one first`);
    const saved: NamedCamera = { name, ...poseCopy(at) };
    const after = replaced ? list.map((c) => (c.name === name ? saved : c)) : [...list, saved];
    return this.host.engine.history.performVerified(new SetCameras(`Save camera ${name}`, this.host, after), origin, () => ({
      camera: cameraCopy(this.camera(name)),
      replaced,
    }));
  }

  /** Removes a named camera: one undo step. The current view stays where it is. */
  remove(origin: Origin, name: string): NamedCamera {
    const camera = this.camera(name);
    const after = this.list().filter((c) => c !== camera);
    return this.host.engine.history.performVerified(new SetCameras(`Remove camera ${camera.name}`, this.host, after), origin, () => cameraCopy(camera));
  }

  /** A project opened: back to the default view. */
  reset(): void {
    this.view = null;
    this.animation = null;
  }
}
