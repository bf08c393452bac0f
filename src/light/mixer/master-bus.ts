import { EnumParameter } from '../../engine/parameters/enum.js';
import type { PointSet } from '../model/index.js';
import { Bus } from './bus.js';

/**
 * The master bus (LX's LXMasterBus), `/lx/mixer/master`: the show's overall level and the
 * master effects, which run over the whole mixed frame. In PRE mode (the default) the master
 * fader dims only the outputs; in POST mode it also scales the mixed frame.
 */
export class MasterBus extends Bus {
  readonly lxClass = 'heronarts.lx.mixer.LXMasterBus';
  protected readonly clipKind = 'master' as const;
  readonly previewMode = new EnumParameter(
    'Preview Mode',
    [
      { label: 'PRE', name: 'PRE' },
      { label: 'POST', name: 'POST' },
    ],
    0,
    { description: 'PRE: the master fader dims outputs only. POST: it dims the mixed frame too' },
  );

  constructor() {
    super('Master');
    this.addParameter('previewMode', this.previewMode);
  }

  /** Runs the master's clips and modulators (LX runs the master bus after the channels, every frame). */
  loop(deltaMs: number): void {
    this.runClips(deltaMs);
    this.modulation.loop(deltaMs);
  }

  /** Master effects over the whole frame (each effect may render a view of its own). */
  applyEffects(main: Uint32Array, model: PointSet, deltaMs: number): void {
    this.runEffects(main, model, deltaMs);
  }
}
