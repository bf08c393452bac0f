import { createLibrary } from '../library.js';
import type { LightShow } from '../light-show.js';
import type { DeviceRegistry } from '../registry.js';

let fallback: DeviceRegistry | undefined;

/** The light library of a show: its own registry when it has one, else the stock library. */
export function libraryOf(show: LightShow): DeviceRegistry {
  const own = (show as { registry?: DeviceRegistry }).registry;
  if (own !== undefined) return own;
  fallback ??= createLibrary();
  return fallback;
}
