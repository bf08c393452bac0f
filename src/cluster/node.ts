// A node of a cluster (docs/cluster.md): the leader runs the show and appends every write and every
// frame to the show's log; a render node replays that log through the same call path and renders
// the same frames on the same fixed timestep. Both keep digests of the frames they rendered. A lease
// elects the leader: when it lapses the most advanced render node takes it and leads (failover.ts); the
// leader appends through an ordered outbox (outbox.ts); a render node without ticks flywheels (flywheel.ts).
import type { Origin } from '../engine/commands/history.js';
import type { Engine } from '../engine/engine.js';
import { unavailable } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { WriteHooks } from '../protocol3/server/dispatch.js';
import type { Payload } from '../sound/host/host.js';
import type { ClusterLink, ClusterMembers, ClusterStatus, ForwardedCall, ForwardedReply, LoggedCall } from '../tools/cluster-link.js';
import type { ToolRegistry } from '../tools/invoke.js';
import { CheckpointJoin, captureCheckpoint, checkpointFrames } from './checkpoint-join.js';
import { type CheckpointMark, CheckpointStore } from './checkpoints.js';
import { FrameDigests, frameDigest } from './digests.js';
import { canaryDigest } from './canary.js';
import { DivergenceCheck, checkedFrame } from './divergence.js';
import { DivergenceRepair } from './repair.js';
import { type RebuildRequest, type Rebuilt, askRebuild } from './rebuild.js';
import { InputRecorder, InputReplay } from './frame-inputs.js';
import { type ForwardKind, type ForwardedLine, type Reply, ReplayMark, runForwardedCall, runLine, serveForwarded, wireMerge } from './forward.js';
import { ForwardResults } from './forward-results.js';
import { Forwarder } from './forwarder.js';
import { type LineRunner, logsLine, replayLine, runForwardedLine } from './protocol3-log.js';
import { callRecord, logsToolLine, refusedToolLine, toolLine } from './sound-order.js';
import { type FollowedTransport, SongFromTicks } from './song-from-ticks.js';
import { LeaseWatch, mayTake, startFrame } from './failover.js';
import { CatchUp } from './catch-up.js';
import { Flywheel, type FlywheelEnd } from './flywheel.js';
import { Lease } from './lease.js';
import type { ShowLog } from './log.js';
import { LogTrim, wholeLogGone } from './log-trim.js';
import { Outbox } from './outbox.js';
import { presentAt } from './leader-present.js';
import type { LeadRecord, LogRecord, TickRecord } from './records.js';
import { streamName } from './records.js';

type ClusterRole = 'leader' | 'render';

export interface ClusterOptions {
  /** The NATS server, nats://HOST:PORT. */
  readonly url: string;
  /** This node's name (unique in the cluster). */
  readonly node: string;
  /**
   * The role it starts in: a leader takes the lease and starts the show, or continues the log the show
   * has (it replays it, then takes the lapsed lease); a render node follows and may take over.
   */
  readonly role: ClusterRole;
  /** Leader: empty the show's log and start anew even when it holds a show. */
  readonly fresh?: boolean;
  /** Render node: false never takes the lease (`--no-lead`). */
  readonly mayLead?: boolean;
  /** Present frame f this long after the leader ran it (ms; default PRESENT_DELAY_MS): a render node renders it then, a leader sends it then. */
  readonly presentDelayMs?: number;
  /** How long the lease lasts without renewal, in seconds (the leader renews it every third of that). */
  readonly leaseSeconds?: number;
  /** How long a render node without ticks keeps presenting frames on its own clock before it holds, in seconds. */
  readonly flywheelSeconds?: number;
  /** What it presents then: its last frame (`hold`, the default) or black. */
  readonly flywheelEnd?: FlywheelEnd;
  /** How many writes the leader holds while the log is unreachable before it refuses more. */
  readonly outboxBound?: number;
  /** Seconds between the leader's checkpoints; 0: none, and a render node replays the log from its start. */
  readonly checkpointSeconds?: number;
  /** This process runs after rebuilds (rebuild.ts): how many, the last one's reason and time. */
  readonly rebuilt?: Rebuilt;
}

const DEFAULT_LEASE_S = 3;
const DEFAULT_FLYWHEEL_S = 10;
const DEFAULT_OUTBOX = 64;
const DEFAULT_CHECKPOINT_S = 45;

/** What a node drives: the process's engine and show, and its tools for replay. */
interface NodeParts {
  readonly engine: Engine;
  readonly light: LightShow;
  /** The song transport a tick reports (position in beats), and a render node sets from the ticks. */
  readonly transport: FollowedTransport;
  readonly tools: ToolRegistry;
  /** The sound host's instance id, which tokens carry: a render node adopts the leader's. */
  readonly sound: { readonly nonce: string; adoptInstance(id: string): void };
  /** Runs a protocol-3 line through this node's dispatcher (a render node replays logged lines). */
  readonly protocol3: LineRunner;
  /** Sends one frame of black on this node's outputs (inside the engine queue): a flywheel that ends black. */
  readonly sendBlack: () => void;
  readonly log: Logger;
  /** Called about once a second while the node's status changes (status.json). */
  readonly onStatus?: () => void;
}

/** The engine period of a cluster's frames (the leader's clock runs 60 fps on a fixed timestep). */
const FRAME_MS = 1000 / 60;
const STATUS_EVERY_MS = 1000;
const WAIT_FOR_LEADER_MS = 250;
/**
 * How long after the leader ran frame f a render node presents it: longer than the log's delivery
 * (p99 5 ms on loopback, a few ms more across a switch) and a frame's render, so every node shows
 * frame f at the same moment of the machines' shared clock (NTP or PTP keeps them together).
 */
