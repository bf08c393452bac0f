// The light cues as the song plays: each frame (after the song advanced, before the light
// renders) launches the scenes of the cues the song crossed, and on a start or a seek puts every
// bus in the state the timeline implies at the new position.
import type { Clip } from '../light/clips/clip.js';
import type { LightShow } from '../light/show/light-show.js';
import type { SoundHost } from '../sound/host/host.js';
import { sameNumber } from '../light/show/cues/cue-data.js';
import { CueLaunch, type CueListStep, type LightCue, LightCues } from './light-cues.js';

/** The song jumped (a seek) when it moves more than this in one frame: the cues are applied, not fired one by one. */
const JUMP_BEATS = 1;
/**
 * The song position is a running sum of frame steps, so beat 16 may read 15.999999999999; a
 * cue counts as reached that close to it (the windows shift by the same amount, so none fires twice).
 */
const EPS = 1e-9;

/**
 * Fires and applies the cues `cues()` lists (sorted by beat) on the song `sound` plays. The light's
 * tempo clock follows the song (show-clock.ts) and is placed at its position later in the frame,
 * so a tempo-timed clip a cue launches counts from the cue's beat on the song, not from where the
 * clock stood before (it runs on by itself while the song is stopped).
 */
class CuePlayback {
  private last: number;
  private wasPlaying = false;

  constructor(
    private readonly light: LightShow,
    private readonly sound: SoundHost,
    private readonly cues: () => readonly LightCue[],
  ) {
    this.last = sound.transport.position;
  }

  /**
   * One frame. Playing forward, the scenes of the cues in [previous, current) launch at once; when
   * the arranger loop wraps, those up to the loop end and from the loop start. Playback starting
   * (a cue at the start position fires) and any jump (a seek, playing or stopped) apply the state
   * the timeline implies there instead (`applyAt`). A short step back that crosses no cue (a
   * tempo nudge's correction) changes nothing.
   */
  frame(deltaMs: number): void {
    const t = this.sound.transport;
    const now = t.position;
    const prev = this.last;
    this.last = now;
    const started = t.playing && !this.wasPlaying;
    this.wasPlaying = t.playing;
    if (started) {
      // Normally the song moved from where it was; a start with a seek began at most one frame ago.
      const step = (deltaMs / 60000) * this.sound.project.tempo.getBaseValue();
      this.applyAt(prev <= now && now - prev <= JUMP_BEATS ? prev : Math.max(0, now - step), now);
      return;
    }
    if (now === prev) return;
    if (!t.playing) {
      this.applyAt(now, now);
      return;
    }
    const loop = this.loopWrapped(prev, now);
    if (loop !== null) {
      this.fire(prev + EPS, loop.end - EPS);
      this.fire(loop.start - EPS, now + EPS);
    } else if (now > prev && now - prev <= JUMP_BEATS) this.fire(prev + EPS, now + EPS);
    else if (now < prev && prev - now <= JUMP_BEATS && !this.cues().some((c) => c.beat > now + EPS && c.beat <= prev + EPS)) return;
    else this.applyAt(now, now);
  }

  /** The arranger loop when the step from `prev` to `now` is its wrap (at most a jump long), else null. */
  private loopWrapped(prev: number, now: number): { start: number; end: number } | null {
    const p = this.sound.project;
    if (!p.loopEnabled.isOn() || now >= prev) return null;
    const start = p.loopStart.getBaseValue();
    const end = start + p.loopDuration.getBaseValue();
    return now >= start - EPS && prev <= end + EPS && end - prev + (now - start) <= JUMP_BEATS + EPS ? { start, end } : null;
  }

  private fadeMs(cue: LightCue): number | undefined {
    const f = cue.fade;
    if (f === undefined) return undefined;
    return f.ms ?? ((f.beats ?? 0) * 60000) / this.sound.project.tempo.getBaseValue();
  }

  /** Launches, at once, the scene of every cue with a beat in [from, to), and runs its cue list step. */
  private fire(from: number, to: number): void {
    for (const cue of this.cues()) {
      if (cue.beat < from || cue.beat >= to) continue;
      const fadeMs = this.fadeMs(cue);
      if (cue.scene !== undefined)
        for (const clip of this.light.lx.clips.sceneClips(cue.scene))
          clip.start({ fadeMs, elapsedMs: 0, clockBeat: cue.beat, by: new CueLaunch(cue.beat, cue.scene) });
      if (cue.cueList !== undefined) this.step(cue.cueList);
    }
  }

