// The show's stage (DMX) fixtures, `/lx/stage/fixture/<n>`: each a profile's mode patched to a
// universe and address, placed in the model, with one parameter per attribute (the DMX value at
// the mode's resolution). Saved in the project's externals (`footlight.stageFixtures`, which LX
// keeps and ignores) with a copy of every profile used, so a show opens without the library.
import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import { Component, type ComponentArray } from '../../engine/component.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { type Beam, beamOf } from '../stage/beam.js';
import type { DriveContext } from '../stage/drive/context.js';
import { type CellPlan, cellCount, cellPlan, driveCells } from '../stage/drive/color.js';
import { type SampleSetting, cellPoints, nearestPoint } from '../stage/drive/sample.js';
import type { PointSet } from '../model/points.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { type ModeLayout, type Occupant, dmxBytes, modeLayout } from '../stage/patch.js';
import { type FixtureProfile, checkProfile } from '../stage/profiles/profile.js';
import { AIM_MODES, HeadAim, aimProblem } from './stage-aim.js';
import { type StagePoint, loadPoints, savePoints } from './stage-points.js';
import { EnumParameter } from '../../engine/parameters/enum.js';

/** The externals key stage fixtures are saved under. */
export const STAGE_FIXTURES_KEY = 'footlight.stageFixtures';

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Where a fixture sits in the model, as the aim solver takes it (docs/stage-aim.md): degrees, model units. */
export interface StagePlacement {
  readonly position: Vec3;
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
  /** The beam's direction at pan 0 / tilt 0 in the fixture's own frame (default +y). */
  readonly home: Vec3;
}

/** The protocols a stage fixture's DMX goes out on. */
const STAGE_PROTOCOLS = ['artnet', 'sacn'] as const;
export type StageProtocol = (typeof STAGE_PROTOCOLS)[number];

/**
 * What a patch says: the profile (by its library id), mode, universe, start address (1-based),
 * placement, where its DMX goes (protocol, default Art-Net; host, default 127.0.0.1) and what it
 * samples of the frame (default the nearest model point).
 */
export interface StagePatch {
  readonly profileId: string;
  readonly mode: string;
  readonly universe: number;
  readonly address: number;
  readonly placement: StagePlacement;
  readonly protocol?: StageProtocol;
  readonly host?: string;
  readonly sample?: SampleSetting;
}

export const DEFAULT_STAGE_PROTOCOL: StageProtocol = 'artnet';
const DEFAULT_STAGE_HOST = '127.0.0.1';

export const DEFAULT_PLACEMENT: StagePlacement = { position: { x: 0, y: 0, z: 0 }, yaw: 0, pitch: 0, roll: 0, home: { x: 0, y: 1, z: 0 } };

/** One patched DMX fixture. Its attributes are parameters keyed as the layout says (`pan`, `intensity`, ...). */
export class StageFixture extends Component {
  /** Its aim's state (show/runtime-state.ts); the driven values are made again every frame. */
  runtimeFields(): readonly string[] {
    return ['aim'];
  }

  readonly layout: ModeLayout;
  readonly values: readonly DiscreteParameter[];
  /**
   * Per attribute slot, the value this frame's drive pass set (StageRig.drive: colour and
   * intensity from the frame, pan/tilt from an aim), at the slot's resolution; NaN: not driven,
   * the parameter's value goes out.
   */
  readonly driven: Float64Array;
  /** Its aim from the show, for a mode with pan and tilt whose profile gives their travel (docs/stage-aim.md). */
  readonly aim: HeadAim | undefined;
  /** Per slot, what drove it this frame (the driver's words), or undefined. */
  readonly drivenBy: (string | undefined)[];
  /** Whether the frame drives the colour attributes (RGB, white, CMY, colour wheel). */
  readonly sampleColor = new BooleanParameter('Sample colour', true, {
    description: 'The rendered frame drives the colour attributes (RGB, white, CMY, colour wheel) from the sampled point',
  });
  /** Whether the frame drives the intensity (dimmer) attributes. */
  readonly sampleIntensity = new BooleanParameter('Sample intensity', true, {
    description: "The rendered frame drives the dimmer from the sampled point's brightness and the output level",
  });
  /** The last nearest points found (one per cell), and for which model and placement. */
  private nearest: { points: PointSet; generation: number; placement: StagePlacement; indices: readonly number[] } | null = null;
  /** The slots colour and intensity drive, per cell and for the whole fixture (worked out once: the mode is fixed for the object). */
  readonly colorPlan: CellPlan;
  /** How many cells it has: its mode's heads (docs/fixtures.md, "Several cells"), one without. */
  readonly cells: number;

