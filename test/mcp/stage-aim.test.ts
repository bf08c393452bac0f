// Aiming moving heads over MCP (real HTTP, the SDK's client), with QLC+'s Martin MAC 250 Wash:
// aim_stage_fixtures is one undo step for the group; after frames, get_stage_fixture_dmx shows
// pan/tilt bytes that point the beam at the target (decoded here, checked by forward kinematics);
// an LFO on aimX moves the bytes frame by frame; a fan spreads the beams; refusals change nothing,
// history included; the aim saves with the fixture and opens again.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Vec3, angleBetween, beamDirection, fanTargets, makeHead } from '../../src/light/stage/aim/index.js';
import { type TestShow, startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const MAC = 'qlc/Martin/Martin-MAC-250-Wash.qxf';
const MAC_MODE = '16 Bt (16 Bit Mode)';
const PAR = 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';

async function stepFrames(show: TestShow, n: number, deltaMs = 10): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

type Dmx = { dmx: { channel: number; name: string | null; value: number }[]; aim?: { target?: Vec3 }; warnings?: string[] };

/** Pan and tilt degrees from the DMX bytes, decoded here: the MAC's channels 8–11 are pan, pan fine, tilt, tilt fine (540°, 270°). */
function panTilt(d: Dmx): { pan: number; tilt: number } {
  const byName = (n: string) => d.dmx.find((c) => c.name === n)?.value as number;
  const pan = byName('Pan') * 256 + byName('Pan Fine (Least Significant Bit)');
  const tilt = byName('Tilt') * 256 + byName('Tilt Fine (Least Significant Bit)');
  return { pan: (pan / 65535) * 540 - 270, tilt: (tilt / 65535) * 270 - 135 };
}

/** The angle between the beam the bytes give and the line from the head to `target`. */
function miss(d: Dmx, placement: { position: Vec3; roll?: number; yaw?: number; pitch?: number }, target: Vec3): number {
  const { pan, tilt } = panTilt(d);
  const head = makeHead({ ...placement, panRange: 540, tiltRange: 270 });
  const p = placement.position;
  return angleBetween(beamDirection(head, pan, tilt), { x: target.x - p.x, y: target.y - p.y, z: target.z - p.z });
}

async function rig(t: Parameters<typeof startShow>[0]) {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  const placements = [
    { position: { x: -4, y: 6, z: 0 }, roll: 180 },
    { position: { x: 0, y: 6, z: 0 }, roll: 180, yaw: 30 },
    { position: { x: 4, y: 6, z: 0 }, roll: 180 },
  ];
  for (const [i, placement] of placements.entries()) await show.call('patch_fixture', { profile: MAC, mode: MAC_MODE, label: `Head ${i + 1}`, placement });
  await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', label: 'Par' });
  return { show, home, placements };
}

const dmxOf = (show: TestShow, n: number): Promise<Dmx> => show.call('get_stage_fixture_dmx', { path: `/lx/stage/fixture/${n}` });

test('aim_stage_fixtures: a head aims at a point, one undo step; the DMX bytes point the beam there', async (t) => {
  const { show, placements } = await rig(t);
  const sheet = () => show.call('list_stage_fixtures', { detail: true });
  const aimOf = () => show.call('get_parameter', { path: '/lx/stage/fixture/1/aim' });
  const target = { x: 1, y: 0, z: 3 };
  await assertUndoable(
    show,
    () => show.call('aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/1'], aim: 'point', point: target }),
    async (r) => {
      assert.equal(r.changed, true);
      const [h] = r.heads;
      assert.deepEqual([h.path, h.label, h.target, h.fan, h.delayBeats, h.reachable], ['/lx/stage/fixture/1', 'Head 1', target, 0, 0, true]);
      assert.match(r.warnings[0], /^\/lx\/stage\/fixture\/1 "Head 1": the move \(pan [\d.]+°, tilt [\d.]+°\) takes [\d.]+ s at pan 216°\/s, tilt 135°\/s/);
      assert.equal((await aimOf()).parameter.option, 'point');
      assert.equal((await show.call('get_parameter', { path: '/lx/stage/fixture/1/aimZ' })).parameter.value, 3);
    },
    [sheet, aimOf],
  );
  await show.call('redo');
  await stepFrames(show, 2);
  const d = await dmxOf(show, 1);
  assert.ok(miss(d, placements[0], target) < 0.5, `the beam misses by ${miss(d, placements[0], target)}°`);
  assert.deepEqual(d.aim?.target, target);
  const pan = (d as unknown as { attributes: { key: string; drivenBy?: string }[] }).attributes.find((a) => a.key === 'pan');
  assert.equal(pan?.drivenBy, 'its aim (point)');
  assert.match(d.warnings?.[0] ?? '', /^aim moves faster than the head follows/, 'the beam is still on its way after 2 frames');
  await stepFrames(show, 300);
  assert.equal((await dmxOf(show, 1)).warnings, undefined, 'three seconds later the beam is there');
  // The same call again changes nothing: no undo step.
  assert.equal((await show.call('aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/1'], aim: 'point', point: target })).changed, false);

  // aim off: the pan and tilt parameters rule again.
  await show.call('aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/1'], aim: 'off' });
  await stepFrames(show, 1);
  const off = await dmxOf(show, 1);
  assert.deepEqual(panTilt(off), { pan: -270, tilt: -135 }, 'the profile default 0/0 bytes');
  assert.equal(off.warnings, undefined);
});

