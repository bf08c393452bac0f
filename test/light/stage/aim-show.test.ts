// Aiming heads from the show, in the domain: a stage rig driven frame by frame with a head's aim
// parameters. The DMX bytes the rig makes are decoded here (coarse·256 + fine), turned back into
// degrees and checked by forward kinematics against the target; the delay of a stagger, the
// brightest region of a frame and the slew warning are checked frame by frame.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PointSet } from '../../../src/light/model/points.js';
import { brightestCentre } from '../../../src/light/show/stage-aim.js';
import { DEFAULT_PLACEMENT, StageFixture, type StagePlacement, StageRig } from '../../../src/light/show/stage-rig.js';
import { type Vec3, angleBetween, beamDirection, makeHead } from '../../../src/light/stage/aim/index.js';
import { importQlc } from '../../../src/light/stage/profiles/qlc.js';

const QLC = fileURLToPath(new URL('fixtures/qlc/', import.meta.url));
const profile = async (path: string) => importQlc(path, await readFile(`${QLC}${path}`, 'utf8'));
const MODE = '16 Bt (16 Bit Mode)';

const empty = new PointSet(0);
const world = (over: Partial<Parameters<StageRig['drive']>[0]> = {}): Parameters<StageRig['drive']>[0] => ({
  points: empty,
  generation: 0,
  colors: new Uint32Array(0),
  level: 1,
  deltaMs: 1000 / 60,
  beatMs: 500,
  locate: () => undefined,
  ...over,
});

/** Pan and tilt in degrees from the fixture's DMX bytes, decoded here: 16-bit coarse then fine, DMX 0 at −range/2. */
function decode(f: StageFixture): { pan: number; tilt: number } {
  const bytes = f.dmx();
  const at = (key: string) => {
    const s = f.layout.slots.find((x) => x.key === key);
    assert.ok(s);
    return bytes[s.offsets[0]] * 256 + bytes[s.offsets[1]];
  };
  return { pan: (at('pan') / 65535) * 540 - 270, tilt: (at('tilt') / 65535) * 270 - 135 };
}

async function rigWith(placements: readonly StagePlacement[]) {
  const mac = await profile('Martin/Martin-MAC-250-Wash.qxf');
  const rig = new StageRig();
  const heads = placements.map((placement, i) => {
    const f = new StageFixture(mac, { profileId: 'mac', mode: MODE, universe: 1, address: 1 + 13 * i, placement }, `Head ${i + 1}`);
    rig.fixtures.insert(f);
    return f;
  });
  return { rig, heads };
}

test('aim from the show: heads in several orientations hit their targets within 0.5° after DMX quantisation', async () => {
  const placements: StagePlacement[] = [
    { ...DEFAULT_PLACEMENT, position: { x: 0, y: 0, z: 0 } },
    { ...DEFAULT_PLACEMENT, position: { x: -3, y: 6, z: 1 }, roll: 180 },
    { ...DEFAULT_PLACEMENT, position: { x: 4, y: 3, z: -2 }, roll: 90 },
    { ...DEFAULT_PLACEMENT, position: { x: 1, y: 5, z: 4 }, yaw: 35, pitch: -20, roll: 170 },
    { ...DEFAULT_PLACEMENT, position: { x: 2, y: 1, z: -5 }, yaw: 90, home: { x: 0, y: 0, z: 1 } },
  ];
  const { rig, heads } = await rigWith(placements);
  let checked = 0;
  let worst = 0;
  for (let x = -6; x <= 6; x += 3)
    for (let y = -1; y <= 7; y += 2)
      for (let z = -6; z <= 6; z += 3) {
        for (const f of heads) {
          assert.ok(f.aim);
          f.aim.mode.setBase(f.aim.mode.accept('point'));
          f.aim.x.setBase(x);
          f.aim.y.setBase(y);
          f.aim.z.setBase(z);
        }
        rig.drive(world());
        heads.forEach((f, i) => {
          const s = f.aim?.status;
          assert.ok(s);
          if (!s.reachable) return;
          const { pan, tilt } = decode(f);
          const head = makeHead({ ...placements[i], panRange: 540, tiltRange: 270 });
          const p = placements[i].position;
          const miss = angleBetween(beamDirection(head, pan, tilt), { x: x - p.x, y: y - p.y, z: z - p.z });
          worst = Math.max(worst, miss);
          checked++;
        });
      }
  assert.ok(checked > 500, `${checked} aims checked`);
  assert.ok(worst < 0.5, `worst miss ${worst}°`);
  assert.ok(worst < 0.01, `16-bit DMX keeps the miss far below the bound: ${worst}°`);
});

