import { BoundedParameter } from '../engine/parameters/bounded.js';
import { LXComponent } from './lx-component.js';
import { Mixer } from './mixer/mixer.js';
import { ModulationEngine } from './modulation/modulation-engine.js';
import { OutputGroup } from './output/output-group.js';
import { Palette } from './palette/palette.js';
import type { LxObject } from './project/lxp-types.js';
import { SnapshotEngine } from './snapshots/snapshot-engine.js';
import { Structure } from './structure/structure.js';
import { Tempo } from './tempo/tempo.js';

/**
 * The root of the light graph, `/lx` (LX's LXEngine). Children follow LX's order (palette,
 * tempo, mixer, modulation, output, snapshots); the structure, which LX keeps outside the engine, is
 * reachable at `/lx/structure` so one path grammar covers everything.
 */
export class LXEngineComponent extends LXComponent {
  readonly lxClass = 'heronarts.lx.LXEngine';
  /** Lets devices find the engine they belong to without importing it. */
  readonly isLightRoot = true;
  readonly framesPerSecond = new BoundedParameter('FPS', 60, { v0: 1, v1: 300, mappable: false, description: 'Target frame rate' });
  readonly speed = new BoundedParameter('Speed', 1, { v1: 2, description: 'Multiplies time for patterns, effects and modulators (not for tempo or transitions)' });
  readonly palette: Palette;
  readonly tempo: Tempo;
  readonly mixer: Mixer;
  readonly modulation: ModulationEngine;
  readonly output: OutputGroup;
  readonly snapshots: SnapshotEngine;
  readonly structure: Structure;

  constructor() {
    super('Engine');
    this.key = 'lx';
    this.addParameter('framesPerSecond', this.framesPerSecond);
    this.addParameter('speed', this.speed);
    this.palette = this.addChild('palette', new Palette());
    this.tempo = this.addChild('tempo', new Tempo());
    this.mixer = this.addChild('mixer', new Mixer());
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.output = this.addChild('output', new OutputGroup());
    this.snapshots = this.addChild('snapshots', new SnapshotEngine());
    this.structure = this.addChild('structure', new Structure());
  }

  /** LX saves the structure beside the engine (the project's `model`), not inside it. */
  override save(): LxObject {
    const obj = super.save();
    delete obj.children?.structure;
    return obj;
  }
}
