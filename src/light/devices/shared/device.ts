import type { Component } from '../../../engine/component.js';
import type { PointSet } from '../../model/index.js';
import { inSubset } from '../../model/subset.js';
import type { Palette } from '../../palette/palette.js';
import type { Structure } from '../../structure/structure.js';
import type { Tempo } from '../../tempo/tempo.js';
import { LXComponent } from '../../component/lx-component.js';
import { ModulationEngine } from '../../modulation/modulation-engine.js';
import type { Modulator } from '../../modulation/modulator.js';
import { ViewSelectorParameter, refreshingViewSelectors } from '../../structure/view-selector.js';

/** The engine-wide parts a device reads while rendering. */
export interface LightContext {
  readonly palette: Palette;
  readonly tempo: Tempo;
  readonly structure: Structure;
  /** LX's `engine.nowMillis`: integer wall-clock ms of the current frame (transitions, auto-cycle). */
  readonly nowMillis: number;
}

/** The light engine a component belongs to, found by walking up its parents. */
export function lightContextOf(c: Component): LightContext | undefined {
  for (let p: Component | null = c; p !== null; p = p.parent) if ((p as { isLightRoot?: boolean }).isLightRoot === true) return p as unknown as LightContext;
  return undefined;
}

/**
 * Shared base of patterns and effects (LX's LXDeviceComponent): a device-local modulation
 * engine, the class's own built-in modulators (not saved; the class recreates them), view
 * selectors, and the render target set by the mixer before each frame.
 *
 * Views (LX §4.10): a device renders its own view when `view` selects one; otherwise it
 * inherits its container's: a pattern its channel's (or rack's), a channel effect its channel's,
 * a pattern effect its pattern's, a master effect the whole model. The render target `points`
 * is a PointSet whose `index` maps each position into the frame-sized `colors` buffer.
 */
export abstract class Device extends LXComponent {
  /** User modulators and modulations scoped to this device, `.../modulation`. */
  readonly modulation: ModulationEngine;
  /** The device's own view (Default: inherit the container's). */
  readonly view = new ViewSelectorParameter('View', false, "Model view this device renders; Default inherits its channel's");
  /** The same choice restricted to views marked priority (LX's priority view knob). */
  readonly viewPriority = new ViewSelectorParameter('View', true, 'Priority model view selector for this device');
  /** Modulators the class itself runs (e.g. Noise's motion), `.../modulator/N`. Not saved. */
  readonly builtIns = this.addArray<Modulator>('modulator');
  /** The points this device renders: its view, or the model it inherits. Set before each frame. */
  points!: PointSet;
  /** The frame-sized ARGB buffer to write, indexed by `points.index[k]`. Set before each frame. */
  colors: Uint32Array = new Uint32Array(0);

  constructor(label: string) {
    super(label);
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.addParameter('view', this.view);
    this.addParameter('viewPriority', this.viewPriority);
    // LX keeps the two selectors in step: a priority view chosen on `view` shows on
    // `viewPriority`, and choosing on `viewPriority` sets `view`.
    this.view.onChange(() => {
      if (refreshingViewSelectors()) return;
      const v = this.view.selected;
      if (v === null || v.priority.isOn()) this.viewPriority.select(v);
    });
    this.viewPriority.onChange(() => {
      if (refreshingViewSelectors()) return;
      this.view.select(this.viewPriority.selected);
    });
  }

  /** The engine this device renders in (palette, tempo, structure); undefined while detached. */
  get context(): LightContext | undefined {
    return lightContextOf(this);
  }

  /**
   * The points this device renders: its own view, else `inherited` (its container's). Under a
   * render subset (model/subset.ts) its own view comes restricted, as `inherited` already is.
   */
  modelView(inherited: PointSet): PointSet {
    const own = this.view.selected?.points ?? null;
    return own === null ? inherited : inSubset(own);
  }

  /**
   * Whether this device may render only the points of a render subset (docs/architecture.md,
   * "Rendering a subset"): each point's color depends only on that point (its position, its
   * input color, its own memory) and on state that advances the same whatever points it visits.
   * False (the default) makes its bus render every point, as without a subset.
   */
  get subsetCapable(): boolean {
    return false;
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
