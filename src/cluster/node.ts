// A node of a cluster (docs/cluster.md): the leader runs the show and appends every write and every
// frame to the show's log; a render node replays that log through the same call path and renders
// the same frames on the same fixed timestep. Both keep digests of the frames they rendered.
import type { Origin } from '../engine/commands/history.js';
import type { Engine } from '../engine/engine.js';
import { unavailable } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { ClusterLink, ClusterMembers, ClusterStatus, ForwardedCall, ForwardedReply, LoggedCall } from '../tools/cluster-link.js';
import type { ToolRegistry } from '../tools/invoke.js';
import { FrameDigests, frameDigest } from './digests.js';
import { InputRecorder, InputReplay } from './frame-inputs.js';
import { ReplayMark, forwardCall, serveForwarded } from './forward.js';
import { type LineRunner, logsLine, replayLine } from './protocol3-log.js';
import { type FollowedTransport, SongFromTicks } from './song-from-ticks.js';
import type { ShowLog } from './log.js';
import type { CallRecord, LogRecord, TickRecord } from './records.js';
import { streamName } from './records.js';

type ClusterRole = 'leader' | 'render';

export interface ClusterOptions {
  /** The NATS server, nats://HOST:PORT. */
  readonly url: string;
  /** This node's name (unique in the cluster). */
  readonly node: string;
  readonly role: ClusterRole;
  /** Render node: present frame f this long after the leader ran it (ms; default PRESENT_DELAY_MS). */
  readonly presentDelayMs?: number;
}

/** What a node drives: the process's engine and show, and its tools for replay. */
interface NodeParts {
  readonly engine: Engine;
  readonly light: LightShow;
  /** The song transport a tick reports (position in beats), and a render node sets from the ticks. */
  readonly transport: FollowedTransport;
  readonly tools: ToolRegistry;
  /** Runs a protocol-3 line through this node's dispatcher (a render node replays logged lines). */
  readonly protocol3: LineRunner;
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

export class ClusterNode implements ClusterLink {
  private readonly digests = new FrameDigests();
  private leader: string | null;
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
  /** The leader records each frame's DMX and audio inputs with its tick; a render node plays them back. */
  private inputs: InputRecorder | undefined;
  private replay: InputReplay | undefined;
  /** This node's slice (fixture labels; null: the whole rig) and the node registry's last reading: set at start (src/cluster/slice.ts). */
  slice: string[] | null = null;
  members: () => ClusterMembers = () => ({ nodes: [], collisions: [] });
  /** Runs first when the node closes (the registration leaves the registry). */
  beforeClose: (() => Promise<void>) | undefined;
  /** Render node: how far its replay got, for forwarded writes to wait on. */
  private readonly replayed = new ReplayMark();
  /** Render node: its song transport follows the ticks. */
  private song: SongFromTicks | undefined;
  /** Leader: stops serving forwarded writes. */
  private stopServing: (() => void) | undefined;

  private constructor(
    readonly options: ClusterOptions,
    private readonly log: ShowLog,
  ) {
    this.leader = options.role === 'leader' ? options.node : null;
  }

  /** Connects to the NATS server; the stream is named after the project (one stream per show). */
  static async open(options: ClusterOptions, project: string | undefined): Promise<ClusterNode> {
    // The NATS client loads only here: a process outside a cluster never reads it.
    const { ShowLog } = await import('./log.js');
    return new ClusterNode(options, await ShowLog.open(options.url, options.node, streamName(project)));
  }

  /** Render node: the song's transport will take each tick's position. Call before the sound host exists (song-from-ticks.ts). */
  followSong(engine: Engine): void {
    if (this.options.role === 'render') this.song ??= new SongFromTicks(engine.clock);
  }

  get role(): ClusterRole {
    return this.options.role;
  }

