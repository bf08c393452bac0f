import type { Component } from '../engine/component.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { MidiOut } from '../show/timecode/midi-out.js';
import type { SoundHost } from '../sound/index.js';
import type { Services } from '../tools/context.js';
import type { ActivityItem, ConnectInfo, DmxInState, HistoryState, LightState, PolicyState, SessionInfo, ShowLiveState, SoundState } from './protocol.js';

/** What a MIDI message did, as far as the page is told: the notes the sound host played, or why it refused one (src/midi/midi-keys.ts). */
export interface MidiReply {
  readonly played?: readonly number[];
  readonly refused?: { readonly error: string; readonly message: string };
}

/** What the console's routes and socket share: the services and the readers they call. */
export interface ConsoleContext {
  readonly services: Services;
  readonly light: LightShow;
  /** The sound host, when the process runs one. */
  readonly soundHost?: SoundHost;
  readonly log: Logger;
  /** Hands a MIDI message from a page's Web MIDI input to the show's mappings (src/midi/midi-surface.ts). */
  readonly midi?: (data: readonly number[], input: string) => Promise<MidiReply>;
  /**
   * LED feedback for the control surfaces (src/midi/surfaces/): `send` gets each device's changed LED
   * messages after engine frames; `resend` makes the next send carry all of a device's LEDs.
   */
  readonly surfaceLeds?: (send: (device: string, messages: number[][]) => void) => { stop: () => void; resend: (device: string) => void };
  /** MIDI out from the song transport (MTC, clock) for pages that turn it on; absent without a sound host. */
  readonly midiOut?: MidiOut;
  /** Builders below run inside an engine-queue task unless noted. */
  lightState(): LightState;
  historyState(): HistoryState;
  /** The cue lists and the timecode readouts. */
  showState(): ShowLiveState;
  /** Outside the queue: true while there is something for the show readouts to follow (a cue list, timecode out or in). */
  showActive(): boolean;
  /** Outside the queue: the policy switches. */
  policy(): PolicyState;
  /** Outside the queue: the DMX input's receivers and rate (the receiver thread's counters). */
  dmxIn(): DmxInState;
  /** Outside the queue: MCP sessions. */
  sessions(): { sessions: SessionInfo[]; connected: boolean };
  activity(limit?: number): ActivityItem[];
  connect(): ConnectInfo;
  /** The Sound view's state (queued inside); `available: false` without a sound host. */
  sound(): Promise<SoundState>;
  /** True when a component is part of the sound host (its changes refresh the Sound view). */
  isSound(c: Component | null): boolean;
  /** True while the sound transport plays (the playhead moves without graph changes). */
  soundPlaying(): boolean;
  /** True while a light clip runs or waits to launch (its cursor moves without graph changes). */
  clipsActive(): boolean;
  /** Everything a page needs on connect, read in one queue task. */
  snapshot(): Promise<{
    light: LightState;
    history: HistoryState;
    policy: PolicyState;
    sessions: SessionInfo[];
    connected: boolean;
    activity: ActivityItem[];
    sound: SoundState;
  }>;
}
