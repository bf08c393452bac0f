import { join, resolve } from 'node:path';
import { AttributionRegistry } from './engine/attribution.js';
import { Engine } from './engine/engine.js';
import { createLogger, type Logger } from './engine/log.js';
import { queuedRequest } from './engine/request.js';
import { priorityOf, restoreRenderPriority, setRenderPriority, type RenderPriority, type RenderPriorityResult } from './engine/thread-priority.js';
import { buildInfo } from './app/build-info.js';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SOUND_PORT, loadConfig, type ConfigFile } from './app/config.js';
import { footlightHome } from './app/home.js';
import { readMidiDevices, writeMidiDevices } from './app/midi-devices-file.js';
import { writeStatus, type StatusFile } from './app/status-file.js';
import { createConsole, type ConsoleSurface } from './console/index.js';
import { ListenError, startHttpServer, type RunningHttpServer } from './http/server.js';
import { isLoopbackHost } from './net/guards.js';
import { ComponentDocs } from './light/docs/component-docs.js';
import { buildDemoShow } from './light/demo-show.js';
import { buildGridDemo } from './light/grid-demo.js';
import { LightShow } from './light/show/light-show.js';
import { LX_VERSION } from './light/component/lx-component.js';
import { pointPool } from './light/parallel/point-pool.js';
import { defaultRenderThreads } from './engine/render-threads.js';
import { OutputEngine } from './light/output/output-engine.js';
import { DmxInput } from './light/input/dmx-input.js';
import { dmxInConfig } from './light/input/dmx-in-config.js';
import type { Protocol } from './light/structure/output-protocols.js';
import { McpEndpoint } from './mcp/endpoint.js';
import { listedInputSchema } from './mcp/lean-schema.js';
import { DEFAULT_OSC_HOST, DEFAULT_OSC_RECEIVE_PORT, DEFAULT_OSC_TRANSMIT_PORT, OscSurface } from './osc/osc-surface.js';
import { oscParamsRoute } from './osc/osc-params-route.js';
import { FootlightError } from './engine/errors.js';
import { MidiKeys } from './midi/midi-keys.js';
import { MidiSurface } from './midi/midi-surface.js';
import { SurfaceHost } from './midi/surfaces/surface-host.js';
import { OscQueryServer } from './osc/oscquery.js';
import { MdnsAdvertiser, mdnsServiceFor, type MdnsLoopbackTarget } from './osc/mdns.js';
import type { CallRecord } from './mcp/register-tools.js';
import type { ServerState, Services } from './tools/context.js';
import { TOOLS } from './tools/index.js';
import { ToolRegistry } from './tools/invoke.js';
import { selectSurface } from './tools/toolsets.js';
import { createSoundHost, openSong, type SoundHost } from './sound/index.js';
import { SampleStore } from './sound/samples/store.js';
import { SampleFolder } from './sound/samples/folder.js';
import { MIN_LEAD_MS, type OutputKind } from './sound/live/messages.js';
import { LivePlayer } from './sound/live/player.js';
import { startProtocol3Server, type Protocol3Server } from './protocol3/server/server.js';
import { dispatchLine } from './protocol3/server/dispatch.js';
import { SoundAdapter } from './sound-client/adapter.js';
import { linkShowClock } from './show/show-clock.js';
import { ClusterNode, type ClusterOptions } from './cluster/node.js';
import { NodeRegistration } from './cluster/node-registration.js';
import { NodeSlice, type SliceSpec } from './cluster/slice.js';
import { linkShowAudio } from './show/song-audio.js';
import { linkLiveAudio } from './show/live-audio.js';
import { linkLightCues } from './show/cue-playback.js';
import { ShowCheck } from './show/check-show.js';
import { SHOW_EXTERNALS } from './show/light-cues.js';
import { TimecodeIn, timecodeInConfig } from './show/timecode/timecode-in.js';
import { MidiOut } from './show/timecode/midi-out.js';
import { openSystemPorts, type SystemPorts } from './midi/system-ports.js';
import type { MidiPortsState } from './tools/context.js';
import { TimecodeOut, timecodeOutConfig } from './show/timecode/timecode-out.js';
import { formatEndpoint, parseEndpoint, type HostEndpoint } from './sound-client/endpoint.js';
import { BUILT_IN_PROFILES } from './light/stage/profiles/built-in.js';
import { defaultFixtureFolder, FixtureLibrary } from './light/stage/profiles/library.js';

