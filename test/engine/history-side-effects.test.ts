// The history records what parameter listeners change while a command performs, undoes or
// redoes (src/engine/commands/side-effects.ts), so undo and redo are exact for parameters with
// side effects. A small graph stands in for the light domain: three switches that are exclusive
// (like a channel's pattern Cues), a mode that clears them all (like playlist mode), and a
// fader with a follower that a listener keeps at twice the fader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BooleanParameter } from '../../src/engine/parameters/boolean.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { recording } from '../../src/engine/parameters/recording.js';
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
  const cues = [0, 1, 2].map((i) => root.addParameter(`cue${i + 1}`, new BooleanParameter(`Cue ${i + 1}`, false)));
  for (const c of cues)
    c.onChange(() => {
      if (c.isOn()) for (const o of cues) if (o !== c) o.setOn(false);
    });
  const solo = root.addParameter('solo', new BooleanParameter('Solo', false));
  solo.onChange(() => {
    if (solo.isOn()) for (const c of cues) c.setOn(false);
  });
  const fader = root.addParameter('fader', new BoundedParameter('Fader', 0.1));
  const follower = root.addParameter('follower', new BoundedParameter('Follower', 0.2, { v1: 2 }));
  fader.onChange(() => follower.setValue(fader.getValue() * 2));
  const items = root.addArray<Component>('item');
  let t = 0;
  const history = new History(graph, () => t);
  const state = (): string => JSON.stringify([...cues.map((c) => c.getBaseValue()), solo.getBaseValue(), fader.getBaseValue(), follower.getBaseValue()]);
  return { graph, root, cues, solo, fader, follower, items, history, state, tick: (ms: number) => (t += ms) };
}

