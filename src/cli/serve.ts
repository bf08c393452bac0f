import { isFootlightError } from '../engine/errors.js';
import { resolve } from 'node:path';
import { footlightHome } from '../app/home.js';
import { logPath, serveLogger } from './serve-log.js';
import { ListenError } from '../http/server.js';
import { startFootlight } from '../main.js';
import { type RenderPriority, priorityOf } from '../engine/thread-priority.js';
import { pointPool } from '../light/parallel/point-pool.js';
import { TOOLS } from '../tools/index.js';
import type { MidiPortsState } from '../tools/context.js';
import { selectSurface } from '../tools/toolsets.js';
import { formatUniverses } from '../light/input/dmx-in-config.js';
import { type SliceSpec, parseSlice } from '../cluster/slice.js';
import { handOver, nextRun, rebuiltBefore, supervised } from './serve-rebuild.js';

export interface ServeOptions {
  readonly project?: string;
  readonly media?: string;
  readonly samples?: string;
  readonly song?: string;
  readonly host?: string;
  readonly port?: number;
  readonly soundPort?: number;
  readonly soundHost?: string;
  readonly soundCooperative?: boolean;
  readonly audioTrack?: string;
  readonly soundOutputRoot?: string;
  readonly oscPort?: number;
  readonly oscTransmit?: string;
  readonly oscqueryPort?: number;
  readonly oscqueryMdns?: boolean;
  /** `--midi-ports` alone (true): every system MIDI input; with names: those, comma-separated. */
  readonly midiPorts?: boolean | string;
  readonly midiSyncOut?: readonly string[];
  readonly dmxIn?: readonly string[];
  readonly dmxInHost?: string;
  readonly dmxInMulticast?: boolean;
  readonly timecodeOut?: readonly string[];
  readonly timecodeRate?: string;
  readonly timecodeOffset?: string;
  readonly timecodeIn?: string;
  readonly timecodeInHost?: string;
  readonly timecodeFreewheel?: number;
  readonly toolsets?: string;
  readonly readOnly?: boolean;
  readonly audioOut?: boolean;
  readonly audioLead?: number;
  readonly renderThreads?: number;
  readonly renderPriority?: RenderPriority;
  /** serve --cluster nats://HOST:PORT --node NAME --role leader|render (docs/cluster.md). */
  readonly cluster?: string;
  readonly node?: string;
  readonly role?: 'leader' | 'render';
  /** serve --fresh: a leader empties the show's log instead of continuing it; --no-lead (lead false): a render node never leads. */
  readonly fresh?: boolean;
  readonly lead?: boolean;
  /** serve --cluster-delay MS: a node presents frame f this long after the leader ran it (a leader sends it then). */
  readonly clusterDelay?: number;
  /** serve --slice FIXTURE,… (labels or 0-based indices, none, or auto): this cluster node's fixtures. */
  readonly slice?: string;
  /** Lease and flywheel in seconds, outbox bound in writes (docs/cluster.md, "Failure"). */
  readonly lease?: number;
  readonly flywheel?: number;
  /** serve --flywheel-end hold|black: what a render node presents once its flywheel ran out. */
  readonly flywheelEnd?: 'hold' | 'black';
  readonly outbox?: number;
  /** serve --checkpoint SECONDS: between the leader's checkpoints (0: none). */
  readonly checkpoint?: number;
}

