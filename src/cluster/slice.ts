// A cluster node's slice (docs/cluster.md, "Slices"): the fixtures this node renders and sends. It
// is given at start (`serve --slice`, config.json's `slice`) and resolved then to the fixtures' ids,
// or, with `auto`, assigned by the leader through the node registry (slice-assign.ts) and switched
// at the start of the frame the assignment names. It is no change of the project: every node opens
// the same show and replays the same calls. Each frame the node renders exactly the points of its
// fixtures (LightShow.setRenderSubset), and its output engine sends only the outputs they declare.
import { invalidArgument, notFound } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { Fixture } from '../light/structure/fixture.js';
import type { LightShow } from '../light/show/light-show.js';
import { subsetOfRanges } from '../light/model/subset.js';
import type { ClusterStatus } from '../tools/cluster-link.js';
import { canaryRange } from './canary.js';
import type { RigFixture, SliceAssignment } from './slice-assign.js';

/** A fixture named by its label or its 0-based index among the structure's fixtures. */
type FixtureRef = string | number;

/** What `--slice` or config.json's `slice` give: fixtures, or `auto` (the leader assigns them). */
export type SliceSpec = readonly FixtureRef[] | 'auto';

/** The word for the empty slice: a node that renders and sends no fixture (a leader beside render nodes). */
const NONE = 'none';
const AUTO = 'auto';
/**
 * Frames a node that gains fixtures renders the whole rig before it switches, so the per-point
 * memory of the points it gains (Blur's) is the show's when it starts sending them.
 */
const WARM_FRAMES = 60;

/** The output engine's restriction (src/light/output/output-engine.ts). */
interface RestrictedOutputs {
  restrict(sends: (fixture: Fixture) => boolean, stage: boolean): void;
}

/**
 * Reads `--slice` (`A,B`, `0,3`, `none` or `auto`): each entry a fixture label, or a 0-based index
 * when it is all digits; `none` alone is the empty slice, `auto` alone the leader's choice. Blank
 * entries and repeats are refused.
 */
export function parseSlice(text: string): SliceSpec {
  const trimmed = text.trim();
  if (trimmed === NONE) return [];
  if (trimmed === AUTO) return AUTO;
  const entries = trimmed.split(',').map((e) => e.trim());
  if (entries.some((e) => e.length === 0))
    throw invalidArgument(`--slice ${JSON.stringify(text)}: an entry is blank (FIXTURE,… by label or 0-based index, none or auto)`);
  if (entries.includes(AUTO)) throw invalidArgument(`--slice ${JSON.stringify(text)}: auto stands alone (the leader assigns the fixtures)`);
  const refs = entries.map((e) => (/^\d+$/.test(e) ? Number(e) : e));
  const seen = new Set<string>();
  for (const r of refs) {
    if (seen.has(String(r))) throw invalidArgument(`--slice ${JSON.stringify(text)}: ${r} is named twice`);
    seen.add(String(r));
  }
  return refs;
}

/** The rig's pixel fixtures with their point counts (read inside the engine queue): what the leader shares out. */
export function rigFixtures(light: LightShow): RigFixture[] {
  const structure = light.structure;
  return structure.fixtures.items.map((f) => ({ id: f.id, label: f.label.getString(), points: structure.pointRanges.get(f)?.count ?? 0 }));
}

export class NodeSlice {
  private generation = -1;
  /** An assignment this node takes at the start of its frame, and its fixtures. */
  private pending: { readonly assignment: SliceAssignment; readonly ids: ReadonlySet<number> } | undefined;
  private warming = false;
  private lastTaken: string | undefined;
  private origin: Pick<ClusterStatus, 'auto' | 'assigned'>;
  private outputs: { readonly engine: RestrictedOutputs; readonly stage: boolean } | undefined;
  /** Called after the slice switched (inside a frame). */
  onSwitch: (() => void) | undefined;

  private constructor(
    private readonly light: LightShow,
    /** The fixtures' ids: a fixture keeps its id when calls move it, and when an undo brings it back. */
    private ids: ReadonlySet<number>,
    /** The entries as given; undefined for an auto slice (its labels are read from the rig). */
    private readonly given: readonly string[] | undefined,
  ) {
    this.origin = given === undefined ? { auto: true } : {};
  }

