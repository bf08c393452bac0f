import { Command, InvalidArgumentError } from 'commander';
import { packageVersion } from '../app/build-info.js';
import { RENDER_THREADS_RULE, isRenderThreadCount } from '../engine/render-threads.js';
import { RENDER_PRIORITIES, type RenderPriority } from '../engine/thread-priority.js';
import { parseEndpoint } from '../sound-client/endpoint.js';
import { DEFAULT_LEAD_MS, MIN_LEAD_MS } from '../sound/live/messages.js';
import { DMX_IN_SPEC_HELP, parseReceiverSpec } from '../light/input/dmx-in-config.js';
import { TIMECODE_IN_HELP, timecodeInConfig } from '../show/timecode/timecode-in.js';
import { isMtcOut, parseTimecodeDestination, TIMECODE_OUT_HELP, TIMECODE_RATE_HELP } from '../show/timecode/timecode-out.js';
import { TIMECODE_FORMAT_HELP } from '../show/timecode/timecode.js';
import { LTC_HELP, positiveNumber, timecodeOffset, timecodeRate } from './options.js';
import { addRenderSoundCommand } from './render-sound-command.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535 (0 picks a free one)');
  return n;
}

function soundHost(value: string): string {
  try {
    parseEndpoint(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return value;
}

function oscTransmit(value: string): string {
  if (value === 'off') return value;
  try {
    parseEndpoint(value, 'OSC destination', 4040);
  } catch (err) {
    throw new InvalidArgumentError(`${(err as Error).message}, or off`);
  }
  return value;
}

function dmxIn(value: string, previous: string[] = []): string[] {
  try {
    parseReceiverSpec(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return [...previous, value];
}

function timecodeOut(value: string, previous: string[] = []): string[] {
  try {
    if (!isMtcOut(value)) parseTimecodeDestination(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return [...previous, value];
}

function timecodeIn(value: string): string {
  try {
    timecodeInConfig({ in: value });
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return value;
}

function timecodeFreewheel(value: string): number {
  const ms = Number(value);
  try {
    timecodeInConfig({ freewheelMs: ms });
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return ms;
}

function audioLead(value: string): number {
  const ms = Number(value);
  if (!(ms >= MIN_LEAD_MS && ms <= 1000)) throw new InvalidArgumentError(`a number of milliseconds, ${MIN_LEAD_MS}–1000`);
  return ms;
}

function renderThreads(value: string): number {
  const n = Number(value);
  if (!isRenderThreadCount(n)) throw new InvalidArgumentError(RENDER_THREADS_RULE);
  return n;
}

function renderPriority(value: string): RenderPriority {
  if (!(RENDER_PRIORITIES as readonly string[]).includes(value)) throw new InvalidArgumentError(`${RENDER_PRIORITIES.join(' or ')}`);
  return value as RenderPriority;
}

function clusterUrl(value: string): string {
  if (!/^nats:\/\/[^\s/:]+(:\d{1,5})?$/.test(value)) throw new InvalidArgumentError('nats://HOST:PORT, the NATS server (with JetStream) of the cluster');
  return value;
}

function clusterRole(value: string): 'leader' | 'render' {
  if (value !== 'leader' && value !== 'render') throw new InvalidArgumentError('leader or render');
  return value;
}

function presentDelay(value: string): number {
  const ms = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || ms > 1000) throw new InvalidArgumentError('milliseconds from 0 to 1000');
  return ms;
}

/** A cluster's time setting in seconds (--lease, --flywheel). */
function clusterSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.5 || n > 3600) throw new InvalidArgumentError('seconds, from 0.5 to 3600');
  return n;
}

/** Seconds between a cluster's checkpoints (--checkpoint): 0 for none, else 1 to 3600. */
function checkpointSeconds(value: string): number {
  const n = Number(value);
  // Number() reads '' and ' ' as 0 and '0x10' as 16: only plain decimals are taken.
  if (!/^\d+(\.\d+)?$/.test(value) || (n !== 0 && (n < 1 || n > 3600))) throw new InvalidArgumentError('0 (none), or seconds from 1 to 3600');
  return n;
}

function flywheelEnd(value: string): 'hold' | 'black' {
  if (value !== 'hold' && value !== 'black') throw new InvalidArgumentError('hold or black');
  return value;
}

function nodeName(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new InvalidArgumentError('letters, digits, - and _ (at most 64)');
  return value;
}

const RENDER_THREADS_HELP = 'threads that render frames, the engine thread included (default: one per core; 1 renders on the engine thread alone)';

const program = new Command();
program.name('footlight').description('A live show engine where people and AI agents run lights and sound together.').version(packageVersion());

program
  .command('serve')
  .description('Start Footlight: the light engine, the sound host, MCP at /mcp and the web console (the built-in demo show unless --project is given)')
  .option('--project <file>', 'LX project (.lxp) to open')
  .option('--media <dir>', 'LX media folder for the project (Fixtures/, Models/; default: beside the project)')
  .option(
    '--samples <dir>',
    "the folder the Sampler loads your samples from (WAV, AIFF, FLAC, MP3, OGG); nothing outside it is read (default: config.json's samples, else none)",
  )
  .option(
    '--song <dir>',
    "a song to open in the sound host instead of the demo: a sound project folder or its .bwproject (its Sampler zones' samples load from --samples first)",
  )
  .option('--host <host>', 'address to bind (default 127.0.0.1; anything else exposes the show to the network)')
  .option('--port <port>', 'port for MCP and the console (default 3232; 0 picks a free port)', port)
  .option('--sound-port <port>', 'protocol-3 listener port (default 8765; 0 picks a free port)', port)
  .option(
    '--sound-host <host:port>',
    'drive another protocol-3 host with the sound tools instead of the built-in one (the built-in host still runs)',
    soundHost,
  )
  .option(
    '--audio-track <name>',
    "the song track whose post-fader output the light's audio devices (Beat Detect, Band Filter, the meter) hear instead of the master output " +
      '(default: the master, as render-show); live, they hear the live engine as it plays',
  )
  .option(
    '--sound-cooperative',
    "start with the operator's cooperative grant: agents may change the sound project without a per-call confirmation (revocable in the console)",
  )
  .option('--sound-output-root <dir>', 'folder under which sound saves allocate fresh sound-project-* folders (default <home>/sound-projects)')
  .option('--osc-port <port>', 'OSC receive port on 127.0.0.1 (default 3030; 0 picks a free port)', port)
  .option('--osc-transmit <host:port>', 'where every change is sent as OSC (default 127.0.0.1:4040; off sends nothing)', oscTransmit)
  .option(
    '--oscquery-port <port>',
    'serve OSCQuery (the JSON tree of every OSC address, for TouchOSC, Chataigne) over HTTP on this port beside OSC (default off; 0 picks a free port)',
    port,
  )
  .option(
    '--oscquery-mdns',
    'advertise OSCQuery (_oscjson._tcp) and OSC (_osc._udp) over mDNS so controllers find the show without its address: multicast on UDP 5353 to the ' +
      "LAN (default off, or config.json's oscQueryMdns; without --oscquery-port OSCQuery takes a free port). The address advertised is OSC's, 127.0.0.1",
  )
  .option(
    '--midi-ports [names]',
    "open the system's MIDI inputs (and each one's output of the same name) as the console's Web MIDI inputs are: every one, or those whose names " +
      'contain one of the comma-separated names; needs the optional @julusian/midi package and a MIDI system (ALSA sequencer), else says why',
  )
  .option(
    '--midi-sync-out <kind:name>',
    "send the song's MTC (mtc:NAME, at --timecode-rate) or MIDI clock (clock:NAME) to the output of a port --midi-ports opened; repeat for both " +
      "or for several; replaces config.json's midiSyncOut",
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option(
    '--dmx-in <receiver>',
    `receive DMX from a lighting desk or media server for the DMX pattern and modulators: ${DMX_IN_SPEC_HELP} (ports default to 6454 and ` +
      "5568; repeat for several; replaces config.json's dmxIn receivers)",
    dmxIn,
  )
  .option('--dmx-in-host <address>', 'the address the DMX inputs listen on (default 127.0.0.1; an interface address lets the network drive the show)')
  .option('--dmx-in-multicast', 'sACN: also join the multicast group of each listed universe on the --dmx-in-host interface')
  .option(
    '--timecode-out <destination>',
    `send timecode while the song plays: ${TIMECODE_OUT_HELP}; repeat for several; replaces config.json's timecode.out`,
    timecodeOut,
  )
  .option('--timecode-rate <rate>', `the timecode rate: ${TIMECODE_RATE_HELP} (default 30; 29.97df is drop-frame)`, timecodeRate)
  .option('--timecode-offset <timecode>', `added to the song position: ${TIMECODE_FORMAT_HELP} (default 00:00:00:00)`, timecodeOffset)
  .option(
    '--timecode-in <source>',
    `chase Art-Net timecode (ArtTimeCode): ${TIMECODE_IN_HELP}; the song transport follows the sender's clock, less --timecode-offset`,
    timecodeIn,
  )
  .option('--timecode-in-host <address>', 'the address timecode in listens on (default 127.0.0.1; an interface address to hear a desk on the network)')
  .option('--timecode-freewheel <ms>', 'how long the transport runs on when timecode stops before it stops too (default 500, 0–10000)', timecodeFreewheel)
  .option(
    '--toolsets <list>',
    'MCP toolsets to list, comma-separated: all, light, sound, or names such as structure,palette (default: a small surface; find_tools reaches every other ' +
      'tool)',
  )
  .option('--read-only', 'serve only MCP tools that never change the show')
  .option(
    '--audio-out',
    'play the sound host to the sound card (needs the optional node-web-audio-api package; without a card it says why and plays to no device)',
  )
  .option(
    '--audio-lead <ms>',
    `how far ahead of its output the live audio engine renders (default ${DEFAULT_LEAD_MS}, ${MIN_LEAD_MS}–1000): shorter, a MIDI keyboard sounds sooner; ` +
      'too short for a loaded machine, the output drops out (late blocks in sound status)',
    audioLead,
  )
  .option(
    '--render-threads <n>',
    `${RENDER_THREADS_HELP.replace('(default: one per core;', "(default: config.json's renderThreads, else one per core;")}`,
    renderThreads,
  )
  .option(
    '--render-priority <level>',
    "the engine thread's priority: high (default, or config.json's renderPriority) runs frames before agents' clients and other programs; normal " +
      'leaves it as started. High needs a privilege (root, CAP_SYS_NICE or a nice limit); without one the show says so and runs at normal',
    renderPriority,
  )
  .option(
    '--cluster <url>',
    'run as a node of a cluster whose show log is on this NATS server (JetStream), nats://HOST:PORT: see docs/cluster.md (needs --node and --role)',
    clusterUrl,
  )
  .option('--node <name>', "this node's name in the cluster (letters, digits, - and _)", nodeName)
  .option(
    '--role <role>',
    'leader (takes the lease, runs the show and appends every write and frame to the log; continues a log the show has) or render (replays ' +
      'the log, sends writes to the leader, takes over when the lease lapses)',
    clusterRole,
  )
  .option('--fresh', "leader: empty the show's log and start the show anew, instead of continuing the log it has")
  .option('--no-lead', 'render node: never take the lease, whatever happens to the leader (a render PC that must not run the show)')
  .option(
    '--cluster-delay <ms>',
    'present each frame this long after the leader ran it (0–1000 ms, default 50; a leader sends it then), so every node shows frame f together',
    presentDelay,
  )
  .option(
    '--slice <fixtures>',
    'with --cluster: the fixtures this node renders and sends, by label or 0-based index (A,B or 0,3), none, or auto (the leader assigns them; ' +
      "default: config.json's slice, else all)",
  )
  .option('--lease <seconds>', "a cluster's leader lease: how long it lasts unless renewed, so how soon a render node takes over (default 3)", clusterSeconds)
  .option(
    '--flywheel <seconds>',
    'how long a render node without ticks presents frames on its own clock before it holds its last frame or sends black (default 10)',
    clusterSeconds,
  )
  .option('--flywheel-end <end>', 'what a render node presents once its flywheel ran out: hold (its last frame, the default) or black', flywheelEnd)
  .option('--outbox <writes>', "how many writes a cluster's leader holds while the log is unreachable before it refuses more (default 64)", positiveInt)
  .option(
    '--checkpoint <seconds>',
    "seconds between a cluster leader's checkpoints, from which late nodes join and behind which it trims the log's frames (default 45); " +
      '0: none (a leader keeps the whole log; a render node replays it, unless it was trimmed)',
    checkpointSeconds,
  )
  .action(
    async (opts: {
      project?: string;
      media?: string;
      samples?: string;
      song?: string;
      host?: string;
      port?: number;
      soundPort?: number;
      soundHost?: string;
      soundCooperative?: boolean;
      audioTrack?: string;
      soundOutputRoot?: string;
      oscPort?: number;
      oscTransmit?: string;
      oscqueryPort?: number;
      oscqueryMdns?: boolean;
      midiPorts?: boolean | string;
      midiSyncOut?: string[];
      dmxIn?: string[];
      dmxInHost?: string;
      dmxInMulticast?: boolean;
      timecodeOut?: string[];
      timecodeRate?: string;
      timecodeOffset?: string;
      timecodeIn?: string;
      timecodeInHost?: string;
      timecodeFreewheel?: number;
      toolsets?: string;
      readOnly?: boolean;
      audioOut?: boolean;
      audioLead?: number;
      renderThreads?: number;
      renderPriority?: RenderPriority;
      cluster?: string;
      node?: string;
      role?: 'leader' | 'render';
      fresh?: boolean;
      lead?: boolean;
      clusterDelay?: number;
      slice?: string;
      lease?: number;
      flywheel?: number;
      flywheelEnd?: 'hold' | 'black';
      outbox?: number;
      checkpoint?: number;
    }) => (await import('./serve.js')).serve(opts),
  );

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a whole number of 1 or more');
  return n;
}

program
  .command('render')
  .description("Render an LX project headless and print its frames in the golden JSON format (LX's offline stepping protocol)")
  .argument('<project>', 'LX project (.lxp)')
  .requiredOption('--frames <n>', 'number of frames to run (required)', positiveInt)
  .requiredOption('--delta-ms <ms>', 'milliseconds per frame, e.g. 16.666666666666668 for 60 fps (required)', positiveNumber)
  .option('--every <k>', 'record every k-th frame (default 1)', positiveInt)
  .option('--media <dir>', "LX media folder holding Fixtures/ and Models/ (default: the project's folder, or its parent for Projects/)")
  .option('--out <file>', 'write the JSON to this file instead of stdout')
  .option('--render-threads <n>', RENDER_THREADS_HELP, renderThreads)
  .action(async (project: string, opts: { frames: number; deltaMs: number; every?: number; media?: string; out?: string; renderThreads?: number }) =>
    (await import('./render.js')).render(project, opts),
  );

addRenderSoundCommand(program);

program
  .command('render-show')
  .description(
    'Render the whole show offline on one clock: show.wav, the light frames (golden JSON), a contact sheet of the rig in every bar and, where ffmpeg ' +
      'exists, an MP4 preview with the audio (the demo show unless --project/--song are given)',
  )
  .option('--project <lxp>', 'the light project (.lxp; its light cues play on the song)')
  .option('--song <dir>', "the song: a sound project folder (as the console's save or song_save_project writes it) or the .bwproject file inside it")
  .option(
    '--seconds <n>',
    "render this many seconds from the song's start (default: as render-sound, to the end of the arrangement plus a 2 s tail)",
    positiveNumber,
  )
  .option('--audio-track <name>', "the song track whose post-fader output the light's audio devices hear instead of the master output (default: the master)")
  .option('--samples <dir>', "the sample folder the song's Sampler zones load from (nothing outside it is read)")
  .option('--ltc [channel]', `${LTC_HELP} in show.wav and the MP4`)
  .option('--timecode-rate <rate>', `the LTC rate: ${TIMECODE_RATE_HELP} (default 30; 29.97df is drop-frame)`, timecodeRate)
  .option('--timecode-offset <timecode>', `the LTC label at the song's start: ${TIMECODE_FORMAT_HELP} (default 00:00:00:00)`, timecodeOffset)
  .requiredOption('--out <dir>', 'the folder to write into (created if missing)')
  .action(
    async (opts: {
      project?: string;
      song?: string;
      seconds?: number;
      audioTrack?: string;
      samples?: string;
      out: string;
      ltc?: string | boolean;
      timecodeRate?: string;
      timecodeOffset?: string;
    }) => (await import('./render-show.js')).renderShowCommand(opts),
  );

program
  .command('status')
  .description('Show whether a Footlight is running (reads status.json, checks the process and the server)')
  .action(async () => (await import('./status.js')).status());

program
  .command('bridge')
  .description('Relay MCP between stdio and a running Footlight (for clients such as Claude Desktop that only start stdio servers)')
  .option('--url <url>', 'MCP endpoint (default: the url in status.json)')
  .option('--token <token>', 'access token of a Footlight listening beyond loopback (default: the one in status.json)')
  .action(async (opts: { url?: string; token?: string }) => (await import('./bridge.js')).bridge(opts));

await program.parseAsync(process.argv);
