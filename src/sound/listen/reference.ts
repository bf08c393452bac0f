// song-listen's reference: an audio file of the operator-granted sample folder, read and decoded
// on the host's thread before the listen takes its place (the worker resamples and compares it).

import { readFile } from 'node:fs/promises';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import { decodeAudio } from '../samples/decode.js';

/** The largest reference file read (bytes), as for samples. */
const MAX_REFERENCE_BYTES = 64 * 1024 * 1024;

/** A decoded reference: left and right at the file's rate (a mono file is both), its first `seconds` at most. */
export interface ReferenceAudio {
  /** Relative to the sample folder, canonical. */
  readonly path: string;
  readonly sampleRate: number;
  readonly channels: number;
  /** The file's length in seconds, before it was cut to the listen's length. */
  readonly seconds: number;
  readonly left: Float32Array;
  readonly right: Float32Array;
}

/**
 * Resolves `path` in the granted folder (the sample folder's rules: nothing outside it, no symlink
 * out) and decodes it, kept to the first `seconds` (plus one second for the resampler). Refused
 * with invalid_argument when no folder is granted or the file cannot be decoded; not_found when missing.
 */
export async function loadReference(host: SoundHost, path: string, seconds: number): Promise<ReferenceAudio> {
  const file = await host.samples.requireFolder().resolveAudio(path);
  const bytes = await readFile(file.absolute);
  if (bytes.length > MAX_REFERENCE_BYTES)
    throw refuse('invalid_argument', 'out_of_range', `the reference ${file.path} is larger than ${MAX_REFERENCE_BYTES} bytes`);
  let audio;
  try {
    audio = await decodeAudio(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), file.format);
  } catch (err) {
    throw refuse('invalid_argument', 'invalid_path', `the reference ${file.path} cannot be decoded as ${file.format}: ${(err as Error).message}`);
  }
  const frames = audio.channels[0].length;
  const keep = Math.min(frames, Math.ceil((seconds + 1) * audio.sampleRate));
  const left = audio.channels[0].slice(0, keep);
  const right = audio.channels.length > 1 ? audio.channels[1].slice(0, keep) : left;
  return { path: file.path, sampleRate: audio.sampleRate, channels: audio.channels.length, seconds: frames / audio.sampleRate, left, right };
}
