import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { History } from '../../src/engine/commands/history.js';
import { SetParameter } from '../../src/engine/commands/set-parameter.js';
import { CompoundCommand, FunctionCommand } from '../../src/engine/commands/command.js';
import { FootlightError } from '../../src/engine/errors.js';

const MCP = { surface: 'mcp', session: 'a' } as const;
const CONSOLE = { surface: 'console', session: 'c1' } as const;

function setup() {
  const root = new Component('Root');
  root.key = 'lx';
  const graph = new Graph();
  graph.addRoot(root);
  const p = root.addParameter('fader', new BoundedParameter('Fader', 0.5));
  let t = 0;
  const history = new History(graph, () => t);
  return { graph, root, p, history, tick: (ms: number) => (t += ms) };
}

test('history: perform, undo, redo', () => {
  const { p, history } = setup();
  history.perform(new SetParameter(p, 0.8), MCP);
  assert.equal(p.getValue(), 0.8);
  assert.equal(history.undo()?.command.label, 'Change Root Fader');
  assert.equal(p.getValue(), 0.5);
  assert.equal(history.canUndo, false);
  history.redo();
  assert.equal(p.getValue(), 0.8);
  assert.equal(history.canRedo, false);
});

test('history: continuous edits merge within the window, from one origin only', () => {
  const { p, history, tick } = setup();
  history.perform(new SetParameter(p, 0.6), CONSOLE, { mergeKey: 'fader' });
  tick(200);
  history.perform(new SetParameter(p, 0.7), CONSOLE, { mergeKey: 'fader' });
  tick(200);
  history.perform(new SetParameter(p, 0.9), CONSOLE, { mergeKey: 'fader' });
  assert.equal(history.undoDepth, 1);
  tick(1500);
  history.perform(new SetParameter(p, 1), CONSOLE, { mergeKey: 'fader' });
  assert.equal(history.undoDepth, 2);
  history.perform(new SetParameter(p, 0.2), MCP, { mergeKey: 'fader' });
  assert.equal(history.undoDepth, 3);
  history.undo();
  history.undo();
  assert.equal(p.getValue(), 0.9);
  history.undo();
  assert.equal(p.getValue(), 0.5);
});

test('history: tool calls without a merge key never merge', () => {
  const { p, history } = setup();
  history.perform(new SetParameter(p, 0.6), MCP);
  history.perform(new SetParameter(p, 0.7), MCP);
  assert.equal(history.undoDepth, 2);
});

test('history: a failing command records nothing and keeps earlier steps', () => {
  const { p, history } = setup();
  history.perform(new SetParameter(p, 0.6), MCP);
  const bad = new FunctionCommand(
    'Explode',
    () => {
      throw new FootlightError('invalid_argument', 'no');
    },
    () => {},
  );
  assert.throws(() => history.perform(bad, MCP), /no/);
  assert.equal(history.undoDepth, 1);
  assert.equal(history.nextUndo?.command.label, 'Change Root Fader');
});

test('history: a compound command is one step and rolls back when a step fails', () => {
  const { root, p, history } = setup();
  const q = root.addParameter('other', new BoundedParameter('Other', 0));
  const failing = new FunctionCommand(
    'Fail',
    () => {
      throw new FootlightError('invalid_argument', 'step 3 failed');
    },
    () => {},
  );
  assert.throws(() => history.perform(new CompoundCommand('Batch', [new SetParameter(p, 0.1), new SetParameter(q, 0.2), failing]), MCP), /step 3/);
  assert.equal(p.getValue(), 0.5);
  assert.equal(q.getValue(), 0);
  assert.equal(history.undoDepth, 0);
  history.perform(new CompoundCommand('Batch', [new SetParameter(p, 0.1), new SetParameter(q, 0.2)]), MCP);
  assert.equal(history.undoDepth, 1);
  history.undo();
  assert.equal(p.getValue(), 0.5);
  assert.equal(q.getValue(), 0);
});

test('history: an undo that throws leaves the history intact', () => {
  const { history } = setup();
  let fail = true;
  history.perform(
    new FunctionCommand(
      'Fragile',
      () => {},
      () => {
        if (fail) throw new Error('boom');
      },
    ),
    MCP,
  );
  assert.throws(
    () => history.undo(),
    (e: unknown) => e instanceof FootlightError && e.code === 'internal',
  );
  assert.equal(history.undoDepth, 1);
  fail = false;
  history.undo();
  assert.equal(history.undoDepth, 0);
  assert.equal(history.redoDepth, 1);
});

test('history: set commands resolve by id after the owner is removed and put back', () => {
  const root = new Component('Root');
  root.key = 'lx';
  const list = root.addArray<Component>('item');
  const graph = new Graph();
  graph.addRoot(root);
  const item = list.insert(new Component('Item'));
  const p = item.addParameter('level', new BoundedParameter('Level', 0));
  const history = new History(graph);
  history.perform(new SetParameter(p, 1), MCP);
  list.remove(item);
  assert.throws(
    () => history.undo(),
    (e: unknown) => e instanceof FootlightError && e.code === 'internal',
  );
  list.insert(item);
  history.undo();
  assert.equal(p.getValue(), 0);
});

test('history: a transaction is one step; a failure inside undoes what it did and records nothing', () => {
  const { root, p, history } = setup();
  const q = root.addParameter('other', new BoundedParameter('Other', 0));
  const { entry } = history.transaction('Batch of 2', MCP, () => {
    history.perform(new SetParameter(p, 0.1), MCP);
    history.perform(new SetParameter(q, 0.2), MCP);
  });
  assert.equal(entry?.command.label, 'Batch of 2');
  assert.equal(history.undoDepth, 1);
  history.undo();
  assert.equal(p.getValue(), 0.5);
  assert.equal(q.getValue(), 0);
  history.redo();
  assert.equal(q.getValue(), 0.2);
  assert.throws(
    () =>
      history.transaction('Bad', MCP, () => {
        history.perform(new SetParameter(p, 0.9), MCP);
        history.perform(new SetParameter(q, 0.9), MCP);
        throw new FootlightError('invalid_argument', 'third failed');
      }),
    /third failed/,
  );
  assert.equal(p.getValue(), 0.1);
  assert.equal(q.getValue(), 0.2);
  assert.equal(history.undoDepth, 1);
  assert.equal(history.canRedo, false);
  assert.throws(() => history.transaction('Nested undo', MCP, () => history.undo()), /cannot run inside a batch/);
  assert.equal(history.transaction('Nothing', MCP, () => 7).entry, undefined);
});
