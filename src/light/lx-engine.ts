import { BoundedParameter } from '../engine/parameters/bounded.js';
import { LXComponent } from './lx-component.js';
import { Mixer } from './mixer/mixer.js';
import { Structure } from './structure/structure.js';

/** The root of the light graph, `/lx` (LX's LXEngine), with the structure under `/lx/structure`. */
export class LXEngineComponent extends LXComponent {
  readonly lxClass = 'heronarts.lx.LXEngine';
  readonly framesPerSecond = new BoundedParameter('FPS', 60, { v0: 1, v1: 300, mappable: false, description: 'Target frame rate' });
  readonly speed = new BoundedParameter('Speed', 1, { v1: 2, description: 'Multiplies time for patterns, effects and modulators' });
  readonly mixer: Mixer;
  readonly structure: Structure;

  constructor() {
    super('Engine');
    this.key = 'lx';
    this.addParameter('framesPerSecond', this.framesPerSecond);
    this.addParameter('speed', this.speed);
    this.mixer = this.addChild('mixer', new Mixer());
    this.structure = this.addChild('structure', new Structure());
  }
}
