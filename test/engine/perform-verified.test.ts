import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { History } from '../../src/engine/commands/history.js';
import { SetParameter } from '../../src/engine/commands/set-parameter.js';
import { internal } from '../../src/engine/errors.js';

const MCP = { surface: 'mcp', session: 'a' } as const;

function setup(budgetBytes?: number) {
  const root = new Component('Root');
  const graph = new Graph();
  graph.addRoot(root);
  const p = root.addParameter('fader', new BoundedParameter('Fader', 0.5));
  const history = new History(graph, Date.now, { budgetBytes });
  return { p, history, stacks: () => ({ undo: history.recent(), redo: history.redoable() }) };
}

test('performVerified: a passing read-back keeps the step and returns its result', () => {
  const { p, history } = setup();
  const r = history.performVerified(new SetParameter(p, 0.7), MCP, (entry) => entry.command.label);
  assert.equal(r, 'Change Root Fader');
  assert.equal(p.getValue(), 0.7);
  assert.equal(history.undoDepth, 1);
});

test('performVerified: a failed read-back rolls the step back; undo and redo stacks are exactly as before', () => {
  const { p, history, stacks } = setup();
  history.perform(new SetParameter(p, 0.6), MCP);
  history.perform(new SetParameter(p, 0.9), MCP);
  history.undo(); // one step waits on the redo stack
  const before = stacks();
  assert.equal(before.redo.length, 1);
  assert.throws(
    () =>
      history.performVerified(new SetParameter(p, 0.2), MCP, () => {
        throw internal('read back disagrees');
      }),
    /read back disagrees/,
  );
  assert.equal(p.getValue(), 0.6, 'the value is back');
  assert.deepEqual(stacks(), before, 'the rejected step is neither on undo nor on redo, and redo survived');
  assert.equal(history.redo()?.command.label, 'Change Root Fader');
  assert.equal(p.getValue(), 0.9, 'the waiting redo still redoes');
});

test('performVerified inside a transaction rolls back only its own step', () => {
  const { p, history } = setup();
  const q = p; // one parameter is enough: the batch's first write must survive the second's rollback
  const { entry } = history.transaction('Batch', MCP, () => {
    history.perform(new SetParameter(q, 0.3), MCP);
    assert.throws(() =>
      history.performVerified(new SetParameter(q, 0.4), MCP, () => {
        throw internal('no');
      }),
    );
    assert.equal(q.getValue(), 0.3);
  });
  assert.ok(entry !== undefined);
  assert.equal(history.undoDepth, 1);
});

test('performVerified at the memory budget: a rejected step does not cost the oldest step', () => {
  const { p, history } = setup(600 * 100);
  for (let i = 0; i < 1000; i++) history.perform(new SetParameter(p, (i % 100) / 100), MCP);
  assert.ok(history.droppedSteps > 0, 'the budget is reached');
  const kept = history.undoDepth;
  const oldest = history.recent(kept).at(-1)!.seq;
  const before = { undo: history.recent(kept), redo: history.redoable() };
  assert.throws(() =>
    history.performVerified(new SetParameter(p, 0.999), MCP, () => {
      throw internal('no');
    }),
  );
  assert.deepEqual({ undo: history.recent(kept), redo: history.redoable() }, before);
  assert.equal(history.recent(kept).at(-1)!.seq, oldest);
  assert.equal(history.undoDepth, kept);
});

test('performVerified on a long history (200,000 steps, a long redo stack) copies nothing and overflows nothing', () => {
  const { p, history } = setup();
  for (let i = 0; i < 200_000; i++) history.perform(new SetParameter(p, (i % 100) / 100), MCP);
  for (let i = 0; i < 150_000; i++) history.undo();
  assert.throws(
    () =>
      history.performVerified(new SetParameter(p, 0.999), MCP, () => {
        throw internal('no');
      }),
    /no/,
  );
  assert.equal(history.undoDepth, 50_000);
  assert.equal(history.redoDepth, 150_000, 'the redo steps survived the rejected write');
  history.performVerified(new SetParameter(p, 0.123), MCP, () => true);
  assert.equal(history.redoDepth, 0, 'a confirmed write clears redo as any write does');
  assert.equal(p.getValue(), 0.123);
});