  /**
   * Prepares the node before its clock starts: the leader empties the log and opens it with a start
   * record, and will log a tick per frame; both keep frame digests. `run` starts the replay.
   */
  async start(parts: NodeParts, project: string | undefined): Promise<void> {
    this.parts = parts;
    const { engine, light } = parts;
    this.song?.attach(parts.transport);
    // Timer and Damper read the frame's wall clock: the leader's, latched when the frame starts.
    (light.lx as { wallClockMs?: () => number }).wallClockMs = () => this.frameWallMs;
    if (this.options.role === 'leader') {
      await this.log.reset();
      await this.log.append({ kind: 'start', leader: this.options.node, project: project ?? null, startedAt: new Date().toISOString() });
      engine.clock.fixedStep = true;
      engine.clock.onFrame(() => (this.frameWallMs = Date.now()), { first: true });
      this.inputs = new InputRecorder(light);
      const served = serveForwarded(this.log.connection, this.log.stream, parts.tools, parts.log);
      this.stopServing = () => served.unsubscribe();
    } else this.replay = new InputReplay(light);
    engine.clock.onFrame((frame) => this.rendered(frame.index));
  }

  /** Once every surface listens (the sound tools replay through the protocol-3 listener): a render node starts to replay. */
  run(): void {
    if (this.options.role === 'render' && this.reading === undefined) this.reading = this.follow();
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.refresh(), STATUS_EVERY_MS);
    this.timer.unref();
  }

  admitWrite(tool: string, origin: Origin): void {
    if (this.options.role === 'leader' || origin.surface === 'cluster') return;
    throw unavailable(
      `this is render node ${this.options.node} of a cluster: it only replays the show's log, so ${tool} was refused and nothing changed. ` +
        `Send writes to the leader (${this.leader ?? 'not yet known: it has not opened the log'}).`,
    );
  }

  forward(call: ForwardedCall): Promise<ForwardedReply> | undefined {
    if (this.options.role === 'leader' || call.origin.surface === 'cluster') return undefined;
    if (this.parts === undefined) return Promise.reject(unavailable(`render node ${this.options.node} is still starting: ${call.tool} was not run`));
    return forwardCall(this.log.connection, this.log.stream, call, this.leader, this.replayed, this.parts.log);
  }

  append(call: LoggedCall): Promise<number> | undefined {
    if (this.options.role !== 'leader' || this.parts === undefined) return undefined;
    const record: CallRecord = { kind: 'call', ...call, frame: this.parts.engine.clock.frames };
    const acked = this.log.append(record).then(
      (seq) => {
        this.calls++;
        return seq;
      },
      (err: unknown) => {
        this.failed++;
        throw err;
      },
    );
    acked.catch(() => {}); // the caller awaits it; this only keeps an early refusal from counting as unhandled
    return acked;
  }

  /**
   * Leader: logs a protocol-3 write line an outside client ran, once it succeeded (in the order lines
   * finish). A refused append cannot take the line back: it is counted and logged as an error.
   */
  async logLine(line: string, origin: Origin): Promise<void> {
    const parts = this.parts;
    if (this.options.role !== 'leader' || parts === undefined || !logsLine(origin)) return;
    try {
      await this.log.append({ kind: 'line', line, origin, frame: parts.engine.clock.frames });
      this.calls++;
    } catch (err) {
      this.failed++;
      parts.log.error({ err, line: line.slice(0, 200) }, 'the cluster log did not take a protocol-3 write; render nodes will miss it');
    }
  }

  status(): ClusterStatus {
    const last = this.digests.last;
    return {
      role: this.options.role,
      node: this.options.node,
      leader: this.leader,
      stream: this.log.stream,
      connected: this.log.connected,
      frame: last?.frame ?? null,
      lag: this.options.role === 'leader' ? 0 : this.lag,
      digest: last?.digest ?? null,
      calls: this.calls,
      failed: this.failed,
      ...(this.stopped === undefined ? {} : { stopped: this.stopped }),
      ...(this.options.role === 'render' ? { presentDelayMs: this.presentDelayMs, late: this.late } : {}),
      slice: this.slice,
    };
  }

  digestOf(frame: number): string | undefined {
    return this.digests.get(frame);
  }

  renderedAt(frame: number): number | undefined {
    return this.digests.renderedAt(frame);
  }