  constructor(
    readonly profile: FixtureProfile,
    public patch: StagePatch,
    label: string,
  ) {
    super(label);
    this.layout = modeLayout(profile, patch.mode);
    this.values = this.layout.slots.map((s) => {
      const bits = s.offsets.length * 8;
      const description = `${s.attribute}: DMX value of ${JSON.stringify(s.channel)} (${bits}-bit, 0–${s.max})`;
      return this.addParameter(s.key, new DiscreteParameter(s.channel, s.defaultValue, 0, s.max, { description, modulatable: true }));
    });
    this.driven = new Float64Array(this.layout.slots.length).fill(Number.NaN);
    this.aim = aimProblem(profile, this.layout) === undefined ? new HeadAim(profile, this.layout) : undefined;
    for (const [key, p] of this.aim?.parameters() ?? []) this.addParameter(key, p);
    this.drivenBy = new Array(this.layout.slots.length).fill(undefined);
    this.addParameter('sampleColor', this.sampleColor);
    this.addParameter('sampleIntensity', this.sampleIntensity);
    this.colorPlan = cellPlan(this.layout);
    this.cells = cellCount(this.layout);
  }

  get protocol(): StageProtocol {
    return this.patch.protocol ?? DEFAULT_STAGE_PROTOCOL;
  }

  get host(): string {
    return this.patch.host ?? DEFAULT_STAGE_HOST;
  }

  /** The model points this frame's colour comes from, one per cell; empty when it samples nothing. */
  sampleIndices(points: PointSet, generation: number): readonly number[] {
    const sample = this.patch.sample ?? 'nearest';
    if (sample === 'off') return [];
    if (sample !== 'nearest') return sample;
    const placement = this.patch.placement;
    const c = this.nearest;
    // The search is linear in the model's points: kept while the model and the placement stay.
    if (c !== null && c.points === points && c.generation === generation && c.placement === placement) return c.indices;
    const at = this.cells === 1 ? [placement.position] : cellPoints(placement, this.profile.physical.dimensionsMm?.[0], this.cells);
    const indices = at.map((p) => nearestPoint(points, p.x, p.y, p.z));
    this.nearest = { points, generation, placement, indices };
    return indices;
  }

  get footprint(): number {
    return this.layout.footprint;
  }

  /** The DMX channels it takes, 1-based inclusive. */
  get occupant(): Occupant {
    const { universe, address } = this.patch;
    const protocol = this.protocol;
    return { universe, first: address, last: address + this.footprint - 1, owner: `${this.path} "${this.label.getString()}"`, protocol };
  }

  /** The value slot `i` sends now: the driven value when the drive pass set one, else the parameter's (modulation included). */
  valueAt(i: number): number {
    const d = this.driven[i];
    return Number.isNaN(d) ? this.values[i].getValue() : d;
  }

  /** Its DMX bytes now: each attribute's driven value, else its parameter value, through the profile. */
  dmx(): Uint8Array {
    return dmxBytes(
      this.layout,
      this.values.map((_, i) => this.valueAt(i)),
    );
  }

  /** Its beam now, read from its DMX bytes (so whatever drives them shows): docs/fixtures.md. */
  beam(): Beam {
    return beamOf(this.profile, this.layout, this.dmx(), this.patch.placement);
  }
}

/** One part of the drive pass: sets the driven values it owns on one fixture (colour, aim) and says what drove them (undefined: nothing). */
type Driver = (fixture: StageFixture, context: DriveContext) => string | undefined;

/** Colour and intensity from the sampled point of the frame (docs/fixtures.md, "Colour from the frame"). */
const colorDriver: Driver = (f, context) => {
  const color = f.sampleColor.isOn();
  const intensity = f.sampleIntensity.isOn();
  if (!color && !intensity) return undefined;
  const indices = f.sampleIndices(context.points, context.generation);
  // A named point the model no longer has drives nothing (nor does an empty model).
  if (indices.length === 0 || indices.some((i) => i < 0 || i >= context.colors.length)) return undefined;
  driveCells(
    f.colorPlan,
    indices.map((i) => context.colors[i]),
    context.level,
    { color, intensity },
    f.driven,
  );
  return indices.length === 1 ? `the frame at model point ${indices[0]}` : `the frame at model points ${indices.join(', ')}`;
};

