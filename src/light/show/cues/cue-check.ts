// Checking a cue list before the show (check_cue_list): what a lighting designer wants to hear
// about while there is time to fix it. Read-only; docs/cues.md ("Checking a list") gives the rules.
//
// Every finding is worked out from what the list itself holds (its cues' looks and times), the
// show's structure (which paths, channels and patterns exist) and the song timeline's steps for
// the list; never from the live values, which change as the show runs.
//   - dark: the look the list gives at a cue (tracked in a tracking list) sets the master fader to
//     0, or sets every channel of the mixer off or to fader 0. A value the look does not set is
//     unknown (it stays at the list's base), so it is never counted as dark.
//   - no_op: the look at a cue equals the look at the cue before (a first cue: it sets nothing).
//   - follow chains: a follow starts the next cue by number, so a list cannot loop by itself; a
//     chain of follows longer than the limit, a follow on the last cue (it never fires) and a
//     follow shorter than the cue's own fade (the next cue cuts into it) are reported.
//   - missing_reference: a value whose parameter, channel or pattern the show no longer has (the
//     cue skips it), a timeline Goto or a MIDI trigger's goto to a cue the list lacks.
//   - timeline: the steps the song timeline runs, at the song's tempo, from the list released:
//     a cue whose fade is longer than the time to the next step, and a Go past the last cue.
import { Channel } from '../../mixer/channel.js';
import type { LXEngineComponent } from '../lx-engine.js';
import type { SnapshotView } from '../snapshots/snapshot-engine.js';
import { type AttributeKind, type Cue, type CueList, lookAt, sameNumber, sameView, timesOf } from './cue-data.js';
import { viewKind } from './cue-fade.js';
import { liveView } from './cue-fade.js';

const MASTER = '/lx/mixer/master/fader';

type FindingKind = 'dark' | 'no_op' | 'follow_chain' | 'follow_at_last_cue' | 'follow_cuts_fade' | 'missing_reference' | 'fade_over_gap' | 'step_does_nothing';

interface CueFinding {
  readonly kind: FindingKind;
  /** The cues it is about, by number (none for a timeline step naming a cue the list lacks). */
  readonly cues: number[];
  /** The song timeline beat it is about, for timeline findings. */
  readonly beat?: number;
  readonly severity: 'warning' | 'info';
  readonly message: string;
}

/** The song timeline's steps for one list (src/show/light-cues.ts gathers them): Go (no cue) or Goto, by beat. */
export interface CueListTimeline {
  readonly msPerBeat: number;
  readonly steps: readonly { readonly beat: number; readonly cue?: number }[];
}

interface CheckOptions {
  /** A chain of follows running more cues than this after one Go is reported. */
  readonly maxFollowChain: number;
  readonly timeline?: CueListTimeline;
}

/** The longest time a cue's Go can take: delay + fade, in or out, on its own times or those of a kind of value it sets. */
function longestMs(lx: LXEngineComponent, c: Cue): number {
  const kinds = new Set<AttributeKind | undefined>([undefined]);
  if (c.attributeTimes !== undefined) for (const v of c.views) kinds.add(viewKind(lx, v));
  let longest = 0;
  for (const kind of kinds) {
    const t = timesOf(c, kind);
    longest = Math.max(longest, t.delayInMs + t.fadeInMs, t.delayOutMs + t.fadeOutMs);
  }
  return longest;
}

const secs = (ms: number): string => `${Math.round(ms) / 1000} s`;

/** Whether the look is dark by what it sets: the master at 0, or every channel of the mixer off or at 0. */
function darkLook(lx: LXEngineComponent, look: ReadonlyMap<string, SnapshotView>): string | undefined {
  const master = look.get(`parameter ${MASTER}`);
  if (master !== undefined && master.value === 0) return 'sets the master fader to 0';
  const channels = lx.mixer.channels.items;
  if (channels.length === 0) return undefined;
  for (const c of channels) {
    const v = look.get(`fader ${c.path}`);
    if (v === undefined || (v.channelEnabled !== false && v.channelFader !== 0)) return undefined;
  }
  return channels.length === 1 ? 'sets the only channel off or to fader 0' : `sets all ${channels.length} channels off or to fader 0`;
}

function sameLook(a: ReadonlyMap<string, SnapshotView>, b: ReadonlyMap<string, SnapshotView>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !sameView(v, w)) return false;
  }
  return true;
}

