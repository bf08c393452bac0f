// One clock for the show: the song transport drives the light's tempo. Light and sound never
// import each other; this module, above both, wires them through the light's TempoTransport
// and parameter listeners.
import type { LightShow } from '../light/show/light-show.js';
import type { Tempo } from '../light/tempo/tempo.js';
import type { SoundHost } from '../sound/host/host.js';
import type { SoundProject } from '../sound/model/components.js';
import { nudge } from '../sound/operations/song.js';

/** LX's tempo range (the song's is wider: a song tempo outside it holds the light at the bound). */
const LX_BPM_MIN = 20;
const LX_BPM_MAX = 240;

/** What both sides' bpm and meter parameters offer (bounded and discrete parameters). */
interface NumberParameter {
  getBaseValue(): number;
  setValue(value: number): void;
  onChange(listener: () => void): () => void;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Links the light's tempo to the song: bpm and beats per bar follow each other both ways
 * (a change on either side is one undo step, because the history records what listeners
 * write while a command runs), and the tempo's beat cursor is the song position while the
 * song plays. Returns the unlink. (The sound host advances the song first in every frame, so
 * the light reads this frame's position.)
 */
export function linkShowClock(light: LightShow, sound: SoundHost): () => void {
  let tempo: Tempo | null = null;
  let project: SoundProject | null = null;
  let detach: (() => void)[] = [];
  let echo = false;

  const mirror = (from: NumberParameter, to: NumberParameter, map: (v: number) => number): (() => void) =>
    from.onChange(() => {
      if (echo) return;
      const v = map(from.getBaseValue());
      if (to.getBaseValue() === v) return;
      echo = true;
      try {
        to.setValue(v);
      } finally {
        echo = false;
      }
    });

  const attach = (): void => {
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
    detach = [
      mirror(t.bpm, p.tempo, (v) => v),
      mirror(p.tempo, t.bpm, (v) => clamp(v, LX_BPM_MIN, LX_BPM_MAX)),
      mirror(t.beatsPerBar, p.meterNumerator, (v) => v),
      mirror(p.meterNumerator, t.beatsPerBar, (v) => clamp(v, 1, 16)),
      () => t.followTransport(null),
    ];
    // The song is the authority when the two meet (a new light project or song).
    echo = true;
    try {
      t.bpm.setValue(clamp(p.tempo.getBaseValue(), LX_BPM_MIN, LX_BPM_MAX));
      t.beatsPerBar.setValue(clamp(p.meterNumerator.getBaseValue(), 1, 16));
    } finally {
      echo = false;
    }
  };

  attach();
  // Opening a light project or a song replaces the objects: follow them.
  const hook = (): void => {
    if (light.lx.tempo !== tempo || sound.project !== project) attach();
  };
  light.beforeFrame.push(hook);
  return () => {
    const i = light.beforeFrame.indexOf(hook);
    if (i >= 0) light.beforeFrame.splice(i, 1);
    for (const d of detach) d();
    detach = [];
  };
}