  /**
   * Runs a cue list step: Go, or Goto its cue. A step that cannot run (the list was removed or
   * renamed since, the cue is gone, a Go at the last cue) does nothing: the song plays on.
   */
  private step(s: CueListStep, immediate = false): void {
    try {
      if (s.cue === undefined) this.light.cues.go(s.list);
      else this.light.cues.goto(s.list, s.cue, immediate);
    } catch {
      // The timeline keeps its cue; list_light_cues and the cue list tools show why it has nothing to run.
    }
  }

  /**
   * The cue each list the timeline steps is at when the song is at `to`: its steps before `to`
   * counted from the list released (a Go moves to the next cue, a Goto to its cue); with whether
   * the last step is in [from, to] (it runs with its fade) or earlier (it lands at once).
   */
  private listsAt(from: number, to: number): Map<string, { number: number; fresh: boolean }> {
    const at = new Map<string, { number: number; fresh: boolean }>();
    for (const cue of this.cues()) {
      const s = cue.cueList;
      if (s === undefined || cue.beat >= to + EPS) continue;
      const list = this.light.cues.lists().find((l) => l.name === s.list);
      if (list === undefined || list.cues.length === 0) continue;
      const held = at.get(s.list)?.number;
      let number: number | undefined;
      if (s.cue !== undefined) number = list.cues.find((c) => sameNumber(c.number, s.cue!))?.number;
      else number = held === undefined ? list.cues[0].number : list.cues.find((c) => c.number > held + 0.0005)?.number;
      if (number !== undefined) at.set(s.list, { number, fresh: cue.beat >= from - EPS });
    }
    return at;
  }

  /**
   * The state the timeline implies at `to`: on every bus, the clip of the latest cue at or before
   * `to` that has one there starts as if launched by that cue — at once for a cue in [from, to],
   * else that far into the clip and its fade (a cue the song passed `to − beat` ago). Buses no cue
   * before `to` reaches keep what they show.
   */
  private applyAt(from: number, to: number): void {
    const latest = new Map<unknown, { clip: Clip; cue: LightCue }>();
    for (const cue of this.cues()) {
      if (cue.beat >= to + EPS || cue.scene === undefined) continue;
      for (const clip of this.light.lx.clips.sceneClips(cue.scene)) {
        const held = latest.get(clip.bus);
        if (held === undefined || held.cue.beat <= cue.beat) latest.set(clip.bus, { clip, cue });
      }
    }
    const msPerBeat = 60000 / this.sound.project.tempo.getBaseValue();
    for (const [list, { number, fresh }] of this.listsAt(from, to)) this.step({ list, cue: number }, !fresh);
    for (const { clip, cue } of latest.values()) {
      const by = new CueLaunch(cue.beat, cue.scene!);
      if (cue.beat >= from - EPS) clip.start({ fadeMs: this.fadeMs(cue), elapsedMs: 0, clockBeat: cue.beat, by });
      else clip.start({ fadeMs: this.fadeMs(cue), elapsedMs: (from - cue.beat) * msPerBeat, clockBeat: from, by });
    }
  }
}

/** Wires the cues into the light's frames; returns them and the unlink. */
export function linkLightCues(light: LightShow, sound: SoundHost): { readonly cues: LightCues; unlink(): void } {
  const cues = new LightCues(light, sound);
  const playback = new CuePlayback(light, sound, () => cues.stored());
  const hook = (deltaMs: number): void => playback.frame(deltaMs);
  light.beforeFrame.push(hook);
  // The song plays on to its last light cue (an end cue after the music still fires).
  const end = (): number => cues.list().at(-1)?.beat ?? 0;
  sound.song.showEnd = end;
  return {
    cues,
    unlink() {
      const i = light.beforeFrame.indexOf(hook);
      if (i >= 0) light.beforeFrame.splice(i, 1);
      if (sound.song.showEnd === end) sound.song.showEnd = null;
    },
  };
}
