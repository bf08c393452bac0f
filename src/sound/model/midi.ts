import { createHash } from 'node:crypto';
import { parseMidi, writeMidi, type MidiData, type MidiEvent } from 'midi-file';
import { refuse } from './errors.js';
import type { CueMarker, Note } from './components.js';

/**
 * Standard MIDI File checks and transforms for song-import: strict type-1 structure, note-track
 * counting, the tempo/meter-free derivative that is actually submitted, and note extraction in
 * quarter-note beats (ticks / PPQ, no tempo conversion).
 */

/** Largest MIDI artifact song-import reads. */
export const MAX_MIDI_BYTES = 4 * 1024 * 1024;

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const invalidMidi = (message: string): Error => refuse('invalid_argument', 'invalid_midi', `not a valid type-1 Standard MIDI File: ${message}`);

/** Walks the chunk structure before the (lenient) event parser sees it. */
function checkChunks(bytes: Uint8Array): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 14 || view.toString('latin1', 0, 4) !== 'MThd') throw invalidMidi('it does not start with an MThd header chunk');
  const headerLength = view.readUInt32BE(4);
  if (headerLength !== 6) throw invalidMidi(`the header chunk is ${headerLength} bytes; type-1 headers are 6`);
  const format = view.readUInt16BE(8);
  const ntrks = view.readUInt16BE(10);
  const division = view.readUInt16BE(12);
  if (format !== 1) throw invalidMidi(`it is format ${format}; song-import takes format 1 (several simultaneous tracks)`);
  if (ntrks < 1) throw invalidMidi('the header declares no tracks');
  if (division & 0x8000) throw invalidMidi('it uses SMPTE time division; song-import needs ticks per quarter note');
  if (division === 0) throw invalidMidi('its ticks per quarter note is 0');
  let pos = 14;
  let tracks = 0;
  while (pos < view.length) {
    if (pos + 8 > view.length) throw invalidMidi(`a chunk header is cut off at byte ${pos}`);
    const id = view.toString('latin1', pos, pos + 4);
    const length = view.readUInt32BE(pos + 4);
    if (id !== 'MTrk') throw invalidMidi(`unexpected chunk ${JSON.stringify(id)} at byte ${pos}; only MTrk chunks may follow the header`);
    if (pos + 8 + length > view.length) throw invalidMidi(`track chunk ${tracks} declares ${length} bytes but the file ends first`);
    pos += 8 + length;
    tracks++;
  }
  if (tracks !== ntrks) throw invalidMidi(`the header declares ${ntrks} tracks but the file holds ${tracks}`);
}

/** Parses and checks a type-1 SMF: chunk structure, events, End-of-Track placement. */
export function parseType1(bytes: Uint8Array): MidiData {
  checkChunks(bytes);
  let data: MidiData;
  try {
    data = parseMidi(bytes);
  } catch (err) {
    throw invalidMidi(typeof err === 'string' ? err : (err as Error).message);
  }
  data.tracks.forEach((events, i) => {
    const last = events[events.length - 1];
    if (last === undefined || last.type !== 'endOfTrack') throw invalidMidi(`track ${i} does not end with End-of-Track`);
    for (let k = 0; k < events.length; k++) {
      const e = events[k];
      if (!Number.isInteger(e.deltaTime) || e.deltaTime < 0) throw invalidMidi(`track ${i} event ${k} has a bad delta time`);
      if (e.type === 'endOfTrack' && k !== events.length - 1) throw invalidMidi(`track ${i} has events after End-of-Track`);
      if (e.type === 'noteOn' || e.type === 'noteOff') {
        if (!isByte(e.noteNumber) || !isByte(e.velocity) || !(e.channel >= 0 && e.channel <= 15))
          throw invalidMidi(`track ${i} event ${k} is a truncated note event`);
      }
    }
  });
  return data;
}

const isByte = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 127;

const isNoteTrack = (events: readonly MidiEvent[]): boolean => events.some((e) => e.type === 'noteOn' && e.velocity > 0);

