// Audio clips on audio tracks: place, replace or remove one, its sample loaded from the granted
// folder before anything changes. One undo step; guarded by the project token.

import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { Request } from '../../engine/request.js';
import type { SoundHost } from '../host/host.js';
import { checkToken, refuseRecording } from '../host/project-token.js';
import { checkAudioClip, type AudioClipJson } from '../model/audio-clips.js';
import { clipCodec, InsertNode, RemoveNode } from '../model/commands.js';
import { MAX_BEATS, saveClip, type ArrangerClip, type ClipJson, type Track } from '../model/components.js';
import { clipPayload } from '../model/payloads.js';
import type { LoadedSample } from '../samples/store.js';
import { trackAt } from './common.js';
import type { Reply } from '../../protocol3/replies/index.js';

/** A clip as a client gives it: where it sits, what it plays. */
interface AudioClipRequest {
  readonly name: string;
  readonly start: number;
  readonly length: number;
  readonly loop: boolean;
  readonly audio: AudioClipJson;
}

function beats(v: unknown, what: string, min: number, exclusive: boolean): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (exclusive && v === min) || v > MAX_BEATS)
    throw invalidArgument(`${what} takes beats ${exclusive ? `> ${min}` : `${min}`}–${MAX_BEATS}; got ${JSON.stringify(v)}`);
  return v;
}

/** CLIP_B64's JSON → the clip, or null (remove). Throws invalid_argument with the reason. */
function parseClip(text: string): AudioClipRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidArgument('CLIP_B64 must be the base64 of a JSON object (or null to remove the clip)');
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidArgument('CLIP_B64 must be the base64 of a JSON object (or null to remove the clip)');
  const v = value as Record<string, unknown>;
  const start = beats(v.start, 'start', 0, false);
  const length = beats(v.length, 'length', 0, true);
  if (start + length > MAX_BEATS) throw invalidArgument(`the clip ends at beat ${start + length}, past the last beat ${MAX_BEATS}`);
  if (v.loop !== undefined && typeof v.loop !== 'boolean') throw invalidArgument(`loop takes true or false; got ${JSON.stringify(v.loop)}`);
  if (v.name !== undefined && (typeof v.name !== 'string' || v.name.length > 256)) throw invalidArgument('name takes a string of at most 256 characters');
  let audio: AudioClipJson;
  try {
    audio = checkAudioClip(v);
  } catch (err) {
    throw invalidArgument((err as Error).message);
  }
  const fallback = audio.sample.slice(audio.sample.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return { name: (v.name as string | undefined) ?? fallback, start, length, loop: v.loop === true, audio };
}

/** The document of a clip to insert (with `id` to keep a replaced clip's native id). */
function clipJson(c: AudioClipRequest, id?: number): ClipJson {
  return {
    ...(id !== undefined ? { id } : {}),
    name: c.name,
    start: c.start,
    length: c.length,
    loop_enabled: c.loop,
    loop_start: 0,
    loop_length: c.length,
    notes: [],
    audio: c.audio,
  };
}

/** Where a clip starting at `start` goes: after every clip that starts at or before it. */
const insertionIndex = (t: Track, start: number): number => t.clips.items.filter((c) => c.start <= start).length;

/**
 * Places (clipId 0), replaces or removes (clip null) one audio clip on the audio track at
 * `index`, guarded by the project token; one undo step, none when unchanged. A replaced clip
 * keeps its native id and place.
 */
