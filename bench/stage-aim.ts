// The moving-head aim solver's figures for docs/stage-aim.md: heads in eight orientations aim at
// a grid of targets; forward kinematics measures how far each beam misses, exact and after the
// pan/tilt go through 16-bit and 8-bit DMX values; then a group of four hung heads moves from a
// line of targets to a fan, staggered, with the slew check. Prints a table; writes nothing.
//
//   node --import tsx bench/stage-aim.ts
import { performance } from 'node:perf_hooks';
import {
  type AimOptions,
  type AimResult,
  type AxisSpeeds,
  type DmxBits,
  type PanTilt,
  type StaggerOrder,
  type HeadPlacement,
  type Vec3,
  angleBetween,
  beamDirection,
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
} from '../src/light/stage/aim/index.js';

const PLACEMENTS: readonly (readonly [string, HeadPlacement])[] = [
  ['floor', { position: { x: 0, y: 0, z: 0 }, panRange: 540, tiltRange: 270 }],
  ['truss, upside down', { position: { x: 1, y: 6, z: -2 }, roll: 180, panRange: 540, tiltRange: 270 }],
  ['side (roll −90)', { position: { x: -5, y: 3, z: 0 }, roll: -90, panRange: 540, tiltRange: 270 }],
  ['side (pitch 90)', { position: { x: 0, y: 3, z: -6 }, pitch: 90, panRange: 540, tiltRange: 270 }],
  ['hung, yaw 37', { position: { x: 4, y: 5, z: 2 }, yaw: 37, roll: 180, panRange: 540, tiltRange: 270 }],
  ['yaw 20 pitch −30 roll 45', { position: { x: -2, y: 4, z: 3 }, yaw: 20, pitch: -30, roll: 45, panRange: 540, tiltRange: 270 }],
  ['home forward, yaw 90', { position: { x: 2, y: 1, z: -3 }, yaw: 90, home: { x: 0, y: 0, z: 1 }, panRange: 540, tiltRange: 270 }],
  ['tilted home, 630/265', { position: { x: 0, y: 2, z: 0 }, pitch: 15, roll: -20, home: { x: 0, y: 0.6, z: 0.8 }, panRange: 630, tiltRange: 265 }],
];

/** Targets every 0.5 units over a 12 × 8 × 12 box around the rig. */
function grid(): Vec3[] {
  const out: Vec3[] = [];
  for (let x = -6; x <= 6; x += 0.5) for (let y = -1; y <= 7; y += 0.5) for (let z = -6; z <= 6; z += 0.5) out.push({ x, y, z });
  return out;
}

/** A pan or tilt after a trip through DMX: degrees → value → (coarse, fine) → value → degrees. */
function quantised(deg: number, range: number, bits: DmxBits): number {
  const v = degreesToDmx(deg, range, bits);
  if (bits === 8) return dmxToDegrees(v, range, 8);
  const { coarse, fine } = splitCoarseFine(v);
  return dmxToDegrees(joinCoarseFine(coarse, fine), range, 16);
}

const targets = grid();
// Warm the solver up so the first row's timing is not the JIT's.
for (const t of targets) solveAim(makeHead(PLACEMENTS[0][1]), t.y === 0 && t.x === 0 && t.z === 0 ? { x: 1, y: 1, z: 1 } : t);
console.log(`${targets.length} targets per head\n`);
console.log('head                        reached  refused  max miss exact  max miss 16-bit  max miss 8-bit  µs/solve');
let worstExact = 0;
for (const [name, placement] of PLACEMENTS) {
  const head = makeHead(placement);
  let current: PanTilt = { pan: 0, tilt: 0 };
  let reached = 0,
    refused = 0,
    exact = 0,
    m16 = 0,
    m8 = 0;
  const t0 = performance.now();
  for (const t of targets) {
    const d = { x: t.x - head.position.x, y: t.y - head.position.y, z: t.z - head.position.z };
    if (Math.hypot(d.x, d.y, d.z) < 1e-9) continue;
    const r = solveAim(head, t, { current });
    if (!r.reachable) {
      refused++;
      continue;
    }
    reached++;
    current = r;
    exact = Math.max(exact, angleBetween(beamDirection(head, r.pan, r.tilt), d));
    const miss = (bits: DmxBits): number =>
      angleBetween(beamDirection(head, quantised(r.pan, head.panRange, bits), quantised(r.tilt, head.tiltRange, bits)), d);
    m16 = Math.max(m16, miss(16));
    m8 = Math.max(m8, miss(8));
  }
  const us = ((performance.now() - t0) * 1000) / (reached + refused);
  worstExact = Math.max(worstExact, exact);
  console.log(
    `${name.padEnd(28)}${String(reached).padStart(7)}${String(refused).padStart(9)}${exact.toExponential(2).padStart(16)}` +
      `${m16.toFixed(4).padStart(17)}${m8.toFixed(3).padStart(16)}${us.toFixed(1).padStart(10)}`,
  );
}
console.log(`\nworst exact miss over all heads: ${worstExact.toExponential(2)}° (timing includes the DMX round trips and checks)`);

// A group: four heads hung on a truss move from a line across the floor to a 60° fan, one beat
// at 128 bpm and 60 fps, staggered from the centre out by a quarter beat.
const fps = 60,
  bpm = 128;
const positions = [-3, -1, 1, 3].map((x) => ({ x, y: 6, z: 0 }));
const heads = positions.map((position) => makeHead({ position, roll: 180, panRange: 540, tiltRange: 270 }));
const line = lineTargets({ x: -4, y: 0, z: 3 }, { x: 4, y: 0, z: 3 }, 4);
const fan = fanTargets(positions, { x: 0, y: 0, z: 4 }, 60);
const order: StaggerOrder = 'center-out';
const delays = stagger(4, beatsToFrames(0.25, bpm, fps), order);
const speeds: AxisSpeeds = { pan: 216, tilt: 150 };

/** The solved pan/tilt of an aim the group must reach. */
function reached(r: AimResult): PanTilt {
  if (!r.reachable) throw new Error(r.reason);
  return r;
}
const moveFrames = beatsToFrames(1, bpm, fps);
console.log(`\ngroup: line → fan in ${moveFrames} frames, delays ${delays.join(', ')} frames (center-out, ¼ beat at ${bpm} bpm)`);
heads.forEach((head, i) => {
  const a = reached(solveAim(head, line[i]));
  const options: AimOptions = { current: a, speeds };
  const b = reached(solveAim(head, fan[i], options));
  const slew = slewCheck(a, b, moveFrames, fps, speeds);
  console.log(
    `  head ${i + 1}: pan ${a.pan.toFixed(2)} → ${b.pan.toFixed(2)}, tilt ${a.tilt.toFixed(2)} → ${b.tilt.toFixed(2)}, ` +
      `needs ${slew.framesNeeded} frames${slew.tooFast ? ' (too fast for the head)' : ''}`,
  );
});