/** Why a value points at nothing the show has, or undefined. */
function missing(lx: LXEngineComponent, v: SnapshotView): string | undefined {
  const live = liveView(lx, v);
  if (v.type === 'PARAMETER') return live === undefined ? `no parameter at ${String(v.parameterPath)}` : undefined;
  if (live === undefined) return `no channel at ${String(v.channelPath)}`;
  if (v.type === 'ACTIVE_PATTERN') {
    const c = live.channelPath === undefined ? undefined : lx.mixer.channels.items.find((x) => x.path === live.channelPath);
    if (!(c instanceof Channel)) return undefined;
    const byId = c.patterns.items.some((p) => p.id === v.patternId);
    const index = typeof v.activePatternIndex === 'number' ? v.activePatternIndex : -1;
    if (!byId && (index < 0 || index >= c.patterns.length)) return `no pattern ${index} on ${c.path}`;
  }
  return undefined;
}

/** Everything check_cue_list reports about `list`, in cue order, timeline findings last. */
export function checkCueList(lx: LXEngineComponent, list: CueList, options: CheckOptions): CueFinding[] {
  const out: CueFinding[] = [];
  const cues = list.cues;
  const looks = cues.map((_, i) => lookAt(list, i));

  // A MIDI trigger's goto to a cue renumbered or removed since: run_cue_list refuses it when pressed.
  for (const t of list.midiTriggers ?? []) {
    const want = t.cue;
    if (want === undefined || cues.some((c) => sameNumber(c.number, want))) continue;
    const control = `${t.type === 'note' ? 'note' : 'CC'} ${t.number} on channel ${t.channel}`;
    out.push({
      kind: 'missing_reference',
      cues: [],
      severity: 'warning',
      message: `the MIDI trigger on ${control} goes to cue ${want}, which the list lacks: it does nothing`,
    });
  }

  // Dark windows: runs of consecutive dark cues.
  for (let i = 0; i < cues.length; i++) {
    const why = darkLook(lx, looks[i]);
    if (why === undefined) continue;
    let j = i;
    while (j + 1 < cues.length && darkLook(lx, looks[j + 1]) !== undefined) j++;
    const run = cues.slice(i, j + 1).map((c) => c.number);
    const last = cues[j];
    const until =
      j + 1 === cues.length
        ? 'the list ends dark'
        : last.followMs !== undefined
          ? `dark until cue ${cues[j + 1].number} follows ${secs(last.followMs)} after cue ${last.number}'s Go`
          : `dark until an operator Go to cue ${cues[j + 1].number}`;
    const what = run.length === 1 ? `cue ${run[0]} ${why}` : `cues ${run[0]}–${last.number} leave the stage dark (cue ${run[0]} ${why})`;
    // A preset blackout before the first look, or a blackout at the end, is usual: said, not warned.
    const usual = i === 0 || j + 1 === cues.length;
    out.push({ kind: 'dark', cues: run, severity: usual ? 'info' : 'warning', message: `${what}: ${until}` });
    i = j;
  }

  // No-op cues: nothing would change at their Go.
  for (let i = 0; i < cues.length; i++) {
    const c = cues[i];
    if (i === 0 && c.views.length > 0) continue;
    if (i > 0 && !sameLook(looks[i], looks[i - 1])) continue;
    const message = i === 0 ? `cue ${c.number} sets nothing` : `cue ${c.number} gives the same look as cue ${cues[i - 1].number}: its Go changes nothing`;
    out.push({ kind: 'no_op', cues: [c.number], severity: 'warning', message });
  }

  // Follows.
  for (let i = 0; i < cues.length; i++) {
    if (cues[i].followMs === undefined || (i > 0 && cues[i - 1].followMs !== undefined)) continue;
    let j = i;
    while (j + 1 < cues.length && cues[j].followMs !== undefined) j++;
    const ran = j - i; // cues that run by themselves after cue i's Go
    if (ran > options.maxFollowChain)
      out.push({
        kind: 'follow_chain',
        cues: cues.slice(i, j + 1).map((c) => c.number),
        severity: 'warning',
        message:
          `a Go to cue ${cues[i].number} runs ${ran} more cues by follow, to cue ${cues[j].number}, ` + `without an operator (limit ${options.maxFollowChain})`,
      });
  }
  const last = cues.at(-1);
  if (last?.followMs !== undefined)
    out.push({
      kind: 'follow_at_last_cue',
      cues: [last.number],
      severity: 'info',
      message: `cue ${last.number} is the last and has a follow (${secs(last.followMs)}): it never fires (a follow goes to the next cue by number)`,
    });
  for (let i = 0; i + 1 < cues.length; i++) {
    const c = cues[i];
    if (c.followMs === undefined || c.followMs >= longestMs(lx, c)) continue;
    out.push({
      kind: 'follow_cuts_fade',
      cues: [c.number, cues[i + 1].number],
      severity: 'info',
      message:
        `cue ${cues[i + 1].number} follows ${secs(c.followMs)} after cue ${c.number}'s Go, ` +
        `before its ${secs(longestMs(lx, c))} fade ends: it starts from mid-fade`,
    });
  }

  // Values that point at nothing.
  for (const c of cues) {
    const gone = c.views.map((v) => missing(lx, v)).filter((m): m is string => m !== undefined);
    if (gone.length === 0) continue;
    const shown = gone.slice(0, 3).join('; ') + (gone.length > 3 ? `; and ${gone.length - 3} more` : '');
    out.push({
      kind: 'missing_reference',
      cues: [c.number],
      severity: 'warning',
      message: `cue ${c.number} sets ${gone.length} value${gone.length === 1 ? '' : 's'} the show no longer has (skipped when it runs): ${shown}`,
    });
  }

  if (options.timeline !== undefined) out.push(...timelineFindings(lx, list, options.timeline));
  return out;
}