/** The drivers, in order; a later one overrides an earlier one's slot. */
/** Aims a head's pan and tilt at its target (src/light/show/stage-aim.ts, docs/stage-aim.md). */
const aimDriver: Driver = (f, context) => {
  const aim = f.aim;
  if (aim === undefined) return undefined;
  aim.drive(f.patch.placement, context, f.driven, aim.degreesOf(f.values[aim.panSlot].getValue(), f.values[aim.tiltSlot].getValue()));
  // Nothing before it drives pan: a value there is the aim's.
  return Number.isNaN(f.driven[aim.panSlot]) ? undefined : `its aim (${AIM_MODES[aim.mode.getValue()]})`;
};

const DRIVERS: readonly Driver[] = [colorDriver, aimDriver];

/** `/lx/stage`: the stage fixtures of the show. Not an LX component: LX never sees it. */
export class StageRig extends Component {
  /** Outside LX's part of the file: references to it are saved by path alone (docs/fixtures.md). */
  readonly outsideLx = true as const;
  readonly fixtures: ComponentArray<StageFixture>;
  /** Named points heads can aim at (stage-points.ts). */
  readonly points: ComponentArray<StagePoint>;

  constructor() {
    super('Stage');
    this.key = 'stage';
    this.fixtures = this.addArray<StageFixture>('fixture');
    this.points = this.addArray<StagePoint>('point');
  }

  /**
   * The per-frame drive pass, run by LightShow.render after the mixer's composite (so live
   * frames, offline renders and check_show all drive the rig): every fixture's driven values are
   * cleared, then each driver fills in the slots it drives this frame.
   */
  drive(context: DriveContext): void {
    for (const f of this.fixtures.items) {
      const { driven, drivenBy } = f;
      driven.fill(Number.NaN);
      drivenBy.fill(undefined);
      for (const driver of DRIVERS) {
        const by = driver(f, context);
        if (by === undefined) continue;
        for (let i = 0; i < driven.length; i++) if (!Number.isNaN(driven[i]) && drivenBy[i] === undefined) drivenBy[i] = by;
      }
    }
  }

  /** The saved form (undefined with no fixtures and no points): every profile used once, each fixture's patch and values, the named points. */
  save(): unknown {
    if (this.fixtures.length === 0 && this.points.length === 0) return undefined;
    const profiles: Record<string, FixtureProfile> = {};
    const fixtures = this.fixtures.items.map((f) => {
      profiles[f.patch.profileId] = f.profile;
      const values: Record<string, number> = {};
      for (const p of f.values) values[p.key] = p.getBaseValue();
      const aim = f.aim === undefined ? {} : { aim: saveAim(f.aim) };
      const drive = { sampleColor: f.sampleColor.isOn(), sampleIntensity: f.sampleIntensity.isOn() };
      return { label: f.label.getString(), profile: f.patch.profileId, ...structuredClone(f.patch), values, ...drive, ...aim };
    });
    for (const f of fixtures) delete (f as { profileId?: string }).profileId;
    return { profiles, fixtures, ...(this.points.length === 0 ? {} : { points: savePoints(this.points) }) };
  }

  /** Builds the fixtures a project saved; what cannot be read is dropped with a warning naming it. */
  load(saved: unknown, warn: (message: string) => void): void {
    const at = `externals/${STAGE_FIXTURES_KEY}`;
    if (saved === undefined) return;
    if (!isRecord(saved) || !isRecord(saved.profiles) || !Array.isArray(saved.fixtures)) {
      warn(`${at}: not { profiles, fixtures }; no stage fixture was loaded`);
      return;
    }
    loadPoints(this.points, saved.points, `${at}/points`, warn);
    const profiles = new Map<string, FixtureProfile>();
    for (const [id, raw] of Object.entries(saved.profiles)) {
      try {
        profiles.set(id, checkProfile(structuredClone(raw) as Parameters<typeof checkProfile>[0]));
      } catch (e) {
        warn(`${at}/profiles/${id}: ${e instanceof Error ? e.message : String(e)}; its fixtures were not loaded`);
      }
    }
    const taken: Occupant[] = [];
    saved.fixtures.forEach((raw: unknown, i: number) => {
      const where = `${at}/fixtures/${i}`;
      try {
        if (!isRecord(raw)) throw new Error('not an object');
        const profile = profiles.get(String(raw.profile));
        if (profile === undefined) throw new Error(`its profile ${JSON.stringify(raw.profile)} is not among the saved profiles`);
        const problem = patchProblem(raw);
        if (problem !== undefined) throw new Error(problem);
        const patch: StagePatch = {
          profileId: String(raw.profile),
          mode: String(raw.mode),
          universe: raw.universe as number,
          address: raw.address as number,
          placement: readPlacement(raw.placement),
          ...readOutput(raw, Math.max(1, profile.modes.find((m) => m.name === raw.mode)?.heads?.length ?? 0)),
        };
        const label = typeof raw.label === 'string' && raw.label.length > 0 ? raw.label : profile.model;
        const f = new StageFixture(profile, patch, label);
        if (patch.address + f.footprint - 1 > 512) throw new Error(`${f.footprint} channels from address ${patch.address} run past 512`);
        for (const p of [f.sampleColor, f.sampleIntensity]) {
          const v = raw[p.key];
          if (typeof v === 'boolean') p.setValue(v ? 1 : 0);
          else if (v !== undefined) warn(`${where}/${p.key}: ${JSON.stringify(v)} is not true or false; the default is kept`);
        }
        const values = isRecord(raw.values) ? raw.values : {};
        for (const p of f.values) {
          const v = values[p.key];
          if (typeof v === 'number' && Number.isInteger(v) && v >= p.min && v <= p.max) p.setValue(v);
          else if (v !== undefined) warn(`${where}/values/${p.key}: ${JSON.stringify(v)} is not 0–${p.max}; the default is kept`);
        }
        if (raw.aim !== undefined) loadAim(f, raw.aim, `${where}/aim`, warn);
        const o = f.occupant;
        const clash = taken.find((t) => t.protocol === o.protocol && t.universe === o.universe && t.first <= o.last && t.last >= o.first);
        if (clash !== undefined) warn(`${where}: "${label}" overlaps ${clash.owner} in universe ${o.universe}; patch one elsewhere`);
        this.fixtures.insert(f);
        taken.push(f.occupant);
      } catch (e) {
        warn(`${where}: ${e instanceof Error ? e.message : String(e)}; the fixture was not loaded`);
      }
    });
  }
}

