// What the show's command log holds (docs/cluster.md, "The log"): one stream per show, seven kinds
// of record on their own subjects, in one total order (the stream's sequence).
import { invalidArgument } from '../engine/errors.js';
import type { Origin } from '../engine/commands/history.js';
import type { LoggedCall } from '../tools/cluster-link.js';
import type { FrameInputs } from './frame-inputs.js';

/** The leader opened the log: everything before it belongs to an earlier run of the show. */
interface StartRecord {
  readonly kind: 'start';
  readonly leader: string;
  /** The project the leader opened (its path as the leader sees it), or null for the built-in demo. */
  readonly project: string | null;
  readonly startedAt: string;
  /** The leader's sound-host instance id: every node adopts it, so tokens and revisions hold across nodes. */
  readonly instance?: string;
}

/** A write the leader ran, with the leader's frame count when it ran (frames run so far). */
export interface CallRecord extends LoggedCall {
  readonly kind: 'call';
  readonly frame: number;
}

/** The leader ran frame `frame` (0-based); calls logged before it ran before it. Its inputs (DMX, audio) are the frame's. */
export interface TickRecord extends FrameInputs {
  readonly kind: 'tick';
  readonly frame: number;
  /** The song position (beats) after the frame's step, and whether the song plays. */
  readonly position: number;
  readonly playing: boolean;
  /** The leader's wall clock (epoch ms) at the frame: the time of day Timer and Damper read. */
  readonly wallMs: number;
  /** The frame's digest, on checked frames of a leader without a slice (divergence.ts): a follower compares its own. */
  readonly digest?: string;
  /** The digest of the frame's canary region (canary.ts), on checked frames of every leader: nodes with a slice compare it. */
  readonly canary?: string;
}

/** A protocol-3 write from an outside client that the leader ran: a render node runs the same line through its dispatcher. */
export interface LineRecord {
  readonly kind: 'line';
  readonly line: string;
  readonly origin: Origin;
  readonly frame: number;
  /** The forward's id when a render node sent the line (forward.ts). */
  readonly id?: string;
}

/** A node took the lease after its leader's lapsed (docs/cluster.md, "Failover"): it leads from frame `frame` on. */
export interface LeadRecord {
  readonly kind: 'lead';
  readonly leader: string;
  readonly term: number;
  /** Every node steps its clock (with no calls) up to this frame, then follows the new leader's ticks. */
  readonly frame: number;
  /** The wall clock (epoch ms) of those stepped frames. */
  readonly wallMs: number;
}

/** The leader stored a checkpoint of the state after frame `frame` here (checkpoints.ts): records before it made that state. */
interface CheckpointRecord {
  readonly kind: 'checkpoint';
  /** Its name in the show's Object Store bucket. */
  readonly name: string;
  readonly frame: number;
}

/**
 * The leader removed every tick before sequence `before` (log-trim.ts): the log no longer holds the
 * frames before frame `frame`, only the calls, lines and other records there.
 */
export interface TrimRecord {
  readonly kind: 'trim';
  readonly before: number;
  readonly frame: number;
}

export type LogRecord = StartRecord | CallRecord | TickRecord | LineRecord | LeadRecord | CheckpointRecord | TrimRecord;

/** A NATS subject token for the show (letters, digits, `-` and `_`): from the project's file name. */
export function streamName(project: string | undefined): string {
  const base = project === undefined ? 'demo' : (project.split(/[\\/]/).pop() ?? 'show').replace(/\.lxp$/i, '');
  const token = base.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 48) || 'show';
  return `footlight-${token}`;
}

/** The subject a record goes on, under the show's stream. */
export function subjectOf(stream: string, kind: LogRecord['kind']): string {
  return `${stream}.${kind}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeRecord(record: LogRecord): Uint8Array {
  return encoder.encode(JSON.stringify(record));
}

export function decodeRecord(data: Uint8Array): LogRecord {
  const value = JSON.parse(decoder.decode(data)) as { kind?: unknown };
  if (value === null || typeof value !== 'object' || !['start', 'call', 'tick', 'line', 'lead', 'checkpoint', 'trim'].includes(value.kind as string))
    throw invalidArgument('the show log holds a record of no known kind');
  return value as LogRecord;
}
