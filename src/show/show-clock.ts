// One clock for the show: the song transport drives the light's tempo. Light and sound never
// import each other; this module, above both, wires them through the light's TempoTransport
// and parameter listeners.
import type { LightShow } from '../light/show/light-show.js';
import type { Tempo } from '../light/tempo/tempo.js';
import type { SoundHost } from '../sound/host/host.js';
import type { SoundProject } from '../sound/model/components.js';
import { METER_NUMERATOR_MAX, METER_NUMERATOR_MIN, nudge, TEMPO_MAX, TEMPO_MIN } from '../sound/operations/song.js';

/** LX's tempo range (a song opened with a tempo outside it holds the light at the bound). */
const LX_BPM_MIN = 20;
const LX_BPM_MAX = 240;
/** LX's beats per bar. */
const LX_BEATS_MIN = 1;
const LX_BEATS_MAX = 16;

/** What light writes may reach: the song transport's ranges, inside LX's own. */
const BPM_MIN = Math.max(LX_BPM_MIN, TEMPO_MIN);
const BPM_MAX = Math.min(LX_BPM_MAX, TEMPO_MAX);
const BEATS_MIN = Math.max(LX_BEATS_MIN, METER_NUMERATOR_MIN);
const BEATS_MAX = Math.min(LX_BEATS_MAX, METER_NUMERATOR_MAX);
const MS_PER_MINUTE = 60_000;

/** What both sides' bpm and meter parameters offer (bounded and discrete parameters). */
interface NumberParameter {
  getBaseValue(): number;
  setValue(value: number): void;
  onChange(listener: () => void): () => void;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Which side's tempo and meter both take when the link starts. */
type ClockLeader = 'song' | 'light';

interface ShowClockOptions {
  /**
   * Who leads when the link starts: the song (default: a song opened with the light, as
   * render-show's) or the light (serve --project: the project the operator opened keeps its
   * tempo and meter, and the built-in song takes them). Later, the side that opened something
   * new leads: a light project opened in place takes the song along, a song opened takes the light.
   */
  readonly leader?: ClockLeader;
  /** Told when the light's tempo or meter lay outside the song's ranges and both were clamped to them. */
  readonly warn?: (message: string) => void;
}

/**
 * Links the light's tempo to the song: bpm and beats per bar follow each other both ways
 * (a change on either side is one undo step, because the history records what listeners
 * write while a command runs), and the tempo's beat cursor is the song position while the
 * song plays. One clock has one range: while linked, the light's bpm, period and beats per bar
 * accept only what the song's transport takes (40–220 bpm, 2–12 beats; every surface's set is
 * refused outside it with the same message), and a value the light computes itself (a tap) is
 * clamped to it on both sides in the same step. When the two meet, `options.leader` says whose
 * tempo and meter both take (see ShowClockOptions). Returns the unlink. (The sound host advances the
 * song first in every frame, so the light reads this frame's position.)
 */
export function linkShowClock(light: LightShow, sound: SoundHost, options: ShowClockOptions = {}): () => void {
  let tempo: Tempo | null = null;
  let project: SoundProject | null = null;
  let detach: (() => void)[] = [];
  let echo = false;

  /** `to` follows `from` through `map`; with `back`, a value the map moved is written back to `from` (both sides agree). */
  const mirror = (from: NumberParameter, to: NumberParameter, map: (v: number) => number, back = false): (() => void) =>
    from.onChange(() => {
      if (echo) return;
      const v = map(from.getBaseValue());
      echo = true;
      try {
        if (to.getBaseValue() !== v) to.setValue(v);
        if (back && from.getBaseValue() !== v) from.setValue(v);
      } finally {
        echo = false;
      }
    });

  const attach = (leader: ClockLeader): void => {
    for (const d of detach) d();
    tempo = light.lx.tempo;
    project = sound.project;
    const t = tempo;
    const p = project;
    t.followTransport({
      playing: () => sound.transport.playing,
      positionBeats: () => sound.transport.position,
      // A nudge of the light tempo moves the song too, when it ends (see Tempo.loop).
      nudge: (beats) => nudge(sound, beats),
    });
    const clock = 'light and song share one clock';
    t.bpm.limitAccepted({ min: BPM_MIN, max: BPM_MAX, why: `the song's tempo range: ${clock}` });
    t.period.limitAccepted({ min: MS_PER_MINUTE / BPM_MAX, max: MS_PER_MINUTE / BPM_MIN, why: `the song's tempo range, ${BPM_MIN}–${BPM_MAX} bpm: ${clock}` });
    t.beatsPerBar.limitAccepted({ min: BEATS_MIN, max: BEATS_MAX, why: `the song's meter numerators: ${clock}` });
    detach = [
      mirror(t.bpm, p.tempo, (v) => clamp(v, BPM_MIN, BPM_MAX), true),
      mirror(p.tempo, t.bpm, (v) => clamp(v, LX_BPM_MIN, LX_BPM_MAX)),
      mirror(t.beatsPerBar, p.meterNumerator, (v) => clamp(v, BEATS_MIN, BEATS_MAX), true),
      mirror(p.meterNumerator, t.beatsPerBar, (v) => clamp(v, LX_BEATS_MIN, LX_BEATS_MAX)),
      () => t.followTransport(null),
      () => {
        t.bpm.limitAccepted(undefined);
        t.period.limitAccepted(undefined);
        t.beatsPerBar.limitAccepted(undefined);
      },
    ];
    echo = true;
    try {
      if (leader === 'song') {
        t.bpm.setValue(clamp(p.tempo.getBaseValue(), LX_BPM_MIN, LX_BPM_MAX));
        t.beatsPerBar.setValue(clamp(p.meterNumerator.getBaseValue(), LX_BEATS_MIN, LX_BEATS_MAX));
      } else {
        // The light's values pass the song's ranges as a tap's do: clamped on both sides, and said.
        const bpm = t.bpm.getBaseValue();
        const beats = t.beatsPerBar.getBaseValue();
        const song = { bpm: clamp(bpm, BPM_MIN, BPM_MAX), beats: clamp(beats, BEATS_MIN, BEATS_MAX) };
        p.tempo.setValue(song.bpm);
        p.meterNumerator.setValue(song.beats);
        if (song.bpm !== bpm) t.bpm.setValue(song.bpm);
        if (song.beats !== beats) t.beatsPerBar.setValue(song.beats);
        if (song.bpm !== bpm || song.beats !== beats)
          options.warn?.(
            `the light project's tempo (${bpm} bpm, ${beats} beats per bar) is outside the song's ranges ` +
              `(${BPM_MIN}–${BPM_MAX} bpm, ${BEATS_MIN}–${BEATS_MAX} beats): light and song share one clock, so both are at ` +
              `${song.bpm} bpm, ${song.beats} beats per bar`,
          );
      }
    } finally {
      echo = false;
    }
  };

  attach(options.leader ?? 'song');
  // Opening a light project or a song replaces the objects: follow them; what was opened leads (a song, when both were).
  const hook = (): void => {
    if (sound.project !== project) attach('song');
    else if (light.lx.tempo !== tempo) attach('light');
  };
  light.beforeFrame.push(hook);
  return () => {
    const i = light.beforeFrame.indexOf(hook);
    if (i >= 0) light.beforeFrame.splice(i, 1);
    for (const d of detach) d();
    detach = [];
  };
}
