// Aiming a group of stage fixtures (moving heads) from the show: one target for the group, a fan
// or a line across it, a stagger in beats, all set as the heads' aim parameters in one undo step.
// Every check runs before anything changes, so a refused call changes nothing, history included.
import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { SetParameter } from '../../engine/commands/set-parameter.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { Parameter, ParameterValue } from '../../engine/parameters/parameter.js';
import { type PanTilt, type StaggerOrder, lineTargets, stagger } from '../stage/aim/index.js';
import { type Vec3, add, rotateAbout, sub } from '../stage/aim/vector.js';
import type { LightShow } from '../show/light-show.js';
import { AIM_EXTENT, type AimMode, MAX_AIM_DELAY, type HeadAim, aimProblem, brightestCentre, moveSeconds } from '../show/stage-aim.js';
import { StagePoint } from '../show/stage-points.js';
import { StageFixture } from '../show/stage-rig.js';
import { Fixture } from '../structure/fixture.js';
import { stageFixtureAt } from './stage-fixtures.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

interface AimInput {
  readonly fixtures: readonly ComponentTarget[];
  readonly aim: AimMode;
  /** aim point: the one point of the group. */
  readonly point?: Vec3;
  /** aim point: a line the heads' targets spread along evenly, in the heads' order (instead of `point`). */
  readonly line?: { readonly from: Vec3; readonly to: Vec3 };
  /** aim fixture: an LX fixture (its centre) or a stage fixture (its position), by path or id. */
  readonly fixture?: ComponentTarget;
  /** aim brightest: the share of the model's points, percent (default 10). */
  readonly top?: number;
  /** Degrees between the first and last head's beams, turned about the model's up through each head. */
  readonly fan?: number;
  /** Each head follows the target this many beats after the one before it, in `order`. */
  readonly stagger?: { readonly beats: number; readonly order?: StaggerOrder };
}

interface AimedHead {
  readonly path: string;
  readonly label: string;
  readonly target?: Vec3;
  readonly fan: number;
  readonly delayBeats: number;
  /** The pan/tilt the head aims at now (degrees), solved from the target as it stands. */
  readonly pan?: number;
  readonly tilt?: number;
  readonly reachable?: boolean;
  /** Seconds the move from the head's present aim takes at its axis speeds. */
  readonly travelSeconds?: number;
}

function point(v: Vec3 | undefined, what: string): Vec3 {
  if (v === undefined) throw invalidArgument(`${what} is needed`);
  for (const k of ['x', 'y', 'z'] as const) {
    const c = v[k];
    if (typeof c !== 'number' || !Number.isFinite(c) || Math.abs(c) > AIM_EXTENT)
      throw invalidArgument(`${what}.${k} must be a finite number within ±${AIM_EXTENT} model units; got ${c}`);
  }
  return { x: v.x, y: v.y, z: v.z };
}

/** The heads, checked: stage fixtures, each once, each able to aim. */
function heads(show: LightShow, list: readonly ComponentTarget[]): { fixture: StageFixture; aim: HeadAim }[] {
  if (list.length === 0) throw invalidArgument('fixtures lists no stage fixture');
  const out: { fixture: StageFixture; aim: HeadAim }[] = [];
  for (const t of list) {
    const f = stageFixtureAt(show, t);
    if (out.some((h) => h.fixture === f)) throw invalidArgument(`${f.path} is listed twice`);
    if (f.aim === undefined) throw invalidArgument(`${f.path} "${f.label.getString()}" cannot be aimed: ${aimProblem(f.profile, f.layout)}`);
    out.push({ fixture: f, aim: f.aim });
  }
  return out;
}

/** The path an aim at a fixture stores: an LX fixture or a stage fixture other than the heads. */
function fixturePath(show: LightShow, target: ComponentTarget | undefined, group: readonly StageFixture[]): string {
  if (target === undefined) throw invalidArgument('aim fixture needs fixture: the path or id of an LX fixture, a stage fixture or a named point');
  const c = targets.component(show.lx, target, 'fixture');
  if (c instanceof StageFixture && group.includes(c)) throw invalidArgument(`${c.path} is one of the heads: a head cannot aim at itself`);
  if (!(c instanceof StageFixture) && !(c instanceof Fixture) && !(c instanceof StagePoint))
    throw invalidArgument(`${c.path} is neither an LX fixture, a stage fixture nor a named point (/lx/stage/point/N)`);
  return c.path;
}

/**
 * Sets the aim of a group of heads as one undo step. The call sets the group's whole aim: a fan
 * or stagger not given is 0. Returns each head's settings and the aim they give now, with a
 * warning for every head the target is out of reach of or whose move the head needs more than a
 * frame to make (the DMX jumps; the beam follows at the head's speeds).
 */
