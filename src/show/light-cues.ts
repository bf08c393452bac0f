// Light on the song's timeline: cues that launch a light clip scene when the song reaches a
// beat or a cue marker ("at the Drop, the strobe scene", fading in over two beats). They live in
// the light project's `externals` (so they save and open with the .lxp, and LX ignores them) and
// change through the one history. cue-playback.ts fires them as the song plays.
import type { Command } from '../engine/commands/command.js';
import { invalidArgument, notFound } from '../engine/errors.js';
import type { Origin } from '../engine/commands/history.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { Clip } from '../light/clips/clip.js';
import { MAX_SCENES } from '../light/clips/clip-engine.js';
import type { LightShow } from '../light/show/light-show.js';
import type { ExternalsReader } from '../light/show/project/project-file.js';
import type { CueListTimeline } from '../light/show/cues/cue-check.js';
import { CUE_LISTS_KEY, numberProblem, readCueLists, sameNumber } from '../light/show/cues/cue-data.js';
import type { SoundHost } from '../sound/host/host.js';
import { MAX_BEATS } from '../sound/model/components.js';

/** The externals key the cues are saved under. */
const CUES_KEY = 'footlight.lightCues';
const MAX_CUES = 256;
/** The longest fade: 64 bars of 4/4, or ten minutes. */
const MAX_FADE_BEATS = 256;
const MAX_FADE_MS = 600_000;
/** The longest cue marker name a saved cue keeps (names are the song's; this only bounds what a file can hold). */
const MAX_MARKER_CHARS = 256;

/** How long a cue fades its scene in: beats of the song's tempo, or milliseconds. Exactly one. */
interface CueFade {
  readonly beats?: number;
  readonly ms?: number;
}

/** A cue list step a light cue runs: Go (to the list's next cue), or Goto cue `cue` (with that cue's times). */
export interface CueListStep {
  readonly list: string;
  readonly cue?: number;
}

export interface LightCue {
  /** Quarter-note beat on the song's timeline. */
  readonly beat: number;
  /** The light clip scene (slot across every bus, 0-based) launched there; a cue has a scene, a cue list step, or both. */
  readonly scene?: number;
  /** The cue list step run there (cue-lists.ts: Go or Goto). */
  readonly cueList?: CueListStep;
  /** The song cue marker the cue was placed at (its beat is read when the cue is placed). */
  readonly marker?: string;
  /** Fade the scene in over this long (omitted: the scene cuts in). */
  readonly fade?: CueFade;
}

/** The cues as the show holds them: only what `readLightCues` accepted when the project opened, and what commands wrote since. */
function cuesOf(light: LightShow): readonly LightCue[] {
  const raw = light.externals[CUES_KEY];
  return Array.isArray(raw) ? (raw as LightCue[]) : [];
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** A copy of a cue with only its own keys (the payload every surface returns); a fade that is not one is left out. */
function cuePayload(c: LightCue): LightCue {
  const out: { beat: number; scene?: number; cueList?: CueListStep; marker?: string; fade?: CueFade } = { beat: c.beat };
  if (c.scene !== undefined) out.scene = c.scene;
  if (c.cueList !== undefined) out.cueList = c.cueList.cue === undefined ? { list: c.cueList.list } : { list: c.cueList.list, cue: c.cueList.cue };
  if (c.marker !== undefined) out.marker = c.marker;
  const f = c.fade;
  if (positive(f?.beats)) out.fade = { beats: f.beats };
  else if (positive(f?.ms)) out.fade = { ms: f.ms };
  return out;
}

/** A saved value as a message shows it (short; an absent key is "nothing"). */
function shown(v: unknown): string {
  return v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 40);
}

