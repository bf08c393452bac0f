import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { History } from '../../src/engine/commands/history.js';
import { SetParameter } from '../../src/engine/commands/set-parameter.js';
import { toUndoRedo, toHistoryMemory } from '../../src/tools/core/history-payloads.js';

const MCP = { surface: 'mcp', session: 'a' } as const;

function setup(budgetBytes?: number) {
  const root = new Component('Root');
  root.key = 'lx';
  const graph = new Graph();
  graph.addRoot(root);
  const p = root.addParameter('fader', new BoundedParameter('Fader', 0.5));
  const history = new History(graph, Date.now, budgetBytes === undefined ? {} : { budgetBytes });
  return { p, history };
}

function storm(history: History, p: BoundedParameter, steps: number): void {
  for (let i = 1; i <= steps; i++) history.perform(new SetParameter(p, (i % 997) / 1000 + 0.001), MCP);
}

function undoAll(history: History): number {
  let n = 0;
  while (history.undo() !== undefined) n++;
  return n;
}

for (const steps of [1001, 20_000]) {
  test(`history: ${steps} steps, undo all, the first value is back`, () => {
    const { p, history } = setup();
    storm(history, p, steps);
    assert.equal(history.undoDepth, steps);
    assert.equal(history.droppedSteps, 0);
    assert.equal(undoAll(history), steps);
    assert.equal(p.getValue(), 0.5);
    const payload = toUndoRedo('undo', history.undoMany({ steps: 1 }), history);
    assert.equal(payload.changed, false);
    assert.equal(payload.trimmed, undefined, 'a complete history is not reported trimmed');
  });
}

test('history: the bound is a memory budget; past it the earliest steps drop, counted and reported', () => {
  const { p, history } = setup(200_000);
  storm(history, p, 1000);
  const m = toHistoryMemory(history);
  assert.ok(m.droppedSteps > 0, 'a 200 kB budget cannot keep 1,000 steps');
  assert.ok(m.usedBytes <= m.budgetBytes);
  assert.equal(history.undoDepth + m.droppedSteps, 1000);
  assert.equal(m.nearBudget, true);
  undoAll(history);
  assert.notEqual(p.getValue(), 0.5, 'the dropped steps are really gone');
  const payload = toUndoRedo('undo', history.undoMany({ steps: 1 }), history);
  assert.equal(payload.changed, false);
  assert.equal(payload.droppedSteps, m.droppedSteps);
  assert.match(payload.trimmed ?? '', /trimmed/);
});

test('history: usage rises with steps, falls as redo steps are discarded, and warns before it drops', () => {
  const { p, history } = setup(100_000);
  assert.equal(history.usage.bytes, 0);
  storm(history, p, 10);
  const ten = history.usage.bytes;
  assert.ok(ten > 10 * 300 && ten < 10 * 2000, `a one-parameter step is counted in hundreds of bytes (got ${ten / 10})`);
  undoAll(history);
  assert.equal(history.usage.bytes, ten, 'undone steps are still kept for redo');
  history.perform(new SetParameter(p, 0.9), MCP);
  assert.ok(history.usage.bytes < ten / 5, 'a new step discards the redo stack and its bytes');
  let warnedBeforeDrop = false;
  for (let i = 0; i < 1000 && history.droppedSteps === 0; i++) {
    if (history.usage.nearBudget) warnedBeforeDrop = true;
    history.perform(new SetParameter(p, (i % 100) / 100), MCP);
  }
  assert.ok(history.droppedSteps > 0);
  assert.ok(warnedBeforeDrop, 'nearBudget was reported before the first step was dropped');
  history.clear();
  assert.deepEqual(toHistoryMemory(history), { droppedSteps: 0, usedBytes: 0, budgetBytes: 100_000, nearBudget: false });
});
