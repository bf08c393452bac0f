// Group helpers: where a group of heads points (a fan about a centre, a line of targets) and
// when each moves (a stagger). All of them depend only on their arguments and the heads' order.
import { invalidArgument } from '../../../engine/errors.js';
import { type Vec3, add, rotateAbout, sub, unit } from './vector.js';

function count(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 4096) throw invalidArgument(`a group counts 1…4096 heads, got ${n}`);
  return n;
}

/** The offset of head `i` of `n` across a spread: −spread/2 … +spread/2 evenly, 0 for one head. */
function spreadOffset(i: number, n: number, spread: number): number {
  return n === 1 ? 0 : spread * (i / (n - 1) - 0.5);
}

/** `n` points evenly from `from` to `to`, both ends included; one point is the middle. */
export function lineTargets(from: Vec3, to: Vec3, n: number): Vec3[] {
  count(n);
  const span = sub(to, from);
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) {
    const k = n === 1 ? 0.5 : i / (n - 1);
    out.push(add(from, { x: span.x * k, y: span.y * k, z: span.z * k }));
  }
  return out;
}

/**
 * A fan: each head's line to `centre` turned about `axis` (through the head, default the model's
 * up, +y) by −spread/2 … +spread/2 degrees in the heads' order, keeping its length. Returns the
 * target point of each head, for solveAim. Heads placed in mirror image get mirrored beams.
 */
export function fanTargets(positions: readonly Vec3[], centre: Vec3, spread: number, axis: Vec3 = { x: 0, y: 1, z: 0 }): Vec3[] {
  const n = count(positions.length);
  if (!Number.isFinite(spread) || Math.abs(spread) > 360) throw invalidArgument(`spread must be −360…360 degrees, got ${spread}`);
  const a = unit(axis, 'axis');
  return positions.map((p, i) => add(p, rotateAbout(sub(centre, p), a, spreadOffset(i, n, spread))));
}

export type StaggerOrder = 'forward' | 'reverse' | 'center-out' | 'edges-in';

/**
 * Each head's delay, in whatever unit `step` is (frames or beats): `forward` delays head i by
 * i·step, `reverse` by (n−1−i)·step, `center-out` starts the middle head (the middle two for an
 * even count) and each ring outwards one step later, `edges-in` the other way round.
 */
export function stagger(n: number, step: number, order: StaggerOrder = 'forward'): number[] {
  count(n);
  if (!Number.isFinite(step) || step < 0) throw invalidArgument(`step must be a delay ≥ 0, got ${step}`);
  const ring = (i: number): number => Math.floor(Math.abs(i - (n - 1) / 2));
  const outer = ring(0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = order === 'forward' ? i : order === 'reverse' ? n - 1 - i : order === 'center-out' ? ring(i) : order === 'edges-in' ? outer - ring(i) : -1;
    if (slot < 0) throw invalidArgument(`order must be forward, reverse, center-out or edges-in, got ${String(order)}`);
    out.push(slot * step);
  }
  return out;
}

/** A delay in beats as whole frames at `bpm` and `fps`, rounded to the nearest frame (halves up). */
export function beatsToFrames(beats: number, bpm: number, fps: number): number {
  if (!(bpm > 0) || !(fps > 0) || !Number.isFinite(bpm) || !Number.isFinite(fps) || !Number.isFinite(beats) || beats < 0)
    throw invalidArgument(`beats ≥ 0, bpm and fps > 0 needed, got ${beats} beats at ${bpm} bpm and ${fps} fps`);
  return Math.floor(((beats * 60) / bpm) * fps + 0.5);
}