/** A head's aim settings as saved: each aim parameter's base value by key, the mode by name. */
function saveAim(aim: HeadAim): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [key, p] of aim.parameters()) out[key] = p instanceof EnumParameter ? aim.modeName : (p.baseValue as number | string);
  return out;
}

/** Reads saved aim settings into a fixture; a value that cannot be read keeps the default, with a warning. */
function loadAim(f: StageFixture, raw: unknown, where: string, warn: (message: string) => void): void {
  if (f.aim === undefined) {
    warn(`${where}: ${f.profile.model} in mode ${JSON.stringify(f.patch.mode)} cannot be aimed; the aim settings were dropped`);
    return;
  }
  if (!isRecord(raw)) {
    warn(`${where}: not an object; the aim keeps its defaults`);
    return;
  }
  for (const [key, p] of f.aim.parameters()) {
    const v = raw[key];
    if (v === undefined) continue;
    try {
      if (p instanceof EnumParameter && !(typeof v === 'string' && (AIM_MODES as readonly string[]).includes(v))) throw new Error('not a mode');
      if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('not finite');
      p.setBase(p.accept(v));
    } catch {
      warn(`${where}/${key}: ${JSON.stringify(v)} cannot be read; the default is kept`);
    }
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Why a saved patch's universe or address is not one, or undefined. */
function patchProblem(raw: Record<string, unknown>): string | undefined {
  const { universe, address } = raw;
  if (typeof universe !== 'number' || !Number.isInteger(universe) || universe < 0 || universe > 63999)
    return `universe ${JSON.stringify(universe)} is not 0–63999`;
  if (typeof address !== 'number' || !Number.isInteger(address) || address < 1 || address > 512) return `address ${JSON.stringify(address)} is not 1–512`;
  return undefined;
}

/** A saved patch's protocol, host and sample setting (absent ones keep their defaults); throws what is wrong. */
function readOutput(raw: Record<string, unknown>, cells: number): Pick<StagePatch, 'protocol' | 'host' | 'sample'> {
  const out: { protocol?: StageProtocol; host?: string; sample?: SampleSetting } = {};
  const problem = outputProblem(raw.protocol, raw.host, raw.sample, cells);
  if (problem !== undefined) throw new Error(problem);
  if (raw.protocol !== undefined) out.protocol = raw.protocol as StageProtocol;
  if (raw.host !== undefined) out.host = raw.host as string;
  if (raw.sample !== undefined) out.sample = raw.sample as SampleSetting;
  return out;
}

/**
 * Why a protocol, host or sample setting is not one, or undefined (absent values are fine). An
 * explicit sample names one point per cell (`cells`: the mode's heads, one without).
 */
export function outputProblem(protocol: unknown, host: unknown, sample: unknown, cells: number): string | undefined {
  if (protocol !== undefined && !STAGE_PROTOCOLS.includes(protocol as StageProtocol))
    return `protocol ${JSON.stringify(protocol)} is not one of ${STAGE_PROTOCOLS.join(', ')}`;
  if (host !== undefined && (typeof host !== 'string' || !/^[A-Za-z0-9.:-]{1,253}$/.test(host)))
    return `host ${JSON.stringify(host)} is not a host name or IP address`;
  if (sample === undefined || sample === 'nearest' || sample === 'off') return undefined;
  const what = cells === 1 ? '[a model point index] (the fixture is one cell)' : `${cells} model point indices (one per cell of its mode)`;
  if (!Array.isArray(sample) || sample.length !== cells || !sample.every((i) => Number.isInteger(i) && i >= 0))
    return `sample ${JSON.stringify(sample)} is not "nearest", "off" or ${what}`;
  return undefined;
}

function readPlacement(raw: unknown): StagePlacement {
  if (raw === undefined) return DEFAULT_PLACEMENT;
  if (!isRecord(raw)) throw new Error('placement is not an object');
  const num = (v: unknown, what: string, fallback: number): number => {
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`placement ${what} is not a number`);
    return v;
  };
  const vec = (v: unknown, what: string, fallback: Vec3): Vec3 => {
    if (v === undefined) return fallback;
    if (!isRecord(v)) throw new Error(`placement ${what} is not {x, y, z}`);
    return { x: num(v.x, `${what}.x`, fallback.x), y: num(v.y, `${what}.y`, fallback.y), z: num(v.z, `${what}.z`, fallback.z) };
  };
  const d = DEFAULT_PLACEMENT;
  return {
    position: vec(raw.position, 'position', d.position),
    yaw: num(raw.yaw, 'yaw', 0),
    pitch: num(raw.pitch, 'pitch', 0),
    roll: num(raw.roll, 'roll', 0),
    home: vec(raw.home, 'home', d.home),
  };
}

/** Patches a fixture at `index`; undo takes it out again (same object, same id). */
export class AddStageFixture implements Command {
  readonly label: string;
  constructor(
    private readonly rigId: number,
    private readonly fixture: StageFixture,
    private readonly index: number,
  ) {
    this.label = `Patch ${fixture.label.getString()}`;
  }
  perform(g: Graph): void {
    (g.require(this.rigId) as StageRig).fixtures.insert(this.fixture, this.index);
  }
  undo(g: Graph): void {
    (g.require(this.rigId) as StageRig).fixtures.remove(this.fixture);
  }
}

/** Unpatches a fixture; undo puts the same object back where it was. */
export class RemoveStageFixture implements Command {
  readonly label: string;
  private index = -1;
  constructor(
    private readonly rigId: number,
    private readonly fixture: StageFixture,
  ) {
    this.label = `Remove ${fixture.label.getString()}`;
  }
  perform(g: Graph): void {
    this.index = (g.require(this.rigId) as StageRig).fixtures.remove(this.fixture);
  }
  undo(g: Graph): void {
    (g.require(this.rigId) as StageRig).fixtures.insert(this.fixture, this.index);
  }
}

/** Changes a fixture's patch and label (same mode); undo restores both. */
export class EditStageFixture implements Command {
  readonly label: string;
  private before: { patch: StagePatch; label: string } | null = null;
  constructor(
    private readonly fixtureId: number,
    private readonly patch: StagePatch,
    private readonly newLabel: string,
  ) {
    this.label = `Edit ${newLabel}`;
  }
  perform(g: Graph): void {
    const f = g.require(this.fixtureId) as StageFixture;
    this.before = { patch: f.patch, label: f.label.getString() };
    f.patch = this.patch;
    f.label.setString(this.newLabel);
  }
  undo(g: Graph): void {
    const f = g.require(this.fixtureId) as StageFixture;
    const before = this.before as { patch: StagePatch; label: string };
    f.patch = before.patch;
    f.label.setString(before.label);
  }
}

/** Puts `next` (another mode of the same fixture) in `previous`'s place; undo puts the old object back. */
export class ReplaceStageFixture implements Command {
  readonly label: string;
  constructor(
    private readonly rigId: number,
    private readonly previous: StageFixture,
    private readonly next: StageFixture,
  ) {
    this.label = `Edit ${next.label.getString()}`;
  }
  perform(g: Graph): void {
    const rig = g.require(this.rigId) as StageRig;
    const index = rig.fixtures.remove(this.previous);
    rig.fixtures.insert(this.next, index);
  }
  undo(g: Graph): void {
    const rig = g.require(this.rigId) as StageRig;
    const index = rig.fixtures.remove(this.next);
    rig.fixtures.insert(this.previous, index);
  }
}