const PRESENT_DELAY_MS = 50;
/** How long after a lease lapsed a new leader should have taken it and stepped to its start frame (a loaded machine's worst case). */
const TAKEOVER_MS = 10_000;

export class ClusterNode implements ClusterLink {
  private readonly digests = new FrameDigests();
  private currentRole: ClusterRole;
  private leader: string | null;
  private readonly ttlMs: number;
  private readonly flywheel: Flywheel;
  private lease: Lease | undefined;
  private watch: LeaseWatch | undefined;
  /** The leader's term and lease revision, and when it last renewed (epoch ms). */
  private term = 0;
  private revision = 0;
  private renewedAt = 0;
  private outbox: Outbox | undefined;
  /** The last stream sequence this node applied (a render node) or its leadership began at. */
  private applied = 0;
  private leaseTimer: NodeJS.Timeout | null = null;
  private flywheelTimer: NodeJS.Timeout | null = null;
  private leaseBusy = false;
  private lag: number | null = null;
  private calls = 0;
  private failed = 0;
  private late = 0;
  private stopped: string | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private stopReading: (() => void) | undefined;
  private reading: Promise<void> | undefined;
  /** The wall clock (epoch ms) of the frame being rendered: what Timer and Damper read. */
  private frameWallMs = Date.now();
  private parts: NodeParts | undefined;
  private divergence: DivergenceCheck | undefined;
  /** Render node: takes a checkpoint's state when it diverged (absent without checkpoints). */
  private repair: DivergenceRepair | undefined;
  /** The leader records each frame's DMX and audio inputs with its tick; a render node plays them back. */
  private inputs: InputRecorder | undefined;
  private replay: InputReplay | undefined;
  /** This node's slice (fixture labels; null: the whole rig) and the node registry's last reading: set at start (src/cluster/slice.ts). */
  slice: string[] | null = null;
  /** `auto` and who assigned the slice from which frame, when the leader assigns it (--slice auto). */
  sliceOrigin: Pick<ClusterStatus, 'auto' | 'assigned'> = {};
  members: () => ClusterMembers = () => ({ nodes: [], collisions: [] });
  /** Runs first when the node closes (the registration leaves the registry). */
  beforeClose: (() => Promise<void>) | undefined;
  /** Runs the process again on the leader's start project, when a repair failed on the show's structure (set by serve: rebuild.ts). */
  rebuild: ((request: RebuildRequest) => void) | undefined;
  /** Render node: how far its replay got, for forwarded writes to wait on; its writes sent to the leader. */
  private readonly replayed = new ReplayMark();
  private forwarder: Forwarder | undefined;
  /** The answers to forwarded writes this node served or replayed, by id: a write sent again is answered, not run again. */
  private readonly forwardResults = new ForwardResults();
  /** Resolves once a node that took over leads from its start frame: the forwarded writes it serves wait for it. */
  private ledFrom: Promise<void> = Promise.resolve();
  /** Render node: its song transport follows the ticks. */
  private song: SongFromTicks | undefined;
  /** Render node: replaying the log as fast as it can, without presenting or sending, until it reached the newest record. */
  private readonly catchUp = new CatchUp();
  /** Leader: stops serving forwarded writes. */
  private stopServing: (() => void) | undefined;
  /** The show's checkpoints (absent with --checkpoint 0); the leader's newest stored one and the frame it was taken at. */
  private checkpoints: CheckpointStore | undefined;
  private stored: CheckpointMark | undefined;
  private checkpointFrame = 0;
  /** This node led until another took the lease; it follows the new leader since (status `deposed`). */
  private deposedBy: ClusterStatus['deposed'];
  /** Trims the ticks behind the checkpoints once one is stored (a leader's; absent with --checkpoint 0). */
  private trim: LogTrim | undefined;
  /** Render node: the checkpoint it joins from while it replays the calls before it, then what the join took. */
  private joining: CheckpointJoin | undefined;
  private joined: ClusterStatus['joined'];
  /** The protocol-3 listener's write lines from outside clients: admitted and logged on the leader, sent to it from a render node. */
  readonly lineHooks: WriteHooks = {
    admit: (command, origin) => this.admitWrite(command, origin),
    logWrite: (line, origin, step) => this.logLine(line, origin, undefined, step),
    forward: (command, line, origin) => this.forwardLine(command, line, origin),
  };

  private constructor(
    readonly options: ClusterOptions,
    private readonly log: ShowLog,
    /** A leader started on a log that holds a show: it follows that log, then takes the lapsed lease (docs/cluster.md). */
    private resuming: boolean,
  ) {
    this.currentRole = options.role === 'leader' && !resuming ? 'leader' : 'render';
    this.leader = this.currentRole === 'leader' ? options.node : null;
    this.ttlMs = (options.leaseSeconds ?? DEFAULT_LEASE_S) * 1000;
    this.flywheel = new Flywheel(options.flywheelSeconds ?? DEFAULT_FLYWHEEL_S, options.flywheelEnd ?? 'hold');
  }

  /** Connects to the NATS server; the stream is named after the project (one stream per show). */
  static async open(options: ClusterOptions, project: string | undefined): Promise<ClusterNode> {
    // The NATS client loads only here: a process outside a cluster never reads it.
    const { ShowLog } = await import('./log.js');
    const log = await ShowLog.open(options.url, options.node, streamName(project));
    return new ClusterNode(options, log, options.role === 'leader' && options.fresh !== true && (await log.holdsShow()));
  }

  /** Render node: the song's transport will take each tick's position. Call before the sound host exists (song-from-ticks.ts). */
  followSong(engine: Engine): void {
    if (this.currentRole === 'render') this.song ??= new SongFromTicks(engine.clock);
  }

