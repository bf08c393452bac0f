// The one call path into the tools: MCP, the console's mutations and OSC all run a tool through
// `invoke`, so argument parsing, the agents' read-only switch, queueing, the output check and
// attribution (the origin in the history, and `runAs` for work a call hands on) exist once.
// A surface only turns its own input into a tool's arguments and shapes the payload for its wire.
import { runAs } from '../engine/attribution.js';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import { internal, invalidArgument, isFootlightError, notFound, unavailable } from '../engine/errors.js';
import type { ForwardedReply, LoggedCall } from './cluster-link.js';
import type { AnyTool } from './define-tool.js';
import type { Services, ToolContext } from './context.js';
import { describeZodError } from './zod-errors.js';

/** One finished call, for attribution in the console's activity feed. */
export interface CallRecord {
  readonly tool: string;
  readonly origin: Origin;
  readonly args: unknown;
  readonly ok: boolean;
  readonly error?: string;
  readonly ms: number;
  /** When the call finished (epoch ms). */
  readonly at: number;
  /** Sequence number of the history step the call created or merged into, if it changed the show. */
  readonly step?: number;
}

/** An image or audio block a tool attached to its result (base64 data). */
interface Attachment {
  readonly type: 'image' | 'audio';
  readonly data: string;
  readonly mimeType: string;
}

interface Invocation {
  /** The tool's payload, checked against its output schema. */
  readonly payload: Record<string, unknown>;
  readonly attachments: readonly Attachment[];
}

interface InvokeOptions {
  /**
   * A console fader drag or an OSC stream: merge into the step on top when it carries the same
   * key (two plain tool calls never merge). Only tools that write one parameter honour it.
   */
  readonly merge?: PerformOptions;
  /** Filled with the history step the call performs or merges into (also when it fails later). */
  readonly seen?: Seen;
  /** An MCP session's listing (find_tools); other surfaces list nothing. */
  readonly enableToolsets?: (ids: readonly string[]) => string[];
  /** Elicitation, when the caller's client can answer it. */
  readonly elicit?: ToolContext['elicit'];
  /** A cluster's leader running a write a render node forwarded: its id, logged with the call (docs/cluster.md). */
  readonly forwardId?: string;
}

/** The history step a call performed (`merged`: it merged into the step on top instead). */
interface Seen {
  step?: number;
  merged?: boolean;
  /** The stream sequence of the call in a cluster's log, once the log acknowledged it (the leader). */
  logged?: number;
}

/** The tools a process can run, by name, and the one way to run them. */
export class ToolRegistry {
  private readonly byName: ReadonlyMap<string, AnyTool>;

  constructor(
    private readonly services: Services,
    tools: readonly AnyTool[] = services.tools,
  ) {
    this.byName = new Map(tools.map((t) => [t.name, t]));
  }

