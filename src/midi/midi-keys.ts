// MIDI notes into the sound host: a keyboard plays the armed sound tracks' instruments live, or
// the selected track's when none is armed, as a DAW's armed tracks (and its selected one) do.
// The notes go through the engine queue to the live engine (src/sound/live/player.ts `note`),
// which starts each on the next block it renders: they are played, not recorded, so no song
// edit and no history step. An input saved with its `channel` flag off does not play (LX's
// "Channel": notes reach channels); `control` governs the mappings (midi-surface.ts), so one
// note may play the track and drive a mapping. The sustain pedal (CC 64) holds note-offs until
// it is released. Pitch bend and other CCs are not played: the instruments take none yet.

import type { SoundHost } from '../sound/index.js';
import type { LivePlayer } from '../sound/live/player.js';
import type { Track } from '../sound/model/components.js';
import { parseMidi } from '../light/midi/midi-message.js';
import type { Services } from '../tools/context.js';

/** What one message did on the sound side: the id of the note played, or why a note-on could not play. */
interface KeysReceipt {
  readonly played?: readonly number[];
  readonly refused?: { readonly error: 'not_found' | 'invalid_argument'; readonly message: string };
}

const SUSTAIN = 64;

export class MidiKeys {
  /** Notes sounding, by input, channel and pitch: the tracks each went to (its note-off goes there too). */
  private readonly held = new Map<string, readonly Track[]>();
  /** Per input and channel while the pedal is down: the notes whose note-off it holds back. */
  private readonly pedal = new Map<string, Set<string>>();

  constructor(
    private readonly services: Services,
    private readonly host: SoundHost,
    private readonly live: LivePlayer | undefined,
  ) {}

  /** Queues one MIDI message (status first) from `input` (a device name). Malformed messages are the mappings' to count. */
  receive(bytes: readonly number[], input?: string): Promise<KeysReceipt> {
    const sentAt = performance.timeOrigin + performance.now();
    return this.services.engine.queue.submit(() => this.apply(bytes, input, sentAt), { label: 'midi-keys' });
  }

  private apply(bytes: readonly number[], input: string | undefined, sentAt: number): KeysReceipt {
    const msg = parseMidi(bytes);
    if (typeof msg === 'string' || msg.kind === 'other') return {};
    const midi = this.services.light.lx.midi;
    const saved = input === undefined ? undefined : midi.inputs.find((i) => i.name === input);
    if (saved !== undefined && !saved.channel) return {};
    const from = `${input ?? ''}\u0000${msg.channel}`;
    if (msg.kind === 'cc') {
      if (msg.number === SUSTAIN) this.sustain(from, msg.value >= 64);
      return {};
    }
    const key = `${from}\u0000${msg.number}`;
    const was = this.held.get(key);
    if (!msg.on) {
      const pedal = this.pedal.get(from);
      if (was !== undefined && pedal !== undefined) pedal.add(key);
      else this.release(key, sentAt);
      return {};
    }
    // A key struck again (under the pedal, or a note-off lost): the old note ends first.
    if (was !== undefined) this.release(key, sentAt);
    this.pedal.get(from)?.delete(key);
    const refuse = (error: 'not_found' | 'invalid_argument', message: string): KeysReceipt => {
      midi.stats.unplayed++;
      return { refused: { error, message: `midi: ${message} (docs/midi.md#a-keyboard-plays-the-sound-host)` } };
    };
    if (this.live === undefined) return refuse('not_found', 'this process plays no live audio, so a keyboard has nothing to play');
    const armed = this.host.project
      .flatTracks()
      .map((f) => f.track)
      .filter((t) => t.arm.isOn());
    const selected = this.host.selection.track();
    if (armed.length === 0 && selected === null)
      return refuse('not_found', 'no sound track is armed or selected: arm or select the track the keyboard plays (sound_select_track)');
    const targets = armed.length > 0 ? armed : [selected!];
    const played: number[] = [];
    const tracks: Track[] = [];
    const why: string[] = [];
    for (const track of targets) {
      const id = this.live.note(track, true, msg.number, msg.velocity / 127, sentAt);
      if (typeof id === 'string') why.push(id);
      else {
        played.push(id);
        tracks.push(track);
      }
    }
    if (played.length === 0) return refuse('invalid_argument', `the note cannot play: ${why.join('; ')}`);
    this.held.set(key, tracks);
    midi.stats.played++;
    return { played };
  }

  private release(key: string, sentAt: number): void {
    const tracks = this.held.get(key);
    if (tracks === undefined) return;
    this.held.delete(key);
    const pitch = Number(key.slice(key.lastIndexOf('\u0000') + 1));
    for (const track of tracks) this.live?.note(track, false, pitch, 0, sentAt);
  }

  private sustain(from: string, down: boolean): void {
    const pedal = this.pedal.get(from);
    if (down) {
      if (pedal === undefined) this.pedal.set(from, new Set());
      return;
    }
    if (pedal === undefined) return;
    this.pedal.delete(from);
    for (const key of pedal) this.release(key, performance.timeOrigin + performance.now());
  }
}
