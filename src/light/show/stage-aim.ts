// Aiming a stage fixture's pan and tilt from the show (issue #30, "Position"; docs/stage-aim.md,
// "Aiming from the show"). A head with pan and tilt gets aim parameters (mode, target point,
// target fixture, share of the brightest points, fan, delay, axis speeds); every frame its target
// is resolved, turned by the fan, delayed, solved into pan/tilt from the head's placement and its
// profile's travel, and written as driven DMX values. A simulated beam follows the DMX at the
// axis speeds, so a move faster than the head can follow is reported, never slowed.
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { StringParameter } from '../../engine/parameters/string.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import type { PointSet } from '../model/points.js';
import type { DriveContext } from '../stage/drive/context.js';
import { type PanTilt, degreesToDmx, dmxToDegrees, makeHead, solveAim } from '../stage/aim/index.js';
import type { Head, HeadPlacement } from '../stage/aim/head.js';

/** A head's placement (its travel comes from the profile). */
type StagePlacement = Omit<HeadPlacement, 'panRange' | 'tiltRange'>;
import { type Vec3, rotateAbout, sub, add } from '../stage/aim/vector.js';
import type { ModeLayout } from '../stage/patch.js';
import type { FixtureProfile } from '../stage/profiles/profile.js';

export const AIM_MODES = ['off', 'point', 'fixture', 'brightest'] as const;
export type AimMode = (typeof AIM_MODES)[number];

/** Largest aim coordinate, model units either way. */
export const AIM_EXTENT = 1000;
/** Longest delay a head's target takes, beats. */
export const MAX_AIM_DELAY = 16;
/** Axis speeds assumed when none is set: a 540° pan in 2.5 s, a 270° tilt in 2 s (profiles carry no speed figure). */
const DEFAULT_PAN_SPEED = 216;
const DEFAULT_TILT_SPEED = 135;
/** The simulated beam counts as on the DMX position within this, degrees. */
const LAG_TOLERANCE = 0.5;

/** Pan and tilt travel in degrees: the profile's physical figures, else the span of its pan/tilt capabilities' degrees. */
function travel(profile: FixtureProfile, layout: ModeLayout, attribute: 'pan' | 'tilt'): number | undefined {
  const physical = attribute === 'pan' ? profile.physical.panDegrees : profile.physical.tiltDegrees;
  if (physical !== undefined && physical > 0) return physical;
  const slot = layout.slots.find((s) => s.attribute === attribute);
  const degrees = (slot?.capabilities ?? []).flatMap((c) => c.degrees ?? []);
  if (degrees.length < 2) return undefined;
  const span = Math.max(...degrees) - Math.min(...degrees);
  return span > 0 ? span : undefined;
}

/** Why a mode's layout cannot be aimed, or undefined when it can. */
export function aimProblem(profile: FixtureProfile, layout: ModeLayout): string | undefined {
  const pan = layout.slots.find((s) => s.attribute === 'pan');
  const tilt = layout.slots.find((s) => s.attribute === 'tilt');
  if (pan === undefined || tilt === undefined) return `its mode has no ${pan === undefined ? 'pan' : 'tilt'} channel`;
  for (const s of [pan, tilt]) if (s.offsets.length > 2) return `its ${s.attribute} is ${s.offsets.length * 8}-bit; aiming writes 8 or 16 bits`;
  if (travel(profile, layout, 'pan') === undefined) return 'its profile gives no pan travel in degrees';
  if (travel(profile, layout, 'tilt') === undefined) return 'its profile gives no tilt travel in degrees';
  return undefined;
}

/** Where a head's aim stands after the last frame. */
interface AimStatus {
  /** The pan/tilt sent, degrees (after DMX quantisation). */
  readonly pan: number;
  readonly tilt: number;
  /** The target the head aimed at this frame (fan and delay applied). */
  readonly target: Vec3;
  readonly reachable: boolean;
  /** How far the beam misses the target when out of reach, degrees. */
  readonly missDeg: number;
  /** Why the target is out of reach (the head aims as near as its travel allows). */
  readonly reason?: string;
  /** The simulated beam's pan/tilt, following the DMX at the axis speeds. */
  readonly beam: PanTilt;
  /** Seconds the beam needs to reach the DMX position at the axis speeds (0 when there). */
  readonly behindSeconds: number;
  /** Why the target could not be resolved this frame (the head holds its last target). */
  readonly held?: string;
}

/** The time a move takes at the axis speeds: both axes move at once, the slower sets it. */
export function moveSeconds(from: PanTilt, to: PanTilt, speeds: PanTilt): number {
  return Math.max(Math.abs(to.pan - from.pan) / speeds.pan, Math.abs(to.tilt - from.tilt) / speeds.tilt);
}