export function aimStageFixtures(show: LightShow, input: AimInput, origin: Origin): { heads: AimedHead[]; warnings: string[]; changed: boolean } {
  const group = heads(show, input.fixtures);
  const n = group.length;
  const mode = input.aim;
  if (!['off', 'point', 'fixture', 'brightest'].includes(mode)) throw invalidArgument(`aim takes off, point, fixture or brightest; got ${String(mode)}`);
  const extras = { point: input.point, line: input.line, fixture: input.fixture, top: input.top };
  const allowed: Record<AimMode, readonly string[]> = { off: [], point: ['point', 'line'], fixture: ['fixture'], brightest: ['top'] };
  for (const [k, v] of Object.entries(extras)) if (v !== undefined && !allowed[mode].includes(k)) throw invalidArgument(`${k} does not go with aim ${mode}`);
  if (mode === 'point' && (input.point === undefined) === (input.line === undefined)) throw invalidArgument('aim point takes either point or line');
  if (input.line !== undefined && input.fan !== undefined) throw invalidArgument('a line spreads the targets already; fan does not go with it');
  const fan = input.fan ?? 0;
  if (!Number.isFinite(fan) || Math.abs(fan) > 360) throw invalidArgument(`fan must be −360…360 degrees; got ${fan}`);
  const beats = input.stagger?.beats ?? 0;
  if (!Number.isFinite(beats) || beats < 0 || beats * (n - 1) > MAX_AIM_DELAY)
    throw invalidArgument(`stagger beats must be ≥ 0 with the last head at most ${MAX_AIM_DELAY} beats late (${n - 1} steps); got ${beats}`);
  const delays = stagger(n, beats, input.stagger?.order ?? 'forward');
  const top = input.top ?? 10;
  if (!Number.isFinite(top) || top < 0.1 || top > 100) throw invalidArgument(`top must be 0.1–100 percent; got ${top}`);
  const points =
    mode !== 'point'
      ? undefined
      : input.line !== undefined
        ? lineTargets(point(input.line.from, 'line.from'), point(input.line.to, 'line.to'), n)
        : Array.from({ length: n }, () => point(input.point, 'point'));
  const path =
    mode === 'fixture'
      ? fixturePath(
          show,
          input.fixture,
          group.map((h) => h.fixture),
        )
      : undefined;

  // Each head's new values, then the commands for the ones that change.
  const sets: [Parameter, ParameterValue][] = [];
  group.forEach(({ aim }, i) => {
    const want: [Parameter, unknown][] = [
      [aim.mode, mode],
      [aim.fan, n === 1 ? 0 : fan * (i / (n - 1) - 0.5)],
      [aim.delay, delays[i]],
    ];
    if (points !== undefined) want.push([aim.x, points[i].x], [aim.y, points[i].y], [aim.z, points[i].z]);
    if (path !== undefined) want.push([aim.fixture, path]);
    if (mode === 'brightest') want.push([aim.top, top]);
    for (const [p, v] of want) {
      const accepted = p.accept(v);
      if (accepted !== p.baseValue) sets.push([p, accepted]);
    }
  });
  const label = `Aim ${n === 1 ? group[0].fixture.label.getString() : `${n} stage fixtures`}`;
  // Where each head aims before the change, for the travel of the move.
  const before = group.map(({ fixture, aim }) => aim.status ?? aim.degreesOf(fixture.values[aim.panSlot].getValue(), fixture.values[aim.tiltSlot].getValue()));
  if (sets.length > 0) {
    show.engine.history.performVerified(
      new CompoundCommand(
        label,
        sets.map(([p, v]) => new SetParameter(p, v)),
      ),
      origin,
      () => {
        for (const [p, v] of sets)
          if (p.baseValue !== v) throw internal(`${p.path} holds ${JSON.stringify(p.baseValue)}, not ${JSON.stringify(v)}; rolled back`);
      },
    );
  }
  const warnings: string[] = [];
  const out = group.map(({ fixture, aim }, i): AimedHead => {
    const base = { path: fixture.path, label: fixture.label.getString(), fan: aim.fan.getValue(), delayBeats: aim.delay.getValue() };
    const who = `${fixture.path} "${base.label}"`;
    if (mode === 'off') return base;
    const target = nowTarget(show, aim);
    if (target === undefined) {
      warnings.push(
        `${fixture.path} "${base.label}": no target now (${mode === 'brightest' ? 'the frame is black' : 'the fixture has no points'}); it holds its aim`,
      );
      return base;
    }
    const head = aim.solverHead(fixture.patch.placement);
    const fanned = add(head.position, rotateAbout(sub(target, head.position), { x: 0, y: 1, z: 0 }, aim.fan.getValue()));
    let solved: ReturnType<HeadAim['solve']>;
    try {
      solved = aim.solve(head, fanned, before[i]);
    } catch (e) {
      warnings.push(`${fixture.path} "${base.label}": ${e instanceof Error ? e.message : String(e)}`);
      return { ...base, target: fanned };
    }
    const from: PanTilt = before[i];
    const travelSeconds = moveSeconds(from, solved, aim.speeds);
    if (!solved.reachable) warnings.push(`${who}: out of reach: ${solved.reason}; it aims as near as it can (misses by ${solved.missDeg.toFixed(1)}°)`);
    const frameSeconds = 1 / Math.max(1, show.engine.clock.fps);
    if (travelSeconds > frameSeconds) {
      const sp = aim.speeds;
      warnings.push(
        `${who}: the move (pan ${Math.abs(solved.pan - from.pan).toFixed(1)}°, tilt ${Math.abs(solved.tilt - from.tilt).toFixed(1)}°) ` +
          `takes ${travelSeconds.toFixed(2)} s at pan ${sp.pan}°/s, tilt ${sp.tilt}°/s: the DMX jumps, the beam follows`,
      );
    }
    return { ...base, target: fanned, pan: solved.pan, tilt: solved.tilt, reachable: solved.reachable, travelSeconds };
  });
  return { heads: out, warnings, changed: sets.length > 0 };
}

/** A head's target as it stands now (before the fan): the last frame's brightest region, a fixture's point, or aimX/Y/Z. */
function nowTarget(show: LightShow, aim: HeadAim): Vec3 | undefined {
  if (aim.modeName === 'fixture') return show.locate(aim.fixture.getString());
  if (aim.modeName === 'brightest') return brightestCentre(show.structure.model.points, show.main, aim.top.getValue());
  return { x: aim.x.getValue(), y: aim.y.getValue(), z: aim.z.getValue() };
}
