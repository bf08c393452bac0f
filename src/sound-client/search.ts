// search_components' sound half: the song's tracks and the devices on them whose names match a
// few words, read from the host's track bank (one protocol-3 read, nothing selected or changed).
import type { AdapterCore } from './core.js';

interface SoundTrackHit {
  readonly index: number;
  readonly track_id: number;
  readonly name: string;
  readonly type: string;
  readonly volume_display: string;
  readonly pan: number;
  readonly muted: boolean;
  readonly soloed: boolean;
}

interface SoundDeviceHit {
  readonly track_index: number;
  readonly track_name: string;
  /** 0-based place in the track's chain, as sound_navigate_device counts. */
  readonly position: number;
  readonly name: string;
}

export interface SoundSearch {
  readonly tracks: SoundTrackHit[];
  readonly devices: SoundDeviceHit[];
}

/** Words that say what to do, not what to find ("make the bass quieter"). */
const FILLER = new Set(['a', 'an', 'the', 'and', 'of', 'on', 'in', 'to', 'for', 'my', 'make', 'set', 'turn', 'track', 'tracks', 'device', 'devices']);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}#+]+/u)
    .filter((w) => w.length > 0 && !FILLER.has(w));
}

/** How well a name matches the query's words: whole words count more than parts of one. */
function score(name: string, words: readonly string[]): number {
  const own = wordsOf(name);
  const lower = name.toLowerCase();
  let s = 0;
  for (const w of words) {
    if (own.includes(w)) s += 2;
    else if (w.length >= 3 && lower.includes(w)) s += 1;
  }
  return s;
}

/** Tracks and devices whose names match words of `query`, best first. */
export async function searchSound(core: AdapterCore, query: string, limit: number): Promise<SoundSearch> {
  const words = wordsOf(query);
  if (words.length === 0) return { tracks: [], devices: [] };
  const { tracks } = await core.need('tracks', 'searching the song reads its tracks');
  const trackHits = tracks
    .map((t) => ({ t, s: score(t.name, words) }))
    .filter((h) => h.s > 0)
    .sort((a, b) => b.s - a.s || a.t.index - b.t.index)
    .slice(0, limit)
    .map(({ t }) => ({
      index: t.index,
      track_id: t.track_id,
      name: t.name,
      type: t.type,
      volume_display: t.volume_display,
      pan: t.pan,
      muted: t.muted,
      soloed: t.soloed,
    }));
  const deviceHits = tracks
    .flatMap((t) =>
      (t.device_names ?? []).map((name, position) => ({ hit: { track_index: t.index, track_name: t.name, position, name }, s: score(name, words) })),
    )
    .filter((h) => h.s > 0)
    .sort((a, b) => b.s - a.s || a.hit.track_index - b.hit.track_index || a.hit.position - b.hit.position)
    .slice(0, limit)
    .map((h) => h.hit);
  return { tracks: trackHits, devices: deviceHits };
}
