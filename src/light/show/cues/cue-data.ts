// Cue lists as the project file holds them: the shapes, their bounds, and the reader that checks
// them when a project opens (`externals["footlight.cueLists"]`, which LX keeps but ignores).
import type { ExternalsReader } from '../project/project-file.js';
import type { SnapshotView } from '../snapshots/snapshot-engine.js';
import { displayTextProblem } from '../../../engine/text.js';

/** The externals key the cue lists are saved under. */
export const CUE_LISTS_KEY = 'footlight.cueLists';
export const MAX_LISTS = 64;
export const MAX_CUES_PER_LIST = 1000;
/** Fades and delays: up to ten minutes each. */
const MAX_TIME_MS = 600_000;
/** A follow: up to an hour after the cue's Go. */
export const MAX_FOLLOW_MS = 3_600_000;
/** Cue numbers: above 0, below 10000, at most three decimals (2.5, 2.25, 2.125). */
const MAX_CUE_NUMBER = 9999.999;
const MAX_NAME_CHARS = 64;
const MAX_LABEL_CHARS = 128;
/** The snapshot scopes a cue may hold. */
export const CUE_SCOPES = ['MIXER', 'PATTERNS', 'EFFECTS', 'MASTER', 'MODULATION', 'STAGE'] as const;
export type CueScope = (typeof CUE_SCOPES)[number];

/** Tracking: a cue keeps what earlier cues set unless it changes it. Cue-only: a cue shows its own values on the list's base. */
export type CueListMode = 'tracking' | 'cue-only';

export interface CueTimes {
  readonly fadeInMs: number;
  readonly fadeOutMs: number;
  readonly delayInMs: number;
  readonly delayOutMs: number;
}