/** The song timeline's steps, run from the list released: Gotos to missing cues, Gos past the end, fades longer than the gap to the next step. */
function timelineFindings(lx: LXEngineComponent, list: CueList, timeline: CueListTimeline): CueFinding[] {
  const out: CueFinding[] = [];
  const cues = list.cues;
  const steps = [...timeline.steps].sort((a, b) => a.beat - b.beat);
  const beats = (ms: number): string => `${Math.round((ms / timeline.msPerBeat) * 100) / 100} beats`;
  let current: number | null = null;
  // The cue started last, and when (ms on the song): a step or a follow after it may cut into its fade.
  let started: { i: number; atMs: number } | null = null;
  const cutInto = (atMs: number, by: string, beat: number): void => {
    if (started === null) return;
    const c = cues[started.i];
    const gap = atMs - started.atMs;
    if (longestMs(lx, c) <= gap) return;
    out.push({
      kind: 'fade_over_gap',
      cues: [c.number],
      beat,
      severity: 'warning',
      message: `cue ${c.number}'s fade (${secs(longestMs(lx, c))}) is longer than the ${secs(gap)} (${beats(gap)}) until ${by}: that starts from mid-fade`,
    });
  };
  for (const step of steps) {
    const atMs = step.beat * timeline.msPerBeat;
    // Follows between the previous step and this one run on the song's time.
    while (started !== null && current !== null) {
      const c: Cue = cues[started.i];
      if (c.followMs === undefined || started.i + 1 >= cues.length || started.atMs + c.followMs >= atMs) break;
      started = { i: started.i + 1, atMs: started.atMs + c.followMs };
      current = started.i;
    }
    let i: number;
    if (step.cue !== undefined) {
      const want = step.cue;
      i = cues.findIndex((c) => sameNumber(c.number, want));
      if (i < 0) {
        out.push({
          kind: 'missing_reference',
          cues: [],
          beat: step.beat,
          severity: 'warning',
          message: `the song timeline's Goto cue ${want} at beat ${step.beat} names a cue the list lacks: it does nothing`,
        });
        continue;
      }
    } else {
      i = current === null ? 0 : current + 1;
      if (i >= cues.length) {
        out.push({
          kind: 'step_does_nothing',
          cues: cues.length === 0 ? [] : [cues[cues.length - 1].number],
          beat: step.beat,
          severity: 'warning',
          message: `the song timeline's Go at beat ${step.beat} comes when the list is at its last cue (or has none): it does nothing`,
        });
        continue;
      }
    }
    cutInto(atMs, `the timeline's step at beat ${step.beat}`, step.beat);
    current = i;
    started = { i, atMs };
  }
  return out;
}
