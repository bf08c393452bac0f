// The track bank: list it, select a track by index or by navigation, and create a track next to
// the selected one (the Create … Track actions).

import type { Origin } from '../../engine/commands/history.js';
import { InsertNode, trackCodec } from '../model/commands.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { BANK_SIZE, type Track, type TrackJson } from '../model/components.js';
import { trackPayload, type Payload } from '../model/payloads.js';
import { flatIndexOf, selectionPayload, trackAt } from './common.js';

export function tracks(host: SoundHost): Payload {
  const flat = host.flat();
  const selected = host.selection.track();
  return {
    bank: 'ALL_CHANNELS',
    bank_size: BANK_SIZE,
    scroll_position: 0,
    count: flat.length,
    complete: flat.length <= BANK_SIZE,
    selected_index: selected === null ? null : flatIndexOf(host, selected),
    tracks: flat.map((f) => trackPayload(f, selected?.id ?? null)),
  };
}

/** Selects the track at a bank index (and its first device). */
export function selectTrack(host: SoundHost, index: number): Payload {
  host.selection.selectTrack(trackAt(host, index));
  return selectionPayload(host);
}

export function navigateTrack(host: SoundHost, how: 'first' | 'next' | 'previous'): Payload {
  const flat = host.flat();
  const current = host.selection.track();
  const i = current === null ? -1 : flatIndexOf(host, current);
  const target = how === 'first' || i < 0 ? 0 : how === 'next' ? i + 1 : i - 1;
  const f = flat[target];
  const moved = f !== undefined && f.track !== current;
  if (moved) host.selection.selectTrack(f.track);
  return { moved, ...selectionPayload(host) };
}

function countSubtracks(json: TrackJson): number {
  let n = 0;
  for (const c of json.children ?? []) n += 1 + countSubtracks(c);
  return n;
}

/** Where a new track goes: after the selected track in its list; effect tracks at the end of FX. */
function insertionAfterSelected(host: SoundHost, effect: boolean): { ownerId: number; arrayName: string; index: number } {
  const p = host.project;
  if (effect) return { ownerId: p.id, arrayName: 'fx', index: p.fx.length };
  const sel = host.selection.track();
  if (sel !== null && sel.type !== 'effect' && sel.type !== 'master' && sel.parent !== null) {
    const list = sel.parent.arrays.get('track')!;
    return { ownerId: sel.parent.id, arrayName: 'track', index: list.indexOf(sel) + 1 };
  }
  return { ownerId: p.id, arrayName: 'track', index: p.tracks.length };
}

/** Inserts a track built from JSON next to the selected one (same parent list), as one step. */
export function createTrack(host: SoundHost, origin: Origin, json: TrackJson): Track {
  if (host.flat().length + 1 + countSubtracks(json) > BANK_SIZE)
    throw refuse('invalid_argument', 'bank_capacity', `the bank holds at most ${BANK_SIZE} tracks; it has ${host.flat().length}`);
  const { ownerId, arrayName, index } = insertionAfterSelected(host, json.type === 'effect');
  const cmd = new InsertNode(`Create ${json.name}`, ownerId, arrayName, json, index, trackCodec);
  host.perform(origin, cmd);
  return host.engine.graph.require(cmd.insertedId) as Track;
}