/** The aim parameters and per-frame state of one head. */
export class HeadAim {
  /** The target's recent path, the aim's clock and the beam's position carry from frame to frame (runtime state). */
  runtimeFields(): readonly string[] {
    return ['history', 'nowMs', 'status'];
  }

  readonly mode = new EnumParameter(
    'Aim',
    AIM_MODES.map((m) => ({ label: m, name: m.toUpperCase() })),
    0,
    { description: 'What pan/tilt aim at each frame: off (the pan and tilt parameters rule), point (aimX/Y/Z), fixture (aimFixture), brightest' },
  );
  readonly x = new BoundedParameter('Aim X', 0, { v0: -AIM_EXTENT, v1: AIM_EXTENT, modulatable: true, description: 'Target point x, model units' });
  readonly y = new BoundedParameter('Aim Y', 0, { v0: -AIM_EXTENT, v1: AIM_EXTENT, modulatable: true, description: 'Target point y, model units' });
  readonly z = new BoundedParameter('Aim Z', 0, { v0: -AIM_EXTENT, v1: AIM_EXTENT, modulatable: true, description: 'Target point z, model units' });
  readonly fixture = new StringParameter('Aim Fixture', '', {
    description: 'With aim fixture: the path of an LX fixture (its centre: the mean of its points), a stage fixture (its position) or a named point',
    maxLength: 256,
  });
  readonly top = new BoundedParameter('Aim Top', 10, {
    v0: 0.1,
    v1: 100,
    modulatable: true,
    description: 'With aim brightest: the share of the model’s points, percent, whose brightness-weighted centre is the target',
  });
  readonly fan = new BoundedParameter('Aim Fan', 0, {
    v0: -180,
    v1: 180,
    modulatable: true,
    description: "Degrees the head's line to its target turns about the model's up (+y) through the head",
  });
  readonly delay = new BoundedParameter('Aim Delay', 0, {
    v0: 0,
    v1: MAX_AIM_DELAY,
    description: 'Beats the head follows its target late (a stagger across a group)',
  });
  readonly panSpeed = new BoundedParameter('Aim Pan Speed', DEFAULT_PAN_SPEED, {
    v0: 1,
    v1: 2000,
    description: 'Top pan speed of the head, degrees per second: moves faster are reported, not slowed',
  });
  readonly tiltSpeed = new BoundedParameter('Aim Tilt Speed', DEFAULT_TILT_SPEED, {
    v0: 1,
    v1: 2000,
    description: 'Top tilt speed of the head, degrees per second: moves faster are reported, not slowed',
  });

  readonly panSlot: number;
  readonly tiltSlot: number;
  readonly panRange: number;
  readonly tiltRange: number;
  private readonly panBits: 8 | 16;
  private readonly tiltBits: 8 | 16;
  /** Resolved targets (after the fan) with their show time, oldest first; a still target is one entry. */
  private history: { t: number; p: Vec3 }[] = [];
  private nowMs = 0;
  private head: { placement: StagePlacement; head: Head } | undefined;
  status: AimStatus | undefined;

  constructor(profile: FixtureProfile, layout: ModeLayout) {
    this.panSlot = layout.slots.findIndex((s) => s.attribute === 'pan');
    this.tiltSlot = layout.slots.findIndex((s) => s.attribute === 'tilt');
    this.panRange = travel(profile, layout, 'pan') as number;
    this.tiltRange = travel(profile, layout, 'tilt') as number;
    this.panBits = layout.slots[this.panSlot].offsets.length === 2 ? 16 : 8;
    this.tiltBits = layout.slots[this.tiltSlot].offsets.length === 2 ? 16 : 8;
  }

  /** The parameters by key, in the order the fixture adds them. */
  parameters(): [string, Parameter][] {
    return [
      ['aim', this.mode],
      ['aimX', this.x],
      ['aimY', this.y],
      ['aimZ', this.z],
      ['aimFixture', this.fixture],
      ['aimTop', this.top],
      ['aimFan', this.fan],
      ['aimDelay', this.delay],
      ['aimPanSpeed', this.panSpeed],
      ['aimTiltSpeed', this.tiltSpeed],
    ];
  }

  get modeName(): AimMode {
    return AIM_MODES[this.mode.getValue()] ?? 'off';
  }

  get speeds(): PanTilt {
    return { pan: this.panSpeed.getValue(), tilt: this.tiltSpeed.getValue() };
  }

