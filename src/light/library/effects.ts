import type { DeviceEntry } from '../registry.js';

/** Stock effects in LX's registry order. */
export const EFFECTS: readonly DeviceEntry[] = [];
