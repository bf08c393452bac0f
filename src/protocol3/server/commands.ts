import { invalidArgument } from '../../engine/errors.js';
import type { GraphGuard } from '../../sound/grid.js';
import type { OpContext, Payload, SoundHost } from '../../sound/host.js';
import { setDeviceParameter } from '../../sound/device-params.js';
import { trackMix, trackSend, type VolumeArg } from '../../sound/mixer.js';
import { listen, MAX_LIVE_SECONDS, type ListenRequest, type ListenSource } from '../../sound/listen/listen.js';
import * as arg from './args.js';

/**
 * The protocol-3 command table: name, argument synopsis, arity, whether it writes, and the one
 * host operation it calls. Parsing an argument is the only work done here.
 */
export interface CommandDef {
  readonly name: string;
  /** Argument synopsis as the contract writes it, e.g. "INDEX VALUE" or "[QUERY]". */
  readonly synopsis: string;
  readonly min: number;
  readonly max: number;
  /** Changes state (documents, selection, transport, files): a lost reply is ambiguous. */
  readonly write: boolean;
  /** A Grid graph mutation: the only commands `guard REVISION ...` accepts. */
  readonly graphMutation: boolean;
  readonly run: (host: SoundHost, args: readonly string[], ctx: OpContext, guard: GraphGuard) => Promise<Payload>;
}

type Run = CommandDef['run'];

const def = (name: string, synopsis: string, min: number, max: number, write: boolean, run: Run, graphMutation = false): CommandDef => ({
  name,
  synopsis,
  min,
  max,
  write,
  graphMutation,
  run,
});
const read = (name: string, synopsis: string, min: number, max: number, run: Run): CommandDef => def(name, synopsis, min, max, false, run);
const write = (name: string, synopsis: string, min: number, max: number, run: Run): CommandDef => def(name, synopsis, min, max, true, run);
const graphWrite = (name: string, synopsis: string, n: number, run: Run): CommandDef => def(name, synopsis, n, n, true, run, true);

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
  const seen = new Set<string>();
  for (const o of a.slice(fixed)) {
    const key = o.startsWith('track=') ? 'track' : o;
    if (seen.has(key)) throw invalidArgument(`song-listen option ${key} given twice`);
    seen.add(key);
    if (key === 'track') track = arg.integer(o.slice(6), 'track');
    else if (o === 'clip') clip = true;
    else if (o === 'spectrogram') spectrogram = true;
    else throw invalidArgument(`unknown song-listen option ${JSON.stringify(o.slice(0, 40))}; options: track=INDEX, clip, spectrogram`);
  }
  return { source, track, clip, spectrogram };
}

const keepOr = <T>(token: string, parse: (t: string) => T): T | 'keep' => (token === 'keep' ? 'keep' : parse(token));

