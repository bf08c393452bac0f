import { randomBytes } from 'node:crypto';
import { canonicalJson } from '../engine/guards.js';
import { invalidArgument, stale } from '../engine/errors.js';

/**
 * Authorization for sound writes. Reads need none. A write needs either the operator's
 * cooperative grant (checked at call time, revocable at any moment) or an explicit confirmation
 * of a preview: the first call returns what would change and a single-use confirmation token
 * bound to the state it was reviewed against (a selection token, graph revision, project token
 * or undo history); the confirming call re-reads that state and executes only if it is
 * unchanged. When the client can ask its human (MCP elicitation), the adapter asks instead.
 * Pending confirmations are process-local and die with a host restart.
 */

type GuardKind = 'selection_token' | 'selection' | 'graph_revision' | 'project_token' | 'history' | 'plan';

/** The state a write is bound to. */
export interface Guard {
  readonly kind: GuardKind;
  readonly value: string;
  /**
   * `caller`: the value the caller passed as reviewed; `fresh_read`: read by the adapter for this
   * call; `patch_session`: the patch session's last verified revision.
   */
  readonly source: 'caller' | 'fresh_read' | 'patch_session';
}

/** What a write would do, computed from a fresh read. */
export interface WritePlan {
  /** The protocol-3 line the write sends (the first one, for a workflow of several). */
  readonly line: string;
  readonly guard: Guard;
  /** One sentence for a human. */
  readonly summary: string;
  /** Current state and what would change. */
  readonly preview: Record<string, unknown>;
}

/** How a write was allowed; `not_required`: a selection or view change, which needs no grant (docs/sound-tools.md). */
export type AuthorizationMode = 'cooperative' | 'confirmed' | 'elicited' | 'not_required';

/**
 * A step of a sound plan (plans.ts): `review` computes the step's preview and sends nothing;
 * `apply` runs it after the plan as a whole was authorized, checked against its reviewed preview.
 */
type PlanStepPhase =
  | { readonly phase: 'review' }
  | { readonly phase: 'apply'; readonly mode: Exclude<AuthorizationMode, 'not_required'>; readonly check: (now: WritePlan) => Promise<void> };

export interface CallAuthority {
  /** Set when the call is a step of a sound plan: the plan, not the step, was authorized. */
  readonly planStep?: PlanStepPhase;
  /** The operator's cooperative grant, read at call time. */
  readonly cooperative: boolean;
  /** The MCP session calling; a confirmation token works only in the session it was issued to. */
  readonly session: string;
  readonly confirmationToken?: string;
  readonly elicit?: (
    message: string,
    requestedSchema: Readonly<Record<string, unknown>>,
  ) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Readonly<Record<string, unknown>> }>;
}

type Authorization =
  | { readonly kind: 'go'; readonly mode: Exclude<AuthorizationMode, 'not_required'>; readonly plan: WritePlan }
  | { readonly kind: 'confirm'; readonly plan: WritePlan; readonly token: string; readonly expiresAt: string; readonly elicitationError?: string }
  | { readonly kind: 'declined'; readonly plan: WritePlan; readonly action: string };

interface Pending {
  readonly tool: string;
  readonly argsKey: string;
  readonly session: string;
  readonly instance: string;
  readonly guard: Guard;
  readonly line: string;
  readonly expires: number;
}

const CONFIRMATION_TTL_MS = 10 * 60_000;
const MAX_PENDING = 256;

const APPROVAL_SCHEMA = {
  type: 'object',
  properties: {
    approve: {
      type: 'boolean',
      title: 'Apply this change to the sound project',
      description: 'Yes applies it once, exactly as described; No changes nothing.',
    },
  },
  required: ['approve'],
} as const;

