// Protocol 3's commands and the reply each one sends, as zod schemas shared by the host's side
// (src/protocol3/server, whose operations return these types) and the client's
// (src/sound-client, which checks every reply against its schema before it reads a field), as
// the MCP SDK shares its spec schemas between its client and server. A new command is its
// schema and one line in its area's table (core.ts, grid.ts, song.ts).
import * as z from 'zod';
import { CORE_COMMANDS } from './core.js';
import { GRID_COMMANDS } from './grid.js';
import { SAMPLE_COMMANDS } from './samples.js';
import { SONG_COMMANDS } from './song.js';

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

/** Every protocol-3 command (but `guard`, which wraps a graph mutation and adds `guarded: true`): each area's table. */
export const PROTOCOL3 = { ...CORE_COMMANDS, ...GRID_COMMANDS, ...SONG_COMMANDS, ...SAMPLE_COMMANDS } as const;

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
