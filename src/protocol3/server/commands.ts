import type { Origin, StepTarget } from '../../engine/commands/history.js';
import { invalidArgument } from '../../engine/errors.js';
import type { Request } from '../../engine/request.js';
import type { GraphGuard } from '../../sound/operations/grid.js';
import { PROTOCOL3, type CommandName, type Reply } from '../replies/index.js';
import type { SoundHost } from '../../sound/host/host.js';
import { listen, MAX_LIVE_SECONDS, type ListenRequest, type ListenSource } from '../../sound/listen/listen.js';
import { runAction, listActions } from '../../sound/operations/actions.js';
import { setControl, setControls } from '../../sound/operations/controls.js';
import { capabilities, inspect, ping, state } from '../../sound/operations/core.js';
import { setDeviceParameter } from '../../sound/operations/device-params.js';
import { listSamples, samplerZones } from '../../sound/operations/samples.js';
import { songAudioClip } from '../../sound/operations/audio-clips.js';
import { auditionSample } from '../../sound/listen/audition.js';
import { deviceCatalog, deviceWindow, insertDevice, navigateDevice, removeDevice, toggleDeviceEditor } from '../../sound/operations/devices.js';
import { historyPayload, undoRedo } from '../../sound/operations/history.js';
import {
  graphCapabilities,
  graphCatalog,
  graphClear,
  graphConnect,
  graphDisconnect,
  graphHostModulators,
  graphInsert,
  graphModulators,
  graphMove,
  graphResolveValue,
  graphSet,
  graphSetAmount,
  graphState,
} from '../../sound/operations/grid.js';
import { trackMix, trackSend, type VolumeArg } from '../../sound/operations/mixer.js';
import {
  songArranger,
  songClipLoop,
  songImport,
  songImportStatus,
  songLoop,
  songMeter,
  songPlay,
  songSave,
  songSeek,
  songState,
  songStop,
  songTempo,
  songTrackState,
} from '../../sound/operations/song.js';
import { navigateTrack, selectTrack, tracks } from '../../sound/operations/tracks.js';
import * as arg from './args.js';

/** A command's one host operation, run by the dispatcher as one engine-queue task (arguments are parsed inside it). */
type QueuedOp<C extends CommandName> = (host: SoundHost, args: readonly string[], origin: Origin, guard: GraphGuard) => Reply<C>;
/** An operation that works off the queue between its atomic parts (file I/O, a render): it runs its parts as the request's tasks. */
type StagedOp<C extends CommandName> = (host: SoundHost, args: readonly string[], request: Request) => Promise<Reply<C>>;

/**
 * The protocol-3 command table: name, argument synopsis, arity, and the one host operation it
 * calls, which returns the command's reply as src/protocol3/replies declares it (the client
 * checks it against the same schema). Parsing an argument is the only work done here; the
 * dispatcher owns the queue and the deadline.
 */
export interface CommandDef {
  readonly name: CommandName;
  /** Argument synopsis as the contract writes it, e.g. "INDEX VALUE" or "[QUERY]". */
  readonly synopsis: string;
  readonly min: number;
  readonly max: number;
  /** Changes state (documents, selection, transport, files): a lost reply is ambiguous. From the shared table (PROTOCOL3). */
  readonly write: boolean;
  /** A Grid graph mutation: the only commands `guard REVISION ...` accepts. */
  readonly graphMutation: boolean;
  readonly run: { readonly queued: QueuedOp<CommandName> } | { readonly staged: StagedOp<CommandName> };
}

const cmd = <C extends CommandName>(name: C, synopsis: string, min: number, max: number, run: QueuedOp<C>, graphMutation = false): CommandDef => ({
  name,
  synopsis,
  min,
  max,
  write: !PROTOCOL3[name].readOnly,
  graphMutation,
  run: { queued: run },
});
const staged = <C extends CommandName>(name: C, synopsis: string, min: number, max: number, run: StagedOp<C>): CommandDef => ({
  name,
  synopsis,
  min,
  max,
  write: !PROTOCOL3[name].readOnly,
  graphMutation: false,
  run: { staged: run },
});
const graphWrite = <C extends CommandName>(name: C, synopsis: string, n: number, run: QueuedOp<C>): CommandDef => cmd(name, synopsis, n, n, run, true);

const query = (args: readonly string[]): string => args.join(' ');

