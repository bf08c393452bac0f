// The moving-head aim solver (issue #30, Position): heads in several orientations aim at a grid of
// targets and forward kinematics checks each hit; shortest move, reach, and the model's axes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type HeadPlacement, type Vec3, angleBetween, beamDirection, makeHead, solveAim } from '../../../src/light/stage/aim/index.js';
import { orientation } from '../../../src/light/stage/aim/vector.js';
import { geometryMatrix } from '../../../src/light/model/fixture.js';

/** Heads in the orientations a rig uses, all with a 540°/270° profile. */
const HEADS: Readonly<Record<string, HeadPlacement>> = {
  floor: { position: { x: 0, y: 0, z: 0 }, panRange: 540, tiltRange: 270 },
  'truss, hung upside down': { position: { x: 1, y: 6, z: -2 }, roll: 180, panRange: 540, tiltRange: 270 },
  'side-mounted (roll −90)': { position: { x: -5, y: 3, z: 0 }, roll: -90, panRange: 540, tiltRange: 270 },
  'side-mounted (pitch 90)': { position: { x: 0, y: 3, z: -6 }, pitch: 90, panRange: 540, tiltRange: 270 },
  'hung and yawed': { position: { x: 4, y: 5, z: 2 }, yaw: 37, roll: 180, panRange: 540, tiltRange: 270 },
  'rolled and pitched': { position: { x: -2, y: 4, z: 3 }, yaw: 20, pitch: -30, roll: 45, panRange: 540, tiltRange: 270 },
  'home forward, yawed': { position: { x: 2, y: 1, z: -3 }, yaw: 90, home: { x: 0, y: 0, z: 1 }, panRange: 540, tiltRange: 270 },
  'tilted home': { position: { x: 0, y: 2, z: 0 }, pitch: 15, roll: -20, home: { x: 0, y: 0.6, z: 0.8 }, panRange: 630, tiltRange: 265 },
};

function grid(): Vec3[] {
  const out: Vec3[] = [];
  for (let x = -6; x <= 6; x += 1.5) for (let y = -1; y <= 7; y += 1) for (let z = -6; z <= 6; z += 1.5) out.push({ x, y, z });
  return out;
}

/** Whether some pan/tilt in range can point along `d` (world), by a dense search: the oracle for "reachable". */
function reachableBySearch(placement: HeadPlacement, d: Vec3): boolean {
  const head = makeHead(placement);
  let best = 180;
  for (let t = -head.tiltRange / 2; t <= head.tiltRange / 2; t += 1) {
    for (let p = -180; p < 180; p += 1) best = Math.min(best, angleBetween(beamDirection(head, p, t), d));
  }
  return best < 2;
}

test('orientation matches the model: rotateY(yaw) · rotateX(pitch) · rotateZ(roll)', () => {
  for (const [yaw, pitch, roll] of [
    [37, 0, 180],
    [20, -30, 45],
    [0, 90, 0],
    [-110, 12, 73],
  ]) {
    const ours = orientation(yaw, pitch, roll);
    const lx = geometryMatrix(undefined, { x: 0, y: 0, z: 0, yaw, pitch, roll, scale: 1 });
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(ours[r * 3 + c] - lx[r * 4 + c]) < 1e-6, `yaw ${yaw} pitch ${pitch} roll ${roll} [${r}][${c}]`);
  }
});

test('forward kinematics: a floor head at 0/0 points up, pan 90 / tilt 90 points along +x', () => {
  const head = makeHead(HEADS.floor);
  assert.ok(angleBetween(beamDirection(head, 0, 0), { x: 0, y: 1, z: 0 }) < 1e-9);
  assert.ok(angleBetween(beamDirection(head, 90, 90), { x: 1, y: 0, z: 0 }) < 1e-9);
  assert.ok(angleBetween(beamDirection(head, 0, 90), { x: 0, y: 0, z: 1 }) < 1e-9);
  const hung = makeHead(HEADS['truss, hung upside down']);
  assert.ok(angleBetween(beamDirection(hung, 0, 0), { x: 0, y: -1, z: 0 }) < 1e-9, 'a hung head points down at its centre');
});

