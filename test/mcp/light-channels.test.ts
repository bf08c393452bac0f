import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, showState } from '../light/operations/helpers.js';

const GRADIENT = 'heronarts.lx.pattern.color.GradientPattern';

test('add_channel: seed pattern, position, fader; undo removes it, redo brings the same ids', async (t) => {
  const show = await startShow(t);
  const out = await assertUndoable(
    show,
    () => show.call('add_channel', { class: 'Gradient', index: 1, label: 'Wash', fader: 0.5 }),
    (r) => {
      assert.equal(r.channel.path, '/lx/mixer/channel/2');
      assert.equal(r.channel.label, 'Wash');
      assert.equal(r.channel.fader, 0.5);
      assert.equal(r.channel.patterns.length, 1);
      assert.equal(r.channel.patterns[0].class, GRADIENT);
      assert.equal(r.channel.patterns[0].active, true);
    },
  );
  const plain = await show.call('add_channel', {});
  assert.equal(plain.channel.path, '/lx/mixer/channel/3');
  assert.equal(plain.channel.fader, 0, 'LX: a new channel that is not the only one starts at fader 0');
  assert.equal(plain.channel.autoMuted, true);
  assert.equal(plain.channel.patternCount, 0);
  assert.notEqual(out.channel.id, plain.channel.id);
});

test('add_channel at an index: the channels after it shift, each listed in pathChanges; undo puts them back', async (t) => {
  const show = await startShow(t);
  const before = await show.call('list_channels');
  await assertUndoable(
    show,
    () => show.call('add_channel', { index: 0 }),
    async (r) => {
      assert.equal(r.channel.path, '/lx/mixer/channel/1');
      const moves = r.pathChanges.map((c: { id: number; before: string; after: string }) => [c.id, c.before, c.after]);
      for (const [i, ch] of before.channels.entries())
        assert.ok(
          moves.some(([id, b, a]: [number, string, string]) => id === ch.id && b === `/lx/mixer/channel/${i + 1}` && a === `/lx/mixer/channel/${i + 2}`),
        );
      assert.ok(moves.some(([, b, a]: [number, string, string]) => b === '/lx/mixer/channel/1/pattern/1' && a === '/lx/mixer/channel/2/pattern/1'));
      const now = await show.call('list_channels');
      assert.deepEqual(
        now.channels.slice(1).map((c: { id: number; path: string }) => [c.id, c.path]),
        before.channels.map((c: { id: number }, i: number) => [c.id, `/lx/mixer/channel/${i + 2}`]),
      );
    },
  );
  assert.deepEqual((await show.call('add_channel', {})).pathChanges, [], 'at the end nothing moves');
});

test('add_channel: bad class, index and fader are refused; nothing changes', async (t) => {
  const show = await startShow(t);
  await assertRefused(show, 'add_channel', { class: 'NoSuchPattern' }, /^not_found: no pattern class "NoSuchPattern"/);
  await assertRefused(show, 'add_channel', { index: 3 }, /^invalid_argument: index takes an integer in 0–2/);
  await assertRefused(show, 'add_channel', { fader: 2 }, /^invalid_argument: fader/);
  await assertRefused(show, 'add_channel', { bogus: 1 }, /^invalid_argument: /);
});

