// Stage fixture attributes are parameters for everything that works on parameters (issue #30):
// set_parameter (stage-patch.test.ts) and OSC, modulation (a compound discrete
// parameter: whole DMX steps), snapshots and their transitions, cue lists (record, fade,
// check_cue_list), each do → assert → undo → assert restored; a show holding each kind saves and
// opens again identically, and names stage attributes in LX's part of the file by path alone.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, Message } from 'node-osc';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const PAR = 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';
const RED = '/lx/stage/fixture/1/red';
const GREEN = '/lx/stage/fixture/1/green';
const F1 = '/lx/mixer/channel/1/fader';

async function stageShow(t: Parameters<typeof startShow>[0]): Promise<{ show: TestShow; home: string }> {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  // Not sampling the frame: these tests read the attributes' own values in the DMX bytes.
  await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', label: 'Par', sampleColor: false, sampleIntensity: false });
  return { show, home };
}

const value = async (show: TestShow, path: string): Promise<number> => (await show.call('get_parameter', { path })).parameter.value;
const dmx = async (show: TestShow): Promise<number[]> =>
  (await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/1' })).dmx.map((d: { value: number }) => d.value);
const step = (show: TestShow, n: number) => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));

/** LX's compound discrete rule on a 0–255 attribute: floor((base/255 + amount) clamped to 0–1 · 256), at most 255. */
const compoundDiscrete = (base: number, amount: number): number => Math.min(255, Math.floor(Math.min(1, Math.max(0, base / 255 + amount)) * 256));

test('stage attributes: OSC sets one (node-osc as the peer); undo restores it', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home, oscReceivePort: 0 });
  await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2' });
  const client = new Client('127.0.0.1', show.app.osc?.receivePort as number);
  t.after(() => client.close());
  await client.send(new Message(RED, 123));
  for (let i = 0; i < 500 && (await value(show, RED)) !== 123; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(await value(show, RED), 123);
  assert.deepEqual(await dmx(show), [123, 0, 0]);
  await show.call('undo');
  assert.equal(await value(show, RED), 0);
});

test('stage attributes: modulation targets them in whole DMX steps; undo unwires; removing the fixture takes its modulations', async (t) => {
  const { show } = await stageShow(t);
  const mods = () => show.call('list_modulations', {});
  const sheet = () => show.call('list_stage_fixtures', { detail: true });
  await show.call('set_parameter', { path: RED, value: 100 });
  await show.call('set_parameter', { path: F1, value: 0.5 });
  const list = await show.call('list_parameters', { path: '/lx/stage/fixture/1' });
  assert.equal(list.parameters.find((p: { key: string }) => p.key === 'red').modulatable, true);

  // A numeric parameter as the source (deterministic): channel 1's fader, unipolar, depth 0.5.
  await assertUndoable(
    show,
    () => show.call('wire_modulation', { sourcePath: F1, targetPath: RED, range: 0.5, polarity: 'unipolar' }),
    async (r) => {
      assert.equal(r.modulation.path, '/lx/modulation/modulation/1');
      const red = await show.call('get_parameter', { path: RED });
      assert.equal(red.parameter.baseValue, 100);
      assert.equal(red.parameter.value, compoundDiscrete(100, 0.25));
      assert.equal(red.parameter.value, 164);
      assert.deepEqual(await dmx(show), [164, 0, 0], 'the DMX bytes carry the modulated value');
    },
    [mods, sheet],
  );
  await show.call('redo');
  await show.call('set_parameter', { path: F1, value: 1 });
  assert.equal(await value(show, RED), compoundDiscrete(100, 0.5), 'the source moves the attribute');
  assert.equal(await value(show, RED), 228);
  await show.call('undo');
  await show.call('undo');
  assert.equal(await value(show, RED), 100);
  assert.deepEqual(await dmx(show), [100, 0, 0]);

  // An LFO drives it frame by frame; every value is a whole step in range.
  await show.call('add_modulator', { class: 'LFO' });
  await show.call('wire_modulation', { sourcePath: '/lx/modulation/modulator/1', targetPath: GREEN, range: 1 });
  const seen = new Set<number>();
  for (let i = 0; i < 10; i++) {
    await step(show, 13);
    const g = await value(show, GREEN);
    assert.ok(Number.isInteger(g) && g >= 0 && g <= 255, `green ${g}`);
    seen.add(g);
    assert.equal((await dmx(show))[1], g);
  }
  assert.ok(seen.size > 5, `the LFO moves green through several values: ${[...seen]}`);

  // A boolean is not a modulation source's target problem here: a trigger mapping to an attribute is refused.
  await assertRefused(show, 'wire_trigger', { sourcePath: '/lx/snapshots/transitionEnabled', targetPath: RED }, /^invalid_argument: .*not a boolean/, [mods]);

  // Removing the fixture removes the modulation of its attribute; undo puts both back.
  await assertUndoable(
    show,
    () => show.call('remove_stage_fixture', { path: '/lx/stage/fixture/1' }),
    async () => {
      assert.equal((await mods()).modulations.length, 0);
    },
    [mods, sheet],
  );
  assert.equal((await mods()).modulations.length, 1);
  await step(show, 1);
  assert.ok(Number.isInteger(await value(show, GREEN)));
});

