// One cue's fade: from the live values to a target look, with the cue's in and out times.
//
// Every value the target sets moves on its own track:
//   - a continuous parameter moves in normalized space (as an LX snapshot transition does); a
//     value going up uses the in times (after `delayInMs`, over `fadeInMs`), one going down the
//     out times (after `delayOutMs`, over `fadeOutMs`)
//   - a discrete one (an enum, an integer) steps through the values between, with the same rule
//   - a switch turning on, a text and a channel's active pattern change when the in part starts;
//     a switch turning off changes when the out part ends
//   - a channel switching on fades its fader in from 0 over the in part; one switching off fades
//     its fader out over the out part, then switches off and takes the fader the target holds
//   - intensity, colour and position values (attribute-kind.ts) use their kind's times where the
//     cue gives them (`attributeTimes`), a channel's fader the intensity times
// Every value is set exactly when its track ends. Progress is the time since the Go over the
// longest track (0–1); a fade whose tracks are all instant is done at its Go.
import type { Component } from '../../../engine/component.js';
import { resolvePath } from '../../../engine/paths.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { NumericParameter } from '../../../engine/parameters/numeric.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { StringParameter } from '../../../engine/parameters/string.js';
import { AbstractChannel } from '../../mixer/bus.js';
import { Channel } from '../../mixer/channel.js';
import type { SnapshotView } from '../snapshots/snapshot-engine.js';
import { attributeKind } from './attribute-kind.js';
import { type AttributeKind, type AttributeTimes, type CueTimes, timesOf } from './cue-data.js';

interface Track {
  readonly start: number;
  readonly length: number;
  /** Sets the value at t in (0, 1); t = 1 sets it exactly. */
  readonly apply: (t: number) => void;
}

function resolveParameter(root: Component, path: unknown): Parameter | undefined {
  if (typeof path !== 'string') return undefined;
  try {
    const r = resolvePath(root, path);
    return r.kind === 'parameter' ? r.parameter : undefined;
  } catch {
    return undefined;
  }
}

function resolveChannel(root: Component, path: unknown): AbstractChannel | undefined {
  if (typeof path !== 'string') return undefined;
  try {
    const r = resolvePath(root, path);
    return r.kind === 'component' && r.component instanceof AbstractChannel ? r.component : undefined;
  } catch {
    return undefined;
  }
}

/** The view of what the show holds now for the value `view` sets (same scope and type), or undefined when its target is gone. */
export function liveView(root: Component, view: SnapshotView): SnapshotView | undefined {
  if (view.type === 'PARAMETER') {
    const p = resolveParameter(root, view.parameterPath);
    if (p instanceof StringParameter) return { ...view, value: p.getString() };
    if (!(p instanceof NumericParameter)) return undefined;
    const base = p.getBaseValue();
    const value = p instanceof DiscreteParameter || p instanceof BooleanParameter ? Math.trunc(base) : base;
    return { scope: view.scope, type: 'PARAMETER', enabled: true, parameterPath: p.path, value, normalizedValue: p.getBaseNormalized() };
  }
  const c = resolveChannel(root, view.channelPath);
  if (c === undefined) return undefined;
  if (view.type === 'CHANNEL_FADER')
    return {
      scope: view.scope,
      type: 'CHANNEL_FADER',
      enabled: true,
      channelPath: c.path,
      channelEnabled: c.enabled.isOn(),
      channelFader: c.fader.getBaseValue(),
    };
  if (view.type === 'ACTIVE_PATTERN' && c instanceof Channel) {
    const active = c.patternEngine.activePattern;
    return {
      scope: view.scope,
      type: 'ACTIVE_PATTERN',
      enabled: true,
      channelPath: c.path,
      activePatternIndex: c.patternEngine.activeIndex,
      patternId: active?.id ?? -1,
    };
  }
  return undefined;
}

/** The attribute kind of the value `view` sets (a channel fader is intensity), or undefined. */
export function viewKind(root: Component, view: SnapshotView): AttributeKind | undefined {
  if (view.type === 'CHANNEL_FADER') return 'intensity';
  if (view.type !== 'PARAMETER') return undefined;
  const p = resolveParameter(root, view.parameterPath);
  return p === undefined ? undefined : attributeKind(p);
}

/** What a fade was built from: enough to build it again in another show (runtime state). */
export interface CueFadeRecipe {
  readonly target: readonly SnapshotView[];
  /** The live values at the Go, of every value of `target` in order (null: its target is gone). */
  readonly from: readonly (SnapshotView | null)[];
  readonly cue: CueTimes & { readonly attributeTimes?: AttributeTimes };
}

export class CueFade {
  private readonly tracks: Track[] = [];
  private elapsed = 0;
  readonly totalMs: number;
  readonly recipe: CueFadeRecipe;