const INSERT_POSITIONS = ['before', 'after', 'start', 'end', 'replace'] as const;

function meter(token: string): { numerator: number; denominator: number } {
  const m = /^(\d{1,3})\/(\d{1,3})$/.exec(token);
  if (m === null) throw invalidArgument(`METER takes NUMERATOR/DENOMINATOR, e.g. 7/8; got ${JSON.stringify(token.slice(0, 40))}`);
  return { numerator: Number(m[1]), denominator: Number(m[2]) };
}

function pair(token: string): { index: number; value: number } {
  const i = token.indexOf('=');
  if (i <= 0 || i === token.length - 1) throw invalidArgument(`batch takes INDEX=VALUE pairs such as 1=0.5; got ${JSON.stringify(token.slice(0, 40))}`);
  return { index: arg.integer(token.slice(0, i), 'INDEX'), value: arg.number(token.slice(i + 1), 'VALUE') };
}

/** VOLUME: `keep`, a normalized fader position 0–1, or a level in dB such as `-6dB` / `-infdB`. */
function volume(token: string): VolumeArg {
  if (token === 'keep') return 'keep';
  if (token === '-infdB') return { db: -Infinity };
  if (token.endsWith('dB')) return { db: arg.number(token.slice(0, -2), 'VOLUME (dB)') };
  return { normalized: arg.number(token, 'VOLUME') };
}

/** song-listen's arguments: the source, then options in any order, each at most once. */
function listenRequest(a: readonly string[]): ListenRequest {
  const kind = arg.oneOf(a[0], 'SOURCE', ['region', 'live'] as const);
  const fixed = kind === 'region' ? 3 : 2;
  if (a.length < fixed) throw invalidArgument(kind === 'region' ? 'song-listen region takes FROM_BEAT TO_BEAT' : 'song-listen live takes SECONDS');
  const source: ListenSource =
    kind === 'region' ? { kind, fromBeat: arg.number(a[1], 'FROM_BEAT'), toBeat: arg.number(a[2], 'TO_BEAT') } : { kind, seconds: arg.number(a[1], 'SECONDS') };
  if (source.kind === 'live' && !(source.seconds >= 0.1 && source.seconds <= MAX_LIVE_SECONDS))
    throw invalidArgument(`SECONDS takes 0.1–${MAX_LIVE_SECONDS}; got ${source.seconds}`);
  let track: number | undefined;
  let clip = false;
  let spectrogram = false;
  let reference: string | undefined;
  const seen = new Set<string>();
  for (const o of a.slice(fixed)) {
    const key = o.startsWith('track=') ? 'track' : o.startsWith('reference=') ? 'reference' : o;
    if (seen.has(key)) throw invalidArgument(`song-listen option ${key} given twice`);
    seen.add(key);
    if (key === 'track') track = arg.integer(o.slice(6), 'track');
    else if (o === 'clip') clip = true;
    else if (o === 'spectrogram') spectrogram = true;
    else if (key === 'reference') reference = arg.base64Utf8(o.slice(10), 'reference');
    else throw invalidArgument(`unknown song-listen option ${JSON.stringify(o.slice(0, 40))}; options: track=INDEX, clip, spectrogram, reference=PATH_B64`);
  }
  return { source, track, clip, spectrogram, reference };
}

/** undo/redo's target: nothing (one step), `steps N`, or `to SEQ`. The history checks the range. */
function stepTarget(which: 'undo' | 'redo', a: readonly string[]): StepTarget {
  if (a.length === 0) return { steps: 1 };
  if (a.length === 2 && a[0] === 'steps') return { steps: arg.integer(a[1] as string, 'N') };
  if (a.length === 2 && a[0] === 'to') return { toSeq: arg.integer(a[1] as string, 'SEQ') };
  throw invalidArgument(`${which} takes nothing (one step), \`steps N\` or \`to SEQ\` (a seq from history); got ${JSON.stringify(a.join(' ').slice(0, 40))}`);
}

const keepOr = <T>(token: string, parse: (t: string) => T): T | 'keep' => (token === 'keep' ? 'keep' : parse(token));