  get role(): ClusterRole {
    return this.currentRole;
  }

  /**
   * Prepares the node before its clock starts: the leader takes the lease, empties the log and opens
   * it with a start record, and will log a tick per frame; both keep frame digests. `run` starts the
   * replay and the lease's timers.
   */
  async start(parts: NodeParts, project: string | undefined): Promise<void> {
    this.parts = parts;
    this.forwarder = new Forwarder(this.log.connection, this.log.stream, this.options.node, this.replayed, parts.log);
    this.divergence = new DivergenceCheck(parts.log);
    const { engine, light } = parts;
    this.song?.attach(parts.transport);
    // Timer and Damper read the frame's wall clock: the leader's, latched when the frame starts.
    (light.lx as { wallClockMs?: () => number }).wallClockMs = () => this.frameWallMs;
    // Only a leader's running clock reads the time of day; frames stepped by hand keep the logged one.
    engine.clock.onFrame(() => this.leading() && engine.clock.running && (this.frameWallMs = Date.now()), { first: true });
    this.lease = await Lease.open(this.log.js, this.log.jsm, this.log.stream);
    this.watch = new LeaseWatch(this.lease, this.ttlMs);
    // From the lease's first write on: the surfaces start before `run`, and an unrenewed lease would lapse meanwhile.
    this.leaseTimer = setInterval(() => void this.onLease(), this.ttlMs / 4);
    this.leaseTimer.unref();
    if (this.checkpointEvery > 0) {
      this.checkpoints = await CheckpointStore.open(this.log.js, this.log.stream);
      this.repair = new DivergenceRepair(this.checkpoints);
      this.trim = new LogTrim(this.log, this.lease, this.options.node);
    }
    if (this.currentRole === 'leader') {
      await this.takeLease();
      await this.log.reset();
      await this.checkpoints?.clear();
      // What a node whose structure diverged rebuilds from (rebuild.ts): the show before any logged call.
      await this.checkpoints?.saveStart(await engine.queue.submit(() => light.projectJson(), { label: 'cluster-start' }));
      this.lead(await this.log.lastSeq());
      const start = { leader: this.options.node, project: project ?? null, startedAt: new Date().toISOString(), instance: parts.sound.nonce };
      await this.outbox?.push({ kind: 'start', ...start });
      engine.clock.fixedStep = true;
      this.startLeading(parts);
    } else this.replay = new InputReplay(light);
    engine.clock.onFrame((frame) => this.rendered(frame.index));
  }