test('aim from the show: off leaves the pan and tilt parameters in charge; a par has no aim', async () => {
  const { rig, heads } = await rigWith([DEFAULT_PLACEMENT]);
  const [f] = heads;
  const pan = f.layout.slots.findIndex((s) => s.key === 'pan');
  f.values[pan].setValue(40000);
  f.values[f.layout.slots.findIndex((s) => s.key === 'tilt')].setValue(32768);
  rig.drive(world());
  assert.equal(f.valueAt(pan), 40000);
  assert.ok(f.aim);
  f.aim.mode.setBase(f.aim.mode.accept('point'));
  f.aim.x.setBase(5);
  rig.drive(world());
  assert.equal(f.valueAt(pan), degreesOfPanValue(90), 'a target along +x from a floor head at pan ≈ 90° (tilt 90°)');
  f.aim.mode.setBase(f.aim.mode.accept('off'));
  rig.drive(world());
  assert.equal(f.valueAt(pan), 40000);
  const par = new StageFixture(
    await profile('Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf'),
    { profileId: 'par', mode: '3-Channel Mode 2', universe: 1, address: 100, placement: DEFAULT_PLACEMENT },
    'Par',
  );
  assert.equal(par.aim, undefined);
  assert.equal(par.parameters.get('aim'), undefined);
});

function degreesOfPanValue(deg: number): number {
  return Math.floor(((deg + 270) / 540) * 65535 + 0.5);
}

test('aim from the show: a delay in beats holds the old target exactly that long, frame by frame', async () => {
  const { rig, heads } = await rigWith([DEFAULT_PLACEMENT, DEFAULT_PLACEMENT]);
  const [a, b] = heads;
  for (const f of heads) {
    assert.ok(f.aim);
    f.aim.mode.setBase(f.aim.mode.accept('point'));
    f.aim.x.setBase(5);
    f.aim.y.setBase(1);
  }
  b.aim?.delay.setBase(1);
  // 10 ms frames at 120 bpm: one beat is 50 frames.
  const frame = world({ deltaMs: 10, beatMs: 500 });
  for (let i = 0; i < 100; i++) rig.drive(frame);
  const old = decode(b);
  assert.deepEqual(decode(a), old);
  for (const f of heads) f.aim?.x.setBase(-5);
  // The change lands on frame 0; the delayed head turns on frame 50, one beat later.
  for (let i = 0; i < 50; i++) {
    rig.drive(frame);
    assert.notDeepEqual(decode(a), old, 'the head without delay turns at once');
    assert.deepEqual(decode(b), old, `frame ${i}: the delayed head still aims at the old target`);
  }
  rig.drive(frame);
  assert.deepEqual(decode(b), decode(a), 'one beat (50 frames) later it turns');
});

test('aim from the show: a move faster than the head is reported while the beam catches up, never slowed', async () => {
  const { rig, heads } = await rigWith([DEFAULT_PLACEMENT]);
  const [f] = heads;
  assert.ok(f.aim);
  f.aim.mode.setBase(f.aim.mode.accept('point'));
  f.aim.x.setBase(5);
  f.aim.y.setBase(0.001);
  const frame = world({ deltaMs: 10 });
  rig.drive(frame);
  rig.drive(frame);
  for (let i = 0; i < 200 && f.aim.warnings().length > 0; i++) rig.drive(frame);
  assert.deepEqual(f.aim.warnings(), [], 'the beam has caught up');
  const x = f.aim.status?.pan as number;
  f.aim.x.setBase(-5);
  rig.drive(frame);
  const after = f.aim.status;
  assert.ok(after);
  assert.ok(Math.abs(after.pan - x) > 100, 'the DMX jumps the whole way at once');
  const [warning] = f.aim.warnings();
  assert.match(warning, /^aim moves faster than the head follows \(pan 216°\/s, tilt 135°\/s\): the beam is [\d.]+° of pan and [\d.]+° of tilt behind/);
  // The beam moves 2.16° of pan per 10 ms frame: it arrives after ceil(travel / 2.16) frames.
  const travel = Math.max(Math.abs(after.pan - x) / 216, Math.abs(after.tilt - (f.aim.status?.beam.tilt ?? 0)) / 135);
  let frames = 1;
  while (f.aim.warnings().length > 0 && frames < 1000) {
    rig.drive(frame);
    frames++;
  }
  assert.ok(frames <= Math.ceil(travel * 100) + 1, `${frames} frames for ${travel} s`);
});

