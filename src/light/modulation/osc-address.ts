import type { Component } from '../../engine/component.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { Modulator } from './modulator.js';

/** LX's OSC label: trimmed, with whitespace runs and `# * , / \ ? [ ] { }` replaced by `-`. */
export function oscLabel(label: string): string {
  return label.trim().replace(/[\s#*,/\\?[\]{}]+/g, '-');
}

/**
 * The OSC address of a component: its canonical path, except that LX addresses a modulator by
 * its OSC label under its modulation engine (`/lx/modulation/LFO`, not `/lx/modulation/modulator/1`).
 */
export function oscComponentAddress(c: Component): string {
  let address = '';
  for (let x: Component | null = c; x !== null; x = x.parent) {
    address = `/${x instanceof Modulator ? oscLabel(x.label.getString()) : x.segment}${address}`;
  }
  return address;
}

/** The OSC address of a parameter: its component's OSC address plus the parameter key. */
export function oscAddressOf(p: Parameter): string {
  if (p.owner === null) return p.key;
  return `${oscComponentAddress(p.owner)}/${p.key}`;
}
