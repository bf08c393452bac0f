import { createHash } from 'node:crypto';
import { FootlightError, invalidArgument, stale } from '../engine/errors.js';
import type { HistoryStep } from '../protocol3/replies/shapes.js';
import type { AuthorizationMode, CallAuthority, Guard, WritePlan } from './authorization.js';
import type { AdapterCore } from './core.js';
import { confirmationResult, declinedResult, type WriteResult } from './results.js';

/**
 * Sound plans: many writes reviewed as one. The plan's preview is every step's preview against
 * one observed state; one authorization (the cooperative grant, one confirmation or one human
 * answer) then applies the steps in order. Each step is still guarded as it would be alone — its
 * fresh preview must match the reviewed one (up to the guard values the plan's own earlier steps
 * moved), the host checks its token or revision at submission, Grid writes are read back — and
 * the host's history must show no other writer between two steps. The first step that does not
 * complete stops the plan: nothing after it is sent, nothing before it is rolled back or replayed.
 */

export interface PlanStep {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** A step's argument taken from an earlier step's reply: `{"from_step": 0, "field": "native.node.id"}`. */
interface StepReference {
  readonly from_step: number;
  readonly field: string;
}

/**
 * Runs one step's tool with `authority` and returns its payload. A sound write answers a
 * WriteResult (`reviewed` in review); a light tool is checked in review (`reviewed`, nothing run)
 * and runs at its turn as one undo step.
 */
type StepRunner = (step: PlanStep, authority: CallAuthority) => Promise<Record<string, unknown>>;

interface StepReview {
  readonly index: number;
  readonly tool: string;
  readonly summary: string;
  readonly command: string;
  readonly guard?: Guard;
  readonly preview?: Record<string, unknown>;
  /** The earlier steps whose replies this one takes arguments from: previewed only at its turn. */
  readonly depends_on?: number[];
}

interface StepOutcome {
  readonly index: number;
  readonly tool: string;
  readonly status: string;
  readonly ok: boolean;
  readonly summary?: string;
  readonly command?: string;
  readonly native?: unknown;
  readonly verification?: unknown;
  readonly error?: string;
  readonly code?: string;
}

interface PlanResult extends WriteResult {
  /** What ran, in order: every step that landed and the one that stopped the plan. */
  steps?: StepOutcome[];
  applied?: number;
  stopped_at?: number;
}

const GUARD_MARK = '<guard>';

export class SoundPlans {
  constructor(private readonly core: AdapterCore) {}

  /** Reviews the plan, authorizes it once, then applies it step by step. */
  async apply(steps: readonly PlanStep[], detail: 'summary' | 'full', authority: CallAuthority, run: StepRunner): Promise<PlanResult> {
    checkReferences(steps);
    const review = (): Promise<WritePlan> => this.review(steps, authority, run);
    const a = await this.core.authorizer.authorize('sound_apply_plan', { steps }, authority, review);
    if (a.kind === 'confirm') return briefPreview(confirmationResult(a.plan, a.token, a.expiresAt, a.elicitationError), detail);
    if (a.kind === 'declined') return briefPreview(declinedResult(a.plan, a.action), detail);
    const out = await this.run(steps, a.plan, a.mode, authority, run);
    if (detail === 'summary') out.steps = out.steps?.map(briefOutcome);
    return out;
  }

  /** Every step's preview against the state as it is now; nothing is sent. */
  private async review(steps: readonly PlanStep[], authority: CallAuthority, run: StepRunner): Promise<WritePlan> {
    const reviews: StepReview[] = [];
    for (const [index, step] of steps.entries()) {
      const refs = referencesOf(step.args);
      if (refs.length > 0) {
        reviews.push({
          index,
          tool: step.tool,
          summary: `${step.tool} with arguments from step${refs.length === 1 ? '' : 's'} ${refs.join(', ')}: previewed and guarded at its turn`,
          command: `${step.tool} ${JSON.stringify(step.args)}`,
          depends_on: refs,
        });
        continue;
      }
      const r = await atStep(index, step.tool, () => run(step, { ...authority, planStep: { phase: 'review' } }));
      if (r.status !== 'reviewed') throw invalidArgument(`steps[${index}] (${step.tool}) cannot be reviewed as a plan step; nothing was sent`);
      const out: StepReview = { index, tool: step.tool, summary: String(r.summary ?? ''), command: String(r.command ?? '') };
      reviews.push({
        ...out,
        ...(r.guard === undefined ? {} : { guard: r.guard as Guard }),
        ...(r.preview === undefined ? {} : { preview: r.preview as Record<string, unknown> }),
      });
    }
    const guards = reviews.map((r) => r.guard ?? null);
    return {
      line: reviews.map((r) => r.command).join('\n'),
      guard: { kind: 'plan', value: createHash('sha256').update(JSON.stringify(guards)).digest('hex'), source: 'fresh_read' },
      summary: `Apply ${steps.length} change${steps.length === 1 ? '' : 's'} in order, stopping at the first that does not complete: ${reviews
        .map((r) => `(${r.index}) ${r.summary}`)
        .join(' ')}`,
      preview: { steps: reviews },
    };
  }