/** Why a fade is not one (a tool's argument or a saved cue's), or undefined when it is. */
function fadeProblem(fade: unknown): string | undefined {
  if (typeof fade !== 'object' || fade === null || Array.isArray(fade)) return `fade must be an object {beats} or {ms}; got ${shown(fade)}`;
  const { beats, ms } = fade as Record<string, unknown>;
  if ((beats === undefined) === (ms === undefined)) return 'fade: give one of beats or ms, e.g. {"beats": 2}';
  if (beats !== undefined && !(typeof beats === 'number' && Number.isFinite(beats) && beats > 0 && beats <= MAX_FADE_BEATS))
    return `fade.beats takes a number above 0 up to ${MAX_FADE_BEATS}; got ${shown(beats)}`;
  if (ms !== undefined && !(typeof ms === 'number' && Number.isFinite(ms) && ms > 0 && ms <= MAX_FADE_MS))
    return `fade.ms takes a number above 0 up to ${MAX_FADE_MS}; got ${shown(ms)}`;
  return undefined;
}

/** Why a cue list step is not one (its shape only: the list and cue are looked up when it is placed, and when it runs). */
function stepProblem(step: unknown): string | undefined {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return `cueList must be an object {list, cue?}; got ${shown(step)}`;
  const { list, cue, ...rest } = step as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `cueList takes list and cue only; got ${Object.keys(rest).join(', ')}`;
  if (typeof list !== 'string' || list.length === 0 || list.length > MAX_MARKER_CHARS) return `cueList.list must be a cue list name; got ${shown(list)}`;
  if (cue !== undefined) {
    const problem = numberProblem(cue);
    if (problem !== undefined) return `cueList.cue: ${problem}`;
  }
  return undefined;
}

/** Why a saved cue cannot be used, or undefined when it is sound. */
function cueProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return `a cue must be an object {beat, scene?, cueList?, marker?, fade?}; got ${v === null ? 'null' : typeof v}`;
  const { beat, scene, cueList, marker, fade } = v as Record<string, unknown>;
  if (typeof beat !== 'number' || !Number.isFinite(beat) || beat < 0 || beat > MAX_BEATS) return `beat must be a number in 0–${MAX_BEATS}; got ${shown(beat)}`;
  if (scene === undefined && cueList === undefined) return 'a cue needs a scene, a cueList step, or both';
  if (scene !== undefined && (typeof scene !== 'number' || !Number.isInteger(scene) || scene < 0 || scene >= MAX_SCENES))
    return `scene must be an integer in 0–${MAX_SCENES - 1}; got ${shown(scene)}`;
  if (cueList !== undefined) {
    const problem = stepProblem(cueList);
    if (problem !== undefined) return problem;
  }
  if (marker !== undefined && (typeof marker !== 'string' || marker.length > MAX_MARKER_CHARS)) {
    const got = typeof marker === 'string' ? `${marker.length} characters` : shown(marker);
    return `marker must be a name of at most ${MAX_MARKER_CHARS} characters; got ${got}`;
  }
  if (fade !== undefined) {
    const problem = fadeProblem(fade);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Reads the light cues saved in a project's externals: keeps every sound cue (sorted by beat, one
 * per beat, at most MAX_CUES) and warns, by key path, about each one it drops, so a damaged file
 * opens with the cues it can play instead of failing frame after frame.
 */
const readLightCues: ExternalsReader = (value, at, warn) => {
  if (!Array.isArray(value)) {
    warn(`${at}: the light cues must be a list; got ${value === null ? 'null' : typeof value}, so the show has no light cues`);
    return undefined;
  }
  const kept: LightCue[] = [];
  const beats = new Set<number>();
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    const problem = cueProblem(v) ?? (beats.has((v as LightCue).beat) ? `another cue at beat ${(v as LightCue).beat} comes earlier in the list` : undefined);
    if (problem !== undefined) {
      warn(`${at}/${i}: ${problem}; the cue was dropped`);
      continue;
    }
    if (kept.length === MAX_CUES) {
      warn(`${at}/${i}: the show holds at most ${MAX_CUES} light cues; this cue and the ones after it were dropped`);
      break;
    }
    beats.add((v as LightCue).beat);
    kept.push(cuePayload(v as LightCue));
  }
  return kept.length === 0 ? undefined : kept.sort((a, b) => a.beat - b.beat);
};

