// Light on the song's timeline: cues that launch a light clip scene when the song reaches a
// beat or a cue marker ("at the Drop, the strobe scene"). They live in the light project's
// `externals` (so they save and open with the .lxp, and LX ignores them) and change through
// the one history.
import type { Command } from '../engine/commands/command.js';
import { invalidArgument, notFound } from '../engine/errors.js';
import type { Origin } from '../engine/commands/history.js';
import { MAX_SCENES } from '../light/clips/clip-engine.js';
import type { LightShow } from '../light/show/light-show.js';
import type { ExternalsReader } from '../light/show/project/project-file.js';
import type { SoundHost } from '../sound/host/host.js';
import { MAX_BEATS } from '../sound/model/components.js';

/** The externals key the cues are saved under. */
const CUES_KEY = 'footlight.lightCues';
const MAX_CUES = 256;
/** The longest cue marker name a saved cue keeps (names are the song's; this only bounds what a file can hold). */
const MAX_MARKER_CHARS = 256;
/** The song jumped (a seek, a loop wrap) when it moves more than this in one frame: no cue fires for the skipped span. */
const JUMP_BEATS = 1;
/**
 * The song position is a running sum of frame steps, so beat 16 may read 15.999999999999; a
 * cue counts as reached that close to it (the windows shift by the same amount, so none fires twice).
 */
const EPS = 1e-9;

interface LightCue {
  /** Quarter-note beat on the song's timeline. */
  readonly beat: number;
  /** The light clip scene (slot across every bus, 0-based) launched there. */
  readonly scene: number;
  /** The song cue marker the cue was placed at (its beat is read when the cue is placed). */
  readonly marker?: string;
}

/** The cues as the show holds them: only what `readLightCues` accepted when the project opened, and what commands wrote since. */
function cuesOf(light: LightShow): readonly LightCue[] {
  const raw = light.externals[CUES_KEY];
  return Array.isArray(raw) ? (raw as LightCue[]) : [];
}

/** A saved value as a message shows it (short; an absent key is "nothing"). */
function shown(v: unknown): string {
  return v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 40);
}

/** Why a saved cue cannot be used, or undefined when it is sound. */
function cueProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `a cue must be an object {beat, scene, marker?}; got ${v === null ? 'null' : typeof v}`;
  const { beat, scene, marker } = v as Record<string, unknown>;
  if (typeof beat !== 'number' || !Number.isFinite(beat) || beat < 0 || beat > MAX_BEATS) return `beat must be a number in 0–${MAX_BEATS}; got ${shown(beat)}`;
  if (typeof scene !== 'number' || !Number.isInteger(scene) || scene < 0 || scene >= MAX_SCENES)
    return `scene must be an integer in 0–${MAX_SCENES - 1}; got ${shown(scene)}`;
  if (marker !== undefined && (typeof marker !== 'string' || marker.length > MAX_MARKER_CHARS)) {
    const got = typeof marker === 'string' ? `${marker.length} characters` : shown(marker);
    return `marker must be a name of at most ${MAX_MARKER_CHARS} characters; got ${got}`;
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
    const { beat, scene, marker } = v as LightCue;
    beats.add(beat);
    kept.push(marker === undefined ? { beat, scene } : { beat, scene, marker });
  }
  return kept.length === 0 ? undefined : kept.sort((a, b) => a.beat - b.beat);
};

/** How the show layer reads its part of a light project's externals: every place a light project opens passes this. */
export const SHOW_EXTERNALS: Readonly<Record<string, ExternalsReader>> = { [CUES_KEY]: readLightCues };

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
    this.write(this.before);
  }

  private write(cues: readonly LightCue[]): void {
    if (cues.length === 0) delete this.light.externals[CUES_KEY];
    else this.light.externals[CUES_KEY] = cues.map((c) => ({ ...c }));
  }
}

/** Where a cue is: a beat, a song cue marker, or (placing) the song's playhead. Give exactly one. */
type CuePlace = { readonly beat?: number; readonly marker?: string; readonly playhead?: boolean };

/** The show's light cues: place, remove, list, and fire them as the song plays. */
export class LightCues {
  private last: number;
  private wasPlaying = false;

  constructor(
    private readonly light: LightShow,
    private readonly sound: SoundHost,
  ) {
    this.last = sound.transport.position;
  }

  list(): readonly LightCue[] {
    return cuesOf(this.light);
  }

  private beatOf(at: CuePlace): { beat: number; marker?: string } {
    const given = (at.beat !== undefined ? 1 : 0) + (at.marker !== undefined ? 1 : 0) + (at.playhead === true ? 1 : 0);
    if (given !== 1) throw invalidArgument('give one of beat, marker (a song cue marker name, e.g. "Drop") or playhead');
    if (at.playhead === true) return { beat: this.sound.transport.position };
    if (at.marker !== undefined) {
      const m = this.sound.project.cueMarkers.find((x) => x.name === at.marker);
      if (m === undefined) {
        const names = this.sound.project.cueMarkers.map((x) => `"${x.name}"`).join(', ') || 'none';
        throw notFound(`the song has no cue marker "${at.marker}"; it has ${names} (song_get_state cue_markers)`);
      }
      return { beat: m.beat, marker: m.name };
    }
    const beat = at.beat!;
    if (!Number.isFinite(beat) || beat < 0 || beat > MAX_BEATS) throw invalidArgument(`beat must be a beat in 0–${MAX_BEATS}; got ${beat}`);
    return { beat };
  }

