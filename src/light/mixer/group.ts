import type { PointSet } from '../model/index.js';
import { AbstractChannel } from './bus.js';
import type { Channel } from './channel.js';
import { colorBuffer } from '../parallel/shared-arrays.js';
import { inSubset } from '../model/subset.js';

/**
 * A group channel (LX's LXGroup): it sits just before its member channels in the mixer's flat
 * list. Members render as usual but are composited only into the group: the group buffer starts
 * transparent, each enabled member is blended in with its own blend mode at its fader over its
 * view, then the group's effects run, and the group mixes into main (or A/B) like a channel.
 * Members with the Default view render the group's view. A group that is off or auto-muted
 * stops its members from rendering.
 */
export class Group extends AbstractChannel {
  readonly lxClass = 'heronarts.lx.mixer.LXGroup';
  protected readonly clipKind = 'group' as const;
  /** Member channels, in mixer order. */
  readonly members: Channel[] = [];

  computeAnimating(): boolean {
    if (this.cue.isOn() || this.aux.isOn()) return true;
    return this.enabled.isOn() && !this.isAutoMuted;
  }

  /** The bus part of the frame, run in channel order before the members: clips, modulators. */
  loop(model: PointSet, deltaMs: number): void {
    if (this.colors.length !== model.size) this.colors = colorBuffer(model.size);
    this.runClips(deltaMs);
    this.isAnimating = this.computeAnimating();
    if (this.isAnimating) this.modulation.loop(deltaMs);
  }

  /** After every channel looped: composites the members into the group buffer, then effects. */
  composite(model: PointSet, deltaMs: number): void {
    const out = this.colors;
    out.fill(0);
    for (let i = 0; i < this.members.length; i++) {
      const m = this.members[i];
      if (!m.enabled.isOn()) continue;
      const view = inSubset(m.modelView(model));
      m.blend.blend(out, m.colors, m.fader.getValue(), out, view === model ? null : view.index);
    }
    this.runEffects(out, inSubset(this.modelView(model)), deltaMs);
  }
}
