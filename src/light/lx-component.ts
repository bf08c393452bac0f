import { Component } from '../engine/component.js';

/**
 * A component of the light engine that LX knows by a class name. The class name is what
 * `.lxp` files store and what `list_available_*` reports; it never changes for a stock device.
 */
export abstract class LXComponent extends Component {
  /** The fully qualified LX class, e.g. `heronarts.lx.pattern.color.SolidPattern`. */
  abstract readonly lxClass: string;
}

/** The LX version Footlight's light engine reproduces. */
export const LX_VERSION = '1.2.1';
