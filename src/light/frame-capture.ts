import type { Component } from '../engine/component.js';
import { invalidArgument } from '../engine/errors.js';
import type { FrameSnapshot } from './frame-view.js';
import type { LightShow } from './show/light-show.js';
import { AbstractChannel } from './mixer/bus.js';

const BLACK = 0xff000000;

/**
 * Copies the last rendered frame out of the engine: the mixer's main, cue or aux bus, or what
 * one channel (or group) alone contributes — its buffer blended onto black with its own blend
 * mode and fader. Runs inside the engine queue; the copy is safe to read afterwards.
 */
export function captureFrame(show: LightShow, source: { readonly bus: 'main' | 'cue' | 'aux' } | { readonly channel: Component }): FrameSnapshot {
  const points = show.structure.model.points;
  const size = show.structure.model.size;
  let colors: Uint32Array;
  if ('bus' in source) {
    const buffer = show.frame[source.bus];
    colors = buffer.length === size ? buffer.slice() : new Uint32Array(size).fill(BLACK);
  } else {
    const ch = source.channel;
    if (!(ch instanceof AbstractChannel)) throw invalidArgument(`${ch.path} is not a channel or group; give a path from list_channels`);
    colors = new Uint32Array(size).fill(BLACK);
    const fader = ch.fader.getValue();
    if (ch.isAnimating && ch.enabled.isOn() && fader > 0 && ch.colors.length === size)
      ch.blends[ch.blendMode.getValue()].blend(colors, ch.colors, fader, colors, null);
  }
  return { size, x: points.x, y: points.y, z: points.z, colors };
}