test('aim_stage_fixtures: an LFO on aimX moves the bytes frame by frame, each frame on its own target', async (t) => {
  const { show, placements } = await rig(t);
  await show.call('aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/3'], aim: 'point', point: { x: 0, y: 0, z: 2 } });
  const lfo = await show.call('add_modulator', { class: 'LFO' });
  await show.call('wire_modulation', { sourcePath: lfo.modulator.path, targetPath: '/lx/stage/fixture/3/aimX', range: 0.004, polarity: 'bipolar' });
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    await stepFrames(show, 5);
    const x = (await show.call('get_parameter', { path: '/lx/stage/fixture/3/aimX' })).parameter.value as number;
    const d = await dmxOf(show, 3);
    const target = { x, y: 0, z: 2 };
    assert.deepEqual(d.aim?.target, target, 'the aim follows the modulated aimX of the same frame');
    assert.ok(miss(d, placements[2], target) < 0.5);
    seen.push(JSON.stringify(panTilt(d)));
  }
  assert.equal(new Set(seen).size, 6, 'every step of the LFO moves the bytes');
});

test('aim_stage_fixtures: a fan spreads the group about the centre; a line; a stagger; refusals change nothing', async (t) => {
  const { show, placements } = await rig(t);
  const sheet = () => show.call('list_stage_fixtures', { detail: true });
  const heads = ['/lx/stage/fixture/1', '/lx/stage/fixture/2', '/lx/stage/fixture/3'];
  const centre = { x: 0, y: 0, z: 4 };
  const r = await show.call('aim_stage_fixtures', { fixtures: heads, aim: 'point', point: centre, fan: 40, stagger: { beats: 0.5, order: 'center-out' } });
  assert.deepEqual(
    r.heads.map((h: { fan: number; delayBeats: number }) => [h.fan, h.delayBeats]),
    [
      [-20, 0.5],
      [0, 0],
      [20, 0.5],
    ],
  );
  const expected = fanTargets(
    placements.map((p) => p.position),
    centre,
    40,
  );
  // The heads' targets are the solver's fan; after the delay (0.5 beat at 120 bpm: 25 frames of 10 ms) every head aims at its own.
  await stepFrames(show, 30);
  for (const [i, e] of expected.entries()) {
    const d = await dmxOf(show, i + 1);
    const t3 = d.aim?.target as Vec3;
    for (const k of ['x', 'y', 'z'] as const) assert.ok(Math.abs(t3[k] - e[k]) < 1e-9, `head ${i + 1} ${k}: ${t3[k]} vs ${e[k]}`);
    assert.ok(miss(d, placements[i], e) < 0.5);
  }
  const line = await show.call('aim_stage_fixtures', { fixtures: heads, aim: 'point', line: { from: { x: -6, y: 0, z: 2 }, to: { x: 6, y: 0, z: 2 } } });
  assert.deepEqual(
    line.heads.map((h: { target: Vec3 }) => h.target.x),
    [-6, 0, 6],
  );
  const fixtureAim = await show.call('aim_stage_fixtures', { fixtures: [heads[0]], aim: 'fixture', fixture: '/lx/structure/fixture/1' });
  assert.equal(fixtureAim.heads[0].reachable, true);
  assert.equal((await show.call('get_parameter', { path: '/lx/stage/fixture/1/aimFixture' })).parameter.value, '/lx/structure/fixture/1');

  const extra = [sheet];
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/9'], aim: 'point', point: centre }, /^not_found: /, extra);
  assert.match(
    await assertRefused(show, 'aim_stage_fixtures', { fixtures: [heads[0], '/lx/stage/fixture/4'], aim: 'point', point: centre }, /^invalid_argument: /, extra),
    /\/lx\/stage\/fixture\/4 "Par" cannot be aimed: its mode has no pan channel/,
  );
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'point', point: { x: Number.NaN, y: 0, z: 0 } }, /^invalid_argument: /, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'point', point: { x: 5000, y: 0, z: 0 } }, /within ±1000 model units/, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'point' }, /aim point takes either point or line/, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'fixture', fixture: heads[1] }, /a head cannot aim at itself/, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'brightest', point: centre }, /point does not go with aim brightest/, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: heads, aim: 'point', point: centre, stagger: { beats: 9 } }, /at most 16 beats late/, extra);
  await assertRefused(show, 'aim_stage_fixtures', { fixtures: [heads[0], heads[0]], aim: 'off' }, /listed twice/, extra);
  await assertRefused(show, 'set_parameter', { path: '/lx/stage/fixture/4/aimX', value: 1 }, /^not_found: /, extra);
});

