import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const palette = (show: TestShow) => () => show.call('get_palette', { limit: 200 });
const HUE = '/lx/palette/swatch/color/1/primary/hue';

test('get_palette: live swatch, saved swatches, settings', async (t) => {
  const show = await startShow(t);
  const p = await show.call('get_palette');
  assert.equal(p.path, '/lx/palette');
  assert.equal(p.swatch.path, '/lx/palette/swatch');
  assert.equal(p.swatch.index, -1);
  assert.equal(p.swatch.colors.length, 1);
  assert.equal(p.swatch.colors[0].primaryPath, '/lx/palette/swatch/color/1/primary');
  assert.match(p.swatch.colors[0].color, /^0xff[0-9a-f]{6}$/);
  assert.equal(p.swatch.recallPath, undefined);
  assert.deepEqual(p.swatches, []);
  assert.ok(p.settings.some((s: { path: string }) => s.path === '/lx/palette/transitionEnabled'));
});

test('save_swatch, remove_swatch, move_swatch: each one undo step with pathChanges', async (t) => {
  const show = await startShow(t);
  const extra = [palette(show)];
  const a = await assertUndoable(
    show,
    () => show.call('save_swatch', {}),
    (r) => {
      assert.equal(r.swatch.path, '/lx/palette/swatches/1');
      assert.equal(r.swatch.label, 'Swatch-1');
      assert.equal(r.swatch.recallPath, '/lx/palette/swatches/1/recall');
    },
    extra,
  );
  assert.equal(a.swatch.colors.length, 1);
  await show.call('save_swatch', {});
  await show.call('save_swatch', {});
  await show.call('set_parameter', { path: HUE, value: 120 });
  const b = await show.call('save_swatch', { label: 'Green', index: 0 });
  assert.equal(b.swatch.path, '/lx/palette/swatches/1');
  await assertUndoable(
    show,
    () => show.call('move_swatch', { id: b.swatch.id, index: 2 }),
    (r) => {
      assert.equal(r.swatch.path, '/lx/palette/swatches/3');
      assert.equal(r.pathChanges.filter((c: { before: string }) => /swatches\/\d$/.test(c.before)).length, 3);
    },
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('remove_swatch', { id: b.swatch.id }),
    (r) => {
      assert.equal(r.kind, 'swatch');
      assert.equal(r.removed, '/lx/palette/swatches/1');
      assert.ok(r.pathChanges.some((c: { before: string; after: string }) => c.before === '/lx/palette/swatches/2' && c.after === '/lx/palette/swatches/1'));
    },
    extra,
  );
  await assertRefused(show, 'remove_swatch', { path: '/lx/palette/swatch' }, /^invalid_argument: .* is the live swatch/, extra);
  await assertRefused(show, 'move_swatch', { id: b.swatch.id, index: 3 }, /^invalid_argument: index takes an integer in 0–2/, extra);
  await assertRefused(show, 'save_swatch', { index: 9 }, /^invalid_argument: index/, extra);
});

test('set_swatch: recall is undoable and restores the live colors exactly', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: HUE, value: 200 });
  const saved = await show.call('save_swatch', { label: 'Blue' });
  await show.call('set_parameter', { path: HUE, value: 30 });
  await show.call('add_color', {});
  const extra = [palette(show), () => show.call('get_parameter', { path: HUE })];
  await assertUndoable(
    show,
    () => show.call('set_swatch', { id: saved.swatch.id }),
    async (r) => {
      assert.equal(r.recalled, saved.swatch.path);
      assert.equal(r.transitioning, false);
      assert.equal(r.swatch.colors.length, 1, "the live swatch takes the saved one's colors");
      assert.equal((await show.call('get_parameter', { path: HUE })).parameter.value, 200);
    },
    extra,
  );
  await show.call('set_parameter', { path: '/lx/palette/transitionEnabled', value: true });
  await assertUndoable(
    show,
    () => show.call('set_swatch', { id: saved.swatch.id }),
    (r) => {
      assert.equal(r.transitioning, true);
    },
    extra,
  );
  await assertRefused(show, 'set_swatch', { path: '/lx/palette/swatch' }, /^invalid_argument: .* is the live swatch/, extra);
});

test('add_color and remove_color: live or saved swatch; 1–5 colors', async (t) => {
  const show = await startShow(t);
  const extra = [palette(show)];
  await assertUndoable(
    show,
    () => show.call('add_color', {}),
    (r) => {
      assert.equal(r.swatch.colors.length, 2);
      assert.equal(r.swatch.colors[1].color, r.swatch.colors[0].color, 'a new color copies the last one');
    },
    extra,
  );
  for (let i = 0; i < 4; i++) await show.call('add_color', {});
  await assertRefused(show, 'add_color', {}, /^invalid_argument: .* already has 5 colors/, extra);
  await assertUndoable(
    show,
    () => show.call('remove_color', {}),
    (r) => {
      assert.equal(r.kind, 'color');
      assert.equal(r.removed, '/lx/palette/swatch/color/5');
      assert.equal(r.swatch.colors.length, 4);
    },
    extra,
  );
  const saved = await show.call('save_swatch', {});
  await show.call('remove_color', { swatch: saved.swatch.id });
  await show.call('remove_color', { swatch: saved.swatch.path });
  await show.call('remove_color', { swatch: saved.swatch.path });
  await show.call('remove_color', { swatch: saved.swatch.path });
  await assertRefused(show, 'remove_color', { swatch: saved.swatch.path }, /^invalid_argument: .* has one color/, extra);
  await assertRefused(show, 'add_color', { swatch: '/lx/mixer/channel/1' }, /^invalid_argument: .* is not a swatch/, extra);
});

test('a swatch color change is named after its swatch and color in the history, not LX\'s "LX" label', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: HUE, value: 10 });
  assert.equal((await show.call('get_history')).steps[0].label, 'Change Swatch Color 1 Hue');
  await show.call('save_swatch', {});
  await show.call('set_parameter', { path: '/lx/palette/swatches/1/color/1/primary/saturation', value: 50 });
  assert.match((await show.call('get_history')).steps[0].label, /^Change \S.* Color 1 Saturation$/);
  assert.doesNotMatch((await show.call('get_history')).steps[0].label, /\bLX\b/);
});
