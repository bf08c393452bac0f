import { invalidArgument, notFound } from '../engine/errors.js';
import type { AuthorizationMode, CallAuthority, Guard, WritePlan } from './authorization.js';
import { failureOf, type Reply } from '../protocol3/replies/index.js';
import type { GridNode } from '../protocol3/replies/shapes.js';
import type { AdapterCore, ReadResult } from './core.js';
import type { NativeReply } from './connection.js';
import { PatchSessionStop, graphDiff, type PatchReport, type PatchSession, type PatchSessions, type Verification } from './patch-sessions.js';
import { fromOutcome, type WriteResult } from './results.js';
import { b64, bool, num } from './wire.js';

/**
 * Grid graph writes over protocol 3. Every write is sent as `guard REVISION graph-...`: the
 * caller's reviewed `expected_revision`, the patch session's last verified revision, or —
 * when neither is given — a fresh revision the adapter reads (it guards dispatch but binds the
 * write to no human-reviewed snapshot; the reply says so). Raw parameter ids go in as exact
 * strings; the adapter base64-encodes them.
 */

type NodeKind = 'module' | 'modulator';

export type GridOp =
  | { readonly op: 'insert'; readonly kind: NodeKind; readonly uuid: string; readonly x: number; readonly y: number }
  | { readonly op: 'set'; readonly kind: NodeKind; readonly node_id: number; readonly parameter_id: string; readonly value: number | boolean }
  | {
      readonly op: 'connect';
      readonly source_kind: NodeKind;
      readonly source_id: number;
      readonly source_port: number;
      readonly target_id: number;
      readonly target_port: number;
    }
  | {
      readonly op: 'amount';
      readonly source_id: number;
      readonly source_port: number;
      readonly target_id: number;
      readonly target_port: number;
      readonly amount: number;
    }
  | { readonly op: 'disconnect'; readonly target_id: number; readonly target_port: number }
  | { readonly op: 'clear' };

interface GraphGuardArgs {
  readonly expected_revision?: string;
  readonly patch_session_id?: string;
}

const OBSERVE = 'grid_get_state';
const FRESH_REVISION_NOTE =
  'expected_revision was not given: the adapter read a fresh revision, which guards the dispatch but does not bind this write to an older graph you ' +
  'reviewed. Pass the revision you reviewed to bind it.';

type GraphMutation =
  | 'graph-insert'
  | 'graph-insert-modulator'
  | 'graph-set'
  | 'graph-set-modulator'
  | 'graph-connect'
  | 'graph-connect-modulator'
  | 'graph-set-amount'
  | 'graph-disconnect'
  | 'graph-clear';

/** The protocol-3 command an op sends (inside `guard REVISION ...`). */
function commandOf(op: GridOp): GraphMutation {
  switch (op.op) {
    case 'insert':
      return op.kind === 'module' ? 'graph-insert' : 'graph-insert-modulator';
    case 'set':
      return op.kind === 'module' ? 'graph-set' : 'graph-set-modulator';
    case 'connect':
      return op.source_kind === 'module' ? 'graph-connect' : 'graph-connect-modulator';
    case 'amount':
      return 'graph-set-amount';
    case 'disconnect':
      return 'graph-disconnect';
    case 'clear':
      return 'graph-clear';
  }
}

function innerLine(op: GridOp): string {
  const command = commandOf(op);
  switch (op.op) {
    case 'insert':
      return `${command} ${op.uuid} ${op.x} ${op.y}`;
    case 'set':
      return `${command} ${op.node_id} ${b64(op.parameter_id)} ${typeof op.value === 'boolean' ? bool(op.value) : num(op.value, 'value')}`;
    case 'connect':
      return `${command} ${op.source_id} ${op.source_port} ${op.target_id} ${op.target_port}`;
    case 'amount':
      return `${command} ${op.source_id} ${op.source_port} ${op.target_id} ${op.target_port} ${num(op.amount, 'amount')}`;
    case 'disconnect':
      return `${command} ${op.target_id} ${op.target_port}`;
    case 'clear':
      return command;
  }
}

const TOOL_OF: Record<GridOp['op'], string> = {
  insert: 'grid_insert_node',
  set: 'grid_set_parameter',
  connect: 'grid_connect',
  amount: 'grid_set_cord_amount',
  disconnect: 'grid_disconnect',
  clear: 'grid_clear_graph',
};

type Graph = Reply<'graph-state'>;

function nodesOf(g: Graph): GridNode[] {
  return [...g.modules, ...g.modulators];
}