  private get presentDelayMs(): number {
    return this.options.presentDelayMs ?? PRESENT_DELAY_MS;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.beforeClose?.();
    if (this.timer !== null) clearInterval(this.timer);
    this.stopReading?.();
    this.stopServing?.();
    this.replayed.stop();
    await this.reading;
    this.inputs?.close();
    this.replay?.close();
    await this.log.close();
  }

  /** After the show rendered frame `index`: keep its digest; the leader logs the tick. */
  private rendered(index: number): void {
    const parts = this.parts;
    if (parts === undefined) return;
    this.digests.add(index, frameDigest(parts.light.main), performance.timeOrigin + performance.now());
    if (this.options.role !== 'leader') return;
    const tick: TickRecord = {
      kind: 'tick',
      frame: index,
      position: parts.transport.position,
      playing: parts.transport.playing,
      wallMs: this.frameWallMs,
      ...this.inputs?.take(),
    };
    this.log.append(tick).catch((err: unknown) => {
      this.failed++;
      if (this.failed === 1 || this.failed % 600 === 0) parts.log.warn({ err, failed: this.failed }, 'the cluster log did not take a frame tick');
    });
  }

  /** Render node: waits for the leader's log, then replays it from its start until closed. */
  private async follow(): Promise<void> {
    const parts = this.parts;
    if (parts === undefined) return;
    while (!this.closed && !(await this.log.exists())) await new Promise((r) => setTimeout(r, WAIT_FOR_LEADER_MS));
    if (this.closed) return;
    const { records, stop } = await this.log.read();
    this.stopReading = stop;
    if (this.closed) stop();
    try {
      for await (const { seq, record } of records) {
        if (this.closed) break;
        if (!(await this.apply(record, parts))) {
          stop();
          break;
        }
        this.replayed.reach(seq);
      }
    } catch (err) {
      if (!this.closed) {
        this.stopped = `reading the log failed: ${(err as Error).message}`;
        parts.log.error({ err }, 'the cluster log could not be read; this render node stopped following it');
      }
    }
  }

  /** Applies one record; false when the node must stop following the log. */
  private async apply(record: LogRecord, parts: NodeParts): Promise<boolean> {
    if (record.kind === 'start') {
      if (this.leader !== null) {
        this.stopped = `the leader ${record.leader} started the show again: restart this node to follow it`;
        parts.log.error({ leader: record.leader }, this.stopped);
        return false;
      }
      this.leader = record.leader;
      return true;
    }
    if (record.kind === 'tick') {
      this.frameWallMs = record.wallMs;
      this.replay?.next(record);
      // Frame f is presented a fixed delay after the leader ran it, on every render node alike.
      const wait = record.wallMs + this.presentDelayMs - (performance.timeOrigin + performance.now());
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else this.late++;
      this.song?.expect(record);
      const { clock } = parts.engine;
      await parts.engine.queue.submit(
        () => {
          const behind = record.frame + 1 - clock.frames;
          if (behind > 0) clock.stepFixed(behind, FRAME_MS);
        },
        { label: 'cluster-frame' },
      );
      return true;
    }
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
      if (record.kind === 'line') {
        const failure = await replayLine(parts.protocol3, record, origin);
        if (failure !== undefined) throw new Error(failure);
      } else await parts.tools.invoke(record.tool, record.args, origin, merge === undefined ? {} : { merge });
      this.calls++;
    } catch (err) {
      this.failed++;
      parts.log.error(
        { err, call: record.kind === 'line' ? record.line.slice(0, 200) : record.tool },
        'a call from the cluster log failed on this render node: its show has diverged from the leader',
      );
    }
    return true;
  }

  /** About once a second: a render node measures its lag against the newest tick; status.json is rewritten. */
  private async refresh(): Promise<void> {
    if (this.options.role === 'render') {
      try {
        const newest = await this.log.newest('tick');
        const mine = this.digests.last?.frame ?? -1;
        this.lag = newest?.kind === 'tick' ? Math.max(0, newest.frame - mine) : null;
      } catch {
        this.lag = null;
      }
    }
    this.parts?.onStatus?.();
  }
}
