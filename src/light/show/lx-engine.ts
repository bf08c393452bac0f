import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { LXComponent } from '../component/lx-component.js';
import { Mixer } from '../mixer/mixer.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { OutputGroup } from './output-group.js';
import { Palette } from '../palette/palette.js';
import type { LxObject } from '../component/lxp-types.js';
import { SnapshotEngine } from './snapshots/snapshot-engine.js';
import { Structure } from '../structure/structure.js';
import { Tempo } from '../tempo/tempo.js';
import type { ClipClock } from '../clips/clip-clock.js';
import { ClipEngine } from '../clips/clip-engine.js';
import type { LightAudioInput } from '../audio/audio-input.js';
import { LXAudioEngine } from '../audio/audio-engine.js';
import { LXDmxEngine } from '../dmx/dmx-engine.js';
import { LXMidiEngine } from '../midi/midi-engine.js';
import { KERNEL_WRITES, KERNELS, KERNELS_URL } from '../devices/point-kernels.js';
import { pointPool } from '../parallel/point-pool.js';
import { StageRig } from './stage-rig.js';

/** LX's engine children, in construction and save order (unmodeled ones are kept from the file). */
const CHILD_ORDER = ['palette', 'tempo', 'clips', 'audio', 'mixer', 'modulation', 'output', 'snapshots', 'dmx', 'midi', 'osc'];

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
  readonly speed = new BoundedParameter('Speed', 1, {
    v1: 2,
    description: 'Multiplies time for patterns, effects and modulators (not for tempo or transitions)',
  });
  readonly performanceMode = new BooleanParameter('Performance', false, { description: 'Performance mode: aux sends are mixed into the aux output' });
  readonly palette: Palette;
  readonly tempo: Tempo;
  readonly clips: ClipEngine;
  readonly audio: LXAudioEngine;
  readonly mixer: Mixer;
  readonly modulation: ModulationEngine;
  readonly output: OutputGroup;
  readonly snapshots: SnapshotEngine;
  /** The DMX input DMX devices read (`/lx/dmx`), latched once per frame from the show's receivers. */
  readonly dmx: LXDmxEngine;
  /** MIDI mappings and saved inputs (`/lx/midi`, LX's LXMidiEngine). */
  readonly midi: LXMidiEngine;
  readonly structure: Structure;
  /** The stage (DMX) fixtures, `/lx/stage`: saved in the project's externals, never in LX's engine. */
  readonly stage: StageRig;
  /**
   * LX's `engine.nowMillis`: integer milliseconds of the frame being rendered. Playlist
   * transitions and auto-cycle time themselves on it (never on deltaMs). 0 when a project opens
   * offline; set by the show before each frame's mixer pass.
   */
  nowMillis = 0;
  /**
   * The clock quantized launches and TEMPO clips follow: the light tempo unless a show clock
   * (a song transport) replaces it.
   */
  launchClock: ClipClock;
  /** The sound the audio devices hear (the show wires the song's output), or null for silence. */
  audioInput: LightAudioInput | null = null;

  constructor() {
    super('Engine');
    pointPool.useKernels(KERNELS, KERNEL_WRITES, KERNELS_URL); // the pool imports no device: the engine hands it their kernels
    this.key = 'lx';
    this.addParameter('framesPerSecond', this.framesPerSecond);
    this.addParameter('speed', this.speed);
    this.addParameter('performanceMode', this.performanceMode);
    this.palette = this.addChild('palette', new Palette());
    this.tempo = this.addChild('tempo', new Tempo());
    this.clips = this.addChild('clips', new ClipEngine());
    this.audio = this.addChild('audio', new LXAudioEngine());
    this.mixer = this.addChild('mixer', new Mixer());
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.output = this.addChild('output', new OutputGroup());
    this.snapshots = this.addChild('snapshots', new SnapshotEngine());
    this.dmx = this.addChild('dmx', new LXDmxEngine());
    this.structure = this.addChild('structure', new Structure());
    this.stage = this.addChild('stage', new StageRig());
    this.midi = this.addChild('midi', new LXMidiEngine());
    this.tempo.nowMillis = () => this.nowMillis;
    this.launchClock = this.tempo;
    this.clips.grid = { clipBuses: () => [...this.mixer.channels.items, this.mixer.master] };
  }

  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'nowMillis'];
  }

  /** LX saves the structure beside the engine (the project's `model`), not inside it. */
  override save(): LxObject {
    const obj = super.save();
    const children = obj.children ?? {};
    delete children.structure;
    if (!this.midi.worthSaving) delete children.midi;
    const ordered: Record<string, LxObject> = {};
    for (const key of CHILD_ORDER) if (key in children) ordered[key] = children[key];
    for (const [key, v] of Object.entries(children)) if (!(key in ordered)) ordered[key] = v;
    obj.children = ordered;
    return obj;
  }
}