export interface FootlightOptions {
  /** Address to bind; default from config.json, else 127.0.0.1. */
  readonly host?: string;
  /** Port for MCP and the console; 0 picks a free one. Default from config.json, else 3232. */
  readonly port?: number;
  /** Protocol-3 listener port; 0 picks a free one. Default 8765. */
  readonly soundPort?: number;
  /**
   * Drive another protocol-3 host ("HOST:PORT") with the sound tools instead of the built-in
   * one. The built-in host and its listener still run.
   */
  readonly soundHost?: string;
  /** Start with the operator's cooperative grant for sound writes on (`serve --sound-cooperative`). */
  readonly soundCooperative?: boolean;
  /** Folder under which the sound tools' save allocates fresh `sound-project-*` folders (default `<home>/sound-projects`). */
  readonly soundOutputRoot?: string;
  /** Footlight's folder for status.json and config.json; default FOOTLIGHT_HOME or ~/.footlight. */
  readonly home?: string;
  readonly log?: Logger;
  /** Run frames in real time (default). Tests may step the clock by hand instead. */
  readonly realtime?: boolean;
  /** Per-request queue deadline in ms (default 30 000). */
  readonly deadlineMs?: number;
  /** Largest HTTP request body, in bytes (default 4 MiB). */
  readonly maxBodyBytes?: number;
  /** The undo history's memory budget in bytes (default 512 MiB; tests shrink it to reach the bound). */
  readonly historyBudgetBytes?: number;
  /** HTTP time limits in ms (tests shorten them): a request's headers, and the whole request. */
  readonly httpTimeouts?: { readonly headersMs?: number; readonly requestMs?: number };
  /** Bytes of finished MCP task results kept at once, every session and era together (default 64 MiB; tests shrink it). */
  readonly taskResultBytes?: number;
  /** Idle time after which a 2025-era MCP session is closed, in ms (default 30 minutes). */
  readonly sessionIdleMs?: number;
  /** Most open 2025-era MCP sessions (default 64). */
  readonly maxSessions?: number;
  /** Toolsets to serve over MCP (`all`, `light`, `sound`, or toolset names); default all. */
  readonly toolsets?: readonly string[];
  /** Serve only tools that never change the show. */
  readonly readOnlyTools?: boolean;
  /** Write status.json (default true). */
  readonly writeStatus?: boolean;
  /** The song track whose post-fader output the light's audio devices hear (by name; the first of that name); default the master output. */
  readonly audioTrack?: string;
  /** Which built-in show opens without a project: the stage show made for the demo song (default), or the small 32×32 grid many tests start from. */
  readonly demo?: 'stage' | 'grid';
  /** An LX project (.lxp) to open instead of the built-in demo show. */
  readonly project?: string;
  /** LX media folder for the project (Fixtures/, Models/); default beside the project. */
  readonly media?: string;
  /** The folder of DMX fixture profiles (default: config.json's `fixtureLibrary`, else QLC+'s installed library when present). */
  readonly fixtureLibrary?: string;
  /** The sample folder the Sampler may load from (default: config.json's `samples`, else none). */
  readonly samples?: string;
  /** A song to open in the sound host instead of the demo: a sound project folder or its .bwproject (its samples load from `samples`). */
  readonly song?: string;
  /** OSC listen address; default 127.0.0.1 (loopback). */
  readonly oscHost?: string;
  /** OSC receive port; 0 picks a free one. Default 3030. */
  readonly oscReceivePort?: number;
  /** OSC receive port; 0 picks a free one. Default: config.json's `oscPort`, else 3030. */
  /** Where every OSC change is sent: `HOST:PORT` or `off`. Default: config.json's `oscTransmit`, else 127.0.0.1:4040. */
  readonly oscTransmit?: string;
  /** OSC transmit port on 127.0.0.1 (tests); 0 transmits nowhere. Overrides `oscTransmit`. */
  readonly oscTransmitPort?: number;
  /** The OSCQuery HTTP port (`serve --oscquery-port`); 0 picks a free one. Default: config.json's `oscQueryPort`, else off. */
  readonly oscQueryPort?: number;
  /**
   * Advertise OSCQuery (`_oscjson._tcp`) and the OSC port (`_osc._udp`) over mDNS (`serve --oscquery-mdns`):
   * true joins the multicast group on UDP 5353; a loopback target sends there instead, with no multicast
   * (tests). Without an OSCQuery port it serves OSCQuery on a free one. Default: config.json's `oscQueryMdns`, else off.
   */
  readonly oscQueryMdns?: boolean | MdnsLoopbackTarget;
  /**
   * System MIDI ports (`serve --midi-ports`): `all` opens every input (and each one's output of the same name), a list the
   * inputs whose names contain an entry. Default: config.json's `midiPorts`, else none (MIDI comes from the console's Web MIDI).
   */
  readonly midiPorts?: 'all' | readonly string[];
  /** `mtc:NAME` or `clock:NAME`: the song's MTC or MIDI clock to the open port NAME names (`serve --midi-sync-out`). Default: config.json's `midiSyncOut`. */
  readonly midiSyncOut?: readonly string[];
  /**
   * Live playback of the sound host (a render worker, src/sound/live): `device` plays to the sound
   * card (`serve --audio-out`), `none` to a real-time context with no device, `clock` to nothing,
   * paced by the wall clock (`serve`'s default). Default: off (tests step the transport by hand).
   */
  readonly liveAudio?: OutputKind;
  /** How far ahead of its output the live engine renders, ms (MIN_LEAD_MS–1000, default 128): shorter plays a keyboard sooner, risks dropouts. */
  readonly liveAudioLeadMs?: number;
  /** Threads that render frames, the engine thread included. Default: config.json's `renderThreads`, else one per core. */
  readonly renderThreads?: number;
  /**
   * The engine thread's priority (src/engine/thread-priority.ts), set before any thread that
   * inherits it starts. Default: config.json's `renderPriority`, else `defaultRenderPriority`.
   */
  readonly renderPriority?: RenderPriority;
  /** The priority when neither the option nor config.json names one: `serve` says high; default normal (an embedding process keeps its own). */
  readonly defaultRenderPriority?: RenderPriority;
  /** LED output ports per protocol instead of the standard ones (tests send to ephemeral ports). */
  readonly outputPorts?: Partial<Record<Protocol, number>>;
  /**
   * DMX input from a desk (`serve --dmx-in`, `--dmx-in-host`, `--dmx-in-multicast`): receivers
   * such as `artnet`, `sacn:5568/1-4`. Receivers given here replace config.json's. Default: none.
   */
  readonly dmxIn?: { readonly receivers?: readonly string[]; readonly host?: string; readonly multicast?: boolean };
  /**
   * Art-Net timecode out while the song plays (`serve --timecode-out`, `--timecode-rate`,
   * `--timecode-offset`) and in (`--timecode-in`, `--timecode-in-host`, `--timecode-freewheel`):
   * each given value replaces config.json's. Default: none sent, none received.
   */
  readonly timecode?: {
    readonly out?: readonly string[];
    readonly rate?: string;
    readonly offset?: string;
    readonly in?: string;
    readonly inHost?: string;
    readonly freewheelMs?: number;
  };
  /** The clock (ms) timecode in dates what it receives by; default the process's monotonic clock. Tests step it with the engine's frames. */
  readonly timecodeClock?: () => number;
  /** Run as a node of a cluster (`serve --cluster`, docs/cluster.md); absent: a process on its own. */
  readonly cluster?: ClusterOptions;
  /** A cluster node's slice (`serve --slice`): the fixtures (labels or 0-based indices) it renders and sends; absent: the whole rig. */
  readonly slice?: SliceSpec;
}

