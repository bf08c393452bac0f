import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { LXComponent } from '../component/lx-component.js';
import { AdmInput } from './adm.js';
import { AudioEngineMeter } from './graphic-meter.js';
import { SoundStage } from './sound-stage.js';

const MODES = [
  { label: 'Input', name: 'INPUT' },
  { label: 'Output', name: 'OUTPUT' },
];

/**
 * LX's LXAudioEngine at `/lx/audio`: `enabled` starts the meter (LX sets `meter.running` with
 * it). Footlight's input is the light's audio input (the song, wired by the show), whichever
 * `mode` says; LX's device, file player and sound-stage children are kept from the file.
 */
export class LXAudioEngine extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'adm'];
  }

  readonly lxClass = 'heronarts.lx.audio.LXAudioEngine';
  readonly enabled = new BooleanParameter('Enabled', false, { description: 'Whether the audio engine runs (starts and stops the meter)' });
  readonly mode = new EnumParameter('Mode', MODES, 0, {
    description: "Meter the audio input or the output (Footlight meters the show's audio input either way)",
  });
  readonly expandedPerformance = new BooleanParameter('Expanded Performance', true, { description: 'Console UI: whether the audio section is expanded' });
  readonly meter: AudioEngineMeter;
  /** The box Sound Objects are placed in (`/lx/audio/soundStage`). */
  readonly soundStage: SoundStage;
  /** ADM-OSC object positions (`/adm/...` over OSC) that Sound Objects with ADM Sync follow. */
  readonly adm = new AdmInput();

  constructor() {
    super('Audio');
    this.setInternalDefaults({ ioExpanded: false, numSoundObjects: 0 });
    this.addParameter('mode', this.mode);
    this.addParameter('enabled', this.enabled);
    this.addParameter('expandedPerformance', this.expandedPerformance);
    this.soundStage = this.addChild('soundStage', new SoundStage());
    this.meter = this.addChild('meter', new AudioEngineMeter());
  }

  loop(deltaMs: number): void {
    this.meter.loop(deltaMs);
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.enabled) this.meter.running.setOn(this.enabled.isOn());
  }
}
