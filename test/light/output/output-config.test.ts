// config.json's output settings: E1.31 sync as the rig's default for a show whose project does not
// set it (a new show, or a project LX saved, which has no such keys; a project that sets it wins),
// and segmentedSends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOLDEN_DIR } from '../../helpers/golden-dir.js';
import { udpCapture } from '../../helpers/pcap.js';
import { startShow } from '../../helpers/show.js';
import { segmentationWorks } from './helpers.js';

const SYNC = '/lx/output/sacnSync';
const UNIVERSE = '/lx/output/sacnSyncUniverse';

async function values(show: Awaited<ReturnType<typeof startShow>>): Promise<[unknown, unknown]> {
  return [(await show.call('get_parameter', { path: SYNC })).parameter.value, (await show.call('get_parameter', { path: UNIVERSE })).parameter.value];
}

test('config.json sacnSync and sacnSyncUniverse fill what the project leaves unsaid; the project wins; off without them', async (t) => {
  // Removed after every show has closed (after-hooks run in the order they were added).
  const home = await mkdtemp(join(tmpdir(), 'footlight-test-'));
  assert.deepEqual(await values(await startShow(t, { home })), [false, 63999], 'no config: off, as LX');
  await writeFile(join(home, 'config.json'), JSON.stringify({ sacnSync: true, sacnSyncUniverse: 4000 }));
  assert.deepEqual(await values(await startShow(t, { home })), [true, 4000], 'the built-in show');
  const fromLx = join(home, 'from-lx.lxp');
  const lx = JSON.parse(await readFile(join(GOLDEN_DIR, 'solid_faders.lxp'), 'utf8'));
  await writeFile(fromLx, JSON.stringify(lx));
  assert.deepEqual(await values(await startShow(t, { home, project: fromLx })), [true, 4000], 'a project LX saved has no sync keys');
  lx.engine.children.output.parameters.sacnSync = false;
  const saved = join(home, 'saved.lxp');
  await writeFile(saved, JSON.stringify(lx));
  assert.deepEqual(await values(await startShow(t, { home, project: saved })), [false, 4000], 'the project says off; it says no universe');
  await writeFile(join(home, 'config.json'), JSON.stringify({ sacnSyncUniverse: 0 }));
  assert.deepEqual(await values(await startShow(t, { home })), [false, 63999], 'an invalid config.json is ignored whole');
  t.after(() => rm(home, { recursive: true, force: true }));
});

test('config.json segmentedSends: false sends one packet per send call; by default runs of universes share one', async (t) => {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const home = await mkdtemp(join(tmpdir(), 'footlight-test-'));
  const sendsPerFrame = async (): Promise<[number, number]> => {
    const show = await startShow(t, { home, outputPorts: { artnet: cap.port } });
    const grid = '/lx/structure/fixture/1'; // the grid demo's 32×32 grid: 7 universes
    await show.call('set_parameter', { path: `${grid}/protocol`, value: 'ARTNET' });
    await show.call('set_parameter', { path: `${grid}/enabled`, value: true });
    await show.app.outputs.whenConnected();
    await show.app.engine.queue.submit(() => show.app.engine.clock.step(16));
    await show.app.outputs.flush();
    const d = (await show.call('get_output_stats')).destinations[0];
    return [d.packets, d.sends];
  };
  const [packets, segmented] = await sendsPerFrame();
  assert.equal(packets, 7);
  if (await segmentationWorks()) assert.equal(segmented, 1, 'six full universes and a shorter last one: one segmented send');
  else assert.equal(segmented, 7, 'this kernel cannot segment UDP sends: one send per packet');
  await writeFile(join(home, 'config.json'), JSON.stringify({ segmentedSends: false }));
  assert.deepEqual(await sendsPerFrame(), [7, 7]);
  t.after(() => rm(home, { recursive: true, force: true }));
});
