import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startStack } from './helpers.js';

test('a sound write whose read-back disagrees is rolled back: undo and redo stacks exactly as before, and the redo still works', async (t) => {
  const s = await startStack(t);
  const h = s.engine.history;
  // Two accepted writes, one undone: the redo stack holds a step.
  await s.ok('set 1 0.25');
  await s.ok('set 1 0.75');
  await s.ok('undo');
  const stacks = () => ({ undo: h.recent().map((e) => e.seq), redo: h.redoable().map((e) => e.seq) });
  const before = stacks();
  assert.equal(before.redo.length, 1);
  const document = s.document();
  // A device that does not take the value: a listener puts the old one back (as a host that clamps would).
  const d = s.host.selection.device()!;
  const id = d.spec.controls[0];
  const p = d.native.get(id)!;
  const held = p.getBaseValue();
  const stop = p.onChange(() => {
    if (p.getBaseValue() !== held) p.setBase(held);
  });
  const r = await s.call('set 1 0.5');
  stop();
  assert.equal(r.ok, false);
  assert.equal(r.code, 'internal');
  assert.match(r.error as string, /rolled back/);
  assert.deepEqual(stacks(), before, 'the rejected step is on neither stack; the redo survived');
  assert.equal(s.document(), document, 'the document is as before');
  await s.ok('redo');
  assert.equal(
    p.getBaseValue(),
    d.spec.params.find((x) => x.id === id)!.min + 0.75 * (d.spec.params.find((x) => x.id === id)!.max - d.spec.params.find((x) => x.id === id)!.min),
  );
});
