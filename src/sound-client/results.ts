import type { AuthorizationMode, Guard, WritePlan } from './authorization.js';
import { failureOf } from '../protocol3/replies/index.js';
import type { NativeReply, WireOutcome } from './connection.js';

/**
 * What every sound write reports. The native reply is kept whole (`native`), `ok: false`
 * included: a refusal or a failure that carries a payload is data, not an exception.
 */
type WriteStatus = 'completed' | 'refused' | 'requires_observation' | 'confirmation_required' | 'reviewed' | 'declined' | 'native_save_completed';

export interface WriteResult {
  ok: boolean;
  status: WriteStatus;
  /** How the write was authorized (absent when it was not sent). */
  authorization?: AuthorizationMode;
  /** The protocol-3 line sent, or the one a confirmation would send. */
  command: string;
  /** The state the write was bound to (absent when the adapter refused before planning). */
  guard?: Guard;
  summary?: string;
  /** What the adapter read before deciding: current state and what would change. */
  preview?: Record<string, unknown>;
  /** The host's reply, whole. Absent when nothing was sent or no reply came back. */
  native?: NativeReply;
  error?: string;
  code?: string;
  reason?: string;
  /** Always false: nothing is ever retried or replayed. */
  retry_performed?: false;
  confirmation?: { token: string; expires_at: string; how: string };
  /** What to do next. */
  next?: string;
  notes?: string[];
  [extra: string]: unknown;
}

export const OBSERVE_FIRST = 'The write was sent and its reply was lost: the host may or may not have applied it. Do not resend it. Read state first';

/** Shapes a write's wire outcome. */
export function fromOutcome(outcome: WireOutcome, plan: WritePlan, mode: AuthorizationMode, observe: string, notes: readonly string[] = []): WriteResult {
  const base = { command: outcome.line, guard: plan.guard, summary: plan.summary, preview: plan.preview, authorization: mode, retry_performed: false as const };
  const withNotes = (r: WriteResult): WriteResult => (notes.length > 0 ? { ...r, notes: [...notes] } : r);
  if (outcome.kind === 'ambiguous') {
    return withNotes({
      ok: false,
      status: 'requires_observation',
      ...base,
      error: outcome.error,
      code: outcome.transport,
      next: `${OBSERVE_FIRST} (${observe}), then decide.`,
    });
  }
  const native = outcome.reply;
  if (native.ok === true) return withNotes({ ok: true, status: 'completed', ...base, native });
  const out: WriteResult = { ok: false, status: 'refused', ...base, native };
  const failure = failureOf(native);
  if (typeof failure?.error === 'string') out.error = failure.error;
  if (failure?.code !== undefined) out.code = failure.code;
  if (failure?.reason !== undefined) out.reason = failure.reason;
  out.next =
    failure?.code === 'stale'
      ? `The host refused it because its state moved on; nothing changed. Re-read (${observe}) and decide again.`
      : 'The host refused it; nothing changed. Read the error, fix the request, and try again.';
  return withNotes(out);
}

/** A preview that needs confirmation. */
export function confirmationResult(plan: WritePlan, token: string, expiresAt: string, elicitationError?: string): WriteResult {
  const out: WriteResult = {
    ok: false,
    status: 'confirmation_required',
    command: plan.line,
    guard: plan.guard,
    summary: plan.summary,
    preview: plan.preview,
    confirmation: {
      token,
      expires_at: expiresAt,
      how:
        'Show the summary to the human. To apply it, call the same tool again with exactly the same arguments plus confirmation_token set to ' +
        'confirmation.token; it runs only if the bound state is unchanged (else stale). Nothing was sent yet.',
    },
    next: 'Nothing changed. Confirm with confirmation_token, or ask the operator for the cooperative grant.',
  };
  if (elicitationError !== undefined) out.notes = [elicitationError];
  return out;
}

/** A plan step's preview: what it would send, bound to what; nothing was sent and no token issued (the plan has one). */
export function reviewedResult(plan: WritePlan): WriteResult {
  return { ok: false, status: 'reviewed', command: plan.line, guard: plan.guard, summary: plan.summary, preview: plan.preview };
}

export function declinedResult(plan: WritePlan, action: string): WriteResult {
  return {
    ok: false,
    status: 'declined',
    command: plan.line,
    guard: plan.guard,
    summary: plan.summary,
    preview: plan.preview,
    error: `the human did not approve (${action}); nothing was sent`,
    next: 'Nothing changed. Ask the human what they want instead.',
  };
}
