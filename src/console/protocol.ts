/**
 * The console's wire protocol, shared by the server (src/console) and the page
 * (src/console/web). Types only and a few constants; the payload types come from the tools' payload
 * module as types only (erased in the page's bundle), so both sides can use it.
 * docs/console.md describes it for people.
 */

import type { ParameterPayload } from '../tools/light/parameter-payload.js';

/** Bumped when a message changes incompatibly; the page refuses a server with another. */
export const PROTOCOL_VERSION = 2;

/** Largest WebSocket message the server accepts from a page, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** Binary message kinds: the first byte of every binary WebSocket message. */
export const BIN_MODEL = 1;
export const BIN_FRAME = 2;
/** Stage fixtures' beams: kind u8, 3 pad, engine frame u32, count u32, 4 pad, then count × BIN_BEAM_BYTES. */
export const BIN_BEAMS = 3;
/**
 * One beam: origin x, y, z, direction x, y, z (unit), beam angle (degrees) as float32 little-endian,
 * then red, green, blue and intensity as bytes (0–255 for 0–1), then the fixture's id u32.
 */
export const BIN_BEAM_BYTES = 36;

/**
 * Binary header length. Model: kind u8, 3 pad, generation u32, count u32, stride u32, then
 * count × (x, y, z) float32 little-endian. Frame: kind u8, 3 pad, generation u32, count u32,
 * frame u32, then count × (r, g, b) bytes.
 */
export const BIN_HEADER_BYTES = 16;

/** The preview's defaults and hard limits. */
export const PREVIEW_DEFAULT_FPS = 60;
export const PREVIEW_MAX_FPS = 60;
export const PREVIEW_DEFAULT_MAX_POINTS = 65_536;
export const PREVIEW_MAX_POINTS = 262_144;
/** Bytes per second of frames one page may receive; frame rate drops to stay under it. */
export const PREVIEW_BYTES_PER_SECOND = 6 * 1024 * 1024;

/** One MIDI message for a page's Web MIDI output, and when (see the `midiSend` message). */
interface MidiSendItem {
  readonly data: readonly number[];
  readonly at: number;
}

/** Page → server messages (JSON text). */
export type ClientMessage =
  /** Start or stop frame streaming (the page stops it while hidden or when the preview is closed). */
  | { readonly type: 'preview'; readonly on: boolean; readonly fps?: number; readonly maxPoints?: number }
  /** Parameters of these components are sent with their live (modulated) values a few times a second. */
  | { readonly type: 'watch'; readonly paths: readonly string[] }
  /** One MIDI message from a controller the page reaches through Web MIDI: the input's name and the message's bytes, status first. */
  | { readonly type: 'midi'; readonly input: string; readonly data: readonly number[] }
  /**
   * MIDI out to the output the page chose: MTC at `rate` (default: the show's timecode rate) and/or
   * MIDI clock from the song transport; both false stops it. Answered with `midiOut`, then `midiSend` batches.
   */
  | { readonly type: 'midiOut'; readonly mtc: boolean; readonly clock: boolean; readonly rate?: string }
  /** Feedback to the page's controllers on or off: while on, `midiFeedback` batches show the mapped parameters' values. */
  | { readonly type: 'midiFeedback'; readonly on: boolean }
  | { readonly type: 'ping'; readonly t: number };

/** A parameter as every surface shows it: the MCP payload's own type (src/tools/light/parameter-payload.ts). */
export type { ParameterPayload };

export interface DeviceSummary {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  readonly class?: string;
  readonly index: number;
  readonly enabled?: boolean;
  readonly active?: boolean;
  readonly unavailable?: string;
  /** A locked effect cannot be removed. */
  readonly locked?: boolean;
  /** A pattern's own effect chain. */
  readonly effects?: readonly DeviceSummary[];
}

export interface ChannelState {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  readonly index: number;
  readonly type: 'channel' | 'group';
  /** The channel's own controls: fader, enabled, blendMode, crossfadeGroup, ... by key. */
  readonly params: Readonly<Record<string, ParameterPayload>>;
  readonly patterns: readonly DeviceSummary[];
  readonly effects: readonly DeviceSummary[];
  readonly activePattern?: number;
  /** Id of the group this channel belongs to. */
  readonly group?: number;
  /** A group's member channels, by id, in mixer order. */
  readonly members?: readonly number[];
  readonly autoMuted: boolean;
}

/** A component shown as a panel of its parameters (tempo, palette, snapshots, master...). */
export interface PanelState {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  readonly class?: string;
  readonly params: readonly ParameterPayload[];
  /** Keys of momentary buttons among `params` (booleans that are pressed, e.g. tempo tap). */
  readonly momentary: readonly string[];
  /** Child lists (swatches, snapshots...): each item with its own parameters. */
  readonly lists: readonly { readonly key: string; readonly items: readonly PanelState[] }[];
}

