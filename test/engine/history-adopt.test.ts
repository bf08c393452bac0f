// A history rebuilt from the same calls in another state takes the recorded changes of the original
// (a cluster node joining from a checkpoint: src/cluster/checkpoint-join.ts), so its undo and redo
// land where the original's do; a history of other steps is refused and nothing changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { History } from '../../src/engine/commands/history.js';
import { SetParameter } from '../../src/engine/commands/set-parameter.js';

const MCP = { surface: 'mcp', session: 'a' } as const;

function show(fader: number) {
  const root = new Component('Root');
  root.key = 'lx';
  const graph = new Graph();
  graph.addRoot(root);
  const p = root.addParameter('fader', new BoundedParameter('Fader', fader));
  return { p, history: new History(graph) };
}

test('history: adopting recorded changes makes undo and redo land as in the original', () => {
  // The original moved from 0.3 (a fade had set it) to 0.8 and 0.9, then undid one step.
  const original = show(0.3);
  original.history.perform(new SetParameter(original.p, 0.8), MCP);
  original.history.perform(new SetParameter(original.p, 0.9), MCP);
  original.history.undo();
  // The rebuilt one ran the same calls from 0.5 (no fade ran there).
  const rebuilt = show(0.5);
  rebuilt.history.perform(new SetParameter(rebuilt.p, 0.8), MCP);
  rebuilt.history.perform(new SetParameter(rebuilt.p, 0.9), MCP);
  rebuilt.history.undo();

  const recorded = JSON.parse(JSON.stringify(original.history.recordedChanges()));
  assert.deepEqual(
    recorded.undo.map((s: { seq: number; label: string }) => [s.seq, s.label]),
    [[1, 'Change Root Fader']],
  );
  rebuilt.history.adoptChanges(recorded);
  assert.deepEqual(JSON.parse(JSON.stringify(rebuilt.history.recordedChanges())), recorded);

  rebuilt.history.undo();
  assert.equal(rebuilt.p.getValue(), 0.3, "undo lands on the original's value");
  rebuilt.history.redo();
  rebuilt.history.redo();
  assert.equal(rebuilt.p.getValue(), 0.9);
  rebuilt.history.undo();
  assert.equal(rebuilt.p.getValue(), 0.8, 'restored');
});

test('history: recorded changes of other steps are refused and nothing changes', () => {
  const a = show(0.3);
  a.history.perform(new SetParameter(a.p, 0.8), MCP);
  const b = show(0.5);
  b.history.perform(new SetParameter(b.p, 0.7), MCP);
  b.history.perform(new SetParameter(b.p, 0.6), MCP);
  const before = JSON.stringify(b.history.recordedChanges());
  assert.throws(() => b.history.adoptChanges(a.history.recordedChanges()), { code: 'invalid_argument', message: /2 steps here, 1 in the recorded history/ });
  const relabelled = { undo: [{ seq: 1, label: 'Other', changes: [] }, ...b.history.recordedChanges().undo.slice(1)], redo: [] };
  assert.throws(() => b.history.adoptChanges(relabelled), { code: 'invalid_argument', message: /step 1 "Change Root Fader" here, 1 "Other"/ });
  assert.equal(JSON.stringify(b.history.recordedChanges()), before, 'nothing changed');
  assert.equal(b.history.undoDepth, 2);
});
