// Stage (DMX) fixtures: patch, edit, remove, each one undo step, each refused whole (nothing
// changed, history included) when its channels would overlap another output: another stage
// fixture, or a pixel fixture's DMX output (the caller hands those in from the output stage).
import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument, notFound } from '../../engine/errors.js';
import type { SampleSetting } from '../stage/drive/sample.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import type { LightShow } from '../show/light-show.js';
import {
  AddStageFixture,
  DEFAULT_PLACEMENT,
  EditStageFixture,
  RemoveStageFixture,
  ReplaceStageFixture,
  DEFAULT_STAGE_PROTOCOL,
  StageFixture,
  type StagePatch,
  type StageProtocol,
  outputProblem,
  type StagePlacement,
  type Vec3,
} from '../show/stage-rig.js';
import { MAX_UNIVERSE, type Occupant, firstFreeAddress, firstFreePatch, overlapWith } from '../stage/patch.js';
import type { FixtureProfile } from '../stage/profiles/profile.js';
import { checkIndex, plural } from './common.js';
import { DetachDependents } from './dependents.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** Placement fields a call may give; absent ones keep what the fixture has (or the default). */
interface PlacementInput {
  readonly position?: Vec3;
  readonly yaw?: number;
  readonly pitch?: number;
  readonly roll?: number;
  readonly home?: Vec3;
}

interface PatchInput {
  readonly profileId: string;
  readonly profile: FixtureProfile;
  readonly mode: string;
  /** Default 1. */
  readonly universe?: number;
  /** 1–512, or `auto` (default): the first gap of the universe that fits the mode. */
  readonly address?: number | 'auto';
  readonly label?: string;
  readonly placement?: PlacementInput;
  /** 0-based position in the list (default: the end). */
  readonly index?: number;
  readonly protocol?: StageProtocol;
  readonly host?: string;
  readonly sample?: SampleSetting;
  /** Default true. */
  readonly sampleColor?: boolean;
  readonly sampleIntensity?: boolean;
}

/** A stage fixture by path or id, or invalid_argument saying what one looks like. */
export function stageFixtureAt(show: LightShow, target: ComponentTarget): StageFixture {
  const c = targets.component(show.lx, target, 'stage fixture');
  if (c instanceof StageFixture && c.parent === show.lx.stage) return c;
  throw invalidArgument(`${c.path} is not a stage fixture; stage fixtures are /lx/stage/fixture/N (list_stage_fixtures)`);
}

function checkUniverse(u: unknown): number {
  if (typeof u !== 'number' || !Number.isInteger(u) || u < 0 || u > MAX_UNIVERSE)
    throw invalidArgument(`universe takes an integer in 0–${MAX_UNIVERSE}; got ${u}`);
  return u;
}

function placementOf(base: StagePlacement, input: PlacementInput | undefined): StagePlacement {
  if (input === undefined) return base;
  const p: StagePlacement = {
    position: input.position ?? base.position,
    yaw: input.yaw ?? base.yaw,
    pitch: input.pitch ?? base.pitch,
    roll: input.roll ?? base.roll,
    home: input.home ?? base.home,
  };
  for (const [what, v] of [
    ['position.x', p.position.x],
    ['position.y', p.position.y],
    ['position.z', p.position.z],
    ['yaw', p.yaw],
    ['pitch', p.pitch],
    ['roll', p.roll],
    ['home.x', p.home.x],
    ['home.y', p.home.y],
    ['home.z', p.home.z],
  ] as const) {
    if (!Number.isFinite(v)) throw invalidArgument(`placement ${what} must be a finite number; got ${v}`);
  }
  if (Math.hypot(p.home.x, p.home.y, p.home.z) === 0) throw invalidArgument('placement home must not be the zero vector');
  return p;
}

/** Where a suggestion for `footprint` channels from `universe` on lies, in words. */
function suggestion(universe: number, footprint: number, occupants: readonly Occupant[]): string {
  const here = firstFreeAddress(universe, footprint, occupants);
  if (here !== undefined) return `the first free address in universe ${universe} is ${here} (or address "auto")`;
  const next = firstFreePatch(universe + 1 > MAX_UNIVERSE ? 0 : universe + 1, footprint, occupants);
  return `universe ${universe} has no ${footprint} free channels; universe ${next.universe} has, from address ${next.address}`;
}

/**
 * The address `patch` takes, checked: inside the universe, and overlapping no occupant (the
 * fixture's own channels excluded by the caller). Refusals name the other output, the channels
 * both would write and a free address.
 */