/** A swatch as get_palette returns it over MCP (src/tools/light/payloads.ts, toSwatchPayload). */
export interface SwatchPayload {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  /** 0-based among the saved swatches; -1 for the live swatch. */
  readonly index: number;
  readonly colors: readonly {
    readonly path: string;
    readonly id: number;
    readonly index: number;
    readonly mode: string;
    /** The color now, 0xAARRGGBB. */
    readonly color: string;
    readonly primaryPath: string;
    readonly secondaryPath: string;
  }[];
  readonly recallPath?: string;
  readonly autoCycleEligible: boolean;
}

export interface PaletteState extends PanelState {
  readonly live: SwatchPayload;
  readonly swatches: readonly SwatchPayload[];
  /** Index of the saved swatch recalled last (the palette's cursor); absent when none. */
  readonly recalled?: number;
  readonly transitioning: boolean;
}

/** A snapshot as list_snapshots returns it over MCP (toSnapshotPayload). */
interface SnapshotPayload {
  readonly path: string;
  readonly id: number;
  readonly label: string;
  readonly index: number;
  readonly valueCount: number;
  readonly scopes: readonly string[];
  readonly autoCycleEligible: boolean;
  readonly transitionTimeSecs?: number;
  readonly recallPath: string;
}

export interface SnapshotsState extends PanelState {
  readonly items: readonly SnapshotPayload[];
  /** Index of the snapshot recalled last; absent when none. */
  readonly recalled?: number;
  readonly transitioning: boolean;
}

export interface LibraryEntry {
  readonly className: string;
  readonly name: string;
  readonly category: string;
  readonly unavailable?: string;
}

/** One occupied clip slot: its state and where its cursor is (ms, a running sum; see docs/clips.md). */
export interface ClipSlotState {
  readonly slot: number;
  readonly id: number;
  readonly label: string;
  readonly running: boolean;
  readonly pending: boolean;
  readonly loop: boolean;
  readonly cursorMs: number;
  readonly lengthMs: number;
  readonly referenceBpm: number;
}

/** A light cue on the song's timeline: when the song reaches `beat`, scene `scene` launches and/or the cue list step runs. */
export interface LightCueState {
  readonly beat: number;
  readonly scene?: number;
  /** Go on cue list `list` (to its next cue), or Goto its cue `cue`. */
  readonly cueList?: { readonly list: string; readonly cue?: number };
  readonly marker?: string;
  /** The scene fades in over this many beats of the song tempo, or ms (one of them); absent: it cuts in. */
  readonly fade?: { readonly beats?: number; readonly ms?: number };
}

/** The clip grid: a row per bus (channels, groups, master), a column per scene. */
export interface ClipGridState {
  readonly scenes: number;
  /** The song's light cues by beat; `timeline` false when no song is wired to the light (no cues possible). */
  readonly timeline: boolean;
  readonly cues: readonly LightCueState[];
  readonly buses: readonly { readonly path: string; readonly id: number; readonly label: string; readonly clips: readonly ClipSlotState[] }[];
}

export interface LightState {
  readonly projectPath?: string;
  readonly pointCount: number;
  readonly modelGeneration: number;
  readonly mixer: { readonly path: string; readonly crossfader: ParameterPayload };
  readonly master: {
    readonly path: string;
    readonly id: number;
    readonly params: Readonly<Record<string, ParameterPayload>>;
    readonly effects: readonly DeviceSummary[];
  };
  readonly channels: readonly ChannelState[];
  readonly engine: { readonly path: string; readonly params: readonly ParameterPayload[] };
  readonly tempo: PanelState;
  readonly palette: PaletteState;
  readonly snapshots: SnapshotsState;
  readonly clips: ClipGridState;
  readonly library: { readonly patterns: readonly LibraryEntry[]; readonly effects: readonly LibraryEntry[] };
}

export interface HistoryStep {
  readonly seq: number;
  readonly label: string;
  readonly surface: 'mcp' | 'console' | 'osc' | 'midi' | 'protocol3' | 'cli' | 'engine' | 'cluster';
  readonly session?: string;
  readonly client?: string;
  /** The in-process line the change travelled over (a sound tool's write: protocol3). */
  readonly via?: 'protocol3';
  readonly at: string;
}