/** How the show layer reads its part of a light project's externals: every place a light project opens passes this. */
export const SHOW_EXTERNALS: Readonly<Record<string, ExternalsReader>> = { [CUE_LISTS_KEY]: readCueLists, [CUES_KEY]: readLightCues };

/** What a clip a cue launched records as its launcher (Clip.launchedBy): the cue's beat and scene. */
export class CueLaunch {
  constructor(
    readonly beat: number,
    readonly scene: number,
  ) {}
}

const sameCue = (a: LightCue, b: LightCue): boolean =>
  a.beat === b.beat &&
  a.scene === b.scene &&
  a.cueList?.list === b.cueList?.list &&
  a.cueList?.cue === b.cueList?.cue &&
  a.marker === b.marker &&
  a.fade?.beats === b.fade?.beats &&
  a.fade?.ms === b.fade?.ms;

/**
 * Replaces the show's cues. Undo puts the previous list back; for every cue the undo takes away
 * (a placement, the new beat of a move), the clips that cue launched stop if they still run, and
 * unless another cue left launches the same scene, every parameter the clips of its scene drove
 * goes back to its value from before they first drove it: the show is as it was before the cue
 * existed, in the same undo step.
 */
class SetLightCues implements Command {
  private before: readonly LightCue[] = [];
  constructor(
    readonly label: string,
    private readonly light: LightShow,
    private readonly after: readonly LightCue[],
  ) {}

  perform(): void {
    this.before = cuesOf(this.light);
    this.write(this.after);
  }

  undo(): void {
    const gone = cuesOf(this.light).filter((c) => !this.before.some((b) => sameCue(b, c)));
    this.write(this.before);
    for (const cue of gone) {
      if (cue.scene === undefined) continue;
      for (const clip of this.light.lx.clips.sceneClips(cue.scene)) {
        const by = clip.launchedBy;
        if (clip.running.isOn() && by instanceof CueLaunch && by.beat === cue.beat && by.scene === cue.scene) clip.stopNow();
        if (!this.before.some((c) => c.scene === cue.scene)) clip.releaseDrives();
      }
    }
  }

  private write(cues: readonly LightCue[]): void {
    if (cues.length === 0) delete this.light.externals[CUES_KEY];
    else this.light.externals[CUES_KEY] = cues.map(cuePayload);
  }
}

/**
 * Where a cue is: a beat, a song cue marker, or (placing) the song's playhead, snapped to the
 * nearest multiple of `snap` beats (default 1: the beat; 0 keeps the exact position). Give exactly one.
 */
type CuePlace = { readonly beat?: number; readonly marker?: string; readonly playhead?: boolean; readonly snap?: number };

/** Checks a fade: exactly one of beats or ms, above 0 and within bounds. */
function checkFade(fade: CueFade): CueFade {
  const problem = fadeProblem(fade);
  if (problem !== undefined) throw invalidArgument(problem);
  return fade.beats !== undefined ? { beats: fade.beats } : { ms: fade.ms };
}

/** The show's light cues: place, remove, move and list them (each edit one undo step). */
export class LightCues {
  constructor(
    private readonly light: LightShow,
    private readonly sound: SoundHost,
  ) {}

  /** The cues by beat, as payloads (copies). */
  list(): LightCue[] {
    return cuesOf(this.light).map(cuePayload);
  }

  /** The saved cues themselves, not copied: playback reads them every frame. */
  stored(): readonly LightCue[] {
    return cuesOf(this.light);
  }

  /**
   * The cues whose scene holds a clip with a lane on `p`, by beat, each with that clip: every
   * time the song reaches one, the clip sets `p` again (a value set by hand lasts until then).
   */
  driving(p: Parameter): { readonly cue: LightCue; readonly clip: Clip }[] {
    const out: { cue: LightCue; clip: Clip }[] = [];
    for (const cue of this.stored())
      for (const clip of cue.scene === undefined ? [] : this.light.lx.clips.sceneClips(cue.scene))
        if (clip.parameterLanes().some((l) => l.target === p && l.events.length > 0)) out.push({ cue: cuePayload(cue), clip });
    return out;
  }