test('stage attributes: a snapshot captures and recalls them, its transition in whole DMX steps; undo restores', async (t) => {
  const { show } = await stageShow(t);
  const snaps = () => show.call('list_snapshots', { limit: 200 });
  const extra = [snaps, () => show.call('list_stage_fixtures', { detail: true })];
  await show.call('set_parameter', { path: RED, value: 10 });
  await show.call('set_parameter', { path: GREEN, value: 250 });
  const snap = await assertUndoable(
    show,
    () => show.call('add_snapshot', { label: 'Warm' }),
    (r) => {
      assert.ok(r.snapshot.scopes.includes('STAGE'), `scopes ${r.snapshot.scopes}`);
    },
    extra,
  );
  await show.call('redo');
  await show.call('set_parameter', { path: RED, value: 200 });
  await show.call('set_parameter', { path: GREEN, value: 0 });
  await assertUndoable(
    show,
    () => show.call('recall_snapshot', { path: snap.snapshot.path }),
    async () => {
      assert.deepEqual(await dmx(show), [10, 250, 0]);
    },
    extra,
  );
  assert.deepEqual(await dmx(show), [200, 0, 0]);

  // With a transition (1 s), the values move in normalized space and land on whole steps.
  await show.call('set_parameter', { path: '/lx/snapshots/transitionEnabled', value: true });
  await show.call('set_parameter', { path: '/lx/snapshots/transitionTimeSecs', value: 1 });
  await show.call('recall_snapshot', { path: snap.snapshot.path });
  await step(show, 30);
  const [r, g] = await dmx(show);
  assert.ok(r > 10 && r < 200 && g > 0 && g < 250, `mid-transition ${r} ${g}`);
  assert.equal(r, await value(show, RED));
  assert.ok(Number.isInteger(r) && Number.isInteger(g));
  await step(show, 31);
  assert.deepEqual(await dmx(show), [10, 250, 0], 'the transition ends exactly on the snapshot');
  await show.call('undo');
  assert.deepEqual(await dmx(show), [200, 0, 0], 'undo of the recall puts the values back');
});

test('stage attributes: a cue records them, a Go fades them, check_cue_list sees a value that points at nothing', async (t) => {
  const { show } = await stageShow(t);
  const lists = () => show.call('list_cue_lists', {});
  await show.call('create_cue_list', { name: 'Main' });
  await show.call('set_parameter', { path: RED, value: 0 });
  await show.call('record_cue', { list: 'Main', scopes: ['STAGE'] });
  await show.call('set_parameter', { path: RED, value: 255 });
  await assertUndoable(
    show,
    () => show.call('record_cue', { list: 'Main', scopes: ['STAGE'], fadeInMs: 1000 }),
    async (r) => {
      assert.deepEqual([r.cue.number, r.cue.sets, r.cue.scopes], [2, 1, ['STAGE']], 'cue 2 holds what changed: red');
    },
    [lists],
  );
  await show.call('redo');
  await show.call('record_cue', { list: 'Main', blind: true, values: [{ path: GREEN, value: 77 }] });
  assert.deepEqual((await show.call('check_cue_list', { list: 'Main' })).findings, []);

  await show.call('run_cue_list', { list: 'Main', action: 'go' });
  assert.equal(await value(show, RED), 0);
  await show.call('run_cue_list', { list: 'Main', action: 'go' });
  await step(show, 30);
  const mid = await value(show, RED);
  assert.ok(Number.isInteger(mid) && mid > 0 && mid < 255, `mid-fade red ${mid}`);
  assert.equal((await dmx(show))[0], mid);
  await step(show, 31);
  assert.equal(await value(show, RED), 255);
  await show.call('run_cue_list', { list: 'Main', action: 'go' });
  assert.equal(await value(show, GREEN), 77);
  await show.call('run_cue_list', { list: 'Main', action: 'release' });

  await show.call('remove_stage_fixture', { path: '/lx/stage/fixture/1' });
  const findings = (await show.call('check_cue_list', { list: 'Main' })).findings;
  assert.ok(
    findings.some((f: { kind: string; message: string }) => f.kind === 'missing_reference' && f.message.includes(RED)),
    JSON.stringify(findings),
  );
});

