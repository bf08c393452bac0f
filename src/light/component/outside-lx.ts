// Parts of the light show that LX has no component for (the stage fixtures under `/lx/stage`):
// LX cannot resolve a reference to them, so a saved reference names them by path alone. LX
// falls back to a reference's component id when its path does not resolve, and an id of a part
// LX never saw could be the id of one of LX's own components.
import type { Component } from '../../engine/component.js';

/** Whether `c` lives under a component marked `outsideLx` (LX never sees it). */
export function isOutsideLx(c: Component | null): boolean {
  for (let x = c; x !== null; x = x.parent) if ((x as { outsideLx?: boolean }).outsideLx === true) return true;
  return false;
}
