import type { Component } from '../engine/component.js';
import type { PointSet } from './model/index.js';
import type { Palette } from './palette/palette.js';
import type { Structure } from './structure/structure.js';
import type { Tempo } from './tempo/tempo.js';
import { LXComponent } from './lx-component.js';
import { ModulationEngine } from './modulation/modulation-engine.js';
import type { Modulator } from './modulation/modulator.js';

/** The engine-wide parts a device reads while rendering. */
export interface LightContext {
  readonly palette: Palette;
  readonly tempo: Tempo;
  readonly structure: Structure;
}

/** The light engine a component belongs to, found by walking up its parents. */
export function lightContextOf(c: Component): LightContext | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) if ((p as { isLightRoot?: boolean }).isLightRoot === true) return p as unknown as LightContext;
  return undefined;
}

/**
 * Shared base of patterns and effects (LX's LXDeviceComponent): a device-local modulation
 * engine, the class's own built-in modulators (not saved; the class recreates them), and the
 * render target set by the mixer before each frame.
 */
export abstract class Device extends LXComponent {
  /** User modulators and modulations scoped to this device, `.../modulation`. */
  readonly modulation: ModulationEngine;
  /** Modulators the class itself runs (e.g. Noise's motion), `.../modulator/N`. Not saved. */
  readonly builtIns = this.addArray<Modulator>('modulator');
  /** The points this device renders: its view, or the model it inherits. Set before each frame. */
  points!: PointSet;
  /** The frame-sized ARGB buffer to write, indexed by `points.index[k]`. Set before each frame. */
  colors: Uint32Array = new Uint32Array(0);

  constructor(label: string) {
    super(label);
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
  }

  /** The engine this device renders in (palette, tempo, structure); undefined while detached. */
  get context(): LightContext | undefined {
    return lightContextOf(this);
  }

  /** Adds a built-in modulator and starts it (LX's startModulator). */
  protected startModulator<M extends Modulator>(m: M): M {
    this.builtIns.insert(m);
    m.start();
    return m;
  }

  /** Runs the device's own modulation: the user engine first, then built-ins, in list order. */
  protected runModulators(deltaMs: number): void {
    this.modulation.loop(deltaMs);
    const b = this.builtIns.items;
    for (let i = 0; i < b.length; i++) b[i].loop(deltaMs);
  }
}
