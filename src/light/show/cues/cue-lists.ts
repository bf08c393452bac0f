// Cue lists: the show's lists of cues (looks with times), their edits (each one undo step through
// the one history) and running them (Go, Back, Goto, Pause, Resume, Release: live actions, never
// undo steps). docs/cues.md describes the concepts; cue-data.ts the saved shape; cue-fade.ts a fade.
//
// The look a running list shows at cue N is its base overlaid with the cue's look:
//   - base: for every value any cue of the list sets, what the show held when the list started
//     (its first Go after a release); a value a cue added later takes its live value at that Go
//   - tracking list: each value as the latest cue at or before N that sets it set it
//   - cue-only list: the values cue N itself sets; every other value of the list is at its base
// Release fades every value of the list back to its base and stops the list.
import type { Command } from '../../../engine/commands/command.js';
import type { Origin } from '../../../engine/commands/history.js';
import type { Engine } from '../../../engine/engine.js';
import { invalidArgument, notFound } from '../../../engine/errors.js';
import { resolvePath } from '../../../engine/paths.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { NumericParameter } from '../../../engine/parameters/numeric.js';
import { StringParameter } from '../../../engine/parameters/string.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { AbstractChannel } from '../../mixer/bus.js';
import type { LXEngineComponent } from '../lx-engine.js';
import type { SnapshotView } from '../snapshots/snapshot-engine.js';
import {
  type AttributeTimes,
  attributeTimesProblem,
  type Cue,
  type CueList,
  type CueListMode,
  type CueScope,
  type CueTimes,
  CUE_LISTS_KEY,
  CUE_SCOPES,
  cleanNumber,
  cueCopy,
  labelProblem,
  listCopy,
  lookAt,
  MAX_CUES_PER_LIST,
  MAX_FOLLOW_MS,
  MAX_LISTS,
  MAX_MIDI_TRIGGERS,
  type MidiCueTrigger,
  nameProblem,
  numberProblem,
  sameControl,
  sameNumber,
  sameView,
  timeProblem,
  triggerProblem,
  tracked,
  viewKey,
} from './cue-data.js';
import { checkCueList, type CueListTimeline } from './cue-check.js';
import { CueFade, type CueFadeRecipe, liveView } from './cue-fade.js';

/** What the cue lists need of the light show (LightShow is one). */
interface CueHost {
  readonly lx: LXEngineComponent;
  readonly engine: Engine;
  externals: Record<string, unknown>;
}

/** Times given to an edit (milliseconds); `fadeMs` sets both fades. */
interface CueTimeEdit {
  readonly fadeMs?: number;
  readonly fadeInMs?: number;
  readonly fadeOutMs?: number;
  readonly delayInMs?: number;
  readonly delayOutMs?: number;
  /** null removes the follow. */
  readonly followMs?: number | null;
  /** Times of intensity, colour and position values (replacing the cue's whole set); null removes them. */
  readonly attributeTimes?: AttributeTimes | null;
}

interface RecordOptions extends CueTimeEdit {
  readonly number?: number;
  readonly label?: string;
  /** Which parts of the live look to take (default all). */
  readonly scopes?: readonly CueScope[];
  /** Keep only what differs from the look the cues before it give, tracked (default: on in a tracking list). */
  readonly changesOnly?: boolean;
  /** Values to set in the cue, over what it takes from the live look: parameter paths and values. */
  readonly values?: readonly { readonly path: string; readonly value: number | boolean | string }[];
  /** Take nothing from the live look: the cue holds `values` only. */
  readonly blind?: boolean;
}

interface CueEdit extends CueTimeEdit {
  readonly number?: number;
  readonly label?: string;
}

type RunState = 'released' | 'running' | 'paused' | 'releasing';

interface CueRef {
  readonly number: number;
  readonly label: string;
}

interface CueListStatus {
  readonly list: string;
  readonly mode: CueListMode;
  readonly state: RunState;
  readonly current: CueRef | null;
  readonly next: CueRef | null;
  /** The running fade (a Go's, or the release's): 0–1, and its length; 1 and 0 when none runs. */
  readonly progress: number;
  readonly fadeMs: number;
  readonly elapsedMs: number;
  /** When the next cue follows by itself: milliseconds from now; null when it waits for a Go. */
  readonly followInMs: number | null;
}

