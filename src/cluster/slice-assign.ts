// Slices the leader assigns (docs/cluster.md, "Slices"): nodes started with `--slice auto` take the
// fixtures the leader hands them through the node registry. The leader balances the rig's fixtures
// (less those other nodes name with an explicit --slice) over the live auto nodes by point count,
// and writes a new assignment when the live nodes or the rig change. Every node switches to it at
// the start of the same frame, a few seconds ahead, so a fixture moves from one node to another
// between two frames.
import type { ClusterMember } from '../tools/cluster-link.js';

/** The leader's assignment as the registry holds it. */
export interface SliceAssignment {
  /** The leader that decided it, and its count of assignments (a node takes each one once). */
  readonly by: string;
  readonly seq: number;
  /** The frame at whose start every auto node switches to it. */
  readonly frame: number;
  /** When the leader decided it (ISO 8601). */
  readonly at: string;
  /** Each live auto node's fixtures, by id (every node opens the same project and replays the same calls, so ids agree). */
  readonly slices: Readonly<Record<string, readonly number[]>>;
}

/** A pixel fixture of the rig, as the leader balances it. */
export interface RigFixture {
  readonly id: number;
  readonly label: string;
  readonly points: number;
}

/** How far ahead of the leader's frame an assignment takes effect: time to read it (about a second) and warm up. */
const SWITCH_AHEAD_FRAMES = 180;
/** An auto node whose registry entry has not changed for this long counts as dead (its entry expires later, after 30 s). */
const DEAD_AFTER_MS = 10_000;

/**
 * Splits `fixtures` over `nodes` (sorted by name): the fixture with the most points first (the rig's
 * order between equals), each to the node with the fewest points so far (then fewest fixtures, then
 * name). Each node's ids come in rig order. The same inputs always give the same split.
 */
function balance(fixtures: readonly RigFixture[], nodes: readonly string[]): Map<string, number[]> {
  const out = new Map(nodes.map((n) => [n, [] as number[]]));
  if (nodes.length === 0) return out;
  const load = new Map(nodes.map((n) => [n, 0]));
  const order = fixtures.map((f, i) => ({ f, i })).sort((a, b) => b.f.points - a.f.points || a.i - b.i);
  for (const { f } of order) {
    let best = nodes[0];
    for (const n of nodes) {
      const d = load.get(n)! - load.get(best)! || out.get(n)!.length - out.get(best)!.length;
      if (d < 0) best = n;
    }
    load.set(best, load.get(best)! + f.points);
    out.get(best)!.push(f.id);
  }
  const index = new Map(fixtures.map((f, i) => [f.id, i]));
  for (const ids of out.values()) ids.sort((a, b) => index.get(a)! - index.get(b)!);
  return out;
}

/** The leader's side: which auto nodes live, and the assignment they should hold. */
export class SliceAssigner {
  private current: SliceAssignment | undefined;
  /** Each auto node's last reported time, and when (this node's clock) it last changed. */
  private readonly seen = new Map<string, { lastSeen: string; changedAt: number }>();

  constructor(private readonly node: string) {}

  /** The assignment in force (this leader's, or the one a previous leader left in the registry). */
  get assignment(): SliceAssignment | undefined {
    return this.current;
  }

  /** Takes over what the registry holds, so a new leader moves only what must move. */
  adopt(previous: SliceAssignment | undefined): void {
    this.current ??= previous;
  }

  /**
   * From the registry's entries and the rig at the leader's `frame`: a new assignment when the live
   * auto nodes or the fixtures to share changed, else undefined.
   */
  next(members: readonly ClusterMember[], rig: readonly RigFixture[], frame: number, now: number): SliceAssignment | undefined {
    const nodes = this.live(members, now);
    // Fixtures another node names with an explicit --slice are its own.
    const named = new Set(members.filter((m) => m.auto !== true && m.slice !== null).flatMap((m) => m.slice ?? []));
    const wanted = balance(
      rig.filter((f) => !named.has(f.label)),
      nodes,
    );
    const slices = Object.fromEntries(wanted);
    if (this.current === undefined ? nodes.length === 0 : sameSlices(this.current.slices, slices)) return undefined;
    this.current = {
      by: this.node,
      seq: (this.current?.by === this.node ? this.current.seq : 0) + 1,
      frame: frame + SWITCH_AHEAD_FRAMES,
      at: new Date(now).toISOString(),
      slices,
    };
    return this.current;
  }

  /** The auto nodes whose entries still change, sorted by name. */
  private live(members: readonly ClusterMember[], now: number): string[] {
    const out: string[] = [];
    const present = new Set<string>();
    for (const m of members) {
      if (m.auto !== true) continue;
      present.add(m.node);
      const s = this.seen.get(m.node);
      if (s === undefined || s.lastSeen !== m.lastSeen) this.seen.set(m.node, { lastSeen: m.lastSeen, changedAt: now });
      if (now - this.seen.get(m.node)!.changedAt < DEAD_AFTER_MS) out.push(m.node);
    }
    for (const n of this.seen.keys()) if (!present.has(n)) this.seen.delete(n);
    return out.sort();
  }
}

function sameSlices(a: Readonly<Record<string, readonly number[]>>, b: Readonly<Record<string, readonly number[]>>): boolean {
  const keys = Object.keys(a).sort();
  if (keys.join('\n') !== Object.keys(b).sort().join('\n')) return false;
  return keys.every((k) => a[k].join(',') === b[k].join(','));
}