export interface RunningFootlight {
  readonly engine: Engine;
  /** The priority the engine thread runs at, and why not the one asked for. */
  readonly renderPriority: RenderPriorityResult;
  readonly sound: SoundHost;
  /** Live playback, when `liveAudio` asked for it. */
  readonly live: LivePlayer | undefined;
  /** The protocol-3 listener of the built-in sound host. */
  readonly protocol3: Protocol3Server;
  /** Who each line of the sound tools' connection to the built-in listener is for (diagnostics, tests). */
  readonly attribution: AttributionRegistry;
  readonly services: Services;
  readonly light: LightShow;
  readonly outputs: OutputEngine;
  /** The DMX input: the operator's Art-Net and sACN receivers (none unless asked for). */
  readonly dmxIn: DmxInput;
  /** Art-Net timecode out (sends nothing without destinations). */
  readonly timecodeOut: TimecodeOut;
  /** Art-Net timecode in (listens only when asked). */
  readonly timecodeIn: TimecodeIn;
  /** The OSC surface; absent when its port could not be bound (logged). */
  readonly osc: OscSurface | undefined;
  /** The OSCQuery server describing the OSC surface; absent unless asked for, or when it could not start (logged). */
  readonly oscQuery: OscQueryServer | undefined;
  /** The mDNS advertisement of OSCQuery; absent unless asked for, or when its socket could not open (logged). */
  readonly mdns: MdnsAdvertiser | undefined;
  /** MIDI into the show's mappings (no device I/O here: the console's Web MIDI and the system ports deliver it). */
  readonly midi: MidiSurface;
  /** MIDI notes onto the armed or selected sound track, played live (src/midi/midi-keys.ts). */
  readonly keys: MidiKeys;
  readonly http: RunningHttpServer;
  readonly mcp: McpEndpoint;
  /** The web console (its routes, socket hub and activity feed). */
  readonly console: ConsoleSurface;
  readonly home: string;
  /** Calls seen since start, newest last (bounded); the console's activity feed reads it. */
  readonly calls: CallRecord[];
  /** This process's node of a cluster (`serve --cluster`), if it is one. */
  readonly cluster: ClusterNode | undefined;
  close(): Promise<void>;
}

const MAX_CALL_RECORDS = 500;

/** Where OSC changes go: the test port, else the option or config.json (`HOST:PORT` or `off`), else 127.0.0.1:4040. */
function oscDestinations(options: FootlightOptions, config: ConfigFile): HostEndpoint[] {
  if (options.oscTransmitPort !== undefined) return options.oscTransmitPort === 0 ? [] : [{ host: DEFAULT_OSC_HOST, port: options.oscTransmitPort }];
  const text = options.oscTransmit ?? config.oscTransmit;
  if (text === 'off') return [];
  return [text === undefined ? { host: DEFAULT_OSC_HOST, port: DEFAULT_OSC_TRANSMIT_PORT } : parseEndpoint(text, 'OSC destination', DEFAULT_OSC_TRANSMIT_PORT)];
}

/** The fixture library: the folder asked for (relative to the home folder), else QLC+'s installed library, else none; the built-in profiles beside it. */
function fixtureLibrary(home: string, folder: string | undefined): FixtureLibrary {
  return new FixtureLibrary(folder === undefined ? defaultFixtureFolder() : resolve(home, folder), BUILT_IN_PROFILES);
}

