import { EFFECTS } from './library/effects.js';
import { MODULATORS } from './library/modulators.js';
import { PATTERNS } from './library/patterns.js';
import type { LXComponent } from '../component/lx-component.js';
import { DeviceRegistry } from '../component/registry.js';

/**
 * The stock light library in LX's registry order. Classes that need MIDI input are listed as
 * unavailable with the reason rather than faked.
 */
export function createLibrary(): DeviceRegistry<LXComponent> {
  const r = new DeviceRegistry<LXComponent>();
  for (const entry of [...PATTERNS, ...EFFECTS, ...MODULATORS]) r.register(entry);
  return r;
}
