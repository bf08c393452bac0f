import { randomBytes } from 'node:crypto';
import { FootlightError, invalidArgument, notFound } from '../engine/errors.js';
import type { Connection } from '../protocol3/replies/shapes.js';
import type { Reply } from '../protocol3/replies/index.js';

type Graph = Reply<'graph-state'>;

/**
 * Patch sessions, process-local. A session starts from a before-graph kept as evidence (never as
 * a restore program), applies one reviewed graph step at a time against its last verified
 * revision, verifies each step by reading the graph back, and freezes — for good — on stale
 * state, a failed verification or an ambiguous outcome. It never replays or rolls back.
 */

type FreezeReason = 'stale_state' | 'verification_failed' | 'ambiguous_outcome' | 'host_restarted';
type StepOutcome = 'applied' | 'refused' | 'stale' | 'verification_failed' | 'requires_observation';

interface PatchStep {
  readonly n: number;
  readonly tool: string;
  readonly command: string;
  readonly authorization?: string;
  readonly outcome: StepOutcome;
  readonly revision_before: string;
  readonly revision_after?: string;
  readonly verification?: Verification;
  readonly error?: string;
  readonly at: string;
}

export interface Verification {
  readonly ok: boolean;
  readonly checked: readonly string[];
  readonly problems: readonly string[];
}

export interface PatchSession {
  readonly id: string;
  /** `explicit` (grid_begin_patch_session) or `grid_clear_graph` (opened by a clear to keep its before snapshot). */
  readonly origin: 'explicit' | 'grid_clear_graph';
  state: 'open' | 'frozen' | 'closed';
  readonly graph_id: string;
  readonly device: Record<string, unknown>;
  readonly host_instance: string;
  readonly before_revision: string;
  readonly before_graph: Graph;
  current_revision: string;
  readonly steps: PatchStep[];
  frozen?: { reason: FreezeReason; at_step?: number; detail: string; at: string };
  busy: boolean;
  readonly created_at: string;
  closed_at?: string;
}

/** Thrown when a session cannot take a step; carries the session so the reply can say where it stands. */
export class PatchSessionStop extends FootlightError {
  constructor(
    readonly session: PatchSession,
    message: string,
  ) {
    super('stale', message);
  }
}

const MAX_SESSIONS = 64;

export interface PatchReport {
  /** The name every tool takes it by, so a reply can be passed straight back. */
  patch_session_id: string;
  origin: string;
  state: string;
  graph_id: string;
  device: Record<string, unknown>;
  before_revision: string;
  current_revision: string;
  applied_steps: number;
  steps: PatchStep[];
  frozen?: { reason: FreezeReason; at_step?: number; detail: string; at: string };
  where: string;
  next: string;
  created_at: string;
  closed_at?: string;
  before_graph?: Graph;
}

export class PatchSessions {
  private readonly sessions = new Map<string, PatchSession>();

  constructor(private readonly instance: () => string) {}

  get counts(): { patch_sessions: number; open_patch_sessions: number; frozen_patch_sessions: number } {
    const all = [...this.sessions.values()];
    return {
      patch_sessions: all.length,
      open_patch_sessions: all.filter((s) => s.state === 'open').length,
      frozen_patch_sessions: all.filter((s) => s.state === 'frozen').length,
    };
  }

