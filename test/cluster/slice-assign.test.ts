// The leader's slice assignment (src/cluster/slice-assign.ts) on registry entries as nodes write
// them: the split by point count, fixtures named explicitly left out, a join and a death moving
// fixtures, a fixture added later assigned, and a new leader keeping what the registry holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SliceAssigner, type RigFixture } from '../../src/cluster/slice-assign.js';
import type { ClusterMember } from '../../src/tools/cluster-link.js';

const RIG: RigFixture[] = [
  { id: 11, label: 'Left', points: 100 },
  { id: 12, label: 'Mid A', points: 50 },
  { id: 13, label: 'Mid B', points: 50 },
  { id: 14, label: 'Right', points: 10 },
];

const member = (node: string, seen: number, slice: string[] | null = [], auto = true): ClusterMember => ({
  node,
  role: node === 'lead' ? 'leader' : 'render',
  slice,
  ...(auto ? { auto: true as const } : {}),
  universes: [],
  lastSeen: new Date(seen).toISOString(),
  lag: 0,
  frame: 0,
  digest: null,
});

test('the split: most points first, each to the lightest node; ids in rig order; the same every time', { timeout: 10_000 }, () => {
  const split = (nodes: string[]) =>
    new SliceAssigner('lead').next(
      nodes.map((n) => member(n, 0)),
      RIG,
      0,
      0,
    )?.slices;
  // Left (100) → a; Mid A (50) → b; Mid B (50) → b (50 < 100); Right (10) → a (100 = 100, fewer fixtures).
  assert.deepEqual(split(['b', 'a']), { a: [11, 14], b: [12, 13] });
  assert.deepEqual(split(['a', 'b']), { a: [11, 14], b: [12, 13] });
  assert.deepEqual(split(['solo']), { solo: [11, 12, 13, 14] });
  assert.equal(split([]), undefined);
});

test('the assigner: a join rebalances, explicit slices stay theirs, a dead node’s fixtures move, a new fixture is assigned', { timeout: 10_000 }, () => {
  const assigner = new SliceAssigner('lead');
  let now = 1_000_000;
  const lead = (): ClusterMember => member('lead', now, [], false);
  // Nobody auto: nothing to assign.
  assert.equal(assigner.next([lead()], RIG, 100, now), undefined);
  assert.equal(assigner.assignment, undefined);

  // One auto node takes the rig, less what r1 names itself; the switch is ahead of the leader's frame.
  const first = assigner.next([lead(), member('a1', now), member('r1', now, ['Left'], false)], RIG, 100, now)!;
  assert.deepEqual(first.slices, { a1: [12, 13, 14] });
  assert.equal(first.by, 'lead');
  assert.equal(first.seq, 1);
  assert.ok(first.frame > 100, 'takes effect at a frame ahead');
  assert.equal(
    assigner.next([lead(), member('a1', now + 1000), member('r1', now, ['Left'], false)], RIG, 160, now + 1000),
    undefined,
    'no change: no new assignment',
  );

  // a2 joins: the rig is split again.
  now += 2000;
  const joined = assigner.next([lead(), member('a1', now), member('a2', now)], RIG, 220, now)!;
  assert.deepEqual(joined.slices, { a1: [11, 14], a2: [12, 13] });
  assert.equal(joined.seq, 2);

  // a2 stops reporting: still live for a while, then its fixtures move to a1.
  const a2Last = now;
  now += 5000;
  assert.equal(assigner.next([lead(), member('a1', now), member('a2', a2Last)], RIG, 520, now), undefined, 'not dead yet');
  now += 6000;
  const moved = assigner.next([lead(), member('a1', now), member('a2', a2Last)], RIG, 880, now)!;
  assert.deepEqual(moved.slices, { a1: [11, 12, 13, 14] });

  // A fixture added by a call is assigned too.
  now += 1000;
  const grown = assigner.next([lead(), member('a1', now)], [...RIG, { id: 15, label: 'New', points: 20 }], 940, now)!;
  assert.deepEqual(grown.slices, { a1: [11, 12, 13, 14, 15] });

  // A new leader adopts the registry's assignment: with the same nodes and rig it moves nothing.
  const next = new SliceAssigner('a1');
  next.adopt(grown);
  assert.equal(next.next([member('a1', now)], [...RIG, { id: 15, label: 'New', points: 20 }], 1000, now), undefined);
  assert.deepEqual(next.assignment, grown);
});