test('get_channel: full list entry for a channel, a group and the master; errors', async (t) => {
  const show = await startShow(t);
  const list = await show.call('list_channels', { detail: 'full' });
  const one = await show.call('get_channel', { path: '/lx/mixer/channel/2' });
  assert.deepEqual(one.channel, list.channels[1], 'same serializer as list_channels full');
  const byId = await show.call('get_channel', { id: list.channels[0].id });
  assert.deepEqual(byId.channel, list.channels[0]);
  const master = await show.call('get_channel', { path: '/lx/mixer/master' });
  assert.equal(master.channel.type, 'master');
  assert.deepEqual(master.channel.effects, []);
  assert.match(
    await show.callError('get_channel', { path: '/lx/mixer/channel/1/pattern/1' }),
    /^invalid_argument: .* is not a channel, group or the master bus/,
  );
  assert.match(await show.callError('get_channel', { path: '/lx/mixer/channel/9' }), /^not_found: /);
  assert.match(await show.callError('get_channel', {}), /^invalid_argument: give the channel's path or id/);
  assert.match(await show.callError('get_channel', { path: '/lx/mixer/channel/1', id: list.channels[1].id }), /^stale: /);
});

test('remove_channel: later channels shift (pathChanges); undo restores the same channel with its id', async (t) => {
  const show = await startShow(t);
  const before = await show.call('list_channels', { detail: 'full' });
  const r = await assertUndoable(
    show,
    () => show.call('remove_channel', { path: '/lx/mixer/channel/1' }),
    async (r) => {
      assert.equal(r.removed, '/lx/mixer/channel/1');
      assert.equal(r.kind, 'channel');
      assert.equal(r.id, before.channels[0].id);
      assert.ok(
        r.pathChanges.some(
          (c: { id: number; before: string; after: string }) =>
            c.id === before.channels[1].id && c.before === '/lx/mixer/channel/2' && c.after === '/lx/mixer/channel/1',
        ),
      );
      assert.ok(
        r.pathChanges.some(
          (c: { before: string; after: string }) => c.before === '/lx/mixer/channel/2/pattern/1' && c.after === '/lx/mixer/channel/1/pattern/1',
        ),
        'nested patterns are listed',
      );
      const now = await show.call('list_channels');
      assert.equal(now.channels.length, 1);
    },
  );
  assert.equal(r.removedMembers.length, 0);
  await assertRefused(show, 'remove_channel', { path: '/lx/mixer/channel/5' }, /^not_found: /);
  await assertRefused(show, 'remove_channel', { path: '/lx/mixer/master' }, /^invalid_argument: .* is not a mixer channel/);
});

test('move_channel: reorders with pathChanges; undo restores; bad indices refused', async (t) => {
  const show = await startShow(t);
  const list = await show.call('list_channels');
  await assertUndoable(
    show,
    () => show.call('move_channel', { path: '/lx/mixer/channel/1', index: 1 }),
    (r) => {
      assert.equal(r.channel.path, '/lx/mixer/channel/2');
      assert.equal(r.channel.id, list.channels[0].id);
      assert.deepEqual(
        r.pathChanges
          .filter((c: { id: number }) => c.id === list.channels[0].id || c.id === list.channels[1].id)
          .map((c: { before: string; after: string }) => [c.before, c.after]),
        [
          ['/lx/mixer/channel/2', '/lx/mixer/channel/1'],
          ['/lx/mixer/channel/1', '/lx/mixer/channel/2'],
        ],
      );
    },
  );
  await assertRefused(show, 'move_channel', { path: '/lx/mixer/channel/1', index: 2 }, /^invalid_argument: index takes an integer in 0–1/);
  await assertRefused(show, 'move_channel', { path: '/lx/mixer/channel/1', index: -1 }, /^invalid_argument: /);
});

test('copy_channel: a copy with new ids and the same settings; undo removes it', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/pattern/1/gradientRange', value: 90 });
  const src = (await show.call('get_channel', { path: '/lx/mixer/channel/1' })).channel;
  const r = await assertUndoable(
    show,
    () => show.call('copy_channel', { path: '/lx/mixer/channel/1' }),
    async (r) => {
      assert.equal(r.channel.path, '/lx/mixer/channel/2');
      assert.notEqual(r.channel.id, src.id);
      assert.equal(r.channel.patterns.length, src.patterns.length);
      assert.notEqual(r.channel.patterns[0].id, src.patterns[0].id);
      assert.equal(r.channel.patterns[0].class, src.patterns[0].class);
      const a = await show.call('list_parameters', { path: '/lx/mixer/channel/1/pattern/1' });
      const b = await show.call('list_parameters', { path: '/lx/mixer/channel/2/pattern/1' });
      assert.deepEqual(
        b.parameters.map((p: { key: string; value: unknown }) => [p.key, p.value]),
        a.parameters.map((p: { key: string; value: unknown }) => [p.key, p.value]),
      );
      assert.deepEqual(r.unreplicatedWiring, []);
      assert.equal(r.groupMembershipDropped, undefined);
    },
  );
  assert.ok(r.pathChanges.some((c: { before: string; after: string }) => c.before === '/lx/mixer/channel/2' && c.after === '/lx/mixer/channel/3'));
  const labelled = await show.call('copy_channel', { path: '/lx/mixer/channel/2', index: 0, label: 'Copy' });
  assert.equal(labelled.channel.path, '/lx/mixer/channel/1');
  assert.equal(labelled.channel.label, 'Copy');
  await assertRefused(show, 'copy_channel', { path: '/lx/mixer/channel/1', index: 9 }, /^invalid_argument: index/);
});