  private async run(
    steps: readonly PlanStep[],
    plan: WritePlan,
    mode: Exclude<AuthorizationMode, 'not_required'>,
    authority: CallAuthority,
    run: StepRunner,
  ): Promise<PlanResult> {
    const reviews = (plan.preview as { steps: StepReview[] }).steps;
    const { confirmationToken: _, ...base } = authority;
    const outcomes: StepOutcome[] = [];
    const replies: Record<string, unknown>[] = [];
    let mark = await this.newestStep();
    let own: HistoryStep | undefined;
    let stop: string | undefined;
    for (const [index, step] of steps.entries()) {
      const reviewed = reviews[index];
      const check = async (now: WritePlan): Promise<void> => {
        if (reviewed.guard !== undefined) sameAsReviewed(index, reviewed, now);
        await this.noOtherWriter(mark, index);
      };
      let result: Record<string, unknown>;
      try {
        const args = resolveReferences(step.args, replies);
        result = await run({ tool: step.tool, args }, { ...base, planStep: { phase: 'apply', mode, check } });
      } catch (err) {
        if (!(err instanceof FootlightError)) throw err;
        outcomes.push({ index, tool: step.tool, status: 'failed', ok: false, error: err.message, code: err.code });
        break;
      }
      replies.push(result);
      const outcome = outcomeOf(index, step.tool, result);
      outcomes.push(outcome);
      if (!outcome.ok) break;
      const newest = await this.newestStep();
      if (newest !== null && newest.seq !== mark?.seq && !this.isOwn(newest, authority, own)) {
        stop = `another writer's step (seq ${newest.seq} "${newest.label}" by ${newest.surface}) landed during step ${index}; the plan stopped after it`;
        break;
      }
      if (newest !== null && newest.seq !== mark?.seq) own ??= newest;
      mark = newest;
    }
    const applied = outcomes.filter((o) => o.ok).length;
    const last = outcomes.at(-1);
    const out: PlanResult = {
      ok: applied === steps.length,
      status: applied === steps.length ? 'completed' : applied === 0 ? 'refused' : 'requires_observation',
      authorization: mode,
      command: plan.line,
      guard: plan.guard,
      summary: plan.summary,
      retry_performed: false,
      applied,
      steps: outcomes,
    };
    if (applied < steps.length) {
      out.stopped_at = last?.ok === false ? last.index : applied;
      out.error = stop ?? `step ${out.stopped_at} (${last?.tool}) did not complete: ${last?.error ?? last?.status}`;
      if (last?.code !== undefined) out.code = last.code;
      out.next =
        `Steps 0–${applied - 1 < 0 ? 'none' : applied - 1} landed and stay (undo them with sound_undo {steps: ${applied}} if you want them gone); ` +
        'nothing after the stop was sent. Read the state, then plan the rest again.';
      if (applied === 0) out.next = 'Nothing landed. Read the error, fix the plan and send it again.';
    }
    return out;
  }

  /**
   * Whether a new history step is the plan's own: the built-in host names the MCP session behind
   * each step; another host names only the adapter's connection, the same for every step it sends.
   */
  private isOwn(step: HistoryStep, authority: CallAuthority, first: HistoryStep | undefined): boolean {
    if (this.core.connection.attributesCallers) return step.surface === 'mcp' && step.session === authority.session;
    return first === undefined || (step.surface === first.surface && step.session === first.session);
  }

  /** The host's newest undo step: the mark another writer's step would move. */
  private async newestStep(): Promise<HistoryStep | null> {
    return (await this.core.need('history', 'a plan reads the host history between its steps')).next_undo;
  }

