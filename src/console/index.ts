import type { RouteHandler, UpgradeHandler } from '../net/routes.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { MidiOut } from '../show/timecode/midi-out.js';
import type { SoundHost } from '../sound/index.js';
import type { Services } from '../tools/context.js';
import type { CallRecord } from '../tools/invoke.js';
import { createApi } from './api.js';
import { connectInfo } from './connect.js';
import type { ConsoleContext, MidiReply } from './context.js';
import { ConsoleHub } from './hub.js';
import type { ActivityItem, SessionInfo, SoundState } from './protocol.js';
import { inSound, soundState } from './sound.js';
import { activityItem, historyState, lightState } from './state.js';
import { StaticFiles } from './static.js';
import { toListPayload } from '../tools/cues/payloads.js';
import { AudioMonitor } from './monitor.js';
import type { LivePlayer } from '../sound/live/player.js';

interface ConsoleOptions {
  readonly services: Services;
  readonly light: LightShow;
  readonly log: Logger;
  /** MCP sessions, for the list of connected agents (set once the endpoint exists). */
  readonly mcp: () => { sessionList(): SessionInfo[] } | undefined;
  /** Calls seen so far (bounded, newest last), shared with `RunningFootlight.calls`. */
  readonly calls: readonly CallRecord[];
  /** The sound host, when the process runs one. */
  readonly sound?: SoundHost;
  /** Live playback, for the audio monitor at /ws/audio. */
  readonly live?: LivePlayer;
  /** Where MIDI from the page's Web MIDI inputs goes (the process's MIDI surface). */
  readonly midi?: (data: readonly number[], input: string) => Promise<MidiReply>;
  /** MIDI out from the song transport, for pages that turn it on. */
  readonly midiOut?: MidiOut;
  readonly surfaceLeds?: ConsoleContext['surfaceLeds'];
  /** Folder of the bundled page; default dist/console beside the sources. */
  readonly bundleDir?: string;
}

export interface ConsoleSurface {
  readonly routes: readonly RouteHandler[];
  readonly upgrades: readonly UpgradeHandler[];
  readonly hub: ConsoleHub;
  /** Tell the console about a finished MCP call (after it is added to `calls`). */
  recordCall(record: CallRecord): void;
  close(): Promise<void>;
}

const SOUND_UNAVAILABLE: SoundState = { available: false, reason: 'this process runs no sound host' };

/**
 * The web console: the page (static bundle), its JSON API under `/api` and its WebSocket at
 * `/ws`, served by the process's one HTTP server behind its Host/Origin guard.
 */
export function createConsole(options: ConsoleOptions): ConsoleSurface {
  const { services, light, log } = options;
  let callSeq = 0;
  const callIds = new WeakMap<CallRecord, number>();
  const idOf = (r: CallRecord): number => {
    let id = callIds.get(r);
    if (id === undefined) callIds.set(r, (id = ++callSeq));
    return id;
  };
  const activity = (limit = 100): ActivityItem[] => options.calls.slice(-limit).map((r) => activityItem(idOf(r), r));
  const ctx: ConsoleContext = {
    services,
    light,
    soundHost: options.sound,
    log,
    ...(options.midi === undefined ? {} : { midi: options.midi }),
    ...(options.midiOut === undefined ? {} : { midiOut: options.midiOut }),
    ...(options.surfaceLeds === undefined ? {} : { surfaceLeds: options.surfaceLeds }),
    lightState: () => lightState(light, services.lightCues),
    historyState: () => historyState(services.engine.history),
    showState: () => ({
      cueLists: light.cues.lists().map((l) => toListPayload(light.cues, l)),
      timecode: services.timecodeOut.status(),
      timecodeIn: services.timecodeIn.status(),
    }),
    showActive: () => light.cues.lists().length > 0 || services.timecodeIn.enabled || services.timecodeOut.status().destinations.length > 0,
    policy: () => ({ agentsReadOnly: services.policy.agentsReadOnly, soundCooperative: services.policy.soundCooperative }),
    dmxIn: () => services.dmxIn.summary(),
    sessions: () => ({ sessions: options.mcp()?.sessionList() ?? [], connected: services.server.connections().connected }),
    activity,
    connect: () => connectInfo(services.server.bind.url, services.server.bind.accessToken),
    sound: () => (options.sound === undefined ? Promise.resolve(SOUND_UNAVAILABLE) : soundState(options.sound)),
    isSound: (c) => options.sound !== undefined && inSound(options.sound, c),
    soundPlaying: () => options.sound?.transport.playing === true,
    clipsActive: () => light.lx.clips.active(),
    snapshot: async () => {
      const s = await services.engine.queue.submit(() => ({ light: ctx.lightState(), history: ctx.historyState() }), { label: 'console snapshot' });
      const sessions = ctx.sessions();
      return { ...s, policy: ctx.policy(), sessions: sessions.sessions, connected: sessions.connected, activity: activity(), sound: await ctx.sound() };
    },
  };
  const hub = new ConsoleHub(ctx);
  const api = createApi(ctx, hub);
  const files = new StaticFiles(options.bundleDir);
  const monitor = options.live === undefined ? undefined : new AudioMonitor(options.live);
  return {
    routes: [api, (req, res, url) => files.serve(req, res, url)],
    upgrades: [(req, socket, head, url) => hub.upgrade(req, socket, head, url) || (monitor?.upgrade(req, socket, head, url) ?? false)],
    hub,
    recordCall: (record) => hub.activity([activityItem(idOf(record), record)]),
    close: async () => {
      monitor?.close();
      await hub.close();
    },
  };
}