interface Running {
  current: number | null;
  fade: CueFade | null;
  sinceGoMs: number;
  followMs: number | undefined;
  paused: boolean;
  releasing: boolean;
  readonly base: Map<string, SnapshotView>;
}

const ZERO: CueTimes = { fadeInMs: 0, fadeOutMs: 0, delayInMs: 0, delayOutMs: 0 };

function listsOf(host: CueHost): readonly CueList[] {
  const raw = host.externals[CUE_LISTS_KEY];
  return Array.isArray(raw) ? (raw as CueList[]) : [];
}

/** Replaces the show's cue lists; undo puts the previous ones back. A rename carries the list's running state along. */
class SetCueLists implements Command {
  private before: readonly CueList[] = [];
  constructor(
    readonly label: string,
    private readonly host: CueHost,
    private readonly after: readonly CueList[],
    private readonly onSwap: (undo: boolean) => void,
  ) {}

  perform(): void {
    this.before = listsOf(this.host);
    this.write(this.after);
    this.onSwap(false);
  }

  undo(): void {
    this.write(this.before);
    this.onSwap(true);
  }

  private write(lists: readonly CueList[]): void {
    if (lists.length === 0) delete this.host.externals[CUE_LISTS_KEY];
    else this.host.externals[CUE_LISTS_KEY] = lists.map(listCopy);
  }
}

function check(problem: string | undefined): void {
  if (problem !== undefined) throw invalidArgument(problem);
}