test('group_channels, ungroup_channel, ungroup_channels: each one undo step, membership restored', async (t) => {
  const show = await startShow(t);
  await show.call('add_channel', { class: 'Solid' });
  const ids = (await show.call('list_channels')).channels.map((c: { id: number }) => c.id);
  // Group channels 1 and 3 (order-free): the group lands at 0, members follow in mixer order.
  const g = await assertUndoable(
    show,
    () => show.call('group_channels', { channels: ['/lx/mixer/channel/3', ids[0]], label: 'Front' }),
    async (r) => {
      assert.equal(r.group.path, '/lx/mixer/channel/1');
      assert.equal(r.group.type, 'group');
      assert.equal(r.group.label, 'Front');
      assert.equal(r.group.memberCount, 2);
      assert.deepEqual(
        r.members.map((m: { id: number }) => m.id),
        [ids[0], ids[2]],
      );
      assert.deepEqual(
        r.members.map((m: { path: string }) => m.path),
        ['/lx/mixer/channel/2', '/lx/mixer/channel/3'],
      );
      assert.equal(r.members[0].group.id, r.group.id);
      const list = await show.call('list_channels');
      assert.deepEqual(
        list.channels.map((c: { id: number }) => c.id),
        [r.group.id, ids[0], ids[2], ids[1]],
      );
    },
  );
  assert.ok(g.pathChanges.length > 0);
  const grouped = await show.call('group_channels', { channels: [ids[0], ids[2]] });
  const groupId = grouped.group.id;
  // Refusals: a group, a grouped channel, duplicates, an empty list.
  await assertRefused(show, 'group_channels', { channels: [groupId] }, /^invalid_argument: .* is a group/);
  await assertRefused(show, 'group_channels', { channels: [ids[0]] }, /^invalid_argument: .* is already in/);
  await assertRefused(show, 'group_channels', { channels: [ids[1], ids[1]] }, /^invalid_argument: .* is listed twice/);
  await assertRefused(show, 'group_channels', { channels: [] }, /^invalid_argument: channels/);
  // Moves keep groups whole: a top-level channel cannot land among members; a member stays inside.
  await assertRefused(show, 'move_channel', { id: ids[1], index: 1 }, /^invalid_argument: index 1 would put .* inside/);
  await assertRefused(show, 'move_channel', { id: ids[0], index: 3 }, /^invalid_argument: index takes 1–2 .*members stay in their group/);
  await assertRefused(show, 'add_channel', { index: 2 }, /^invalid_argument: index 2 is inside/);
  await assertUndoable(
    show,
    () => show.call('move_channel', { id: ids[0], index: 2 }),
    async () => {
      const list = await show.call('list_channels');
      assert.deepEqual(
        list.channels.map((c: { id: number }) => c.id),
        [groupId, ids[2], ids[0], ids[1]],
      );
    },
  );
  await assertUndoable(
    show,
    () => show.call('move_channel', { id: groupId, index: 1 }),
    async (r) => {
      const list = await show.call('list_channels');
      assert.deepEqual(
        list.channels.map((c: { id: number }) => c.id),
        [ids[1], groupId, ids[0], ids[2]],
      );
      assert.equal(r.pathChanges.length >= 4, true);
    },
  );
  await assertUndoable(
    show,
    () => show.call('ungroup_channel', { id: ids[0] }),
    async (r) => {
      assert.equal(r.formerGroup, '/lx/mixer/channel/1');
      assert.equal(r.channel.group, undefined);
      const list = await show.call('list_channels');
      assert.deepEqual(
        list.channels.map((c: { id: number }) => c.id),
        [groupId, ids[2], ids[0], ids[1]],
      );
      assert.equal(list.channels[0].memberCount, 1);
    },
  );
  await assertRefused(show, 'ungroup_channel', { id: ids[1] }, /^invalid_argument: .* is not a member of a group/);
  await assertUndoable(
    show,
    () => show.call('ungroup_channels', { id: groupId }),
    async (r) => {
      assert.equal(r.removed, '/lx/mixer/channel/1');
      assert.equal(r.kind, 'group');
      assert.equal(r.id, groupId);
      assert.deepEqual(
        r.channels.map((c: { path: string }) => c.path),
        ['/lx/mixer/channel/1', '/lx/mixer/channel/2'],
      );
    },
  );
  await assertRefused(show, 'ungroup_channels', { id: ids[1] }, /^invalid_argument: .* is a channel, not a group/);
  // Removing a group removes its members; undo puts all back with membership.
  await assertUndoable(
    show,
    () => show.call('remove_channel', { id: groupId }),
    async (r) => {
      assert.equal(r.kind, 'group');
      assert.equal(r.removedMembers.length, 2);
      const list = await show.call('list_channels');
      assert.deepEqual(
        list.channels.map((c: { id: number }) => c.id),
        [ids[1]],
      );
    },
  );
  // Copying a member: the copy is top-level, after the group.
  const copy = await show.call('copy_channel', { id: ids[0] });
  assert.equal(copy.groupMembershipDropped, '/lx/mixer/channel/1');
  assert.equal(copy.channel.path, '/lx/mixer/channel/4');
  assert.equal(copy.channel.group, undefined);
  await assertRefused(show, 'copy_channel', { id: groupId }, /^invalid_argument: .* is a group; groups cannot be copied/);
});

