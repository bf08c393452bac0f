// Multi-cell stage fixtures over MCP (docs/fixtures.md, "Several cells"): a QLC+ bar's mode with
// heads takes one sample point per cell; a count that is not the cell count is refused with nothing
// changed (history included); another mode must come with a sample that fits it; saved and opened.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/cell-profiles/', import.meta.url));
const BAR = 'qlc/Eurolite/Eurolite-LED-PMB-4-COB-RGB-30W-Bar.qxf';

test('stage cells: one sample point per cell; wrong counts refused; heads shown and saved', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  const sheet = () => show.call('list_stage_fixtures', { detail: true });
  const size = show.app.light.structure.model.size;
  assert.ok(size > 4, 'the demo show has a model to sample');

  const profile = await show.call('get_fixture_profile', { id: BAR, mode: '12-Channel' });
  assert.deepEqual(profile.modes[0].heads[0], ['Green 1', 'Blue 1', 'Red 1']);

  await assertRefused(
    show,
    'patch_fixture',
    { profile: BAR, mode: '12-Channel', sample: [0] },
    /^invalid_argument: sample \[0\] is not .*4 model point indices/,
    [sheet],
  );
  const patched = await assertUndoable(
    show,
    () => show.call('patch_fixture', { profile: BAR, mode: '12-Channel', sample: [0, 1, 2, 3] }),
    (r) => assert.deepEqual([r.fixture.cells, r.fixture.sample], [4, [0, 1, 2, 3]]),
    [sheet],
  );
  await show.call('redo');
  const path = patched.fixture.path;
  await assertRefused(show, 'edit_stage_fixture', { path, sample: [0, 1] }, /^invalid_argument: sample \[0,1\] is not .*4 model point indices \(one per cell/, [
    sheet,
  ]);
  await assertRefused(show, 'edit_stage_fixture', { path, sample: [0, 1, 2, size] }, /^not_found: sample point \d+ is not in the model/, [sheet]);
  // The 3-channel mode is one cell: the four points cannot stay.
  await assertRefused(show, 'edit_stage_fixture', { path, mode: '3-Channel' }, /^invalid_argument: .*mode "3-Channel" has 1 cell; give a sample with it/, [
    sheet,
  ]);
  await assertUndoable(
    show,
    () => show.call('edit_stage_fixture', { path, sample: [3, 2, 1, 0] }),
    (r) => assert.deepEqual(r.fixture.sample, [3, 2, 1, 0]),
    [sheet],
  );
  const one = await show.call('edit_stage_fixture', { path, mode: '3-Channel', sample: 'nearest' });
  assert.equal(one.fixture.cells, 1);
  await show.call('undo');

  // What drives it: each cell's own point.
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 1000 / 60));
  const dmx = await show.call('get_stage_fixture_dmx', { path });
  assert.match(dmx.attributes[0].drivenBy, /^the frame at model points 0, 1, 2, 3$/);

  const before = await sheet();
  const file = join(home, 'cells.lxp');
  await show.app.light.saveProject(file);
  await show.app.light.openProject(file);
  const after = await sheet();
  const noIds = (s: { fixtures: { id: number }[] }) => s.fixtures.map(({ id: _id, ...rest }) => rest);
  assert.deepEqual(noIds(after), noIds(before));
  assert.equal(after.fixtures[0].cells, 4, 'the saved profile kept its heads');
});
