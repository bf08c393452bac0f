import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildProject } from '../../src/sound/model/components.js';
import { demoProject } from '../../src/sound/demo.js';
import { doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

type Cord = { source: number; source_kind: string; source_port: number; target: number; target_port: number; amount: number };
type Graph = Reply & { revision: string; modules: { id: number; name: string }[]; modulators: { id: number; name: string }[]; connections: Cord[] };
const graph = async (s: Stack): Promise<Graph> => (await s.ok('graph-state')) as Graph;

test("the demo's LFO → cutoff cord has a depth; module cords carry 1", async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const lfo = g.modulators.find((m) => m.name === 'LFO')!;
  const cord = g.connections.find((c) => c.source === lfo.id)!;
  assert.equal(cord.amount, 0.35);
  assert.ok(g.connections.filter((c) => c.source_kind === 'module').every((c) => c.amount === 1));
});

test('graph-set-amount: bipolar depth of a modulator cord; one undo step; in the revision; guardable; refusals change nothing', async (t) => {
  const s = await startStack(t);
  const g = await graph(s);
  const lfo = g.modulators.find((m) => m.name === 'LFO')!.id;
  const filter = g.modules.find((m) => m.name === 'Low-pass LD')!.id;
  const saw = g.modules.find((m) => m.name === 'Sawtooth')!.id;
  const r = await doUndoRedo(s, `guard ${g.revision} graph-set-amount ${lfo} 0 ${filter} 1 -0.5`, async (x) => {
    assert.equal(x.guarded, true);
    assert.equal((x.connection as Cord).amount, -0.5);
    assert.equal(x.previous_amount, 0.35);
    assert.notEqual(x.revision, g.revision, 'the amount is in the revision');
    assert.equal((await graph(s)).connections.find((c) => c.source === lfo)!.amount, -0.5);
  });
  const depth = s.engine.history.undoDepth;
  const same = await s.ok(`graph-set-amount ${lfo} 0 ${filter} 1 -0.5`);
  assert.equal(same.changed, false);
  assert.equal(s.engine.history.undoDepth, depth);
  await refusedUnchanged(s, `graph-set-amount ${lfo} 0 ${filter} 1 1.5`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `graph-set-amount ${lfo} 0 ${filter} 0 0.5`, 'not_found');
  await refusedUnchanged(s, `graph-set-amount ${saw} 0 ${filter} 0 0.5`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-set-amount ${lfo} 0 ${lfo} 0 0.5`, 'invalid_argument', 'wrong_uuid_kind');
  await refusedUnchanged(s, `graph-set-amount ${lfo} 0 ${filter} 1 deep`, 'invalid_argument');
  await refusedUnchanged(s, `guard ${g.revision} graph-set-amount ${lfo} 0 ${filter} 1 0.1`, 'stale', 'stale_revision');
  assert.notEqual(r.revision, undefined);
});

test('cord amounts load from project files within −1…1, and never on module cords', () => {
  const doc = demoProject();
  const at = doc.tracks.findIndex((t) => t.name === 'Lead');
  const grid = doc.tracks[at].devices[0].grid!;
  const withAmount = (i: number, amount: number) => ({
    ...doc,
    tracks: doc.tracks.map((t, k) =>
      k !== at
        ? t
        : {
            ...t,
            devices: [
              { ...t.devices[0], grid: { ...grid, connections: grid.connections.map((c, j) => (j === i ? { ...c, amount } : c)) } },
              ...t.devices.slice(1),
            ],
          },
    ),
  });
  const last = grid.connections.length - 1;
  assert.doesNotThrow(() => buildProject(withAmount(last, -1)));
  assert.throws(() => buildProject(withAmount(last, 1.01)), /cord amount/);
  assert.throws(() => buildProject(withAmount(0, 0.5)), /module carries no amount/);
});
