// Exact order on the sound side (docs/cluster.md): a sound tool reaches the show only through the
// protocol-3 lines it sends, each run as its own engine-queue task. The leader logs each of those
// lines from inside its task, as it does an outside client's, so render nodes run them in the
// leader's queue order among the light writes and undos, and the tool call itself is not replayed.
// A call a render node forwarded is logged after its lines as its answer alone, for the forward's id.
import { unavailable } from '../engine/errors.js';
import type { Engine } from '../engine/engine.js';
import type { Origin } from '../engine/commands/history.js';
import type { AnyTool } from '../tools/define-tool.js';
import type { LoggedCall } from '../tools/cluster-link.js';
import type { CallRecord } from './records.js';

/** The toolsets of src/tools/sound: their writes are protocol-3 lines to the sound host. */
const LINE_TOOLSETS = new Set(['sound', 'song', 'grid']);

function sendsLines(tool: AnyTool | undefined): boolean {
  return tool !== undefined && tool.mode === 'direct' && LINE_TOOLSETS.has(tool.toolset);
}

/**
 * Leader: the log record of a write it ran at `frame`; undefined when the call's lines are its record
 * (a sound tool's own call). A forwarded sound tool's record carries its answer and is not run again.
 */
export function callRecord(call: LoggedCall, frame: number, find: (name: string) => AnyTool | undefined): CallRecord | undefined {
  const { answer, ...rest } = call;
  if (!sendsLines(find(call.tool))) return { kind: 'call', ...rest, frame };
  return call.id === undefined || answer === undefined ? undefined : { kind: 'call', ...call, frame };
}

/** Whether the leader's line from this origin was sent by one of its own tools (a sound tool), not by an outside client. */
export function toolLine(origin: Origin): boolean {
  return origin.surface !== 'protocol3' && origin.surface !== 'cluster';
}

/**
 * Leader: whether a sound tool's write line is logged. Its `song-save` is not: replayed, it would save
 * into the leader's new folder on every node (refused there: the folder is no longer empty).
 */
export function logsToolLine(line: string, origin: Origin): boolean {
  return !(toolLine(origin) && line.startsWith('song-save '));
}

/**
 * Leader: a sound tool's line the log refused. Its history step is taken back while it is still on
 * top, and the line fails with `unavailable`, so the tool fails and says what changed.
 */
export async function refusedToolLine(engine: Engine, step: number | undefined, command: string, err: unknown): Promise<Error> {
  const { history } = engine;
  const rolledBack = await engine.queue.submit(
    () => {
      const top = history.nextUndo;
      if (step === undefined || top === undefined || top.seq !== step) return false;
      history.rollback(top);
      return true;
    },
    { label: 'cluster-rollback' },
  );
  const why = err instanceof Error ? err.message : String(err);
  return unavailable(
    `the show's command log did not acknowledge ${command} (${why}), so render nodes would not see it: ` +
      (rolledBack
        ? 'it was taken back and nothing changed. Call again once the log is reachable.'
        : step === undefined
          ? 'it made no undo step to take back; re-read state before deciding what to do.'
          : 'it could not be taken back (later steps are on top of it); re-read state before deciding what to do.'),
  );
}