  /**
   * Builds the tracks from the live values (or the `start` values given, one per target view) to
   * `target` (nothing changes until `advance`); a value of a kind the cue times apart
   * (`attributeTimes`) moves on that kind's times.
   */
  constructor(
    root: Component,
    targetViews: Iterable<SnapshotView>,
    cue: CueTimes & { readonly attributeTimes?: AttributeTimes },
    start?: readonly (SnapshotView | null)[],
  ) {
    const target = [...targetViews];
    const from = start ?? target.map((v) => liveView(root, v) ?? null);
    this.recipe = { target, from, cue };
    const inPart = (times: CueTimes, a: () => void): Track => ({ start: times.delayInMs, length: 0, apply: a });
    const outEnd = (times: CueTimes, a: () => void): Track => ({ start: times.delayOutMs + times.fadeOutMs, length: 0, apply: a });
    const move = (times: CueTimes, up: boolean, apply: (t: number) => void): Track =>
      up ? { start: times.delayInMs, length: times.fadeInMs, apply } : { start: times.delayOutMs, length: times.fadeOutMs, apply };
    target.forEach((view, i) => {
      const was = from[i];
      if (was === null || was === undefined) return;
      if (view.type === 'PARAMETER') {
        const p = resolveParameter(root, view.parameterPath);
        if (p === undefined) return;
        const times = timesOf(cue, attributeKind(p));
        if (p instanceof StringParameter) {
          if (typeof view.value === 'string' && view.value !== was.value) {
            const s = view.value;
            this.tracks.push(inPart(times, () => p.setString(s)));
          }
          return;
        }
        if (!(p instanceof NumericParameter)) return;
        const to = typeof view.value === 'number' ? view.value : typeof view.value === 'boolean' ? (view.value ? 1 : 0) : undefined;
        const from = was.value as number;
        if (to === undefined || to === from) return;
        if (p instanceof BooleanParameter) {
          this.tracks.push(to > from ? inPart(times, () => p.setValue(to)) : outEnd(times, () => p.setValue(to)));
        } else if (p instanceof DiscreteParameter) {
          this.tracks.push(move(times, to > from, (t) => p.setValue(t >= 1 ? to : Math.round(from + (to - from) * t))));
        } else {
          const n0 = was.normalizedValue as number;
          const n1 = typeof view.normalizedValue === 'number' ? view.normalizedValue : p.normalize(to);
          this.tracks.push(move(times, n1 >= n0, (t) => (t >= 1 ? p.setValue(to) : p.setNormalized(n0 + (n1 - n0) * t))));
        }
      } else if (view.type === 'CHANNEL_FADER') {
        const c = resolveChannel(root, view.channelPath);
        if (c !== undefined) this.fader(c, view, was, timesOf(cue, 'intensity'));
      } else if (view.type === 'ACTIVE_PATTERN') {
        const c = resolveChannel(root, view.channelPath);
        if (!(c instanceof Channel)) return;
        const byId = c.patterns.items.find((p) => p.id === view.patternId);
        const index = byId !== undefined ? c.patterns.indexOf(byId) : typeof view.activePatternIndex === 'number' ? view.activePatternIndex : -1;
        if (index < 0 || index >= c.patterns.length || index === was.activePatternIndex) return;
        this.tracks.push(inPart(cue, () => c.patternEngine.goPatternIndex(index)));
      }
    });
    this.totalMs = this.tracks.reduce((m, t) => Math.max(m, t.start + t.length), 0);
  }

  private fader(c: AbstractChannel, view: SnapshotView, was: SnapshotView, times: CueTimes): void {
    const on = view.channelEnabled !== false;
    const wasOn = was.channelEnabled === true;
    const from = was.channelFader as number;
    const to = typeof view.channelFader === 'number' ? view.channelFader : from;
    if (on === wasOn && to === from) return;
    if (on && !wasOn) {
      this.tracks.push({
        start: times.delayInMs,
        length: times.fadeInMs,
        apply: (t) => {
          if (!c.enabled.isOn()) c.enabled.setOn(true);
          c.fader.setValue(t >= 1 ? to : to * t);
        },
      });
    } else if (!on && wasOn) {
      this.tracks.push({
        start: times.delayOutMs,
        length: times.fadeOutMs,
        apply: (t) => {
          if (t < 1) c.fader.setValue(from * (1 - t));
          else {
            c.enabled.setOn(false);
            c.fader.setValue(to);
          }
        },
      });
    } else if (!on) {
      this.tracks.push({ start: 0, length: 0, apply: () => c.fader.setValue(to) });
    } else {
      const up = to > from;
      this.tracks.push({
        start: up ? times.delayInMs : times.delayOutMs,
        length: up ? times.fadeInMs : times.fadeOutMs,
        apply: (t) => c.fader.setValue(t >= 1 ? to : from + (to - from) * t),
      });
    }
  }

  get elapsedMs(): number {
    return this.elapsed;
  }

  get done(): boolean {
    return this.tracks.length === 0;
  }

  /** 0–1: the time since the Go over the longest track (1 when done). */
  get progress(): number {
    return this.totalMs <= 0 ? 1 : Math.min(1, this.elapsed / this.totalMs);
  }

  /** Moves the fade on by `deltaMs` (0 applies what starts at the Go). */
  advance(deltaMs: number): void {
    this.elapsed += deltaMs;
    const now = this.elapsed;
    let k = 0;
    for (const track of this.tracks) {
      if (now < track.start) {
        this.tracks[k++] = track;
        continue;
      }
      const t = track.length <= 0 ? 1 : Math.min(1, (now - track.start) / track.length);
      track.apply(t);
      if (t < 1) this.tracks[k++] = track;
    }
    this.tracks.length = k;
  }

  /**
   * A fade another show built from `recipe` and ran for `elapsedMs` (runtime state): its tracks as
   * they stood then. Nothing is set now: the values it had set are the show's already.
   */
  static resumed(root: Component, recipe: CueFadeRecipe, elapsedMs: number): CueFade {
    const fade = new CueFade(root, recipe.target, recipe.cue, recipe.from);
    fade.elapsed = elapsedMs;
    const running = fade.tracks.filter((t) => elapsedMs < t.start || (t.length > 0 && elapsedMs - t.start < t.length));
    fade.tracks.splice(0, fade.tracks.length, ...running);
    return fade;
  }

  /** Sets every value at once, as at the end. */
  finish(): void {
    for (const track of this.tracks) track.apply(1);
    this.tracks.length = 0;
    this.elapsed = Math.max(this.elapsed, this.totalMs);
  }
}