test('stage attributes: a clip lane on any bus automates one; launching drives it, undo puts it back', async (t) => {
  const { show } = await stageShow(t);
  const CH = '/lx/mixer/channel/1';
  const lane = () => show.call('list_clips', { detail: 'full' });
  await show.call('add_clip', { bus: CH, slot: 0, length: { ms: 1000 }, timeBase: 'ABSOLUTE', loop: false });
  const events = [
    { ms: 0, value: 50 },
    { ms: 500, value: 200 },
  ];
  await assertUndoable(
    show,
    () => show.call('set_clip_lane', { bus: CH, slot: 0, lane: RED, events }),
    async (r) => {
      const got = await show.call('get_clip_lane', { bus: CH, slot: 0, lane: r.lane });
      assert.equal(got.lane.target, RED);
      assert.equal(got.lane.interpolation, 'Discrete');
    },
    [lane],
  );
  await assertRefused(show, 'set_clip_lane', { bus: CH, slot: 0, lane: '/lx/stage/fixture/9/red', events }, /^not_found: \/lx\/stage\/fixture\/9\/red is not/, [
    lane,
  ]);
  await show.call('set_clip_lane', { bus: CH, slot: 0, lane: RED, events });
  await show.call('set_parameter', { path: RED, value: 7 });
  await show.call('launch_clip', { bus: CH, slot: 0 });
  await step(show, 6);
  assert.equal(await value(show, RED), 50);
  await step(show, 30);
  assert.equal(await value(show, RED), 200, 'a Discrete lane steps to the next event once past it');
  assert.deepEqual(await dmx(show), [200, 0, 0]);
  await show.call('stop_clip', { bus: CH, slot: 0 });
  await show.call('undo');
  assert.equal(await value(show, RED), 7, 'undo of the launch puts back the value the clip drove');
});

test('stage attributes: a show with a modulation, a snapshot and a cue of them saves and opens again identically', async (t) => {
  const { show, home } = await stageShow(t);
  await show.call('set_parameter', { path: RED, value: 40 });
  await show.call('wire_modulation', { sourcePath: F1, targetPath: RED, range: 0.25 });
  await show.call('add_snapshot', { label: 'Stage look' });
  await show.call('create_cue_list', { name: 'Main' });
  await show.call('record_cue', { list: 'Main', blind: true, values: [{ path: GREEN, value: 9 }] });
  await show.call('add_clip', { bus: '/lx/mixer/master', slot: 0, length: { ms: 1000 } });
  await show.call('set_clip_lane', { bus: '/lx/mixer/master', slot: 0, lane: GREEN, events: [{ ms: 100, value: 30 }] });
  const file = join(home, 'stage.lxp');
  await show.app.light.saveProject(file);
  const saved = JSON.parse(await readFile(file, 'utf8'));

  // In LX's part: the modulation's target and the snapshot's views name the attribute by path alone.
  const mod = saved.engine.children.modulation.modulations[0];
  assert.deepEqual(mod.target, { path: '/stage/fixture/1/red' });
  const views = saved.engine.children.snapshots.snapshots[0].views.filter((v: { scope: string }) => v.scope === 'STAGE');
  assert.deepEqual(
    views.map((v: { parameterPath: string; value: number }) => [v.parameterPath, v.value]),
    [
      [RED, 40],
      [GREEN, 0],
      ['/lx/stage/fixture/1/blue', 0],
    ],
  );

  const text = JSON.stringify(saved.engine);
  const at = text.indexOf(`"path":"${GREEN}"`);
  assert.ok(at > 0 && text.lastIndexOf('"laneType":"parameter"', at) > 0, 'the master clip has a lane of the stage attribute');
  assert.ok(!text.slice(at, text.indexOf('}', at)).includes('componentId'), 'a clip lane names a stage attribute by its absolute path alone');

  const again = await startShow(t, { home });
  assert.deepEqual(await again.app.light.openProject(file), []);
  const noTarget = async (s: TestShow) => (await s.call('list_modulations', {})).modulations.map(({ targetId: _t, ...m }: { targetId: number }) => m);
  assert.deepEqual(await noTarget(again), await noTarget(show), 'the same modulation (stage fixtures take new ids when a show opens)');
  assert.equal(await value(again, RED), await value(show, RED));
  const file2 = join(home, 'stage-again.lxp');
  await again.app.light.saveProject(file2);
  const resaved = JSON.parse(await readFile(file2, 'utf8'));
  const noTime = (j: { timestamp?: unknown }) => ({ ...j, timestamp: 0 });
  assert.deepEqual(noTime(resaved), noTime(saved), 'the second save writes the same project');
  await again.call('set_parameter', { path: RED, value: 0 });
  await again.call('recall_snapshot', { path: '/lx/snapshots/snapshot/1' });
  assert.equal((await again.call('get_parameter', { path: RED })).parameter.baseValue, 40);
});
