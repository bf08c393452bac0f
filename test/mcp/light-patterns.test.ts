import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, probe, wireDirect } from '../light/operations/helpers.js';

const CH1 = '/lx/mixer/channel/1';
const CH2 = '/lx/mixer/channel/2';

test('add_pattern: inserts, siblings shift (pathChanges), the active pattern stays; undo', async (t) => {
  const show = await startShow(t);
  const gradient = (await show.call('get_channel', { path: CH1 })).channel.patterns[0];
  const r = await assertUndoable(
    show,
    () => show.call('add_pattern', { containerPath: CH1, class: 'Noise', index: 0 }),
    async (r) => {
      assert.equal(r.pattern.path, `${CH1}/pattern/1`);
      assert.equal(r.pattern.class, 'heronarts.lx.pattern.texture.NoisePattern');
      assert.equal(r.pattern.active, false);
      const listed = (await show.call('list_parameters', { path: r.pattern.path })).parameters;
      assert.deepEqual(r.parameters, Object.fromEntries(listed.map((p: { key: string; value: unknown }) => [p.key, p.value])));
      assert.ok(
        r.pathChanges.some(
          (c: { id: number; before: string; after: string }) => c.id === gradient.id && c.before === `${CH1}/pattern/1` && c.after === `${CH1}/pattern/2`,
        ),
      );
      const ch = (await show.call('get_channel', { path: CH1 })).channel;
      assert.equal(ch.activePattern.path, `${CH1}/pattern/2`);
    },
  );
  assert.deepEqual(r.pattern.effects, []);
  const empty = await show.call('add_channel', {});
  const first = await show.call('add_pattern', { containerId: empty.channel.id, class: 'Solid' });
  assert.equal(first.pattern.active, true, 'the first pattern of an empty channel becomes active');
  const extra: (() => Promise<unknown>)[] = [];
  await assertRefused(show, 'add_pattern', { containerPath: CH1, class: 'Nope' }, /^not_found: no pattern class "Nope"/, extra);
  await assertRefused(show, 'add_pattern', { containerPath: CH1, class: 'Noise', index: 5 }, /^invalid_argument: index takes an integer in 0–1/, extra);
  await assertRefused(show, 'add_pattern', { containerPath: `${CH1}/pattern/1`, class: 'Noise' }, /^invalid_argument: .* cannot hold patterns/, extra);
  await assertRefused(show, 'add_pattern', { class: 'Noise' }, /^invalid_argument: give the channel or pattern rack's path or id/, extra);
});

test('activate_pattern: playlist only; undo returns to the pattern that was active', async (t) => {
  const show = await startShow(t);
  await show.call('add_pattern', { containerPath: CH1, class: 'Noise' });
  await assertUndoable(
    show,
    () => show.call('activate_pattern', { path: `${CH1}/pattern/2` }),
    async (r) => {
      assert.equal(r.pattern.active, true);
      assert.equal((await show.call('get_channel', { path: CH1 })).channel.activePattern.index, 1);
    },
  );
  const depth = (await show.call('get_history')).undoDepth;
  await show.call('activate_pattern', { path: `${CH1}/pattern/1` });
  assert.equal((await show.call('get_history')).undoDepth, depth, 'activating the active pattern is no step');
  await show.call('set_parameter', { path: `${CH1}/compositeMode`, value: 'Blend' });
  await assertRefused(show, 'activate_pattern', { path: `${CH1}/pattern/2` }, /^invalid_argument: .* is in blend mode/);
  await assertRefused(show, 'activate_pattern', { path: CH1 }, /^invalid_argument: .* is not a channel's pattern/);
});

test('move_pattern: reorders; active stays active; pathChanges; undo', async (t) => {
  const show = await startShow(t);
  await show.call('add_pattern', { containerPath: CH1, class: 'Noise' });
  await show.call('add_pattern', { containerPath: CH1, class: 'Solid' });
  const ids = (await show.call('get_channel', { path: CH1 })).channel.patterns.map((p: { id: number }) => p.id);
  await assertUndoable(
    show,
    () => show.call('move_pattern', { path: `${CH1}/pattern/1`, index: 2 }),
    async (r) => {
      assert.equal(r.pattern.path, `${CH1}/pattern/3`);
      assert.equal(r.pattern.active, true);
      const ch = (await show.call('get_channel', { path: CH1 })).channel;
      assert.deepEqual(
        ch.patterns.map((p: { id: number }) => p.id),
        [ids[1], ids[2], ids[0]],
      );
      for (const id of ids) assert.ok(r.pathChanges.some((c: { id: number }) => c.id === id));
      assert.ok(r.pathChanges.length > 3, "the patterns' built-in modulators are listed too");
    },
  );
  await assertRefused(show, 'move_pattern', { path: `${CH1}/pattern/1`, index: 3 }, /^invalid_argument: index takes an integer in 0–2/);
});

test('remove_pattern: dependent modulations go with it and come back with undo; ids kept', async (t) => {
  const show = await startShow(t);
  await show.call('add_pattern', { containerPath: CH1, class: 'Noise' });
  const target = `${CH1}/pattern/1/gradientRange`;
  const wired = await wireDirect(show, `${CH2}/fader`, target);
  const modulated = async () => show.call('get_parameter', { path: target });
  const before = await modulated();
  assert.equal(before.parameter.modulated, true);
  const id = (await show.call('get_channel', { path: CH1 })).channel.patterns[0].id;
  await assertUndoable(
    show,
    () => show.call('remove_pattern', { path: `${CH1}/pattern/1` }),
    async (r) => {
      assert.equal(r.removed, `${CH1}/pattern/1`);
      assert.equal(r.kind, 'pattern');
      assert.equal(r.id, id);
      assert.deepEqual(r.removedWiring, [{ kind: 'modulation', path: wired, scope: '/lx/modulation', sourcePath: `${CH2}/fader`, targetPath: target }]);
      const ch = (await show.call('get_channel', { path: CH1 })).channel;
      assert.equal(ch.patterns.length, 1);
      assert.equal(ch.activePattern.path, `${CH1}/pattern/1`);
    },
    [probe(show, 'get_parameter', { path: target })],
  );
  assert.deepEqual(await modulated(), before, 'undo brought the modulation back');
  await assertRefused(show, 'remove_pattern', { path: `${CH1}/pattern/3` }, /^not_found: /);
});

test('copy_pattern: same channel and across channels; new ids; outside wiring reported', async (t) => {
  const show = await startShow(t);
  const src = `${CH1}/pattern/1`;
  await show.call('set_parameter', { path: `${src}/gradientRange`, value: 120 });
  const wired = await wireDirect(show, `${CH2}/fader`, `${src}/gradientRange`);
  const srcPayload = (await show.call('get_channel', { path: CH1 })).channel.patterns[0];
  const r = await assertUndoable(
    show,
    () => show.call('copy_pattern', { path: src }),
    async (r) => {
      assert.equal(r.pattern.path, `${CH1}/pattern/2`);
      assert.notEqual(r.pattern.id, srcPayload.id);
      assert.equal(r.pattern.active, false);
      assert.equal((await show.call('get_parameter', { path: `${CH1}/pattern/2/gradientRange` })).parameter.value, 120);
      assert.deepEqual(
        r.unreplicatedWiring.map((w: { path: string }) => w.path),
        [wired],
      );
    },
  );
  assert.equal(r.pathChanges.length, 0);
  await assertUndoable(
    show,
    () => show.call('copy_pattern', { path: src, containerPath: CH2, index: 0 }),
    async (r) => {
      assert.equal(r.pattern.path, `${CH2}/pattern/1`);
      assert.ok(r.pathChanges.some((c: { before: string; after: string }) => c.before === `${CH2}/pattern/1` && c.after === `${CH2}/pattern/2`));
      assert.equal((await show.call('get_channel', { path: CH2 })).channel.activePattern.path, `${CH2}/pattern/2`, 'the destination keeps its active pattern');
    },
  );
  await assertRefused(show, 'copy_pattern', { path: src, containerPath: CH2, index: 9 }, /^invalid_argument: index takes an integer in 0–1/);
  await assertRefused(show, 'copy_pattern', { path: src, containerPath: '/lx/mixer/master' }, /^invalid_argument: .* cannot hold patterns/);
});

test('pattern racks: add, move, activate, copy and remove nested patterns; a rack cannot be copied into itself', async (t) => {
  const show = await startShow(t);
  const rack = await show.call('add_pattern', { containerPath: CH1, class: 'Pattern Rack' });
  assert.equal(rack.pattern.class, 'heronarts.lx.pattern.PatternRack');
  assert.deepEqual(rack.pattern.nestedPatterns, []);
  const R = rack.pattern.path;
  const a = await assertUndoable(
    show,
    () => show.call('add_pattern', { containerPath: R, class: 'Solid' }),
    (r) => {
      assert.equal(r.pattern.path, `${R}/pattern/1`);
      assert.equal(r.pattern.active, true, 'the first pattern of an empty rack becomes active');
    },
  );
  await show.call('add_pattern', { containerPath: R, class: 'Solid' });
  const b = await show.call('add_pattern', { containerPath: R, class: 'Noise' });
  await assertUndoable(
    show,
    () => show.call('move_pattern', { id: b.pattern.id, index: 0 }),
    (r) => {
      assert.equal(r.pattern.path, `${R}/pattern/1`);
    },
  );
  await assertUndoable(
    show,
    () => show.call('activate_pattern', { id: b.pattern.id }),
    (r) => {
      assert.equal(r.pattern.active, true);
    },
  );
  const copy = await show.call('copy_pattern', { path: R, containerPath: '/lx/mixer/channel/2' });
  assert.equal(copy.pattern.nestedPatterns.length, 2);
  await assertRefused(show, 'copy_pattern', { path: R, containerPath: R }, /^invalid_argument: .* cannot be copied into itself/);
  await assertUndoable(
    show,
    () => show.call('remove_pattern', { id: b.pattern.id }),
    (r) => {
      assert.equal(r.id, b.pattern.id);
    },
  );
  await assertRefused(show, 'add_pattern', { containerPath: `${R}/pattern/1`, class: 'Solid' }, /^invalid_argument: .* cannot hold patterns/);
  assert.ok(a.pattern.id > 0);
});