test('brightest: the brightness-weighted centre of the brightest share of the points, deterministic', () => {
  const n = 20;
  const points = new PointSet(n);
  for (let i = 0; i < n; i++) {
    points.x[i] = i;
    points.y[i] = 2 * i;
    points.z[i] = -i;
  }
  const colors = new Uint32Array(n);
  assert.equal(brightestCentre(points, colors, 10), undefined, 'a black frame has no brightest region');
  colors[3] = 0xff_00_00_ff; // blue 255
  colors[7] = 0xff_80_00_00; // red 128
  colors[8] = 0xff_00_80_00; // green 128 (a tie with 7; the lower index goes first)
  // 10 % of 20 points: the 2 brightest: 3 (255) and 7 (128, before 8).
  const c = brightestCentre(points, colors, 10);
  assert.deepEqual(c, { x: (255 * 3 + 128 * 7) / 383, y: (255 * 6 + 128 * 14) / 383, z: -(255 * 3 + 128 * 7) / 383 });
  assert.deepEqual(brightestCentre(points, colors, 5), { x: 3, y: 6, z: -3 }, 'one point');
  const all = brightestCentre(points, colors, 100);
  assert.deepEqual(all, { x: (255 * 3 + 128 * 15) / 511, y: (255 * 6 + 128 * 30) / 511, z: -(255 * 3 + 128 * 15) / 511 }, 'black points never count');
});

test('aim from the show: a stage fixture or an LX fixture as the target, followed as it moves', async () => {
  const { rig, heads } = await rigWith([DEFAULT_PLACEMENT]);
  const [f] = heads;
  assert.ok(f.aim);
  f.aim.mode.setBase(f.aim.mode.accept('fixture'));
  f.aim.fixture.setBase('/lx/structure/fixture/1');
  let where: Vec3 = { x: 3, y: 4, z: 0 };
  const frame = world({ locate: (path) => (path === '/lx/structure/fixture/1' ? where : undefined) });
  rig.drive(frame);
  assert.deepEqual(f.aim.status?.target, where);
  where = { x: -3, y: 4, z: 0 };
  rig.drive(frame);
  assert.deepEqual(f.aim.status?.target, where);
  f.aim.fixture.setBase('/lx/structure/fixture/9');
  rig.drive(frame);
  assert.deepEqual(f.aim.status?.target, where, 'a target that is gone: the head holds its last one');
  assert.match(f.aim.warnings().join('\n'), /aim holds its last target: aimFixture "\/lx\/structure\/fixture\/9" is not a fixture/);
});

test('aim from the show: out of reach, the head aims at the solver’s nearest and says so', async () => {
  const { rig, heads } = await rigWith([DEFAULT_PLACEMENT]);
  const [f] = heads;
  assert.ok(f.aim);
  f.aim.mode.setBase(f.aim.mode.accept('point'));
  // Straight below a floor head: 180° from its pan axis, beyond the 135° a 270° tilt reaches.
  f.aim.y.setBase(-5);
  f.aim.x.setBase(0.5);
  rig.drive(world());
  const s = f.aim.status;
  assert.ok(s);
  assert.equal(s.reachable, false);
  assert.equal(Math.abs(decode(f).tilt), 135, 'tilt clamped onto the end of its travel');
  const head = makeHead({ ...DEFAULT_PLACEMENT, panRange: 540, tiltRange: 270 });
  const { pan, tilt } = decode(f);
  const missed = angleBetween(beamDirection(head, pan, tilt), { x: 0.5, y: -5, z: 0 });
  assert.ok(Math.abs(missed - s.missDeg) < 0.01, `the reported miss ${s.missDeg}° is the beam's ${missed}°`);
  assert.match(f.aim.warnings()[0], /^aim out of reach: no pan\/tilt within the ranges .*; aiming as near as the travel allows \(misses by [\d.]+°\)$/);
});