export const COMMANDS: readonly CommandDef[] = [
  // Core
  read('ping', '', 0, 0, (h, _, c) => h.ping(c)),
  read('capabilities', '', 0, 0, (h, _, c) => h.capabilities(c)),
  read('state', '', 0, 0, (h, _, c) => h.state(c)),
  read('inspect', '', 0, 0, (h, _, c) => h.inspect(c)),
  read('history', '', 0, 0, (h, _, c) => h.history(c)),
  write('set', 'INDEX VALUE', 2, 2, (h, a, c) => h.set(c, arg.integer(a[0], 'INDEX'), arg.number(a[1], 'VALUE'))),
  write('batch', 'INDEX=VALUE ...', 1, 64, (h, a, c) => h.batch(c, a.map(pair))),
  read('tracks', '', 0, 0, (h, _, c) => h.tracks(c)),
  write('track', 'INDEX', 1, 1, (h, a, c) => h.track(c, arg.integer(a[0], 'INDEX'))),
  write('track-first', '', 0, 0, (h, _, c) => h.trackNavigate(c, 'first')),
  write('track-next', '', 0, 0, (h, _, c) => h.trackNavigate(c, 'next')),
  write('track-previous', '', 0, 0, (h, _, c) => h.trackNavigate(c, 'previous')),
  write('next', '', 0, 0, (h, _, c) => h.deviceNavigate(c, 'next')),
  write('previous', '', 0, 0, (h, _, c) => h.deviceNavigate(c, 'previous')),
  write('parent', '', 0, 0, (h, _, c) => h.deviceNavigate(c, 'parent')),
  write('device-first', '', 0, 0, (h, _, c) => h.deviceNavigate(c, 'first')),
  write('device-primary', '', 0, 0, (h, _, c) => h.deviceNavigate(c, 'primary')),
  write('device-editor', '', 0, 0, (h, _, c) => h.deviceEditor(c)),
  read('device-catalog', '[QUERY]', 0, Infinity, (h, a, c) => h.deviceCatalog(c, query(a))),
  read('devices', '', 0, 0, (h, _, c) => h.devices(c)),
  write('insert', 'POSITION UUID SELECTION_TOKEN', 3, 3, (h, a, c) =>
    h.insert(c, arg.oneOf(a[0], 'POSITION', INSERT_POSITIONS), a[1], arg.digestArg(a[2], 'SELECTION_TOKEN')),
  ),
  write('device-remove', 'SELECTION_TOKEN', 1, 1, (h, a, c) => h.deviceRemove(c, arg.digestArg(a[0], 'SELECTION_TOKEN'))),
  read('actions', '[QUERY]', 0, Infinity, (h, a, c) => h.listActions(c, query(a))),
  write('action', 'ID', 1, 1, (h, a, c) => h.action(c, a[0])),
  write('undo', '', 0, 0, (h, _, c) => h.undoRedo(c, 'undo')),
  write('redo', '', 0, 0, (h, _, c) => h.undoRedo(c, 'redo')),

  // Grid
  read('graph-capabilities', '', 0, 0, (h, _, c) => h.grid.capabilities(c)),
  read('graph-state', '', 0, 0, (h, _, c) => h.grid.state(c)),
  read('graph-catalog', '[QUERY]', 0, Infinity, (h, a, c) => h.grid.catalog(c, query(a))),
  read('graph-modulators', '[QUERY]', 0, Infinity, (h, a, c) => h.grid.modulators(c, query(a))),
  read('graph-host-modulators', '', 0, 0, (h, _, c) => h.grid.hostModulators(c)),
  graphWrite('graph-insert', 'UUID X Y', 3, (h, a, c, g) => h.grid.insert(c, 'module', a[0], arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-insert-modulator', 'UUID X Y', 3, (h, a, c, g) => h.grid.insert(c, 'modulator', a[0], arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-set', 'MODULE PARAMETER_B64 VALUE', 3, (h, a, c, g) =>
    h.grid.set(c, 'module', arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.nativeValue(a[2], 'VALUE'), g),
  ),
  graphWrite('graph-set-modulator', 'MODULE PARAMETER_B64 VALUE', 3, (h, a, c, g) =>
    h.grid.set(c, 'modulator', arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.nativeValue(a[2], 'VALUE'), g),
  ),
  read('graph-resolve-value', 'MODULE PARAMETER_B64 DISPLAY_B64', 3, 3, (h, a, c) =>
    h.grid.resolveValue(c, arg.id(a[0], 'MODULE'), arg.base64Utf8(a[1], 'PARAMETER_B64'), arg.base64Utf8(a[2], 'DISPLAY_B64')),
  ),
  graphWrite('graph-connect', 'SOURCE SOURCE_PORT TARGET TARGET_PORT', 4, (h, a, c, g) =>
    h.grid.connect(c, 'module', arg.id(a[0], 'SOURCE'), arg.integer(a[1], 'SOURCE_PORT'), arg.id(a[2], 'TARGET'), arg.integer(a[3], 'TARGET_PORT'), g),
  ),
  graphWrite('graph-connect-modulator', 'SOURCE SOURCE_PORT TARGET TARGET_PORT', 4, (h, a, c, g) =>
    h.grid.connect(c, 'modulator', arg.id(a[0], 'SOURCE'), arg.integer(a[1], 'SOURCE_PORT'), arg.id(a[2], 'TARGET'), arg.integer(a[3], 'TARGET_PORT'), g),
  ),
  graphWrite('graph-set-amount', 'SOURCE SOURCE_PORT TARGET TARGET_PORT AMOUNT', 5, (h, a, c, g) =>
    h.grid.setAmount(
      c,
      arg.id(a[0], 'SOURCE'),
      arg.integer(a[1], 'SOURCE_PORT'),
      arg.id(a[2], 'TARGET'),
      arg.integer(a[3], 'TARGET_PORT'),
      arg.number(a[4], 'AMOUNT'),
      g,
    ),
  ),
  graphWrite('graph-disconnect', 'TARGET TARGET_PORT', 2, (h, a, c, g) => h.grid.disconnect(c, arg.id(a[0], 'TARGET'), arg.integer(a[1], 'TARGET_PORT'), g)),
  graphWrite('graph-move', 'MODULE X Y', 3, (h, a, c, g) => h.grid.move(c, arg.id(a[0], 'MODULE'), arg.integer(a[1], 'X'), arg.integer(a[2], 'Y'), g)),
  graphWrite('graph-clear', '', 0, (h, _, c, g) => h.grid.clear(c, g)),

  // Song
  read('song-state', '', 0, 0, (h, _, c) => h.song.state(c)),
  write('song-import', 'TOKEN SHA256 NOTE_TRACK_COUNT PATH_B64', 4, 4, (h, a, c) =>
    h.song.import(c, arg.digestArg(a[0], 'TOKEN'), arg.digestArg(a[1], 'SHA256'), arg.integer(a[2], 'NOTE_TRACK_COUNT'), arg.base64Utf8(a[3], 'PATH_B64')),
  ),
  read('song-import-status', 'RECEIPT_ID', 1, 1, (h, a, c) => h.song.importStatus(c, a[0])),
  write('song-save', 'TOKEN DIRECTORY_B64', 2, 2, (h, a, c) => h.song.save(c, arg.digestArg(a[0], 'TOKEN'), arg.base64Utf8(a[1], 'DIRECTORY_B64'))),
  read('song-listen', 'region FROM_BEAT TO_BEAT [track=INDEX] [clip] [spectrogram] | live SECONDS [clip] [spectrogram]', 2, 6, (h, a, c) =>
    listen(h, c, listenRequest(a)),
  ),
  read('song-arranger', 'INDEX', 1, 1, (h, a, c) => h.song.arranger(c, arg.integer(a[0], 'INDEX'))),
  write('song-clip-loop', 'TOKEN INDEX CLIP_ID EXPECTED_ENABLED ENABLED', 5, 5, (h, a, c) =>
    h.song.clipLoop(
      c,
      arg.digestArg(a[0], 'TOKEN'),
      arg.integer(a[1], 'INDEX'),
      arg.int32(a[2], 'CLIP_ID'),
      arg.literalBoolean(a[3], 'EXPECTED_ENABLED'),
      arg.literalBoolean(a[4], 'ENABLED'),
    ),
  ),
  write('song-transport-play', 'TOKEN', 1, 1, (h, a, c) => h.song.play(c, arg.digestArg(a[0], 'TOKEN'))),
  write('song-transport-stop', 'TOKEN', 1, 1, (h, a, c) => h.song.stop(c, arg.digestArg(a[0], 'TOKEN'))),
  write('song-transport-tempo', 'TOKEN BPM', 2, 2, (h, a, c) => h.song.tempo(c, arg.digestArg(a[0], 'TOKEN'), arg.number(a[1], 'BPM'))),
  write('song-transport-meter', 'TOKEN METER', 2, 2, (h, a, c) => {
    const m = meter(a[1]);
    return h.song.meter(c, arg.digestArg(a[0], 'TOKEN'), m.numerator, m.denominator);
  }),
  write('song-transport-seek', 'TOKEN POSITION_BEATS', 2, 2, (h, a, c) => h.song.seek(c, arg.digestArg(a[0], 'TOKEN'), arg.number(a[1], 'POSITION_BEATS'))),
  write('song-transport-loop', 'TOKEN ENABLED', 2, 2, (h, a, c) => h.song.loop(c, arg.digestArg(a[0], 'TOKEN'), arg.literalBoolean(a[1], 'ENABLED'))),
  write('song-track-state', 'TOKEN INDEX MUTED ARMED', 4, 4, (h, a, c) =>
    h.song.trackState(c, arg.digestArg(a[0], 'TOKEN'), arg.integer(a[1], 'INDEX'), arg.triState(a[2], 'MUTED'), arg.triState(a[3], 'ARMED')),
  ),

  // Footlight extensions (docs/protocol3.md): what a render needs
  write('device-param-set', 'PARAMETER_B64 VALUE SELECTION_TOKEN', 3, 3, (h, a, c) =>
    setDeviceParameter(h, c, arg.base64Utf8(a[0], 'PARAMETER_B64'), arg.nativeValue(a[1], 'VALUE'), arg.digestArg(a[2], 'SELECTION_TOKEN')),
  ),
  write('song-track-mix', 'TOKEN INDEX VOLUME PAN', 4, 4, (h, a, c) =>
    trackMix(
      h,
      c,
      arg.digestArg(a[0], 'TOKEN'),
      arg.integer(a[1], 'INDEX'),
      volume(a[2]),
      keepOr(a[3], (t) => arg.number(t, 'PAN')),
    ),
  ),
  write('song-track-send', 'TOKEN INDEX FX_INDEX LEVEL_DB PRE_FADER', 5, 5, (h, a, c) =>
    trackSend(
      h,
      c,
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
