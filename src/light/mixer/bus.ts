import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { CHANNEL_BLENDS } from '../color/blend-modes.js';
import { Effect } from '../devices/effects/effect.js';
import { loadEffects } from '../devices/effects/load-effects.js';
import { LXComponent } from '../component/lx-component.js';
import type { PointSet } from '../model/index.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import type { Placeholder } from '../component/placeholder.js';
import { lxArray, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { Clip, type ClipKind } from '../clips/clip.js';
import type { PatternEngine } from '../devices/patterns/pattern-engine.js';
import { ViewSelectorParameter } from '../structure/view-selector.js';
import { QuantizedTriggerParameter } from '../tempo/quantized-trigger.js';
import { CHANNEL_BLEND_CHOICES, blendSet } from '../color/blend-tables.js';

/**
 * A mixer bus (LX's LXBus): a channel, a group or the master. It has a fader, an effect chain
 * its own modulation scope and its clip slots (run first in each frame, so a clip's changes take
 * effect in the same frame).
 */
export abstract class Bus extends LXComponent {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'isAnimating'];
  }

  readonly fader = new BoundedParameter('Fader', 1, { modulatable: true, units: 'percentNormalized', description: 'Level of this bus into the mix' });
  readonly arm = new BooleanParameter('Arm', false, { description: 'Arms the bus for clip recording' });
  readonly selected = new BooleanParameter('Selected', false, { description: 'Selected in the console' });
  readonly stopClips = new QuantizedTriggerParameter('Stop Clips', () => this.stopAllClips(), {
    description: "Stops this bus's clips at the next launch boundary",
  });
  readonly modulation: ModulationEngine;
  readonly effects = this.addArray<Effect | Placeholder>('effect');
  /** Occupied clip slots, sorted by slot index. */
  readonly clips = this.addArray<Clip>('clip');
  protected abstract readonly clipKind: ClipKind;

  constructor(label: string) {
    super(label);
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.addParameter('fader', this.fader);
    this.addParameter('arm', this.arm);
    this.addParameter('selected', this.selected);
    this.addParameter('stopClips', this.stopClips);
  }

  /** The pattern engine a clip's pattern lane drives (channels only). */
  get clipPatternEngine(): PatternEngine | null {
    return null;
  }

  /** Runs this bus's clips for one frame (LX runs them before the bus's modulators). */
  protected runClips(deltaMs: number): void {
    const clips = this.clips.items;
    for (let i = 0; i < clips.length; i++) clips[i].run(deltaMs);
  }

  stopAllClips(): void {
    for (const c of this.clips.items) if (c.running.isOn() || c.launch.pending) c.stopNow();
  }

  /** The clip in slot `slot` (0-based), if any. */
  clipAt(slot: number): Clip | undefined {
    return this.clips.items.find((c) => c.slot === slot);
  }

  /** A new, empty clip for slot `slot` (not yet inserted). */
  newClip(slot: number, label?: string): Clip {
    const clip = new Clip(this.clipKind, slot, label);
    return clip;
  }

  /** Where a clip for `slot` goes in the sorted list. */
  clipInsertIndex(slot: number): number {
    const i = this.clips.items.findIndex((c) => c.slot > slot);
    return i < 0 ? this.clips.length : i;
  }

  /** Runs the effect chain over `colors`; each effect renders its own view or `view`. */
  protected runEffects(colors: Uint32Array, view: PointSet, deltaMs: number): void {
    const fx = this.effects.items;
    for (let i = 0; i < fx.length; i++) {
      const e = fx[i];
      if (!(e instanceof Effect)) continue;
      e.colors = colors;
      e.points = e.modelView(view);
      e.loop(deltaMs);
    }
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['effects', 'clips'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.effects = this.effects.items.map((e) => e.save());
    obj.clips = this.clips.items.map((c) => c.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    loadEffects(this.effects, obj, ctx);
    for (const clipJson of lxArray(obj.clips)) {
      const slot = clipJson.index;
      if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || this.clipAt(slot) !== undefined) {
        ctx.warn(`${this.label.getString()}: a clip with slot index ${JSON.stringify(slot) ?? 'missing'} could not be placed; it was dropped`, {
          obj: clipJson,
          key: 'index',
        });
        continue;
      }
      const clip = this.clips.insert(this.newClip(slot), this.clipInsertIndex(slot));
      clip.load(clipJson, ctx);
    }
  }
}

const CROSSFADE_GROUPS = [
  { label: 'BYPASS', name: 'BYPASS' },
  { label: 'A', name: 'A' },
  { label: 'B', name: 'B' },
] as const;

/**
 * What channels and groups share (LX's LXAbstractChannel): the on switch, cue and aux sends,
 * the crossfader side, the blend mode onto the buses below, auto-mute and the channel view.
 */
export abstract class AbstractChannel extends Bus {
  readonly enabled = new BooleanParameter('On', true, { description: 'Whether the channel renders and mixes at all' });
  readonly cue = new BooleanParameter('Cue', false, { description: 'Sends the channel to the cue output' });
  readonly aux = new BooleanParameter('Aux', false, { description: 'Sends the channel to the aux output (performance mode)' });
  readonly crossfadeGroup = new EnumParameter('Group', CROSSFADE_GROUPS, 0, {
    description: 'Crossfader side: BYPASS mixes directly into main; A and B follow the crossfader',
  });
  readonly blendMode = new EnumParameter('Blend', CHANNEL_BLEND_CHOICES, 0, {
    objectChooser: true,
    description: 'How this channel mixes onto the channels below it',
  });
  readonly autoMute = new BooleanParameter('Auto-Mute', true, { description: 'Skip rendering while the fader is at 0' });
  readonly view = new ViewSelectorParameter('View', false, "Model view this channel renders; Default is the whole model (or its group's view)");
  /** This bus's own blend instances, indexed like `blendMode`'s options. */
  readonly blends = blendSet(CHANNEL_BLENDS);
  /** The bus's render buffer, frame-sized (for a group: its members composited). */
  colors: Uint32Array = new Uint32Array(0);
  /** Set by the mixer each frame: whether this bus rendered (LX's isAnimating). */
  isAnimating = false;

  constructor(label: string) {
    super(label);
    this.addParameter('enabled', this.enabled);
    this.addParameter('cue', this.cue);
    this.addParameter('aux', this.aux);
    this.addParameter('crossfadeGroup', this.crossfadeGroup);
    this.addParameter('blendMode', this.blendMode);
    this.addParameter('autoMute', this.autoMute);
    this.addParameter('view', this.view);
  }

  /** True while auto-mute skips the bus: auto-mute on and the fader at 0. */
  get isAutoMuted(): boolean {
    return this.autoMute.isOn() && this.fader.getValue() === 0;
  }

  /** The points this bus renders: its view, else `model`. Channels in a group override this. */
  modelView(model: PointSet): PointSet {
    return this.view.selected?.points ?? model;
  }

  /** The blend selected by `blendMode`. */
  get blend() {
    return this.blends[this.blendMode.getValue()] ?? this.blends[0];
  }
}