function placeChannels(label: string, universe: number, address: number | 'auto', footprint: number, occupants: readonly Occupant[]): number {
  if (address === 'auto') {
    const free = firstFreeAddress(universe, footprint, occupants);
    if (free === undefined) throw invalidArgument(`"${label}" takes ${plural(footprint, 'channel')}: ${suggestion(universe, footprint, occupants)}`);
    return free;
  }
  if (!Number.isInteger(address) || address < 1 || address > 512) throw invalidArgument(`address takes an integer in 1–512 or "auto"; got ${address}`);
  const last = address + footprint - 1;
  if (last > 512) {
    throw invalidArgument(
      `"${label}" takes ${plural(footprint, 'channel')}: from address ${address} it would run to ${last}, past 512; ` +
        suggestion(universe, footprint, occupants),
    );
  }
  const clash = overlapWith(universe, address, last, occupants);
  if (clash !== undefined) {
    const [a, b] = clash.channels;
    throw invalidArgument(
      `"${label}" at universe ${universe} address ${address}–${last} overlaps ${clash.occupant.owner} on channel${a === b ? ` ${a}` : `s ${a}–${b}`}; ` +
        suggestion(universe, footprint, occupants),
    );
  }
  return address;
}

/** Every other output's channels on `protocol`'s universes: the other stage fixtures, then the pixel outputs. */
function occupants(show: LightShow, pixelOutputs: readonly Occupant[], protocol: StageProtocol, except?: StageFixture): Occupant[] {
  const all = [...show.lx.stage.fixtures.items.filter((f) => f !== except).map((f) => f.occupant), ...pixelOutputs];
  return all.filter((o) => o.protocol === undefined || o.protocol === protocol);
}

/**
 * The protocol, host and sample a call gives, checked (one sample point per cell of a fixture
 * with `cells` cells, each in the model); absent ones are left out.
 */
function outputOf(
  show: LightShow,
  input: { protocol?: unknown; host?: unknown; sample?: unknown },
  cells: number,
): Pick<StagePatch, 'protocol' | 'host' | 'sample'> {
  const problem = outputProblem(input.protocol, input.host, input.sample, cells);
  if (problem !== undefined) throw invalidArgument(problem);
  const size = show.structure.model.size;
  const beyond = Array.isArray(input.sample) ? (input.sample as number[]).find((i) => i >= size) : undefined;
  if (beyond !== undefined) throw notFound(`sample point ${beyond} is not in the model: it has ${plural(size, 'point')} (0–${size - 1})`);
  return {
    ...(input.protocol !== undefined ? { protocol: input.protocol as StageProtocol } : {}),
    ...(input.host !== undefined ? { host: input.host as string } : {}),
    ...(input.sample !== undefined ? { sample: structuredClone(input.sample) as SampleSetting } : {}),
  };
}

/**
 * Patches a profile's mode as a new stage fixture (its attributes at the profile's defaults).
 * A profile id another fixture already uses keeps that fixture's copy, so one id is one profile
 * in the saved show. Undoable.
 */
export function patchStageFixture(show: LightShow, input: PatchInput, pixelOutputs: readonly Occupant[], origin: Origin): StageFixture {
  const rig = show.lx.stage;
  const n = rig.fixtures.length;
  const index = input.index === undefined ? n : checkIndex(input.index, n, `there are ${plural(n, 'stage fixture')}`);
  const profile = rig.fixtures.items.find((f) => f.patch.profileId === input.profileId)?.profile ?? input.profile;
  const label = input.label ?? profile.model;
  const universe = checkUniverse(input.universe ?? 1);
  const draft = new StageFixture(profile, { profileId: input.profileId, mode: input.mode, universe, address: 1, placement: DEFAULT_PLACEMENT }, label);
  const placement = placementOf(DEFAULT_PLACEMENT, input.placement);
  const output = outputOf(show, input, draft.cells);
  const protocol = output.protocol ?? DEFAULT_STAGE_PROTOCOL;
  const address = placeChannels(label, universe, input.address ?? 'auto', draft.footprint, occupants(show, pixelOutputs, protocol));
  draft.patch = { ...draft.patch, address, placement, ...output };
  if (input.sampleColor !== undefined) draft.sampleColor.setValue(input.sampleColor ? 1 : 0);
  if (input.sampleIntensity !== undefined) draft.sampleIntensity.setValue(input.sampleIntensity ? 1 : 0);
  return show.engine.history.performVerified(new AddStageFixture(rig.id, draft, index), origin, () => {
    if (rig.fixtures.at(index) !== draft) throw internal(`${rig.path}: the fixture is not at index ${index}; the change was rolled back`);
    return draft;
  });
}

