// The song as the Sound view reads it (the host's song-state payload, the parts the page shows)
// and musical time: bars and beats under the meter, for the position field and the ruler.

export interface TrackInfo {
  index: number;
  track_id: number;
  name: string;
  type: string;
  parent_track_id: number | null;
  depth: number;
  group_expanded: boolean | null;
  muted: boolean;
  armed: boolean;
  soloed: boolean;
  selected: boolean;
  hidden: boolean;
  volume_display: string;
}

export interface Transport {
  playing: boolean;
  position_beats: number;
  tempo: number;
  meter: { numerator: number; denominator: number };
  arranger_loop_enabled: boolean;
  arranger_loop_start: number;
  arranger_loop_duration: number;
  /** The latest clip, cue marker or light cue end; 0: an empty song. */
  song_end_beats: number;
  at_song_end: 'stop' | 'loop' | 'none';
}

export interface Song {
  project_name: string;
  project_modified: boolean;
  inventory: { tracks: TrackInfo[] };
  transport: Transport;
  capabilities: { tempo_range: [number, number] };
}

export interface Clip {
  native_id: number;
  name: string;
  start: number;
  length: number;
  loop_enabled: boolean;
  /** An audio clip's sample (audio tracks). */
  audio?: { sample: string; gain_db: number; offset_seconds: number };
}

/** Quarter-note beats in a bar and in one counted beat: 4/4 counts quarters, 6/8 eighths (a bar of 3 quarters). */
export function meterUnits(m: Transport['meter']): { readonly bar: number; readonly beat: number } {
  const beat = 4 / Math.max(1, m.denominator);
  return { bar: Math.max(1, m.numerator) * beat, beat };
}

/** A position as bar.beat, both counted from 1 ("1.1" is the start). */
export function formatPosition(q: number, m: Transport['meter']): string {
  const u = meterUnits(m);
  const bar = Math.floor(q / u.bar + 1e-9);
  const beat = Math.floor((q - bar * u.bar) / u.beat + 1e-9);
  return `${bar + 1}.${Math.min(beat, m.numerator - 1) + 1}`;
}

/**
 * Reads what an operator types into the position field: a bar ("9"), bar.beat ("9.3") or
 * bar.beat.sixteenth ("9.3.2"), counted from 1; a beat past the bar's count is refused.
 * Returns quarter-note beats, or a reason.
 */
export function parsePosition(text: string, m: Transport['meter']): number | { readonly error: string } {
  const match = /^\s*(\d+)(?:[.:](\d+)(?:[.:](\d+))?)?\s*$/.exec(text);
  const form = 'type a bar (9), bar.beat (9.3) or bar.beat.sixteenth (9.3.2), counted from 1';
  if (match === null) return { error: form };
  const [bar, beat, sixteenth] = [Number(match[1]), Number(match[2] ?? 1), Number(match[3] ?? 1)];
  if (bar < 1 || beat < 1 || sixteenth < 1) return { error: form };
  if (beat > m.numerator) return { error: `a bar of ${m.numerator}/${m.denominator} has beats 1–${m.numerator}` };
  const u = meterUnits(m);
  const sixteenths = u.beat * 4;
  if (sixteenth > sixteenths) return { error: `a beat of this meter has sixteenths 1–${sixteenths}` };
  return (bar - 1) * u.bar + (beat - 1) * u.beat + (sixteenth - 1) * 0.25;
}