function nodeIn(g: Graph, id: number, kind?: NodeKind): GridNode {
  const n = nodesOf(g).find((x) => x.id === id);
  if (n === undefined)
    throw notFound(
      `node ${id} is not in the selected graph ${g.graph_id} (its nodes: ${
        nodesOf(g)
          .map((x) => `${x.id} ${x.name}`)
          .join(', ') || 'none'
      }). Nothing was sent.`,
    );
  if (kind !== undefined && n.kind !== kind)
    throw invalidArgument(`node ${id} (${n.name}) is a ${n.kind}, not a ${kind}; pass kind: "${n.kind}". Nothing was sent.`);
  return n;
}

const brief = (n: GridNode): Record<string, unknown> => ({ id: n.id, kind: n.kind, name: n.name, x: n.x, y: n.y });

export class GridWorkflows {
  constructor(
    private readonly core: AdapterCore,
    private readonly patches: PatchSessions,
  ) {}

  /**
   * Non-mutating: a musical display string → the native value of a continuous parameter. With
   * `kind` (as grid_set_parameter takes it) the node is first checked to be of that kind.
   */
  async resolveValue(nodeId: number, parameterId: string, display: string, kind?: NodeKind): Promise<ReadResult> {
    if (kind !== undefined) nodeIn(await this.core.need('graph-state', 'checking the node kind'), nodeId, kind);
    return this.core.read(`graph-resolve-value ${nodeId} ${b64(parameterId)} ${b64(display)}`);
  }

  /** Starts a patch session on the selected graph, keeping the whole graph as evidence. */
  async beginSession(): Promise<PatchReport> {
    const g = await this.core.need('graph-state', 'a patch session starts from the selected graph');
    return this.patches.report(this.patches.open(g, 'explicit'), true);
  }

  session(id: string, includeBefore: boolean): PatchReport {
    return this.patches.report(this.patches.get(id), includeBefore);
  }

  /** Ends a session (no rollback), with the difference between its before-graph and now. */
  async endSession(id: string): Promise<{ report: PatchReport; diff?: Record<string, unknown>; diff_error?: string }> {
    const s = this.patches.get(id);
    this.patches.close(id);
    const report = this.patches.report(s, false);
    try {
      const now = await this.core.need('graph-state', 'ending a session compares the graph with its before-graph');
      return { report, diff: graphDiff(s.before_graph, now) };
    } catch (err) {
      return { report, diff_error: (err as Error).message };
    }
  }

  /** One graph mutation: preview or authorize, send once, verify, and (in a session) record. */
  async apply(op: GridOp, guardArgs: GraphGuardArgs, raw: Record<string, unknown>, authority: CallAuthority): Promise<WriteResult> {
    const tool = TOOL_OF[op.op];
    if (op.op === 'clear' && guardArgs.expected_revision === undefined)
      throw invalidArgument('grid_clear_graph needs expected_revision: the revision of the graph you reviewed (grid_get_state). Nothing was sent.');
    let session: PatchSession | undefined;
    if (guardArgs.patch_session_id !== undefined) {
      session = this.patches.get(guardArgs.patch_session_id);
      try {
        this.patches.assertCanStep(session);
      } catch (err) {
        if (err instanceof PatchSessionStop) return this.stopped(err, tool);
        throw err;
      }
      session.busy = true;
    }
    let before: Graph | undefined;
    try {
      const plan = async (): Promise<WritePlan> => {
        const read = await this.core.read('graph-state');
        if (!read.ok && session !== undefined) {
          this.patches.freeze(
            session,
            'stale_state',
            `the session's graph ${session.graph_id} is no longer selected (graph-state: ${read.error ?? 'ok: false'})`,
          );
          throw new PatchSessionStop(session, `patch session ${session.id} froze: its graph is no longer selected. Nothing was sent.`);
        }
        const g = this.core.replyOf('graph-state', this.core.needOk(read, `${tool} reads the selected graph`));
        before = g;
        const revision = g.revision;
        if (session !== undefined) {
          if (g.graph_id !== session.graph_id) {
            this.patches.freeze(
              session,
              'stale_state',
              `the selected graph is now ${g.graph_id}, not this session's ${session.graph_id} (the selection moved)`,
            );
            throw new PatchSessionStop(session, `patch session ${session.id} froze: the selected graph changed. Nothing was sent.`);
          }
          if (revision !== session.current_revision) {
            this.patches.freeze(
              session,
              'stale_state',
              `the graph is at revision ${revision}, not the session's last verified ${session.current_revision}: another writer changed it`,
            );
            throw new PatchSessionStop(session, `patch session ${session.id} froze: the graph changed under it. Nothing was sent.`);
          }
          if (guardArgs.expected_revision !== undefined && guardArgs.expected_revision !== session.current_revision) {
            throw invalidArgument(
              `expected_revision ${guardArgs.expected_revision} is not this session's last verified revision ${session.current_revision}; omit it inside a ` +
                `session or pass that one. Nothing was sent.`,
            );
          }
        }
        const guard: Guard =
          guardArgs.expected_revision !== undefined
            ? { kind: 'graph_revision', value: guardArgs.expected_revision, source: 'caller' }
            : session !== undefined
              ? { kind: 'graph_revision', value: session.current_revision, source: 'patch_session' }
              : { kind: 'graph_revision', value: revision, source: 'fresh_read' };
        const { summary, preview } = await this.describe(op, g);
        if (guard.value !== revision)
          preview.stale_now =
            `the graph is at ${revision}, not the expected ${guard.value}: the host's guard will refuse this write unless you re-read and ` + `review again`;
        preview.graph = { graph_id: g.graph_id, revision, device: g.device };
        return { line: `guard ${guard.value} ${innerLine(op)}`, guard, summary, preview };
      };
      const execute = (p: WritePlan, mode: AuthorizationMode): Promise<WriteResult> => this.execute(op, p, mode, session, before as Graph);
      const result = await this.core.write({ tool, args: raw, authority, plan, observe: OBSERVE, execute });
      if (session !== undefined && result.patch_session === undefined) result.patch_session = this.patches.stepEcho(session);
      return result;
    } catch (err) {
      if (err instanceof PatchSessionStop) return this.stopped(err, tool);
      throw err;
    } finally {
      if (session !== undefined) session.busy = false;
    }
  }