  open(graph: Graph, origin: PatchSession['origin']): PatchSession {
    const session: PatchSession = {
      id: `patch-${randomBytes(6).toString('hex')}`,
      origin,
      state: 'open',
      graph_id: graph.graph_id,
      device: graph.device,
      host_instance: this.instance(),
      before_revision: graph.revision,
      before_graph: graph,
      current_revision: graph.revision,
      steps: [],
      busy: false,
      created_at: new Date().toISOString(),
    };
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = [...this.sessions.values()].find((s) => s.state !== 'open') ?? this.sessions.values().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest.id);
    }
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): PatchSession {
    const s = this.sessions.get(id);
    if (s === undefined)
      throw notFound(
        `no patch session ${JSON.stringify(id)} in this adapter process (patch sessions are process-local: a restart loses them and their review authority)`,
      );
    return s;
  }

  /** Refuses a step on a session that cannot take one, saying where it stands. */
  assertCanStep(s: PatchSession): void {
    if (s.host_instance !== this.instance() && s.state === 'open')
      this.freeze(s, 'host_restarted', 'the sound host restarted: the ids and revision this session holds name nothing any more');
    if (s.state === 'frozen')
      throw new PatchSessionStop(
        s,
        `patch session ${s.id} is frozen (${s.frozen?.reason}): ${s.frozen?.detail}. It takes no more steps and nothing is replayed or rolled back; read ` +
          `grid_get_state, then end it and begin a new session to continue.`,
      );
    if (s.state === 'closed') throw invalidArgument(`patch session ${s.id} is closed; begin a new one`);
    if (s.busy) throw invalidArgument(`patch session ${s.id} has a step in flight; a session applies one reviewed step at a time. Wait for its reply.`);
  }

  freeze(s: PatchSession, reason: FreezeReason, detail: string, atStep?: number): void {
    if (s.state !== 'open') return;
    s.state = 'frozen';
    s.frozen = { reason, detail, at: new Date().toISOString(), ...(atStep === undefined ? {} : { at_step: atStep }) };
  }

  record(s: PatchSession, step: Omit<PatchStep, 'n' | 'at'>): PatchStep {
    const full: PatchStep = { ...step, n: s.steps.length + 1, at: new Date().toISOString() };
    s.steps.push(full);
    return full;
  }

  close(id: string): PatchSession {
    const s = this.get(id);
    if (s.state !== 'closed') {
      s.state = 'closed';
      s.closed_at = new Date().toISOString();
    }
    return s;
  }

  hostChanged(): void {
    for (const s of this.sessions.values())
      this.freeze(s, 'host_restarted', 'the sound host restarted (its instance changed): the ids and revision this session holds name nothing any more');
  }

  /**
   * What a step's reply says about its session: the report with only the latest step, so replies
   * stay the same size however long the session runs (grid_get_patch_session lists every step).
   */
  stepEcho(s: PatchSession): PatchReport {
    const out = this.report(s, false);
    out.steps = out.steps.slice(-1);
    out.where += ` (the last step below; grid_get_patch_session lists all ${s.steps.length})`;
    return out;
  }

  report(s: PatchSession, includeBefore: boolean): PatchReport {
    const applied = s.steps.filter((x) => x.outcome === 'applied').length;
    let where: string;
    let next: string;
    if (s.state === 'open') {
      where = `open on ${s.graph_id}: ${applied} step${applied === 1 ? '' : 's'} applied and verified; the last verified revision is ${s.current_revision}`;
      next = 'Review the next step against that revision (grid_get_state), then apply it with patch_session_id; or end the session.';
    } else if (s.state === 'frozen') {
      const f = s.frozen!;
      where =
        `frozen${f.at_step === undefined ? '' : ` at step ${f.at_step}`} (${f.reason}): ${f.detail}. ${applied} step${applied === 1 ? '' : 's'} had ` +
        `been applied and verified; the last verified revision is ${s.current_revision}`;
      next =
        f.reason === 'ambiguous_outcome'
          ? 'The host may or may not have applied the last step: read grid_get_state and compare with the step before deciding anything. Nothing will be ' +
            'replayed or rolled back; end this session and begin a new one to continue.'
          : 'Read grid_get_state to see what the host holds now. Nothing will be replayed or rolled back; end this session and begin a new one to continue.';
    } else {
      where =
        `closed after ${applied} applied step${applied === 1 ? '' : 's'}${s.frozen === undefined ? '' : ` (it had frozen: ${s.frozen.reason})`}; the ` +
        `last verified revision was ${s.current_revision}`;
      next = 'Nothing more can be applied in this session; the before-graph stays here as evidence.';
    }
    const out: PatchReport = {
      patch_session_id: s.id,
      origin: s.origin,
      state: s.state,
      graph_id: s.graph_id,
      device: s.device,
      before_revision: s.before_revision,
      current_revision: s.current_revision,
      applied_steps: applied,
      steps: [...s.steps],
      where,
      next,
      created_at: s.created_at,
    };
    if (s.frozen !== undefined) out.frozen = { ...s.frozen };
    if (s.closed_at !== undefined) out.closed_at = s.closed_at;
    if (includeBefore) out.before_graph = s.before_graph;
    return out;
  }
}

/** A compact difference between two graph-state payloads (by node id and parameter id). */
export function graphDiff(before: Graph, after: Graph): Record<string, unknown> {
  const nodes = (g: Graph) => new Map([...g.modules, ...g.modulators].map((n) => [n.id, n]));
  const b = nodes(before);
  const a = nodes(after);
  const added = [...a.values()].filter((n) => !b.has(n.id)).map((n) => ({ id: n.id, kind: n.kind, name: n.name, x: n.x, y: n.y }));
  const removed = [...b.values()].filter((n) => !a.has(n.id)).map((n) => ({ id: n.id, kind: n.kind, name: n.name }));
  const moved: unknown[] = [];
  const parameters: unknown[] = [];
  for (const [id, nb] of b) {
    const na = a.get(id);
    if (na === undefined) continue;
    if (na.x !== nb.x || na.y !== nb.y) moved.push({ id, name: na.name, from: { x: nb.x, y: nb.y }, to: { x: na.x, y: na.y } });
    for (const pb of nb.parameters) {
      const pa = na.parameters.find((p) => p.id === pb.id);
      if (pa !== undefined && pa.value !== pb.value)
        parameters.push({
          node_id: id,
          node_name: na.name,
          parameter_id: pb.id,
          from: { value: pb.value, display: pb.display },
          to: { value: pa.value, display: pa.display },
        });
    }
  }
  const cord = (c: Connection): string => `${c.source}:${c.source_port}->${c.target}:${c.target_port}`;
  const cb = new Set(before.connections.map(cord));
  const ca = new Set(after.connections.map(cord));
  return {
    from_revision: before.revision,
    to_revision: after.revision,
    same_graph: before.graph_id === after.graph_id,
    nodes_added: added,
    nodes_removed: removed,
    nodes_moved: moved,
    parameters_changed: parameters,
    cords_added: [...ca].filter((c) => !cb.has(c)),
    cords_removed: [...cb].filter((c) => !ca.has(c)),
  };
}
