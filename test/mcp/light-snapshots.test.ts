import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const snapshots = (show: TestShow) => () => show.call('list_snapshots', { limit: 200 });
const F1 = '/lx/mixer/channel/1/fader';
const F2 = '/lx/mixer/channel/2/fader';

async function stepFrames(show: TestShow, n: number, deltaMs = 1000 / 60): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

test('add_snapshot: captures the look; list_snapshots shows it and the engine settings', async (t) => {
  const show = await startShow(t);
  const s = await assertUndoable(
    show,
    () => show.call('add_snapshot', { label: 'Intro' }),
    async (r) => {
      assert.equal(r.snapshot.path, '/lx/snapshots/snapshot/1');
      assert.equal(r.snapshot.label, 'Intro');
      assert.ok(r.snapshot.valueCount > 4);
      assert.ok(r.snapshot.scopes.includes('MIXER'));
      assert.ok(r.snapshot.scopes.includes('PATTERNS'));
    },
    [snapshots(show)],
  );
  assert.equal(s.snapshot.recallPath, '/lx/snapshots/snapshot/1/recall');
  const list = await show.call('list_snapshots');
  assert.deepEqual(list.snapshots, []);
  assert.ok(list.settings.some((p: { path: string }) => p.path === '/lx/snapshots/recallMixer'));
  const plain = await show.call('add_snapshot', {});
  assert.equal(plain.snapshot.label, 'Snapshot-1');
  await assertRefused(show, 'add_snapshot', { index: 5 }, /^invalid_argument: index/, [snapshots(show)]);
});

test('recall_snapshot: restores the captured values; undo puts back every value it overwrote', async (t) => {
  const show = await startShow(t);
  await show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Noise' });
  await show.call('set_parameter', { path: F1, value: 0.6 });
  await show.call('set_parameter', { path: F2, value: 0.9 });
  const snap = await show.call('add_snapshot', {});
  await show.call('set_parameter', { path: F1, value: 0.1 });
  await show.call('set_parameter', { path: F2, value: 0.2 });
  await show.call('activate_pattern', { path: '/lx/mixer/channel/1/pattern/2' });
  const extra = [snapshots(show), () => show.call('get_parameter', { path: F1 }), () => show.call('get_parameter', { path: F2 })];
  await assertUndoable(
    show,
    () => show.call('recall_snapshot', { path: snap.snapshot.path }),
    async (r) => {
      assert.equal(r.transitioning, false);
      assert.equal((await show.call('get_parameter', { path: F1 })).parameter.value, 0.6);
      assert.equal((await show.call('get_parameter', { path: F2 })).parameter.value, 0.9);
      assert.equal((await show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel.activePattern.index, 0);
    },
    extra,
  );
  // After undo (LX cannot): the values the recall overwrote are back.
  assert.equal((await show.call('get_parameter', { path: F1 })).parameter.value, 0.1);
  assert.equal((await show.call('get_parameter', { path: F2 })).parameter.value, 0.2);
  assert.equal((await show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel.activePattern.index, 1);
  // With transitions on, the recall blends; undo stops it and restores; `immediate` skips it.
  await show.call('set_parameter', { path: '/lx/snapshots/transitionEnabled', value: true });
  const blended = await show.call('recall_snapshot', { path: snap.snapshot.path });
  assert.equal(blended.transitioning, true);
  await stepFrames(show, 30);
  const mid = (await show.call('get_parameter', { path: F2 })).parameter.value;
  assert.ok(mid > 0.2 && mid < 0.9, `mid-transition fader ${mid}`);
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: F2 })).parameter.value, 0.2);
  assert.equal((await show.call('list_snapshots')).transitioning, false);
  const immediate = await show.call('recall_snapshot', { path: snap.snapshot.path, immediate: true });
  assert.equal(immediate.transitioning, false);
  assert.equal((await show.call('get_parameter', { path: F2 })).parameter.value, 0.9);
  await assertRefused(show, 'recall_snapshot', { path: '/lx/snapshots/snapshot/4' }, /^not_found: /, extra);
  await assertRefused(show, 'recall_snapshot', { path: '/lx/snapshots' }, /^invalid_argument: .* is not a snapshot/, extra);
});

test('update_snapshot and remove_snapshot: undo restores what it held and its place', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: F1, value: 0.3 });
  const a = await show.call('add_snapshot', {});
  const b = await show.call('add_snapshot', {});
  await show.call('set_parameter', { path: F1, value: 0.8 });
  await assertUndoable(
    show,
    () => show.call('update_snapshot', { id: a.snapshot.id }),
    async () => {
      await show.call('set_parameter', { path: F1, value: 0.5 });
      await show.call('recall_snapshot', { id: a.snapshot.id });
      assert.equal((await show.call('get_parameter', { path: F1 })).parameter.value, 0.8);
      await show.call('undo');
      await show.call('undo');
    },
    [snapshots(show)],
  );
  await assertUndoable(
    show,
    () => show.call('remove_snapshot', { id: a.snapshot.id }),
    (r) => {
      assert.equal(r.kind, 'snapshot');
      assert.equal(r.id, a.snapshot.id);
      assert.deepEqual(r.pathChanges, [{ id: b.snapshot.id, before: '/lx/snapshots/snapshot/2', after: '/lx/snapshots/snapshot/1' }]);
    },
    [snapshots(show)],
  );
});

test('apply_operations: capture two looks and recall the first, one step', async (t) => {
  const show = await startShow(t);
  const before = await snapshots(show)();
  await show.call('apply_operations', {
    operations: [
      { tool: 'set_parameter', args: { path: F1, value: 0.4 } },
      { tool: 'add_snapshot', args: { label: 'A' } },
      { tool: 'set_parameter', args: { path: F1, value: 0.7 } },
      { tool: 'add_snapshot', args: { label: 'B' } },
      { tool: 'recall_snapshot', args: { path: '/lx/snapshots/snapshot/1' } },
    ],
  });
  assert.equal((await show.call('get_parameter', { path: F1 })).parameter.value, 0.4);
  await show.call('undo');
  assert.deepEqual(await snapshots(show)(), before);
  assert.equal((await show.call('get_parameter', { path: F1 })).parameter.value, 1);
});