  /** Once every surface listens (the sound tools replay through the protocol-3 listener): a render node starts to replay. */
  run(): void {
    if (this.currentRole === 'render' && this.reading === undefined) this.reading = this.follow();
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.refresh(), STATUS_EVERY_MS);
    this.timer.unref();
    this.flywheelTimer = setInterval(() => this.turnFlywheel(), FRAME_MS);
    this.flywheelTimer.unref();
  }

  admitWrite(tool: string, origin: Origin): void {
    if (origin.surface === 'cluster') return;
    if (this.leading()) {
      const held = this.outbox?.held ?? 0;
      if (held < (this.options.outboxBound ?? DEFAULT_OUTBOX)) return;
      throw unavailable(
        `the show's command log (NATS) is unreachable and ${held} writes already wait for it, so ${tool} was refused and nothing changed. ` +
          'The waiting writes are appended in order when the log is back; call again then.',
      );
    }
    const why = this.stopped === undefined ? "it only replays the show's log" : `it stopped (${this.stopped})`;
    throw unavailable(
      `this is render node ${this.options.node} of a cluster: ${why}, so ${tool} was refused and nothing changed. ` +
        `Send writes to the leader (${this.leader ?? 'not yet known: it has not opened the log'}).`,
    );
  }

  forward(call: ForwardedCall): Promise<ForwardedReply> | undefined {
    if (this.currentRole === 'leader' || call.origin.surface === 'cluster') return undefined;
    if (this.forwarder === undefined) return Promise.reject(unavailable(`render node ${this.options.node} is still starting: ${call.tool} was not run`));
    return this.forwarder.send('invoke', { ...call, merge: wireMerge(call.merge) }, call.tool, this.leader) as Promise<ForwardedReply>;
  }

  append(call: LoggedCall): Promise<number | undefined> | undefined {
    // A node that never led logs nothing, nor does a replay; a deposed leader's ended outbox refuses, so the call is taken back.
    const parts = this.parts;
    if (parts === undefined || this.outbox === undefined || call.origin.surface === 'cluster') return undefined;
    const record = callRecord(call, parts.engine.clock.frames, (name) => parts.tools.find(name));
    if (record === undefined) return undefined;
    const acked = this.outbox.push(record).then(
      (seq) => {
        this.calls++;
        return seq;
      },
      (err: unknown) => {
        this.failed++;
        throw err;
      },
    );
    // A sound tool's answer: its lines are in the log already; a refusal only loses the answer a failover would give.
    if (record.answer !== undefined) return acked.catch(() => undefined);
    acked.catch(() => {}); // the caller awaits it; this only keeps an early refusal from counting as unhandled
    return acked;
  }

  /**
   * Leader: logs a protocol-3 write line an outside client or a sound tool ran, once it succeeded (a queued line from inside
   * its queue task, so in the queue's order); its stream sequence. A refused append of a tool's line takes back the line's
   * step (`step`) and fails the line; an outside client's is counted and logged as an error.
   */
  private async logLine(line: string, origin: Origin, id?: string, step?: number): Promise<number | undefined> {
    const parts = this.parts;
    if (!this.leading() || this.outbox === undefined || parts === undefined || !logsLine(origin) || !logsToolLine(line, origin)) return undefined;
    try {
      const seq = await this.outbox.push({ kind: 'line', line, origin, frame: parts.engine.clock.frames, ...(id === undefined ? {} : { id }) });
      this.calls++;
      return seq;
    } catch (err) {
      this.failed++;
      if (toolLine(origin)) throw await refusedToolLine(parts.engine, step, line.split(' ', 1)[0], err);
      parts.log.error({ err, line: line.slice(0, 200) }, 'the cluster log did not take a protocol-3 write; render nodes will miss it');
      return undefined;
    }
  }

  /** Render node: sends an outside client's protocol-3 write line to the leader; undefined when it runs here. */
  private forwardLine(command: string, line: string, origin: Origin): Promise<Payload> | undefined {
    if (this.currentRole === 'leader' || !logsLine(origin)) return undefined;
    if (this.forwarder === undefined) return Promise.reject(unavailable(`render node ${this.options.node} is still starting: ${command} was not run`));
    return this.forwarder.send('line', { line, origin }, command, this.leader) as Promise<Payload>;
  }

  status(): ClusterStatus {
    const last = this.digests.last;
    const lease = this.leaseStatus();
    return {
      role: this.currentRole,
      node: this.options.node,
      leader: this.leader,
      stream: this.log.stream,
      connected: this.log.connected,
      frame: last?.frame ?? null,
      lag: this.currentRole === 'leader' ? 0 : this.lag,
      digest: last?.digest ?? null,
      calls: this.calls,
      failed: this.failed,
      ...(lease === undefined ? {} : { lease }),
      presenting: this.currentRole === 'leader' ? 'leading' : this.flywheel.state(),
      ...(this.outbox?.holding === true ? { held: this.outbox.held } : {}),
      ...(this.stopped === undefined ? {} : { stopped: this.stopped }),
      ...(this.options.mayLead === false ? { mayLead: false } : {}),
      ...(this.resuming ? { resuming: true } : {}),
      ...(this.deposedBy === undefined ? {} : { deposed: this.deposedBy }),
      ...(this.options.rebuilt === undefined ? {} : { rebuilt: this.options.rebuilt }),
      presentDelayMs: this.presentDelayMs,
      ...(this.currentRole === 'render' ? { late: this.late, ...this.divergence?.status, ...this.repair?.status, ...this.catchUpStatus() } : {}),
      ...(this.stored === undefined ? {} : { checkpoint: { frame: this.stored.frame, seq: this.stored.seq } }),
      ...(this.joined === undefined ? {} : { joined: this.joined }),
      slice: this.slice,
      ...this.sliceOrigin,
    };
  }

  /** Whether this node's outputs send its frames: not while a render node catches up with the log. */
  get sends(): boolean {
    return this.currentRole === 'leader' || !(this.catchUp.active || this.repair?.busy === true);
  }

  /** When the frame just rendered leaves on the wire (epoch ms): a leader's at its presentation time (leader-present.ts), else now (undefined). */
  get presentAt(): number | undefined {
    return presentAt(this.leading(), this.frameWallMs, this.presentDelayMs);
  }

  private catchUpStatus(): Pick<ClusterStatus, 'catchingUp' | 'caughtUp'> {
    const done = this.catchUp.result;
    if (done !== undefined) return { caughtUp: done };
    return this.stopped === undefined ? { catchingUp: { behind: this.catchUp.behind(this.digests.last?.frame ?? -1) } } : {};
  }

  digestOf(frame: number): string | undefined {
    return this.digests.get(frame);
  }

  renderedAt(frame: number): number | undefined {
    return this.digests.renderedAt(frame);
  }

  /** How long after the leader ran frame f this node presents it (ms). */
  get presentDelayMs(): number {
    return this.options.presentDelayMs ?? PRESENT_DELAY_MS;
  }

  private get checkpointEvery(): number {
    return checkpointFrames(this.options.checkpointSeconds ?? DEFAULT_CHECKPOINT_S);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.beforeClose?.();
    if (this.timer !== null) clearInterval(this.timer);
    if (this.leaseTimer !== null) clearInterval(this.leaseTimer);
    if (this.flywheelTimer !== null) clearInterval(this.flywheelTimer);
    this.outbox?.end('this node is closing');
    this.stopReading?.();
    this.stopServing?.();
    this.replayed.stop();
    this.forwarder?.stop();
    await this.reading;
    this.inputs?.close();
    this.replay?.close();
    await this.log.close();
  }

  /** After the show rendered frame `index`: keep its digest; the leader logs the tick. */
  private rendered(index: number): void {
    const parts = this.parts;
    if (parts === undefined) return;
    const digest = frameDigest(parts.light.main);
    this.digests.add(index, digest, performance.timeOrigin + performance.now());
    const canary = checkedFrame(index) ? canaryDigest(parts.light) : undefined;
    if (canary !== undefined) this.divergence?.keepCanary(index, canary);
    if (!this.leading() || !parts.engine.clock.running || this.outbox === undefined) return;
    const tick: TickRecord = {
      kind: 'tick',
      frame: index,
      position: parts.transport.position,
      playing: parts.transport.playing,
      wallMs: this.frameWallMs,
      ...this.inputs?.take(),
      // Only a whole-rig render is the show's frame: a slice's digest would differ from every other node's; the canary is every node's.
      ...(checkedFrame(index) && this.slice === null ? { digest } : {}),
      ...(canary === undefined ? {} : { canary }),
    };
    this.outbox.push(tick).catch((err: unknown) => {
      this.failed++;
      if (this.failed === 1 || this.failed % 600 === 0) parts.log.warn({ err, failed: this.failed }, 'the cluster log did not take a frame tick');
    });
    if (index - this.checkpointFrame >= this.checkpointEvery) this.checkpoint(index, parts);
  }

  /**
   * Leader, inside frame `frame`'s queue task: captures the light's state and appends the checkpoint's
   * record right after the frame's tick; the capture is stored once the log has the record.
   */
  private checkpoint(frame: number, parts: NodeParts): void {
    const store = this.checkpoints;
    if (store === undefined || this.outbox === undefined || this.inputs === undefined) return;
    this.checkpointFrame = frame;
    const taken = captureCheckpoint(parts.engine, parts.light, this.inputs, frame);
    const name = `frame-${frame}`;
    this.outbox
      .push({ kind: 'checkpoint', name, frame })
      .then(async (seq) => {
        const kept = await store.save(name, seq, frame, taken);
        this.stored = { name, seq, frame };
        return kept;
      })
      .then(
        (kept) => this.trim?.behind(kept, (record) => this.outbox!.push(record), parts.log),
        (err: unknown) => parts.log.warn({ err, frame }, 'a cluster checkpoint was not stored: late nodes join from an older one'),
      );
  }

  /** Render node: waits for the leader's log, then replays it from sequence `from` (its start) until closed. */
  private async follow(from = 1): Promise<void> {
    const parts = this.parts;
    if (parts === undefined) return;
    while (!this.closed && !(await this.log.exists())) await new Promise((r) => setTimeout(r, WAIT_FOR_LEADER_MS));
    if (this.closed) return;
    if (parts.engine.clock.frames === 0) {
      // Reported first, so the leader trims no tick this node may need while it loads a checkpoint (log-trim.ts).
      await this.lease?.report({ node: this.options.node, seq: 0, frame: 0, at: Date.now() }).catch(() => undefined);
      // A node that has not rendered yet joins from the newest checkpoint, if the show has one.
      if (this.checkpoints !== undefined) this.joining = await CheckpointJoin.open(this.checkpoints);
      const trimmed = this.joining === undefined ? await this.log.newest('trim').catch(() => undefined) : undefined;
      if (trimmed?.kind === 'trim') {
        this.stopped =
          `${wholeLogGone(trimmed)}: join from a checkpoint instead (--checkpoint above 0), ` + 'or run the leader with --checkpoint 0 to keep the whole log';
        parts.log.error({ frame: trimmed.frame }, `this render node stopped: ${this.stopped}`);
        parts.onStatus?.();
        return;
      }
    }
    const { records, stop } = await this.log.read(from);
    this.stopReading = stop;
    if (this.closed) stop();
    try {
      for await (const { seq, pending, record } of records) {
        if (this.closed || this.currentRole === 'leader') break;
        const catchingUp = this.catchUp.active;
        if (catchingUp) this.catchUp.read(parts.engine.clock.frames);
        // Catching up: a run of ticks with no call between them steps in one task (catch-up.ts); a node joining from a checkpoint skips them.
        if (catchingUp && record.kind === 'tick' && this.joining === undefined) {
          if (this.catchUp.hold(record, seq) || pending === 0) await this.stepHeld(parts);
        } else {
          if (catchingUp) await this.stepHeld(parts);
          if (!(await this.flywheel.applying(() => this.apply(seq, record, parts)))) {
            stop();
            break;
          }
          this.replayed.reach(seq);
          this.applied = seq;
        }
        if (pending === 0 && catchingUp) this.reachedNewest(parts);
      }
    } catch (err) {
      if (!this.closed && this.currentRole !== 'leader') {
        this.stopped = `reading the log failed: ${(err as Error).message}`;
        parts.log.error({ err }, 'the cluster log could not be read; this render node stopped following it');
      }
    }
  }

  /** Applies the record at `seq`; false when the node must stop following the log. */
  private async apply(seq: number, record: LogRecord, parts: NodeParts): Promise<boolean> {
    const joining = this.joining;
    if (joining !== undefined) {
      // Before its checkpoint a joining node runs the calls alone: the checkpoint holds what the frames made.
      if (record.kind === 'tick') return true;
      if (record.kind === 'lead') {
        this.leader = record.leader;
        this.forwarder?.leaderChanged(record.leader, (id) => this.forwardResults.get(id));
        return true;
      }
      if (record.kind === 'checkpoint' && !joining.before(seq)) return this.join(joining, parts);
    }
    if (record.kind === 'trim') return true;
    if (record.kind === 'checkpoint') {
      await this.repairAt({ name: record.name, seq, frame: record.frame }, parts);
      return true;
    }
    if (record.kind === 'start') {
      if (this.leader !== null) {
        this.stopped = `the leader ${record.leader} started the show again: restart this node to follow it`;
        parts.log.error({ leader: record.leader }, this.stopped);
        return false;
      }
      this.leader = record.leader;
      // The leader's sound-host id: a token it issued holds here, and one read here holds there (and on the next leader).
      if (record.instance !== undefined) parts.sound.adoptInstance(record.instance);
      return true;
    }
    if (record.kind === 'lead') return this.newLeader(record, parts);
    // A forwarded sound tool's answer: its lines came before it; only the forward's id needs it.
    if (record.kind === 'call' && record.answer !== undefined) {
      if (record.id !== undefined) this.forwardResults.replayed(record.id, { ok: true, reply: record.answer, seq });
      this.calls++;
      return true;
    }
    if (record.kind === 'tick') {
      // Frame f is presented a fixed delay after the leader ran it, on every render node alike.
      const wait = record.wallMs + this.presentDelayMs - (performance.timeOrigin + performance.now());
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else this.late++;
      await this.stepTicks([record], parts);
      return true;
    }
    if (parts.engine.clock.frames > record.frame)
      this.diverged(
        parts,
        `a call the leader ran at frame ${record.frame} arrived after frame ${parts.engine.clock.frames - 1}` +
          (this.flywheel.passed(record.frame) ? ': this node flywheeled past it while the log was quiet (a stalled leader)' : ''),
      );
    // The frames before a call are the log's ticks: missing ones were trimmed while this node was far behind (log-trim.ts).
    else if (joining === undefined && parts.engine.clock.frames < record.frame)
      this.diverged(parts, `the log no longer held frames ${parts.engine.clock.frames}–${record.frame - 1} (trimmed) when this node replayed them`);
    const origin: Origin = {
      surface: 'cluster',
      ...(record.origin.session === undefined ? {} : { session: record.origin.session }),
      client: `${this.leader ?? 'leader'}/${record.origin.surface}${record.origin.client === undefined ? '' : `/${record.origin.client}`}`,
    };
    // The leader's history decided whether the call merged: the replay does the same (never by its own clock).
    const merge =
      record.kind === 'line' || record.merge === undefined
        ? undefined
        : { mergeKey: record.merge.mergeKey, mergeWindowMs: record.merge.merged ? Infinity : -1 };
    try {
      let reply: unknown;
      if (record.kind === 'line') {
        const ran = await replayLine(parts.protocol3, record, origin);
        if (ran.failure !== undefined) throw new Error(ran.failure);
        reply = ran.reply;
      } else reply = await parts.tools.invoke(record.tool, record.args, origin, merge === undefined ? {} : { merge });
      // A forwarded write's answer, should its node (or a new leader) need it after a failover.
      if (record.id !== undefined) this.forwardResults.replayed(record.id, { ok: true, reply, seq });
      this.calls++;
      this.catchUp.called();
    } catch (err) {
      if (record.id !== undefined)
        this.forwardResults.replayed(record.id, {
          ok: false,
          code: 'internal',
          message: `the write failed on render node ${this.options.node}: it has diverged`,
        });
      this.failed++;
      parts.log.error(
        { err, call: record.kind === 'line' ? record.line.slice(0, 200) : record.tool },
        'a call from the cluster log failed on this render node: its show has diverged from the leader',
      );
    }
    return true;
  }

  /** At the checkpoint's record: takes its state, or stops (a full replay from the start is then the way in). */
  private async join(joining: CheckpointJoin, parts: NodeParts): Promise<boolean> {
    const why = await joining.take(parts.engine, parts.light, this.replay!);
    this.joining = undefined;
    if (why !== undefined) {
      const trimmed = await this.log.newest('trim').catch(() => undefined);
      this.stopped =
        trimmed?.kind === 'trim'
          ? `it could not join from a checkpoint: ${why}; ${wholeLogGone(trimmed)}: start it on the leader's project and build, ` +
            'or restart the leader (a new log) with --checkpoint 0 to keep the whole log'
          : `it could not join from a checkpoint: ${why}; restart it with --checkpoint 0 to replay the whole log`;
      parts.log.error({ checkpoint: joining.mark.name }, `this render node stopped: ${this.stopped}`);
      return false;
    }
    const { frame, seq } = joining.mark;
    this.catchUp.rebase(parts.engine.clock.frames);
    this.joined = { frame, seq, calls: this.calls, ms: Math.round(joining.elapsedMs) };
    parts.log.info(this.joined, 'this render node joined the show from a checkpoint');
    return true;
  }

  /** Steps each tick's frame in one queue task, with the tick's wall clock, inputs and song position; checks logged digests. */
  private stepTicks(ticks: readonly TickRecord[], parts: NodeParts): Promise<void> {
    const { clock } = parts.engine;
    return parts.engine.queue.submit(
      () => {
        for (const tick of ticks) {
          this.replay?.next(tick);
          this.song?.expect(tick);
          this.flywheel.ticked(tick.frame, tick.wallMs);
          this.frameWallMs = tick.wallMs;
          const behind = tick.frame + 1 - clock.frames;
          if (behind > 0) clock.stepFixed(behind, FRAME_MS);
          this.divergence?.check(tick, this.digests.get(tick.frame), this.slice !== null);
        }
      },
      { label: 'cluster-frame' },
    );
  }

  /** At a checkpoint's record: a node that diverged takes the checkpoint's state (repair.ts). */
  private async repairAt(mark: CheckpointMark, parts: NodeParts): Promise<void> {
    const { repair, divergence, replay } = this;
    if (repair === undefined || divergence === undefined || replay === undefined) return;
    const reason = repair.due(divergence, this.failed);
    if (reason === undefined) return;
    const structure = await repair.at(mark, reason, this.failed, { engine: parts.engine, light: parts.light, replay, divergence, log: parts.log });
    if (structure !== undefined && this.checkpoints !== undefined) {
      const why = await askRebuild(structure, this.checkpoints, this.options.rebuilt, this.rebuild, parts.log);
      if (why !== undefined) parts.log.error({}, `this node does not rebuild itself: ${why}`);
    }
    parts.onStatus?.();
  }

  /** Catching up: steps the ticks held so far (catch-up.ts) and marks them applied. */
  private async stepHeld(parts: NodeParts): Promise<void> {
    const held = this.catchUp.take();
    if (held === undefined) return;
    await this.stepTicks(held.ticks, parts);
    this.replayed.reach(held.seq);
    this.applied = held.seq;
  }

  /** The catch-up applied the log's newest record: from the next frame on the node presents on the delay and sends. */
  private reachedNewest(parts: NodeParts): void {
    this.catchUp.reached(parts.engine.clock.frames);
    const done = this.catchUp.result;
    if (done !== undefined) parts.log.info({ ...done }, "this render node caught up with the show's log: it presents and sends from the next frame");
    parts.onStatus?.();
  }

  /** Steps the clock (no calls) until `frames` frames have run, each with the wall clock `wallMs`. */
  private stepTo(frames: number, wallMs: number, parts: NodeParts): Promise<void> {
    const { clock } = parts.engine;
    return parts.engine.queue.submit(
      () => {
        this.frameWallMs = wallMs;
        const behind = frames - clock.frames;
        if (behind > 0) clock.stepFixed(behind, FRAME_MS);
      },
      { label: 'cluster-frame' },
    );
  }

  /** A render node presented frames the leader's log did not have yet, and the log then placed a change among them. */
  private diverged(parts: NodeParts, why: string): void {
    this.failed++;
    parts.log.error({ node: this.options.node }, `this render node's frames have diverged from the leader's: ${why}`);
  }

  /** A follower reads that another node took the lease: it steps to the new leader's first frame and follows it. */
  private async newLeader(record: LeadRecord, parts: NodeParts): Promise<boolean> {
    this.leader = record.leader;
    parts.log.warn({ leader: record.leader, term: record.term, frame: record.frame }, 'a new leader took over the show');
    if (parts.engine.clock.frames > record.frame) this.diverged(parts, `it flywheeled past frame ${record.frame}, where the new leader starts`);
    this.flywheel.ticked(record.frame - 1, record.wallMs);
    await this.stepTo(record.frame, record.wallMs, parts);
    // Everything the old leader logged is replayed: each pending forward is answered from it or sent to the new leader.
    this.forwarder?.leaderChanged(record.leader, (id) => this.forwardResults.get(id));
    return true;
  }

  private leading(): boolean {
    return this.currentRole === 'leader' && this.stopped === undefined;
  }

  /** Leader: becomes the lease's holder with the next term (at start: the leader starts the show whoever held it). */
  private async takeLease(): Promise<void> {
    const lease = this.lease!;
    for (;;) {
      const { value, revision } = await lease.read();
      const term = (value?.term ?? 0) + 1;
      const written = await lease.write({ node: this.options.node, term }, revision);
      if (written === undefined) continue;
      this.term = term;
      this.revision = written;
      this.renewedAt = Date.now();
      return;
    }
  }

  /**
   * A node that starts to lead records its frames' inputs (a render node's replay of them ends) and
   * serves the writes render nodes forward.
   */
  private startLeading(parts: NodeParts): void {
    this.replay?.close();
    this.replay = undefined;
    this.inputs ??= new InputRecorder(parts.light);
    if (this.stopServing !== undefined) return;
    const served = (['invoke', 'line'] as const).map((kind) =>
      serveForwarded(this.log.connection, this.log.stream, kind, (body) => this.serveWrite(kind, body as ForwardedLine & ForwardedCall, parts), parts.log),
    );
    this.stopServing = () => {
      for (const s of served) s.unsubscribe();
    };
  }

  /** Leader: runs a forwarded write once per id (sent again after a failover, it gets the first answer), from a takeover's start frame on. */
  private serveWrite(kind: ForwardKind, body: ForwardedLine & ForwardedCall, parts: NodeParts): Promise<Reply> {
    return this.forwardResults.once(body.id, () =>
      this.ledFrom.then(() =>
        kind === 'invoke'
          ? runForwardedCall(parts.tools, body, parts.log)
          : runLine(
              () =>
                runForwardedLine(
                  parts.protocol3,
                  body.line,
                  body.origin,
                  (c, o) => this.admitWrite(c, o),
                  (l, o) => this.logLine(l, o, body.id),
                ),
              body.line,
              parts.log,
            ),
      ),
    );
  }

  /** Appends from now on through an outbox fenced at the stream's sequence `base`. */
  private lead(base: number): void {
    this.currentRole = 'leader';
    this.leader = this.options.node;
    this.outbox = new Outbox(this.log, `${this.options.node}-${this.term}`, base, this.options.outboxBound ?? DEFAULT_OUTBOX, () => void this.deposed());
  }

  /** Every quarter of the lease: the leader renews it; a render node reports its progress and takes a lapsed lease. */
  private async onLease(): Promise<void> {
    const lease = this.lease;
    const parts = this.parts;
    if (lease === undefined || parts === undefined || this.leaseBusy || this.closed) return;
    this.leaseBusy = true;
    try {
      if (this.currentRole === 'leader') {
        if (this.stopped !== undefined) return;
        const written = await lease.write({ node: this.options.node, term: this.term }, this.revision).catch(() => null);
        if (written === null) return; // the server is away (or slow): try again next time
        if (written !== undefined) {
          this.revision = written;
          this.renewedAt = Date.now();
          return;
        }
        // The revision moved: a renewal whose acknowledgement was lost, or another node's take.
        const now = await lease.read();
        if (now.value?.node === this.options.node && now.value.term === this.term) this.revision = now.revision;
        else await this.deposed();
        return;
      }
      if (this.stopped !== undefined || this.leader === null) return;
      const never = this.options.mayLead === false;
      const report = {
        node: this.options.node,
        seq: this.applied,
        frame: parts.engine.clock.frames,
        at: Date.now(),
        ...(never ? { lead: false as const } : {}),
      };
      await lease.report(report).catch(() => undefined);
      const lapsed = await this.watch!.lapsed();
      // A takeover needs about a quarter lease to notice and the start frame's steps: a forward waits that long, not the request's timeout.
      this.forwarder?.leaseLapsed(lapsed, this.ttlMs + TAKEOVER_MS, this.leader);
      // A node still joining from a checkpoint has run calls but not the frames between them, one repairing is mid-way: neither may lead yet.
      if (this.joining !== undefined || this.repair?.busy === true || !lapsed || never) return;
      const [reports, last] = await Promise.all([lease.reports(), this.log.lastSeq()]);
      // A leader started again on its log takes the lapsed lease once it applied all of it, ahead of the render nodes.
      if (!mayTake(this.options.node, this.applied, last, this.resuming ? [] : reports, this.ttlMs)) return;
      const seen = this.watch!.seen;
      const term = (seen.value?.term ?? 0) + 1;
      const written = await lease.write({ node: this.options.node, term }, seen.revision);
      if (written === undefined) return;
      this.term = term;
      this.revision = written;
      this.renewedAt = Date.now();
      await this.takeOver(reports, parts);
    } catch (err) {
      parts.log.warn({ err }, 'the cluster lease could not be read or written');
    } finally {
      this.leaseBusy = false;
    }
  }

  /** This render node holds the lease now: it stops following, steps every node to a common frame, and leads. */
  private async takeOver(reports: Awaited<ReturnType<Lease['reports']>>, parts: NodeParts): Promise<void> {
    const was = this.leader;
    this.flywheel.stop();
    this.stopReading?.();
    this.currentRole = 'leader'; // the reading loop ends at its next record
    await this.reading;
    this.reading = undefined;
    this.lead(this.applied);
    this.resuming = false;
    // Forwarded writes wait until this node leads from its start frame, so they run after the frames every node steps.
    let led = (): void => {};
    this.ledFrom = new Promise((resolve) => (led = resolve));
    this.startLeading(parts);
    const { engine } = parts;
    const frame = startFrame(engine.clock.frames, reports, this.ttlMs);
    const wallMs = Date.now();
    const record: LeadRecord = { kind: 'lead', leader: this.options.node, term: this.term, frame, wallMs };
    try {
      await this.outbox!.push(record);
    } catch (err) {
      this.stopped = `it took the lease but could not append to the log (${(err as Error).message}): restart it`;
      parts.log.error({ err }, this.stopped);
      led();
      return;
    }
    await this.stepTo(frame, wallMs, parts);
    led();
    this.checkpointFrame = frame;
    engine.clock.fixedStep = true;
    engine.clock.start(60);
    parts.log.warn({ was, term: this.term, frame }, `the lease of ${was ?? 'the leader'} lapsed: this node leads the show now`);
    // This node's own forwards to the dead leader: answered from the replay, or run here now.
    this.forwarder?.leaderChanged(
      this.options.node,
      (id) => this.forwardResults.get(id),
      (kind, body) => this.serveWrite(kind, body as ForwardedLine & ForwardedCall, parts),
    );
    parts.onStatus?.();
  }

  /**
   * The leader lost the lease or the stream moved on without it: it stops writing and follows the new
   * leader from the first record the log did not store for it. A write the log refused was taken back
   * here, so its show is the log's up to that record; frames it ran past the new leader's start make it diverge.
   */
  private async deposed(): Promise<void> {
    const parts = this.parts;
    if (this.currentRole !== 'leader' || this.stopped !== undefined || parts === undefined) return;
    this.currentRole = 'render';
    parts.engine.clock.stop();
    const holder = await this.lease?.read().catch(() => undefined);
    this.leader = holder?.value?.node ?? null;
    // Writes render nodes forward go to the new leader alone, not to this node too.
    this.stopServing?.();
    this.stopServing = undefined;
    const stored = this.outbox?.stored ?? this.applied;
    this.outbox?.end(`this node was deposed as leader: ${this.leader ?? 'another node'} took the lease`);
    this.deposedBy = { by: this.leader, term: holder?.value?.term ?? null, frame: parts.engine.clock.frames };
    parts.log.error({ ...this.deposedBy, from: stored + 1 }, 'this node was deposed as leader: it follows the new leader');
    this.inputs?.close();
    this.inputs = undefined;
    this.replay = new InputReplay(parts.light);
    this.applied = stored;
    this.replayed.reach(stored);
    if (!this.closed && this.reading === undefined) this.reading = this.follow(stored + 1);
    parts.onStatus?.();
  }

  /** A render node without ticks presents frames on its own fixed timestep for a while, then holds or sends black. */
  private turnFlywheel(): void {
    const parts = this.parts;
    // A node catching up has more of the log to read: frames of its own would run past calls it has not read yet.
    if (parts === undefined || this.currentRole !== 'render' || this.stopped !== undefined || this.catchUp.active || this.repair?.busy === true) return;
    const due = this.flywheel.due();
    if (due !== undefined && due.frame + 1 > parts.engine.clock.frames) void this.stepTo(due.frame + 1, due.wallMs, parts);
    else if (due === undefined && this.flywheel.state() === 'black') void parts.engine.queue.submit(parts.sendBlack, { label: 'cluster-black' });
  }

  private leaseStatus(): ClusterStatus['lease'] {
    if (this.currentRole === 'leader') return { holder: this.options.node, term: this.term, expiresAt: new Date(this.renewedAt + this.ttlMs).toISOString() };
    const seen = this.watch?.seen;
    if (seen?.value === undefined) return undefined;
    return { holder: seen.value.node, term: seen.value.term, ...(seen.expiresAt === undefined ? {} : { expiresAt: new Date(seen.expiresAt).toISOString() }) };
  }

  /** About once a second: a render node measures its lag against the newest tick; status.json is rewritten. */
  private async refresh(): Promise<void> {
    if (this.currentRole === 'render' && this.stopped === undefined) {
      try {
        const newest = await this.log.newest('tick');
        const mine = this.digests.last?.frame ?? -1;
        this.lag = newest?.kind === 'tick' ? Math.max(0, newest.frame - mine) : null;
        if (newest?.kind === 'tick') this.catchUp.sawNewest(newest.frame);
      } catch {
        this.lag = null;
      }
    }
    this.parts?.onStatus?.();
  }
}