test('side effects: do → undo restores what a listener turned off → redo turns it off again', () => {
  const { cues, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  const before = state();
  history.perform(new SetParameter(cues[1], true), MCP);
  assert.equal(cues[0].isOn(), false, 'the listener turned cue 1 off');
  const after = state();
  assert.deepEqual(
    history.nextUndo?.changes.map((c) => c.key),
    ['cue2', 'cue1'],
    'the step records its own change and the side effect',
  );
  history.undo();
  assert.equal(cues[0].isOn(), true);
  assert.equal(cues[1].isOn(), false);
  assert.equal(state(), before);
  history.redo();
  assert.equal(state(), after);
  history.undo();
  history.undo();
  assert.equal(state(), JSON.stringify([0, 0, 0, 0, 0.1, 0.2]));
});

test('side effects: a switch that clears a group undoes exactly, in reverse order', () => {
  const { cues, solo, history, state } = setup();
  history.perform(new SetParameter(cues[2], true), MCP);
  const before = state();
  history.perform(new SetParameter(solo, true), MCP);
  assert.equal(cues[2].isOn(), false);
  const after = state();
  history.undo();
  assert.equal(state(), before);
  history.redo();
  assert.equal(state(), after);
});

test('side effects: a listener change made by the undo itself is put back too', () => {
  // Undoing "solo off" turns solo on, whose listener clears the cues; cue 3 was on before the
  // step (it was switched on while solo was on), so the undo must leave it on.
  const { cues, solo, history, state } = setup();
  history.perform(new SetParameter(solo, true), MCP);
  history.perform(new SetParameter(cues[2], true), MCP);
  const before = state();
  history.perform(new SetParameter(solo, false), MCP);
  const after = state();
  history.undo();
  assert.equal(solo.isOn(), true);
  assert.equal(cues[2].isOn(), true);
  assert.equal(state(), before);
  history.redo();
  assert.equal(state(), after);
});

test('side effects: a merged continuous edit keeps the earliest prior value of what it side-effected', () => {
  const { fader, follower, history, tick } = setup();
  history.perform(new SetParameter(fader, 0.3), CONSOLE, { mergeKey: 'fader' });
  tick(100);
  history.perform(new SetParameter(fader, 0.6), CONSOLE, { mergeKey: 'fader' });
  tick(100);
  history.perform(new SetParameter(fader, 0.9), CONSOLE, { mergeKey: 'fader' });
  assert.equal(history.undoDepth, 1);
  assert.equal(follower.getValue(), 1.8);
  const follow = history.nextUndo?.changes.find((c) => c.key === 'follower');
  assert.deepEqual([follow?.before, follow?.after], [0.2, 1.8]);
  history.undo();
  assert.equal(fader.getValue(), 0.1);
  assert.equal(follower.getValue(), 0.2, 'the follower goes back to its value before the whole gesture');
  history.redo();
  assert.equal(fader.getValue(), 0.9);
  assert.equal(follower.getValue(), 1.8);
});

test("side effects: a merge only a later step side-effects keeps that step's prior value", () => {
  const { cues, history, tick } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  history.perform(new SetParameter(cues[1], false), CONSOLE, { mergeKey: 'cue2' });
  tick(100);
  history.perform(new SetParameter(cues[1], true), CONSOLE, { mergeKey: 'cue2' });
  assert.equal(history.undoDepth, 2);
  assert.equal(cues[0].isOn(), false);
  history.undo();
  assert.equal(cues[0].isOn(), true);
  assert.equal(cues[1].isOn(), false);
});

test("side effects: a failing transaction puts back what its steps' listeners changed; history untouched", () => {
  const { cues, solo, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  const before = state();
  assert.throws(
    () =>
      history.transaction('Bad', MCP, () => {
        history.perform(new SetParameter(cues[1], true), MCP);
        history.perform(new SetParameter(solo, true), MCP);
        throw new FootlightError('invalid_argument', 'third failed');
      }),
    /third failed/,
  );
  assert.equal(state(), before);
  assert.equal(cues[0].isOn(), true);
  assert.equal(history.undoDepth, 1);
  assert.equal(history.canRedo, false);
});

test('side effects: a transaction is one exact step; rolling back its latest step keeps the earlier ones', () => {
  const { cues, solo, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  const before = state();
  const { entry } = history.transaction('Batch', MCP, () => {
    history.perform(new SetParameter(cues[1], true), MCP);
    const last = history.perform(new SetParameter(cues[2], true), MCP);
    history.rollback(last);
    assert.equal(cues[1].isOn(), true, 'the rollback put back what the last step turned off');
    assert.equal(cues[2].isOn(), false);
    history.perform(new SetParameter(solo, true), MCP);
  });
  assert.equal(entry?.command.label, 'Batch');
  const after = state();
  history.undo();
  assert.equal(state(), before);
  history.redo();
  assert.equal(state(), after);
});

test("side effects: a compound command that fails midway restores its steps' side effects", () => {
  const { cues, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  const before = state();
  const failing = new FunctionCommand(
    'Fail',
    () => {
      throw new FootlightError('invalid_argument', 'step 2 failed');
    },
    () => {},
  );
  assert.throws(() => history.perform(new CompoundCommand('Batch', [new SetParameter(cues[1], true), failing]), MCP), /step 2/);
  assert.equal(state(), before);
  assert.equal(history.undoDepth, 1);
  // A command that changes things and then throws without cleaning up is put back too.
  const sloppy = new FunctionCommand(
    'Sloppy',
    () => {
      cues[2].setOn(true);
      throw new FootlightError('invalid_argument', 'half done');
    },
    () => {},
  );
  assert.throws(() => history.perform(sloppy, MCP), /half done/);
  assert.equal(state(), before);
});

test('side effects: an undo that throws midway changes nothing', () => {
  const { cues, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  history.perform(
    new FunctionCommand(
      'Fragile',
      () => cues[1].setOn(true),
      () => {
        cues[1].setOn(false);
        cues[2].setOn(true);
        throw new Error('boom');
      },
    ),
    MCP,
  );
  const after = state();
  assert.throws(
    () => history.undo(),
    (e: unknown) => e instanceof FootlightError && e.code === 'internal',
  );
  assert.equal(state(), after);
  assert.equal(history.undoDepth, 2);
});

test('side effects: only base values inside a step are recorded, never modulation or changes outside commands', () => {
  const { fader, follower, cues, history } = setup();
  let amount = 0;
  fader.addModulation({ modulationAmount: () => amount });
  assert.equal(recording.current, null, 'nothing records outside a command');
  history.perform(new SetParameter(fader, 0.4), MCP);
  assert.deepEqual(
    history.nextUndo?.changes.map((c) => [c.key, c.before, c.after]),
    [
      ['fader', 0.1, 0.4],
      ['follower', 0.2, 0.8],
    ],
  );
  amount = 0.3; // modulation moves the effective value only
  assert.ok(Math.abs(fader.getValue() - 0.7) < 1e-9);
  cues[2].setOn(true); // an engine-driven change between steps: not part of any step
  assert.equal(recording.current, null);
  history.undo();
  assert.equal(fader.getBaseValue(), 0.1);
  assert.ok(Math.abs(fader.getValue() - 0.4) < 1e-9, 'modulation still rides on the restored base');
  assert.equal(follower.getBaseValue(), 0.2);
  assert.equal(cues[2].isOn(), true, 'a change made outside the history is not undone');
});

test('side effects: parameters of a component the step creates are not recorded; undo and redo still exact', () => {
  const { items, cues, history, state } = setup();
  history.perform(new SetParameter(cues[0], true), MCP);
  const before = state();
  const item = new Component('Item');
  const level = item.addParameter('level', new BoundedParameter('Level', 0));
  const add = new FunctionCommand(
    'Add item',
    () => {
      items.insert(item);
      level.setValue(0.5);
      cues[1].setOn(true);
    },
    () => {
      items.remove(item);
    },
  );
  history.perform(add, MCP);
  assert.deepEqual(
    history.nextUndo?.changes.map((c) => c.key),
    ['cue2', 'cue1'],
  );
  const after = state();
  history.undo();
  assert.equal(items.length, 0);
  assert.equal(state(), before);
  history.redo();
  assert.equal(items.length, 1);
  assert.equal(level.getValue(), 0.5);
  assert.equal(state(), after);
});