/** The kinds of value a cue may time apart from the rest (docs/cues.md, "Times by attribute"). */
const ATTRIBUTE_KINDS = ['intensity', 'color', 'position'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

/** A kind's own times; a time left out is the cue's. */
export type AttributeTimes = Partial<Record<AttributeKind, Partial<CueTimes>>>;

const TIME_KEYS = ['fadeInMs', 'fadeOutMs', 'delayInMs', 'delayOutMs'] as const;

/** The times values of `kind` move with in a cue: its own where it has them, else the cue's. */
export function timesOf(c: CueTimes & { readonly attributeTimes?: AttributeTimes }, kind: AttributeKind | undefined): CueTimes {
  const own = kind === undefined ? undefined : c.attributeTimes?.[kind];
  if (own === undefined) return c;
  return {
    fadeInMs: own.fadeInMs ?? c.fadeInMs,
    fadeOutMs: own.fadeOutMs ?? c.fadeOutMs,
    delayInMs: own.delayInMs ?? c.delayInMs,
    delayOutMs: own.delayOutMs ?? c.delayOutMs,
  };
}

/** Why `v` is not a cue's attribute times, or undefined. */
export function attributeTimesProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `attribute times are an object {intensity, color, position}; got ${shown(v)}`;
  for (const [kind, times] of Object.entries(v)) {
    if (!ATTRIBUTE_KINDS.includes(kind as AttributeKind)) return `attribute times are for ${ATTRIBUTE_KINDS.join(', ')}; got ${shown(kind)}`;
    if (typeof times !== 'object' || times === null || Array.isArray(times)) return `${kind} times are an object {fadeInMs, ...}; got ${shown(times)}`;
    for (const [key, ms] of Object.entries(times)) {
      if (!TIME_KEYS.includes(key as (typeof TIME_KEYS)[number])) return `${kind} times take ${TIME_KEYS.join(', ')}; got ${shown(key)}`;
      const problem = timeProblem(`${kind} ${key}`, ms);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

/** A copy with only known keys in a fixed order; undefined when no kind has a time. */
function attributeTimesCopy(v: AttributeTimes | undefined): AttributeTimes | undefined {
  if (v === undefined) return undefined;
  const out: AttributeTimes = {};
  for (const kind of ATTRIBUTE_KINDS) {
    const t = v[kind];
    if (t === undefined) continue;
    const times: { -readonly [K in keyof CueTimes]?: number } = {};
    for (const key of TIME_KEYS) if (t[key] !== undefined) times[key] = t[key];
    if (Object.keys(times).length > 0) out[kind] = times;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface Cue extends CueTimes {
  readonly number: number;
  readonly label: string;
  /** The look: snapshot views (see snapshot-engine.ts), at most one per parameter, channel fader or active pattern. */
  readonly views: readonly SnapshotView[];
  /** The next cue goes by itself this long after this cue's Go (a follow, or wait); absent: it waits for a Go. */
  readonly followMs?: number;
  /** Intensity, colour and position values moving on times of their own. */
  readonly attributeTimes?: AttributeTimes;
}

/** The actions a MIDI trigger (as an OSC address) runs: run_cue_list's. */
export const CUE_ACTIONS = ['go', 'back', 'goto', 'pause', 'resume', 'release'] as const;
export type CueAction = (typeof CUE_ACTIONS)[number];
/** MIDI triggers a list holds at most. */
export const MAX_MIDI_TRIGGERS = 64;

/** A MIDI note or CC that runs an action of its list (docs/cues.md, "MIDI triggers"). */
export interface MidiCueTrigger {
  readonly type: 'note' | 'cc';
  /** 1–16, as controllers label them. */
  readonly channel: number;
  /** The note or controller number, 0–127. */
  readonly number: number;
  readonly action: CueAction;
  /** goto's cue number. */
  readonly cue?: number;
}

export interface CueList {
  readonly name: string;
  readonly mode: CueListMode;
  /** By number, ascending. */
  readonly cues: readonly Cue[];
  /** Notes and CCs that run the list; absent: none. */
  readonly midiTriggers?: readonly MidiCueTrigger[];
}

/** Why `v` is not a MIDI trigger, or undefined. */
export function triggerProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'a MIDI trigger is an object {type, channel, number, action, cue}';
  const t = v as Record<string, unknown>;
  const int = (x: unknown, lo: number, hi: number) => typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;
  if (t.type !== 'note' && t.type !== 'cc') return `a MIDI trigger's type is note or cc; got ${shown(t.type)}`;
  if (!int(t.channel, 1, 16)) return `a MIDI channel is 1–16; got ${shown(t.channel)}`;
  if (!int(t.number, 0, 127)) return `a ${t.type === 'note' ? 'note' : 'controller'} number is 0–127; got ${shown(t.number)}`;
  if (!CUE_ACTIONS.includes(t.action as CueAction)) return `a MIDI trigger's action is one of ${CUE_ACTIONS.join(', ')}; got ${shown(t.action)}`;
  if (t.action === 'goto') return numberProblem(t.cue) === undefined ? undefined : `goto takes the cue number (cue); got ${shown(t.cue)}`;
  return t.cue === undefined ? undefined : 'cue goes with action goto';
}

/** Whether two triggers listen to the same control. */
export const sameControl = (a: Omit<MidiCueTrigger, 'action'>, b: Omit<MidiCueTrigger, 'action'>): boolean =>
  a.type === b.type && a.channel === b.channel && a.number === b.number;

const triggerCopy = (t: MidiCueTrigger): MidiCueTrigger => ({
  type: t.type,
  channel: t.channel,
  number: t.number,
  action: t.action,
  ...(t.cue === undefined ? {} : { cue: cleanNumber(t.cue) }),
});

/** Cue numbers are compared at a thousandth. */
export const sameNumber = (a: number, b: number): boolean => Math.abs(a - b) < 0.0005;

/** Why `n` is not a cue number, or undefined. */
export function numberProblem(n: unknown): string | undefined {
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > MAX_CUE_NUMBER)
    return `a cue number is above 0 and at most ${MAX_CUE_NUMBER}; got ${shown(n)}`;
  if (Math.abs(Math.round(n * 1000) - n * 1000) > 1e-6) return `a cue number has at most three decimals (e.g. 2.5 or 2.125); got ${n}`;
  return undefined;
}

/** A cue number with its float noise removed (2.5000000001 → 2.5). */
export const cleanNumber = (n: number): number => Math.round(n * 1000) / 1000;

/** Why a time is not one (`what` names it), or undefined. */
export function timeProblem(what: string, v: unknown, max = MAX_TIME_MS): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) return `${what} takes milliseconds from 0 to ${max}; got ${shown(v)}`;
  return undefined;
}

/** Why a cue list name is not one (as every name shown to an operator: displayable text), or undefined. */
export function nameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > MAX_NAME_CHARS)
    return `a cue list name is 1–${MAX_NAME_CHARS} characters, not blank; got ${shown(v)}`;
  const text = displayTextProblem(v);
  return text === undefined ? undefined : `a cue list name ${text}`;
}

