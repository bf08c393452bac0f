import { createHash } from 'node:crypto';
import { writeMidi, type MidiData, type MidiEvent } from 'midi-file';
import * as z from 'zod';
import { invalidArgument } from '../engine/errors.js';

/**
 * The offline song plan: a small JSON description of a song (tempo, meter, sections with
 * markers, named parts with notes or simple step patterns) and its compiler to a type-1
 * Standard MIDI File — a conductor track (title, meter, tempo, one marker per section) followed
 * by one named note track per part. Compiling never contacts the host.
 *
 * Times are quarter-note beats. Pitches are MIDI keys 0–127 or note names with C3 = key 60
 * (the host's convention), sharps `#`, flats `b`, octaves -2…8.
 */

const PPQ = 480;

const NOTE_NAME = /^([A-Ga-g])([#b]?)(-?\d)$/;
const SEMITONES: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

const Pitch = z
  .union([z.number().int().min(0).max(127), z.string().regex(NOTE_NAME, 'a note name such as C3, F#2 or Bb1')])
  .describe('MIDI key 0–127, or a note name with C3 = 60 (e.g. "A3" = 69, "F#2", "Bb1")');

const PlanNote = z.strictObject({
  pitch: Pitch,
  start: z.number().min(0).max(24576).describe('Start in quarter-note beats, from the start of the song, or of `section` when given'),
  duration: z.number().positive().max(24576).describe('Length in quarter-note beats'),
  velocity: z.number().int().min(1).max(127).default(100).describe('1–127 (default 100)'),
  section: z.string().min(1).max(64).optional().describe("Make `start` relative to this section's first beat"),
});

const PlanPattern = z.strictObject({
  sections: z.array(z.string().min(1).max(64)).min(1).max(64).optional().describe('Sections to fill (default: every section)'),
  step_beats: z.number().positive().max(64).default(1).describe('Beats per step (default 1; 0.5 = eighth notes in x/4)'),
  steps: z
    .array(z.union([Pitch, z.array(Pitch).min(1).max(16), z.null()]))
    .min(1)
    .max(256)
    .describe('One entry per step, repeated until the section ends: a pitch, a chord (array of pitches) or null for a rest'),
  duration_beats: z.number().positive().max(64).optional().describe('Note length (default: one step)'),
  velocity: z.number().int().min(1).max(127).default(100),
  offset_beats: z.number().min(0).max(1024).default(0).describe("Delay from each section's start before the first step"),
});

const SongPart = z.strictObject({
  name: z.string().min(1).max(64).describe('Track name in the MIDI file (the host names the imported track after it)'),
  channel: z.number().int().min(1).max(16).optional().describe("MIDI channel 1–16 (default: the part's position, skipping 10)"),
  notes: z.array(PlanNote).max(20000).optional(),
  patterns: z.array(PlanPattern).max(32).optional(),
});

export const SongPlan = z.strictObject({
  title: z.string().min(1).max(64).describe("Song title: the conductor track's name; the host names the imported group after it"),
  tempo: z.number().min(40).max(220).default(120).describe('BPM 40–220 (set on the host through the transport after import)'),
  meter: z
    .strictObject({ numerator: z.number().int().min(2).max(12), denominator: z.union([z.literal(4), z.literal(8)]) })
    .default({ numerator: 4, denominator: 4 })
    .describe('Time signature, numerator 2–12, denominator 4 or 8'),
  sections: z
    .array(z.strictObject({ name: z.string().min(1).max(64), bars: z.number().int().min(1).max(512) }))
    .min(1)
    .max(64)
    .describe('Sections in order; each becomes a marker at its first beat'),
  parts: z.array(SongPart).min(1).max(32).describe('Named parts; each becomes one note track and must hold at least one note'),
});
export type SongPlan = z.infer<typeof SongPlan>;

export interface CompiledSong {
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly note_track_count: number;
  readonly summary: {
    readonly title: string;
    readonly ppq: number;
    readonly tempo: number;
    /** The tempo the file actually stores (µs per quarter note are integers). */
    readonly tempo_in_file: number;
    readonly meter: { readonly numerator: number; readonly denominator: number };
    readonly beats_per_bar: number;
    readonly length_beats: number;
    readonly bars: number;
    readonly sections: readonly { readonly name: string; readonly bars: number; readonly start_beat: number; readonly end_beat: number }[];
    readonly parts: readonly {
      readonly name: string;
      readonly channel: number;
      readonly note_count: number;
      readonly lowest_pitch: number;
      readonly highest_pitch: number;
    }[];
    readonly quantized_notes: number;
  };
}

function pitchOf(p: number | string): number {
  if (typeof p === 'number') return p;
  const m = NOTE_NAME.exec(p);
  if (m === null) throw invalidArgument(`${JSON.stringify(p)} is not a note name (C3 = 60)`);
  const key = SEMITONES[m[1].toLowerCase()] + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0) + (Number(m[3]) + 2) * 12;
  if (key < 0 || key > 127) throw invalidArgument(`${p} is MIDI key ${key}, outside 0–127`);
  return key;
}

interface Placed {
  pitch: number;
  start: number;
  end: number;
  velocity: number;
}

/** Compiles a plan to a type-1 SMF. Refuses (invalid_argument) anything the file could not say exactly. */
export function compileSongPlan(plan: SongPlan): CompiledSong {
  const beatsPerBar = (plan.meter.numerator * 4) / plan.meter.denominator;
  const sections: { name: string; bars: number; start_beat: number; end_beat: number }[] = [];
  let at = 0;
  for (const s of plan.sections) {
    if (sections.some((x) => x.name === s.name))
      throw invalidArgument(`sections: the name ${JSON.stringify(s.name)} is used twice; section names must be unique`);
    sections.push({ name: s.name, bars: s.bars, start_beat: at, end_beat: at + s.bars * beatsPerBar });
    at += s.bars * beatsPerBar;
  }
  const length = at;
  if (length > 24576) throw invalidArgument(`the song is ${length} beats long; the host's timeline ends at 24576`);
  const section = (name: string, where: string) => {
    const s = sections.find((x) => x.name === name);
    if (s === undefined) throw invalidArgument(`${where}: no section named ${JSON.stringify(name)} (sections: ${sections.map((x) => x.name).join(', ')})`);
    return s;
  };
  const names = new Set<string>();
  const usedChannels: number[] = [];
  let quantized = 0;
  const toTick = (beats: number): number => {
    const exact = beats * PPQ;
    const tick = Math.round(exact);
    if (Math.abs(exact - tick) > 1e-6) quantized++;
    return tick;
  };
  const parts = plan.parts.map((part, pi) => {
    if (names.has(part.name)) throw invalidArgument(`parts: the name ${JSON.stringify(part.name)} is used twice; part names must be unique`);
    names.add(part.name);
    const placed: Placed[] = [];
    (part.notes ?? []).forEach((n, ni) => {
      const where = `parts[${pi}] (${part.name}) notes[${ni}]`;
      const offset = n.section === undefined ? 0 : section(n.section, where).start_beat;
      const start = offset + n.start;
      const end = start + n.duration;
      if (end > length + 1e-9)
        throw invalidArgument(`${where}: ends at beat ${end}, after the song's last section ends (beat ${length}); add bars or shorten the note`);
      placed.push({ pitch: pitchOf(n.pitch), start, end, velocity: n.velocity });
    });
    (part.patterns ?? []).forEach((p, k) => {
      const where = `parts[${pi}] (${part.name}) patterns[${k}]`;
      const targets = p.sections === undefined ? sections : p.sections.map((name) => section(name, where));
      const duration = p.duration_beats ?? p.step_beats;
      for (const s of targets) {
        for (let step = 0, t = s.start_beat + p.offset_beats; t + 1e-9 < s.end_beat; step++, t = s.start_beat + p.offset_beats + step * p.step_beats) {
          const entry = p.steps[step % p.steps.length];
          if (entry === null) continue;
          const end = Math.min(t + duration, s.end_beat);
          for (const pitch of Array.isArray(entry) ? entry : [entry]) placed.push({ pitch: pitchOf(pitch), start: t, end, velocity: p.velocity });
        }
      }
    });
    if (placed.length === 0)
      throw invalidArgument(`parts[${pi}] (${part.name}) has no notes; every part becomes a note track, so give it notes or a pattern (or leave the part out)`);
    let channel = part.channel;
    if (channel === undefined) {
      const free = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16].filter((c) => !usedChannels.includes(c));
      channel = free[0] ?? (pi % 16) + 1;
    }
    usedChannels.push(channel);
    return { name: part.name, channel, placed };
  });

  const endTick = Math.round(length * PPQ);
  const micros = Math.round(60_000_000 / plan.tempo);
  const conductor: { tick: number; order: number; event: MidiEvent }[] = [
    { tick: 0, order: 0, event: { deltaTime: 0, meta: true, type: 'trackName', text: plan.title } },
    {
      tick: 0,
      order: 1,
      event: {
        deltaTime: 0,
        meta: true,
        type: 'timeSignature',
        numerator: plan.meter.numerator,
        denominator: plan.meter.denominator,
        metronome: 24,
        thirtyseconds: 8,
      },
    },
    { tick: 0, order: 2, event: { deltaTime: 0, meta: true, type: 'setTempo', microsecondsPerBeat: micros } },
    ...sections.map((s, i) => ({
      tick: Math.round(s.start_beat * PPQ),
      order: 3 + i,
      event: { deltaTime: 0, meta: true as const, type: 'marker' as const, text: s.name },
    })),
  ];
  const tracks: MidiEvent[][] = [withDeltas(conductor, endTick)];
  for (const part of parts) {
    const events: { tick: number; order: number; event: MidiEvent }[] = [
      { tick: 0, order: -1, event: { deltaTime: 0, meta: true, type: 'trackName', text: part.name } },
    ];
    for (const n of part.placed) {
      const on = toTick(n.start);
      const off = Math.max(on + 1, toTick(n.end));
      events.push({ tick: on, order: 1, event: { deltaTime: 0, type: 'noteOn', channel: part.channel - 1, noteNumber: n.pitch, velocity: n.velocity } });
      events.push({ tick: off, order: 0, event: { deltaTime: 0, type: 'noteOff', channel: part.channel - 1, noteNumber: n.pitch, velocity: 0 } });
    }
    tracks.push(withDeltas(events, endTick));
  }
  const data: MidiData = { header: { format: 1, numTracks: tracks.length, ticksPerBeat: PPQ }, tracks };
  const bytes = Uint8Array.from(writeMidi(data));
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    note_track_count: parts.length,
    summary: {
      title: plan.title,
      ppq: PPQ,
      tempo: plan.tempo,
      tempo_in_file: Math.round((60_000_000 / micros) * 1e4) / 1e4,
      meter: { ...plan.meter },
      beats_per_bar: beatsPerBar,
      length_beats: length,
      bars: sections.reduce((n, s) => n + s.bars, 0),
      sections,
      parts: parts.map((p) => ({
        name: p.name,
        channel: p.channel,
        note_count: p.placed.length,
        lowest_pitch: Math.min(...p.placed.map((n) => n.pitch)),
        highest_pitch: Math.max(...p.placed.map((n) => n.pitch)),
      })),
      quantized_notes: quantized,
    },
  };
}

/** Orders events by tick (then by `order`: note-offs before note-ons), sets delta times and ends the track. */
function withDeltas(events: { tick: number; order: number; event: MidiEvent }[], endTick: number): MidiEvent[] {
  const sorted = [...events].sort((a, b) => a.tick - b.tick || a.order - b.order);
  const out: MidiEvent[] = [];
  let last = 0;
  for (const e of sorted) {
    out.push({ ...e.event, deltaTime: e.tick - last } as MidiEvent);
    last = e.tick;
  }
  out.push({ deltaTime: Math.max(0, endTick - last), meta: true, type: 'endOfTrack' });
  return out;
}
