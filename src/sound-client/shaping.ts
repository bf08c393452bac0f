import { randomBytes } from 'node:crypto';
import { invalidArgument, notFound } from '../engine/errors.js';
import { arr, rec, text, type AdapterCore } from './core.js';
import type { NativeReply } from './connection.js';
import { toMcp } from './wire.js';

/**
 * Parameter snapshots and shaping sessions, process-local. A snapshot records every parameter
 * protocol 3 lets the adapter observe on the selected device: its exposed controls (normalized
 * and on the MCP 0–128 scale) and, for a Grid, the native value of every module and modulator
 * parameter. Nothing else (hidden device parameters, audio) is covered. A shaping session is a
 * snapshot plus the control writes made under it, bound to that exact device selection; it
 * compares, it never restores or rolls back by itself.
 */

interface ControlValue {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly value: number;
  readonly mcp_value: number;
  readonly display: string;
}

interface GridParameterValue {
  readonly node_id: number;
  readonly node_name: string;
  readonly node_kind: string;
  readonly parameter_id: string;
  readonly value: unknown;
  readonly display: string;
}

interface ParameterSnapshot {
  readonly id: string;
  readonly taken_at: string;
  readonly host_instance: string;
  readonly device: { readonly instance_id: number; readonly track_id: number; readonly name: string; readonly uuid: string };
  readonly selection_token: string;
  readonly controls: readonly ControlValue[];
  readonly graph?: { readonly graph_id: string; readonly revision: string; readonly parameters: readonly GridParameterValue[] };
  readonly scope: string;
}

interface ShapingStep {
  readonly n: number;
  readonly command: string;
  readonly outcome: string;
  readonly at: string;
  readonly controls: readonly { index: number; name: string; before_mcp?: number; after_mcp?: number; display?: string }[];
}

interface ShapingSession {
  /** The name every tool takes it by, so a reply can be passed straight back. */
  readonly shaping_session_id: string;
  state: 'open' | 'closed';
  readonly snapshot: ParameterSnapshot;
  readonly steps: ShapingStep[];
  readonly created_at: string;
  closed_at?: string;
  /** A write's reply was lost: the session's record of values may be wrong until observed. */
  needs_observation?: boolean;
}

interface SnapshotComparison {
  comparable: boolean;
  reason?: string;
  selected_device?: unknown;
  controls_changed: {
    index: number;
    name: string;
    snapshot: { mcp_value: number; display: string };
    now: { mcp_value: number; display: string } | { unmapped: true };
  }[];
  controls_unchanged: number;
  grid_parameters_changed: {
    node_id: number;
    node_name: string;
    parameter_id: string;
    snapshot: { value: unknown; display: string };
    now: { value: unknown; display: string } | { missing: true };
  }[];
  grid_parameters_unchanged: number;
  graph_revision_now?: string;
}

const MAX_SNAPSHOTS = 64;
const SCOPE =
  'exposed controls of the selected device, plus every Grid module/modulator parameter when it is a Grid; hidden parameters and audio are not observable';

function controlsOf(state: NativeReply): ControlValue[] {
  return arr(state.controls)
    .filter((c) => c.exists === true)
    .map((c) => ({
      index: c.index as number,
      id: text(c.id),
      name: text(c.name),
      value: c.value as number,
      mcp_value: toMcp(c.value as number),
      display: text(c.display),
    }));
}

function gridParameters(graph: NativeReply): GridParameterValue[] {
  const out: GridParameterValue[] = [];
  for (const node of [...arr(graph.modules), ...arr(graph.modulators)]) {
    for (const p of arr(node.parameters))
      out.push({
        node_id: node.id as number,
        node_name: text(node.name),
        node_kind: text(node.kind),
        parameter_id: text(p.id),
        value: p.value,
        display: text(p.display),
      });
  }
  return out;
}

export class ShapingStore {
  private readonly snapshots = new Map<string, ParameterSnapshot>();
  private readonly sessions = new Map<string, ShapingSession>();

  constructor(
    private readonly core: AdapterCore,
    private readonly instance: () => string,
  ) {}

  get counts(): { snapshots: number; shaping_sessions: number; open_shaping_sessions: number } {
    return {
      snapshots: this.snapshots.size,
      shaping_sessions: this.sessions.size,
      open_shaping_sessions: [...this.sessions.values()].filter((s) => s.state === 'open').length,
    };
  }

  /** Reads the selected device's observable parameters and keeps them. */
  async takeSnapshot(): Promise<ParameterSnapshot> {
    const state = await this.core.need('state', 'a parameter snapshot needs the selected device');
    const device = rec(state.device);
    if (state.device === null || state.device === undefined)
      throw notFound('no device is selected, so there is nothing to snapshot; select one with sound_select_track / sound_navigate_device');
    if (typeof state.selection_token !== 'string')
      throw invalidArgument(
        `the host offers no selection guard for the selected device (${text(state.reason, 'selection_guard_available: false')}), so a snapshot could not be ` +
          `bound to it`,
      );
    let graph: ParameterSnapshot['graph'];
    if (device.is_grid === true) {
      const g = await this.core.need('graph-state', 'a Grid device snapshot reads its graph');
      graph = { graph_id: text(g.graph_id), revision: text(g.revision), parameters: gridParameters(g) };
    }
    const snap: ParameterSnapshot = {
      id: `snapshot-${randomBytes(6).toString('hex')}`,
      taken_at: new Date().toISOString(),
      host_instance: this.instance(),
      device: { instance_id: device.instance_id as number, track_id: device.track_id as number, name: text(device.name), uuid: text(device.uuid) },
      selection_token: state.selection_token,
      controls: controlsOf(state),
      ...(graph === undefined ? {} : { graph }),
      scope: SCOPE,
    };
    if (this.snapshots.size >= MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value as string);
    this.snapshots.set(snap.id, snap);
    return snap;
  }

