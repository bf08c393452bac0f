// The MIDI-out sequencer: turns the song transport, frame by frame, into MTC (quarter frames while
// the song plays, a full frame on a start, a locate and a stop) and MIDI clock (24 clocks a beat;
// start or continue, stop, and a Song Position Pointer on a locate), each message timed within
// the frame that covered it. Pure: no clock, no I/O (midi-out.ts runs it on the engine's frames).
import { CLOCKS_PER_BEAT, MIDI_CLOCK, MIDI_CONTINUE, MIDI_START, MIDI_STOP, mtcFullFrame, mtcQuarterFrame, songPositionPointer } from './midi-bytes.js';
import { RATE_INFO, timecodeAt, timecodeOfFrame, type TimecodeRate } from './timecode.js';

/** What one page sends: MTC at a rate (or none) and/or MIDI clock. */
export interface MidiOutSettings {
  readonly mtc: TimecodeRate | null;
  readonly clock: boolean;
}

/** One MIDI message and when to play it: ms relative to the moment its frame ran (0 or less: the song passed it during the frame). */
export interface MidiOutMessage {
  readonly data: number[];
  readonly at: number;
}

/** The transport as one frame left it. */
interface TransportView {
  readonly playing: boolean;
  /** Beats from the song's start. */
  readonly position: number;
  readonly bpm: number;
}

/** A jump of more than this (song seconds) against the frame's own step is a locate. */
const LOCATE_TOLERANCE_S = 0.1;

/**
 * Turns successive transport states into MIDI: pure (no clock, no I/O), one per page so each has
 * its own settings. The offset (frames at the settings' rate) is added to MTC as to Art-Net timecode.
 */
export class MidiOutSequencer {
  private last: TransportView | undefined;

  constructor(
    readonly settings: MidiOutSettings,
    private readonly offsetFrames: number,
  ) {}

  /** The messages for one frame that moved the transport `deltaMs` of engine time and left it at `now`, in time order. */
  step(now: TransportView, deltaMs: number): MidiOutMessage[] {
    const out: MidiOutMessage[] = [];
    const prev = this.last;
    this.last = now;
    const beatMs = 60000 / now.bpm;
    const expected = prev === undefined ? now.position : prev.position + deltaMs / beatMs;
    const jumped = prev === undefined || (Math.abs(now.position - expected) * beatMs) / 1000 > LOCATE_TOLERANCE_S;
    if (!now.playing) {
      if (prev?.playing === true) {
        if (this.settings.clock) out.push({ data: [MIDI_STOP], at: 0 });
        this.fullFrame(out, now.position, 0);
      } else if (prev === undefined || now.position !== prev.position) {
        // Stopped and moved (or just subscribed): the device shows where the song is.
        this.fullFrame(out, now.position, 0);
        if (this.settings.clock) out.push({ data: songPositionPointer(now.position * 4), at: 0 });
      }
      return out;
    }
    if (prev === undefined || !prev.playing || jumped) {
      // Started (from where the transport stood, when this frame's step is all that moved it) or located while playing.
      const from = prev !== undefined && !prev.playing && !jumped ? prev.position : now.position;
      const at = (from - now.position) * beatMs;
      if (this.settings.clock) {
        if (prev?.playing === true) out.push({ data: [MIDI_STOP], at });
        if (from === 0 && prev?.playing !== true) out.push({ data: [MIDI_START], at });
        else out.push({ data: songPositionPointer(from * 4), at }, { data: [MIDI_CONTINUE], at });
      }
      this.fullFrame(out, from, at);
      this.periodic(out, from, now.position, true, beatMs);
    } else this.periodic(out, prev.position, now.position, false, beatMs);
    return out;
  }

  private fullFrame(out: MidiOutMessage[], position: number, at: number): void {
    const rate = this.settings.mtc;
    if (rate === null || this.last === undefined) return;
    out.push({ data: mtcFullFrame(timecodeAt((position * 60) / this.last.bpm, this.offsetFrames, rate).timecode, rate), at });
  }

  /** Clocks and quarter frames whose moment lies between beats `from` and `to` (`from` itself only when `inclusive`). */
  private periodic(out: MidiOutMessage[], from: number, to: number, inclusive: boolean, beatMs: number): void {
    const timed: MidiOutMessage[] = [];
    const first = (x: number): number => (inclusive ? Math.ceil(x - 1e-9) : Math.floor(x + 1e-9) + 1);
    const last = (x: number): number => Math.floor(x + 1e-9);
    if (this.settings.clock) {
      for (let k = first(from * CLOCKS_PER_BEAT); k <= last(to * CLOCKS_PER_BEAT); k++)
        timed.push({ data: [MIDI_CLOCK], at: (k / CLOCKS_PER_BEAT - to) * beatMs });
    }
    const rate = this.settings.mtc;
    if (rate !== null) {
      const r = RATE_INFO[rate];
      // Quarter frame q falls at q/4 frames of the song: q·den/(4·num) seconds.
      const quarters = (beats: number): number => (((beats * beatMs) / 1000) * 4 * r.num) / r.den;
      for (let q = first(quarters(from)); q <= last(quarters(to)); q++) {
        const frame = Math.floor(q / 4) + this.offsetFrames;
        // A sequence of eight pieces spans two frames and carries the label of its first (the even one).
        const odd = ((frame % 2) + 2) % 2;
        const piece = odd * 4 + (q % 4);
        const msAt = ((q * r.den) / (4 * r.num)) * 1000 - to * beatMs;
        timed.push({ data: mtcQuarterFrame(timecodeOfFrame(frame - odd, rate), rate, piece), at: msAt });
      }
    }
    timed.sort((a, b) => a.at - b.at);
    out.push(...timed);
  }
}
