// Writes a project Footlight saves with stage attributes in LX's part of the file: a modulation
// into one, a modulation from one, a snapshot holding them (scope STAGE) and a clip lane of one,
// on top of test/golden/lx-round-trip/footlight_operations.lxp. LX 1.2.1 then opens it and renders
// it as it renders footlight_operations.lxp (README.md beside this file).
// Run: STAGE_LXP_OUT=/tmp/x/stage.lxp node --import tsx --test scripts/lx-harness/stage/make-stage-project.ts
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startShow, tempHome } from '../../../test/helpers/show.js';

const ROOT = new URL('../../../', import.meta.url);
const LIBRARY = fileURLToPath(new URL('test/light/stage/fixtures/', ROOT));
const BASE = fileURLToPath(new URL('test/golden/lx-round-trip/footlight_operations.lxp', ROOT));

test('a project with stage attributes in modulation, a snapshot and a clip lane', async (t) => {
  const out = process.env.STAGE_LXP_OUT;
  if (out === undefined) throw new Error('set STAGE_LXP_OUT to the file to write');
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  await show.app.light.openProject(BASE);
  await show.call('patch_fixture', { profile: 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf', mode: '3-Channel Mode 2' });
  await show.call('wire_modulation', { sourcePath: '/lx/modulation/modulator/1', targetPath: '/lx/stage/fixture/1/red', range: 0.5 });
  await show.call('wire_modulation', { sourcePath: '/lx/stage/fixture/1/green', targetPath: '/lx/mixer/channel/1/fader', range: 0.1 });
  await show.call('add_snapshot', { label: 'S' });
  await show.call('add_clip', { bus: '/lx/mixer/channel/1', slot: 0, length: { ms: 1000 } });
  await show.call('set_clip_lane', { bus: '/lx/mixer/channel/1', slot: 0, lane: '/lx/stage/fixture/1/blue', events: [{ ms: 100, value: 30 }] });
  await show.app.light.saveProject(out);
});