  /** The song's cue markers, by beat (what `marker` may name). */
  markers(): readonly { readonly name: string; readonly beat: number }[] {
    return [...this.sound.project.cueMarkers].sort((a, b) => a.beat - b.beat).map((m) => ({ name: m.name, beat: m.beat }));
  }

  /** The timeline's steps for cue list `list` (Go, or Goto a cue), by beat, and the song's tempo: what check_cue_list runs them on. */
  timelineOf(list: string): CueListTimeline {
    const steps = this.stored().flatMap((c) =>
      c.cueList?.list === list ? [c.cueList.cue === undefined ? { beat: c.beat } : { beat: c.beat, cue: c.cueList.cue }] : [],
    );
    return { msPerBeat: 60000 / this.sound.project.tempo.getBaseValue(), steps };
  }

  /** The song's playhead in beats. */
  get playhead(): number {
    return this.sound.transport.position;
  }

  private beatOf(at: CuePlace): { beat: number; marker?: string } {
    const given = (at.beat !== undefined ? 1 : 0) + (at.marker !== undefined ? 1 : 0) + (at.playhead === true ? 1 : 0);
    if (given !== 1) throw invalidArgument('give one of beat, marker (a song cue marker name, e.g. "Drop") or playhead');
    if (at.snap !== undefined && at.playhead !== true) throw invalidArgument('snap applies to playhead only; give the beat itself instead');
    if (at.playhead === true) {
      const snap = at.snap ?? 1;
      if (!(Number.isFinite(snap) && snap >= 0 && snap <= MAX_FADE_BEATS))
        throw invalidArgument(`snap takes a grid in beats from 0 (off) to ${MAX_FADE_BEATS}; got ${snap}`);
      const pos = this.sound.transport.position;
      // The nearest grid line; rounding the quotient keeps grids like 1/3 beat exact to the grid.
      return { beat: snap === 0 ? pos : Number((Math.round(pos / snap) * snap).toPrecision(12)) };
    }
    if (at.marker !== undefined) {
      const all = this.sound.project.cueMarkers;
      const named = all.filter((x) => x.name === at.marker);
      if (named.length === 0) {
        const names = all.map((x) => `"${x.name}"`).join(', ') || 'none';
        throw notFound(`the song has no cue marker "${at.marker}"; it has ${names} (song_get_state cue_markers)`);
      }
      if (named.length > 1) {
        const beats = named
          .map((x) => x.beat)
          .sort((a, b) => a - b)
          .join(', ');
        throw invalidArgument(`the song has ${named.length} cue markers named "${at.marker}" (at beats ${beats}); give beat instead to say which`);
      }
      return { beat: named[0].beat, marker: named[0].name };
    }
    const beat = at.beat!;
    if (!Number.isFinite(beat) || beat < 0 || beat > MAX_BEATS) throw invalidArgument(`beat must be a beat in 0–${MAX_BEATS}; got ${beat}`);
    return { beat };
  }

  /** Checks a cue list step: its shape, the list and (a Goto) the cue exist. */
  private checkStep(step: CueListStep): CueListStep {
    const problem = stepProblem(step);
    if (problem !== undefined) throw invalidArgument(problem);
    const list = this.light.cues.list(step.list);
    if (step.cue !== undefined && !list.cues.some((c) => sameNumber(c.number, step.cue!))) {
      const numbers = list.cues.map((c) => c.number).join(', ');
      throw notFound(`cue list ${JSON.stringify(step.list)} has no cue ${step.cue} (cues: ${numbers || 'none'})`);
    }
    return step;
  }