  private stopped(err: PatchSessionStop, tool: string): WriteResult {
    return {
      ok: false,
      status: 'refused',
      command: '',
      error: err.message,
      code: 'stale',
      reason: 'patch_session_frozen',
      tool,
      patch_session: this.patches.stepEcho(err.session),
      next: 'Nothing was sent. Read grid_get_state; end this session and begin a new one to continue.',
    };
  }

  private async execute(op: GridOp, plan: WritePlan, mode: AuthorizationMode, given: PatchSession | undefined, before: Graph): Promise<WriteResult> {
    // A clear always keeps its before snapshot in session state: in the caller's session, or in one it opens.
    const session = given ?? (op.op === 'clear' ? this.patches.open(before, 'grid_clear_graph') : undefined);
    if (session !== undefined) session.busy = true;
    try {
      const outcome = await this.core.connection.write(plan.line);
      const result = fromOutcome(outcome, plan, mode, OBSERVE, plan.guard.source === 'fresh_read' ? [FRESH_REVISION_NOTE] : []);
      if (op.op === 'clear') result.before_snapshot = before;
      const step = { tool: TOOL_OF[op.op], command: plan.line, authorization: mode, revision_before: before.revision };
      if (outcome.kind === 'ambiguous') {
        if (session !== undefined) {
          const s = this.patches.record(session, { ...step, outcome: 'requires_observation', error: outcome.error });
          this.patches.freeze(
            session,
            'ambiguous_outcome',
            `step ${s.n} (${step.tool}) was sent and its reply was lost; the host may or may not have applied it`,
            s.n,
          );
        }
      } else if (outcome.reply.ok === true) {
        const after = this.core.replyOf(commandOf(op), outcome.reply);
        const verification = await this.verify(op, outcome.reply, after.revision, before);
        result.verification = verification;
        if (session !== undefined) {
          const s = this.patches.record(session, {
            ...step,
            outcome: verification.ok ? 'applied' : 'verification_failed',
            revision_after: after.revision,
            verification,
          });
          if (verification.ok) session.current_revision = after.revision;
          else
            this.patches.freeze(
              session,
              'verification_failed',
              `step ${s.n} (${step.tool}) was applied but the read-back disagrees: ${verification.problems.join('; ')}`,
              s.n,
            );
        }
        if (!verification.ok)
          result.next =
            `The host reported success but the read-back disagrees (${verification.problems.join('; ')}). Read grid_get_state before deciding ` +
            `anything; nothing will be replayed or rolled back.`;
      } else if (session !== undefined) {
        const failure = failureOf(outcome.reply);
        const staleRevision = failure?.reason === 'stale_revision';
        const s = this.patches.record(session, { ...step, outcome: staleRevision ? 'stale' : 'refused', error: failure?.error ?? '' });
        if (staleRevision)
          this.patches.freeze(
            session,
            'stale_state',
            `step ${s.n} (${step.tool}) was refused by the host's revision guard: another writer changed the graph`,
            s.n,
          );
      }
      if (session !== undefined) result.patch_session = this.patches.stepEcho(session);
      return result;
    } finally {
      if (session !== undefined && session !== given) session.busy = false;
    }
  }

