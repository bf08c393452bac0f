// Light on the song's timeline: cues that launch a light clip scene when the song reaches a
// beat or a cue marker ("at the Drop, the strobe scene"). They live in the light project's
// `externals` (so they save and open with the .lxp, and LX ignores them) and change through
// the one history.
import type { Command } from '../engine/commands/command.js';
import { invalidArgument, notFound } from '../engine/errors.js';
import type { Origin } from '../engine/commands/history.js';
import type { LightShow } from '../light/show/light-show.js';
import type { SoundHost } from '../sound/host/host.js';

/** The externals key the cues are saved under. */
const CUES_KEY = 'footlight.lightCues';
const MAX_CUES = 256;
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

function cuesOf(light: LightShow): readonly LightCue[] {
  const raw = light.externals[CUES_KEY];
  return Array.isArray(raw) ? (raw as LightCue[]) : [];
}

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
    if (!Number.isFinite(beat) || beat < 0) throw invalidArgument(`beat must be a finite beat ≥ 0; got ${beat}`);
    return { beat };
  }

  /** Places a cue (replacing one at the same beat): one undo step. */
  place(origin: Origin, at: CuePlace, scene: number): LightCue {
    if (!Number.isInteger(scene) || scene < 0) throw invalidArgument(`scene must be a clip slot index ≥ 0; got ${scene}`);
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
    if (!Number.isFinite(to) || to < 0) throw invalidArgument(`the new beat must be a finite beat ≥ 0; got ${to}`);
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
