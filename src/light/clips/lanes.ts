import type { Component } from '../../engine/component.js';
import { resolvePath } from '../../engine/paths.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { LXComponent } from '../component/lx-component.js';
import { isOutsideLx } from '../component/outside-lx.js';
import type { PatternEngine } from '../devices/patterns/pattern-engine.js';
import { isLxObject, type LoadContext, type LxObject } from '../component/lxp-types.js';
import { type Cursor, isCursorProblem, readCursor, saveCursor } from './cursor.js';

const LANE_INTERNAL = { uiHeight: 0, uiExpanded: true, uiMaximized: false };

/** What a lane needs from its clip: the bus it automates and the tempo its cursors use. */
interface LaneHost extends Component {
  readonly bus: Component;
  referenceBpmValue(): number;
  /** Parameters being recorded: their lanes hold off. */
  readonly overridden: ReadonlySet<Parameter>;
  /** How far a launch fade has come (0–1; 1 when the clip is not fading): parameter lanes mix their start value with the lane's. */
  readonly fadeAmount: number;
  /** A parameter lane is about to set `p` (the clip remembers its base from before, for undo). */
  noteDrive(p: Parameter): void;
}

/**
 * One lane of a clip (LX's LXClipLane). `play(from, to)` runs as the cursor moves from `from` to
 * `to` within one frame; `restart(at)` runs on launch and on a loop wrap.
 */
abstract class ClipLane<E extends { readonly cursor: Cursor } = { readonly cursor: Cursor }> extends LXComponent {
  abstract readonly laneType: 'parameter' | 'pattern' | 'midiNote';
  /** Sorted by time; replaced as a whole on edit (so undo swaps arrays). */
  events: readonly E[] = [];

  constructor(label: string, internal: Record<string, unknown> = LANE_INTERNAL) {
    super(label);
    this.setInternalDefaults(internal);
  }

  get clip(): LaneHost {
    return this.parent as unknown as LaneHost;
  }

  abstract play(from: number, to: number): void;
  /** On launch and on a loop wrap; `transitionMs` is a launch's pattern transition (see PatternLane). */
  restart(_at: number, _transitionMs?: number): void {}

  /** One event from its saved form and its (checked) cursor, or undefined when it is malformed (skipped with a warning). */
  protected abstract loadEvent(json: LxObject, cursor: Cursor): E | undefined;
  protected abstract saveEvent(e: E): LxObject;

  protected override extraSaveKeys(): readonly string[] {
    return ['laneType', 'events'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.laneType = this.laneType;
    obj.events = this.events.map((e) => ({ cursor: saveCursor(e.cursor), ...this.saveEvent(e) }));
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    const bpm = this.clip.referenceBpmValue();
    const out: E[] = [];
    const events: unknown[] = Array.isArray(obj.events) ? obj.events : [];
    events.forEach((ev, i) => {
      const saved = isLxObject(ev) ? ev.cursor : undefined;
      const cursor = readCursor(isLxObject(saved) ? saved : {}, bpm);
      if (isCursorProblem(cursor)) {
        ctx.warn(`${cursor.problem}; the ${this.label.getString()} lane's event was dropped`, { obj: saved as object, key: cursor.key });
        return;
      }
      const e = isLxObject(ev) ? this.loadEvent(ev, cursor) : undefined;
      if (e === undefined) ctx.warn(`${this.label.getString()} lane: an event could not be read and was dropped`, { obj: events, key: i });
      else out.push(e);
    });
    this.events = sortEvents(out);
  }
}

export function sortEvents<E extends { readonly cursor: Cursor }>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => a.cursor.millis - b.cursor.millis);
}

/** The events with `from ≤ time < to` (LX's pattern and trigger lanes run these). */
function eventsIn<E extends { readonly cursor: Cursor }>(events: readonly E[], from: number, to: number, each: (e: E) => void): void {
  for (let i = 0; i < events.length; i++) {
    const t = events[i].cursor.millis;
    if (t >= to) break;
    if (t >= from) each(events[i]);
  }
}

/** A MIDI note lane (LX's MidiNoteClipLane): its notes are kept and saved; Footlight sends no MIDI. */
export class MidiNoteLane extends ClipLane<{ readonly cursor: Cursor; readonly raw: LxObject }> {
  readonly lxClass = 'heronarts.lx.clip.MidiNoteClipLane';
  readonly laneType = 'midiNote' as const;

  constructor() {
    super('MidiNote', { ...LANE_INTERNAL, 'uiZoom ': 4.0, uiOffset: -1.0 });
  }

  play(): void {}