/** `footlight serve`: runs until SIGINT/SIGTERM, then stops cleanly and marks status.json stopped. */
export async function serve(options: ServeOptions): Promise<void> {
  const log = serveLogger(footlightHome());
  const toolsets = options.toolsets?.split(',');
  try {
    selectSurface(TOOLS, { toolsets, readOnly: options.readOnly });
  } catch (err) {
    log.error({}, (err as Error).message);
    process.exitCode = 2;
    return;
  }
  if (options.cluster === undefined ? options.node !== undefined || options.role !== undefined : options.node === undefined || options.role === undefined) {
    log.error({}, '--cluster, --node and --role go together: a cluster node needs its NATS server, its name and its role (docs/cluster.md)');
    process.exitCode = 2;
    return;
  }
  if (options.clusterDelay !== undefined && options.cluster === undefined) {
    log.error({}, '--cluster-delay is for a node of a cluster (with --cluster, --node and --role): docs/cluster.md');
    process.exitCode = 2;
    return;
  }
  const roleError = roleFlagError(options);
  if (roleError !== undefined) {
    log.error({}, roleError);
    process.exitCode = 2;
    return;
  }
  let slice: SliceSpec | undefined;
  try {
    if (options.slice !== undefined && options.cluster === undefined)
      throw new Error('--slice goes with --cluster: only a cluster node renders part of the rig (docs/cluster.md)');
    slice = options.slice === undefined ? undefined : parseSlice(options.slice);
  } catch (err) {
    log.error({}, (err as Error).message);
    process.exitCode = 2;
    return;
  }
  // Signals are handled from the start: status.json says "running" before startFootlight returns.
  let app: Awaited<ReturnType<typeof startFootlight>> | undefined;
  let stopping = false;
  /** After a rebuild (serve-rebuild.ts): this process supervises the one that runs the show, and passes signals on. */
  let passOn: ((signal: NodeJS.Signals) => void) | undefined;
  let signalled = false;
  const stop = (signal: NodeJS.Signals): void => {
    signalled = true;
    if (passOn !== undefined) return passOn(signal);
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    // Still starting: the start can wait long (a NATS server that does not answer), so the process
    // ends now, as a signal's default would. Checked after this turn of the event loop: a start whose
    // last step (status.json says running) completed in the same turn has returned by then, and
    // that show stops cleanly.
    const end = (): void => {
      if (app === undefined) process.exit(signal === 'SIGINT' ? 130 : 143);
      void app.close().then(() => process.exit(0));
    };
    if (app === undefined) setImmediate(end);
    else end();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A rebuilt process whose supervisor died stops too.
  if (supervised()) process.on('disconnect', () => stop('SIGTERM'));
  const rebuilt = rebuiltBefore();
  try {
    app = await startFootlight({
      host: options.host,
      port: options.port,
      soundPort: options.soundPort,
      soundHost: options.soundHost,
      soundCooperative: options.soundCooperative,
      audioTrack: options.audioTrack,
      soundOutputRoot: options.soundOutputRoot === undefined ? undefined : resolve(options.soundOutputRoot),
      project: options.project,
      media: options.media,
      samples: options.samples === undefined ? undefined : resolve(options.samples),
      song: options.song === undefined ? undefined : resolve(options.song),
      oscReceivePort: options.oscPort,
      oscTransmit: options.oscTransmit,
      oscQueryPort: options.oscqueryPort,
      oscQueryMdns: options.oscqueryMdns,
      ...(options.midiPorts === undefined ? {} : { midiPorts: midiPortNames(options.midiPorts) }),
      ...(options.midiSyncOut === undefined ? {} : { midiSyncOut: options.midiSyncOut }),
      dmxIn: { receivers: options.dmxIn, host: options.dmxInHost, multicast: options.dmxInMulticast },
      timecode: {
        out: options.timecodeOut,
        rate: options.timecodeRate,
        offset: options.timecodeOffset,
        in: options.timecodeIn,
        inHost: options.timecodeInHost,
        freewheelMs: options.timecodeFreewheel,
      },
      toolsets,
      readOnlyTools: options.readOnly,
      liveAudio: options.audioOut === true ? 'device' : 'clock',
      ...(options.audioLead === undefined ? {} : { liveAudioLeadMs: options.audioLead }),
      renderThreads: options.renderThreads,
      renderPriority: options.renderPriority,
      defaultRenderPriority: 'high',
      ...(options.cluster === undefined || options.node === undefined || options.role === undefined
        ? {}
        : {
            cluster: {
              url: options.cluster,
              node: options.node,
              role: options.role,
              ...(options.fresh === true ? { fresh: true } : {}),
              ...(options.lead === false ? { mayLead: false } : {}),
              ...(options.clusterDelay === undefined ? {} : { presentDelayMs: options.clusterDelay }),
              ...(options.lease === undefined ? {} : { leaseSeconds: options.lease }),
              ...(options.flywheel === undefined ? {} : { flywheelSeconds: options.flywheel }),
              ...(options.flywheelEnd === undefined ? {} : { flywheelEnd: options.flywheelEnd }),
              ...(options.outbox === undefined ? {} : { outboxBound: options.outbox }),
              ...(options.checkpoint === undefined ? {} : { checkpointSeconds: options.checkpoint }),
              ...(rebuilt === undefined ? {} : { rebuilt }),
            },
          }),
      ...(slice === undefined ? {} : { slice }),
      log,
    });
  } catch (err) {
    if (err instanceof ListenError) {
      log.error({}, err.message);
      process.exitCode = 1;
      return;
    }
    if (isFootlightError(err) && options.project !== undefined) {
      log.error({ project: options.project }, `cannot open the project: ${err.message}`);
      process.exitCode = 2;
      return;
    }
    if (isFootlightError(err)) {
      log.error({}, err.message);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
  const show = app.light.projectPath !== undefined ? `  Project: ${app.light.projectPath}\n` : '';
  const sound =
    options.soundHost === undefined
      ? ''
      : `  Sound:   the sound tools drive ${options.soundHost}${options.soundCooperative === true ? ' (cooperative grant on)' : ''}\n`;
  const served = app.services.tools;
  const listed = served.filter((t) => app.services.listedToolsets.has(t.toolset)).length;
  const tools = listed === served.length ? `${listed} tools` : `${listed} tools listed, ${served.length} with find_tools`;
  // Only --audio-out waits for the worker, to say whether the sound card opened.
  const opened =
    options.audioOut === true
      ? await app.live?.ready.catch((err: Error) => ({ output: 'clock', reason: `the live audio engine failed: ${err.message}` }))
      : undefined;
  const audio =
    app.live === undefined
      ? "  Audio:   none on a render node (its song follows the leader's frames)\n"
      : opened === undefined
        ? '  Audio:   live, to the console monitor and the meters (--audio-out plays to the sound card)\n'
        : `  Audio:   ${opened.output === 'device' ? 'live, to the sound card' : `live, to no device: ${opened.reason}`}\n`;
  const osc =
    app.osc?.receivePort === undefined
      ? '  OSC:     off (its port could not be bound)\n'
      : `  OSC:     udp ${app.osc.receiveHost}:${app.osc.receivePort}` +
        (app.osc.transmitDestinations.length > 0 ? `, changes sent to ${app.osc.transmitDestinations.map((d) => `${d.host}:${d.port}`).join(', ')}` : '') +
        '\n' +
        (app.oscQuery?.port === undefined ? '' : `  OSCQuery: http://${app.oscQuery.host}:${app.oscQuery.port}/ (${mdnsNote(app.mdns?.service.instance)})\n`);
  const folder = app.sound.samples.folder;
  const samples =
    folder === null ? '  Samples: none (--samples DIR lets the Sampler play your files)\n' : `  Samples: ${folder.root} (the Sampler loads only from here)\n`;
  const dmx = app.dmxIn.status().receivers;
  const dmxIn =
    dmx.length === 0
      ? '  DMX in:  off (--dmx-in artnet or sacn receives a desk)\n'
      : `  DMX in:  ${dmx
          .map(
            (r) =>
              `${r.protocol === 'artnet' ? 'Art-Net' : 'sACN'} udp ${r.host}:${r.port}` +
              (r.universes === undefined ? '' : ` universes ${formatUniverses(r.universes)}`) +
              (r.multicast ? ' (multicast)' : '') +
              (r.error === undefined ? '' : ` — not listening: ${r.error}`),
          )
          .join(', ')}\n`;
  const tc = app.timecodeOut.status();
  const timecode =
    (tc.destinations.length === 0 ? '' : `  Timecode: Art-Net ${tc.rate} fps, offset ${tc.offset}, to ${tc.destinations.join(', ')} while the song plays\n`) +
    (app.timecodeOut.config.mtc ? `  Timecode: MTC ${tc.rate} fps, offset ${tc.offset}, on in each console page's MIDI out (pick the output there)\n` : '') +
    timecodeInLine(app.timecodeIn.status());
  const midi = midiLine(app.services.server.midiPorts());
  const { renderPriority } = app;
  const priority =
    renderPriority.refused !== undefined
      ? `normal priority (high was refused: ${renderPriority.refused})`
      : `${priorityOf(renderPriority)} priority (nice ${renderPriority.nice})`;
  const render = `  Render:  ${pointPool.threads} thread${pointPool.threads === 1 ? '' : 's'}, ${priority}\n`;
  const node = app.cluster?.status();
  const cluster =
    node === undefined
      ? ''
      : `  Cluster: ${node.role} node ${node.node}, show log ${node.stream} on ${options.cluster}` +
        (node.role === 'leader'
          ? ' (every write and frame is logged)\n'
          : options.role === 'leader'
            ? " (continues the show's log: replays it, then leads once the lease lapses)\n"
            : ` (replays the leader; writes go to the leader${options.lead === false ? '; never leads' : ''})\n`) +
        `  Slice:   ${
          node.auto === true
            ? 'auto (the leader assigns it)'
            : node.slice === null
              ? 'the whole rig'
              : node.slice.length === 0
                ? 'none (renders and sends no fixture)'
                : node.slice.join(', ')
        }\n`;
  const token = app.http.accessToken;
  const access =
    token === undefined
      ? ''
      : `  Token:   ${token}\n           (listening beyond loopback: MCP clients send Authorization: Bearer <token>; the console link carries it)\n`;
  const consoleUrl = app.http.url.replace(/\/mcp$/, '/') + (token === undefined ? '' : `#token=${token}`);
  process.stdout.write(
    `Footlight is running.\n${show}  MCP:     ${app.http.url} (${tools})\n${access}  Console: ${consoleUrl}\n  Sound:   protocol 3 on ` +
      `${app.protocol3.host}:${app.protocol3.port}\n${audio}${samples}${render}${cluster}${osc}${dmxIn}${midi}${timecode}  Status:  ${app.home}/status.json\n` +
      `  Log:     ${logPath(app.home)} (warnings and errors also on stderr)\n${sound}Press Ctrl-C to stop.\n`,
  );
  if (stopping) await app.close().then(() => process.exit(0));
  const running = app;
  // A node whose show diverged in structure: this process closes it and runs again on the leader's start project.
  if (running.cluster !== undefined)
    running.cluster.rebuild = (request) => {
      if (stopping) return;
      stopping = true;
      const ports = {
        http: Number(new URL(running.http.url).port),
        protocol3: running.protocol3.port,
        osc: running.osc?.receivePort,
        oscQuery: running.oscQuery?.port,
      };
      void nextRun(running.home, options.project, options.media, ports, request).then(
        async (next) => {
          await running.close();
          if (signalled) process.exit(0);
          passOn = handOver(next, log);
        },
        (err: Error) => {
          stopping = false;
          log.error({ err }, `this node could not be rebuilt (${err.message}): restart it`);
        },
      );
    };
}

/** What the OSCQuery line says of mDNS: the name it is advertised as, or how to turn it on. */
function mdnsNote(instance: string | undefined): string {
  if (instance === undefined) return 'no mDNS advertisement; --oscquery-mdns turns it on';
  return `advertised over mDNS on the LAN as "${instance}", _oscjson._tcp and _osc._udp`;
}

/** `--midi-ports` alone opens every input; `--midi-ports "APC mini,Twister"` those whose names contain an entry. */
function midiPortNames(value: boolean | string): 'all' | string[] {
  if (value === true) return 'all';
  const names = String(value)
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
  return names.length === 0 ? 'all' : names;
}

/** The banner's line for the system MIDI ports: which are open, or why none (one line). */
function midiLine(m: MidiPortsState): string {
  if (!m.requested) return '';
  if (!m.on) return `  MIDI:    system ports off: ${m.reason ?? 'none opened'}; the console's Web MIDI still works\n`;
  const ports = m.ports.map((p) => `${p.name}${p.output ? '' : ' (in only)'}${p.sync.length === 0 ? '' : ` (+ ${p.sync.join(' and ')} out)`}`).join(', ');
  return `  MIDI:    system ports ${ports}${m.reason === undefined ? '' : `; ${m.reason}`} (opened at start: restart to add a device)\n`;
}

/** The banner's line for timecode in: where it listens, or why it does not. */
function timecodeInLine(s: { readonly source: string | null; readonly error?: string }): string {
  if (s.source === null) return '';
  if (s.error !== undefined) return `  Timecode in: ${s.source} — not listening: ${s.error}\n`;
  const where = s.source.startsWith('mtc') ? ' (turn MIDI on in the console: MTC arrives through its Web MIDI)' : '';
  return `  Timecode in: ${s.source}${where}; the song transport follows it while it runs\n`;
}

/** --fresh is a leader's, --no-lead a render node's: either elsewhere stops the start with the reason. */
function roleFlagError(options: ServeOptions): string | undefined {
  if (options.fresh === true && options.role !== 'leader')
    return "--fresh is for a cluster's leader (--role leader): it empties the show's log instead of continuing it (docs/cluster.md)";
  if (options.lead === false && options.role !== 'render')
    return '--no-lead is for a render node (--role render): a node that must never take the lease (docs/cluster.md)';
  return undefined;
}