function setAudioClip(host: SoundHost, origin: Origin, token: string, index: number, clipId: number, clip: AudioClipRequest | null): Reply<'song-audio-clip'> {
  checkToken(host, token);
  refuseRecording(host, 'changing an audio clip');
  const t = trackAt(host, index);
  if (t.type !== 'audio') throw invalidArgument(`track ${index} (${t.name}) is a ${t.type} track; audio clips go on audio tracks`);
  if (clip !== null && host.samples.sample(clip.audio.sample) === undefined)
    throw notFound(`sample ${JSON.stringify(clip.audio.sample)} is not loaded from the sample folder`);
  let previous: ArrangerClip | null = null;
  if (clipId !== 0) {
    previous = t.clips.items.find((c) => c.id === clipId) ?? null;
    if (previous === null) throw notFound(`track ${index} (${t.name}) has no arranger clip with native_id ${clipId}; see song-arranger ${index}`);
    if (previous.audio === null) throw invalidArgument(`clip ${clipId} on track ${index} is a note clip, not an audio clip`);
  } else if (clip === null) throw invalidArgument('removing a clip needs its CLIP_ID (its native_id from song-arranger)');
  const before = previous === null ? null : clipPayload(previous);
  let command: Command | null = null;
  let label = '';
  const insert = (json: ClipJson, at: number) => new InsertNode(label, t.id, 'clip', json, at, clipCodec);
  if (previous === null && clip !== null) {
    label = `Place audio clip ${clip.name} on ${t.name}`;
    command = insert(clipJson(clip), insertionIndex(t, clip.start));
  } else if (previous !== null && clip === null) {
    label = `Remove audio clip ${previous.label.getString()} from ${t.name}`;
    command = new RemoveNode(label, t.id, 'clip', previous.id, clipCodec);
  } else if (previous !== null && clip !== null) {
    const next = clipJson(clip, previous.id);
    const same = JSON.stringify(saveClip(previous, { ids: true })) === JSON.stringify(next);
    if (!same) {
      label = `Replace audio clip ${previous.label.getString()} on ${t.name}`;
      const at = t.clips.indexOf(previous);
      command = new CompoundCommand(label, [new RemoveNode(label, t.id, 'clip', previous.id, clipCodec), insert(next, at)]);
    }
  }
  let id = previous?.id ?? 0;
  if (command !== null) {
    const performed = command;
    host.perform(origin, performed, () => {
      if (performed instanceof InsertNode) id = performed.insertedId;
      const found = t.clips.items.find((c) => c.id === id);
      return clip === null ? found === undefined : found !== undefined && JSON.stringify(found.audio) === JSON.stringify(clip.audio);
    });
  }
  const after = clip === null ? null : t.clips.items.find((c) => c.id === id);
  return {
    status: 'completed',
    operation: 'audio_clip',
    action: command === null ? 'unchanged' : previous === null ? 'placed' : clip === null ? 'removed' : 'replaced',
    track_index: index,
    clip_id: id,
    clip: after === null || after === undefined ? null : clipPayload(after),
    previous_clip: before,
    changed: command !== null,
  };
}

/**
 * `song-audio-clip`: the clip (JSON) checked and its sample loaded off the queue (refusals: see
 * SampleFolder.resolve; an offset past the sample's end), then set in one queue task.
 */
export async function songAudioClip(
  host: SoundHost,
  request: Request,
  token: string,
  index: number,
  clipId: number,
  clipText: string,
): Promise<Reply<'song-audio-clip'>> {
  if (clipId < 0) throw invalidArgument(`CLIP_ID takes 0 (a new clip) or a clip's native_id; got ${clipId}`);
  let clip = parseClip(clipText);
  let loaded: LoadedSample | null = null;
  if (clip !== null) {
    const s = await host.samples.load(clip.audio.sample);
    loaded = s;
    const seconds = s.data.length / s.sampleRate;
    if ((clip.audio.offset_seconds ?? 0) >= seconds)
      throw invalidArgument(`offset_seconds ${clip.audio.offset_seconds} is past the end of ${s.path} (${seconds} s)`);
    clip = { ...clip, audio: { ...clip.audio, sample: s.path } };
  }
  request.checkDeadline('the deadline passed while the sample was loading; nothing was changed');
  const checked = clip;
  return request.commit('song-audio-clip', () => {
    // Kept in the sample cache even if a later load evicted it meanwhile.
    if (loaded !== null) host.samples.retain([loaded]);
    return setAudioClip(host, request.origin, token, index, clipId, checked);
  });
}