export interface HistoryState {
  readonly steps: readonly HistoryStep[];
  readonly redo: readonly HistoryStep[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** What the history holds against its memory budget and how many early steps it dropped. */
  readonly memory: { readonly droppedSteps: number; readonly usedBytes: number; readonly budgetBytes: number; readonly nearBudget: boolean };
}

export interface ActivityItem {
  readonly id: number;
  readonly at: string;
  readonly tool: string;
  readonly surface: string;
  readonly session?: string;
  readonly client?: string;
  /** The arguments, shortened for display. */
  readonly args: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly ms: number;
  readonly step?: number;
}

export interface SessionInfo {
  readonly id: string;
  readonly client?: string;
  readonly lastActivityAt: string;
  readonly inFlight: number;
}

export interface PolicyState {
  readonly agentsReadOnly: boolean;
  readonly soundCooperative: boolean;
}

export interface ConnectInfo {
  readonly mcpUrl: string;
  readonly consoleUrl: string;
  /** The bearer token clients must send: only when Footlight listens beyond loopback. */
  readonly accessToken?: string;
  readonly clients: readonly { readonly name: string; readonly where: string; readonly text: string }[];
}

export interface SoundState {
  readonly available: boolean;
  readonly reason?: string;
  readonly [key: string]: unknown;
}

/** DMX input from a desk (serve --dmx-in): the top bar shows it while any receiver is configured. */
export interface DmxInState {
  readonly receivers: readonly { readonly protocol: 'artnet' | 'sacn'; readonly host: string; readonly port: number; readonly listening: boolean }[];
  /** Levels arrived within 2.5 s. */
  readonly receiving: boolean;
  /** Universes received since the show started, and packets applied per second. */
  readonly universes: number;
  readonly rate: number;
}

/** A cue as list_cue_lists returns it over MCP (src/tools/cues/payloads.ts). */
interface CueState {
  readonly number: number;
  readonly label: string;
  readonly fadeInMs: number;
  readonly fadeOutMs: number;
  readonly delayInMs: number;
  readonly delayOutMs: number;
  readonly followMs: number | null;
  readonly sets: number;
  readonly scopes: readonly string[];
}

type CueRef = { readonly number: number; readonly label: string } | null;

/** A cue list with its status (get_cue_list_status): the running cue, the next, the running fade's progress 0–1. */
export interface CueListState {
  readonly name: string;
  readonly mode: 'tracking' | 'cue-only';
  readonly cues: readonly CueState[];
  readonly status: {
    readonly list: string;
    readonly mode: 'tracking' | 'cue-only';
    readonly state: 'released' | 'running' | 'paused' | 'releasing';
    readonly current: CueRef;
    readonly next: CueRef;
    readonly progress: number;
    readonly fadeMs: number;
    readonly elapsedMs: number;
    readonly followInMs: number | null;
  };
}

/** The show's live readouts: the cue lists and Art-Net timecode out and in, as get_status says them. */
export interface ShowLiveState {
  readonly cueLists: readonly CueListState[];
  readonly timecode: {
    readonly destinations: readonly string[];
    readonly rate: string;
    readonly offset: string;
    readonly timecode: string;
    readonly running: boolean;
    readonly packetsSent: number;
  };
  readonly timecodeIn: {
    readonly source: string | null;
    readonly state: 'waiting' | 'locked' | 'freewheeling' | 'lost';
    readonly rate: string | null;
    readonly timecode: string | null;
    readonly packets: number;
    readonly dropped: Readonly<Record<string, number>>;
    readonly relocates: number;
    readonly errorFrames: number;
    readonly error?: string;
  };
}

/** Server → page messages (JSON text). */
export type ServerMessage =
  | { readonly type: 'hello'; readonly protocol: number; readonly connection: string; readonly server: { readonly name: string; readonly version: string } }
  | { readonly type: 'light'; readonly light: LightState }
  | { readonly type: 'params'; readonly parameters: readonly ParameterPayload[] }
  | { readonly type: 'history'; readonly history: HistoryState }
  | { readonly type: 'activity'; readonly items: readonly ActivityItem[]; readonly reset?: boolean }
  | { readonly type: 'sessions'; readonly sessions: readonly SessionInfo[]; readonly connected: boolean }
  | { readonly type: 'policy'; readonly policy: PolicyState }
  | { readonly type: 'sound'; readonly sound: SoundState }
  | { readonly type: 'dmxIn'; readonly dmxIn: DmxInState }
  | { readonly type: 'show'; readonly show: ShowLiveState }
  /** On connect when `serve --timecode-out mtc` (or config.json) asked for it: the MIDI panel starts with MTC on at this rate. */
  | { readonly type: 'midiOutDefault'; readonly mtc: string }
  /** What this page's MIDI out now sends (the answer to `midiOut`): MTC's rate or null, clock on or off. */
  | { readonly type: 'midiOut'; readonly mtc: string | null; readonly clock: boolean; readonly latencyMs: number }
  /**
   * MIDI for the page's output: `t` is the moment its engine frame ran (the server's `performance.now()`),
   * each message's `at` ms from it (0 or less). The page maps the server's clock to its own by the
   * quickest recent delivery and plays each message `latencyMs` after `t + at` (Web MIDI's timestamped send).
   */
  | {
      readonly type: 'midiSend';
      readonly latencyMs: number;
      readonly t: number;
      readonly messages: readonly MidiSendItem[];
      /** For the Web MIDI output of this name, at once (a control surface's LEDs); absent: the output the page picked, at its time. */
      readonly output?: string;
    }
  /**
   * Feedback for the controllers' LEDs and rings (docs/midi.md, "Feedback"): messages to send at once to
   * every output named like a connected input, except the inputs saved with Control off (`controlOff`).
   */
  | { readonly type: 'midiFeedback'; readonly messages: readonly (readonly number[])[]; readonly controlOff: readonly string[] }
  | { readonly type: 'preview'; readonly on: boolean; readonly fps: number; readonly maxPoints: number; readonly stride: number; readonly count: number }
  | { readonly type: 'pong'; readonly t: number }
  | { readonly type: 'error'; readonly error: string; readonly message: string };
