// MIDI out from the song transport: each engine frame, after the sound host has moved the
// transport, a page's sequencer (midi-sequencer.ts) turns the song time that frame covered into
// timed MTC and clock messages; the console sends them to the page with the frame's moment, and
// the page plays each one `latencyMs` after its time, with Web MIDI's timestamped send (docs/midi.md, "MIDI out").
// The bytes are generic: anything else bound for a page's MIDI output (feedback to a controller's
// LEDs) can take the same path.
import type { SoundHost } from '../../sound/host/host.js';
import { MidiOutSequencer, type MidiOutMessage, type MidiOutSettings } from './midi-sequencer.js';
import { frameOfTimecode, RATE_INFO, secondsOfFrame, type Timecode, type TimecodeRate } from './timecode.js';

/** Look-ahead added to one engine frame: how long after a frame a page plays what it covered (docs/midi.md). */
const MIDI_OUT_LOOKAHEAD_MS = 25;

/** A page's MIDI out: its sequencer and where its messages go. */
interface Subscriber {
  readonly sequencer: MidiOutSequencer;
  readonly send: (messages: MidiOutMessage[], frameAt: number) => void;
}

/**
 * The stream: follows the song transport on the engine's frame clock while anyone listens (no
 * listener, no frame work). Subscribers get each frame's messages, in time order, when there are any.
 */
export class MidiOut {
  private readonly subscribers = new Set<Subscriber>();
  private detach: (() => void) | undefined;

  constructor(
    private readonly sound: SoundHost,
    /** The timecode settings (`serve --timecode-rate/--timecode-offset`, config.json): MTC's default rate and its offset, as Art-Net timecode's. */
    readonly timecode: { readonly rate: TimecodeRate; readonly offset: Timecode; readonly mtc: boolean },
  ) {}

  /** The offset in frames at `rate`: exact at the configured rate, else the same time rounded to a frame of `rate`. */
  private offsetFrames(rate: TimecodeRate): number {
    const { rate: own, offset } = this.timecode;
    if (rate === own) return frameOfTimecode(offset, own);
    const r = RATE_INFO[rate];
    return Math.round((secondsOfFrame(frameOfTimecode(offset, own), own) * r.num) / r.den);
  }

  /** How long after its frame a page plays a message: one engine frame and the look-ahead. */
  get latencyMs(): number {
    return Math.round(1000 / this.sound.engine.clock.fps) + MIDI_OUT_LOOKAHEAD_MS;
  }

  /** Starts sending `settings`' messages to `send` with the frame's `performance.now()`; the returned function stops. */
  subscribe(settings: MidiOutSettings, send: (messages: MidiOutMessage[], frameAt: number) => void): () => void {
    const sub: Subscriber = { sequencer: new MidiOutSequencer(settings, settings.mtc === null ? 0 : this.offsetFrames(settings.mtc)), send };
    this.subscribers.add(sub);
    this.detach ??= this.sound.engine.clock.onFrame((f) => this.tick(f.deltaMs));
    return () => {
      this.subscribers.delete(sub);
      if (this.subscribers.size === 0) {
        this.detach?.();
        this.detach = undefined;
      }
    };
  }

  private tick(deltaMs: number): void {
    const t = this.sound.transport;
    const now = { playing: t.playing, position: t.position, bpm: this.sound.project.tempo.getBaseValue() };
    // The frame's moment on this process's clock: the transport moved by the wall time since the last frame, so song and clock agree here.
    const frameAt = performance.now();
    for (const s of this.subscribers) {
      const messages = s.sequencer.step(now, deltaMs);
      if (messages.length > 0) s.send(messages, frameAt);
    }
  }
}