  private async noOtherWriter(mark: HistoryStep | null, index: number): Promise<void> {
    const now = await this.newestStep();
    if ((now?.seq ?? null) === (mark?.seq ?? null)) return;
    throw stale(
      `the host's history moved since the plan's last step (now seq ${now?.seq ?? 'none'} "${now?.label ?? ''}" by ${now?.surface ?? '?'}): another ` +
        `writer changed the host, so step ${index} was not sent`,
    );
  }
}

/** A step's fresh preview against its reviewed one: the same command, up to guard values the plan's own earlier steps moved. */
function sameAsReviewed(index: number, reviewed: StepReview, now: WritePlan): void {
  const was = reviewed.guard as Guard;
  if (was.kind !== now.guard.kind) throw stale(`step ${index} would now bind to ${now.guard.kind}, not the reviewed ${was.kind}; it was not sent`);
  const same =
    index === 0 ? reviewed.command === now.line : reviewed.command.replaceAll(was.value, GUARD_MARK) === now.line.replaceAll(now.guard.value, GUARD_MARK);
  if (!same || (index === 0 && was.value !== now.guard.value))
    throw stale(`step ${index} would now send ${now.line.slice(0, 200)}, not the reviewed ${reviewed.command.slice(0, 200)}; it was not sent`);
}

function isReference(v: unknown): v is StepReference {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.includes('from_step') && keys.every((k) => k === 'from_step' || k === 'field');
}

function referencesOf(args: Readonly<Record<string, unknown>>): number[] {
  return [
    ...new Set(
      Object.values(args)
        .filter(isReference)
        .map((r) => r.from_step),
    ),
  ].sort((a, b) => a - b);
}

function checkReferences(steps: readonly PlanStep[]): void {
  for (const [index, step] of steps.entries()) {
    if ('confirmation_token' in step.args)
      throw invalidArgument(`steps[${index}]: a plan step takes no confirmation_token (the plan is confirmed as a whole); nothing was sent`);
    for (const [key, v] of Object.entries(step.args)) {
      if (!isReference(v)) continue;
      if (!Number.isInteger(v.from_step) || v.from_step < 0 || v.from_step >= index)
        throw invalidArgument(`steps[${index}].${key}: from_step must name an earlier step (0…${index - 1}); nothing was sent`);
      if (typeof v.field !== 'string' || !/^[A-Za-z_][\w]*(\.[A-Za-z_\d][\w]*)*$/.test(v.field))
        throw invalidArgument(`steps[${index}].${key}: field must be a dotted path into that step's reply, e.g. "native.node.id"; nothing was sent`);
    }
  }
}

function resolveReferences(args: Readonly<Record<string, unknown>>, replies: readonly Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(args)) {
    if (!isReference(v)) {
      out[key] = v;
      continue;
    }
    let at: unknown = replies[v.from_step];
    for (const part of v.field.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
    if (at === undefined || (typeof at === 'object' && at !== null))
      throw invalidArgument(`${key}: step ${v.from_step}'s reply has no value at ${v.field}; this step was not sent`);
    out[key] = at;
  }
  return out;
}

function outcomeOf(index: number, tool: string, r: Record<string, unknown>): StepOutcome {
  const out: Record<string, unknown> = { index, tool, status: typeof r.status === 'string' ? r.status : 'completed', ok: r.ok !== false };
  for (const k of ['summary', 'command', 'native', 'verification', 'error', 'code'] as const) if (r[k] !== undefined) out[k] = r[k];
  if (r.status === undefined) out.native = r; // a light tool's payload
  return out as unknown as StepOutcome;
}

/** Names the step an error came from; the plan is refused whole and nothing was sent. */
async function atStep<T>(index: number, tool: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof FootlightError) throw new FootlightError(err.code, `steps[${index}] (${tool}): ${err.message} The plan was not applied.`);
    throw err;
  }
}

/** The preview in brief: each step's command and guard (its words are in the plan's summary); `detail: "full"` adds what each step read. */
function briefPreview(r: WriteResult, detail: 'summary' | 'full'): WriteResult {
  if (detail === 'full' || r.preview === undefined) return r;
  // The plan's summary already says each step's in words, numbered.
  const steps = (r.preview as { steps: StepReview[] }).steps.map(({ preview: _, summary: __, ...step }) => step);
  return { ...r, preview: { steps } };
}

/**
 * A step that ran, in brief: the identities its reply names (a new node's id, a device's
 * instance) and its scalars, not whole graphs or tracks; the step that stopped the plan stays whole.
 */
function briefOutcome(o: StepOutcome): StepOutcome {
  if (!o.ok) return o;
  const out: Record<string, unknown> = { ...o };
  if (isObject(o.native)) out.native = briefObject(o.native);
  if (isObject(o.verification)) out.verification = { ok: o.verification.ok, problems: o.verification.problems };
  return out as unknown as StepOutcome;
}

function briefObject(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null || typeof x !== 'object') out[k] = x;
    else if (isObject(x) && ('id' in x || 'instance_id' in x || 'index' in x)) {
      const named: Record<string, unknown> = {};
      for (const key of ['id', 'instance_id', 'index', 'name', 'kind']) if (key in x) named[key] = x[key];
      out[k] = named;
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
