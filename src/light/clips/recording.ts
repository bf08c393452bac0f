import type { Component } from '../../engine/component.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { Clip, clipPlayback } from './clip.js';
import { cursorAtMillis } from './cursor.js';
import { interpolationFor, type ParameterEvent, type PatternEvent } from './lanes.js';

/** Bus and pattern switches that change the pattern: a take records the change in the pattern lane, not as triggers. */
const PATTERN_SWITCHES = new Set(['recall', 'launch', 'triggerPatternCycle', 'launchPatternCycle']);

/**
 * One recording take on a clip: every move of a parameter on the clip's bus, from any surface,
 * becomes an event at the clip's cursor. Moves are held here until the take ends, then written
 * into the lanes as one undo step (see operations/clips.ts). Playback changes are ignored.
 */
export class ClipTake {
  /** Recorded events per parameter, in time order. */
  readonly moves = new Map<Parameter, ParameterEvent[]>();
  /** Pattern changes on the clip's channel, in time order (LX's pattern lane events). */
  readonly patternMoves: PatternEvent[] = [];

  constructor(readonly clip: Clip) {}

  /** Whether a change of `p` belongs to this take. */
  accepts(p: Parameter): boolean {
    if (clipPlayback.active || !this.clip.running.isOn() || this.clip.parent === null) return false;
    if (!(p instanceof NumericParameter) || p.internal || !p.mappable || interpolationFor(p) === undefined) return false;
    const owner: Component | null = p.owner;
    if (owner === null || !this.clip.bus.contains(owner)) return false;
    // The bus's own clips and switches are not automation.
    for (let c: Component | null = owner; c !== null && c !== this.clip.bus; c = c.parent) if (c instanceof Clip) return false;
    if (PATTERN_SWITCHES.has(p.key) && p instanceof TriggerParameter) return false;
    if (owner === this.clip.bus && p.key === 'focusedPattern') return false;
    return !(owner === this.clip.bus && (p.key === 'arm' || p.key === 'selected' || p.key === 'stopClips' || p.key === 'label'));
  }

  /**
   * A pattern change on the clip's channel (from any surface, auto-cycle included; not from clip
   * playback): recorded at the clip's cursor, and the pattern lane holds off until the take ends.
   */
  recordPattern(index: number): void {
    if (clipPlayback.active || !this.clip.running.isOn() || this.clip.parent === null) return;
    const engine = this.clip.bus.clipPatternEngine;
    const lane = this.clip.patternLane();
    const pattern = engine?.patterns[index];
    if (engine === null || lane === undefined || pattern === undefined) return;
    const cursor = cursorAtMillis(this.clip.cursor, this.clip.referenceBpmValue());
    const event = { cursor, patternIndex: index, patternId: pattern.id };
    const last = this.patternMoves[this.patternMoves.length - 1];
    if (last !== undefined && last.cursor.millis === cursor.millis) this.patternMoves[this.patternMoves.length - 1] = event;
    else this.patternMoves.push(event);
    lane.held = true;
  }

  record(p: Parameter): void {
    if (!this.accepts(p)) return;
    const n = p as NumericParameter;
    const list = this.moves.get(p) ?? [];
    const cursor = cursorAtMillis(this.clip.cursor, this.clip.referenceBpmValue());
    const last = list[list.length - 1];
    const event = { cursor, normalized: n.getBaseNormalized() };
    // Several moves in one frame keep the last value.
    if (last !== undefined && last.cursor.millis === cursor.millis) list[list.length - 1] = event;
    else list.push(event);
    this.moves.set(p, list);
    this.clip.overridden.add(p);
  }

  get eventCount(): number {
    let n = 0;
    for (const l of this.moves.values()) n += l.length;
    return n + this.patternMoves.length;
  }
}
