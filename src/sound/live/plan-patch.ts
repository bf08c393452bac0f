import type { PlanDevice, PlanGridNode, RenderPlan } from '../audio/dsp/plan.js';

/** Keys whose values the engine reads at every block, so a change needs no rebuild. */
const LIVE_KEYS = new Set(['p', 'gain', 'pan', 'mute', 'solo']);

/** The plan without its live values: two plans with the same shape differ only in those. */
function planShape(plan: RenderPlan): string {
  // A zone's decoded sample is the same array while its path is the same: compare by path, not by every sample.
  return JSON.stringify(plan, (k, v: unknown) => (LIVE_KEYS.has(k) || v instanceof Float32Array ? undefined : v));
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function patchDevice(cur: PlanDevice, next: PlanDevice): void {
  Object.assign(cur.p, next.p);
  for (const [slot, list] of Object.entries(cur.slots)) list.forEach((d, i) => patchDevice(d, next.slots[slot][i]));
  cur.grid?.nodes.forEach((n: PlanGridNode, i) => Object.assign(n.p, next.grid!.nodes[i].p));
}

/**
 * Writes `next`'s parameter values, faders, pans, sends, mutes and solos into `cur` (the plan the
 * engine is playing) when the two have the same shape, so the change is heard at the next block
 * without restarting voices. Returns false, changing nothing, when the shape differs (devices,
 * cords, clips, tempo): the caller then loads `next`.
 */
export function patchInPlace(cur: RenderPlan, next: RenderPlan): boolean {
  if (planShape(cur) !== planShape(next)) return false;
  cur.tracks.forEach((t, i) => {
    const n = next.tracks[i];
    const m = t as Mutable<typeof t>;
    m.gain = n.gain;
    m.pan = n.pan;
    m.mute = n.mute;
    m.solo = n.solo;
    t.sends.forEach((s, k) => ((s as Mutable<typeof s>).gain = n.sends[k].gain));
    t.devices.forEach((d, k) => patchDevice(d, n.devices[k]));
  });
  return true;
}