/** Starts a Footlight process: the engine, the demo show, the HTTP/MCP surface, discovery. */
export async function startFootlight(options: FootlightOptions = {}): Promise<RunningFootlight> {
  const log = options.log ?? createLogger();
  const lead = options.liveAudioLeadMs;
  // Checked before anything opens: a refused start leaves nothing behind.
  if (lead !== undefined && !(lead >= MIN_LEAD_MS && lead <= 1000))
    throw new FootlightError('invalid_argument', `liveAudioLeadMs takes ${MIN_LEAD_MS}–1000 ms, not ${lead}`);
  const home = options.home ?? footlightHome();
  const config = await loadConfig(home, log, {
    dmxIn: (value) => dmxInConfig({}, value),
    timecode: (value) => {
      timecodeOutConfig({}, value);
      timecodeInConfig({}, value);
    },
  });
  const host = options.host ?? config.host ?? DEFAULT_HOST;
  const port = options.port ?? config.port ?? DEFAULT_PORT;
  const soundPort = options.soundPort ?? config.soundPort ?? DEFAULT_SOUND_PORT;
  // Checked before anything starts: a DMX input the operator mistyped stops the start with the reason.
  const dmxConfig = dmxInConfig(options.dmxIn ?? {}, config.dmxIn);
  const timecodeConfig = timecodeOutConfig(options.timecode ?? {}, config.timecode);
  const timecodeInOptions = timecodeInConfig(options.timecode ?? {}, config.timecode);
  const midiWanted = options.midiPorts ?? (config.midiPorts === true ? 'all' : config.midiPorts === false ? undefined : config.midiPorts);
  let midiPorts: MidiPortsState = { requested: midiWanted !== undefined, on: false, ports: [] };
  const midiSync = parseMidiSync(options.midiSyncOut ?? config.midiSyncOut ?? [], midiWanted !== undefined);
  const info = buildInfo();
  const startedAt = new Date().toISOString();

  const askedPriority = options.renderPriority ?? config.renderPriority;
  const renderPriority = setRenderPriority(askedPriority ?? options.defaultRenderPriority ?? 'normal');
  // Asked for by name, a refusal is a warning; as serve's default it is a line of the log (the banner says it too).
  if (renderPriority.refused !== undefined)
    log[askedPriority === undefined ? 'info' : 'warn']({ reason: renderPriority.refused }, 'the engine thread runs at normal priority');
  pointPool.setThreads(options.renderThreads ?? config.renderThreads ?? defaultRenderThreads());
  const engine = new Engine({
    deadlineMs: options.deadlineMs,
    ...(options.historyBudgetBytes === undefined ? {} : { historyBudgetBytes: options.historyBudgetBytes }),
  });
  engine.queue.onFrameError = (err) => log.error({ err }, 'frame failed');
  // The operator hears once per show that undo can no longer reach its start (the console shows the count).
  let trimLogged = false;
  engine.history.listen((change) => {
    if (change.kind === 'clear') trimLogged = false;
    if (change.kind !== 'trim' || trimLogged) return;
    trimLogged = true;
    log.warn(
      { budgetBytes: engine.history.budgetBytes },
      'the undo history reached its memory budget: its earliest steps are being dropped, so undo can no longer reach the start of the show',
    );
  });
  let light: LightShow;
  if (options.project !== undefined) {
    light = await LightShow.open(engine, options.project, { media: options.media, renderOnClock: false, externals: SHOW_EXTERNALS });
    for (const warning of light.warnings) log.warn({ project: light.projectPath }, warning);
  } else {
    light = new LightShow(engine, undefined, { renderOnClock: false, externals: SHOW_EXTERNALS });
    if (options.demo === 'grid') buildGridDemo(light);
    else buildDemoShow(light);
  }
  light.lx.output.applyRigDefaults(config);
  // A slice names fixtures of the opened show: one it does not have stops the start here, before anything opens.
  const sliceRefs = options.slice ?? (options.cluster === undefined ? undefined : config.slice);
  const slice = sliceRefs === undefined ? undefined : NodeSlice.resolve(light, sliceRefs);
  // A cluster's node connects before anything else opens (a NATS server it cannot reach leaves nothing
  // behind) and before any surface listens (a render node forwards writes from its first request).
  const clusterOptions = options.cluster === undefined ? undefined : { flywheelEnd: config.flywheelEnd, ...options.cluster };
  const cluster = clusterOptions === undefined ? undefined : await ClusterNode.open(clusterOptions, options.project);
  cluster?.followSong(engine);
  // MIDI inputs and surfaces are the machine's (LX's .lxmidi): read at start, written when they change.
  try {
    light.lx.midi.loadDevices(await readMidiDevices(home));
  } catch (err) {
    log.warn({ err }, 'the saved MIDI inputs could not be read; starting without them');
  }
  let savedMidiDevices = JSON.stringify(light.lx.midi.saveDevices());
  let midiDevicesWrite = Promise.resolve();
  engine.history.listen(() => {
    const devices = light.lx.midi.saveDevices();
    const text = JSON.stringify(devices);
    if (text === savedMidiDevices) return;
    savedMidiDevices = text;
    midiDevicesWrite = midiDevicesWrite
      .then(() => writeMidiDevices(home, devices))
      .catch((err: unknown) => log.warn({ err, home }, 'cannot write the MIDI inputs (.lxmidi)'));
  });
  const outputs = new OutputEngine(light, {
    log: log.child({ surface: 'outputs' }),
    ports: options.outputPorts,
    batchSends: config.segmentedSends ?? true,
  });
  // The leader sends the stage (DMX) fixtures whatever its slice; a render node with a slice never does.
  slice?.restrict(outputs, options.cluster?.role === 'leader');
  // Any node may come to lead, and a leader's frames wait for their presentation time (src/cluster/leader-present.ts).
  if (cluster !== undefined) outputs.holdUpTo(cluster.presentDelayMs);
  // DMX input: the receivers the operator named, latched into /lx/dmx at the start of each frame.
  const dmxLog = log.child({ surface: 'dmx-in' });
  const dmxIn = new DmxInput(dmxConfig, dmxLog);
  await dmxIn.start();
  light.dmxSource = dmxIn;
  for (const r of dmxIn.status().receivers) {
    if (r.error !== undefined) dmxLog.warn({ protocol: r.protocol, host: r.host, port: r.port, reason: r.error }, 'a DMX input could not listen');
  }
  if (dmxIn.enabled && !isLoopbackHost(dmxIn.config.host))
    dmxLog.warn(
      { host: dmxIn.config.host },
      `DMX input listens on ${dmxIn.config.host}, which is not loopback: anyone who can reach this address drives the DMX devices ` +
        '(Art-Net and sACN have no authentication).',
    );
  // The frame pipeline, one queue task per frame, in this order: the sound host advances the song
  // (its clock listener runs first), the light renders, the outputs send the finished frame. The
  // console preview reads that frame between tasks (src/console/hub.ts), so it never sees half a frame.
  engine.clock.onFrame((frame) => {
    light.render(frame);
    // A render node catching up with the cluster's log replays frames long past: it sends none of them.
    if (cluster?.sends !== false) outputs.send(frame, light.main, cluster?.presentAt);
  });
  // The sound host advances the song first in every frame, so the light reads this frame's position.
  const samplesDir = options.samples ?? config.samples;
  const cacheBytes = config.sampleCacheMiB === undefined ? undefined : config.sampleCacheMiB * 2 ** 20;
  const samples = new SampleStore(samplesDir === undefined ? null : await SampleFolder.open(samplesDir), cacheBytes);
  // A song opened from its file has its samples loaded before anything plays; one that cannot be loaded is logged, its zone silent.
  const song = options.song === undefined ? undefined : await openSong(options.song, samples);
  for (const m of song?.missing ?? []) log.warn({ song: options.song, sample: m.path }, `the song's sample ${JSON.stringify(m.path)} is missing: ${m.reason}`);
  const sound = createSoundHost(engine, { log, samples, ...(song === undefined ? {} : { project: song.json }) });
  // The project the operator opened keeps its tempo and meter: the built-in song takes them (docs/architecture.md, "One clock").
  // A song opened with it wins, as in render-show (docs/clips.md, "Opening"): what plays sets the beat. The log says what the project gave up.
  const lightTempo = light.lx.tempo;
  const opened = { bpm: lightTempo.bpm.getBaseValue(), beats: lightTempo.beatsPerBar.getBaseValue() };
  const unlinkClock = linkShowClock(light, sound, {
    leader: options.project === undefined || song !== undefined ? 'song' : 'light',
    warn: (message) => log.warn({ project: light.projectPath }, message),
  });
  const linked = { bpm: lightTempo.bpm.getBaseValue(), beats: lightTempo.beatsPerBar.getBaseValue() };
  if (options.project !== undefined && song !== undefined && (linked.bpm !== opened.bpm || linked.beats !== opened.beats))
    log.warn(
      { project: light.projectPath, song: options.song },
      `the light project's tempo (${opened.bpm} bpm, ${opened.beats} beats per bar) gives way to the song's (${linked.bpm} bpm, ${linked.beats} ` +
        "beats per bar): light and song share one clock and the song is what plays, so saving the light project now writes the song's tempo",
    );
  // Taking the project's tempo is where the song starts, not an edit of it.
  sound.markSaved(sound.project);
  const showCues = linkLightCues(light, sound);
  // After the sound host's clock listener (it runs first), so each frame sends the position it just reached.
  const timecodeOut = new TimecodeOut(timecodeConfig, sound, log.child({ surface: 'timecode' }));
  timecodeOut.start();
  // The desk's clock moves the transport after the frame's own step (its locate then holds for the frame).
  const timecodeIn = new TimecodeIn(timecodeInOptions, timecodeConfig.offset, sound, log.child({ surface: 'timecode-in' }), options.timecodeClock);
  await timecodeIn.start(dmxIn);
  // A render node plays no live audio: its song follows the leader's ticks, not an output's clock.
  const live =
    options.liveAudio === undefined || cluster?.role === 'render'
      ? undefined
      : new LivePlayer(sound, {
          output: options.liveAudio,
          log: log.child({ component: 'live-audio' }),
          ...(options.liveAudioLeadMs === undefined ? {} : { leadMs: options.liveAudioLeadMs }),
        });
  // The light hears the master (or --audio-track's track), as render-show does: live, the live
  // engine's own output as it is played; without live audio, the song rendered in step with the frames.
  const heard = options.audioTrack === undefined ? {} : { track: options.audioTrack };
  const showAudio = live !== undefined ? linkLiveAudio(light, live, heard) : linkShowAudio(light, sound, heard);
  engine.history.clear();

  const calls: CallRecord[] = [];
  const bind: ServerState['bind'] = { host, port, url: '' };
  const endpoints: Record<string, { host: string; port: number }> = {};
  let mcp: McpEndpoint | undefined;
  let systemPorts: SystemPorts | undefined;
  const server: ServerState = {
    identity: { serverName: 'footlight', serverVersion: info.version, buildTime: info.buildTime, code: info.code, startedAt, lxVersion: LX_VERSION },
    bind,
    endpoints,
    oscDestinations: () => osc?.transmitDestinations ?? [],
    render: () => ({
      threads: pointPool.threads,
      priority: priorityOf(renderPriority),
      nice: renderPriority.nice,
      ...(renderPriority.refused === undefined ? {} : { refused: renderPriority.refused }),
    }),
    connections: () => mcp?.connections() ?? { connected: false, activeSessions: 0 },
    midiPorts: () => ({ ...midiPorts, ports: consoleSurface.hub.midiPortStatus() }),
  };
  let soundEndpoint: HostEndpoint | undefined;
  if (options.soundHost !== undefined) {
    soundEndpoint = parseEndpoint(options.soundHost);
    if (!isLoopbackHost(soundEndpoint.host))
      log.warn(
        { soundHost: formatEndpoint(soundEndpoint) },
        'the sound tools will drive a protocol-3 host on another machine: protocol 3 has no authentication, so anyone on the path can read and change that ' +
          'project',
      );
  }
  // Sound tools' writes to the built-in host are attributed to the MCP caller, not to the
  // adapter's connection; a host named by --sound-host sees (and records) that connection.
  const attribution = new AttributionRegistry();
  const soundAdapter = new SoundAdapter({
    endpoint: () => soundEndpoint ?? endpoints.protocol3 ?? { host: '127.0.0.1', port: soundPort },
    log,
    ...(soundEndpoint === undefined ? { attribution } : {}),
    outputRoot: options.soundOutputRoot ?? join(home, 'sound-projects'),
  });
  // The operator's own component notes (FOOTLIGHT_HOME/components/<class>.md) win over the built-in ones.
  const docs = new ComponentDocs(light.registry, { overlayDir: join(home, 'components') });
  const surface = selectSurface(TOOLS, { toolsets: options.toolsets ?? config.toolsets, readOnly: options.readOnlyTools });
  const services: Services = {
    engine,
    light,
    docs,
    outputs,
    dmxIn,
    timecodeOut,
    timecodeIn,
    server,
    log,
    policy: { agentsReadOnly: false, soundCooperative: options.soundCooperative ?? false },
    soundAdapter,
    tools: surface.served,
    listedToolsets: surface.listed,
    listedInputSchema,
    lightCues: showCues.cues,
    fixtureLibrary: fixtureLibrary(home, options.fixtureLibrary ?? config.fixtureLibrary),
    showCheck: new ShowCheck(engine, light, sound, options.audioTrack === undefined ? {} : { audioTrack: options.audioTrack }),
    ...(cluster === undefined ? {} : { cluster }),
  };
  const writeStatusFile = options.writeStatus ?? true;
  const status = (): StatusFile => {
    const c = server.connections();
    const s: StatusFile = {
      pid: process.pid,
      port: bind.port,
      host: bind.host,
      url: bind.url,
      lxVersion: LX_VERSION,
      serverVersion: info.version,
      buildTime: info.buildTime,
      code: info.code,
      startedAt,
      running: true,
      connected: c.connected,
    };
    if (bind.accessToken !== undefined) s.accessToken = bind.accessToken;
    if (light.projectPath !== undefined) s.projectPath = light.projectPath;
    if (endpoints.protocol3 !== undefined) s.protocol3 = { ...endpoints.protocol3 };
    if (c.lastActivityAt !== undefined) s.lastActivityAt = c.lastActivityAt;
    if (osc?.receivePort !== undefined) s.osc = { host: osc.receiveHost, receivePort: osc.receivePort };
    if (oscQuery?.port !== undefined) s.oscquery = { host: oscQuery.host, port: oscQuery.port, mdns: mdns === undefined ? false : mdns.service.instance };
    if (midiPorts.requested)
      s.midiPorts = {
        on: midiPorts.on,
        ...(midiPorts.reason === undefined ? {} : { reason: midiPorts.reason }),
        devices: consoleSurface.hub.midiPortStatus().map((p) => p.name),
      };
    const dmx = dmxIn.bound;
    if (dmx.length > 0) s.dmxIn = { host: dmxIn.config.host, receivers: dmx.map((r) => ({ protocol: r.protocol, port: r.port })) };
    if (cluster !== undefined) {
      const c = cluster.status();
      s.cluster = { role: c.role, node: c.node, slice: c.slice, leader: c.leader, lag: c.lag, frame: c.frame, presentDelayMs: c.presentDelayMs };
      if (c.catchingUp !== undefined) s.cluster.catchingUp = c.catchingUp;
      if (c.caughtUp !== undefined) s.cluster.caughtUp = c.caughtUp;
    }
    return s;
  };
  let statusWrites = Promise.resolve();
  const publishStatus = (extra: Partial<StatusFile> = {}): Promise<void> => {
    if (!writeStatusFile) return Promise.resolve();
    statusWrites = statusWrites
      .then(() => writeStatus(home, { ...status(), ...extra }))
      .catch((err: unknown) => log.warn({ err, home }, 'cannot write status.json'));
    return statusWrites;
  };

  /** Closes what started before the surfaces, when a later step of the start fails. */
  const closeEngineParts = async (): Promise<void> => {
    await outputs.close();
    await dmxIn.close();
    await timecodeOut.close();
    await timecodeIn.close();
    await live?.close();
    restoreRenderPriority(renderPriority);
  };
  // Before any surface and the first frame: the leader's log opens with its start; a render node begins to replay.
  try {
    await cluster?.start(
      {
        engine,
        light,
        transport: sound.transport,
        sound,
        tools: new ToolRegistry(services, TOOLS),
        // A render node replays the protocol-3 lines the leader logged through the same dispatcher.
        protocol3: (line, origin, hooks) =>
          dispatchLine(sound, line, queuedRequest(engine.queue, origin, Date.now() + engine.deadlineMs, 'cluster'), log, hooks),
        sendBlack: () => outputs.sendBlack(),
        log,
        onStatus: () => void publishStatus(),
      },
      options.project,
    );
    if (cluster !== undefined) await NodeRegistration.start(cluster, { engine, light, outputs, log }, slice);
  } catch (err) {
    await cluster?.close();
    await closeEngineParts();
    throw err;
  }
  const midi = new MidiSurface(services);
  // A note plays the armed or selected sound track (its input's Channel flag) and drives the mappings (its Control flag): both apply.
  const keys = new MidiKeys(services, sound, live);
  // A device an enabled control surface is bound to drives its driver instead (src/midi/surfaces/).
  const surfaces = new SurfaceHost(services);
  const receiveMidi = async (data: readonly number[], input: string) => {
    if (surfaces.takes(input)) {
      await surfaces.receive(data, input);
      return {};
    }
    const [played] = await Promise.all([keys.receive(data, input), midi.receive(data, input)]);
    return played;
  };
  const consoleSurface = createConsole({
    services,
    light,
    log,
    mcp: () => mcp,
    calls,
    sound,
    live,
    midi: receiveMidi,
    surfaceLeds: (send) => surfaces.subscribe(send),
    midiOut: new MidiOut(sound, timecodeConfig),
  });
  mcp = new McpEndpoint({
    services,
    log,
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    sessionIdleMs: options.sessionIdleMs,
    maxSessions: options.maxSessions,
    ...(options.taskResultBytes === undefined ? {} : { taskResultBytes: options.taskResultBytes }),
    onCall: (r) => {
      calls.push(r);
      if (calls.length > MAX_CALL_RECORDS) calls.shift();
      consoleSurface.recordCall(r);
    },
    onStatusChange: () => void publishStatus(),
  });
  const oscReceivePort = options.oscReceivePort ?? config.oscPort ?? DEFAULT_OSC_RECEIVE_PORT;
  let osc: OscSurface | undefined = new OscSurface({
    services,
    log: log.child({ surface: 'osc' }),
    receiveHost: options.oscHost ?? DEFAULT_OSC_HOST,
    receivePort: oscReceivePort,
    destinations: oscDestinations(options, config),
  });
  try {
    await osc.start();
    endpoints.osc = { host: osc.receiveHost, port: osc.receivePort ?? 0 };
  } catch (err) {
    log.warn(
      { err, port: oscReceivePort },
      'OSC is off: its receive port could not be bound (is another show running? start with --osc-port 0 or another port)',
    );
    await osc.close();
    osc = undefined;
  }
  const mdnsWanted = options.oscQueryMdns ?? config.oscQueryMdns ?? false;
  // Advertised, OSCQuery needs no port of the operator's choosing: a free one.
  const oscQueryPort = options.oscQueryPort ?? config.oscQueryPort ?? (mdnsWanted === false ? undefined : 0);
  let oscQuery: OscQueryServer | undefined;
  let mdns: MdnsAdvertiser | undefined;
  if (oscQueryPort !== undefined && osc === undefined) log.warn({ port: oscQueryPort }, 'OSCQuery is off: there is no OSC surface to describe');
  else if (oscQueryPort !== undefined && osc !== undefined) {
    oscQuery = new OscQueryServer({ engine, light, osc, log: log.child({ surface: 'oscquery' }), port: oscQueryPort });
    try {
      await oscQuery.start();
    } catch (err) {
      log.warn({ err, port: oscQueryPort }, 'OSCQuery is off: its HTTP port could not be bound (choose another with --oscquery-port, or 0)');
      await oscQuery.close();
      oscQuery = undefined;
    }
  }
  let protocol3: Protocol3Server;
  try {
    protocol3 = await startProtocol3Server({
      host,
      port: soundPort,
      soundHost: sound,
      engine,
      log,
      deadlineMs: options.deadlineMs,
      attribution,
      // A cluster's leader logs protocol-3 writes from outside clients as their lines; a render node sends them to the leader.
      ...(cluster === undefined ? {} : { writes: cluster.lineHooks }),
    });
  } catch (err) {
    await cluster?.close();
    await mcp.close();
    await oscQuery?.close();
    await osc?.close();
    await closeEngineParts();
    throw err instanceof Error ? new ListenError(`${err.message} (use --sound-port to choose the protocol-3 port)`) : err;
  }
  endpoints.protocol3 = { host: protocol3.host, port: protocol3.port };
  let http: RunningHttpServer;
  try {
    http = await startHttpServer({
      host,
      port,
      log,
      mcp,
      maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
      routes: [oscParamsRoute(engine, light, osc), ...consoleSurface.routes],
      upgrades: consoleSurface.upgrades,
      ...(options.httpTimeouts?.headersMs === undefined ? {} : { headersTimeoutMs: options.httpTimeouts.headersMs }),
      ...(options.httpTimeouts?.requestMs === undefined ? {} : { requestTimeoutMs: options.httpTimeouts.requestMs }),
    });
  } catch (err) {
    await cluster?.close();
    await consoleSurface.close();
    await mcp.close();
    await protocol3.close();
    await oscQuery?.close();
    await osc?.close();
    await closeEngineParts();
    throw err;
  }
  bind.port = http.port;
  bind.url = http.url;
  if (http.accessToken !== undefined) bind.accessToken = http.accessToken;
  // System MIDI ports onto the console's MIDI path; without the package or a MIDI system, the reason, and the show goes on.
  if (midiWanted !== undefined) {
    systemPorts = await openSystemPorts(midiWanted);
    const opened = systemPorts.ports;
    const sync = midiSync.flatMap((s) => {
      const port = opened.find((p) => p.output !== undefined && p.name.toLowerCase().includes(s.name.toLowerCase()));
      return port === undefined ? [] : [{ ...s, name: port.name }];
    });
    const lost = [
      ...systemPorts.unmatched.map((n) => `no MIDI input matches ${n}`),
      ...midiSync
        .filter((s) => !opened.some((p) => p.output !== undefined && p.name.toLowerCase().includes(s.name.toLowerCase())))
        .map((s) => `no open MIDI output matches ${s.name}`),
    ];
    const reason = systemPorts.reason ?? (opened.length === 0 ? 'no MIDI input is connected' : lost.length === 0 ? undefined : lost.join('; '));
    midiPorts = { requested: true, on: systemPorts.ports.length > 0, ...(reason === undefined ? {} : { reason }), ports: [] };
    if (opened.length > 0) consoleSurface.hub.attachMidiPorts(opened, sync);
    log.info({ devices: systemPorts.ports.map((p) => p.name), reason }, midiPorts.on ? 'system MIDI ports open' : 'system MIDI ports are off');
  }
  // A live show has a time of day (Timer, Damper); offline renders and tests have none; a cluster's is the leader's frame's.
  if ((options.realtime ?? true) && cluster === undefined) (light.lx as { wallClockMs?: () => number }).wallClockMs = () => Date.now();
  // A render node's frames come from the log, which it starts to replay now.
  if ((options.realtime ?? true) && cluster?.role !== 'render') engine.clock.start(60);
  cluster?.run();
  // Advertised last, once every port is open: a show that fails to start never announces itself.
  if (mdnsWanted !== false && oscQuery?.port !== undefined && osc?.receivePort !== undefined) {
    const service = mdnsServiceFor({ projectPath: light.projectPath, bindHost: oscQuery.host, httpPort: oscQuery.port, oscPort: osc.receivePort });
    mdns = new MdnsAdvertiser(service, { log: log.child({ surface: 'mdns' }), ...(mdnsWanted === true ? {} : { target: mdnsWanted }) });
    try {
      await mdns.start();
    } catch (err) {
      log.warn({ err }, 'mDNS advertisement is off: its socket (UDP 5353) could not open; controllers need the OSCQuery address by hand');
      mdns = undefined;
    }
  } else if (mdnsWanted !== false) log.warn({}, 'mDNS advertisement is off: OSCQuery is off (see the warning above)');
  await publishStatus();
  log.info({ url: http.url, pid: process.pid, home }, 'Footlight is running');

  let closed = false;
  return {
    engine,
    renderPriority,
    sound,
    live,
    protocol3,
    attribution,
    services,
    light,
    outputs,
    dmxIn,
    timecodeOut,
    timecodeIn,
    osc,
    oscQuery,
    mdns,
    midi,
    keys,
    http,
    mcp,
    console: consoleSurface,
    home,
    calls,
    cluster,
    async close() {
      if (closed) return;
      closed = true;
      engine.clock.stop();
      await cluster?.close();
      unlinkClock();
      showAudio.unlink();
      showCues.unlink();
      await consoleSurface.close();
      await mdns?.close();
      systemPorts?.close();
      await oscQuery?.close();
      await osc?.close();
      await outputs.close();
      await dmxIn.close();
      await timecodeOut.close();
      await timecodeIn.close();
      await mcp.close();
      await soundAdapter.close();
      await http.close();
      await protocol3.close();
      await live?.close();
      await midiDevicesWrite;
      restoreRenderPriority(renderPriority);
      await publishStatus({ running: false, connected: false, stoppedAt: new Date().toISOString() });
    },
  };
}

/** `--midi-sync-out mtc:NAME` / `clock:NAME`, by name (both for one port: MTC and clock); refused with the reason before anything starts. */
function parseMidiSync(specs: readonly string[], ports: boolean): { name: string; mtc: boolean; clock: boolean }[] {
  const out: { name: string; mtc: boolean; clock: boolean }[] = [];
  for (const spec of specs) {
    const m = /^(mtc|clock):(.+)$/.exec(spec.trim());
    if (m === null) throw new FootlightError('invalid_argument', `--midi-sync-out takes mtc:NAME or clock:NAME (a MIDI output), not ${JSON.stringify(spec)}`);
    if (!ports) throw new FootlightError('invalid_argument', '--midi-sync-out sends to a port --midi-ports opens: give --midi-ports too');
    const name = m[2].trim();
    let entry = out.find((e) => e.name.toLowerCase() === name.toLowerCase());
    if (entry === undefined) out.push((entry = { name, mtc: false, clock: false }));
    if (m[1] === 'mtc') entry.mtc = true;
    else entry.clock = true;
  }
  return out;
}