test('heads in eight orientations hit every reachable target of a grid within 0.5° (forward kinematics check)', () => {
  const targets = grid();
  let worst = 0;
  let hits = 0;
  let refused = 0;
  for (const [name, placement] of Object.entries(HEADS)) {
    const head = makeHead(placement);
    let current = { pan: 0, tilt: 0 };
    for (const target of targets) {
      const d = { x: target.x - head.position.x, y: target.y - head.position.y, z: target.z - head.position.z };
      if (Math.hypot(d.x, d.y, d.z) < 1e-9) continue;
      const r = solveAim(head, target, { current });
      if (!r.reachable) {
        assert.ok(r.missDeg > 1e-6, `${name}: refused a target its nearest aim reaches (${r.missDeg}°)`);
        refused++;
        continue;
      }
      assert.ok(r.solutions.length >= 1);
      for (const s of r.solutions) {
        assert.ok(Math.abs(s.pan) <= head.panRange / 2 && Math.abs(s.tilt) <= head.tiltRange / 2, `${name}: solution out of range`);
        const miss = angleBetween(beamDirection(head, s.pan, s.tilt), d);
        worst = Math.max(worst, miss);
        assert.ok(miss <= 0.5, `${name} → (${target.x}, ${target.y}, ${target.z}): pan ${s.pan} tilt ${s.tilt} misses by ${miss}°`);
      }
      assert.ok(r.errorDeg <= 0.5);
      current = { pan: r.pan, tilt: r.tilt };
      hits++;
    }
  }
  assert.ok(hits > 4000 && refused > 100, `${hits} targets reached, ${refused} refused`);
  assert.ok(worst < 1e-6, `worst miss ${worst}°: the closed form should be exact up to rounding`);
});

test('reach agrees with a dense search of the ranges', () => {
  for (const [name, placement] of Object.entries(HEADS)) {
    const head = makeHead(placement);
    for (const target of [
      { x: 0, y: -8, z: 0.5 },
      { x: 0.3, y: 9, z: 0 },
      { x: 7, y: 0, z: 7 },
      { x: -7, y: 2, z: -7 },
    ]) {
      const d = { x: target.x - head.position.x, y: target.y - head.position.y, z: target.z - head.position.z };
      const r = solveAim(head, target);
      const search = reachableBySearch(placement, d);
      // The search's 1° grid cannot settle targets within 2° of the reach's edge; none of these is.
      assert.equal(r.reachable, search, `${name} → (${target.x}, ${target.y}, ${target.z})`);
    }
  }
});

test('both solutions within range are returned: the pan flip by 180° with the tilt mirrored', () => {
  const head = makeHead(HEADS.floor);
  // Pan 100° and tilt 60° from the home (up) direction.
  const target = { x: Math.sin((100 * Math.PI) / 180), y: 1 / Math.tan((60 * Math.PI) / 180), z: Math.cos((100 * Math.PI) / 180) };
  const r = solveAim(head, target);
  assert.ok(r.reachable);
  const rounded = r.solutions.map((s) => [Math.round(s.pan * 1e6) / 1e6, Math.round(s.tilt * 1e6) / 1e6]);
  assert.deepEqual(rounded, [
    [-260, 60],
    [-80, -60],
    [100, 60],
  ]);
});