export class Authorizer {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly instance: () => string) {}

  get pendingCount(): number {
    this.sweep(Date.now());
    return this.pending.size;
  }

  /** Every pending confirmation becomes invalid (a host restart: the state they bind to is gone). */
  invalidateAll(): void {
    this.pending.clear();
  }

  /**
   * Decides whether `tool` may write now. `plan` reads fresh state and says what the write would
   * do; it runs once per decision (twice when a human was asked, to re-check after the answer).
   */
  async authorize(tool: string, args: Readonly<Record<string, unknown>>, authority: CallAuthority, plan: () => Promise<WritePlan>): Promise<Authorization> {
    const argsKey = canonicalJson(withoutToken(args));
    if (authority.confirmationToken !== undefined) return { kind: 'go', mode: 'confirmed', plan: await this.redeem(tool, argsKey, authority, plan) };
    if (authority.cooperative) return { kind: 'go', mode: 'cooperative', plan: await plan() };
    const reviewed = await plan();
    let elicitationError: string | undefined;
    if (authority.elicit !== undefined) {
      let answer: Awaited<ReturnType<NonNullable<CallAuthority['elicit']>>> | undefined;
      try {
        answer = await authority.elicit(
          `${reviewed.summary}\n\nProtocol-3 command: ${reviewed.line}\nBound to ${reviewed.guard.kind} ${reviewed.guard.value}.`,
          APPROVAL_SCHEMA,
        );
      } catch (err) {
        elicitationError = `the client could not ask its human (${(err as Error).message}); confirm with the token instead`;
      }
      if (answer !== undefined) {
        if (answer.action !== 'accept' || answer.content?.approve !== true)
          return { kind: 'declined', plan: reviewed, action: answer.action === 'accept' ? 'not_approved' : answer.action };
        const now = await plan();
        assertSameState(reviewed, now, 'the human approved it');
        return { kind: 'go', mode: 'elicited', plan: now };
      }
    }
    const token = randomBytes(32).toString('hex');
    const expires = Date.now() + CONFIRMATION_TTL_MS;
    this.sweep(Date.now());
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
    this.pending.set(token, { tool, argsKey, session: authority.session, instance: this.instance(), guard: reviewed.guard, line: reviewed.line, expires });
    const out: { kind: 'confirm'; plan: WritePlan; token: string; expiresAt: string; elicitationError?: string } = {
      kind: 'confirm',
      plan: reviewed,
      token,
      expiresAt: new Date(expires).toISOString(),
    };
    if (elicitationError !== undefined) out.elicitationError = elicitationError;
    return out;
  }

  private async redeem(tool: string, argsKey: string, authority: CallAuthority, plan: () => Promise<WritePlan>): Promise<WritePlan> {
    const token = authority.confirmationToken as string;
    const p = this.pending.get(token);
    if (p === undefined || p.expires < Date.now()) {
      this.pending.delete(token);
      throw stale(
        'that confirmation token is unknown, already used or expired (tokens last 10 minutes, work once, and die when the adapter or the host restarts). ' +
          'Nothing was sent; call again without confirmation_token for a fresh preview.',
      );
    }
    if (p.tool !== tool) throw invalidArgument(`that confirmation token was issued by ${p.tool}, not ${tool}; nothing was sent`);
    if (p.session !== authority.session) throw invalidArgument('that confirmation token was issued to another MCP session; nothing was sent');
    if (p.argsKey !== argsKey)
      throw invalidArgument(
        `that confirmation token was issued for different arguments; repeat exactly the arguments of the preview (plus confirmation_token). Nothing was sent.`,
      );
    this.pending.delete(token);
    if (p.instance !== this.instance())
      throw stale('the sound host restarted since the preview, so every identity it showed is gone. Nothing was sent; re-read and ask for a new preview.');
    const now = await plan();
    assertSameState({ guard: p.guard, line: p.line }, now, 'the preview');
    return now;
  }

  private sweep(now: number): void {
    for (const [k, p] of this.pending) if (p.expires < now) this.pending.delete(k);
  }
}

function withoutToken(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { confirmation_token: _, ...rest } = args;
  return rest;
}

function assertSameState(reviewed: Pick<WritePlan, 'guard' | 'line'>, now: WritePlan, since: string): void {
  if (reviewed.guard.kind !== now.guard.kind || reviewed.guard.value !== now.guard.value) {
    throw stale(
      `the ${reviewed.guard.kind.replace('_', ' ')} changed since ${since} (was ${reviewed.guard.value}, now ${now.guard.value}): another writer changed ` +
        `the host. Nothing was sent; re-read, then ask for a new preview.`,
    );
  }
  if (reviewed.line !== now.line)
    throw stale(
      `the command would differ from the one reviewed since ${since} (reviewed: ${reviewed.line.slice(0, 200)}; now: ${now.line.slice(0, 200)}). Nothing ` +
        `was sent; ask for a new preview.`,
    );
}
