// A cluster node's slice (docs/cluster.md, "Slices"): the fixtures this node renders and sends. It
// is given at start (`serve --slice`, config.json's `slice`), resolved then to the fixtures' ids, and
// is no change of the project: every node opens the same show and replays the same calls. Each frame
// the node renders exactly the points of its fixtures (LightShow.setRenderSubset), and its output
// engine sends only the outputs those fixtures declare.
import { invalidArgument, notFound } from '../engine/errors.js';
import type { Fixture } from '../light/structure/fixture.js';
import type { LightShow } from '../light/show/light-show.js';
import { subsetOfRanges } from '../light/model/subset.js';

/** A fixture named by its label or its 0-based index among the structure's fixtures. */
type FixtureRef = string | number;

/** The word for the empty slice: a node that renders and sends no fixture (a leader beside render nodes). */
const NONE = 'none';

/**
 * Reads `--slice` (`A,B`, `0,3`, or `none`): each entry a fixture label, or a 0-based index when it
 * is all digits; `none` alone is the empty slice. Blank entries and repeats are refused.
 */
export function parseSlice(text: string): FixtureRef[] {
  const trimmed = text.trim();
  if (trimmed === NONE) return [];
  const entries = trimmed.split(',').map((e) => e.trim());
  if (entries.some((e) => e.length === 0))
    throw invalidArgument(`--slice ${JSON.stringify(text)}: an entry is blank (FIXTURE,… by label or 0-based index, or none)`);
  const refs = entries.map((e) => (/^\d+$/.test(e) ? Number(e) : e));
  const seen = new Set<string>();
  for (const r of refs) {
    if (seen.has(String(r))) throw invalidArgument(`--slice ${JSON.stringify(text)}: ${r} is named twice`);
    seen.add(String(r));
  }
  return refs;
}

export class NodeSlice {
  private generation = -1;

  private constructor(
    private readonly light: LightShow,
    /** The fixtures' ids: a fixture keeps its id when calls move it, and when an undo brings it back. */
    private readonly ids: ReadonlySet<number>,
    /** The entries as given, for status.json and the other nodes. */
    readonly names: readonly string[],
  ) {}

  /** Resolves the entries against the opened show; `not_found` names an entry no fixture answers to. */
  static resolve(light: LightShow, refs: readonly FixtureRef[]): NodeSlice {
    const items = light.structure.fixtures.items;
    const fixtures = refs.map((ref) => {
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
    const slice = new NodeSlice(
      light,
      new Set(fixtures.map((f) => f.id)),
      fixtures.map((f) => f.label.getString()),
    );
    light.beforeFrame.push(() => slice.follow());
    slice.follow();
    return slice;
  }

  /** Whether this node sends `fixture`'s outputs. */
  sends(fixture: Fixture): boolean {
    return this.ids.has(fixture.id);
  }

  /** Points of the current model this node renders. */
  get points(): number {
    return this.light.renderSubset?.length ?? 0;
  }

  /** Before each frame: a model rebuilt since the last (fixtures added, moved, removed) moves the slice's points with it. */
  private follow(): void {
    const structure = this.light.structure;
    if (structure.generation === this.generation) return;
    this.generation = structure.generation;
    const ranges = structure.fixtures.items.filter((f) => this.ids.has(f.id)).map((f) => structure.pointRanges.get(f) ?? { start: 0, count: 0 });
    this.light.setRenderSubset(subsetOfRanges(ranges));
  }
}