  /** The solver's head for a placement (kept while the placement is the same object: an edit replaces it). */
  solverHead(placement: StagePlacement): Head {
    if (this.head?.placement !== placement) this.head = { placement, head: makeHead({ ...placement, panRange: this.panRange, tiltRange: this.tiltRange }) };
    return this.head.head;
  }

  /** Pan/tilt in degrees of DMX values. */
  degreesOf(panValue: number, tiltValue: number): PanTilt {
    return { pan: dmxToDegrees(panValue, this.panRange, this.panBits), tilt: dmxToDegrees(tiltValue, this.tiltRange, this.tiltBits) };
  }

  /** The target this frame, before the fan: undefined with the reason when it cannot be resolved. */
  private resolve(world: DriveContext): Vec3 | string {
    switch (this.modeName) {
      case 'fixture': {
        const path = this.fixture.getString();
        if (path === '') return 'aimFixture names no fixture';
        return world.locate?.(path) ?? `aimFixture ${JSON.stringify(path)} is not a fixture with points or a stage fixture`;
      }
      case 'brightest':
        return brightestOf(world, this.top.getValue()) ?? 'the frame is black: no brightest point';
      default:
        return { x: this.x.getValue(), y: this.y.getValue(), z: this.z.getValue() };
    }
  }

  /** The pan/tilt that aim at `target` from `current`, solved and quantised to DMX values. */
  solve(
    head: Head,
    target: Vec3,
    current: PanTilt,
  ): { pan: number; tilt: number; panValue: number; tiltValue: number; reachable: boolean; missDeg: number; reason?: string } {
    const r = solveAim(head, target, { current, speeds: this.speeds });
    const aim = r.reachable ? { pan: r.pan, tilt: r.tilt } : r.nearest;
    const panValue = degreesToDmx(aim.pan, this.panRange, this.panBits);
    const tiltValue = degreesToDmx(aim.tilt, this.tiltRange, this.tiltBits);
    const q = this.degreesOf(panValue, tiltValue);
    return r.reachable
      ? { ...q, panValue, tiltValue, reachable: true, missDeg: 0 }
      : { ...q, panValue, tiltValue, reachable: false, missDeg: r.missDeg, reason: r.reason };
  }

  /**
   * One frame: resolves the target, turns it by the fan, takes the one `delay` beats ago, solves
   * and writes the pan/tilt DMX into `driven`; the simulated beam follows at the axis speeds.
   * With aim off the state is cleared and nothing is driven.
   */
  drive(placement: StagePlacement, world: DriveContext, driven: Float64Array, parameterPanTilt: PanTilt): void {
    if (this.modeName === 'off') {
      this.history = [];
      this.status = undefined;
      return;
    }
    const deltaMs = world.deltaMs ?? 0;
    const beatMs = world.beatMs ?? 500;
    this.nowMs += deltaMs;
    const head = this.solverHead(placement);
    const resolved = this.resolve(world);
    let held: string | undefined;
    if (typeof resolved === 'string') {
      held = resolved;
    } else {
      const p = add(head.position, rotateAbout(sub(resolved, head.position), { x: 0, y: 1, z: 0 }, this.fan.getValue()));
      const last = this.history.at(-1);
      if (last === undefined || last.p.x !== p.x || last.p.y !== p.y || last.p.z !== p.z) this.history.push({ t: this.nowMs, p });
    }
    // Entries older than the longest delay are not needed, bar the one in force at its edge.
    const horizon = this.nowMs - MAX_AIM_DELAY * beatMs;
    let drop = 0;
    while (drop + 1 < this.history.length && this.history[drop + 1].t <= horizon) drop++;
    if (drop > 0) this.history.splice(0, drop);
    const wanted = this.nowMs - this.delay.getValue() * beatMs;
    let entry = this.history[0];
    for (let i = this.history.length - 1; i >= 0; i--) {
      if (this.history[i].t <= wanted + 1e-9) {
        entry = this.history[i];
        break;
      }
    }
    const before = this.status;
    if (entry === undefined) {
      // Nothing resolved yet: the head stays where its parameters put it.
      this.status = undefined;
      return;
    }
    const current = before === undefined ? parameterPanTilt : { pan: before.pan, tilt: before.tilt };
    let solved: ReturnType<HeadAim['solve']>;
    try {
      solved = this.solve(head, entry.p, current);
    } catch (e) {
      // The target is the head's own position: the head holds its last aim.
      if (before === undefined) return;
      held = e instanceof Error ? e.message : String(e);
      const panValue = degreesToDmx(before.pan, this.panRange, this.panBits);
      const tiltValue = degreesToDmx(before.tilt, this.tiltRange, this.tiltBits);
      solved = { pan: before.pan, tilt: before.tilt, panValue, tiltValue, reachable: before.reachable, missDeg: before.missDeg, reason: before.reason };
    }
    driven[this.panSlot] = solved.panValue;
    driven[this.tiltSlot] = solved.tiltValue;
    // The beam: where it was, moved toward the DMX by at most the axis speeds × the frame's step.
    const speeds = this.speeds;
    const beamFrom = before?.beam ?? current;
    const step = deltaMs / 1000;
    const towards = (from: number, to: number, speed: number): number => {
      const max = speed * step;
      return Math.abs(to - from) <= max ? to : from + Math.sign(to - from) * max;
    };
    const beam = { pan: towards(beamFrom.pan, solved.pan, speeds.pan), tilt: towards(beamFrom.tilt, solved.tilt, speeds.tilt) };
    this.status = {
      pan: solved.pan,
      tilt: solved.tilt,
      target: entry.p,
      reachable: solved.reachable,
      missDeg: solved.missDeg,
      ...(solved.reason === undefined ? {} : { reason: solved.reason }),
      beam,
      behindSeconds: moveSeconds(beam, solved, speeds),
      ...(held === undefined ? {} : { held }),
    };
  }

