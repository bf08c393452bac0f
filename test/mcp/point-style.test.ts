// Issue #32: the preview's point style (size, LED style, gamma) over MCP: one undo step, refused
// input changes nothing, and get_frame's image draws with it (checked by pixel statistics).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, history } from '../light/operations/helpers.js';

const style = (show: TestShow) => async () => (await show.call('get_point_style')).style;

/** get_frame's PNG, decoded. */
async function image(show: TestShow, width = 256): Promise<PNG> {
  const res = await show.client.callTool({ name: 'get_frame', arguments: { include_image: true, width } });
  const img = (res.content as { type: string; data?: string }[]).find((c) => c.type === 'image');
  return PNG.sync.read(Buffer.from(img!.data!, 'base64'));
}

/** Lit pixels (any light at all) and the mean channel value over them. */
function stats(png: PNG): { lit: number; mean: number } {
  let lit = 0,
    sum = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const s = png.data[i] + png.data[i + 1] + png.data[i + 2];
    if (s === 0) continue;
    lit++;
    sum += s / 3;
  }
  return { lit, mean: lit === 0 ? 0 : sum / lit };
}

test('point style: set is one undo step, an unchanged set none; bad input changes nothing, history included', async (t) => {
  const show = await startShow(t);
  assert.deepEqual(await style(show)(), { size: 'auto', led: 'disc', gamma: 1 });
  const extra = [style(show)];
  await assertUndoable(
    show,
    () => show.call('set_point_style', { size: 6, led: 'glow' }),
    (r) => assert.deepEqual([r.style, r.changed], [{ size: 6, led: 'glow', gamma: 1 }, true]),
    extra,
  );
  await show.call('set_point_style', { gamma: 2.2 });
  const h = await history(show);
  const same = await show.call('set_point_style', { gamma: 2.2, led: 'disc' });
  assert.deepEqual([same.style, same.changed], [{ size: 'auto', led: 'disc', gamma: 2.2 }, false]);
  assert.deepEqual(await history(show), h, 'a style set to what it is records no undo step');
  await assertRefused(show, 'set_point_style', {}, /^invalid_argument: give size, led or gamma/, extra);
  await assertRefused(show, 'set_point_style', { size: 0 }, /^invalid_argument/, extra);
  await assertRefused(show, 'set_point_style', { size: 'big' }, /^invalid_argument/, extra);
  await assertRefused(show, 'set_point_style', { led: 'star' }, /^invalid_argument/, extra);
  await assertRefused(show, 'set_point_style', { gamma: 9, size: 4 }, /^invalid_argument/, extra);
  assert.deepEqual(await style(show)(), { size: 'auto', led: 'disc', gamma: 2.2 });
});

test("get_frame's image draws in the point style: size, LED style and gamma by pixel statistics", async (t) => {
  const show = await startShow(t);
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(5, 10));
  // The engine's clock is stepped by hand only: every image below is of the same frame.
  const before = await image(show);
  const base = stats(before);
  assert.ok(base.lit > 0 && base.mean > 0 && base.mean < 255, JSON.stringify(base));

  await show.call('set_point_style', { size: 2 });
  const small = stats(await image(show));
  await show.call('set_point_style', { size: 12 });
  const large = stats(await image(show));
  assert.ok(large.lit > small.lit * 4, `a 12 px point covers more than a 2 px one: ${JSON.stringify([small, large])}`);

  await show.call('set_point_style', { led: 'square' });
  const square = stats(await image(show));
  assert.ok(square.lit > large.lit, `a square covers the corners a disc leaves: ${JSON.stringify([large, square])}`);
  await show.call('set_point_style', { led: 'glow', size: 4 });
  const glow = stats(await image(show));
  await show.call('set_point_style', { led: 'disc' });
  const disc4 = stats(await image(show));
  assert.ok(glow.mean < disc4.mean, `a glow fades toward its edge: ${JSON.stringify([glow, disc4])}`);

  await show.call('set_point_style', { size: 'auto' });
  assert.deepEqual(stats(await image(show)), base, 'the default style draws as before');
  await show.call('set_point_style', { gamma: 2.2 });
  const bright = stats(await image(show));
  assert.equal(bright.lit, base.lit, 'gamma changes no point’s shape');
  assert.ok(bright.mean > base.mean + 10, `gamma 2.2 lifts mid-tones: ${JSON.stringify([base, bright])}`);
  await show.call('set_point_style', { gamma: 0.5 });
  assert.ok(stats(await image(show)).mean < base.mean - 10, 'gamma 0.5 darkens them');

  await show.call('set_point_style', { gamma: 1 });
  const after = await image(show);
  assert.ok(Buffer.compare(after.data, before.data) === 0, 'back to the default style: the same bytes as before any change');
});
