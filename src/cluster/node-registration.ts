// Keeps this node's entry in the show's node registry (nodes-registry.ts) and its reading of the
// others: about once a second it writes its role, slice, the universes its outputs send, lag, last
// frame and digest, then reads every node's entry (get_cluster_status's `nodes`, get_output_map's
// `cluster`). With `--slice auto` it also reads the leader's slice assignment; while this node leads,
// it decides that assignment and rewrites it (slice-assign.ts).
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { ClusterMember } from '../tools/cluster-link.js';
import type { ClusterNode } from './node.js';
import type { NodesRegistry } from './nodes-registry.js';
import { SliceAssigner } from './slice-assign.js';
import { type NodeSlice, rigFixtures } from './slice.js';

const REPORT_EVERY_MS = 1000;

interface RegistrationParts {
  readonly engine: Engine;
  readonly light: LightShow;
  /** The output engine: which universes this node sends (read inside the engine queue). */
  readonly outputs: { universes(): string[] };
  readonly log: Logger;
}

/** How long a stopping node waits to take its entry out of the registry. */
const LEAVE_WAIT_MS = 1000;

export class NodeRegistration {
  private timer: NodeJS.Timeout | null = null;
  private reporting: Promise<void> = Promise.resolve();
  private failures = 0;
  private readonly assigner: SliceAssigner;
  private adopted = false;

  private constructor(
    private readonly node: ClusterNode,
    private readonly registry: NodesRegistry,
    private readonly parts: RegistrationParts,
    private readonly slice: NodeSlice | undefined,
  ) {
    this.assigner = new SliceAssigner(node.options.node);
  }

  /** Opens the registry, writes the first entry and reads the others; closing the node closes the registration. */
  static async start(node: ClusterNode, parts: RegistrationParts, slice: NodeSlice | undefined): Promise<NodeRegistration> {
    // The NATS client loads only here: a process outside a cluster never reads it.
    const { NodesRegistry } = await import('./nodes-registry.js');
    const { options } = node;
    const registry = await NodesRegistry.open(options.url, options.node, node.status().stream);
    const registration = new NodeRegistration(node, registry, parts, slice);
    if (slice !== undefined) {
      const shown = (): void => {
        node.slice = slice.names;
        node.sliceOrigin = slice.status;
      };
      slice.onSwitch = () => {
        shown();
        parts.log.info({ slice: node.slice, ...slice.status.assigned }, 'this node switched to the slice the leader assigned');
      };
      shown();
    }
    node.members = () => registry.members;
    node.beforeClose = () => registration.close();
    await registration.report();
    registration.timer = setInterval(() => {
      registration.reporting = registration.reporting.then(() => registration.report());
    }, REPORT_EVERY_MS);
    registration.timer.unref();
    return registration;
  }

  private async report(): Promise<void> {
    try {
      const { outputs, engine } = this.parts;
      const universes = await engine.queue.submit(() => outputs.universes(), { label: 'cluster-universes' });
      const s = this.node.status();
      await this.registry.put({
        node: s.node,
        role: s.role,
        slice: s.slice,
        ...(s.auto === undefined ? {} : { auto: s.auto }),
        ...(s.assigned === undefined ? {} : { assigned: s.assigned }),
        universes,
        lastSeen: new Date().toISOString(),
        lag: s.lag,
        frame: s.frame,
        digest: s.digest,
      });
      const { nodes } = await this.registry.read();
      if (s.role === 'leader' && s.stopped === undefined) await this.assign(nodes);
      if (this.slice?.auto === true) {
        const assignment = this.assigner.assignment ?? (await this.registry.assignment());
        if (assignment !== undefined) this.slice.offer(assignment, s.node, this.parts.log);
      }
      this.failures = 0;
    } catch (err) {
      if (this.failures++ === 0) this.parts.log.warn({ err }, "this node's entry in the cluster's node registry could not be written or read");
    }
  }

  /** Leader: a new assignment when the auto nodes or the rig changed, and the one in force rewritten. */
  private async assign(nodes: readonly ClusterMember[]): Promise<void> {
    if (!this.adopted) this.assigner.adopt(await this.registry.assignment());
    this.adopted = true;
    // A cluster without auto nodes has nothing to share.
    if (this.assigner.assignment === undefined && !nodes.some((n) => n.auto === true)) return;
    const { engine, light } = this.parts;
    const [rig, frame] = await engine.queue.submit(() => [rigFixtures(light), engine.clock.frames] as const, { label: 'cluster-rig' });
    const next = this.assigner.next(nodes, rig, frame, Date.now());
    if (next !== undefined) this.parts.log.info({ frame: next.frame, slices: next.slices }, 'the leader assigned the auto nodes their slices');
    // Rewritten every report: the registry's entries expire 30 s after their last write.
    const assignment = this.assigner.assignment;
    if (assignment !== undefined) await this.registry.putAssignment(assignment);
  }

  private async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    // With the server away a report, or taking the entry out, waits for it: a stopping node gives them a second.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, LEAVE_WAIT_MS)));
    await Promise.race([this.reporting.then(() => this.registry.leave(this.node.options.node)), late]);
    clearTimeout(timer);
    await this.registry.close();
  }
}