  /** Resolves the entries against the opened show; `not_found` names an entry no fixture answers to. `auto` starts empty. */
  static resolve(light: LightShow, spec: SliceSpec): NodeSlice {
    const items = light.structure.fixtures.items;
    const fixtures =
      spec === AUTO
        ? []
        : spec.map((ref) => {
            const f = typeof ref === 'number' ? items[ref] : items.find((x) => x.label.getString() === ref);
            if (f === undefined)
              throw notFound(
                `--slice: no fixture ${typeof ref === 'number' ? `at index ${ref}` : `labelled ${JSON.stringify(ref)}`} in the project ` +
                  `(${items.length} fixtures: ${items
                    .slice(0, 8)
                    .map((x, i) => `${i} ${x.label.getString()}`)
                    .join(', ')}${items.length > 8 ? ', …' : ''})`,
              );
            return f;
          });
    const slice = new NodeSlice(light, new Set(fixtures.map((f) => f.id)), spec === AUTO ? undefined : fixtures.map((f) => f.label.getString()));
    light.beforeFrame.push(() => slice.follow());
    slice.follow();
    return slice;
  }

  /** Whether the leader assigns this slice (`--slice auto`). */
  get auto(): boolean {
    return this.given === undefined;
  }

  /** The fixtures' labels: as given, or (auto) those of the assigned fixtures in rig order. */
  get names(): string[] {
    if (this.given !== undefined) return [...this.given];
    return this.light.structure.fixtures.items.filter((f) => this.ids.has(f.id)).map((f) => f.label.getString());
  }

  /** For get_cluster_status and the registry: `auto`, and who assigned the slice from which frame. */
  get status(): Pick<ClusterStatus, 'auto' | 'assigned'> {
    return this.origin;
  }

  /** Whether this node sends `fixture`'s outputs. */
  sends(fixture: Fixture): boolean {
    return this.ids.has(fixture.id);
  }

  /** Restricts the output engine to this slice (stage fixtures only when `stage`); a switch restricts it again. */
  restrict(outputs: RestrictedOutputs, stage: boolean): void {
    this.outputs = { engine: outputs, stage };
    outputs.restrict((f) => this.sends(f), stage);
  }

  /** Points of the current model this node renders. */
  get points(): number {
    return this.light.renderSubset?.length ?? 0;
  }

  /**
   * An auto slice takes the leader's assignment: it switches at the start of the assignment's frame
   * (at once when that frame has passed), after rendering the whole rig for a while when it gains fixtures.
   */
  offer(assignment: SliceAssignment, node: string, log: Logger): void {
    const key = keyOf(assignment);
    if (this.given !== undefined || key === this.lastTaken || (this.pending !== undefined && key === keyOf(this.pending.assignment))) return;
    const ids = new Set(assignment.slices[node] ?? []);
    const known = new Set(this.light.structure.fixtures.items.map((f) => f.id));
    const missing = [...ids].filter((id) => !known.has(id));
    if (missing.length > 0)
      log.warn({ missing, by: assignment.by }, "the leader assigned fixtures this node's show does not have: has it diverged from the leader?");
    this.pending = { assignment, ids };
  }

  /** Before each frame: an assignment due switches the slice; a model rebuilt since the last moves the slice's points with it. */
  private follow(): void {
    const pending = this.pending;
    if (pending !== undefined) {
      const frame = this.light.engine.clock.frames - 1; // the frame being rendered
      if (frame >= pending.assignment.frame) this.switchTo(pending.assignment, pending.ids);
      else if (!this.warming && frame >= pending.assignment.frame - WARM_FRAMES && [...pending.ids].some((id) => !this.ids.has(id))) {
        this.warming = true;
        this.light.setRenderSubset(null);
      }
    }
    const structure = this.light.structure;
    if (structure.generation === this.generation || this.warming) return;
    this.generation = structure.generation;
    const ranges = structure.fixtures.items.filter((f) => this.ids.has(f.id)).map((f) => structure.pointRanges.get(f) ?? { start: 0, count: 0 });
    // The canary's points too: every node renders them exactly, so divergence checks compare them across slices.
    this.light.setRenderSubset(subsetOfRanges([...ranges, canaryRange(this.light)]));
  }

  private switchTo(assignment: SliceAssignment, ids: ReadonlySet<number>): void {
    this.ids = ids;
    this.pending = undefined;
    this.warming = false;
    this.generation = -1;
    this.lastTaken = keyOf(assignment);
    this.origin = { auto: true, assigned: { by: assignment.by, frame: assignment.frame, at: assignment.at } };
    if (this.outputs !== undefined) this.outputs.engine.restrict((f) => this.sends(f), this.outputs.stage);
    this.onSwitch?.();
  }
}

/** One assignment, whichever leader wrote it (the leader rewrites the same one every second). */
const keyOf = (a: SliceAssignment): string => `${a.by}/${a.seq}/${a.frame}`;