  /** Reads the graph back and checks that the step did exactly what it says. */
  private async verify(op: GridOp, reply: NativeReply, revision: string, before: Graph): Promise<Verification> {
    const checked: string[] = [];
    const problems: string[] = [];
    let g: Graph;
    try {
      g = await this.core.need('graph-state', 'verifying a graph write');
    } catch (err) {
      return { ok: false, checked, problems: [`could not read the graph back: ${(err as Error).message}`] };
    }
    const check = (ok: boolean, what: string, problem: string): void => {
      checked.push(what);
      if (!ok) problems.push(problem);
    };
    check(g.graph_id === before.graph_id, 'same graph', `the selected graph is now ${g.graph_id}, not ${before.graph_id}`);
    check(
      g.revision === revision,
      'revision matches the reply',
      `the graph is at ${g.revision}, the reply said ${revision} (another writer, or the write did not hold)`,
    );
    switch (op.op) {
      case 'insert': {
        const created = this.core.replyOf('graph-insert', reply)[op.kind];
        const n = nodesOf(g).find((x) => x.id === created?.id);
        check(
          n !== undefined && n.uuid === op.uuid && n.x === op.x && n.y === op.y,
          `node ${String(created?.id)} present with uuid and coordinates`,
          `node ${String(created?.id)} is not in the graph at (${op.x}, ${op.y}) with uuid ${op.uuid}`,
        );
        break;
      }
      case 'set': {
        const n = nodesOf(g).find((x) => x.id === op.node_id);
        const p = n?.parameters.find((x) => x.id === op.parameter_id);
        check(
          p !== undefined && p.value === op.value,
          `parameter ${op.parameter_id} reads back the value written`,
          `parameter ${op.parameter_id} of node ${op.node_id} reads ${JSON.stringify(p?.value)}, not ${JSON.stringify(op.value)}`,
        );
        break;
      }
      case 'connect': {
        const found = g.connections.some(
          (c) => c.source === op.source_id && c.source_port === op.source_port && c.target === op.target_id && c.target_port === op.target_port,
        );
        check(found, 'the cord is present', `no cord ${op.source_id}:${op.source_port} → ${op.target_id}:${op.target_port} in the graph`);
        break;
      }
      case 'amount': {
        const c = g.connections.find(
          (x) => x.source === op.source_id && x.source_port === op.source_port && x.target === op.target_id && x.target_port === op.target_port,
        );
        check(
          c !== undefined && c.amount === op.amount,
          'the cord reads back the amount written',
          `cord ${op.source_id}:${op.source_port} → ${op.target_id}:${op.target_port} reads amount ${JSON.stringify(c?.amount)}, not ${op.amount}`,
        );
        break;
      }
      case 'disconnect': {
        const left = g.connections.filter((c) => c.target === op.target_id && c.target_port === op.target_port);
        check(left.length === 0, 'no cord left into the input', `${left.length} cord(s) still feed ${op.target_id}:${op.target_port}`);
        break;
      }
      case 'clear':
        check(
          g.module_count === 0 && g.modulator_count === 0 && g.connection_count === 0,
          'the graph is empty',
          `the graph still holds ${g.module_count} modules, ${g.modulator_count} modulators, ${g.connection_count} cords`,
        );
        break;
    }
    return { ok: problems.length === 0, checked, problems };
  }