  find(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  /** The tool with this name; `not_found` when the process has none. */
  get(name: string): AnyTool {
    const tool = this.byName.get(name);
    if (tool === undefined) throw notFound(`no tool named ${JSON.stringify(name)}; see find_tools`);
    return tool;
  }

  /**
   * Runs one call: parses the arguments (the only zod failure worded as `invalid_argument`),
   * refuses writes from agents while the operator has set them read-only, runs the handler as
   * one engine-queue task (or directly, for `direct` tools), checks the payload against the
   * output schema and encodes what the handler attached.
   */
  async invoke(tool: AnyTool | string, rawArgs: unknown, origin: Origin, options: InvokeOptions = {}): Promise<Invocation> {
    // runAs: work the call hands on (the sound tools' protocol-3 lines) stays attributed to this caller.
    return runAs(origin, () => this.run(typeof tool === 'string' ? this.get(tool) : tool, rawArgs, origin, options));
  }

  private async run(t: AnyTool, rawArgs: unknown, origin: Origin, options: InvokeOptions): Promise<Invocation> {
    const args = this.parse(t, rawArgs, origin);
    const forwarded = this.forward(t, rawArgs, origin, options);
    if (forwarded !== undefined) {
      const { payload, attachments } = await forwarded;
      return { payload: this.check(t, payload), attachments: [...attachments] };
    }
    this.admit(t, origin);
    const attached: [Attachment['type'], () => Promise<{ data: string; mimeType: string }>][] = [];
    const ctx = this.context(origin, options, attached);
    const { engine } = this.services;
    // A cluster's leader logs each write it ran (in the queue task, so appends keep the queue's order).
    const logs = this.services.cluster !== undefined && !t.annotations.readOnlyHint;
    const seen: Seen = options.seen ?? {};
    let appended: Promise<unknown> | undefined;
    const payload =
      t.mode === 'direct'
        ? await t.handle(args, ctx)
        : await engine.queue.submit(
            () =>
              this.observe(logs ? seen : options.seen, () => {
                const result = t.handle(args, ctx);
                if (logs) appended = this.append(t, rawArgs, origin, options, seen);
                return result;
              }),
            { label: t.name, session: origin.session, read: t.annotations.readOnlyHint },
          );
    // A direct tool is logged when it has finished; a sound tool's lines were logged each from inside its queue task, and a
    // forwarded one logs its answer for the forward's id.
    if (logs && t.mode === 'direct') appended = this.append(t, rawArgs, origin, options, seen, payload);
    if (appended !== undefined) await this.acknowledged(t, appended, seen);
    const attachments: Attachment[] = [];
    for (const [type, encode] of attached) attachments.push({ type, ...(await encode()) });
    return { payload: this.check(t, payload), attachments };
  }

  /**
   * As `invoke`, for a caller already inside an engine-queue task (OSC applies one datagram as
   * one task): runs a queued tool synchronously and returns its payload. Attachments are dropped.
   */
  invokeInTask(tool: AnyTool | string, rawArgs: unknown, origin: Origin, options: InvokeOptions = {}): Record<string, unknown> | undefined {
    const t = typeof tool === 'string' ? this.get(tool) : tool;
    if (t.mode === 'direct') throw internal(`${t.name} runs outside the engine queue and cannot be invoked inside a queue task`);
    const args = this.parse(t, rawArgs, origin);
    // A render node's write goes to the leader; inside a task nothing can wait for it, so its failure is logged.
    const forwarded = this.forward(t, rawArgs, origin, options);
    if (forwarded !== undefined) {
      forwarded.catch((err: unknown) => this.services.log.warn({ err, tool: t.name }, 'the leader did not run a forwarded write'));
      return undefined;
    }
    this.admit(t, origin);
    const logs = this.services.cluster !== undefined && !t.annotations.readOnlyHint;
    const seen: Seen = options.seen ?? {};
    const payload = runAs(origin, () => this.observe(logs ? seen : options.seen, () => t.handle(args, this.context(origin, options, []))));
    if (payload instanceof Promise) throw internal(`${t.name} returned a promise from a queued handler`);
    // Inside a task the caller cannot wait for the log: a refused append is logged, not rolled back (docs/cluster.md).
    this.append(t, rawArgs, origin, options, seen)?.catch((err: unknown) =>
      this.services.log.error({ err, tool: t.name }, 'the cluster log did not take a call run inside a queue task; render nodes will miss it'),
    );
    return this.check(t, payload);
  }

  /**
   * A render node sends a write to the leader once its arguments parsed here (a bad argument fails
   * alike without a round trip; both nodes apply their read-only switch); undefined: it runs here.
   */
  private forward(t: AnyTool, rawArgs: unknown, origin: Origin, options: InvokeOptions): Promise<ForwardedReply> | undefined {
    if (t.annotations.readOnlyHint) return undefined;
    const merge = options.merge === undefined ? {} : { merge: options.merge };
    return this.services.cluster?.forward({ tool: t.name, args: rawArgs ?? {}, origin, ...merge });
  }

  /** A write that runs on this node: a cluster's leader refuses it while its outbox is full (the log is away). */
  private admit(t: AnyTool, origin: Origin): void {
    if (!t.annotations.readOnlyHint) this.services.cluster?.admitWrite(t.name, origin);
  }

  private parse(tool: AnyTool, rawArgs: unknown, origin: Origin): Record<string, unknown> {
    const parsed = tool.input.safeParse(rawArgs ?? {});
    if (!parsed.success) throw invalidArgument(describeZodError(parsed.error));
    if (!tool.annotations.readOnlyHint && origin.surface === 'mcp' && this.services.policy.agentsReadOnly) {
      throw invalidArgument(
        `the operator has set agents to read-only in the console, so ${tool.name} was refused and nothing changed. ` +
          'Reading still works; ask the operator to allow agent writes.',
      );
    }
    return parsed.data as Record<string, unknown>;
  }

  private context(origin: Origin, options: InvokeOptions, attached: [Attachment['type'], () => Promise<{ data: string; mimeType: string }>][]): ToolContext {
    return {
      ...this.services,
      origin,
      ...(options.merge === undefined ? {} : { merge: options.merge }),
      findTool: (name) => this.byName.get(name),
      enableToolsets: options.enableToolsets ?? (() => []),
      attachImage: (encode) => attached.push(['image', encode]),
      attachAudio: (encode) => attached.push(['audio', encode]),
      ...(options.elicit === undefined ? {} : { elicit: options.elicit }),
    };
  }

  private check(tool: AnyTool, payload: unknown): Record<string, unknown> {
    const checked = tool.output.safeParse(payload);
    if (!checked.success) {
      this.services.log.error({ tool: tool.name, issues: checked.error.issues }, 'tool payload does not match its output schema');
      throw internal(`${tool.name} produced a malformed result (logged on the server)`);
    }
    return payload as Record<string, unknown>;
  }

  /** Hands a write this node ran to the cluster's log (the leader's); undefined when nothing is logged. */
  private append(t: AnyTool, rawArgs: unknown, origin: Origin, options: InvokeOptions, seen: Seen, payload?: unknown): Promise<unknown> | undefined {
    const cluster = this.services.cluster;
    if (cluster === undefined || t.annotations.readOnlyHint) return undefined;
    const key = options.merge?.mergeKey;
    const call: LoggedCall = {
      tool: t.name,
      args: rawArgs ?? {},
      origin,
      ...(key === undefined ? {} : { merge: { mergeKey: key, merged: seen.merged === true } }),
      ...(options.forwardId === undefined ? {} : { id: options.forwardId }),
      ...(options.forwardId === undefined || payload === undefined ? {} : { answer: { payload: payload as Record<string, unknown>, attachments: [] } }),
    };
    return cluster.append(call)?.then((seq) => (seen.logged = seq));
  }

  /**
   * Waits for the log to take a write. If it does not, the step the call performed is rolled back
   * (when it is still on top of the history) and the call fails with `unavailable`.
   */
  private async acknowledged(t: AnyTool, appended: Promise<unknown>, seen: Seen): Promise<void> {
    try {
      await appended;
    } catch (err) {
      const { history } = this.services.engine;
      const rolledBack = await this.services.engine.queue.submit(
        () => {
          const top = history.nextUndo;
          if (seen.step === undefined || seen.merged === true || top === undefined || top.seq !== seen.step) return false;
          history.rollback(top);
          return true;
        },
        { label: 'cluster-rollback' },
      );
      const why = isFootlightError(err) ? err.message : String(err);
      this.services.log.warn({ tool: t.name, rolledBack, err }, 'the cluster log did not take a call');
      throw unavailable(
        `the show's command log did not acknowledge ${t.name} (${why}), so render nodes would not see it: ` +
          (rolledBack || seen.step === undefined
            ? 'it was taken back and nothing changed. Call again once the log is reachable.'
            : 'it could not be taken back (later steps are on top of it); re-read state before deciding what to do.'),
      );
    }
  }

  /** Notes the history step `run` performs or merges into (observed inside the same queue task). */
  private observe<T>(seen: Seen | undefined, run: () => T): T {
    if (seen === undefined) return run();
    const stop = this.services.engine.history.listen((change) => {
      if ((change.kind === 'perform' || change.kind === 'merge') && change.entry !== undefined) {
        seen.step = change.entry.seq;
        seen.merged = change.kind === 'merge';
      } else if (change.kind === 'undo' && change.entry !== undefined && change.entry.seq === seen.step) delete seen.step; // rolled back
    });
    try {
      return run();
    } finally {
      stop();
    }
  }
}