  protected loadEvent(json: LxObject, cursor: Cursor) {
    const { cursor: _c, ...raw } = json;
    return { cursor, raw };
  }

  protected saveEvent(e: { readonly raw: LxObject }): LxObject {
    return { ...e.raw };
  }
}

export interface PatternEvent {
  readonly cursor: Cursor;
  /** 0-based index in the channel's pattern list, as loading uses it. */
  readonly patternIndex: number;
  readonly patternId: number;
}

/** A pattern lane (LX's PatternClipLane): each event switches the channel to a pattern. */
export class PatternLane extends ClipLane<PatternEvent> {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'held'];
  }

  readonly lxClass = 'heronarts.lx.clip.PatternClipLane';
  readonly laneType = 'pattern' as const;
  /** Set while a recording take has changed the pattern: the lane holds off until the take ends. */
  held = false;

  constructor(private readonly engine: () => PatternEngine | null) {
    super('Pattern');
  }

  private go(e: PatternEvent, transitionMs?: number): void {
    if (!this.held) this.engine()?.goPatternIndex(e.patternIndex, transitionMs);
  }

  play(from: number, to: number): void {
    eventsIn(this.events, from, to, (e) => this.go(e));
  }

  /**
   * Applies the pattern in effect at `at`: the last event at or before it. `transitionMs` (a
   * launch from a light cue) overrides the channel's transition: 0 cuts, more fades over that long.
   */
  override restart(at: number, transitionMs?: number): void {
    let last: PatternEvent | undefined;
    for (const e of this.events) {
      if (e.cursor.millis > at) break;
      last = e;
    }
    if (last !== undefined) this.go(last, transitionMs);
  }

  protected loadEvent(json: LxObject, cursor: Cursor): PatternEvent | undefined {
    if (typeof json.patternIndex !== 'number' || !Number.isInteger(json.patternIndex)) return undefined;
    return { cursor, patternIndex: json.patternIndex, patternId: typeof json.patternId === 'number' ? json.patternId : -1 };
  }

  protected saveEvent(e: PatternEvent): LxObject {
    return { patternIndex: e.patternIndex, patternId: e.patternId };
  }
}

export interface ParameterEvent {
  readonly cursor: Cursor;
  /** The parameter's normalized value, 0..1. */
  readonly normalized: number;
}

/** How a parameter lane plays back, by its LX class suffix. */
export type LaneInterpolation = 'Normalized' | 'Boolean' | 'Discrete' | 'Trigger';

export const PARAMETER_LANE_CLASS = 'heronarts.lx.clip.ParameterClipLane$';