  /** What an operator should know about the aim now, in words; empty when all is well. */
  warnings(): string[] {
    const s = this.status;
    if (s === undefined) return this.modeName === 'off' ? [] : ['aim: no target resolved yet; pan and tilt follow their parameters'];
    const out: string[] = [];
    if (!s.reachable) out.push(`aim out of reach: ${s.reason}; aiming as near as the travel allows (misses by ${s.missDeg.toFixed(1)}°)`);
    if (s.held !== undefined) out.push(`aim holds its last target: ${s.held}`);
    if (Math.abs(s.beam.pan - s.pan) > LAG_TOLERANCE || Math.abs(s.beam.tilt - s.tilt) > LAG_TOLERANCE) {
      const sp = this.speeds;
      out.push(
        `aim moves faster than the head follows (pan ${sp.pan}°/s, tilt ${sp.tilt}°/s): the beam is ` +
          `${Math.abs(s.pan - s.beam.pan).toFixed(1)}° of pan and ${Math.abs(s.tilt - s.beam.tilt).toFixed(1)}° of tilt behind the DMX, ` +
          `there in ${s.behindSeconds.toFixed(2)} s`,
      );
    }
    return out;
  }
}

/** Each frame's brightest centres by share: found once a frame per share, whichever heads ask (a frame's context is its own object). */
const centres = new WeakMap<DriveContext, Map<number, Vec3 | undefined>>();

function brightestOf(context: DriveContext, top: number): Vec3 | undefined {
  let byShare = centres.get(context);
  if (byShare === undefined) centres.set(context, (byShare = new Map()));
  if (!byShare.has(top)) byShare.set(top, brightestCentre(context.points, context.colors, top));
  return byShare.get(top);
}

/**
 * The brightness-weighted centre of the brightest `top` percent of the points (brightness: the
 * largest of a point's red, green and blue, 0–255). The share is ceil(top% × points) points,
 * taken brightest first, a tie at the threshold going to the lower point index; black points never
 * count. Undefined when every point is black. Deterministic: a histogram, no sort.
 */
export function brightestCentre(points: PointSet, colors: Uint32Array, top: number): Vec3 | undefined {
  const n = Math.min(points.size, colors.length);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < n; i++) histogram[level(colors[i])]++;
  const want = Math.max(1, Math.ceil((top / 100) * n));
  let threshold = 255;
  let above = 0;
  for (; threshold > 0; threshold--) {
    if (above + histogram[threshold] >= want) break;
    above += histogram[threshold];
  }
  // Fewer lit points than the share: every lit point counts.
  if (threshold === 0 && above === 0) return undefined;
  let atThreshold = threshold === 0 ? Number.POSITIVE_INFINITY : want - above;
  if (threshold === 0) threshold = 1;
  let sx = 0,
    sy = 0,
    sz = 0,
    sw = 0;
  for (let i = 0; i < n; i++) {
    const b = level(colors[i]);
    if (b < threshold || b === 0) continue;
    if (b === threshold) {
      if (atThreshold === 0) continue;
      atThreshold--;
    }
    sx += b * points.x[i];
    sy += b * points.y[i];
    sz += b * points.z[i];
    sw += b;
  }
  return sw > 0 ? { x: sx / sw, y: sy / sw, z: sz / sw } : undefined;
}

function level(argb: number): number {
  return Math.max((argb >>> 16) & 0xff, (argb >>> 8) & 0xff, argb & 0xff);
}