export function labelProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > MAX_LABEL_CHARS) return `a cue label is at most ${MAX_LABEL_CHARS} characters; got ${shown(v)}`;
  const text = displayTextProblem(v);
  return text === undefined ? undefined : `a cue label ${text}`;
}

function shown(v: unknown): string {
  return v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 40);
}

/** What a view sets: one key per parameter, channel fader or channel's active pattern. */
export function viewKey(v: SnapshotView): string | undefined {
  if (v.type === 'PARAMETER' && typeof v.parameterPath === 'string') return `parameter ${v.parameterPath}`;
  if (v.type === 'CHANNEL_FADER' && typeof v.channelPath === 'string') return `fader ${v.channelPath}`;
  if (v.type === 'ACTIVE_PATTERN' && typeof v.channelPath === 'string') return `pattern ${v.channelPath}`;
  return undefined;
}

function viewProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'a view must be an object';
  const view = v as SnapshotView;
  if (!CUE_SCOPES.includes(view.scope as CueScope)) return `a view's scope is one of ${CUE_SCOPES.join(', ')}; got ${shown(view.scope)}`;
  if (viewKey(view) === undefined) return 'a view is a PARAMETER (parameterPath), CHANNEL_FADER or ACTIVE_PATTERN (channelPath)';
  return undefined;
}

function cueProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'a cue must be an object {number, label, views, fadeInMs, ...}';
  const c = v as Record<string, unknown>;
  const problem =
    numberProblem(c.number) ??
    labelProblem(c.label) ??
    timeProblem('fadeInMs', c.fadeInMs) ??
    timeProblem('fadeOutMs', c.fadeOutMs) ??
    timeProblem('delayInMs', c.delayInMs) ??
    timeProblem('delayOutMs', c.delayOutMs) ??
    (c.followMs === undefined ? undefined : timeProblem('followMs', c.followMs, MAX_FOLLOW_MS)) ??
    (c.attributeTimes === undefined ? undefined : attributeTimesProblem(c.attributeTimes));
  if (problem !== undefined) return problem;
  if (!Array.isArray(c.views)) return 'a cue needs its views (a list)';
  const keys = new Set<string>();
  for (const view of c.views) {
    const p = viewProblem(view);
    if (p !== undefined) return p;
    const key = viewKey(view) as string;
    if (keys.has(key)) return `a cue sets ${key} twice`;
    keys.add(key);
  }
  return undefined;
}

/** A copy of a cue with only its own keys, in a fixed order. */
export function cueCopy(c: Cue): Cue {
  const out: { -readonly [K in keyof Cue]: Cue[K] } = {
    number: cleanNumber(c.number),
    label: c.label,
    fadeInMs: c.fadeInMs,
    fadeOutMs: c.fadeOutMs,
    delayInMs: c.delayInMs,
    delayOutMs: c.delayOutMs,
    views: c.views.map((v) => ({ ...v })),
  };
  if (c.followMs !== undefined) out.followMs = c.followMs;
  const attributeTimes = attributeTimesCopy(c.attributeTimes);
  if (attributeTimes !== undefined) out.attributeTimes = attributeTimes;
  return out;
}

export const listCopy = (l: CueList): CueList => ({
  name: l.name,
  mode: l.mode,
  cues: l.cues.map(cueCopy),
  ...(l.midiTriggers === undefined || l.midiTriggers.length === 0 ? {} : { midiTriggers: l.midiTriggers.map(triggerCopy) }),
});

/**
 * Reads the cue lists a project saved: keeps every sound list and cue, drops (and warns about,
 * by key path) each list or cue that is not, and a cue whose number another cue of its list
 * already has, so a damaged file opens with the cues it can run.
 */
