import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const views = (show: TestShow) => () => show.call('list_views', { limit: 200 });
const selectorOf = (show: TestShow, path: string) => () => show.call('get_parameter', { path });

test('add_view: selector checked, points counted; undo removes it', async (t) => {
  const show = await startShow(t);
  const before = await show.call('list_views');
  assert.deepEqual(before.views, []);
  assert.ok(before.tags.some((x: { tag: string }) => x.tag === 'row'));
  const r = await assertUndoable(
    show,
    () => show.call('add_view', { label: 'Top rows', selector: 'row[0-3]' }),
    async (r) => {
      assert.equal(r.view.path, '/lx/structure/views/view/1');
      assert.equal(r.view.pointCount, 4 * 32);
      assert.equal(r.view.normalization, 'relative');
      assert.deepEqual(r.view.usedBy, []);
      const list = await show.call('list_views');
      assert.deepEqual(list.views[0], r.view);
    },
    [views(show)],
  );
  assert.equal(r.view.cuePath, '/lx/structure/views/view/1/cueActive');
  const groups = await show.call('add_view', { label: 'Evens', selector: 'row[even]; column[0]', normalization: 'absolute', priority: false });
  assert.equal(groups.view.groupCount, 2);
  assert.equal(groups.view.normalization, 'absolute');
  assert.equal(groups.view.priority, false);
});

test('add_view: a bad selector is refused with its position; nothing changes', async (t) => {
  const show = await startShow(t);
  const extra = [views(show)];
  await assertRefused(show, 'add_view', { label: 'Bad', selector: 'row[0-3' }, /^invalid_argument: view selector "row\[0-3": .* at position 3/, extra);
  await assertRefused(
    show,
    'add_view',
    { label: 'Bad', selector: 'row &' },
    /^invalid_argument: view selector "row &": "&" must be followed by a tag at position \d/,
    extra,
  );
  await assertRefused(
    show,
    'add_view',
    { label: 'Bad', selector: 'row#' },
    /^invalid_argument: view selector "row#": unexpected character "#" .* at position 3/,
    extra,
  );
  await assertRefused(show, 'add_view', { label: 'Empty', selector: '  ' }, /^invalid_argument: selector is empty/, extra);
  await assertRefused(
    show,
    'add_view',
    { label: 'X', selector: 'row', orientation: 'group', normalization: 'absolute' },
    /^invalid_argument: orientation "group" only works/,
    extra,
  );
  await assertRefused(show, 'add_view', { label: 'X', selector: 'row', index: 2 }, /^invalid_argument: index takes an integer in 0–0/, extra);
});

test('remove_view: users go back to Default (not to another view); undo points them at the view again', async (t) => {
  const show = await startShow(t);
  await show.call('add_view', { label: 'A', selector: 'row[0]' });
  await show.call('add_view', { label: 'B', selector: 'row[1]' });
  await show.call('add_view', { label: 'C', selector: 'row[2]' });
  const CH = '/lx/mixer/channel/1/view';
  const PAT = '/lx/mixer/channel/2/pattern/1/view';
  await show.call('set_parameter', { path: CH, value: 'B' });
  await show.call('set_parameter', { path: PAT, value: 'C' });
  const listed = await show.call('list_views');
  assert.deepEqual(listed.views[1].usedBy, [CH]);
  assert.deepEqual(
    listed.views[2].usedBy.filter((p: string) => p === PAT),
    [PAT],
  );
  const extra = [views(show), selectorOf(show, CH), selectorOf(show, PAT)];
  await assertUndoable(
    show,
    () => show.call('remove_view', { path: '/lx/structure/views/view/2' }),
    async (r) => {
      assert.equal(r.removed, '/lx/structure/views/view/2');
      assert.equal(r.kind, 'view');
      assert.deepEqual(r.resetSelectors, [CH]);
      assert.equal((await show.call('get_parameter', { path: CH })).parameter.option, 'Default', 'LX would have left it on C');
      assert.equal((await show.call('get_parameter', { path: PAT })).parameter.option, 'C', 'other users keep their view');
      assert.deepEqual(
        r.pathChanges.map((c: { before: string; after: string }) => [c.before, c.after]),
        [['/lx/structure/views/view/3', '/lx/structure/views/view/2']],
      );
    },
    extra,
  );
  assert.equal((await show.call('get_parameter', { path: CH })).parameter.option, 'B');
  await assertRefused(show, 'remove_view', { path: '/lx/structure/views/view/9' }, /^not_found: /, extra);
  await assertRefused(show, 'remove_view', { path: '/lx/structure/fixture/1' }, /^invalid_argument: .* is not a view/, extra);
});

test('list_views: paged; stale when views change between pages', async (t) => {
  const show = await startShow(t);
  for (let i = 0; i < 5; i++) await show.call('add_view', { label: `V${i}`, selector: `row[${i}]` });
  const p1 = await show.call('list_views', { limit: 3 });
  assert.equal(p1.total, 5);
  assert.equal(p1.views.length, 3);
  const p2 = await show.call('list_views', { limit: 3, cursor: p1.nextCursor });
  assert.deepEqual(
    p2.views.map((v: { label: string }) => v.label),
    ['V3', 'V4'],
  );
  assert.deepEqual(p2.tags, []);
  assert.equal(p2.nextCursor, undefined);
  await show.call('add_view', { label: 'V5', selector: 'row[5]' });
  assert.match(await show.callError('list_views', { limit: 3, cursor: p1.nextCursor }), /^stale: /);
});