test('aim_stage_fixtures: the aim saves with the fixture and opens again', async (t) => {
  const { show, home } = await rig(t);
  await show.call('aim_stage_fixtures', {
    fixtures: ['/lx/stage/fixture/1', '/lx/stage/fixture/2'],
    aim: 'brightest',
    top: 25,
    fan: 10,
    stagger: { beats: 1 },
  });
  await show.call('set_parameter', { path: '/lx/stage/fixture/1/aimPanSpeed', value: 300 });
  const keys = ['aim', 'aimX', 'aimY', 'aimZ', 'aimFixture', 'aimTop', 'aimFan', 'aimDelay', 'aimPanSpeed', 'aimTiltSpeed'];
  const values = async (s: TestShow) => {
    const out: unknown[] = [];
    for (const n of [1, 2, 3]) {
      for (const key of keys) {
        const p = (await s.call('get_parameter', { path: `/lx/stage/fixture/${n}/${key}` })).parameter;
        out.push(p.option ?? p.value);
      }
    }
    return out;
  };
  const before = await values(show);
  assert.deepEqual(before.slice(0, 10), ['brightest', 0, 0, 0, '', 25, -5, 0, 300, 135]);
  const file = join(home, 'rig.lxp');
  await show.app.light.saveProject(file);
  await show.call('aim_stage_fixtures', { fixtures: ['/lx/stage/fixture/1', '/lx/stage/fixture/2'], aim: 'off' });
  assert.deepEqual(await show.app.light.openProject(file), []);
  assert.deepEqual(await values(show), before);
  await stepFrames(show, 2);
  assert.equal((await dmxOf(show, 1)).aim?.target !== undefined, true, 'the grid demo lights points: the heads find the brightest region');
});