interface EditInput {
  readonly label?: string;
  readonly mode?: string;
  readonly universe?: number;
  readonly address?: number | 'auto';
  readonly placement?: PlacementInput;
  readonly protocol?: StageProtocol;
  readonly host?: string;
  readonly sample?: SampleSetting;
}

/**
 * Changes a stage fixture's label, patch or placement as one step. Another mode makes a new
 * fixture object in its place (other parameters, other id) carrying the values of the attributes
 * both modes have (modulations of the old attributes are removed); undo puts the old one back. Undoable.
 */
export function editStageFixture(show: LightShow, target: ComponentTarget, input: EditInput, pixelOutputs: readonly Occupant[], origin: Origin): StageFixture {
  const rig = show.lx.stage;
  const f = stageFixtureAt(show, target);
  const label = input.label ?? f.label.getString();
  const universe = input.universe === undefined ? f.patch.universe : checkUniverse(input.universe);
  const mode = input.mode ?? f.patch.mode;
  const next = mode === f.patch.mode ? f : new StageFixture(f.profile, { ...f.patch, mode }, label);
  const placement = placementOf(f.patch.placement, input.placement);
  const output = outputOf(show, input, next.cells);
  // Another mode with another cell count cannot keep explicit points saying one per cell of the old one.
  const kept = output.sample === undefined ? outputProblem(undefined, undefined, f.patch.sample, next.cells) : undefined;
  if (kept !== undefined) throw invalidArgument(`${kept}: mode ${JSON.stringify(mode)} has ${plural(next.cells, 'cell')}; give a sample with it`);
  const protocol = output.protocol ?? f.protocol;
  const moved = input.universe !== undefined || input.address !== undefined || next !== f || protocol !== f.protocol;
  const others = occupants(show, pixelOutputs, protocol, f);
  const address = moved ? placeChannels(label, universe, input.address ?? f.patch.address, next.footprint, others) : f.patch.address;
  const patch: StagePatch = { ...f.patch, mode, universe, address, placement, ...output };
  if (next === f) {
    if (label === f.label.getString() && JSON.stringify(patch) === JSON.stringify(f.patch)) return f;
    return show.engine.history.performVerified(new EditStageFixture(f.id, patch, label), origin, () => {
      if (f.patch !== patch || f.label.getString() !== label) throw internal(`${f.path}: the edit did not take; the change was rolled back`);
      return f;
    });
  }
  next.patch = patch;
  next.sampleColor.setValue(f.sampleColor.getBaseValue());
  next.sampleIntensity.setValue(f.sampleIntensity.getBaseValue());
  for (const p of next.values) {
    const old = f.parameters.get(p.key);
    if (old instanceof DiscreteParameter && old.getBaseValue() <= p.max) p.setValue(old.getBaseValue());
  }
  // A head keeps its aim settings in a mode that can aim too.
  if (f.aim !== undefined && next.aim !== undefined) {
    const from = new Map(f.aim.parameters());
    for (const [key, p] of next.aim.parameters()) p.setBase(from.get(key)?.baseValue ?? p.baseValue);
  }
  const replace = new CompoundCommand(`Edit ${label}`, [new DetachDependents(show, [f.id]), new ReplaceStageFixture(rig.id, f, next)]);
  return show.engine.history.performVerified(replace, origin, () => {
    if (next.parent !== rig) throw internal(`${f.path}: the fixture was not replaced; the change was rolled back`);
    return next;
  });
}

/** Unpatches a stage fixture (later ones move up a path slot) with the modulations of its attributes. Undoable. */
export function removeStageFixture(show: LightShow, target: ComponentTarget, origin: Origin): { path: string; id: number } {
  const rig = show.lx.stage;
  const f = stageFixtureAt(show, target);
  const path = f.path;
  const remove = new CompoundCommand(`Remove ${f.label.getString()}`, [new DetachDependents(show, [f.id]), new RemoveStageFixture(rig.id, f)]);
  return show.engine.history.performVerified(remove, origin, () => {
    if (f.graph !== null) throw internal(`${path} is still there after removing it; the change was rolled back`);
    return { path, id: f.id };
  });
}