/** The lane kind LX creates for a parameter (undefined: LX cannot automate it). */
export function interpolationFor(p: Parameter): LaneInterpolation | undefined {
  if (p instanceof TriggerParameter) return 'Trigger';
  if (p instanceof BooleanParameter) return 'Boolean';
  if (p instanceof DiscreteParameter) return 'Discrete';
  if (p instanceof NumericParameter) return 'Normalized';
  return undefined;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * A parameter automation lane (LX's ParameterClipLane). Normalized lanes interpolate linearly
 * between events; Boolean and Discrete lanes step (the new value appears once playback is
 * strictly past the event); Trigger lanes fire at their events.
 */
export class ParameterLane extends ClipLane<ParameterEvent> {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'fadeFrom'];
  }

  readonly lxClass: string;
  readonly laneType = 'parameter' as const;
  private resolved: Parameter | null = null;
  private missRevision = -2;
  /** The target's normalized value when a fading launch began (NaN: not fading). */
  fadeFrom = Number.NaN;
  /** The saved reference, kept for the file while the target is unresolved. */
  private savedRef: { path: unknown; componentId: unknown; parameterPath: unknown } = { path: '', componentId: 0, parameterPath: '' };

  constructor(
    readonly interpolation: LaneInterpolation,
    target: Parameter | null = null,
  ) {
    super(interpolation);
    this.lxClass = PARAMETER_LANE_CLASS + interpolation;
    this.resolved = target;
  }

  /**
   * The automated parameter (null: its saved path does not resolve on this bus). A loaded lane
   * resolves on first use, so a copied bus finds its own parameters once it has its place.
   */
  get target(): Parameter | null {
    if (this.resolved === null && this.parent !== null) {
      // A miss is retried only after the structure changes (a device added back, a bus placed).
      const revision = this.graph?.structureRevision ?? -1;
      if (revision !== this.missRevision || revision === -1) {
        this.resolved = resolveLaneTarget(this.clip.bus, this.savedRef.path);
        if (this.resolved === null) this.missRevision = revision;
      }
    }
    return this.resolved;
  }

  set target(p: Parameter | null) {
    this.resolved = p;
  }

  /** The envelope value at `to` (undefined with no events). */
  valueAt(to: number): number | undefined {
    const ev = this.events;
    if (ev.length === 0) return undefined;
    let i = 0;
    while (i < ev.length - 1 && ev[i].cursor.millis < to) i++;
    const next = ev[i];
    if (i === 0 || to > next.cursor.millis) return next.normalized;
    const prior = ev[i - 1];
    if (this.interpolation !== 'Normalized') return prior.normalized;
    const span = next.cursor.millis - prior.cursor.millis;
    if (span === 0) return next.normalized;
    return lerp(prior.normalized, next.normalized, (to - prior.cursor.millis) / span);
  }

  play(from: number, to: number): void {
    const p = this.target;
    if (p === null || this.clip.overridden.has(p)) return;
    if (this.interpolation === 'Trigger') {
      if (p instanceof TriggerParameter) eventsIn(this.events, from, to, () => p.fire());
      return;
    }
    const v = this.valueAt(to);
    if (v === undefined || !(p instanceof NumericParameter)) return;
    const start = this.fadeFrom;
    this.clip.noteDrive(p);
    // A fading launch crosses linearly from the value the parameter had to the lane's (Normalized lanes only).
    p.setNormalized(start === start && this.interpolation === 'Normalized' ? lerp(start, v, this.clip.fadeAmount) : v);
  }

  /** The target's path relative to the bus, with a leading slash (LX's `path`); a stage attribute's is absolute. */
  relativePath(): string {
    const bus = this.clip.bus.path;
    const p = this.target?.path ?? '';
    if (p.startsWith(STAGE_PREFIX)) return p;
    return p.startsWith(`${bus}/`) ? p.slice(bus.length) : String(this.savedRef.path);
  }

  /** Snaps a Boolean lane's values to 0 or 1, as LX does. */
  event(cursor: Cursor, normalized: number): ParameterEvent {
    const n = normalized < 0 ? 0 : normalized > 1 ? 1 : normalized;
    return { cursor, normalized: this.interpolation === 'Boolean' ? (n >= 0.5 ? 1 : 0) : n };
  }

  protected loadEvent(json: LxObject, cursor: Cursor): ParameterEvent | undefined {
    if (typeof json.normalized !== 'number' || !Number.isFinite(json.normalized)) return undefined;
    return this.event(cursor, json.normalized);
  }

  protected saveEvent(e: ParameterEvent): LxObject {
    return { normalized: e.normalized };
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['laneType', 'events', 'path', 'componentId', 'parameterPath'];
  }

  protected override saveExtra(obj: LxObject): void {
    super.saveExtra(obj);
    const t = this.target;
    obj.path = this.relativePath();
    if (isOutsideLx(t?.owner ?? null)) return; // named by path alone (src/light/component/outside-lx.ts)
    obj.componentId = t?.owner?.id ?? this.savedRef.componentId;
    obj.parameterPath = t !== null ? t.key : this.savedRef.parameterPath;
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    super.loadExtra(obj, ctx);
    this.savedRef = { path: obj.path, componentId: obj.componentId, parameterPath: obj.parameterPath };
    this.resolved = null;
    ctx.defer(() => {
      if (this.clip.bus.parent !== null && this.target === null)
        ctx.warn(
          `clip lane ${typeof obj.path === 'string' ? obj.path : '(no path)'}: no such parameter on ${this.clip.bus.path}; the lane is kept but does not play`,
          {
            obj,
            key: 'path',
          },
        );
    });
  }
}

/** Lanes of any bus may automate a stage attribute, named by its absolute path (LX has no such part; it drops the lane). */
const STAGE_PREFIX = '/lx/stage/';

/**
 * Resolves a bus-relative parameter path such as `/pattern/1/gradientPhase`, within the bus's own
 * subtree (so it works while a copied bus is not yet in the mixer), or a stage attribute's
 * absolute path `/lx/stage/fixture/N/<key>` from the show the bus is in.
 */
export function resolveLaneTarget(bus: Component, path: unknown): Parameter | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  try {
    if (path.startsWith(STAGE_PREFIX)) {
      let root = bus;
      while (root.parent !== null) root = root.parent;
      const r = resolvePath(root, path);
      return r.kind === 'parameter' && r.parameter.path === path ? r.parameter : null;
    }
    const r = resolvePath(bus, bus.key + path);
    return r.kind === 'parameter' ? r.parameter : null;
  } catch {
    return null;
  }
}

/** Every lane kind a clip holds. */
export type AnyLane = MidiNoteLane | PatternLane | ParameterLane;