test('apply_operations: build a look (channel + pattern params + fader) as one step, undo in one step', async (t) => {
  const show = await startShow(t);
  const before = await showState(show);
  const out = await show.call('apply_operations', {
    label: 'Build a look',
    operations: [
      { tool: 'add_channel', args: { class: 'Solid', label: 'Look' } },
      { tool: 'set_parameter', args: { path: '/lx/mixer/channel/3/pattern/1/color/hue', value: 200 } },
      { tool: 'set_parameter', args: { path: '/lx/mixer/channel/3/fader', value: 0.8 } },
      { tool: 'move_channel', args: { path: '/lx/mixer/channel/3', index: 0 } },
    ],
  });
  assert.equal(out.applied, 4);
  const list = await show.call('list_channels');
  assert.equal(list.channels[0].label, 'Look');
  assert.equal(list.channels[0].fader, 0.8);
  assert.equal((await show.call('get_history')).undoDepth, 1);
  await show.call('undo');
  assert.deepEqual(await showState(show), before);
  // A failing 4th operation rolls back the channel the 1st added.
  const text = await show.callError('apply_operations', {
    operations: [
      { tool: 'add_channel', args: { class: 'Solid' } },
      { tool: 'group_channels', args: { channels: ['/lx/mixer/channel/1', '/lx/mixer/channel/3'] } },
      { tool: 'set_parameter', args: { path: '/lx/mixer/channel/2/fader', value: 1 } },
      { tool: 'move_channel', args: { path: '/lx/mixer/channel/4', index: 1 } },
    ],
  });
  assert.match(text, /^invalid_argument: operations\[3\] \(move_channel\) failed: index 1 would put .*rolled back/);
  assert.deepEqual(await showState(show), before);
});
