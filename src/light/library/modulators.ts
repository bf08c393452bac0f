import type { DeviceEntry } from '../registry.js';

/** Stock modulators in LX's registry order. */
export const MODULATORS: readonly DeviceEntry[] = [];