  /** What the op would change, in the graph's own words. */
  private async describe(op: GridOp, g: Graph): Promise<{ summary: string; preview: Record<string, unknown> }> {
    const on = `${g.device.name} (instance ${g.device.instance_id})`;
    switch (op.op) {
      case 'insert': {
        const list =
          op.kind === 'module'
            ? (await this.core.need('graph-catalog', 'inserting looks the UUID up')).modules
            : (await this.core.need('graph-modulators', 'inserting looks the UUID up')).modulators;
        const entry = list.find((m) => m.uuid === op.uuid);
        if (entry === undefined)
          throw notFound(
            `${op.uuid} is not an installed Grid ${op.kind} UUID (${op.kind === 'module' ? 'grid_search_modules' : 'grid_search_modulators'} lists them; ` +
              `device UUIDs are another namespace). Nothing was sent.`,
          );
        const occupant = nodesOf(g).find((n) => n.x === op.x && n.y === op.y);
        const preview: Record<string, unknown> = {
          inserts: { uuid: entry.uuid, name: entry.name, category: entry.category, grids: entry.grids, inputs: entry.inputs, outputs: entry.outputs },
          at: { x: op.x, y: op.y },
        };
        // The host refuses an occupied cell: say so now instead of asking for a confirmation that cannot succeed.
        if (occupant !== undefined)
          throw invalidArgument(
            `cell (${op.x}, ${op.y}) of ${on} is occupied by ${JSON.stringify(brief(occupant))}; choose a free cell (grid_get_state shows the nodes). ` +
              `Nothing was sent.`,
          );
        return { summary: `Insert a ${entry.name} ${op.kind} at (${op.x}, ${op.y}) in ${on}. Undoable.`, preview };
      }
      case 'set': {
        const n = nodeIn(g, op.node_id, op.kind);
        const p = n.parameters.find((x) => x.id === op.parameter_id);
        if (p === undefined)
          throw notFound(
            `node ${op.node_id} (${n.name}) has no parameter with the exact id ${JSON.stringify(op.parameter_id)}; its ids: ${
              n.parameters.map((x) => JSON.stringify(x.id)).join(', ') || 'none'
            }. Nothing was sent.`,
          );
        const to =
          p.type === 'enum' && typeof op.value === 'number'
            ? `${op.value} (${JSON.stringify(p.options?.[op.value] ?? 'no such option')})`
            : JSON.stringify(op.value);
        return {
          summary: `Set ${p.name} of ${n.name} (${op.node_id}) in ${on} from ${p.display} (native ${JSON.stringify(p.value)}) to native ` + `${to}. Undoable.`,
          preview: {
            node: brief(n),
            parameter: { id: p.id, name: p.name, type: p.type, min: p.min, max: p.max, options: p.options, display_unit: p.display_unit },
            from: { value: p.value, display: p.display },
            to: { value: op.value },
          },
        };
      }
      case 'connect': {
        const s = nodeIn(g, op.source_id, op.source_kind);
        const t = nodeIn(g, op.target_id, 'module');
        const inputs = t.inputs ?? [];
        const sp = s.outputs.find((x) => x.index === op.source_port);
        const tp = inputs.find((x) => x.index === op.target_port);
        return {
          summary:
            `Connect ${s.name} (${op.source_id}) output ${op.source_port}${sp === undefined ? '' : ` "${sp.id}"`} to ${t.name} ` +
            `(${op.target_id}) input ${op.target_port}${tp === undefined ? '' : ` "${tp.id}"`} in ${on}. Undoable.`,
          preview: {
            source: brief(s),
            ...(sp === undefined
              ? { problem_source_port: `${s.name} has no output ${op.source_port} (outputs: ${s.outputs.length}); the host will refuse this` }
              : { source_port: sp }),
            target: brief(t),
            ...(tp === undefined
              ? { problem_target_port: `${t.name} has no input ${op.target_port} (inputs: ${inputs.length}); the host will refuse this` }
              : { target_port: tp }),
          },
        };
      }
      case 'amount': {
        const s = nodeIn(g, op.source_id, 'modulator');
        const t = nodeIn(g, op.target_id, 'module');
        const c = g.connections.find(
          (x) => x.source === op.source_id && x.source_port === op.source_port && x.target === op.target_id && x.target_port === op.target_port,
        );
        if (c === undefined)
          throw notFound(
            `no cord from ${s.name} (${op.source_id}) output ${op.source_port} to ${t.name} (${op.target_id}) input ${op.target_port}; ` +
              `grid_get_state lists the cords. Nothing was sent.`,
          );
        return {
          summary:
            `Set the depth of ${s.name} (${op.source_id}) → ${t.name} (${op.target_id}) input ${op.target_port} in ${on} from ` +
            `${c.amount} to ${op.amount}. Undoable.`,
          preview: { source: brief(s), target: brief(t), cord: c, to: { amount: op.amount } },
        };
      }
      case 'disconnect': {
        const t = nodeIn(g, op.target_id, 'module');
        const cords = g.connections.filter((c) => c.target === op.target_id && c.target_port === op.target_port);
        return {
          summary: `Disconnect every cord into ${t.name} (${op.target_id}) input ${op.target_port} (${cords.length}) in ${on}. Undoable.`,
          preview: { target: brief(t), removes: cords },
        };
      }
      case 'clear':
        return {
          summary:
            `DESTRUCTIVE: clear ${on}: remove all ${g.module_count} modules, ${g.modulator_count} modulators and ` +
            `${g.connection_count} cords of ${g.graph_id}. The before snapshot is kept in the reply and in a patch session. Undoable with ` +
            `sound_undo (same ids and revision).`,
          preview: { removes: { modules: g.modules.map(brief), modulators: g.modulators.map(brief), connections: g.connection_count } },
        };
    }
  }
}
