// The aim solver's DMX values, group helpers (fan, line of targets, stagger) and slew check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  beatsToFrames,
  degreesToDmx,
  dmxToDegrees,
  fanTargets,
  joinCoarseFine,
  lineTargets,
  makeHead,
  slewCheck,
  solveAim,
  splitCoarseFine,
  stagger,
  angleBetween,
} from '../../../src/light/stage/aim/index.js';

const code = { code: 'invalid_argument' };

test('16-bit values split into coarse and fine bytes and join back, all 65536 of them', () => {
  for (let v = 0; v <= 65535; v++) {
    const { coarse, fine } = splitCoarseFine(v);
    assert.ok(coarse >= 0 && coarse <= 255 && fine >= 0 && fine <= 255);
    if (joinCoarseFine(coarse, fine) !== v) assert.fail(`${v} → ${coarse}/${fine} → ${joinCoarseFine(coarse, fine)}`);
  }
  assert.deepEqual(splitCoarseFine(0x1234), { coarse: 0x12, fine: 0x34 });
  assert.throws(() => splitCoarseFine(65536), code);
  assert.throws(() => splitCoarseFine(1.5), code);
  assert.throws(() => joinCoarseFine(256, 0), /coarse must be a DMX byte/);
  assert.throws(() => joinCoarseFine(0, -1), /fine must be a DMX byte/);
});

