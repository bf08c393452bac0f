import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';
import { SACN_MAX_UNIVERSE } from '../structure/output-protocols.js';

/**
 * The engine's output group at `/lx/output` (LX's LXEngine.Output): the global "live" switch,
 * output brightness and frame-rate limit, and Footlight's own sync options (ArtSync, E1.31 sync),
 * saved under keys LX ignores. Output brightness multiplies the master fader (in PRE mode), the
 * structure output's and each fixture's brightness. Its gamma and white point are LX's too, and as
 * in LX they do not reach fixture outputs (those use `/lx/structure/output`'s) unless the structure
 * output's gamma mode is INHERIT.
 */
export class OutputGroup extends LXComponent {
  readonly lxClass = 'heronarts.lx.LXEngine$Output';
  readonly enabled = new BooleanParameter('Live', true, { description: 'Global output switch: when off, no fixture sends anything' });
  readonly brightness = new BoundedParameter('Brightness', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: "Output brightness, multiplied with the master fader (PRE mode), /lx/structure/output's and each fixture's brightness",
  });
  readonly fps = new BoundedParameter('FPS', 0, { v1: 300, mappable: false, description: 'Most frames sent per second; 0 sends every engine frame' });
  readonly gamma = new BoundedParameter('Gamma', 1, {
    v0: 1,
    v1: 4,
    mappable: false,
    description: "Gamma of outputs that inherit it; fixture outputs use /lx/structure/output's gamma (1 = linear)",
  });
  readonly whitePointRed = new DiscreteParameter('White Point Red', 255, 0, 255, {
    mappable: false,
    description: "Red white point of outputs that inherit it (fixture outputs use /lx/structure/output's)",
  });
  readonly whitePointGreen = new DiscreteParameter('White Point Green', 255, 0, 255, {
    mappable: false,
    description: "Green white point of outputs that inherit it (fixture outputs use /lx/structure/output's)",
  });
  readonly whitePointBlue = new DiscreteParameter('White Point Blue', 255, 0, 255, {
    mappable: false,
    description: "Blue white point of outputs that inherit it (fixture outputs use /lx/structure/output's)",
  });
  readonly whitePointWhite = new DiscreteParameter('White Point White', 255, 0, 255, {
    mappable: false,
    description: "White-channel white point of outputs that inherit it (fixture outputs use /lx/structure/output's)",
  });
  readonly artNetSync = new BooleanParameter('Art-Net Sync', false, {
    mappable: false,
    description: 'After each frame, send an ArtSync to every Art-Net destination so nodes latch the frame together (Footlight addition)',
  });
  readonly sacnSync = new BooleanParameter('sACN Sync', false, {
    mappable: false,
    description:
      'E1.31 universe synchronization: sACN data packets carry the sync universe, and after each frame every sACN destination ' +
      "gets a sync packet, so controllers show the frame's universes together. A fixture's sacnSync can override it (Footlight addition)",
  });
  readonly sacnSyncUniverse = new DiscreteParameter('sACN Sync Universe', SACN_MAX_UNIVERSE, 1, SACN_MAX_UNIVERSE, {
    mappable: false,
    description: 'The synchronization address (a universe, 1–63999) of synchronized sACN output; pick one that carries no data (Footlight addition)',
  });

  /** Parameters a loaded project set (so a machine's config.json default fills only what a project leaves unsaid). */
  private readonly loaded = new Set<Parameter>();

  constructor() {
    super('Output');
    this.addParameter('enabled', this.enabled);
    this.addParameter('brightness', this.brightness);
    this.addParameter('fps', this.fps);
    this.addParameter('gamma', this.gamma);
    this.addParameter('whitePointRed', this.whitePointRed);
    this.addParameter('whitePointGreen', this.whitePointGreen);
    this.addParameter('whitePointBlue', this.whitePointBlue);
    this.addParameter('whitePointWhite', this.whitePointWhite);
    this.addFootlightParameter('artNetSync', this.artNetSync);
    this.addFootlightParameter('sacnSync', this.sacnSync);
    this.addFootlightParameter('sacnSyncUniverse', this.sacnSyncUniverse);
  }

  protected override loadParameter(p: Parameter, value: unknown, enumName: unknown): void {
    super.loadParameter(p, value, enumName);
    this.loaded.add(p);
  }

  /**
   * Applies config.json's E1.31 sync settings where the open project does not set them (a new
   * show, or a project saved by LX, which has no such keys). Called once at startup, before history.
   */
  applyRigDefaults(defaults: { readonly sacnSync?: boolean; readonly sacnSyncUniverse?: number }): void {
    if (defaults.sacnSync !== undefined && !this.loaded.has(this.sacnSync)) this.sacnSync.setValue(defaults.sacnSync ? 1 : 0);
    if (defaults.sacnSyncUniverse !== undefined && !this.loaded.has(this.sacnSyncUniverse)) this.sacnSyncUniverse.setValue(defaults.sacnSyncUniverse);
  }
}