  snapshot(id: string): ParameterSnapshot {
    const s = this.snapshots.get(id);
    if (s === undefined)
      throw notFound(
        `no parameter snapshot ${JSON.stringify(id)} in this adapter process (snapshots are process-local, the newest ${MAX_SNAPSHOTS} are kept, and a ` +
          `restart loses them)`,
      );
    return s;
  }

  /** Re-reads the selected device and compares it with a snapshot. Read-only. */
  async compare(id: string): Promise<{ snapshot: ParameterSnapshot; comparison: SnapshotComparison }> {
    const snap = this.snapshot(id);
    const state = await this.core.need('state', 'comparing a snapshot reads the selected device');
    const device = rec(state.device);
    const empty: SnapshotComparison = {
      comparable: false,
      controls_changed: [],
      controls_unchanged: 0,
      grid_parameters_changed: [],
      grid_parameters_unchanged: 0,
    };
    if (snap.host_instance !== this.instance())
      return { snapshot: snap, comparison: { ...empty, reason: 'the sound host restarted since the snapshot: its ids no longer name the same objects' } };
    if (state.selection_token !== snap.selection_token) {
      return {
        snapshot: snap,
        comparison: {
          ...empty,
          reason:
            `the selected device is not the snapshot's ${snap.device.name} (instance ${snap.device.instance_id}); protocol 3 reads only the selected ` +
            `device, so select it again`,
          ...(state.device === null || state.device === undefined ? {} : { selected_device: state.device }),
        },
      };
    }
    const out: SnapshotComparison = {
      comparable: true,
      controls_changed: [],
      controls_unchanged: 0,
      grid_parameters_changed: [],
      grid_parameters_unchanged: 0,
    };
    const now = controlsOf(state);
    for (const c of snap.controls) {
      const n = now.find((x) => x.index === c.index);
      if (n !== undefined && n.value === c.value) out.controls_unchanged++;
      else
        out.controls_changed.push({
          index: c.index,
          name: c.name,
          snapshot: { mcp_value: c.mcp_value, display: c.display },
          now: n === undefined ? { unmapped: true } : { mcp_value: n.mcp_value, display: n.display },
        });
    }
    if (snap.graph !== undefined && device.is_grid === true) {
      const g = await this.core.need('graph-state', 'comparing a Grid snapshot reads its graph');
      out.graph_revision_now = text(g.revision);
      const params = gridParameters(g);
      for (const p of snap.graph.parameters) {
        const n = params.find((x) => x.node_id === p.node_id && x.parameter_id === p.parameter_id);
        if (n !== undefined && n.value === p.value) out.grid_parameters_unchanged++;
        else
          out.grid_parameters_changed.push({
            node_id: p.node_id,
            node_name: p.node_name,
            parameter_id: p.parameter_id,
            snapshot: { value: p.value, display: p.display },
            now: n === undefined ? { missing: true } : { value: n.value, display: n.display },
          });
      }
    }
    return { snapshot: snap, comparison: out };
  }

  async begin(): Promise<ShapingSession> {
    const snapshot = await this.takeSnapshot();
    const session: ShapingSession = {
      shaping_session_id: `shaping-${randomBytes(6).toString('hex')}`,
      state: 'open',
      snapshot,
      steps: [],
      created_at: new Date().toISOString(),
    };
    this.sessions.set(session.shaping_session_id, session);
    return session;
  }

  session(id: string): ShapingSession {
    const s = this.sessions.get(id);
    if (s === undefined) throw notFound(`no shaping session ${JSON.stringify(id)} in this adapter process (sessions are process-local; a restart loses them)`);
    return s;
  }

  /** Checks that a control write may run under the session: open, same host, same device selected. */
  checkStep(id: string, selectionToken: unknown): ShapingSession {
    const s = this.session(id);
    if (s.state !== 'open') throw invalidArgument(`shaping session ${id} is closed; begin a new one`);
    if (s.snapshot.host_instance !== this.instance())
      throw invalidArgument(`shaping session ${id} belongs to a sound host that has since restarted; begin a new one`);
    if (selectionToken !== s.snapshot.selection_token)
      throw invalidArgument(
        `shaping session ${id} shapes ${s.snapshot.device.name} (instance ${s.snapshot.device.instance_id}), which is not the selected device now; select ` +
          `it again or begin a new session. Nothing was sent.`,
      );
    return s;
  }

  record(s: ShapingSession, step: Omit<ShapingStep, 'n' | 'at'>): void {
    s.steps.push({ ...step, n: s.steps.length + 1, at: new Date().toISOString() });
    if (step.outcome === 'requires_observation') s.needs_observation = true;
  }

  /** The session with a fresh comparison against its snapshot. */
  async describe(id: string): Promise<{ session: ShapingSession; comparison: SnapshotComparison }> {
    const session = this.session(id);
    const { comparison } = await this.compare(session.snapshot.id);
    return { session, comparison };
  }

  end(id: string): ShapingSession {
    const s = this.session(id);
    if (s.state === 'open') {
      s.state = 'closed';
      s.closed_at = new Date().toISOString();
    }
    return s;
  }

  /** A host restart: sessions stay readable as evidence but can take no more steps. */
  hostChanged(): void {
    for (const s of this.sessions.values()) {
      if (s.state === 'open') {
        s.state = 'closed';
        s.closed_at = new Date().toISOString();
      }
    }
  }
}
