// Protocol-3 writes in a cluster's log (docs/cluster.md): a write line from an outside client that
// the leader ran is logged as its command line; a render node runs the same line through its own
// protocol-3 dispatcher. The sound tools' own lines are not: their tool call is logged instead.
import type { Origin } from '../engine/commands/history.js';
import type { LineRecord } from './records.js';

/** Runs one protocol-3 line on this node's sound host (the dispatcher, with an origin) and returns its reply. */
export type LineRunner = (line: string, origin: Origin) => Promise<{ readonly ok?: unknown; readonly code?: unknown; readonly error?: unknown }>;

/** Leader: whether a write line from this origin is logged (an outside client's, not a tool call's nor a replay's). */
export function logsLine(origin: Origin): boolean {
  return origin.surface === 'protocol3';
}

/** Render node: runs a logged line; the failure when it did not succeed here (the node has diverged). */
export async function replayLine(run: LineRunner, record: LineRecord, origin: Origin): Promise<string | undefined> {
  const reply = await run(record.line, origin);
  return reply.ok === true ? undefined : `${String(reply.code)}: ${String(reply.error)}`;
}