  /** Places a cue (replacing one at the same beat): one undo step. */
  place(origin: Origin, at: CuePlace, scene: number): LightCue {
    if (!Number.isInteger(scene) || scene < 0 || scene >= MAX_SCENES)
      throw invalidArgument(`scene must be a clip slot index in 0–${MAX_SCENES - 1}; got ${scene}`);
    if (this.light.lx.clips.sceneClips(scene).length === 0)
      throw notFound(`scene ${scene} has no light clips on any bus (list_clips); add a clip in that slot first`);
    const { beat, marker } = this.beatOf(at);
    const cue: LightCue = marker === undefined ? { beat, scene } : { beat, scene, marker };
    const rest = this.list().filter((c) => c.beat !== beat);
    if (rest.length >= MAX_CUES) throw invalidArgument(`the show holds at most ${MAX_CUES} light cues`);
    const next = [...rest, cue].sort((a, b) => a.beat - b.beat);
    const label = `Place light cue at ${marker ?? `beat ${beat}`}`;
    return this.light.engine.history.performVerified(new SetLightCues(label, this.light, next), origin, () => {
      const placed = this.list().find((c) => c.beat === beat && c.scene === scene);
      if (placed === undefined) throw new Error('the cue did not read back');
      return placed;
    });
  }

  /** The cue at a beat or marker, with where it was asked for; none there is not_found, listing the cues' beats. */
  private cueAt(at: CuePlace): { beat: number; marker?: string; cue: LightCue } {
    const place = this.beatOf(at);
    const cue = this.list().find((c) => c.beat === place.beat);
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
    const next = this.list().filter((c) => c !== cue);
    return this.light.engine.history.performVerified(new SetLightCues(`Remove light cue at ${marker ?? `beat ${beat}`}`, this.light, next), origin, () => cue);
  }

  /**
   * Moves the cue at a beat or marker to beat `to`, keeping its scene (it is no longer tied to a
   * marker): one undo step. A cue already at `to` is not replaced: remove it first.
   */
  move(origin: Origin, at: CuePlace, to: number): { readonly from: LightCue; readonly to: LightCue } {
    if (!Number.isFinite(to) || to < 0 || to > MAX_BEATS) throw invalidArgument(`the new beat must be a beat in 0–${MAX_BEATS}; got ${to}`);
    const { beat, marker, cue } = this.cueAt(at);
    if (to === beat) return { from: cue, to: cue };
    if (this.list().some((c) => c.beat === to)) throw invalidArgument(`a light cue is already at beat ${to}; remove it first (or move it elsewhere)`);
    const moved: LightCue = { beat: to, scene: cue.scene };
    const next = [...this.list().filter((c) => c !== cue), moved].sort((a, b) => a.beat - b.beat);
    const label = `Move light cue from ${marker ?? `beat ${beat}`} to beat ${to}`;
    return this.light.engine.history.performVerified(new SetLightCues(label, this.light, next), origin, () => {
      const placed = this.list().find((c) => c.beat === to && c.scene === cue.scene);
      if (placed === undefined) throw new Error('the moved cue did not read back');
      return { from: cue, to: placed };
    });
  }

  /**
   * Before each light frame (after the song advanced): launches, at once, the scene of every
   * cue the song crossed this frame — beats in [previous, current) while it plays forward, or
   * from the loop start after the arranger loop wrapped; a seek skips the span it jumps.
   */
  frame(): void {
    const t = this.sound.transport;
    const now = t.position;
    const prev = this.last;
    this.last = now;
    const started = !this.wasPlaying;
    this.wasPlaying = t.playing;
    if (!t.playing) return;
    const p = this.sound.project;
    if (now < prev && p.loopEnabled.isOn())
      this.fireAt(p.loopStart.getBaseValue() - EPS, now + EPS); // the arranger loop wrapped
    else if (now > prev && now - prev <= JUMP_BEATS) this.fireAt(started ? prev - EPS : prev + EPS, now + EPS);
  }

  private fireAt(from: number, to: number): void {
    for (const cue of this.list()) {
      if (cue.beat < from || cue.beat >= to) continue;
      for (const clip of this.light.lx.clips.sceneClips(cue.scene)) clip.start();
    }
  }
}

/** Wires the cues into the light's frames; returns them and the unlink. */
export function linkLightCues(light: LightShow, sound: SoundHost): { readonly cues: LightCues; unlink(): void } {
  const cues = new LightCues(light, sound);
  const hook = (): void => cues.frame();
  light.beforeFrame.push(hook);
  return {
    cues,
    unlink() {
      const i = light.beforeFrame.indexOf(hook);
      if (i >= 0) light.beforeFrame.splice(i, 1);
    },
  };
}
