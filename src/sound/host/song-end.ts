// Where the song ends and what the transport does there: the host's arrangement end, so a
// song plays once and stops instead of counting on in silence (docs/sound-host.md, Song).

import type { SoundProject, Track } from '../model/components.js';

/** What the transport does when it reaches the song's end with the current settings. */
type AtSongEnd = 'stop' | 'loop' | 'none';

/** What a playing transport does on its way to the next position. */
type EndStep = 'play' | 'hold' | 'stop' | 'wrap';

function clipsEnd(list: readonly Track[], end: number): number {
  let e = end;
  for (const t of list) {
    for (const c of t.clips.items) if (c.start + c.length > e) e = c.start + c.length;
    if (t.subtracks !== null) e = clipsEnd(t.subtracks.items, e);
  }
  return e;
}

/**
 * The song's end in quarter-note beats: the latest end of any arranger clip (muted and folded
 * tracks included), cue marker or `extra` (what the show places on the song: its light cues).
 * 0 for an empty song, which has no end. Walks the tracks without allocating (once per frame).
 */
export function songEnd(p: SoundProject, extra = 0): number {
  let end = extra > 0 ? extra : 0;
  for (const m of p.cueMarkers) if (m.beat > end) end = m.beat;
  end = clipsEnd(p.tracks.items, end);
  end = clipsEnd(p.fx.items, end);
  for (const c of p.master.clips.items) if (c.start + c.length > end) end = c.start + c.length;
  return end;
}

/** The arranger loop's end while the loop is on and can advance (a loop of no length is off); -1 when it is off. */
export function loopEndOf(p: SoundProject): number {
  const duration = p.loopDuration.getBaseValue();
  return p.loopEnabled.isOn() && duration > 0 ? p.loopStart.getBaseValue() + duration : -1;
}

export function atSongEnd(end: number, loopEnd: number): AtSongEnd {
  if (loopEnd >= 0) return 'loop';
  return end > 0 ? 'stop' : 'none';
}

/**
 * The end rule, for a transport playing at `at` whose clock (or live engine) has moved on to
 * `next` (an enabled loop has already wrapped it inside the loop); `loopEnd` −1 when the loop is off:
 * - loop off: reaching the end holds the playhead on it for this frame, so whatever follows the
 *   song (the light's cues) sees its last beat while it still plays; the next frame stops there;
 * - loop on: a playhead past the loop's end that reaches the song's end wraps to the loop start
 *   (inside or before the loop, the loop itself brings it back);
 * - an empty song (end 0) with the loop off plays on.
 * Numbers in, a word out: it runs every frame and allocates nothing.
 */
export function endStep(at: number, next: number, end: number, loopEnd: number): EndStep {
  if (loopEnd >= 0) return at >= loopEnd && next >= end ? 'wrap' : 'play';
  if (end <= 0 || next < end) return 'play';
  return at >= end ? 'stop' : 'hold';
}

/** Where Play starts from `at`: at or past the end, from the beginning (the loop start when the loop brings it back). */
export function playFrom(at: number, end: number, loopStart: number, loopEnd: number): number {
  if (loopEnd >= 0) return at >= loopEnd && at >= end ? loopStart : at;
  return end > 0 && at >= end ? 0 : at;
}