test('degrees to DMX: DMX 0 is −range/2, the top value +range/2, the centre rounds half up', () => {
  assert.equal(degreesToDmx(-270, 540, 16), 0);
  assert.equal(degreesToDmx(270, 540, 16), 65535);
  assert.equal(degreesToDmx(0, 540, 16), 32768);
  assert.deepEqual(splitCoarseFine(degreesToDmx(0, 540, 16)), { coarse: 128, fine: 0 });
  assert.equal(degreesToDmx(0, 270, 8), 128);
  assert.equal(degreesToDmx(-135, 270, 8), 0);
  assert.equal(degreesToDmx(135, 270, 8), 255);
  assert.equal(degreesToDmx(-270, 540, 16, true), 65535, 'an inverted axis counts down');
  assert.equal(dmxToDegrees(65535, 540, 16, true), -270);
  assert.throws(() => degreesToDmx(271, 540, 16), /outside the axis' travel of ±270°/);
  assert.throws(() => degreesToDmx(0, 540, 12 as 16), code);
  assert.throws(() => dmxToDegrees(256, 270, 8), code);
});

test('DMX to degrees and back is exact on every step; degrees to DMX and back is within half a step', () => {
  for (const [range, bits] of [
    [540, 16],
    [270, 16],
    [540, 8],
    [270, 8],
  ] as const) {
    const max = bits === 8 ? 255 : 65535;
    for (let v = 0; v <= max; v++) {
      for (const invert of [false, true])
        if (degreesToDmx(dmxToDegrees(v, range, bits, invert), range, bits, invert) !== v) assert.fail(`${range}/${bits}: ${v}`);
    }
    const half = range / max / 2;
    for (let d = -range / 2; d <= range / 2; d += 0.01) {
      const back = dmxToDegrees(degreesToDmx(d, range, bits), range, bits);
      if (Math.abs(back - d) > half + 1e-9) assert.fail(`${range}/${bits}: ${d}° → ${back}°`);
    }
  }
});

test('a fan of heads in mirror image gives mirrored pans and equal tilts, offsets symmetric about the centre', () => {
  const positions = [-3, -1, 1, 3].map((x) => ({ x, y: 6, z: 0 }));
  const centre = { x: 0, y: 0, z: 4 };
  const targets = fanTargets(positions, centre, 60);
  const offsets = positions.map((p, i) =>
    angleBetween({ x: centre.x - p.x, y: centre.y - p.y, z: centre.z - p.z }, { x: targets[i].x - p.x, y: targets[i].y - p.y, z: targets[i].z - p.z }),
  );
  // Turned about the vertical by −30, −10, 10, 30 degrees; the angle in 3D is smaller (the line slopes) and symmetric.
  assert.ok(Math.abs(offsets[0] - offsets[3]) < 1e-9 && Math.abs(offsets[1] - offsets[2]) < 1e-9 && offsets[0] > offsets[1]);
  const aims = positions.map((position, i) => solveAim(makeHead({ position, roll: 180, panRange: 540, tiltRange: 270 }), targets[i]));
  for (let i = 0; i < 2; i++) {
    const a = aims[i],
      b = aims[3 - i];
    assert.ok(a.reachable && b.reachable);
    assert.ok(Math.abs(a.pan + b.pan) < 1e-9, `pans ${a.pan} and ${b.pan} are not mirrored`);
    assert.ok(Math.abs(a.tilt - b.tilt) < 1e-9, `tilts ${a.tilt} and ${b.tilt} differ`);
  }
  assert.deepEqual(fanTargets(positions, centre, 60), targets, 'deterministic');
  const one = fanTargets([{ x: 0, y: 6, z: 0 }], centre, 60);
  assert.deepEqual(one, [centre], 'one head aims at the centre');
  assert.throws(() => fanTargets([], centre, 60), code);
  assert.throws(() => fanTargets(positions, centre, 400), code);
});

test('a line of targets spreads the heads evenly from end to end', () => {
  const line = lineTargets({ x: -4, y: 0, z: 2 }, { x: 4, y: 0, z: 2 }, 5);
  assert.deepEqual(
    line.map((p) => p.x),
    [-4, -2, 0, 2, 4],
  );
  assert.deepEqual(lineTargets({ x: -4, y: 0, z: 2 }, { x: 4, y: 2, z: 2 }, 1), [{ x: 0, y: 1, z: 2 }]);
  assert.throws(() => lineTargets({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, 0), code);
});

test('stagger delays heads in order, reversed, from the centre out and from the edges in', () => {
  assert.deepEqual(stagger(5, 2), [0, 2, 4, 6, 8]);
  assert.deepEqual(stagger(5, 2, 'reverse'), [8, 6, 4, 2, 0]);
  assert.deepEqual(stagger(5, 0.5, 'center-out'), [1, 0.5, 0, 0.5, 1]);
  assert.deepEqual(stagger(4, 1, 'center-out'), [1, 0, 0, 1]);
  assert.deepEqual(stagger(4, 1, 'edges-in'), [0, 1, 1, 0]);
  assert.deepEqual(stagger(1, 3, 'edges-in'), [0]);
  assert.throws(() => stagger(4, 1, 'sideways' as 'forward'), code);
  assert.throws(() => stagger(4, -1), code);
  assert.equal(beatsToFrames(1, 120, 60), 30);
  assert.equal(beatsToFrames(0.25, 128, 60), 7, '7.03 frames rounds to 7');
  assert.throws(() => beatsToFrames(1, 0, 60), code);
});

test('slew: a move faster than the head is reported with the frames it needs', () => {
  // 540° pan in 2.5 s is 216°/s; 180° of pan takes 0.8333 s, 50 frames at 60 fps.
  const speeds = { pan: 216, tilt: 150 };
  const from = { pan: 0, tilt: 0 };
  const to = { pan: 180, tilt: 30 };
  const slow = slewCheck(from, to, 50, 60, speeds);
  assert.equal(slow.tooFast, false);
  assert.equal(slow.framesNeeded, 50);
  const fast = slewCheck(from, to, 49, 60, speeds);
  assert.equal(fast.tooFast, true);
  assert.ok(Math.abs(fast.panDegPerSec - (180 * 60) / 49) < 1e-9);
  // Tilt sets the time when it is the slower axis.
  assert.equal(slewCheck(from, { pan: 10, tilt: 150 }, 60, 60, speeds).framesNeeded, 60);
  assert.equal(slewCheck(from, from, 0, 60, speeds).tooFast, false, 'no move fits no time');
  assert.equal(slewCheck(from, to, 0, 60, speeds).panDegPerSec, Number.POSITIVE_INFINITY);
  assert.throws(() => slewCheck(from, to, 1.5, 60, speeds), code);
  assert.throws(() => slewCheck(from, to, 10, 0, speeds), code);
  assert.throws(() => slewCheck(from, to, 10, 60, { pan: 0, tilt: 1 }), code);
});
