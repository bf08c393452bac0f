import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../lx-component.js';
import type { PointModel } from '../structure/grid-model.js';
import { CHANNEL_BLEND_CHOICES } from '../mixer/blends.js';

export interface PatternMeta {
  /** The registry name shown to users, e.g. "Solid". */
  readonly name: string;
  /** LX's `@LXCategory`. */
  readonly category: string;
}

/**
 * A pattern renders colors into its channel's buffer each frame (LX's LXPattern). Subclasses
 * declare their parameters in LX's order and implement `run`, which must not allocate.
 */
export abstract class Pattern extends LXComponent {
  readonly enabled = new BooleanParameter('Enabled', true, { description: 'In a playlist: eligible for auto-cycle. In blend mode: rendered and mixed in' });
  readonly compositeBlend = new EnumParameter('Blend', CHANNEL_BLEND_CHOICES, 0, { objectChooser: true, description: 'How this pattern mixes into its channel in blend mode' });
  readonly compositeLevel = new BoundedParameter('Level', 1, { modulatable: true, units: 'percentNormalized', description: 'Mix level in blend mode' });
  /** The channel's frame-sized buffer this pattern writes; set before `run`. */
  colors: Uint32Array = new Uint32Array(0);
  model!: PointModel;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('compositeBlend', this.compositeBlend);
    this.addParameter('compositeLevel', this.compositeLevel);
  }

  abstract run(deltaMs: number): void;
}