test('the shortest move from the current pan/tilt is chosen', () => {
  const head = makeHead(HEADS.floor);
  const target = { x: Math.sin((100 * Math.PI) / 180), y: 1 / Math.tan((60 * Math.PI) / 180), z: Math.cos((100 * Math.PI) / 180) };
  const near = (r: ReturnType<typeof solveAim>, pan: number, tilt: number): void => {
    assert.ok(r.reachable);
    assert.ok(Math.abs(r.pan - pan) < 1e-6 && Math.abs(r.tilt - tilt) < 1e-6, `got ${r.pan}/${r.tilt}, want ${pan}/${tilt}`);
  };
  near(solveAim(head, target, { current: { pan: 90, tilt: 40 } }), 100, 60);
  near(solveAim(head, target, { current: { pan: -90, tilt: -40 } }), -80, -60);
  near(solveAim(head, target, { current: { pan: -230, tilt: 50 } }), -260, 60);
  // From −175/−10: −260/60 is 85° of pan and 70° of tilt away, −80/−60 95° and 50°. At equal speeds the larger
  // step sets the time (85 < 95); with a tilt four times slower than pan, tilt sets it (50 < 70).
  const from = { pan: -175, tilt: -10 };
  near(solveAim(head, target, { current: from }), -260, 60);
  near(solveAim(head, target, { current: from, speeds: { pan: 200, tilt: 50 } }), -80, -60);
  // Equal cost (90° of pan either way, tilt no more): the smaller total travel wins, then the earlier solution.
  near(solveAim(head, target, { current: { pan: -170, tilt: -30 } }), -80, -60);
  near(solveAim(head, target, { current: { pan: -170, tilt: 30 } }), -260, 60);
  near(solveAim(head, target, { current: { pan: -170, tilt: 0 } }), -260, 60);
});

test('a target on the pan axis leaves pan where it is', () => {
  const head = makeHead(HEADS.floor);
  const r = solveAim(head, { x: 0, y: 5, z: 0 }, { current: { pan: 123, tilt: 30 } });
  assert.ok(r.reachable);
  assert.equal(r.pan, 123);
  assert.ok(Math.abs(r.tilt) < 1e-9);
});

test('a target out of the tilt range is refused with the reason and the nearest clamped aim', () => {
  const head = makeHead(HEADS.floor);
  // 160° from up (straight up is the pan axis): tilt ±135° cannot reach it.
  const a = (160 * Math.PI) / 180;
  const r = solveAim(head, { x: 0, y: Math.cos(a), z: Math.sin(a) });
  assert.equal(r.reachable, false);
  if (r.reachable) return;
  assert.match(r.reason, /no pan\/tilt within the ranges \(pan ±270°, tilt ±135°\)/);
  assert.ok(Math.abs(Math.abs(r.nearest.tilt) - 135) < 1e-9, `nearest tilt ${r.nearest.tilt}`);
  assert.ok(Math.abs(r.missDeg - 25) < 1e-6, `miss ${r.missDeg}`);
});

test('a target outside the cone a tilted-home beam sweeps is refused', () => {
  // Home 45° off the tilt axis: the beam stays 45°…135° from the pan axis.
  const head = makeHead({ position: { x: 0, y: 0, z: 0 }, home: { x: 1, y: 1, z: 0 }, panRange: 540, tiltRange: 360 });
  const r = solveAim(head, { x: 0, y: 10, z: 0 });
  assert.equal(r.reachable, false);
  if (r.reachable) return;
  assert.match(r.reason, /cannot point that way: the target is 0\.0° from the pan axis, the beam reaches 45\.0° to 135\.0°/);
  assert.ok(Math.abs(r.missDeg - 45) < 1e-6);
});

test('bad placements and targets are refused with invalid_argument', () => {
  const code = { code: 'invalid_argument' };
  assert.throws(() => makeHead({ ...HEADS.floor, panRange: 0 }), code);
  assert.throws(() => makeHead({ ...HEADS.floor, tiltRange: Number.NaN }), code);
  assert.throws(() => makeHead({ ...HEADS.floor, yaw: Number.POSITIVE_INFINITY }), code);
  assert.throws(() => makeHead({ ...HEADS.floor, home: { x: 0, y: 0, z: 0 } }), code);
  assert.throws(() => makeHead({ ...HEADS.floor, home: { x: 1, y: 0, z: 0 } }), /along the tilt axis/);
  const head = makeHead(HEADS.floor);
  assert.throws(() => solveAim(head, { x: 0, y: 0, z: 0 }), /the head position itself/);
  assert.throws(() => solveAim(head, { x: Number.NaN, y: 0, z: 0 }), code);
  assert.throws(() => solveAim(head, { x: 1, y: 1, z: 1 }, { current: { pan: Number.NaN, tilt: 0 } }), code);
});
