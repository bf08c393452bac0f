import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../lx-component.js';
import { Pattern } from '../patterns/pattern.js';
import { Placeholder } from '../placeholder.js';
import type { Effect } from '../effects/effect.js';
import { loadEffects } from '../effects/load-effects.js';
import { lxArray, type LoadContext, type LxObject } from '../project/lxp-types.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import type { PointSet } from '../model/index.js';
import { CHANNEL_BLENDS } from '../color/blend-modes.js';
import { CHANNEL_BLEND_CHOICES, TRANSITION_BLEND_CHOICES, blendSet } from './blends.js';

/**
 * A mixer channel (LX's LXChannel): a fader, an on switch, a blend mode and a pattern engine
 * whose active pattern renders into the channel's buffer.
 */
export class Channel extends LXComponent {
  readonly lxClass = 'heronarts.lx.mixer.LXChannel';
  readonly fader = new BoundedParameter('Fader', 1, { modulatable: true, units: 'percentNormalized', description: 'Channel level into the mix' });
  readonly enabled = new BooleanParameter('On', true, { description: 'Whether the channel renders and mixes at all' });
  readonly cue = new BooleanParameter('Cue', false, { description: 'Send to the cue bus' });
  readonly aux = new BooleanParameter('Aux', false, { description: 'Send to the aux bus' });
  readonly crossfadeGroup = new EnumParameter('Crossfade Group', [
    { label: 'BYPASS', name: 'BYPASS' },
    { label: 'A', name: 'A' },
    { label: 'B', name: 'B' },
  ], 0, { description: 'Crossfader side: BYPASS mixes directly into main' });
  readonly blendMode = new EnumParameter('Blend', CHANNEL_BLEND_CHOICES, 0, { objectChooser: true, description: 'How this channel mixes onto the channels below it' });
  readonly autoMute = new BooleanParameter('Auto-Mute', true, { description: 'Skip rendering while the fader is at 0' });
  readonly compositeMode = new EnumParameter('Composite Mode', [
    { label: 'Playlist', name: 'PLAYLIST' },
    { label: 'Blend', name: 'BLEND' },
  ], 0, { description: 'Playlist: one active pattern at a time. Blend: every enabled pattern mixed by its level' });
  readonly transitionEnabled = new BooleanParameter('Transitions', false, { description: 'Cross-fade between patterns when the active one changes' });
  readonly transitionTimeSecs = new BoundedParameter('Transition Time', 5, { v0: 0.05, v1: 180, units: 'seconds', description: 'Length of a transition' });
  readonly transitionBlendMode = new EnumParameter('Transition Blend', TRANSITION_BLEND_CHOICES, 0, { objectChooser: true, description: 'How patterns are mixed during a transition' });
  readonly modulation: ModulationEngine;
  readonly effects = this.addArray<Effect | Placeholder>('effect');
  readonly patterns = this.addArray<Pattern | Placeholder>('pattern');
  /** This channel's own blend instances, indexed like `blendMode`'s options. */
  readonly blends = blendSet(CHANNEL_BLENDS);
  activePatternIndex = 0;
  /** The channel's render buffer, frame-sized. */
  colors = new Uint32Array(0);

  constructor(label: string) {
    super(label);
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.addParameter('fader', this.fader);
    this.addParameter('enabled', this.enabled);
    this.addParameter('cue', this.cue);
    this.addParameter('aux', this.aux);
    this.addParameter('crossfadeGroup', this.crossfadeGroup);
    this.addParameter('blendMode', this.blendMode);
    this.addParameter('autoMute', this.autoMute);
    this.addParameter('compositeMode', this.compositeMode);
    this.addParameter('transitionEnabled', this.transitionEnabled);
    this.addParameter('transitionTimeSecs', this.transitionTimeSecs);
    this.addParameter('transitionBlendMode', this.transitionBlendMode);
  }

  get activePattern(): Pattern | Placeholder | undefined {
    return this.patterns.at(this.activePatternIndex);
  }

  get isAutoMuted(): boolean {
    return this.autoMute.isOn() && this.fader.getValue() === 0;
  }

  /** Renders the pattern engine into this channel's buffer (cleared to transparent first). */
  render(points: PointSet, deltaMs: number): void {
    if (this.colors.length !== points.size) this.colors = new Uint32Array(points.size);
    this.colors.fill(0);
    this.modulation.loop(deltaMs);
    const pattern = this.activePattern;
    if (!(pattern instanceof Pattern)) return;
    pattern.colors = this.colors;
    pattern.points = points;
    pattern.loop(deltaMs);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['effects', 'clips', 'patternIndex', 'patterns'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.effects = this.effects.items.map((e) => e.save());
    obj.clips = [];
    obj.patternIndex = this.activePatternIndex;
    obj.patterns = this.patterns.items.map((p) => p.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    loadEffects(this.effects, obj, ctx);
    for (const json of lxArray(obj.patterns)) {
      const className = typeof json.class === 'string' ? json.class : '';
      const entry = ctx.registry.byClassName(className);
      const made = entry?.create !== undefined ? entry.create() : undefined;
      const pattern = made instanceof Pattern ? made : new Placeholder('pattern', json, entry?.unavailable);
      this.patterns.insert(pattern);
      pattern.load(json, ctx);
      if (pattern instanceof Placeholder) ctx.warn(`pattern ${className} is not available (${pattern.reason}); kept as a placeholder`);
    }
    const index = typeof obj.patternIndex === 'number' ? obj.patternIndex : 0;
    this.activePatternIndex = index >= 0 && index < this.patterns.length ? index : 0;
  }
}