export const readCueLists: ExternalsReader = (value, at, warn) => {
  if (!Array.isArray(value)) {
    warn(`${at}: the cue lists must be a list; got ${value === null ? 'null' : typeof value}, so the show has no cue lists`);
    return undefined;
  }
  const lists: CueList[] = [];
  for (let i = 0; i < value.length; i++) {
    const l: unknown = value[i];
    if (lists.length === MAX_LISTS) {
      warn(`${at}/${i}: the show holds at most ${MAX_LISTS} cue lists; this list and the ones after it were dropped`);
      break;
    }
    const raw = (typeof l === 'object' && l !== null && !Array.isArray(l) ? l : {}) as Record<string, unknown>;
    const problem =
      nameProblem(raw.name) ??
      (raw.mode === 'tracking' || raw.mode === 'cue-only' ? undefined : `a list's mode is "tracking" or "cue-only"; got ${shown(raw.mode)}`) ??
      (Array.isArray(raw.cues) ? undefined : 'a list needs its cues (a list)') ??
      (lists.some((x) => x.name === raw.name) ? `another list named ${shown(raw.name)} comes earlier` : undefined);
    if (problem !== undefined) {
      warn(`${at}/${i}: ${problem}; the list was dropped`);
      continue;
    }
    const cues: Cue[] = [];
    const rawCues = raw.cues as unknown[];
    for (let k = 0; k < rawCues.length; k++) {
      const c = rawCues[k];
      const cp =
        cueProblem(c) ?? (cues.some((x) => sameNumber(x.number, (c as Cue).number)) ? `another cue numbered ${(c as Cue).number} comes earlier` : undefined);
      if (cp !== undefined) {
        warn(`${at}/${i}/cues/${k}: ${cp}; the cue was dropped`);
        continue;
      }
      if (cues.length === MAX_CUES_PER_LIST) {
        warn(`${at}/${i}/cues/${k}: a list holds at most ${MAX_CUES_PER_LIST} cues; this cue and the ones after it were dropped`);
        break;
      }
      cues.push(cueCopy(c as Cue));
    }
    const triggers: MidiCueTrigger[] = [];
    const rawTriggers: unknown[] = raw.midiTriggers === undefined ? [] : Array.isArray(raw.midiTriggers) ? raw.midiTriggers : [raw.midiTriggers];
    for (let k = 0; k < rawTriggers.length; k++) {
      const t = rawTriggers[k];
      const tp =
        triggerProblem(t) ??
        (triggers.some((x) => sameControl(x, t as MidiCueTrigger)) ? 'an earlier trigger of this list listens to the same control' : undefined) ??
        (triggers.length === MAX_MIDI_TRIGGERS ? `a list holds at most ${MAX_MIDI_TRIGGERS} MIDI triggers` : undefined);
      if (tp !== undefined) {
        warn(`${at}/${i}/midiTriggers/${k}: ${tp}; the trigger was dropped`);
        continue;
      }
      triggers.push(triggerCopy(t as MidiCueTrigger));
    }
    lists.push({
      name: raw.name as string,
      mode: raw.mode as CueListMode,
      cues: cues.sort((a, b) => a.number - b.number),
      ...(triggers.length === 0 ? {} : { midiTriggers: triggers }),
    });
  }
  return lists.length === 0 ? undefined : lists;
};

/** The look cues[0..i] give, tracked (every value as the latest of them set it). */
export function tracked(list: CueList, i: number): Map<string, SnapshotView> {
  const m = new Map<string, SnapshotView>();
  for (let k = 0; k <= i && k < list.cues.length; k++) for (const v of list.cues[k].views) m.set(viewKey(v) as string, v);
  return m;
}

/** The look a list gives at cue index `i`, without its base. */
export function lookAt(list: CueList, i: number): Map<string, SnapshotView> {
  if (list.mode === 'tracking') return tracked(list, i);
  return new Map(list.cues[i].views.map((v) => [viewKey(v) as string, v]));
}

/** Whether two views of one value hold the same value. */
export function sameView(a: SnapshotView, b: SnapshotView): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'CHANNEL_FADER') return (a.channelEnabled !== false) === (b.channelEnabled !== false) && near(a.channelFader, b.channelFader);
  if (a.type === 'ACTIVE_PATTERN') return a.patternId === b.patternId && a.activePatternIndex === b.activePatternIndex;
  return typeof a.value === 'string' ? a.value === b.value : near(a.value, b.value);
}

const near = (a: unknown, b: unknown): boolean => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9;
