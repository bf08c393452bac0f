// Protocol-3 writes in a cluster's log (docs/cluster.md): a write line from an outside client or a
// sound tool that the leader ran is logged as its command line; a render node runs the same line
// through its own protocol-3 dispatcher (sound-order.ts: the sound tools' lines stand for their
// calls). A render node sends its outside clients' write lines to the leader, which runs them as its
// own clients' (forward.ts carries them).
import type { Origin } from '../engine/commands/history.js';
import type { WriteHooks } from '../protocol3/server/dispatch.js';
import type { Payload } from '../sound/host/host.js';
import type { LineRecord } from './records.js';

/** Runs one protocol-3 line on this node's sound host (the dispatcher, with an origin and a cluster's hooks) and returns its reply. */
export type LineRunner = (line: string, origin: Origin, hooks?: WriteHooks) => Promise<Payload>;

/** Leader: whether a write line from this origin is logged (an outside client's or a sound tool's, not a replay's); a render node forwards those. */
export function logsLine(origin: Origin): boolean {
  return origin.surface !== 'cluster';
}

/** Render node: runs a logged line; its reply, and the failure when it did not succeed here (the node has diverged). */
export async function replayLine(run: LineRunner, record: LineRecord, origin: Origin): Promise<{ readonly reply: Payload; readonly failure?: string }> {
  const reply = await run(record.line, origin);
  return reply.ok === true ? { reply } : { reply, failure: `${String(reply.code)}: ${String(reply.error)}` };
}

/**
 * Leader: runs a write line a render node forwarded as one of its own outside clients' lines (admitted,
 * then logged once it succeeded); its reply, and the log sequence of its record when it was logged.
 */
export async function runForwardedLine(
  run: LineRunner,
  line: string,
  origin: Origin,
  admit: (command: string, origin: Origin) => void,
  logLine: (line: string, origin: Origin) => Promise<number | undefined>,
): Promise<{ readonly reply: Payload; readonly seq?: number }> {
  let seq: number | undefined;
  const reply = await run(line, origin, {
    admit,
    logWrite: async (logged, from) => {
      seq = await logLine(logged, from);
    },
  });
  return seq === undefined ? { reply } : { reply, seq };
}