export function countNoteTracks(data: MidiData): number {
  return data.tracks.filter(isNoteTrack).length;
}

/**
 * The submitted derivative: the same file without tempo and time-signature meta events (their
 * delta times carried to the next event), so that global tempo and meter change only through
 * the explicit transport operations. Not a general sanitizer: every other event is kept.
 */
export function deriveSubmission(data: MidiData): { bytes: Uint8Array; removed: { tempo: number; meter: number } } {
  const removed = { tempo: 0, meter: 0 };
  const tracks = data.tracks.map((events) => {
    const out: MidiEvent[] = [];
    let carry = 0;
    for (const e of events) {
      if (e.type === 'setTempo' || e.type === 'timeSignature') {
        carry += e.deltaTime;
        if (e.type === 'setTempo') removed.tempo++;
        else removed.meter++;
        continue;
      }
      out.push({ ...e, deltaTime: e.deltaTime + carry } as MidiEvent);
      carry = 0;
    }
    return out;
  });
  const bytes = Uint8Array.from(writeMidi({ header: { ...data.header }, tracks }));
  return { bytes, removed };
}

export interface ImportedTrack {
  readonly name: string;
  readonly notes: readonly Note[];
  /** 0-based index of the MTrk chunk it came from. */
  readonly chunk: number;
}

export interface Extracted {
  readonly ppq: number;
  readonly title: string | null;
  readonly tracks: readonly ImportedTrack[];
  readonly markers: readonly CueMarker[];
  /** File length in beats: the latest End-of-Track or note end. */
  readonly lengthBeats: number;
}

/** Notes of every note track in quarter-note beats (tick / PPQ); markers from every track. */
export function extractNotes(data: MidiData): Extracted {
  const ppq = data.header.ticksPerBeat!;
  let title: string | null = null;
  const markers: CueMarker[] = [];
  const tracks: ImportedTrack[] = [];
  let endTick = 0;
  data.tracks.forEach((events, chunk) => {
    let tick = 0;
    let name: string | null = null;
    const open = new Map<number, { tick: number; velocity: number }[]>();
    const notes: { pitch: number; startTick: number; endTick: number; velocity: number; channel: number }[] = [];
    const close = (key: number, at: number): void => {
      const q = open.get(key);
      const on = q?.shift();
      if (on === undefined) return;
      notes.push({ pitch: key & 0x7f, channel: key >> 7, startTick: on.tick, endTick: at, velocity: on.velocity });
    };
    for (const e of events) {
      tick += e.deltaTime;
      if (e.type === 'trackName' && name === null) name = e.text;
      else if (e.type === 'marker') markers.push({ name: e.text.slice(0, 256), beat: tick / ppq });
      else if (e.type === 'noteOn' && e.velocity > 0) {
        const key = (e.channel << 7) | e.noteNumber;
        const q = open.get(key) ?? [];
        q.push({ tick, velocity: e.velocity });
        open.set(key, q);
      } else if (e.type === 'noteOff' || (e.type === 'noteOn' && e.velocity === 0)) close((e.channel << 7) | e.noteNumber, tick);
    }
    // Notes still sounding at End-of-Track end there.
    for (const [key, q] of open) while (q.length > 0) close(key, tick);
    endTick = Math.max(endTick, tick);
    if (chunk === 0 && name !== null) title = name;
    if (!notes.some(() => true)) return;
    notes.sort((a, b) => a.startTick - b.startTick || a.pitch - b.pitch);
    tracks.push({
      name: (name ?? `Track ${tracks.length + 1}`).slice(0, 256),
      chunk,
      notes: notes.map((n) => ({
        pitch: n.pitch,
        start: n.startTick / ppq,
        duration: (n.endTick - n.startTick) / ppq,
        velocity: n.velocity,
        channel: n.channel,
      })),
    });
  });
  const noteEnd = Math.max(0, ...tracks.flatMap((t) => t.notes.map((n) => n.start + n.duration)));
  return { ppq, title, tracks, markers: markers.sort((a, b) => a.beat - b.beat), lengthBeats: Math.max(endTick / ppq, noteEnd) };
}