export const COMMANDS: readonly CommandDef[] = [
  // Core
  cmd('ping', '', 0, 0, () => ping()),
  cmd('capabilities', '', 0, 0, (h) => capabilities(h)),
  cmd('state', '', 0, 0, (h) => state(h)),
  cmd('inspect', '', 0, 0, (h) => inspect(h)),
  cmd('history', '', 0, 0, (h) => historyPayload(h)),
  cmd('set', 'INDEX VALUE', 2, 2, (h, a, o) => setControl(h, o, arg.integer(a[0], 'INDEX'), arg.number(a[1], 'VALUE'))),
  cmd('batch', 'INDEX=VALUE ...', 1, 64, (h, a, o) => setControls(h, o, a.map(pair))),
  cmd('tracks', '', 0, 0, (h) => tracks(h)),
  cmd('track', 'INDEX', 1, 1, (h, a) => selectTrack(h, arg.integer(a[0], 'INDEX'))),
  cmd('track-first', '', 0, 0, (h) => navigateTrack(h, 'first')),
  cmd('track-next', '', 0, 0, (h) => navigateTrack(h, 'next')),
  cmd('track-previous', '', 0, 0, (h) => navigateTrack(h, 'previous')),
  cmd('next', '', 0, 0, (h) => navigateDevice(h, 'next')),
  cmd('previous', '', 0, 0, (h) => navigateDevice(h, 'previous')),
  cmd('parent', '', 0, 0, (h) => navigateDevice(h, 'parent')),
  cmd('device-first', '', 0, 0, (h) => navigateDevice(h, 'first')),
  cmd('device-primary', '', 0, 0, (h) => navigateDevice(h, 'primary')),
  cmd('device-editor', '', 0, 0, (h) => toggleDeviceEditor(h)),
  cmd('device-catalog', '[QUERY]', 0, Infinity, (_, a) => deviceCatalog(query(a))),
  cmd('devices', '', 0, 0, (h) => deviceWindow(h)),
  cmd('insert', 'POSITION UUID SELECTION_TOKEN', 3, 3, (h, a, o) =>
    insertDevice(h, o, arg.oneOf(a[0], 'POSITION', INSERT_POSITIONS), a[1], arg.digestArg(a[2], 'SELECTION_TOKEN')),
  ),
  cmd('device-remove', 'SELECTION_TOKEN', 1, 1, (h, a, o) => removeDevice(h, o, arg.digestArg(a[0], 'SELECTION_TOKEN'))),
  cmd('actions', '[QUERY]', 0, Infinity, (_, a) => listActions(query(a))),
  cmd('action', 'ID', 1, 1, (h, a, o) => runAction(h, o, a[0])),
  cmd('undo', '[steps N | to SEQ]', 0, 2, (h, a) => undoRedo(h, 'undo', stepTarget('undo', a))),
  cmd('redo', '[steps N | to SEQ]', 0, 2, (h, a) => undoRedo(h, 'redo', stepTarget('redo', a))),

  // Grid
  cmd('graph-capabilities', '', 0, 0, (h) => graphCapabilities(h)),
  cmd('graph-state', '', 0, 0, (h) => graphState(h)),
  cmd('graph-catalog', '[QUERY]', 0, Infinity, (_, a) => graphCatalog(query(a))),
  cmd('graph-modulators', '[QUERY]', 0, Infinity, (_, a) => graphModulators(query(a))),
  cmd('graph-host-modulators', '', 0, 0, (h) => graphHostModulators(h)),
  graphWrite('graph-insert', 'UUID X Y', 3, (h, a, o, g) => graphInsert(h, o, 'module', a[0], arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-insert-modulator', 'UUID X Y', 3, (h, a, o, g) => graphInsert(h, o, 'modulator', a[0], arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-set', 'MODULE PARAMETER_B64 VALUE', 3, (h, a, o, g) =>
    graphSet(h, o, 'module', arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.nativeValue(a[2], 'VALUE'), g),
  ),
  graphWrite('graph-set-modulator', 'MODULE PARAMETER_B64 VALUE', 3, (h, a, o, g) =>
    graphSet(h, o, 'modulator', arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.nativeValue(a[2], 'VALUE'), g),
  ),
  cmd('graph-resolve-value', 'MODULE PARAMETER_B64 DISPLAY_B64', 3, 3, (h, a) =>
    graphResolveValue(h, arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.base64Utf8(a[2], 'DISPLAY_B64')),
  ),
  graphWrite('graph-connect', 'SOURCE SOURCE_PORT TARGET TARGET_PORT', 4, (h, a, o, g) =>
    graphConnect(h, o, 'module', arg.id(a[0], 'SOURCE'), arg.integer(a[1], 'SOURCE_PORT'), arg.id(a[2], 'TARGET'), arg.integer(a[3], 'TARGET_PORT'), g),
  ),
  graphWrite('graph-connect-modulator', 'SOURCE SOURCE_PORT TARGET TARGET_PORT', 4, (h, a, o, g) =>
    graphConnect(h, o, 'modulator', arg.id(a[0], 'SOURCE'), arg.integer(a[1], 'SOURCE_PORT'), arg.id(a[2], 'TARGET'), arg.integer(a[3], 'TARGET_PORT'), g),
  ),
  graphWrite('graph-set-amount', 'SOURCE SOURCE_PORT TARGET TARGET_PORT AMOUNT', 5, (h, a, o, g) =>
    graphSetAmount(
      h,
      o,
      arg.id(a[0], 'SOURCE'),
      arg.integer(a[1], 'SOURCE_PORT'),
      arg.id(a[2], 'TARGET'),
      arg.integer(a[3], 'TARGET_PORT'),
      arg.number(a[4], 'AMOUNT'),
      g,
    ),
  ),
  graphWrite('graph-disconnect', 'TARGET TARGET_PORT', 2, (h, a, o, g) => graphDisconnect(h, o, arg.id(a[0], 'TARGET'), arg.integer(a[1], 'TARGET_PORT'), g)),
  graphWrite('graph-move', 'MODULE X Y', 3, (h, a, o, g) => graphMove(h, o, arg.id(a[0], 'MODULE'), arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-clear', '', 0, (h, _, o, g) => graphClear(h, o, g)),

  // Song
  cmd('song-state', '', 0, 0, (h) => songState(h)),
  staged('song-import', 'TOKEN SHA256 NOTE_TRACK_COUNT PATH_B64', 4, 4, (h, a, r) =>
    songImport(h, r, arg.digestArg(a[0], 'TOKEN'), arg.digestArg(a[1], 'SHA256'), arg.integer(a[2], 'NOTE_TRACK_COUNT'), arg.base64Utf8(a[3], 'PATH_B64')),
  ),
  cmd('song-import-status', 'RECEIPT_ID', 1, 1, (h, a) => songImportStatus(h, a[0])),
  staged('song-save', 'TOKEN DIRECTORY_B64', 2, 2, (h, a, r) => songSave(h, r, arg.digestArg(a[0], 'TOKEN'), arg.base64Utf8(a[1], 'DIRECTORY_B64'))),
  staged(
    'song-listen',
    'region FROM_BEAT TO_BEAT [track=INDEX] [clip] [spectrogram] [reference=PATH_B64] | live SECONDS [clip] [spectrogram] [reference=PATH_B64]',
    2,
    7,
    (h, a, r) => listen(h, r, listenRequest(a)),
  ),
  cmd('song-arranger', 'INDEX', 1, 1, (h, a) => songArranger(h, arg.integer(a[0], 'INDEX'))),
  cmd('song-clip-loop', 'TOKEN INDEX CLIP_ID EXPECTED_ENABLED ENABLED', 5, 5, (h, a, o) =>
    songClipLoop(
      h,
      o,
      arg.digestArg(a[0], 'TOKEN'),
      arg.integer(a[1], 'INDEX'),
      arg.int32(a[2], 'CLIP_ID'),
      arg.literalBoolean(a[3], 'EXPECTED_ENABLED'),
      arg.literalBoolean(a[4], 'ENABLED'),
    ),
  ),
  staged('song-audio-clip', 'TOKEN INDEX CLIP_ID CLIP_B64', 4, 4, (h, a, r) =>
    songAudioClip(h, r, arg.digestArg(a[0], 'TOKEN'), arg.integer(a[1], 'INDEX'), arg.int32(a[2], 'CLIP_ID'), arg.base64Utf8(a[3], 'CLIP_B64')),
  ),
  cmd('song-transport-play', 'TOKEN', 1, 1, (h, a) => songPlay(h, arg.digestArg(a[0], 'TOKEN'))),
  cmd('song-transport-stop', 'TOKEN', 1, 1, (h, a) => songStop(h, arg.digestArg(a[0], 'TOKEN'))),
  cmd('song-transport-tempo', 'TOKEN BPM', 2, 2, (h, a, o) => songTempo(h, o, arg.digestArg(a[0], 'TOKEN'), arg.number(a[1], 'BPM'))),
  cmd('song-transport-meter', 'TOKEN METER', 2, 2, (h, a, o) => {
    const m = meter(a[1]);
    return songMeter(h, o, arg.digestArg(a[0], 'TOKEN'), m.numerator, m.denominator);
  }),
  cmd('song-transport-seek', 'TOKEN POSITION_BEATS', 2, 2, (h, a) => songSeek(h, arg.digestArg(a[0], 'TOKEN'), arg.number(a[1], 'POSITION_BEATS'))),
  cmd('song-transport-loop', 'TOKEN ENABLED', 2, 2, (h, a, o) => songLoop(h, o, arg.digestArg(a[0], 'TOKEN'), arg.literalBoolean(a[1], 'ENABLED'))),
  cmd('song-track-state', 'TOKEN INDEX MUTED ARMED', 4, 4, (h, a, o) =>
    songTrackState(h, o, arg.digestArg(a[0], 'TOKEN'), arg.integer(a[1], 'INDEX'), arg.triState(a[2], 'MUTED'), arg.triState(a[3], 'ARMED')),
  ),

  // Footlight extensions (docs/protocol3.md): what a render needs
  cmd('device-param-set', 'PARAMETER_B64 VALUE SELECTION_TOKEN', 3, 3, (h, a, o) =>
    setDeviceParameter(h, o, arg.base64Utf8(a[0], 'PARAMETER_B64'), arg.nativeValue(a[1], 'VALUE'), arg.digestArg(a[2], 'SELECTION_TOKEN')),
  ),
  staged('sample-list', 'OFFSET LIMIT', 2, 2, (h, a) => listSamples(h, arg.integer(a[0], 'OFFSET'), arg.integer(a[1], 'LIMIT'))),
  staged('sample-audition', 'PATH_B64 [BANK PROGRAM]', 1, 3, (h, a) => {
    if (a.length === 2) throw invalidArgument('sample-audition takes BANK and PROGRAM together');
    const preset = a.length === 3 ? { bank: arg.integer(a[1], 'BANK'), program: arg.integer(a[2], 'PROGRAM') } : undefined;
    return auditionSample(h, arg.base64Utf8(a[0], 'PATH_B64'), preset);
  }),
  staged('sampler-zones', 'ZONES_B64 SELECTION_TOKEN', 2, 2, (h, a, r) =>
    samplerZones(h, r, arg.base64Utf8(a[0], 'ZONES_B64'), arg.digestArg(a[1], 'SELECTION_TOKEN')),
  ),
  cmd('song-track-mix', 'TOKEN INDEX VOLUME PAN', 4, 4, (h, a, o) =>
    trackMix(
      h,
      o,
      arg.digestArg(a[0], 'TOKEN'),
      arg.integer(a[1], 'INDEX'),
      volume(a[2]),
      keepOr(a[3], (t) => arg.number(t, 'PAN')),
    ),
  ),
  cmd('song-track-send', 'TOKEN INDEX FX_INDEX LEVEL_DB PRE_FADER', 5, 5, (h, a, o) =>
    trackSend(
      h,
      o,
      arg.digestArg(a[0], 'TOKEN'),
      arg.integer(a[1], 'INDEX'),
      arg.integer(a[2], 'FX_INDEX'),
      a[3] === 'off' ? 'off' : keepOr(a[3], (t) => arg.number(t, 'LEVEL_DB')),
      arg.triState(a[4], 'PRE_FADER'),
    ),
  ),
];

export const COMMANDS_BY_NAME: ReadonlyMap<string, CommandDef> = new Map(COMMANDS.map((c) => [c.name, c]));

/** `guard REVISION GRAPH_COMMAND...`: handled by the dispatcher around one graph mutation. */
export const GUARD_SYNOPSIS = 'REVISION GRAPH_COMMAND [ARGS...]';

export const usage = (c: CommandDef): string => (c.synopsis.length > 0 ? `${c.name} ${c.synopsis}` : c.name);

/** Every command name the listener answers, `guard` included. */
export const COMMAND_NAMES: readonly string[] = [...COMMANDS.map((c) => c.name), 'guard'];