  /**
   * Places a cue (replacing one at the same beat): it launches `scene`, fading in over `fade` when
   * given, and/or runs the cue list step `cueList` (Go, or Goto a cue): one undo step.
   */
  place(origin: Origin, at: CuePlace, scene: number | undefined, fade?: CueFade, cueList?: CueListStep): LightCue {
    if (scene === undefined && cueList === undefined) throw invalidArgument('give scene (a light clip scene to launch), cueList (a cue list step), or both');
    if (scene !== undefined && (!Number.isInteger(scene) || scene < 0 || scene >= MAX_SCENES))
      throw invalidArgument(`scene must be a clip slot index in 0–${MAX_SCENES - 1}; got ${scene}`);
    if (scene === undefined && fade !== undefined) throw invalidArgument("fade fades a scene in; a cue list step uses its cue's own times");
    const checked = fade === undefined ? undefined : checkFade(fade);
    const step = cueList === undefined ? undefined : this.checkStep(cueList);
    const { beat, marker } = this.beatOf(at);
    if (scene !== undefined && this.light.lx.clips.sceneClips(scene).length === 0)
      throw notFound(`scene ${scene} has no light clips on any bus (list_clips); add a clip in that slot first`);
    const cue: LightCue = cuePayload({ beat, scene, cueList: step, marker, fade: checked });
    const rest = this.stored().filter((c) => c.beat !== beat);
    if (rest.length >= MAX_CUES) throw invalidArgument(`the show holds at most ${MAX_CUES} light cues`);
    const next = [...rest, cue].sort((a, b) => a.beat - b.beat);
    const label = `Place light cue at ${marker ?? `beat ${beat}`}`;
    return this.light.engine.history.performVerified(new SetLightCues(label, this.light, next), origin, () => {
      const placed = this.list().find((c) => sameCue(c, cue));
      if (placed === undefined) throw new Error('the cue did not read back');
      return cuePayload(placed);
    });
  }

  /** The cue at a beat or marker, with where it was asked for; none there is not_found, listing the cues' beats. */
  private cueAt(at: CuePlace): { beat: number; marker?: string; cue: LightCue } {
    if (at.playhead === true) throw invalidArgument('name the cue by beat or marker (playhead only places a cue)');
    const place = this.beatOf(at);
    const cue = this.stored().find((c) => c.beat === place.beat);
    if (cue === undefined) {
      const beats = this.list()
        .map((c) => c.beat)
        .join(', ');
      throw notFound(`no light cue at ${place.marker ?? `beat ${place.beat}`} (list: ${beats || 'none'})`);
    }
    return { ...place, cue };
  }

  /** Removes the cue at a beat or marker: one undo step. */
  remove(origin: Origin, at: CuePlace): LightCue {
    const { beat, marker, cue } = this.cueAt(at);
    const next = this.stored().filter((c) => c !== cue);
    const label = `Remove light cue at ${marker ?? `beat ${beat}`}`;
    return this.light.engine.history.performVerified(new SetLightCues(label, this.light, next), origin, () => cuePayload(cue));
  }

  /**
   * Moves the cue at a beat or marker to beat `to`, keeping its scene and fade (it is no longer
   * tied to a marker): one undo step. A cue already at `to` is not replaced: remove it first.
   */
  move(origin: Origin, at: CuePlace, to: number): { readonly from: LightCue; readonly to: LightCue } {
    if (!Number.isFinite(to) || to < 0 || to > MAX_BEATS) throw invalidArgument(`the new beat must be a beat in 0–${MAX_BEATS}; got ${to}`);
    const { beat, marker, cue } = this.cueAt(at);
    if (to === beat) return { from: cuePayload(cue), to: cuePayload(cue) };
    if (this.stored().some((c) => c.beat === to)) throw invalidArgument(`a light cue is already at beat ${to}; remove it first (or move it elsewhere)`);
    const moved = cuePayload({ beat: to, scene: cue.scene, cueList: cue.cueList, fade: cue.fade });
    const next = [...this.stored().filter((c) => c !== cue), moved].sort((a, b) => a.beat - b.beat);
    const label = `Move light cue from ${marker ?? `beat ${beat}`} to beat ${to}`;
    return this.light.engine.history.performVerified(new SetLightCues(label, this.light, next), origin, () => {
      const placed = this.list().find((c) => sameCue(c, moved));
      if (placed === undefined) throw new Error('the moved cue did not read back');
      return { from: cuePayload(cue), to: cuePayload(placed) };
    });
  }
}
