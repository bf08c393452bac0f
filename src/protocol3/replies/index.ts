// Protocol 3's commands and the reply each one sends, as zod schemas shared by the host's side
// (src/protocol3/server, whose operations return these types) and the client's
// (src/sound-client, which checks every reply against its schema before it reads a field), as
// the MCP SDK shares its spec schemas between its client and server. A new command is one line
// here and one schema.
import * as z from 'zod';
import * as core from './core.js';
import * as grid from './grid.js';
import * as song from './song.js';

/** What a refusal looks like: ok false, what is wrong, the kernel code, and what was asked. */
const ErrorReply = z.looseObject({
  ok: z.literal(false),
  error: z.string(),
  code: z.string(),
  reason: z.string().optional(),
  applied: z.literal(false).optional(),
  command: z.string().optional(),
  usage: z.string().optional(),
  guarded: z.literal(true).optional(),
});

/** What any ok:false reply carries: a refusal's error, code and reason (ErrorReply), or an import's or a save's own error. */
const Failure = z.looseObject({
  ok: z.literal(false),
  error: z.string().nullable().optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
});
type Failure = z.infer<typeof Failure>;

/** The reply as a failure (ok false), typed; undefined when it is not one. The reply itself is returned, not a copy. */
export function failureOf(reply: unknown): Failure | undefined {
  return Failure.safeParse(reply).success ? (reply as Failure) : undefined;
}

interface CommandSpec<S extends z.ZodType, R extends boolean> {
  /** The success reply without the `ok: true` the dispatcher puts first (an import or a save carries its own `ok`). */
  readonly reply: S;
  /** Changes nothing: a lost reply may be asked again (anything else is ambiguous: read state before deciding). */
  readonly readOnly: R;
}

const read = <S extends z.ZodType>(reply: S): CommandSpec<S, true> => ({ reply, readOnly: true });
const write = <S extends z.ZodType>(reply: S): CommandSpec<S, false> => ({ reply, readOnly: false });

/** Every protocol-3 command (but `guard`, which wraps a graph mutation and adds `guarded: true`). */
export const PROTOCOL3 = {
  ping: read(core.Ping),
  capabilities: read(core.Capabilities),
  state: read(core.State),
  inspect: read(core.Inspect),
  history: read(core.History),
  set: write(core.SetControl),
  batch: write(core.Batch),
  tracks: read(core.Tracks),
  track: write(core.Selected),
  'track-first': write(core.Selected),
  'track-next': write(core.Selected),
  'track-previous': write(core.Selected),
  next: write(core.Selected),
  previous: write(core.Selected),
  parent: write(core.Selected),
  'device-first': write(core.Selected),
  'device-primary': write(core.Selected),
  'device-editor': write(core.DeviceEditor),
  'device-catalog': read(core.DeviceCatalog),
  devices: read(core.DeviceWindow),
  insert: write(core.Insert),
  'device-remove': write(core.DeviceRemove),
  actions: read(core.Actions),
  action: write(core.Action),
  undo: write(core.UndoRedo),
  redo: write(core.UndoRedo),

  'graph-capabilities': read(grid.GraphCapabilities),
  'graph-state': read(grid.GraphState),
  'graph-catalog': read(grid.GraphCatalog),
  'graph-modulators': read(grid.GraphModulators),
  'graph-host-modulators': read(grid.GraphHostModulators),
  'graph-insert': write(grid.GraphInsert),
  'graph-insert-modulator': write(grid.GraphInsert),
  'graph-set': write(grid.GraphSet),
  'graph-set-modulator': write(grid.GraphSet),
  'graph-resolve-value': read(grid.GraphResolveValue),
  'graph-connect': write(grid.GraphConnect),
  'graph-connect-modulator': write(grid.GraphConnect),
  'graph-set-amount': write(grid.GraphSetAmount),
  'graph-disconnect': write(grid.GraphDisconnect),
  'graph-move': write(grid.GraphMove),
  'graph-clear': write(grid.GraphClear),

  'song-state': read(song.SongState),
  'song-import': write(song.SongImport),
  'song-import-status': read(song.SongImportStatus),
  'song-save': write(song.SongSave),
  'song-listen': read(song.SongListen),
  'song-arranger': read(song.SongArranger),
  'song-clip-loop': write(song.SongClipLoop),
  'song-transport-play': write(song.SongTransport),
  'song-transport-stop': write(song.SongTransport),
  'song-transport-tempo': write(song.SongTransport),
  'song-transport-meter': write(song.SongTransport),
  'song-transport-seek': write(song.SongTransport),
  'song-transport-loop': write(song.SongTransport),
  'song-track-state': write(song.SongTrackState),

  // Footlight extensions: what a render needs.
  'device-param-set': write(song.DeviceParamSet),
  'song-track-mix': write(song.SongTrackMix),
  'song-track-send': write(song.SongTrackSend),
} as const;

export type CommandName = keyof typeof PROTOCOL3;
/** The commands that change nothing. */
export type ReadCommandName = { [C in CommandName]: (typeof PROTOCOL3)[C]['readOnly'] extends true ? C : never }[CommandName];
/** A command's success reply (its fields; `ok` aside). */
export type Reply<C extends CommandName> = z.infer<(typeof PROTOCOL3)[C]['reply']>;

const isCommand = (name: string): name is CommandName => Object.hasOwn(PROTOCOL3, name);

/**
 * Checks a reply to a command line against protocol 3: a refusal (ok false with a code) or the
 * command's success reply. Returns what does not match, or undefined. A `guard` line is checked
 * as the graph mutation it wraps.
 */
export function replyProblem(line: string, reply: unknown): string | undefined {
  const words = line.split(/[ \t]+/).filter((w) => w.length > 0);
  const name = words[0] === 'guard' ? (words[2] ?? '') : (words[0] ?? '');
  const r = reply as Record<string, unknown>;
  if (r.ok === false && typeof r.code === 'string') return issues(ErrorReply.safeParse(reply));
  if (!isCommand(name)) return undefined; // not protocol 3's: the host refuses it, and that refusal was checked above
  return issues(PROTOCOL3[name].reply.safeParse(reply));
}

function issues(result: z.ZodSafeParseResult<unknown>): string | undefined {
  if (result.success) return undefined;
  const first = result.error.issues[0];
  const where = first.path.length === 0 ? 'the reply' : first.path.join('.');
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}