function scopeOfPath(path: string): CueScope {
  if (path.startsWith('/lx/modulation/')) return 'MODULATION';
  if (path.startsWith('/lx/stage/')) return 'STAGE';
  if (path === '/lx/mixer/master/fader') return 'MASTER';
  if (/\/effect\/\d+\//.test(path)) return 'EFFECTS';
  if (/\/pattern\/\d+\//.test(path) || path.endsWith('/compositeMode')) return 'PATTERNS';
  return 'MIXER';
}

const ref = (c: Cue | undefined): CueRef | null => (c === undefined ? null : { number: c.number, label: c.label });

/** A running list as runtime state: its fade as the recipe it was built from and the time it has run. */
interface RunningState {
  readonly name: string;
  readonly current: number | null;
  readonly sinceGoMs: number;
  readonly followMs: number | undefined;
  readonly paused: boolean;
  readonly releasing: boolean;
  readonly base: readonly SnapshotView[];
  readonly fade: (CueFadeRecipe & { readonly elapsedMs: number }) | null;
}

/** The show's cue lists: edit them (undoable) and run them (live, never undo steps). */
export class CueLists {
  private readonly running = new Map<string, Running>();

  /** The running lists carry from frame to frame (component/runtime-state.ts). */
  runtimeFields(): readonly string[] {
    return ['runningLists'];
  }

  get runningLists(): RunningState[] {
    return [...this.running].map(([name, r]) => ({
      name,
      current: r.current,
      sinceGoMs: r.sinceGoMs,
      followMs: r.followMs,
      paused: r.paused,
      releasing: r.releasing,
      base: [...r.base.values()],
      fade: r.fade === null ? null : { ...r.fade.recipe, elapsedMs: r.fade.elapsedMs },
    }));
  }

  /**
   * Runs the lists as another show ran them: each fade is built again from the values it started
   * from, as far as it had run; the values it set are the show's already (its saved project).
   */
  set runningLists(lists: readonly RunningState[]) {
    const lx = this.host.lx;
    this.running.clear();
    for (const e of lists) {
      const fade = e.fade === null ? null : CueFade.resumed(lx, e.fade, e.fade.elapsedMs);
      const base = new Map(e.base.map((v) => [viewKey(v) as string, v]));
      const { current, sinceGoMs, followMs, paused, releasing } = e;
      this.running.set(e.name, { current, fade, sinceGoMs, followMs, paused, releasing, base });
    }
  }

  constructor(private readonly host: CueHost) {}

  /** The lists as saved (not copies: read, never change). */
  lists(): readonly CueList[] {
    return listsOf(this.host);
  }

  list(name: string): CueList {
    const l = this.lists().find((x) => x.name === name.normalize('NFC'));
    if (l === undefined) {
      const names = this.lists()
        .map((x) => JSON.stringify(x.name))
        .join(', ');
      throw notFound(`no cue list named ${JSON.stringify(name)} (lists: ${names || 'none'}; create_cue_list)`);
    }
    return l;
  }

  private cue(list: CueList, n: number): Cue {
    const c = list.cues.find((x) => sameNumber(x.number, n));
    if (c === undefined) throw notFound(`cue list ${JSON.stringify(list.name)} has no cue ${n} (cues: ${list.cues.map((x) => x.number).join(', ') || 'none'})`);
    return c;
  }

  // ---- edits (each one undo step) -----------------------------------------------------------

  private commit<T>(origin: Origin, label: string, after: readonly CueList[], verify: () => T, rename?: { from: string; to: string }): T {
    const onSwap = (undo: boolean): void => {
      if (rename !== undefined) {
        const [from, to] = undo ? [rename.to, rename.from] : [rename.from, rename.to];
        const r = this.running.get(from);
        this.running.delete(from);
        if (r !== undefined) this.running.set(to, r);
      }
      // A list that is gone stops where it is (its values stay); undo brings it back released.
      for (const name of [...this.running.keys()]) if (!this.lists().some((l) => l.name === name)) this.running.delete(name);
    };
    return this.host.engine.history.performVerified(new SetCueLists(label, this.host, after, onSwap), origin, verify);
  }

  private replaced(list: CueList, next: CueList): CueList[] {
    return this.lists().map((l) => (l === list ? next : l));
  }

  createList(origin: Origin, given: string, mode: CueListMode = 'tracking'): CueList {
    check(nameProblem(given));
    const name = given.normalize('NFC');
    if (this.lists().some((l) => l.name === name)) throw invalidArgument(`a cue list named ${JSON.stringify(name)} exists already`);
    if (this.lists().length >= MAX_LISTS) throw invalidArgument(`the show holds at most ${MAX_LISTS} cue lists`);
    const created: CueList = { name, mode, cues: [] };
    return this.commit(origin, `Create cue list ${name}`, [...this.lists(), created], () => listCopy(this.list(name)));
  }

  editList(origin: Origin, name: string, edit: { readonly name?: string; readonly mode?: CueListMode }): CueList {
    const list = this.list(name);
    if (edit.name !== undefined) check(nameProblem(edit.name));
    const to = edit.name?.normalize('NFC') ?? list.name;
    if (to !== list.name && this.lists().some((l) => l.name === to)) throw invalidArgument(`a cue list named ${JSON.stringify(to)} exists already`);
    const next: CueList = { ...list, name: to, mode: edit.mode ?? list.mode };
    const rename = to === list.name ? undefined : { from: list.name, to };
    return this.commit(origin, `Edit cue list ${name}`, this.replaced(list, next), () => listCopy(this.list(to)), rename);
  }

  removeList(origin: Origin, name: string): CueList {
    const list = this.list(name);
    return this.commit(
      origin,
      `Remove cue list ${name}`,
      this.lists().filter((l) => l !== list),
      () => listCopy(list),
    );
  }

  private times(base: CueTimes & Pick<Cue, 'followMs' | 'attributeTimes'>, edit: CueTimeEdit): CueTimes & Pick<Cue, 'followMs' | 'attributeTimes'> {
    if (edit.fadeMs !== undefined && (edit.fadeInMs !== undefined || edit.fadeOutMs !== undefined))
      throw invalidArgument('give fade_ms (both fades) or fade_in_ms / fade_out_ms, not both');
    const fadeIn = edit.fadeInMs ?? edit.fadeMs ?? base.fadeInMs;
    const fadeOut = edit.fadeOutMs ?? edit.fadeMs ?? base.fadeOutMs;
    const delayIn = edit.delayInMs ?? base.delayInMs;
    const delayOut = edit.delayOutMs ?? base.delayOutMs;
    const follow = edit.followMs === null ? undefined : (edit.followMs ?? base.followMs);
    const byKind = edit.attributeTimes === null ? undefined : (edit.attributeTimes ?? base.attributeTimes);
    check(
      timeProblem('fade in', fadeIn) ??
        timeProblem('fade out', fadeOut) ??
        timeProblem('delay in', delayIn) ??
        timeProblem('delay out', delayOut) ??
        (follow === undefined ? undefined : timeProblem('follow', follow, MAX_FOLLOW_MS)) ??
        (byKind === undefined ? undefined : attributeTimesProblem(byKind)),
    );
    const out: CueTimes & { followMs?: number; attributeTimes?: AttributeTimes } = {
      fadeInMs: fadeIn,
      fadeOutMs: fadeOut,
      delayInMs: delayIn,
      delayOutMs: delayOut,
    };
    if (follow !== undefined) out.followMs = follow;
    if (byKind !== undefined) out.attributeTimes = byKind;
    return out;
  }

  private viewsFromValues(values: RecordOptions['values'], into: Map<string, SnapshotView>): void {
    const lx = this.host.lx;
    for (const { path, value } of values ?? []) {
      let r: ReturnType<typeof resolvePath>;
      try {
        r = resolvePath(lx, path);
      } catch {
        throw notFound(`no parameter at ${path} (list_parameters)`);
      }
      if (r.kind !== 'parameter') throw invalidArgument(`${path} is not a parameter`);
      const p = r.parameter;
      const owner = p.owner;
      if (owner instanceof AbstractChannel && (p === owner.fader || p === owner.enabled)) {
        const key = `fader ${owner.path}`;
        const held = into.get(key) ?? liveView(lx, { scope: 'MIXER', type: 'CHANNEL_FADER', channelPath: owner.path });
        const on = p === owner.enabled ? value === true || value === 1 : held?.channelEnabled !== false;
        const fader = p === owner.fader ? value : held?.channelFader;
        if (p === owner.fader && !(typeof value === 'number' && value >= 0 && value <= 1))
          throw invalidArgument(`${path} takes a number from 0 to 1; got ${JSON.stringify(value)}`);
        if (p === owner.enabled && typeof value !== 'boolean') throw invalidArgument(`${path} takes true or false; got ${JSON.stringify(value)}`);
        into.set(key, { scope: 'MIXER', type: 'CHANNEL_FADER', enabled: true, channelPath: owner.path, channelEnabled: on, channelFader: fader });
        continue;
      }
      if (p instanceof TriggerParameter) throw invalidArgument(`${path} is a trigger: it has no value a cue could hold`);
      const view: SnapshotView = { scope: scopeOfPath(p.path), type: 'PARAMETER', enabled: true, parameterPath: p.path };
      if (p instanceof StringParameter) {
        if (typeof value !== 'string') throw invalidArgument(`${path} takes text; got ${JSON.stringify(value)}`);
        view.value = value;
      } else if (p instanceof NumericParameter) {
        const v = p instanceof BooleanParameter && typeof value === 'boolean' ? (value ? 1 : 0) : value;
        if (typeof v !== 'number' || !Number.isFinite(v)) throw invalidArgument(`${path} takes a number; got ${JSON.stringify(value)}`);
        const n = p.normalize(v);
        if (Math.abs(p.denormalize(n) - v) > 1e-9 * Math.max(1, Math.abs(v))) throw invalidArgument(`${path}: ${v} is out of its range`);
        view.value = v;
        view.normalizedValue = n;
      } else throw invalidArgument(`${path} is not a value a cue can hold`);
      into.set(`parameter ${p.path}`, view);
    }
  }

  /**
   * Records a cue: the live look (the parts `scopes` names; in a tracking list only what differs
   * from the look the cues before it give), `values` over it, the times given. Its number is the
   * one given (a number another cue has is refused) or the next whole number after the last.
   */
  recordCue(origin: Origin, name: string, options: RecordOptions): Cue {
    const list = this.list(name);
    const last = list.cues.at(-1)?.number ?? 0;
    const number = options.number ?? Math.floor(last) + 1;
    check(numberProblem(number));
    if (list.cues.some((c) => sameNumber(c.number, number)))
      throw invalidArgument(`cue ${number} exists in ${JSON.stringify(name)}; give another number (e.g. ${number + 0.5}) or edit_cue`);
    if (list.cues.length >= MAX_CUES_PER_LIST) throw invalidArgument(`a list holds at most ${MAX_CUES_PER_LIST} cues`);
    const label = (options.label ?? `Cue ${cleanNumber(number)}`).normalize('NFC');
    check(labelProblem(label));
    const times = this.times(ZERO, options);
    const scopes = options.scopes ?? CUE_SCOPES;
    const changesOnly = options.changesOnly ?? list.mode === 'tracking';
    const views = new Map<string, SnapshotView>();
    if (options.blind !== true) {
      const before = list.cues.filter((c) => c.number < number).length - 1;
      const prior = changesOnly && before >= 0 ? tracked(list, before) : new Map<string, SnapshotView>();
      for (const v of this.host.lx.snapshots.capture()) {
        const key = viewKey(v);
        if (key === undefined || !scopes.includes(v.scope as CueScope)) continue;
        const held = prior.get(key);
        if (held !== undefined && sameView(held, v)) continue;
        views.set(key, v);
      }
    }
    this.viewsFromValues(options.values, views);
    const cue = cueCopy({ number: cleanNumber(number), label, views: [...views.values()], ...times });
    const next: CueList = { ...list, cues: [...list.cues, cue].sort((a, b) => a.number - b.number) };
    return this.commit(origin, `Record cue ${cue.number} in ${name}`, this.replaced(list, next), () => cueCopy(this.cue(this.list(name), cue.number)));
  }

  /** Changes a cue's number (moving it; a number another cue has is refused), label or times. */
  editCue(origin: Origin, name: string, number: number, edit: CueEdit): Cue {
    const list = this.list(name);
    const cue = this.cue(list, number);
    const to = edit.number ?? cue.number;
    check(numberProblem(to));
    if (!sameNumber(to, cue.number) && list.cues.some((c) => sameNumber(c.number, to)))
      throw invalidArgument(`cue ${to} exists in ${JSON.stringify(name)}; give another number`);
    const label = (edit.label ?? cue.label).normalize('NFC');
    check(labelProblem(label));
    const out = cueCopy({ number: cleanNumber(to), label, views: cue.views, ...this.times(cue, edit) });
    const next: CueList = { ...list, cues: list.cues.map((c) => (c === cue ? out : c)).sort((a, b) => a.number - b.number) };
    return this.commit(origin, `Edit cue ${cue.number} in ${name}`, this.replaced(list, next), () => cueCopy(this.cue(this.list(name), out.number)));
  }

  /** Adds a note or CC that runs `action` of the list (one undo step). The control must be free in this list; goto's cue must exist. */
  addMidiTrigger(origin: Origin, name: string, trigger: MidiCueTrigger): MidiCueTrigger {
    const list = this.list(name);
    check(triggerProblem(trigger));
    if (trigger.cue !== undefined) this.cue(list, trigger.cue);
    const triggers = list.midiTriggers ?? [];
    const taken = triggers.find((t) => sameControl(t, trigger));
    if (taken !== undefined)
      throw invalidArgument(`${describeControl(trigger)} already runs ${taken.action} of ${JSON.stringify(list.name)}; remove that trigger first`);
    if (triggers.length >= MAX_MIDI_TRIGGERS) throw invalidArgument(`a list holds at most ${MAX_MIDI_TRIGGERS} MIDI triggers`);
    const next: CueList = { ...list, midiTriggers: [...triggers, trigger] };
    return this.commit(origin, `Add MIDI trigger to ${list.name}`, this.replaced(list, next), () => {
      const saved = this.list(list.name).midiTriggers?.find((t) => sameControl(t, trigger));
      if (saved === undefined) throw new Error('the trigger was not saved');
      return { ...saved };
    });
  }

  /** Removes the trigger on a control (one undo step). */
  removeMidiTrigger(origin: Origin, name: string, control: Omit<MidiCueTrigger, 'action' | 'cue'>): MidiCueTrigger {
    const list = this.list(name);
    const triggers = list.midiTriggers ?? [];
    const gone = triggers.find((t) => sameControl(t, control));
    if (gone === undefined)
      throw notFound(
        `no MIDI trigger on ${describeControl(control)} in ${JSON.stringify(list.name)} (triggers: ${triggers.map(describeControl).join(', ') || 'none'})`,
      );
    const rest = triggers.filter((t) => t !== gone);
    const { midiTriggers: _, ...bare } = list;
    const next: CueList = rest.length === 0 ? bare : { ...list, midiTriggers: rest };
    return this.commit(origin, `Remove MIDI trigger from ${list.name}`, this.replaced(list, next), () => ({ ...gone }));
  }

  removeCue(origin: Origin, name: string, number: number): Cue {
    const list = this.list(name);
    const cue = this.cue(list, number);
    const next: CueList = { ...list, cues: list.cues.filter((c) => c !== cue) };
    return this.commit(origin, `Remove cue ${cue.number} from ${name}`, this.replaced(list, next), () => cueCopy(cue));
  }

  /**
   * What a lighting designer would want to hear about the list before the show (cue-check.ts):
   * dark windows, cues that change nothing, follow chains, values that point at nothing, and the
   * song timeline's steps (`timeline`) against the cues' fades. Read-only.
   */
  check(name: string, options: { readonly maxFollowChain: number; readonly timeline?: CueListTimeline }): ReturnType<typeof checkCueList> {
    return checkCueList(this.host.lx, this.list(name), options);
  }

  // ---- running (live; never undo steps) ----------------------------------------------------

  /** The look a list gives at a cue, base included (for a blind preview: only the cue's own look, without a base, when not running). */
  targetOf(name: string, number: number): SnapshotView[] {
    const list = this.list(name);
    const i = list.cues.indexOf(this.cue(list, number));
    const r = this.running.get(name);
    const look = lookAt(list, i);
    if (r === undefined) return [...look.values()];
    const out = new Map(r.base);
    for (const [k, v] of look) out.set(k, v);
    return [...out.values()];
  }

  private state(name: string): Running {
    let r = this.running.get(name);
    if (r === undefined) {
      r = { current: null, fade: null, sinceGoMs: 0, followMs: undefined, paused: false, releasing: false, base: new Map() };
      this.running.set(name, r);
    }
    return r;
  }

  /** Starts cue `i` of `list`: a fade from the live values to its look, on the base; `advanceMs` into it. */
  private start(list: CueList, i: number, immediate: boolean, advanceMs = 0): void {
    const r = this.state(list.name);
    const lx = this.host.lx;
    // Every value the list sets has a base: what the show held before the list first took it.
    for (const c of list.cues)
      for (const v of c.views) {
        const key = viewKey(v) as string;
        if (r.base.has(key)) continue;
        const live = liveView(lx, v);
        if (live !== undefined) r.base.set(key, live);
      }
    const target = new Map(r.base);
    for (const [k, v] of lookAt(list, i)) target.set(k, v);
    const cue = list.cues[i];
    r.fade = new CueFade(lx, target.values(), immediate ? ZERO : cue);
    r.current = cue.number;
    r.sinceGoMs = 0;
    r.followMs = cue.followMs;
    r.paused = false;
    r.releasing = false;
    this.advance(list, r, advanceMs, 0);
  }

  private runningList(name: string): { list: CueList; r: Running | undefined } {
    return { list: this.list(name), r: this.running.get(name) };
  }

  go(name: string): CueListStatus {
    const { list, r } = this.runningList(name);
    if (list.cues.length === 0) throw invalidArgument(`cue list ${JSON.stringify(name)} has no cues; record_cue first`);
    const current = r?.releasing === true ? null : (r?.current ?? null);
    const i = current === null ? 0 : list.cues.findIndex((c) => c.number > current + 0.0005);
    if (i < 0) throw invalidArgument(`cue list ${JSON.stringify(name)} is at its last cue (${current}); goto a cue, or release`);
    this.start(list, i, false);
    return this.status(name);
  }

  back(name: string, immediate = false): CueListStatus {
    const { list, r } = this.runningList(name);
    const current = r?.releasing === true ? null : (r?.current ?? null);
    if (current === null) throw invalidArgument(`cue list ${JSON.stringify(name)} is not running; go first`);
    let i = -1;
    for (let k = 0; k < list.cues.length; k++) if (list.cues[k].number < current - 0.0005) i = k;
    if (i < 0) throw invalidArgument(`cue list ${JSON.stringify(name)} is at its first cue (${current}); nothing is before it`);
    this.start(list, i, immediate);
    return this.status(name);
  }

  goto(name: string, number: number, immediate = false): CueListStatus {
    const list = this.list(name);
    const i = list.cues.indexOf(this.cue(list, number));
    this.start(list, i, immediate);
    return this.status(name);
  }

  pause(name: string): CueListStatus {
    const { r } = this.runningList(name);
    if (r === undefined) throw invalidArgument(`cue list ${JSON.stringify(name)} is not running; nothing to pause`);
    r.paused = true;
    return this.status(name);
  }

  resume(name: string): CueListStatus {
    const { r } = this.runningList(name);
    if (r === undefined || !r.paused) throw invalidArgument(`cue list ${JSON.stringify(name)} is not paused`);
    r.paused = false;
    return this.status(name);
  }

  /** Fades every value the list set back to its base over `fadeMs`, then stops the list. */
  release(name: string, fadeMs = 0): CueListStatus {
    const { r } = this.runningList(name);
    check(timeProblem('release fade', fadeMs));
    if (r === undefined) throw invalidArgument(`cue list ${JSON.stringify(name)} is not running; nothing to release`);
    r.fade = new CueFade(this.host.lx, r.base.values(), { fadeInMs: fadeMs, fadeOutMs: fadeMs, delayInMs: 0, delayOutMs: 0 });
    r.current = null;
    r.followMs = undefined;
    r.paused = false;
    r.releasing = true;
    r.sinceGoMs = 0;
    this.advance(this.list(name), r, 0, 0);
    return this.status(name);
  }

  /** Stops every list where it is (a project opened: another show). */
  reset(): void {
    this.running.clear();
  }

  status(name: string): CueListStatus {
    const list = this.list(name);
    const r = this.running.get(name);
    const current = r?.current ?? null;
    const cur = current === null ? undefined : list.cues.find((c) => sameNumber(c.number, current));
    const next = current === null ? list.cues[0] : list.cues.find((c) => c.number > current + 0.0005);
    const state: RunState = r === undefined ? 'released' : r.releasing ? 'releasing' : r.paused ? 'paused' : 'running';
    const fade = r?.fade ?? null;
    const followIn = r?.followMs === undefined || next === undefined ? null : Math.max(0, r.followMs - r.sinceGoMs);
    return {
      list: name,
      mode: list.mode,
      state,
      current: current === null ? null : (ref(cur) ?? { number: current, label: '' }),
      next: ref(next),
      progress: fade === null ? (r === undefined ? 0 : 1) : fade.progress,
      fadeMs: fade?.totalMs ?? 0,
      elapsedMs: fade === null ? 0 : Math.min(fade.elapsedMs, fade.totalMs),
      followInMs: followIn,
    };
  }

  /** One frame: fades move on, follows fire (a follow reached mid-frame starts its cue that far in). */
  loop(deltaMs: number): void {
    if (this.running.size === 0) return;
    for (const [name, r] of [...this.running]) {
      if (r.paused) continue;
      const list = this.lists().find((l) => l.name === name);
      if (list === undefined) {
        this.running.delete(name);
        continue;
      }
      this.advance(list, r, deltaMs, list.cues.length + 1);
    }
  }

  private advance(list: CueList, r: Running, deltaMs: number, follows: number): void {
    const dueIn = r.followMs === undefined ? Number.POSITIVE_INFINITY : r.followMs - r.sinceGoMs;
    const i = r.current === null ? -1 : list.cues.findIndex((c) => c.number > (r.current as number) + 0.0005);
    if (follows > 0 && i >= 0 && dueIn <= deltaMs) {
      const step = Math.max(0, dueIn);
      r.fade?.advance(step);
      this.start(list, i, false, 0);
      this.advance(list, r, deltaMs - step, follows - 1);
      return;
    }
    r.sinceGoMs += deltaMs;
    r.fade?.advance(deltaMs);
    if (r.releasing && r.fade?.done !== false) this.running.delete(list.name);
  }
}

/** `note 60 on channel 1`, as an operator reads a control. */
function describeControl(c: Omit<MidiCueTrigger, 'action' | 'cue'>): string {
  return `${c.type === 'note' ? 'note' : 'CC'} ${c.number} on channel ${c.channel}`;
}
